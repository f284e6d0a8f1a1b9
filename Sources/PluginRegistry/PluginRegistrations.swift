import Foundation
import PluginDescriptions

/// The outcome of scanning one plugin file, as the child reports it and the cache keeps it.
enum ScanResult: Encodable {
    case registered(PluginRegistrations)
    /// The file cannot be used: not a plugin, another ABI, a failing `init`, a crash during scan.
    case skipped(reason: String)
}
