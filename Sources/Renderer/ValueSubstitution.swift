import CAnimatorABI
import Foundation
import PluginDescriptions
import PluginRegistry
import Scene
import Timing

/// Values from plugins that could not be drawn (not finite, a negative size, an opacity
/// outside the format's, a progress of NaN) and what was drawn instead. A bad value does not stop the
/// render: it is replaced by what the property held before the step ran in the same frame (so
/// the choice does not depend on which frame rendered first), and each step and property is
/// reported once, at the lowest frame where it happened.
public final class ValueSubstitutions: @unchecked Sendable {
    /// One step's property replaced in at least one frame.
    public struct Record: Sendable {
        /// `plugin x.so: animator "x" (timeline[0]) wrote opacity =`
        let subject: String
        /// The value seen at `firstFrame`, so the report does not depend on thread timing.
        fileprivate(set) var value: String
        let replacement: String
        public fileprivate(set) var firstFrame: Int
        public fileprivate(set) var frames: Int

        /// One line for standard error.
        public var description: String {
            let later = frames > 1 ? " (and \(frames - 1) later frame\(frames > 2 ? "s" : ""))" : ""
            return "\(subject) \(value) at frame \(firstFrame)\(later); \(replacement)"
        }
    }

    /// A step's index and the property's place in `anim_layer_t.checkedProperties` (-1 for its
    /// progress): sorted, the report follows the timeline.
    private struct Key: Hashable, Comparable {
        let step: Int, property: Int
        static func < (a: Key, b: Key) -> Bool { (a.step, a.property) < (b.step, b.property) }
    }

    private let lock = NSLock()
    private var records: [Key: Record] = [:]

    init() {}

    /// What was replaced, in timeline order.
    public var all: [Record] {
        lock.withLock { records.sorted { $0.key < $1.key }.map(\.value) }
    }

    /// Puts back, one property at a time, what `step` (index `index`) made unusable in `layer`:
    /// `before` is the layer as the step found it, valid because the base state was checked
    /// when the pipeline was read and earlier steps went through here.
    func repair(_ layer: inout anim_layer_t, before: anim_layer_t, step: Step, index: Int, frame: Int) {
        for (position, property) in anim_layer_t.checkedProperties.enumerated() where !property.isValid(layer) {
            let value = property.describe(layer)
            property.restore(&layer, before)
            record(
                Key(step: index, property: position), frame: frame, value: value,
                subject: "\(step.messagePrefix) (\(step.path)) wrote \(property.name) =",
                replacement: "the value before the step was drawn instead")
        }
    }

    /// The progress to use when step `index`'s timing curve returned `eased`, which is not finite:
    /// the step's linear progress.
    func progress(replacing eased: Double, ofStep index: Int, in scene: Scene, at t: Double, frame: Int) -> Double {
        let step = scene.steps[index]
        let curve = scene.timing(ofStep: index).curve
        let source =
            curve.pluginEntry.map { "plugin \(fileName($0.plugin.path)): \($0.kindAndName)" }
            ?? "the timing curve"
        record(
            Key(step: index, property: -1), frame: frame, value: eased.forMessage,
            subject: "\(source) (\(step.path)) returned",
            replacement: "the step's linear progress was used instead")
        return scene.linearProgress(ofStep: index, at: t) ?? 0
    }

    private func record(_ key: Key, frame: Int, value: String, subject: String, replacement: String) {
        lock.withLock {
            guard var existing = records[key] else {
                records[key] = Record(
                    subject: subject, value: value, replacement: replacement, firstFrame: frame, frames: 1)
                return
            }
            if frame < existing.firstFrame { (existing.firstFrame, existing.value) = (frame, value) }
            existing.frames += 1
            records[key] = existing
        }
    }
}

