import CAnimatorABI
import Renderer

/// Whether two results of the same call are the same, bit for bit, and if not, where they differ
/// in words a plugin author can act on.
enum OutputComparison {
    /// nil when equal; otherwise how each side reads: `opacity = 0.25`, `opacity = 0.5`.
    static func difference(_ a: CallRecord.Output, _ b: CallRecord.Output) -> (first: String, second: String)? {
        switch (a, b) {
        case (.layer(let a), .layer(let b)): layerDifference(a, b)
        case (.image(let a), .image(let b)): imageDifference(a, b)
        case (.value(let a), .value(let b)):
            a.bitPattern == b.bitPattern ? nil : ("returned \(a.forMessage)", "returned \(b.forMessage)")
        case (.filtered(let a), .filtered(let b)): effectDifference(a, b)
        case (.failed(let a), .failed(let b)), (.reachFailed(let a), .reachFailed(let b)):
            a == b ? nil : ("failed with \"\(a)\"", "failed with \"\(b)\"")
        case (.reachRefused(let a), .reachRefused(let b)):
            sameReach(a, b) ? nil : ("gave reach \(describe(a))", "gave reach \(describe(b))")
        case (.failed(let message), _), (.reachFailed(let message), _): ("failed with \"\(message)\"", "succeeded")
        case (_, .failed(let message)), (_, .reachFailed(let message)): ("succeeded", "failed with \"\(message)\"")
        default: ("one kind of result", "another")
        }
    }

    private static func layerDifference(_ a: anim_layer_t, _ b: anim_layer_t) -> (first: String, second: String)? {
        let equal = withUnsafeBytes(of: a) { a in withUnsafeBytes(of: b) { b in a.elementsEqual(b) } }
        guard !equal else { return nil }
        for property in anim_layer_t.checkedProperties
        where property.value(a).bitPattern != property.value(b).bitPattern {
            return ("\(property.name) = \(property.describe(a))", "\(property.name) = \(property.describe(b))")
        }
        return ("one mask", "another")
    }

    private static func effectDifference(_ a: CallRecord.EffectOutput, _ b: CallRecord.EffectOutput) -> (
        first: String, second: String
    )? {
        guard sameReach(a.reach, b.reach) else { return ("reach \(describe(a.reach))", "reach \(describe(b.reach))") }
        guard let at = EffectPixels.firstDifferentByte(a.pixels, b.pixels) else { return nil }
        let pixel = at / 4
        let name = "pixel (\(pixel % a.width), \(pixel / a.width))"
        let values = { (bytes: [UInt8]) in
            "(" + bytes[(pixel * 4)..<(pixel * 4 + 4)].map(String.init).joined(separator: ", ") + ")"
        }
        return ("\(name) = \(values(a.pixels))", "\(name) = \(values(b.pixels))")
    }

    private static func sameReach(_ a: anim_reach_t, _ b: anim_reach_t) -> Bool {
        (a.left, a.top, a.right, a.bottom, a.read) == (b.left, b.top, b.right, b.bottom, b.read)
    }

    private static func describe(_ reach: anim_reach_t) -> String { EffectCallExecution.describe(reach) }

    private static func imageDifference(_ a: [UInt8], _ b: [UInt8]) -> (first: String, second: String)? {
        guard let at = a.indices.first(where: { a[$0] != b[$0] }) else { return nil }
        let pixel = at / 4
        let name = "pixel (\(pixel % CheckScene.imageWidth), \(pixel / CheckScene.imageWidth))"
        let values = { (bytes: [UInt8]) in
            "(" + bytes[(pixel * 4)..<(pixel * 4 + 4)].map(String.init).joined(separator: ", ") + ")"
        }
        return ("\(name) = \(values(a))", "\(name) = \(values(b))")
    }
}
