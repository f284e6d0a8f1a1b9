import Foundation
import PluginRegistry

/// How a plugin child process failed a call: the plugin's code took it down, held it past the
/// time limit, or it could not be run at all. The description completes "animator "x" …".
public enum ChildFailure: Error, CustomStringConvertible {
    case crashed(signal: Int32)
    case exited(status: Int32)
    case timedOut(Duration)
    case unusable(String)

    public var description: String {
        switch self {
        case .crashed(let signal): "crashed with \(PluginScanner.signalName(signal))"
        case .exited(let status): "exited with status \(status)"
        case .timedOut(let limit):
            "did not return within \(PluginScanner.seconds(limit)) s (the limit is \(CallLimit.variable))"
        case .unusable(let reason): "could not run in a child process: \(reason)"
        }
    }
}
