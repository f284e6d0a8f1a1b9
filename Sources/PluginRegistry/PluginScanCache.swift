import CAnimatorABI
import CLibraryLoader
import CacheFiles
import Foundation
import PluginDescriptions

/// What earlier scans found, so that each plugin file is scanned once until it changes: JSON
/// under the user's cache folder, one file for each folder of plugin files, by resolved path,
/// each result checked against the file's size, modification time and inode. A command reads
/// the files of the folders it scans only: the hundred-odd plugins of a frei0r folder cost a
/// `validate` that names none of them nothing. A cache file that cannot be read is ignored and
/// rewritten.
struct PluginScanCache: Encodable {
    struct Entry: Encodable {
        let stamp: FileStamp
        /// The path the plugin was shown as: it is part of what the scan recorded.
        let shownAs: String
        let result: ScanResult
    }

    /// Results depend on the host's loader and ABI: another host starts afresh, and so does this
    /// one rebuilt: the file holding pipeline's code (the executable, or libpipeline.so inside
    /// another program) is stamped.
    static let hostKey =
        "pipeline \(HostVersion.string), animator ABI \(ANIM_ABI_MAJOR).\(ANIM_ABI_MINOR), scan cache 3, "
        + "code \(codeStamp)"

    private static var codeStamp: String {
        var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard pipeline_code_file(&path, path.count) >= 0 else { return "unknown" }
        return FileStamp(of: String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))?
            .text ?? "unknown"
    }
    /// The folder, in the cache folder, that holds a file for each folder of plugin files.
    static let folderName = "plugin-scan"
    /// The single file that held every folder's entries before they were split by folder: it is
    /// removed when a scan writes the cache, and by `--rescan`.
    private static let formerFileName = "plugin-scan.json"

    /// Removes the former single file beside `directory`, the cache's folder.
    static func forgetFormerFile(besides directory: String) {
        let parent = URL(fileURLWithPath: directory).deletingLastPathComponent()
        try? FileManager.default.removeItem(at: parent.appendingPathComponent(formerFileName))
    }

    var host = Self.hostKey
    /// The folder of plugin files (resolved) whose scans this holds.
    var folder = ""
    var entries: [String: Entry] = [:]

    /// `plugin-scan/` in the cache folder (`CacheFolder`).
    static func directory(environment: [String: String]) -> String? {
        CacheFolder.file(folderName, environment: environment)
    }

    /// The file in `directory` for the plugin files in `folder`: the folder's path with `%` and
    /// `/` written `%25` and `%2F` (`%2Fusr%2Flib%2Ffrei0r-1.json`), so that people looking at the
    /// cache, and `write`'s clean-up, can tell whose it is; a path too long for a file name, by a
    /// hash of it (FNV-1a, 64 bits), which the file's `folder` field confirms.
    static func file(in directory: String, for folder: String) -> String {
        var name = ""
        for scalar in folder.unicodeScalars {
            switch scalar {
            case "%": name += "%25"
            case "/": name += "%2F"
            default: name.unicodeScalars.append(scalar)
            }
        }
        guard name.utf8.count > maximumNameLength else { return "\(directory)/\(name).json" }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in folder.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return "\(directory)/\(longNamePrefix)\(String(repeating: "0", count: 16 - hex.count))\(hex).json"
    }

    /// File names stay under NAME_MAX (255 bytes) with room for `.json` and the temporary
    /// name's suffix of an atomic write.
    private static let maximumNameLength = 200
    private static let longNamePrefix = "long-"

    /// The folder whose entries the cache file `name` holds, when its name says so.
    static func folder(ofFileName name: String) -> String? {
        guard name.hasSuffix(".json"), !name.hasPrefix(longNamePrefix) else { return nil }
        let escaped = name.dropLast(".json".count)
        return escaped.replacingOccurrences(of: "%2F", with: "/").replacingOccurrences(of: "%25", with: "%")
    }

    /// The cache of `folder`'s plugin files, empty when there is none or it cannot be read.
    static func read(folder: String, in directory: String?) -> PluginScanCache {
        let empty = PluginScanCache(folder: folder)
        guard let directory, let data = FileManager.default.contents(atPath: file(in: directory, for: folder)),
            let cache = try? ScanJSON.read([UInt8](data), PluginScanCache.init(reading:)),
            cache.host == hostKey, cache.folder == folder
        else { return empty }
        return cache
    }

    /// Written whole under a temporary name, then renamed: a reader never sees half a file. A
    /// folder with no entry left has its file removed. A cache that cannot be written only costs
    /// scans, so failures are not reported.
    func write(in directory: String?) {
        guard let directory else { return }
        let file = Self.file(in: directory, for: folder)
        Self.forgetFormerFile(besides: directory)
        guard !entries.isEmpty else {
            try? FileManager.default.removeItem(atPath: file)
            return
        }
        guard let data = try? ScanJSON.encode(self) else { return }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try? data.write(to: URL(fileURLWithPath: file), options: .atomic)
        Self.forgetMissingFolders(in: directory)
    }

    /// Removes the files of folders that no longer exist (the plugin folders of a preview's or a
    /// test's temporary copies), whose entries no scan can use again.
    static func forgetMissingFolders(in directory: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
            guard let folder = folder(ofFileName: name), !FileManager.default.fileExists(atPath: folder) else {
                continue
            }
            try? FileManager.default.removeItem(atPath: directory + "/" + name)
        }
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