/// A property of a layer that a plugin may leave unusable, and how to put it back. Public for
/// `pipeline check-plugin`, which reports what a render would replace.
public struct CheckedProperty: Sendable {
    public let name: String
    public let isValid: @Sendable (anim_layer_t) -> Bool
    public let describe: @Sendable (anim_layer_t) -> String
    /// The property as a number (the mask: its shape count), to compare and to bound.
    public let value: @Sendable (anim_layer_t) -> Double
    let restore: @Sendable (inout anim_layer_t, anim_layer_t) -> Void

    /// A number that must be finite and, when `range` is given, within it.
    init(_ name: String, _ path: WritableKeyPath<anim_layer_t, Double> & Sendable, range: ClosedRange<Double>? = nil) {
        self.name = name
        isValid = { layer in layer[keyPath: path].isFinite && range.map { $0.contains(layer[keyPath: path]) } != false }
        describe = { layer in layer[keyPath: path].forMessage }
        value = { layer in layer[keyPath: path] }
        restore = { layer, before in layer[keyPath: path] = before[keyPath: path] }
    }

    /// The mask as a whole: its shape count indexes a fixed array.
    public static let mask = CheckedProperty(
        name: "mask.shape_count", isValid: { $0.mask.shape_count <= ANIM_MASK_MAX_SHAPES },
        describe: { layer in
            let count = layer.mask.shape_count
            return count > ANIM_MASK_MAX_SHAPES
                ? "\(count), more than ANIM_MASK_MAX_SHAPES (\(ANIM_MASK_MAX_SHAPES))" : "\(count)"
        }, value: { Double($0.mask.shape_count) }, restore: { $0.mask = $1.mask })

    private init(
        name: String, isValid: @escaping @Sendable (anim_layer_t) -> Bool,
        describe: @escaping @Sendable (anim_layer_t) -> String, value: @escaping @Sendable (anim_layer_t) -> Double,
        restore: @escaping @Sendable (inout anim_layer_t, anim_layer_t) -> Void
    ) {
        (self.name, self.isValid, self.describe, self.value, self.restore) = (name, isValid, describe, value, restore)
    }
}

extension anim_layer_t {
    private static let nonNegative = 0...Double.greatestFiniteMagnitude

    /// What `ValueSubstitutions.repair` checks after every animator step; a table made once.
    public static let checkedProperties: [CheckedProperty] = [
        CheckedProperty("frame.x", \.frame.x), CheckedProperty("frame.y", \.frame.y),
        CheckedProperty("frame.width", \.frame.width, range: nonNegative),
        CheckedProperty("frame.height", \.frame.height, range: nonNegative),
        CheckedProperty("anchor.x", \.anchor.x), CheckedProperty("anchor.y", \.anchor.y),
        CheckedProperty("scale.x", \.scale.x), CheckedProperty("scale.y", \.scale.y),
        CheckedProperty("rotation", \.rotation),
        CheckedProperty("translation.x", \.translation.x), CheckedProperty("translation.y", \.translation.y),
        CheckedProperty("opacity", \.opacity, range: Keys.opacities), CheckedProperty("corner_radius", \.corner_radius),
        CheckedProperty("shadow.color.r", \.shadow.color.r), CheckedProperty("shadow.color.g", \.shadow.color.g),
        CheckedProperty("shadow.color.b", \.shadow.color.b), CheckedProperty("shadow.color.a", \.shadow.color.a),
        CheckedProperty("shadow.opacity", \.shadow.opacity, range: Keys.opacities),
        CheckedProperty("shadow.radius", \.shadow.radius, range: nonNegative),
        CheckedProperty("shadow.offset.x", \.shadow.offset.x), CheckedProperty("shadow.offset.y", \.shadow.offset.y),
        .mask,
    ]
}

extension Double {
    /// "nan" whatever its sign bit (C's 0.0 / 0.0 sets it, and "-nan" reads like a value).
    public var forMessage: String { isNaN ? "nan" : "\(self)" }
}

extension Step {
    /// `plugin fade.so: animator "fade"`, as render errors begin.
    var messagePrefix: String { "plugin \(fileName(pluginPath)): \(kindAndName)" }
}
