import CAnimatorABI

/// What an effect that reaches past a pixel (a blur) reads beyond the edges of its image, as SVG
/// `feGaussianBlur`'s `edgeMode`: the edge pixels continued (`extend`, as video tools blur a
/// clip: ffmpeg's `gblur`, editors' "repeat edge pixels"), or nothing (`transparent`, as CSS
/// `filter` and Core Image do, so the picture fades out at its edges). An effect takes it as an
/// enumeration parameter `edges` of exactly these two choices (see animator.h); the host then
/// picks its default by what the layer shows.
public enum EdgeMode: String, CaseIterable, Sendable {
    case extend, transparent

    public static let parameterID = ANIM_EFFECT_EDGES_PARAM
}

extension ParameterDescriptor {
    /// Whether it is an effect's edge mode: `edges`, an enumeration of the two `EdgeMode`s.
    public var isEdgeMode: Bool {
        id == EdgeMode.parameterID && type == .enumeration
            && choices.sorted() == EdgeMode.allCases.map(\.rawValue).sorted()
    }
}

extension ProcessorEntry where Descriptor == anim_effect_desc_t {
    /// The place of its edge mode among its parameters, if it takes one.
    public var edgeModeParameter: Int? { parameters.firstIndex(where: \.isEdgeMode) }

    /// Whether `values` (its parameters, in descriptor order) continue its image's edge pixels
    /// past them: its edge mode set to `extend`.
    public func extendsEdges<Values: Collection<anim_value_t>>(_ values: Values) -> Bool where Values.Index == Int {
        guard let index = edgeModeParameter, values.indices.contains(index), let choice = values[index].s else {
            return false
        }
        return String(cString: choice) == EdgeMode.extend.rawValue
    }
}
