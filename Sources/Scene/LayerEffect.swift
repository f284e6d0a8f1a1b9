import CAnimatorABI
import JSON
import PluginDescriptions

/// One entry of a layer's `filters` or `backdropFilters`: an effect and its parameters, bound
/// and checked against the effect's descriptors as a step's are. Values that `animate` steps
/// change per frame are kept in the layer's host state (`HostLayerState.effectValues`).
public struct LayerEffect: @unchecked Sendable {
    public let effect: EffectEntry
    /// In descriptor order; strings are interned for the whole render.
    public let parameters: [anim_value_t]
    public let path: JSONPath

    public init(effect: EffectEntry, parameters: [anim_value_t], path: JSONPath) {
        (self.effect, self.parameters, self.path) = (effect, parameters, path)
    }

    /// Whether the effect continues its picture's edge pixels past them (its `edges` is
    /// `extend`); an edge mode cannot be animated, so the file's value holds for the render.
    public var extendsEdges: Bool { effect.extendsEdges(parameters) }
}

/// A layer's two lists of filters: its own content's (CSS `filter`, Core Animation's `filters`)
/// and what is drawn behind it (CSS `backdrop-filter`, Core Animation's `backgroundFilters`).
public enum EffectList: String, Sendable, Hashable, CaseIterable {
    case filters, backdropFilters
}

/// One parameter of one effect of a layer, as `HostLayerState.effectValues` keys it.
public struct EffectSlot: Sendable, Hashable {
    public let list: EffectList
    /// The effect's place in its list.
    public let effect: Int
    /// The parameter's place among the effect's descriptors.
    public let parameter: Int

    public init(list: EffectList, effect: Int, parameter: Int) {
        (self.list, self.effect, self.parameter) = (list, effect, parameter)
    }
}

/// An effect parameter an `animate` step changes: `filters.blur.radius` (the first effect of that
/// effect, as Core Animation's `filters.gaussianBlur.inputRadius`) or `filters.0.radius`, and
/// the same under `backdropFilters`.
public struct EffectKeyPath: Sendable, Equatable {
    public let slot: EffectSlot
    /// The key path as the file writes it.
    public let written: String
    public let kind: LayerKeyPath.Kind
    /// The parameter's range: animated values (a spring overshoots) are kept inside it.
    public let range: ClosedRange<Double>?

    public static func == (left: EffectKeyPath, right: EffectKeyPath) -> Bool { left.slot == right.slot }

    /// The parameter's value in this frame: the step-changed one, else the file's.
    func value(_ host: HostLayerState, content: LayerContent) -> [Double] {
        if let value = host.effectValues[slot] { return value }
        let bound = content.effectList(slot.list)[slot.effect].parameters[slot.parameter]
        return Array([bound.v.0, bound.v.1, bound.v.2, bound.v.3].prefix(kind.components))
    }

    func set(_ value: [Double], on host: inout HostLayerState) {
        let kept =
            switch kind {
            case .color: value.map { min(max($0, 0), 1) }
            default: range.map { range in value.map { min(max($0, range.lowerBound), range.upperBound) } } ?? value
            }
        host.effectValues[slot] = kept
    }
}

/// What an `animate` step changes: a key path of the layer, or a parameter of one of its filters.
public enum AnimatedKeyPath: Sendable, Equatable {
    case layer(LayerKeyPath)
    case effect(EffectKeyPath)
    /// A value of one of its text's animators.
    case textAnimator(TextAnimatorKeyPath)
    /// A value of its shape.
    case shape(ShapeKeyPath)
    /// A value of its mask beyond the ABI's layer state's own key paths.
    case mask(MaskKeyPath)
    /// The volume of a sound: a step that animates it changes no layer (its `Step.Action` is
    /// `volume`), and the mix follows it (see `Scene.volume(of:base:atWallTime:plugins:)`).
    case volume(SoundVolumeKeyPath)

    /// As the file writes it.
    public var rawValue: String {
        switch self {
        case .layer(let path): path.rawValue
        case .effect(let path): path.written
        case .textAnimator(let path): path.written
        case .shape(let path): path.written
        case .mask(let path): path.written
        case .volume(let path): path.written
        }
    }

    public var kind: LayerKeyPath.Kind {
        switch self {
        case .layer(let path): path.kind
        case .effect(let path): path.kind
        case .textAnimator(let path): path.kind
        case .shape(let path): path.kind
        case .mask(let path): path.kind
        case .volume: .number
        }
    }

