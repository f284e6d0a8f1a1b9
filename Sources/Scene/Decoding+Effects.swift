import CAnimatorABI
import PluginDescriptions

/// A layer's `filters` and `backdropFilters`: lists of effects with their parameters, and the
/// `animate` key paths that reach those parameters.
extension Decoding {
    /// `[{"effect": "blur", "params": {"radius": 6}}, …]`, each effect looked up and its
    /// parameters bound as a step's are; an effect's edge mode the file leaves out is `edges`.
    func decodeEffects(_ field: Field?, edges: EdgeMode) throws(SceneError) -> [LayerEffect] {
        guard let field else { return [] }
        guard case .array = field.node.value else {
            throw field.mismatch("a list of effects such as [{\"effect\": \"blur\", \"params\": {\"radius\": 6}}]")
        }
        var filters: [LayerEffect] = []
        for item in try field.array() {
            let fields = try item.object(Keys.filter)
            let effectField = try fields.required("effect", "the name of an effect (see `pipeline plugins`)")
            let effect = try lookUp(effectField, kind: .effect, registry.effect(named:))
            var parameters = try bindParameters(
                effect.parameters, fields["params"], owner: "effect \"\(effect.name)\"", step: item
            ).map(\.value)
            if let index = effect.edgeModeParameter, fields["params"]?.member(EdgeMode.parameterID) == nil {
                parameters[index].s = strings.intern(edges.rawValue)
                parameters[index].i = Int64(effect.parameters[index].choices.firstIndex(of: edges.rawValue)!)
            }
            filters.append(LayerEffect(effect: effect, parameters: parameters, path: item.path))
        }
        return filters
    }

    /// What an `animate` key names: one of the layer's key paths, or `filters.<effect or
    /// index>.<parameter>` (and the same under `backdropFilters`) of layer `target`.
    func animatedKeyPath(_ field: Field, target: Int) throws(SceneError) -> AnimatedKeyPath {
        let text = try field.string()
        if text == "textAnimators" || text.hasPrefix("textAnimators.") {
            return .textAnimator(try textAnimatorKeyPath(field, text, target: target))
        }
        if text == "shape" || text.hasPrefix("shape.") {
            return .shape(try shapeKeyPath(field, text, target: target))
        }
        if text.hasPrefix("mask.") {
            return .mask(try maskKeyPath(field, text, target: target))
        }
        guard let list = EffectList.allCases.first(where: { text.hasPrefix($0.rawValue + ".") }) else {
            return .layer(LayerKeyPath(rawValue: try field.choice(LayerKeyPath.allCases.map(\.rawValue)))!)
        }
        let filters = try content(of: target, at: field).effectList(list)
        let rest = String(text.dropFirst(list.rawValue.count + 1))
        let layer = layerNames[target]
        // An effect's name may hold dots (frei0r.pixeliz0r): the longest that fits is meant.
        let longest = filters.map(\.effect.name).filter { rest.hasPrefix($0 + ".") }.max { $0.count < $1.count }
        let index: Int
        let parameterName: String
        if let first = rest.split(separator: ".", maxSplits: 1).first, let number = Int(first) {
            guard filters.indices.contains(number) else {
                throw field.error(
                    "layer \"\(layer)\" has \(filters.count) \(list.rawValue); \(list.rawValue).\(number) names none "
                        + "(they are numbered from 0)")
            }
            index = number
            parameterName = String(rest.dropFirst(first.count + 1))
        } else if let longest, let first = filters.firstIndex(where: { $0.effect.name == longest }) {
            index = first
            parameterName = String(rest.dropFirst(longest.count + 1))
        } else {
            let names = filters.map { "\"\($0.effect.name)\"" }
            throw field.error(
                "layer \"\(layer)\" has no \(list.rawValue) entry to match \(text.quotedForMessage)"
                    + (names.isEmpty
                        ? "; give it \"\(list.rawValue)\" first"
                        : "; its \(list.rawValue) are \(names.joined(separator: ", "))")
                    + ": write \(list.rawValue).<effect or index>.<parameter>")
        }
        return .effect(try effectKeyPath(field, list: list, index: index, parameterName, of: filters[index]))
    }

    private func effectKeyPath(
        _ field: Field, list: EffectList, index: Int, _ parameterName: String, of layerEffect: LayerEffect
    ) throws(SceneError) -> EffectKeyPath {
        let descriptors = layerEffect.effect.parameters
        guard let parameter = descriptors.firstIndex(where: { $0.id == parameterName }) else {
            let ids = descriptors.map(\.id)
            let hint =
                NameSuggestion.nearest(to: parameterName, among: ids).map { "; did you mean \"\($0)\"?" }
                ?? (ids.isEmpty ? "; it has none" : "; it has \(ids.map { "\"\($0)\"" }.joined(separator: ", "))")
            throw field.error(
                "effect \"\(layerEffect.effect.name)\" has no parameter \(parameterName.quotedForMessage)\(hint)")
        }
        let descriptor = descriptors[parameter]
        let kind: LayerKeyPath.Kind
        switch descriptor.type {
        case .number, .integer: kind = .number
        case .point: kind = .point
        case .size: kind = .size
        case .rect: kind = .rect
        case .color: kind = .color
        case .bool, .string, .enumeration, .layer, .vector2, .vector3, .vector4, .integerVector2, .integerVector3,
            .integerVector4, .image:
            throw field.error(
                "parameter \"\(descriptor.id)\" of effect \"\(layerEffect.effect.name)\" is \(descriptor.usage), which "
                    + "cannot be animated; animate a number, point, size, rect or colour")
        }
        return EffectKeyPath(
            slot: EffectSlot(list: list, effect: index, parameter: parameter), written: try field.string(), kind: kind,
            range: descriptor.type.hasRange ? descriptor.min...descriptor.max : nil)
    }
}
