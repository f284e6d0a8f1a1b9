import CAnimatorABI
import PluginDescriptions
import Timing

/// What an `animate` step does to its layer's key path, as `CABasicAnimation` and
/// `CAKeyframeAnimation` do, run by the host (it needs no plugin, and reaches properties the
/// ABI's layer state does not carry).
public struct PropertyAnimation: Sendable {
    /// Where the values come from.
    public enum Values: Sendable {
        /// `from`, `to` and `by`, each nil when absent; the missing ends are the layer's value
        /// when the step runs (`CABasicAnimation`'s rules).
        case basic(from: [Double]?, to: [Double]?, by: [Double]?)
        case keyframes(Keyframes)
    }

    public let keyPath: AnimatedKeyPath
    public let values: Values
    /// The animated value is added to the layer's value rather than replacing it.
    public let additive: Bool

    public init(keyPath: AnimatedKeyPath, values: Values, additive: Bool) {
        (self.keyPath, self.values, self.additive) = (keyPath, values, additive)
    }

    /// An animation of one of the layer's own key paths.
    public init(keyPath: LayerKeyPath, values: Values, additive: Bool) {
        self.init(keyPath: .layer(keyPath), values: values, additive: additive)
    }

    /// The value the animation starts from when the file gives it (`from`, `to` − `by`, or the
    /// first keyframe); nil when it starts from the layer's own value.
    public var startValue: [Double]? {
        switch values {
        case .basic(let from?, _, _): from
        case .basic(nil, let to?, let by?): zip(to, by).map(-)
        case .basic: nil
        case .keyframes(let keyframes): keyframes.values.first
        }
    }

    /// The value the animation ends on when the file gives it (`to`, `from` + `by`, or the last
    /// keyframe); nil when it ends at a value taken from the layer.
    public var endValue: [Double]? {
        switch values {
        case .basic(_, let to?, _): to
        case .basic(let from?, nil, let by?): zip(from, by).map(+)
        case .basic: nil
        case .keyframes(let keyframes): keyframes.values.last
        }
    }

    /// Sets the key path of `layer` (its ABI state and the host's; `content` has its file's
    /// colours) to its value at eased progress `progress` (outside 0...1 where a spring overshoots).
    /// `turned` runs keyframes' segment timing functions turned, for a dismissal that goes
    /// through the keyframes backwards (see `Scene.turnsCurves(ofStep:at:)`).
    public func apply(
        progress: Double, to layer: inout anim_layer_t, _ host: inout HostLayerState, content: LayerContent,
        turned: Bool = false
    ) {
        let current = keyPath.value(of: layer, host, content: content)
        var value: [Double]
        switch values {
        case .basic(let from, let to, let by):
            let (start, end) = Self.ends(from: from, to: to, by: by, current: additive ? nil : current)
            value = zip(start, end).map { start, end in start + (end - start) * progress }
        case .keyframes(let keyframes):
            value = keyframes.value(at: progress, plugins: HostTimingFunctions(), turned: turned)
        }
        if additive { value = zip(current, value).map(+) }
        keyPath.set(value, on: &layer, &host)
    }

    /// The two ends of a basic animation: from → to, from → from + by, to − by → to, or the
    /// absent end at `current` (zero for an additive animation, whose values are offsets).
    static func ends(from: [Double]?, to: [Double]?, by: [Double]?, current: [Double]?) -> ([Double], [Double]) {
        let count = (from ?? to ?? by)?.count ?? 0
        let current = current ?? Array(repeating: 0, count: count)
        switch (from, to, by) {
        case (let from?, let to?, _): return (from, to)
        case (let from?, nil, let by?): return (from, zip(from, by).map(+))
        case (nil, let to?, let by?): return (zip(to, by).map(-), to)
        case (let from?, nil, nil): return (from, current)
        case (nil, let to?, nil): return (current, to)
        case (nil, nil, let by?): return (current, zip(current, by).map(+))
        case (nil, nil, nil): return (current, current)
        }
    }
}

/// Keyframes' timing functions are the host's own curves (the decoder refuses plugin curves
/// there), so evaluating them never calls a plugin.
struct HostTimingFunctions: PluginCurveCalls {
    func value(of curve: CurveEntry, at progress: Double, arguments: [Double]) -> Double {
        preconditionFailure("keyframes' timing functions are host curves; \(curve.name) is a plugin's")
    }
}

extension Scene {
    /// The layers whose host state (`HostLayerState`: 3D turn, colours) an `animate` step changes.
    public var layersWithChangingHostState: Set<Int> {
        Set(
            steps.compactMap { step in
                guard case .property(let animation, let target) = step.action, animation.keyPath.changesHostState
                else { return nil }
                return target
            })
    }
}

extension LayerKeyPath {
    /// Whether it is part of the host's state of a layer rather than the ABI's.
    public var changesHostState: Bool {
        switch self {
        case .rotationX, .rotationY, .perspective, .backgroundColor, .textColor: true
        default: false
        }
    }
}
