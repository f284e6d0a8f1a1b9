import Foundation
import Output
import Scene

/// Why a render stopped: a plugin failed (exit status 2) or an output could not be written.
public enum RenderError: Error, CustomStringConvertible {
    case pluginFailed(plugin: String, step: String, processor: String, frame: Int, message: String)
    case createFailed(plugin: String, step: String, processor: String, message: String)
    case output(OutputError)
    /// Ctrl-C or SIGTERM: these frames were rendered and delivered before the render stopped.
    case interrupted(complete: Range<Int>)

    static func pluginFailed(_ step: Step, frame: Int, message: String) -> RenderError {
        .pluginFailed(plugin: fileName(step.pluginPath), step: step.path.description,
                      processor: step.kindAndName, frame: frame, message: message)
    }

    static func createFailed(_ step: Step, message: String) -> RenderError {
        .createFailed(plugin: fileName(step.pluginPath), step: step.path.description,
                      processor: step.kindAndName, message: message)
    }

    public var description: String {
        switch self {
        case let .pluginFailed(plugin, step, processor, frame, message):
            "plugin \(plugin): \(processor) failed at frame \(frame) (\(step)): \(message)"
        case let .createFailed(plugin, step, processor, message):
            "plugin \(plugin): \(processor) could not be created for \(step): \(message)"
        case let .output(error):
            error.description
        case let .interrupted(complete):
            complete.isEmpty ? "interrupted before any frame was complete"
                : "interrupted: frames \(complete.lowerBound)–\(complete.upperBound - 1) are complete; unfinished files were removed"
        }
    }
}

/// A plugin's file name, as messages show it.
func fileName(_ path: String) -> String {
    URL(fileURLWithPath: path).lastPathComponent
}

extension Step {
    /// `animator "fade"` or `mixer "cross-dissolve"`.
    var kindAndName: String {
        switch action {
        case .animate(let animator, _): "animator \"\(animator.name)\""
        case .mix(let mixer, _, _): "mixer \"\(mixer.name)\""
        }
    }
}
