import CAnimatorABI
import Foundation

/// The "log" host service: plugin messages on standard error, prefixed with the plugin's file,
/// or to the handler a library's host set (`PluginLog.handler`). Debug and info lines appear only
/// with PIPELINE_VERBOSE=1, so plugins cannot flood a render.
public enum PluginLog {
    static let verbose = ProcessInfo.processInfo.environment["PIPELINE_VERBOSE"] == "1"

    private static let lock = NSLock()
    nonisolated(unsafe) private static var installed: (@Sendable (String) -> Void)?

    /// Where the lines go instead of standard error (nil: standard error): a library never writes
    /// to its host's streams unasked. Each line is "warning: plugin FILE: message".
    public static var handler: (@Sendable (String) -> Void)? {
        get { lock.withLock { installed } }
        set { lock.withLock { installed = newValue } }
    }

    static func write(level: UInt32, plugin: String, _ message: String) {
        guard verbose || level >= UInt32(ANIM_LOG_WARNING) else { return }
        let label =
            switch level {
            case UInt32(ANIM_LOG_DEBUG): "debug"
            case UInt32(ANIM_LOG_INFO): "info"
            case UInt32(ANIM_LOG_WARNING): "warning"
            default: "error"
            }
        let line = "\(label): plugin \(plugin): \(message)"
        if let handler {
            handler(line)
        } else {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }
}
