import CacheFiles
import Foundation
import JSON

/// The encoders of the ffmpeg executables already asked, so that `ffmpeg -encoders` (about
/// 90 ms of CPU) runs once per ffmpeg rather than once per render: JSON in the cache folder
/// (`CacheFolder`), by resolved path, each list kept only while the executable's size,
/// modification time and inode are the ones it was read from. A cache that cannot be read is
/// ignored and rewritten. Read by the JSON module's parser, as the plugin scan cache is:
/// Codable's run-time type lookups would cost milliseconds at every start.
struct FFmpegEncoderCache: Encodable {
    struct Entry: Encodable {
        /// `FileStamp.text` of the executable that listed `encoders`.
        let stamp: String
        let encoders: [String]
    }

    static let fileName = "ffmpeg-encoders.json"
    /// What this file's layout is called: a file of another layout is ignored and rewritten.
    static let currentLayout = "ffmpeg-encoders 1"

    var layout = Self.currentLayout
    var entries: [String: Entry] = [:]

    init() {}

    static func read(from file: String?) -> FFmpegEncoderCache {
        guard let file, let data = FileManager.default.contents(atPath: file),
            let root = try? JSONParser.parse([UInt8](data)), let cache = FFmpegEncoderCache(reading: root.value)
        else { return FFmpegEncoderCache() }
        return cache
    }

    /// What `write` wrote; nil for anything else.
    private init?(reading root: JSONValue) {
        func member(_ key: String, of value: JSONValue) -> JSONValue? {
            guard case .object(let members) = value else { return nil }
            return members.first { $0.key == key }?.value.value
        }
        guard case .string(Self.currentLayout) = member("layout", of: root),
            case .object(let members) = member("entries", of: root)
        else { return nil }
        for executable in members {
            guard case .string(let stamp) = member("stamp", of: executable.value.value),
                case .array(let list) = member("encoders", of: executable.value.value)
            else { return nil }
            let encoders = list.compactMap { node -> String? in
                guard case .string(let name) = node.value else { return nil }
                return name
            }
            guard encoders.count == list.count else { return nil }
            entries[executable.key] = Entry(stamp: stamp, encoders: encoders)
        }
    }

    /// Written whole under a temporary name in the same folder, then renamed over the old file
    /// (`.atomic`): a reader never sees half a file. A cache that cannot be written only costs
    /// probes, so failures are not reported.
    func write(to file: String?) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let file, let data = try? encoder.encode(self) else { return }
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? data.write(to: URL(fileURLWithPath: file), options: .atomic)
    }

    /// What the executable at `executable` (symbolic links resolved) listed when it had `stamp`.
    func encoders(of executable: String, stamp: FileStamp) -> Set<String>? {
        guard let entry = entries[executable], entry.stamp == stamp.text else { return nil }
        return Set(entry.encoders)
    }

    /// Keeps `encoders` for `executable` as it is now (`stamp`), and forgets executables that
    /// are gone (a test's stand-in, an ffmpeg built and removed).
    mutating func record(_ encoders: Set<String>, of executable: String, stamp: FileStamp) {
        entries = entries.filter { FileManager.default.fileExists(atPath: $0.key) }
        entries[executable] = Entry(stamp: stamp.text, encoders: encoders.sorted())
    }
}
