import Footage
import Scene

/// The opened footage of every layer of a scene: each image sequence opened once per render, and
/// each video file once for each timing layers play it with (its frames listed, nothing
/// decoded), shared by every compositor of the render on any thread. Frames are decoded on
/// demand and shared through each source's own cache.
///
/// Layers playing a video with the same timing share one source, so a clip shown twice at once
/// (sharp over a blurred copy of itself) is decoded once. Layers playing it with different
/// timings (two segments of one recording, or a copy a second behind) have a source each, with
/// a decoder of its own (`VideoClip(cloning:)`, the file read once): one decoder asked for two
/// places in the file in turn would go back to a keyframe for every frame. An image sequence,
/// whose frames are read alone, is one source whatever its timings.
public final class SceneFootage: Sendable {
    /// A file and the timing layers play it with; a sequence's files, whose frames are read
    /// alone (no decoder has a place in them), with none.
    struct Placement: Hashable {
        let source: FootageSpec.Source
        let timing: ClipTiming?

        init(_ spec: FootageSpec) {
            source = spec.source
            if case .video = spec.source { timing = spec.clipTiming } else { timing = nil }
        }
    }

    private let byPlacement: [Placement: any FrameSource]

    /// No footage: for scenes that show none.
    public static let none = SceneFootage([:])

    init(_ byPlacement: [Placement: any FrameSource]) {
        self.byPlacement = byPlacement
    }

    /// The frames `spec` plays; nil only for footage this was not opened with.
    public subscript(spec: FootageSpec) -> (any FrameSource)? {
        byPlacement[Placement(spec)]
    }

    /// Every file the footage reads, sorted, each once: video files and the files of sequences
    /// (what `run --resume` checks for changes).
    public var files: [String] { Set(byPlacement.values.flatMap(\.files)).sorted() }

    /// The most the sources' frame caches hold together (8 frames or 256 MB each, but one frame always).
    public var cacheBytes: Int {
        byPlacement.values.reduce(0) { total, source in
            let frame = source.width * source.height * 4
            return total + max(frame, min(8 * frame, 256 << 20))
        }
    }

    /// What decoding changes about the footage's pictures, one note per source, sorted.
    public var conversionNotes: [String] { Set(byPlacement.values.compactMap(\.conversionNote)).sorted() }

    /// Opens every video and sequence of `scene`, each once, and checks each layer's `from`
    /// against its footage's length. Every failure is reported at the place the pipeline names
    /// the footage, in layer order.
    public static func open(_ scene: Scene) throws(SceneError) -> SceneFootage {
        var sources: [Placement: any FrameSource] = [:]
        // The first source opened for each file: what its checks were made on.
        var opened: [FootageSpec.Source: any FrameSource] = [:]
        var failed = Set<FootageSpec.Source>()
        var errors: [SceneError] = []
        for layer in scene.layers {
            guard let spec = layer.content.footage, !failed.contains(spec.source) else { continue }
            let origin = spec.origin ?? SceneError.Origin(file: spec.source.path, position: nil, path: nil)
            let placement = Placement(spec)
            do throws(FootageError) {
                let source: any FrameSource
                if let shared = sources[placement] {
                    source = shared
                } else if let first = opened[spec.source] as? VideoClip {
                    source = try VideoClip(cloning: first)
                } else {
                    source = try open(spec.source)
                    if let outside = outsideFile(
                        of: spec.source, source, confinedBy: spec.confinement, layer: layer.name)
                    {
                        failed.insert(spec.source)
                        errors.append(SceneError(at: origin, message: outside))
                        continue
                    }
                    opened[spec.source] = source
                }
                sources[placement] = source
                try spec.clipTiming.check(clipEnd: source.duration, path: spec.source.path)
            } catch {
                if opened[spec.source] == nil { failed.insert(spec.source) }
                errors.append(SceneError(at: origin, message: "layer \"\(layer.name)\": \(error.description)"))
            }
        }
        if let error = SceneError.combining(errors) { throw error }
        return SceneFootage(sources)
    }

    /// Why a sequence's file may not be read: the first that resolves outside the folder (a link
    /// in the folder may lead anywhere); nil when all lie inside, or for a video (checked when read).
    private static func outsideFile(
        of kind: FootageSpec.Source, _ source: any FrameSource, confinedBy confinement: FolderConfinement?,
        layer: String
    ) -> String? {
        guard let confinement, case .sequence = kind else { return nil }
        return source.files.lazy.compactMap { confinement.problem($0, of: layer, what: "sequence file") }.first
    }

    private static func open(_ source: FootageSpec.Source) throws(FootageError) -> any FrameSource {
        switch source {
        case .video(let path): try VideoClip(path: path)
        case .sequence(let pattern, let fps): try ImageSequence(files: pattern, fps: fps)
        }
    }
}

extension FootageSpec {
    /// The timing as Footage applies it.
    public var clipTiming: ClipTiming {
        ClipTiming(
            start: start, from: from, speed: speed, end: ClipTiming.End(rawValue: end.rawValue)!,
            before: ClipTiming.Before(rawValue: before.rawValue)!)
    }
}
