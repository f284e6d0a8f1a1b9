import Foundation
import Output
import Scene

/// Why a render stopped: a plugin failed (exit status 2) or an output could not be written.
public enum RenderError: Error, CustomStringConvertible {
    case pluginFailed(plugin: String, step: String, animator: String, frame: Int, message: String)
    case createFailed(plugin: String, step: String, animator: String, message: String)
    case output(OutputError)

    static func pluginFailed(_ step: Step, frame: Int, message: String) -> RenderError {
        .pluginFailed(plugin: fileName(step.animator.plugin.path), step: step.path.description,
                      animator: step.animator.name, frame: frame, message: message)
    }

    static func createFailed(_ step: Step, message: String) -> RenderError {
        .createFailed(plugin: fileName(step.animator.plugin.path), step: step.path.description,
                      animator: step.animator.name, message: message)
    }

    public var description: String {
        switch self {
        case let .pluginFailed(plugin, step, animator, frame, message):
            "plugin \(plugin): animator \"\(animator)\" failed at frame \(frame) (\(step)): \(message)"
        case let .createFailed(plugin, step, animator, message):
            "plugin \(plugin): animator \"\(animator)\" could not be created for \(step): \(message)"
        case let .output(error):
            error.description
        }
    }
}

private func fileName(_ path: String) -> String {
    URL(fileURLWithPath: path).lastPathComponent
}

