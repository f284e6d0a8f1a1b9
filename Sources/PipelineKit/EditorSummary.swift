import JSON
import PluginRegistry
import Scene
import Timing

extension Pipeline {
    /// What an editor of the pipeline file needs beside the timing chart, as JSON text (the
    /// preview's `GET /editor.json`): where each step sits in the file and on which track, its
    /// span, and the schema of its parameters; the schema of a layer's keys and of the spring
    /// forms; the curves a step may name, with the control points of those that are Béziers.
    /// The values themselves an editor reads from the file's text, which is what it patches
    /// (`PipelineFileEditor`).
    public func editorSummaryJSON() -> String {
        EditorSummary.json(scene, registry: registry).text()
    }
}

/// The JSON of `Pipeline.editorSummaryJSON()`.
enum EditorSummary {
    static func json(_ scene: Scene, registry: Registry) -> SchemaJSON {
        let names = scene.layers.map(\.name)
        let steps: [SchemaJSON] = scene.steps.indices.map { index in
            let step = scene.steps[index]
            var entry: SchemaJSON = [
                "pointer": .string(step.path.pointer),
                "label": .string(scene.actionLabel(ofStep: index)),
                "track": .string(scene.tree.path(of: trackLayer(step.action), names: names)),
            ]
            switch step.clock {
            case .own(let timing):
                entry = entry.with("start", .number(timing.start)).with("duration", .number(timing.duration))
                    .with("speed", .number(timing.speed)).with("repeat", .number(timing.repeatCount))
                    .with("autoreverse", .bool(timing.autoreverses)).with("end", .number(timing.end))
            case .alongside(let leader):
                let timing = scene.timing(ofStep: leader)
                entry = entry.with("alongside", .number(Double(leader))).with("start", .number(timing.start))
                    .with("end", .number(timing.end))
            }
            if let processor = processor(step.action) {
                entry = entry.with(
                    "params", SchemaDocument.parameterSchema(processor.parameters, owner: processor.kindAndName))
            }
            return entry
        }
        let layers: [SchemaJSON] = scene.layers.indices.map { index in
            [
                "name": .string(scene.tree.path(of: index, names: names)),
                "pointer": .string(pointer(ofLayer: index, scene)),
            ]
        }
        let named = NamedCurves.names
        let plugin = registry.curves.values.filter { $0.argumentDefaults != nil || $0.argumentNames.isEmpty }
            .map(\.name).filter { !named.contains($0) }.sorted()
        let beziers: [(key: String, value: SchemaJSON)] = named.compactMap { name in
            NamedCurves.bezier(named: name).map { (name, .array([$0.x1, $0.y1, $0.x2, $0.y2].map(SchemaJSON.number))) }
        }
        return [
            "steps": .array(steps),
            "layers": .array(layers),
            "timelineEnd": .number(scene.clock.timelineEnd),
            "interactive": .bool(scene.clock.interaction != nil),
            // Whether the render's time is the timeline's (forwards, no gesture): the chart's
            // time axis is then the bars' and the curves' own, and handles sit on it.
            "followsTimeline": .bool(scene.clock.interaction == nil && !scene.clock.direction.isBackwards),
            "curves": .array((named + plugin).map(SchemaJSON.string)),
            "beziers": .object(beziers),
            "layerSchema": SchemaDocument.layerSchema,
            "colorSchema": SchemaDocument.colorSchema,
            "springSchemas": .array(SchemaDocument.springSchemas),
        ]
    }

    /// The layer a step's bar sits on: an animator's or animation's target, a mixer's `to`.
    private static func trackLayer(_ action: Step.Action) -> Int {
        switch action {
        case .animate(_, let target), .property(_, let target): target
        case .mix(_, _, let to): to
        }
    }

    private static func processor(_ action: Step.Action) -> (parameters: [ParameterDescriptor], kindAndName: String)? {
        switch action {
        case .animate(let animator, _): (animator.parameters, animator.kindAndName)
        case .mix(let mixer, _, _): (mixer.parameters, mixer.kindAndName)
        case .property: nil
        }
    }

    /// `/layers/2/sublayers/0`: a layer's place in the file, from its place among its siblings.
    static func pointer(ofLayer index: Int, _ scene: Scene) -> String {
        let parent = scene.tree.parents[index]
        let place = (0..<index).filter { scene.tree.parents[$0] == parent }.count
        return (parent.map { pointer(ofLayer: $0, scene) + "/sublayers" } ?? "/layers") + "/\(place)"
    }
}
