import CAnimatorABI
import Foundation

/// The "log" host service: plugin messages on standard error, prefixed with the plugin's file.
/// Debug and info lines appear only with PIPELINE_VERBOSE=1, so plugins cannot flood a render.
enum PluginLog {
    static let verbose = ProcessInfo.processInfo.environment["PIPELINE_VERBOSE"] == "1"

    static func write(level: UInt32, plugin: String, _ message: String) {
        guard verbose || level >= UInt32(ANIM_LOG_WARNING) else { return }
        let label =
            switch level {
            case UInt32(ANIM_LOG_DEBUG): "debug"
            case UInt32(ANIM_LOG_INFO): "info"
            case UInt32(ANIM_LOG_WARNING): "warning"
            default: "error"
            }
        FileHandle.standardError.write(Data("\(label): plugin \(plugin): \(message)\n".utf8))
    }
}
