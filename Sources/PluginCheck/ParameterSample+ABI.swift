import CAnimatorABI
import Foundation
import PluginDescriptions
import PluginRegistry

extension ParameterSample {
    /// How reports show the value: `0.5`, `[0, 8]`, `#000000ff`, `"left"`, `layer "other"`.
    func text(_ type: ParameterType) -> String {
        switch value {
        case .numbers(let numbers):
            // An invalid colour (NaN, ±1e300) has no "#rrggbbaa": it reads as a list.
            let isColor = type == .color && numbers.allSatisfy { (0...1).contains($0) }
            return ValueText.components(numbers, isColor: isColor)
        case .integer(let integer): return "\(integer)"
        case .bool(let bool): return "\(bool)"
        case .text(let text): return text.map { "\"\($0)\"" } ?? "none"
        case .choice(_, let choice): return "\"\(choice)\""
        case .layer: return "layer \"\(CheckScene.otherLayerName)\""
        case .absent: return "no layer"
        }
    }

    /// The value as the host passes it to a plugin, marked as given by the pipeline unless it
    /// is the parameter's default. Its strings are `strings`' and a layer value points at
    /// `other`, both alive as long as the checking process.
    func abiValue(
        _ descriptor: ParameterDescriptor, strings: CStrings, other: UnsafePointer<anim_layer_t>
    ) -> anim_value_t {
        var abi = anim_value_t()
        abi.type = descriptor.type.rawValue
        abi.is_set = self == descriptor.baseSample && !descriptor.isRequired ? 0 : 1
        switch value {
        case .numbers(let numbers):
            let padded = numbers + Array(repeating: 0, count: max(0, 4 - numbers.count))
            abi.v = (padded[0], padded[1], padded[2], padded[3])
        case .integer(let integer):
            abi.i = integer
            abi.v.0 = Double(integer)
        case .bool(let bool):
            abi.i = bool ? 1 : 0
            abi.v.0 = Double(abi.i)
        case .text(let text): abi.s = text.map { strings[$0] }
        case .choice(let index, let choice):
            abi.i = Int64(index)
            abi.s = strings[choice]
        case .absent: break
        case .layer:
            abi.s = strings[CheckScene.otherLayerName]
            abi.layer = other
            // A point or rect given as a layer's name: its centre or frame (the layer is unmoved).
            let frame = other.pointee.frame
            if descriptor.type == .point { abi.v = (frame.x + frame.width / 2, frame.y + frame.height / 2, 0, 0) }
            if descriptor.type == .rect { abi.v = (frame.x, frame.y, frame.width, frame.height) }
        }
        return abi
    }
}

/// C copies of the strings plugins are handed, made once each. A check runs in a short-lived
/// child process, and a plugin may keep a pointer for as long as it runs: they are never freed.
final class CStrings: @unchecked Sendable {
    private var copies: [String: UnsafePointer<CChar>] = [:]
    private let lock = NSLock()

    subscript(text: String) -> UnsafePointer<CChar> {
        lock.withLock {
            if let copy = copies[text] { return copy }
            let copy = UnsafePointer(strdup(text)!)
            copies[text] = copy
            return copy
        }
    }
}
