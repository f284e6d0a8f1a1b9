import CAnimatorABI
import Foundation
import PluginDescriptions
import Timing

/// The scene model: a pipeline file parsed, validated against the registry, images decoded.
///
/// It owns the file format (`SceneDecoder`) and the model rendering reads; it never renders,
/// calls a plugin's `apply` or writes a file. Everything here is immutable once decoded, so
/// frames can be evaluated from any thread.
public final class Scene: @unchecked Sendable {
    public let file: String
    public let canvas: Canvas
    public let fps: Double
    /// How the file sets the length; `duration` is it in seconds at `fps`.
    public let length: SceneLength
    public let duration: Double
    /// Every layer, the tree in depth-first order (see `LayerTree`).
    public let layers: [SceneLayer]
    /// How the layers nest.
    public let tree: LayerTree
    /// Whether a layer shows a video clip or an image sequence.
    public let showsFootage: Bool
    /// The layers whose replicator shows its copies later and later (`Replicator.delay`), in order.
    public let delayingReplicators: [Int]
    public let steps: [Step]
    public let clock: SceneClock
    public let output: OutputSettings
    /// The tracks of the top-level `audio` list (steps' sounds are their own, clips' their footage's).
    public let audio: [AudioTrack]
    /// The font files of the top-level `fonts` list, in the file's order.
    public let fonts: [FontFile]
    /// The files besides the pipeline file that its frames depend on.
    public let sources: SceneSources
    /// Keeps the C strings that layer states and parameter values point at alive.
    let strings: CStringPool
    /// What is valid but most likely not what was meant (`SceneWarnings`), each at its place. Set
    /// by the decoder before the scene is handed out, never changed afterwards.
    public internal(set) var warnings: [SceneError] = []
    /// The props the pipeline was read with (`--set`, `--props`), as a run's record keeps them
    /// (`PipelinePatch.record`). Set by the decoder, like `warnings`.
    public internal(set) var props: [String] = []

    init(
        file: String, canvas: Canvas, fps: Double, length: SceneLength, layers: [SceneLayer],
        steps: [Step], clock: SceneClock, output: OutputSettings, audio: [AudioTrack], fonts: [FontFile],
        sources: SceneSources, strings: CStringPool
    ) {
        self.file = file
        self.canvas = canvas
        self.fps = fps
        self.length = length
        duration = length.seconds(clock: clock, fps: fps)
        self.layers = layers
        tree = LayerTree(
            parents: layers.map(\.parent), ends: layers.map(\.subtreeEnd), masksToBounds: layers.map(\.masksToBounds))
        showsFootage = layers.contains { $0.content.footage != nil }
        delayingReplicators = layers.indices.filter { index in
            layers[index].content.replicator.map { $0.delay > 0 && $0.count > 1 } ?? false
        }
        self.steps = steps
        self.clock = clock
        self.output = output
        self.audio = audio
        self.fonts = fonts
        self.sources = sources
        self.strings = strings
    }

    /// The same scene at another frame rate (`run --fps`); a length that runs until the end
    /// is measured again, so the last frame still shows the end state.
    public func retimed(fps: Double) -> Scene {
        let scene = Scene(
            file: file, canvas: canvas, fps: fps, length: length, layers: layers, steps: steps,
            clock: clock, output: output, audio: audio, fonts: fonts, sources: sources, strings: strings)
        scene.warnings = warnings
        scene.props = props
        return scene
    }

    /// fps × duration frames; frame `i` is `i / fps` seconds into the render.
    public var frameCount: Int { max(1, Int((duration * fps).rounded())) }

    /// The timeline time frame `index` shows. A backwards render (dismiss, pop, rewind) shows
    /// the forward render's times in reverse order, computed from the same index arithmetic, so
    /// a rewind's frames are the presentation's to the last bit. `plugins` runs an
    /// interaction's completion curve.
    public func time(ofFrame index: Int, plugins: some PluginCurveCalls) -> Double {
        if clock.interaction == nil && clock.direction.isBackwards { return Double(frameCount - 1 - index) / fps }
        return clock.timelineTime(atWallTime: Double(index) / fps, frameCount: frameCount, fps: fps, plugins: plugins)
    }

