import CAnimatorABI
import Compositor
import Foundation
import Output
import PluginRegistry
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
    public let duration: Double
    public let layers: [SceneLayer]
    public let steps: [Step]
    public let output: OutputSettings
    /// Keeps the C strings that layer states and parameter values point at alive.
    let strings: CStringPool

    init(file: String, canvas: Canvas, fps: Double, duration: Double, layers: [SceneLayer],
         steps: [Step], output: OutputSettings, strings: CStringPool) {
        self.file = file
        self.canvas = canvas
        self.fps = fps
        self.duration = duration
        self.layers = layers
        self.steps = steps
        self.output = output
        self.strings = strings
    }

    /// fps × duration frames; frame `i` shows time `i / fps`.
    public var frameCount: Int { max(1, Int((duration * fps).rounded())) }

    public func time(ofFrame index: Int) -> Double { Double(index) / fps }
}

/// A layer as the pipeline file describes it: its base state and what it draws.
public struct SceneLayer: @unchecked Sendable {
    public let name: String
    public let base: anim_layer_t
    public let content: LayerContent
}

/// One timeline entry: an animator applied to a target layer over [start, start + duration].
public struct Step: Sendable {
    public let path: JSONPath
    public let animator: AnimatorEntry
    public let target: Int
    public let start: Double
    public let duration: Double
    public let timing: any TimingCurve
    public let reverse: Bool
    public let parameters: [BoundParameter]

    /// Core Animation's fill-forwards rule: a step has no effect before its start and holds its
    /// end state after its end. (Holding the start state before the start would let a later
    /// reversed step, such as a shadow drop, overwrite the earlier lift it undoes.)
    public func isStarted(at t: Double) -> Bool { t >= start }

    /// The step's progress at time `t` once started: the curve of the clamped local time,
    /// flipped when reversed.
    public func progress(at t: Double) -> Double {
        let local = duration > 0 ? min(max((t - start) / duration, 0), 1) : (t >= start ? 1 : 0)
        let eased = timing.value(at: local)
        return reverse ? 1 - eased : eased
    }
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

/// Where and how the pipeline writes its results.
public struct OutputSettings: Sendable {
    public var directory: String
    public var formats: [OutputFormat]
    /// The base name of video files: the pipeline file's name without extension.
    public var name: String
}

/// C strings owned by a scene; freed with it.
final class CStringPool: @unchecked Sendable {
    private var pointers: [UnsafeMutablePointer<CChar>] = []

    func intern(_ text: String) -> UnsafePointer<CChar> {
        let pointer = strdup(text)!
        pointers.append(pointer)
        return UnsafePointer(pointer)
    }

    deinit { pointers.forEach { free($0) } }
}