    /// The range every number of a value must lie in, as where the file sets it statically.
    public var range: ClosedRange<Double>? {
        switch self {
        case .layer(let path): path.range
        case .effect(let path): path.range
        case .textAnimator(let path): path.range
        case .shape(let path): path.range
        case .mask(let path): path.range
        case .volume: Keys.volumes
        }
    }

    /// Whether it is part of the host's state of a layer rather than the ABI's.
    public var changesHostState: Bool {
        switch self {
        case .layer(let path): path.changesHostState
        case .effect, .textAnimator, .shape: true
        case .mask(let path): path.changesHostState
        case .volume: false
        }
    }

    func value(of layer: anim_layer_t, _ host: HostLayerState, content: LayerContent) -> [Double] {
        switch self {
        case .layer(let path): path.value(of: layer, host, content: content)
        case .effect(let path): path.value(host, content: content)
        case .textAnimator(let path): path.value(host, content: content)
        case .shape(let path): path.value(host, content: content)
        case .mask(let path): path.value(of: layer, host)
        // A sound's volume is no layer's: the mix follows it, from the sound's own volume.
        case .volume: [1]
        }
    }

    func set(_ value: [Double], on layer: inout anim_layer_t, _ host: inout HostLayerState) {
        switch self {
        case .layer(let path): path.set(value, on: &layer, &host)
        case .effect(let path): path.set(value, on: &host)
        case .textAnimator(let path): path.set(value, on: &host)
        case .shape(let path): path.set(value, on: &host)
        case .mask(let path): path.set(value, on: &layer, &host)
        case .volume: break
        }
    }
}

extension LayerContent {
    public func effectList(_ list: EffectList) -> [LayerEffect] {
        switch list {
        case .filters: effects
        case .backdropFilters: backdropEffects
        }
    }

    /// Whether the layer has an effect of either kind.
    public var hasEffects: Bool { !effects.isEmpty || !backdropEffects.isEmpty }

    /// Whether one of its `filters` must see whole images (ANIM_EFFECT_WHOLE_IMAGE): its picture is
    /// then the layer exactly, and every row of it is filtered.
    public var effectsSeeWholeImages: Bool { effects.contains { $0.effect.needsWholeImage } }
    /// Whether every effect takes pixels outside its image as transparent
    /// (ANIM_EFFECT_TRANSPARENT_EDGES, and not told to extend the edges), so the layer's picture
    /// may be cut to what can show.
    public var effectsFadeAtEdges: Bool { effects.allSatisfy { $0.effect.transparentEdges && !$0.extendsEdges } }

    /// Whether one of its effects draws by the time: the layer is then drawn anew every frame.
    public var hasTimedEffects: Bool {
        effects.contains { $0.effect.usesTime } || backdropEffects.contains { $0.effect.usesTime }
    }
}

extension Scene {
    /// One line per filtered layer, for `validate`: `photo: filters blur, saturate; backdrop filters blur`.
    public var effectSummary: [String] {
        layers.compactMap { layer in
            let lists: [(String, [LayerEffect])] = [
                ("filters", layer.content.effects), ("backdrop filters", layer.content.backdropEffects),
            ]
            let named = lists.filter { !$0.1.isEmpty }
                .map { "\($0.0) \($0.1.map(\.effect.name).joined(separator: ", "))" }
            return named.isEmpty ? nil : "\(layer.name): " + named.joined(separator: "; ")
        }
    }
}

extension HostLayerState {
    /// The values of effect `effect` of `list` in this frame: the file's, with the parameters
    /// `animate` steps changed put in.
    public func parameters(of effect: Int, in list: EffectList, content: LayerContent) -> [anim_value_t] {
        var values = content.effectList(list)[effect].parameters
        for (slot, value) in effectValues where slot.list == list && slot.effect == effect {
            let padded = value + Array(repeating: 0, count: max(0, 4 - value.count))
            values[slot.parameter].v = (padded[0], padded[1], padded[2], padded[3])
            if values[slot.parameter].type == UInt32(ANIM_PARAM_INTEGER) {
                values[slot.parameter].i = Int64(padded[0].rounded())
                values[slot.parameter].v.0 = Double(values[slot.parameter].i)
            }
        }
        return values
    }
}
