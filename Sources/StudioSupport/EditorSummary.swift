import Foundation
import JSON
import PipelineKit
import PluginDescriptions
import PluginRegistry
import Scene
import Timing

extension Pipeline {
    /// What an editor of the pipeline file needs beside the timing chart, as JSON text (the
    /// preview's `GET /editor.json`): where each step sits in the file and on which track, its
    /// span, and the schema of its parameters with each one's type (`paramTypes`: `size`,
    /// `layer`, `image`, `vec3`, … as `pipeline plugins` names them); the schema of a layer's keys
    /// and of the spring forms; the installed effects a layer's `filters` may name, each with its
    /// parameters' schema and types; the curves a step may name, with the control points of those
    /// that are Béziers; the files of the pipeline file's folder (`files`, see
    /// `PipelineFolder.files`); the layers that show footage (`footage`: each one's `track` path and
    /// its footage's `width` and `height`, as `footageLayers` lists them). The values themselves an editor reads from the file's text, which
    /// is what it patches (`PipelineFileEditor`).
    public func editorSummaryJSON() -> String {
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        let files = isReadFromFile ? PipelineFolder.files(in: folder) : []
        let footage: [SchemaJSON] = footageLayers.map { layer in
            [
                "track": .string(layer.path), "width": .number(Double(layer.width)),
                "height": .number(Double(layer.height)),
            ]
        }
        return EditorSummary.json(scene, registry: registry).with("files", .array(files.map(SchemaJSON.string)))
            .with("footage", .array(footage)).text()
    }
}

/// The files of a pipeline's folder an editor offers as images, footage, SVGs and Lottie files.
public enum PipelineFolder {
    /// At most this many files are listed, and folders this deep.
    public static let (maximumFiles, maximumDepth) = (2000, 4)

    /// The regular files under `folder` as paths relative to it (`assets/card.png`), sorted;
    /// hidden files and folders are left out, and so are folders more than `maximumDepth` deep.
    public static func files(in folder: URL) -> [String] {
        var found: [String] = []
        func walk(_ directory: URL, _ prefix: String, _ depth: Int) {
            guard depth <= maximumDepth,
                let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
            else { return }
            for name in names.sorted() where !name.hasPrefix(".") && found.count < maximumFiles {
                let url = directory.appendingPathComponent(name)
                let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .isDirectoryKey, .isSymbolicLinkKey])
                if values?.isSymbolicLink == true { continue }
                if values?.isDirectory == true {
                    walk(url, prefix + name + "/", depth + 1)
                } else if values?.isRegularFile == true {
                    found.append(prefix + name)
                }
            }
        }
        walk(folder, "", 1)
        return found.sorted()
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
                "track": .string(track(of: step.action, scene, names: names)),
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
                    "params", SchemaDocument.parameterSchema(processor.parameters, owner: processor.kindAndName)
                ).with("paramTypes", types(processor.parameters))
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
            "effects": .array(effects(registry)),
        ]
    }

    /// Each installed effect a layer's `filters` and `backdropFilters` may name, by name: its
    /// documentation, its plugin's kind (`native plugin`, `frei0r plugin`), and its parameters.
    private static func effects(_ registry: Registry) -> [SchemaJSON] {
        registry.effects.values.sorted { $0.name < $1.name }.map { effect in
            [
                "name": .string(effect.name), "doc": .string(effect.doc),
                "origin": .string(effect.plugin.origin.rawValue),
                "params": SchemaDocument.parameterSchema(effect.parameters, owner: effect.kindAndName),
                "paramTypes": types(effect.parameters),
            ]
        }
    }

    /// Each parameter's type by its id, as `pipeline plugins` names it (`number`, `size`, `layer`,
    /// `image`, `ivec2`, …): what the schema alone does not tell apart.
    private static func types(_ parameters: [ParameterDescriptor]) -> SchemaJSON {
        .object(parameters.map { ($0.id, .string($0.type.name)) })
    }

    /// The track a step's bar sits on: the layer of an animator's or animation's target, or of a
    /// mixer's `to`, a clip's layer for its sound's volume; `audio.<name>` for a named sound's volume.
    private static func track(of action: Step.Action, _ scene: Scene, names: [String]) -> String {
        let layer: Int
        switch action {
        case .animate(_, let target), .property(_, let target): layer = target
        case .mix(_, _, let to): layer = to
        case .volume(let animation):
            switch animation.keyPath {
            case .volume(.clip(let target)): layer = target
            case .volume(.named(let name)): return "audio.\(name)"
            default: return animation.keyPath.rawValue
            }
        }
        return scene.tree.path(of: layer, names: names)
    }

    private static func processor(_ action: Step.Action) -> (parameters: [ParameterDescriptor], kindAndName: String)? {
        switch action {
        case .animate(let animator, _): (animator.parameters, animator.kindAndName)
        case .mix(let mixer, _, _): (mixer.parameters, mixer.kindAndName)
        case .property, .volume: nil
        }
    }

    /// `/layers/2/sublayers/0`: a layer's place in the file, from its place among its siblings.
    static func pointer(ofLayer index: Int, _ scene: Scene) -> String {
        let parent = scene.tree.parents[index]
        let place = (0..<index).filter { scene.tree.parents[$0] == parent }.count
        return (parent.map { pointer(ofLayer: $0, scene) + "/sublayers" } ?? "/layers") + "/\(place)"
    }
}
