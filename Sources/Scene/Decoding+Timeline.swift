import PluginDescriptions
import Timing

/// The timeline: each step's animator or mixer, its layers, its timing and its parameters.
extension Decoding {
    /// Every step is checked; a broken one is reported and the next one read. A step alongside
    /// a broken one is passed over: its leader's error says what to fix. So is what a step finds
    /// wrong only because its layer could not be read (its text animators, its filters).
    mutating func decodeTimeline(_ items: [Field]) -> [Step] {
        var steps: [Step] = []
        var brokenIDs = Set<String>()
        for item in items {
            if let leader = Self.rawString("alongside", of: item), brokenIDs.contains(leader) { continue }
            let earlier = steps
            switch Self.attempt({ () throws(SceneError) in try decodeStep(item, earlier: earlier) }) {
            case .success(let step):
                if let sound = step.sound { _ = checkSound(sound.file, at: sound.origin, owner: "step \(step.path)") }
                steps.append(step)
                stepFields.append(item)
            case .failure(let error):
                let own = error.all.filter { !$0.followsFromBrokenLayer }
                if let own = SceneError.combining(own) { errors.append(own) }
                if let id = Self.rawString("id", of: item) { brokenIDs.insert(id) }
            }
        }
        return steps
    }

    /// What layer `target` draws; when the layer could not be read, an error that follows from
    /// that alone (its own error says what to fix), at `field`.
    func content(of target: Int, at field: Field) throws(SceneError) -> LayerContent {
        guard let content = layerContents[target] else {
            var error = field.error(
                "layer \"\(layerNames[target])\" could not be read (see its error): fix it, then this is checked")
            error.followsFromBrokenLayer = true
            throw error
        }
        return content
    }

    /// The string a step gives for `key`, even when the rest of it is wrong.
    private static func rawString(_ key: String, of item: Field) -> String? {
        guard case .object(let members) = item.node.value, let member = members.first(where: { $0.key == key }),
            case .string(let text) = member.value.value
        else { return nil }
        return text
    }

    /// A step's independent parts (its keys, id, action, clock and the rest) are each read, so
    /// one step's problems are all reported together.
    private func decodeStep(_ item: Field, earlier: [Step]) throws(SceneError) -> Step {
        let (fields, unknownKeys) = try item.objectNamingUnknownKeys(Keys.step)
        let id = Self.attempt { () throws(SceneError) -> String? in
            let id = try fields["id"]?.string()
            if let id, let clash = earlier.first(where: { $0.id == id }) {
                throw fields["id"]!.error("step id \"\(id)\" is already used by \(clash.path)")
            }
            return id
        }
        let action = Self.attempt { () throws(SceneError) in try decodeAction(fields, step: item) }
        let clock = Self.attempt { () throws(SceneError) in try decodeClock(fields, earlier: earlier) }
        let rest = Self.attempt { () throws(SceneError) in
            let removedOnCompletion: Bool = try fields.value("removedOnCompletion")
            let mode: Step.FillMode? = try fields.optional("fillMode")
            let reverse: Bool = try fields.value("reverse")
            return (removedOnCompletion, mode, reverse, try stepSound(fields))
        }
        guard case .success(let stepID) = id, case .success(let (action, parameters)) = action,
            case .success(let clock) = clock, case .success(let (removedOnCompletion, mode, reverse, sound)) = rest,
            unknownKeys == nil
        else {
            let failures = [unknownKeys, id.error, action.error, clock.error, rest.error].compactMap { $0 }
            throw SceneError.combining(failures)!
        }
        var step = Step(
            path: item.path, id: stepID, action: action, clock: clock, reverse: reverse, parameters: parameters,
            sound: sound,
            fill: mode.map { Step.Fill(mode: $0, removedOnCompletion: removedOnCompletion) }
                ?? .default(for: action, removedOnCompletion: removedOnCompletion))
        step.crossfade = try soundCrossfade(fields, of: action)
        return step
    }

