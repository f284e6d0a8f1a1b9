import CAnimatorABI
import PluginDescriptions
import PluginRegistry

/// One value a check gives a parameter, and why it was chosen.
struct ParameterSample: Equatable {
    enum Value: Equatable {
        /// NUMBER, POINT, SIZE, RECT and COLOR components.
        case numbers([Double])
        case integer(Int64)
        case bool(Bool)
        /// STRING: the text, or none (a string parameter without a default).
        case text(String?)
        /// ENUM: the choice's index and text.
        case choice(Int, String)
        /// LAYER, or a POINT or RECT given as a layer's name: the scene's other layer.
        case layer
        /// An optional LAYER parameter the pipeline does not give.
        case absent
    }

    let value: Value
    /// "min" or "max" for the ends of the range, which reports name; nil otherwise.
    var role: String? = nil
}

extension ParameterDescriptor {
    /// The value a parameter keeps while another one varies: its default, or for a required
    /// parameter a value a pipeline could give.
    var baseSample: ParameterSample {
        ParameterSample(value: isRequired ? validValue : defaultValue)
    }

    /// The values tried one at a time, the other parameters at their base: the ends of the
    /// range, each other choice, the other boolean, an empty string, a layer.
    var variedSamples: [ParameterSample] {
        let base = baseSample.value
        var samples: [ParameterSample] = []
        switch type {
        case .number, .integer, .point, .size, .rect, .vector2, .vector3, .vector4, .integerVector2, .integerVector3,
            .integerVector4:
            samples = [rangeEnd(max: false), rangeEnd(max: true)].compactMap { $0 }
        case .color:
            samples = [
                .init(value: .numbers([0, 0, 0, 0]), role: "min"), .init(value: .numbers([1, 1, 1, 1]), role: "max"),
            ]
        case .bool: samples = [.init(value: .bool(base != .bool(true)))]
        case .string: samples = [.init(value: .text(""))]
        case .enumeration: samples = choices.enumerated().map { .init(value: .choice($0.offset, $0.element)) }
        case .layer: samples = [.init(value: .layer)]
        case .image: samples = []
        }
        if acceptsLayer { samples.append(.init(value: .layer)) }
        return samples.filter { $0.value != base }
    }

    /// Values no pipeline can give, which the host never sends (it validates pipelines against
    /// the descriptor) but a plugin must survive: NaN and ±1e300 in every numeric component, the
    /// largest and smallest integers. Tried one at a time, the other parameters at their base.
    var invalidSamples: [ParameterSample] {
        let role = "invalid"
        switch type {
        case .number, .point, .size, .rect, .color, .vector2, .vector3, .vector4:
            return [Double.nan, 1e300, -1e300].map {
                ParameterSample(value: .numbers(Array(repeating: $0, count: type.componentCount)), role: role)
            }
        case .integer: return [Int64.max, Int64.min].map { ParameterSample(value: .integer($0), role: role) }
        case .bool, .string, .enumeration, .layer, .integerVector2, .integerVector3, .integerVector4, .image: return []
        }
    }

    private var defaultValue: ParameterSample.Value {
        switch type {
        case .number, .point, .size, .rect, .color, .vector2, .vector3, .vector4, .integerVector2, .integerVector3,
            .integerVector4:
            .numbers(Array(defaults.prefix(type.componentCount)))
        case .integer: .integer(integer(defaults[0]))
        case .bool: .bool(defaults[0] != 0)
        case .string, .image: .text(defaultString)
        case .enumeration:
            defaultString.flatMap { choices.firstIndex(of: $0) }.map { .choice($0, choices[$0]) }
                ?? .choice(0, choices[0])
        case .layer: .absent
        }
    }

    /// What a pipeline might give a required parameter: the middle of the range for a number, a
    /// place on the canvas for a point or rect, and so on.
    private var validValue: ParameterSample.Value {
        let canvas = CheckScene.canvas
        switch type {
        case .number: return .numbers([(min + max) / 2])
        case .integer: return .integer(integer(((min.rounded(.up) + max.rounded(.down)) / 2).rounded(.down)))
        case .point: return .numbers([canvas.width / 2, canvas.height / 2].map(clamped))
        case .size: return .numbers([canvas.width / 4, canvas.height / 4].map(clamped))
        case .rect:
            let rect = [canvas.width / 4, canvas.height / 4, canvas.width / 4, canvas.height / 4].map(clamped)
            return .numbers(rect[0..<2] + rect[2...].map { Swift.max($0, 0) })
        case .color: return .numbers([0.5, 0.5, 0.5, 1])
        case .bool: return .bool(false)
        case .string: return .text("text")
        case .enumeration: return .choice(0, choices[0])
        case .layer: return .layer
        case .vector2, .vector3, .vector4, .integerVector2, .integerVector3, .integerVector4:
            return .numbers(Array(repeating: 0, count: type.componentCount).map(clamped))
        case .image: return .text(nil)
        }
    }

    /// Every component at the range's end; a rect's size never negative, as pipelines require.
    private func rangeEnd(max atMax: Bool) -> ParameterSample? {
        let end = atMax ? max : min
        let role = atMax ? "max" : "min"
        switch type {
        case .integer:
            let value = atMax ? max.rounded(.down) : min.rounded(.up)
            return (min...max).contains(value) ? .init(value: .integer(integer(value)), role: role) : nil
        case .rect:
            return .init(value: .numbers([end, end, Swift.max(end, 0), Swift.max(end, 0)].map(clamped)), role: role)
        default: return .init(value: .numbers(Array(repeating: end, count: type.componentCount)), role: role)
        }
    }

    private func clamped(_ value: Double) -> Double { Swift.min(Swift.max(value, min), max) }

    /// A whole number as the ABI's int64, within the integers a double holds exactly.
    private func integer(_ value: Double) -> Int64 { Int64(Swift.min(Swift.max(value, -0x1p53), 0x1p53)) }
}
