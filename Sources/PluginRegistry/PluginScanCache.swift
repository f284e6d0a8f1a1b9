import CAnimatorABI
import CacheFiles
import Foundation

/// What earlier scans found, so that each plugin file is scanned once until it changes: JSON
/// under the user's cache folder, by resolved path, each result checked against the file's
/// size, modification time and inode. A cache that cannot be read is ignored and rewritten.
struct PluginScanCache: Encodable {
    struct Entry: Encodable {
        let stamp: FileStamp
        /// The path the plugin was shown as: it is part of what the scan recorded.
        let shownAs: String
        let result: ScanResult
    }

    /// Results depend on the host's loader and ABI: another host starts afresh.
    static let hostKey =
        "pipeline \(HostVersion.string), animator ABI \(ANIM_ABI_MAJOR).\(ANIM_ABI_MINOR), scan cache 2"
    static let fileName = "plugin-scan.json"

    var host = Self.hostKey
    var entries: [String: Entry] = [:]

    /// `plugin-scan.json` in the cache folder (`CacheFolder`).
    static func file(environment: [String: String]) -> String? {
        CacheFolder.file(fileName, environment: environment)
    }

    static func read(from file: String?) -> PluginScanCache {
        guard let file, let data = FileManager.default.contents(atPath: file),
            let cache = try? ScanJSON.read([UInt8](data), PluginScanCache.init(reading:)), cache.host == hostKey
        else { return PluginScanCache() }
        return cache
    }

    /// Written whole under a temporary name, then renamed: a reader never sees half a file.
    /// A cache that cannot be written only costs scans, so failures are not reported.
    func write(to file: String?) {
        guard let file, let data = try? ScanJSON.encode(self) else { return }
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? data.write(to: URL(fileURLWithPath: file), options: .atomic)
    }

    func result(for resolved: String, stamp: FileStamp, shownAs path: String) -> ScanResult? {
        guard let entry = entries[resolved], entry.stamp == stamp, entry.shownAs == path else { return nil }
        return entry.result
    }

    /// Drops the entries of files that no longer exist (a preview's plugin copies, say).
    mutating func forgetMissingFiles() {
        entries = entries.filter { FileStamp(of: $0.key) != nil }
    }
}