    /// `"animator"` with `"target"`, `"mixer"` with `"from"` and `"to"`, or `"animate"` with `"target"`.
    private func decodeAction(_ fields: ObjectFields, step: Field) throws(SceneError) -> (Step.Action, [BoundParameter])
    {
        if fields["animate"] != nil {
            for key in ["animator", "mixer", "params"] where fields[key] != nil {
                throw fields[key]!.error(
                    "an \"animate\" step changes a key path itself; it takes no \"\(key)\" (remove it, or \"animate\")")
            }
            if let volume = try soundVolumeKeyPath(fields) {
                return (.volume(try decodeAnimation(fields, step: step, keyPath: .volume(volume))), [])
            }
            let targetField = try fields.required("target", "the name of the layer to animate")
            let target = try layerIndex(targetField)
            let animation = try decodeAnimation(
                fields, step: step,
                keyPath: try animatedKeyPath(try fields.required("animate", "a key path"), target: target))
            let content = layerContents[target]
            if animation.keyPath == .layer(.backgroundColor), let content, !content.hasColorFill {
                throw targetField.error(
                    "backgroundColor animates a colour fill, and layer \"\(layerNames[target])\" has "
                        + (content.fill == nil ? "none" : "a gradient") + ": give it a \"fill\" colour "
                        + "(\"#00000000\" starts transparent)")
            }
            if animation.keyPath == .layer(.textColor), let content, content.text == nil {
                throw targetField.error(
                    "text.color animates a text's colour, and layer \"\(layerNames[target])\" has no text")
            }
            return (.property(animation, target: target), [])
        }
        for key in ["by", "keyframes", "calculationMode", "additive"] where fields[key] != nil {
            throw fields[key]!.error("\"\(key)\" belongs to \"animate\" steps")
        }
        if let mixerField = fields["mixer"] {
            if fields["animator"] != nil {
                throw mixerField.error("a step has an \"animator\" or a \"mixer\", not both")
            }
            if let target = fields["target"] {
                throw target.error("a mixer step names its layers with \"from\" and \"to\", not \"target\"")
            }
            let mixer = try lookUp(mixerField, kind: .mixer, registry.mixer(named:))
            // The scan compiled the shader, or found no GL to compile it on: that is the pipeline's
            // error, found before anything renders.
            if let problem = registry.problem(running: mixer) { throw mixerField.error(problem) }
            let from = try layerIndex(try fields.required("from", "the layer the mixer starts from"))
            let toField = try fields.required("to", "the layer the mixer ends on")
            let to = try layerIndex(toField)
            guard from != to else {
                throw toField.error(
                    "a mixer blends two different layers; \"from\" and \"to\" are both \"\(layerNames[to])\"")
            }
            let (outer, inner) = (min(from, to), max(from, to))
            if inner < subtreeEnds[outer, default: outer + 1] {
                throw toField.error(
                    "a mixer blends two separate layers, and \"\(layerNames[inner])\" is inside "
                        + "\"\(layerNames[outer])\": blend \"\(layerNames[outer])\" with a layer outside it")
            }
            let parameters = try bindParameters(
                mixer.parameters, fields["params"], owner: "mixer \"\(mixer.name)\"", step: step)
            return (.mix(mixer, from: from, to: to), parameters)
        }
        for key in ["from", "to"] where fields[key] != nil {
            throw fields[key]!.error(
                "\"\(key)\" belongs to mixer steps; an animator step names its layer with \"target\"")
        }
        let animatorField = try fields.required(
            "animator", "the name of an animator or, with \"mixer\", of a mixer (see `pipeline plugins`)")
        let animator = try lookUp(animatorField, kind: .animator, registry.animator(named:))
        let target = try layerIndex(try fields.required("target", "the name of the layer to animate"))
        let parameters = try bindParameters(
            animator.parameters, fields["params"], owner: "animator \"\(animator.name)\"", step: step)
        return (.animate(animator, target: target), parameters)
    }

    /// Either the step's own timing or `"alongside": "<id of an earlier step>"`.
    private func decodeClock(_ fields: ObjectFields, earlier: [Step]) throws(SceneError) -> Step.Clock {
        guard let alongside = fields["alongside"] else { return .own(try decodeStepTiming(fields)) }
        if let own = Keys.stepTiming.first(where: { fields[$0] != nil }) {
            throw fields[own]!.error("a step alongside another takes its timing from it; remove \"\(own)\"")
        }
        let id = try alongside.string()
        guard let leader = earlier.firstIndex(where: { $0.id == id }) else {
            let ids = earlier.compactMap(\.id)
            let hint =
                NameSuggestion.nearest(to: id, among: ids).map { "; did you mean \"\($0)\"?" }
                ?? (ids.isEmpty
                    ? "; give the earlier step an \"id\""
                    : "; earlier steps are \(ids.map { "\"\($0)\"" }.joined(separator: ", "))")
            throw alongside.error("no earlier step has the id \"\(id)\"\(hint)")
        }
        return .alongside(leader)
    }

    private func decodeStepTiming(_ fields: ObjectFields) throws(SceneError) -> StepTiming {
        let given: Double? = try fields.optional("duration")
        let (curve, duration) =
            try fields["timing"].map { field throws(SceneError) in try decodeTiming(field, duration: given) }
            ?? (Self.defaultCurve, given ?? Self.defaultDuration)
        return StepTiming(
            start: try fields.value("start"), duration: duration, curve: curve, speed: try fields.value("speed"),
            repeatCount: try fields.value("repeat"), autoreverses: try fields.value("autoreverse"))
    }

    /// A step's declared default duration (Core Animation's default animation duration).
    static var defaultDuration: Double { Double(default: Keys.step["duration"].defaultValue!)! }

    /// A step's declared default timing curve.
    static var defaultCurve: any TimingCurve {
        NamedCurves.curve(named: String(default: Keys.step["timing"].defaultValue!)!)!
    }

    /// The entry a field names, or an error suggesting the name meant among `known()` (by default
    /// every registered name of `kind`), which only a missing name asks for.
    func lookUp<Entry>(
        _ field: Field, kind: RegistrationKind, among known: (() -> [String])? = nil,
        _ find: (String) -> Lookup<Entry>
    ) throws(SceneError) -> Entry {
        let name = try field.string()
        switch find(name) {
        case .found(let entry):
            return entry
        case .ambiguous(let clash):
            throw field.error(clash.description, kind: .plugin)
        case .unavailable(let failure):
            throw field.error(failure.description, kind: .plugin)
        case .skipped(let file):
            throw field.error(
                "\(kind.rawValue) \(name.quotedForMessage) comes from a plugin that was skipped: \(file.path): "
                    + file.firstReason)
        case .missing:
            let hint = NameSuggestion.unknownNameHint(name, among: known?() ?? registry.allNames(of: kind), kind: kind)
            throw field.error("unknown \(kind.rawValue) \(name.quotedForMessage)\(hint)")
        }
    }

    /// The index of the layer a field names, with the nearest name suggested otherwise.
    func layerIndex(_ field: Field) throws(SceneError) -> Int {
        let name = try field.string()
        guard let index = layerNames.firstIndex(of: name) else {
            let hint =
                NameSuggestion.nearest(to: name, among: layerNames).map { "; did you mean \"\($0)\"?" }
                ?? "; layers are \(layerNames.map { "\"\($0)\"" }.joined(separator: ", "))"
            throw field.error("unknown layer \(name.quotedForMessage)\(hint)")
        }
        return index
    }
}
