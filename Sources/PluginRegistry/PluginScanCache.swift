import CAnimatorABI
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
    static let hostKey = "pipeline \(HostVersion.string), animator ABI \(ANIM_ABI_MAJOR).\(ANIM_ABI_MINOR)"
    static let fileName = "plugin-scan.json"

    var host = Self.hostKey
    var entries: [String: Entry] = [:]

    /// `$PIPELINE_CACHE_DIR/plugin-scan.json`, else under `$XDG_CACHE_HOME/pipeline` or `~/.cache/pipeline`.
    static func file(environment: [String: String]) -> String? {
        let nonEmpty = { (name: String) in environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        if let folder = nonEmpty("PIPELINE_CACHE_DIR") { return folder + "/" + fileName }
        guard let base = nonEmpty("XDG_CACHE_HOME") ?? nonEmpty("HOME").map({ $0 + "/.cache" }) else { return nil }
        return base + "/pipeline/" + fileName
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

/// What identifies one version of a file: a rebuilt or touched plugin gets a new stamp.
/// Written as the text "size modified-nanoseconds inode": JSON numbers are read as doubles,
/// which cannot hold every 64-bit integer exactly. Also what the preview watches and what
/// `--isolate` checks before it starts another plugin child.
public struct FileStamp: Encodable, Equatable, Sendable {
    let size: Int64
    let modifiedNanoseconds: Int64
    let inode: UInt64

    init?(text: String) {
        let parts = text.split(separator: " ")
        guard parts.count == 3, let size = Int64(parts[0]), let modified = Int64(parts[1]), let inode = UInt64(parts[2])
        else {
            return nil
        }
        (self.size, modifiedNanoseconds, self.inode) = (size, modified, inode)
    }

    var text: String { "\(size) \(modifiedNanoseconds) \(inode)" }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    /// The stamp of the file at `path` (symbolic links followed); nil when it cannot be read.
    public init?(of path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        size = Int64(info.st_size)
        modifiedNanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        inode = UInt64(info.st_ino)
    }
}