    /// The layers that are gone `seconds` into the render: those a cancelled interactive
    /// transition takes away once it has landed on its first state (`interaction.cancelRemoves`),
    /// from that moment on, stills between frames included, as the layer states are.
    public func removedLayers(atWallTime seconds: Double) -> [Int] {
        guard let interaction = clock.interaction, !interaction.finishes, !interaction.cancelRemoves.isEmpty,
            interaction.hasLanded(atWallTime: seconds, timelineEnd: clock.timelineEnd)
        else { return [] }
        return interaction.cancelRemoves
    }

    /// The timeline time shown `seconds` into the render (for stills between frames).
    public func time(atWallTime seconds: Double, plugins: some PluginCurveCalls) -> Double {
        clock.timelineTime(atWallTime: seconds, frameCount: frameCount, fps: fps, plugins: plugins)
    }
}

/// A layer as the pipeline file describes it: its base state, what it draws and where it sits
/// in the tree.
public struct SceneLayer: @unchecked Sendable {
    public let name: String
    public let base: anim_layer_t
    public let content: LayerContent
    /// The layer it is a sublayer of, nil at the top level.
    public let parent: Int?
    /// One past the last layer of its subtree (its own index + 1 without sublayers).
    public let subtreeEnd: Int
    /// Its sublayers are clipped to its rounded bounds.
    public let masksToBounds: Bool
    /// Its 3D turn and colours, as the file gives them (see `HostLayerState`).
    public let host: HostLayerState
}

/// A parameter value ready for the ABI, and where its per-frame part comes from.
public struct BoundParameter: @unchecked Sendable {
    public enum Source: Sendable {
        case fixed
        /// A point parameter given as a layer's name: that layer's current visual centre.
        case layerCenter(Int)
        /// A rect parameter given as a layer's name: that layer's current visual frame.
        case layerFrame(Int)
        /// A layer parameter: the layer's current state.
        case layer(Int)
    }

    public let value: anim_value_t
    public let source: Source
}

/// How long a render lasts: the file's `duration`, or until the end plus `hold` seconds.
public enum SceneLength: Sendable {
    case seconds(Double)
    case untilEnd(hold: Double)

    /// Long enough that the last frame is the first at or after the end (of the timeline, or of
    /// an interaction's completion), so it shows the end state; then `hold` more seconds.
    func seconds(clock: SceneClock, fps: Double) -> Double {
        switch self {
        case .seconds(let seconds):
            return seconds
        case .untilEnd(let hold):
            let end =
                clock.interaction.map { $0.releaseTime + $0.completionDuration(timelineEnd: clock.timelineEnd) }
                ?? clock.timelineEnd
            return ((end * fps - 1e-9).rounded(.up) + 1) / fps + hold
        }
    }
}

/// The image and font files and plugins a scene was made from (what `run --resume` checks for changes).
public struct SceneSources: Sendable {
    /// The content hash of the pipeline's bytes as they were decoded (a pipeline read from
    /// standard input has no file to read again).
    public let pipelineHash: String
    /// Resolved paths, sorted.
    public let imageFiles: [String]
    /// Resolved paths, in the file's order.
    public let fontFiles: [String]
    /// Every plugin whose animator, mixer or timing curve the scene uses, once each, by path.
    public let plugins: [PluginInfo]
}

/// Where and how the pipeline writes its results.
public struct OutputSettings: Sendable {
    public var directory: String
    public var formats: [OutputFormat]
    /// The videos of their own size or frame rate written beside `formats`.
    public var previews: [PreviewOutput] = []
    /// For lossy formats (MP4, WebM, WebP).
    public var quality: VideoQuality = .standard
    /// The base name of video files: the pipeline file's name without extension.
    public var name: String
    /// Whether videos that can carry subtitles (`OutputFormat.subtitleCodec`) also carry the text
    /// layers' captions, one track per layer.
    public var subtitles = false
    /// The loudness the sound's mix is brought to; nil leaves its level as the sources give it.
    public var loudness: LoudnessTarget?
}

/// C strings owned by a scene; freed with it.
final class CStringPool: @unchecked Sendable {
    private var pointers: [UnsafeMutablePointer<CChar>] = []

    func intern(_ text: String) -> UnsafePointer<CChar> {
        let pointer = strdup(text)!
        pointers.append(pointer)
        return UnsafePointer(pointer)
    }

    deinit { for pointer in pointers { free(pointer) } }
}
