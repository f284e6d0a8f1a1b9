import Foundation

/// The time one plugin call may take: a call in a child process before the child is killed, a
/// GLSL transition's draw before its step fails.
public enum CallLimit {
    public static let variable = "PIPELINE_CALL_TIMEOUT"
    public static let defaultSeconds = 10.0

    public static func from(_ environment: [String: String]) -> Duration {
        let seconds = environment[variable].flatMap(Double.init).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        return .milliseconds(Int64((seconds ?? defaultSeconds) * 1000))
    }
}
