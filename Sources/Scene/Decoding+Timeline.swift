import PluginRegistry
import Timing

/// The timeline: each step's animator, target, times, timing curve and parameters.
extension Decoding {
    static let stepKeys = ["animator", "target", "start", "duration", "timing", "params", "reverse"]

    func decodeTimeline(_ items: [Field]) throws(SceneError) -> [Step] {
        var steps: [Step] = []
        for item in items { steps.append(try decodeStep(item)) }
        return steps
    }

    private func decodeStep(_ item: Field) throws(SceneError) -> Step {
        let fields = try item.object(allowing: Self.stepKeys)
        let animator = try lookUpAnimator(try fields.required("animator", "the name of an animator (see `pipeline plugins`)"))
        let target = try layerIndex(try fields.required("target", "the name of the layer to animate"))
        let time = 0...SceneDecoder.maxDuration
        let duration = try fields["duration"]?.number(in: time) ?? 0.25
        let parameters = try bindParameters(animator.parameters, fields["params"], owner: "animator \"\(animator.name)\"",
                                            step: item)
        return Step(
            path: item.path, animator: animator, target: target,
            start: try fields["start"]?.number(in: time) ?? 0, duration: duration,
            timing: try fields["timing"].map { field throws(SceneError) in try decodeTiming(field, duration: duration) } ?? LinearCurve(),
            reverse: try fields["reverse"]?.bool() ?? false, parameters: parameters)
    }

    private func lookUpAnimator(_ field: Field) throws(SceneError) -> AnimatorEntry {
        let name = try field.string()
        switch registry.animator(named: name) {
        case .found(let entry):
            return entry
        case .ambiguous(let clash):
            throw field.error(clash.description, kind: .plugin)
        case .missing:
            let known = registry.animators.keys.sorted()
            let hint = NameSuggestion.nearest(to: name, among: known).map { "; did you mean \"\($0)\"?" }
                ?? (known.isEmpty ? "; no animators are installed (see `pipeline plugins`)" : "; known animators: \(known.joined(separator: ", "))")
            throw field.error("unknown animator \"\(name)\"\(hint)")
        }
    }

    /// The index of the layer a field names, with the nearest name suggested otherwise.
    func layerIndex(_ field: Field) throws(SceneError) -> Int {
        let name = try field.string()
        guard let index = layerNames.firstIndex(of: name) else {
            let hint = NameSuggestion.nearest(to: name, among: layerNames).map { "; did you mean \"\($0)\"?" }
                ?? "; layers are \(layerNames.map { "\"\($0)\"" }.joined(separator: ", "))"
            throw field.error("unknown layer \"\(name)\"\(hint)")
        }
        return index
    }
}
