import Compositor
import Foundation
import Output
import PluginRegistry
import Scene

/// Why a render stopped: a plugin failed (exit status 2) or an output could not be written.
public enum RenderError: Error, CustomStringConvertible {
    case pluginFailed(plugin: String, step: String, processor: String, frame: Int, message: String)
    case createFailed(plugin: String, step: String, processor: String, message: String)
    /// Plugin code crashed, hung or exited in its child process (`--isolate`). `plugin` is the
    /// culprit's path and id (a step's curve may come from another plugin than its animator);
    /// `frame` is nil for `create`.
    case pluginCrashed(plugin: String, processor: String, step: String, frame: Int?, how: String)
    /// A plugin file was replaced or rewritten after the render's first plugin child opened
    /// it (`--isolate`): another child would run other code.
    case pluginChanged(plugin: String, frame: Int?)
    /// A frame of a layer's video or image sequence cannot be decoded; `message` names the file.
    case footageFailed(frame: Int, message: String)
    case output(OutputError)
    /// Writing frame `frame` failed (a full disk, a folder gone): the frames after it are withdrawn.
    case outputFailed(OutputError, frame: Int)
    /// Ctrl-C or SIGTERM: these frames were rendered and delivered before the render stopped.
    case interrupted(complete: Range<Int>)
    /// A frame's memory could not be had: at frame `frame`, or before any (nil).
    case outOfMemory(FrameBuffer.OutOfMemory, frame: Int?)

    static func pluginFailed(_ step: Step, frame: Int, message: String) -> RenderError {
        .pluginFailed(
            plugin: fileName(step.pluginPath), step: step.path.description,
            processor: step.kindAndName, frame: frame, message: message)
    }

    static func createFailed(_ step: Step, message: String) -> RenderError {
        .createFailed(
            plugin: fileName(step.pluginPath), step: step.path.description,
            processor: step.kindAndName, message: message)
    }

    /// The same three for a layer's filter, named by its place in the file.
    static func pluginFailed(_ filter: LayerFilter, frame: Int, message: String) -> RenderError {
        .pluginFailed(
            plugin: fileName(filter.effect.plugin.path), step: filter.path.description,
            processor: filter.effect.kindAndName, frame: frame, message: message)
    }

    static func createFailed(_ filter: LayerFilter, message: String) -> RenderError {
        .createFailed(
            plugin: fileName(filter.effect.plugin.path), step: filter.path.description,
            processor: filter.effect.kindAndName, message: message)
    }

    static func pluginCrashed(_ filter: LayerFilter, frame: Int?, how: String) -> RenderError {
        .pluginCrashed(
            plugin: filter.effect.plugin.shownWithID, processor: filter.effect.kindAndName,
            step: filter.path.description, frame: frame, how: how)
    }

    static func pluginCrashed(_ step: Step, frame: Int?, how: String) -> RenderError {
        .pluginCrashed(
            plugin: step.plugin?.shownWithID ?? "pipeline", processor: step.kindAndName, step: step.path.description,
            frame: frame,
            how: how)
    }

    /// The first frame that is not complete, for a failure at a frame.
    public var failedFrame: Int? {
        switch self {
        case .pluginFailed(_, _, _, let frame, _): frame
        case .pluginCrashed(_, _, _, let frame, _): frame
        case .pluginChanged(_, let frame): frame
        case .footageFailed(let frame, _): frame
        case .outputFailed(_, let frame): frame
        case .outOfMemory(_, let frame?): frame
        default: nil
        }
    }

    public var description: String {
        switch self {
        case .pluginFailed(let plugin, let step, let processor, let frame, let message):
            "plugin \(plugin): \(processor) failed at frame \(frame) (\(step)): \(message)"
        case .createFailed(let plugin, let step, let processor, let message):
            "plugin \(plugin): \(processor) could not be created for \(step): \(message)"
        case .pluginCrashed(let plugin, let processor, let step, let frame, let how):
            "plugin \(plugin): \(processor) \(how) \(frame.map { "at frame \($0)" } ?? "in create") (\(step))"
        case .outOfMemory(let error, let frame):
            "\(error.description)\(frame.map { " (at frame \($0))" } ?? ""): render at a smaller --scale, with fewer "
                + "--threads, or allow the process more memory"
        case .pluginChanged(let plugin, let frame):
            "plugin \(plugin) changed on disk after this render loaded it; a new plugin child would run other code "
                + "than the frames before it, so none was started\(frame.map { " (for frame \($0))" } ?? "")"
        case .footageFailed(let frame, let message):
            "frame \(frame): \(message)"
        case .output(let error), .outputFailed(let error, _):
            error.description
        case .interrupted(let complete):
            complete.isEmpty
                ? "interrupted before any frame was complete"
                : "interrupted: frames \(complete.lowerBound)–\(complete.upperBound - 1) are complete; unfinished files were removed"
        }
    }
}

/// A plugin's file name, as messages show it.
func fileName(_ path: String) -> String {
    URL(fileURLWithPath: path).lastPathComponent
}

extension PluginInfo {
    /// `/plugins/wobble.so (id org.example.wobble)`: the file and who made it.
    var shownWithID: String { id.isEmpty ? path : "\(path) (id \(id))" }
}
