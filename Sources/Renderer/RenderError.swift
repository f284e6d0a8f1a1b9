import Compositor
import Foundation
import JSON
import OptionNames
import Output
import PluginDescriptions
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

    static func pluginFailed(_ site: some PluginCallSite, frame: Int, message: String) -> RenderError {
        .pluginFailed(
            plugin: fileName(site.pluginPath), step: site.path.description, processor: site.kindAndName,
            frame: frame, message: message)
    }

    static func createFailed(_ site: some PluginCallSite, message: String) -> RenderError {
        .createFailed(
            plugin: fileName(site.pluginPath), step: site.path.description, processor: site.kindAndName,
            message: message)
    }

    /// `create` failed in a plugin child: in a child started for a frame the render had begun,
    /// so the failure is that frame's.
    static func createFailed(_ site: some PluginCallSite, frame: Int?, message: String) -> RenderError {
        guard let frame else { return .createFailed(site, message: message) }
        return .pluginFailed(site, frame: frame, message: "create failed in a new plugin child: \(message)")
    }

    static func pluginCrashed(_ site: some PluginCallSite, frame: Int?, how: String) -> RenderError {
        .pluginCrashed(
            plugin: site.shownPlugin, processor: site.kindAndName, step: site.path.description, frame: frame, how: how)
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

    /// The text with every option by its plain name.
    public var description: String { text.description }

    /// The message; it names options (`scale`) for the caller to word.
    public var text: OptionText {
        switch self {
        case .pluginFailed(let plugin, let step, let processor, let frame, let message):
            "plugin \(plugin): \(processor) failed at frame \(frame) (\(step)): \(message)"
        case .createFailed(let plugin, let step, let processor, let message):
            "plugin \(plugin): \(processor) could not be created for \(step): \(message)"
        case .pluginCrashed(let plugin, let processor, let step, let frame, let how):
            "plugin \(plugin): \(processor) \(how) \(frame.map { "at frame \($0)" } ?? "in create") (\(step))"
        case .outOfMemory(let error, let frame):
            "\(error.description)\(frame.map { " (at frame \($0))" } ?? ""): render at a smaller \(.scale), with fewer "
                + "\(.threads), or allow the process more memory"
        case .pluginChanged(let plugin, let frame):
            "plugin \(plugin) changed on disk after this render loaded it; a new plugin child would run other code "
                + "than the frames before it, so none was started\(frame.map { " (for frame \($0))" } ?? "")"
        case .footageFailed(let frame, let message):
            "frame \(frame): \(message)"
        case .output(let error), .outputFailed(let error, _):
            error.text
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

/// What a render error names of a plugin call that failed: a step's animator or mixer, or a
/// layer's effect, by its place in the file.
protocol PluginCallSite {
    /// The plugin file's path.
    var pluginPath: String { get }
    /// The plugin's path and id, for crashes (which plugin's code ran).
    var shownPlugin: String { get }
    var kindAndName: String { get }
    var path: JSONPath { get }
}

extension Step: PluginCallSite {
    var shownPlugin: String { plugin?.shownWithID ?? "pipeline" }
}

extension LayerEffect: PluginCallSite {
    var pluginPath: String { effect.plugin.path }
    var shownPlugin: String { effect.plugin.shownWithID }
    var kindAndName: String { effect.kindAndName }
}
