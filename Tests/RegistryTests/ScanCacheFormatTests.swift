import CacheFiles
import Foundation
import PluginDescriptions
import Testing

@testable import PluginRegistry

/// The scan cache (and a scan child's report) is written by Codable and read back by hand
/// (ScanReading.swift): every kind of field must come back as it was written.
@Suite struct ScanCacheFormatTests {
    func cache() throws -> PluginScanCache {
        let info = PluginInfo(
            path: "/plugins/a.so", id: "org.example.a", version: "1.2.0", description: "Ünïcode \"quoted\" \\ text",
            about: PluginAbout(author: "Ada <ada@example.org>", homepage: nil, license: "MIT OR Apache-2.0"))
        let parameters = [
            ParameterDescriptor(
                id: "to", type: .number, isRequired: false, acceptsLayer: false, doc: "target", unit: "px",
                min: -.infinity, max: .nan, defaults: [0.25, .nan, .infinity, -0.0], defaultString: nil, choices: []),
            ParameterDescriptor(
                id: "mode", type: .enumeration, isRequired: true, acceptsLayer: true, doc: "", unit: "",
                min: 0, max: 1, defaults: [0, 0, 0, 0], defaultString: "fast", choices: ["fast", "slow"]),
        ]
        let animator = AnimatorEntry(
            name: "slide", version: "1.0.0", doc: "slides", parameters: parameters, isSerial: true,
            takesNativePixels: false, needsWholeImage: false,
            plugin: info)
        let mixer = MixerEntry(
            name: "mix", version: "2.0.0", doc: "mixes", parameters: [], isSerial: false, takesNativePixels: true,
            needsWholeImage: false, plugin: info)
        let curves = [
            CurveEntry(
                name: "back-out", doc: "overshoots", argumentNames: ["overshoot"], argumentDefaults: [1.70158],
                plugin: info, signature: try ForeignCurveSignature(parsing: "d(d;d)")),
            CurveEntry(
                name: "steps", doc: "jumps", argumentNames: ["count", "start"], argumentDefaults: nil,
                plugin: info, signature: try ForeignCurveSignature(parsing: "f(f;il)")),
        ]
        let registered = PluginRegistrations(
            info: info, animators: [animator], mixers: [mixer], effects: [], curves: curves,
            warnings: ["parameter \"x\" refused"])
        var cache = PluginScanCache(folder: "/plugins")
        cache.entries["/plugins/a.so"] = .init(
            stamp: try #require(FileStamp(text: "15704 1795319725879769726 18446744073709551615")),
            shownAs: "plugins/a.so", result: .registered(registered))
        cache.entries["/plugins/b.so"] = .init(
            stamp: try #require(FileStamp(text: "1 2 3")), shownAs: "plugins/b.so",
            result: .skipped(reason: "crashed with SIGSEGV during scan"))
        return cache
    }

    @Test func whatIsWrittenIsReadBack() throws {
        let written = try ScanJSON.encode(try cache())
        let read = try ScanJSON.read([UInt8](written), PluginScanCache.init(reading:))
        #expect(try ScanJSON.encode(read) == written)
        #expect(read.host == PluginScanCache.hostKey)
        #expect(read.folder == "/plugins")
        let stamp = try #require(read.entries["/plugins/a.so"]?.stamp)
        #expect(stamp.modifiedNanoseconds == 1_795_319_725_879_769_726, "64-bit stamps are exact")
        #expect(stamp.inode == UInt64.max)
        guard case .registered(let plugin) = read.entries["/plugins/a.so"]?.result else {
            Issue.record("the registered entry came back as something else")
            return
        }
        #expect(plugin.animators[0].parameters[0].max.isNaN)
        #expect(plugin.animators[0].parameters[0].min == -.infinity)
        #expect(plugin.animators[0].parameters[1].defaultString == "fast")
        #expect(plugin.curves[1].argumentDefaults == nil)
        #expect(plugin.mixers[0].takesNativePixels)
        #expect(plugin.info.about?.homepage == nil && plugin.info.about?.license == "MIT OR Apache-2.0")
        #expect(plugin.curves[1].signature.description == "f(f;il)")
    }

    @Test(arguments: [
        "not json",
        #"{ "host": "pipeline 0.1.0, animator ABI 1.0", "entries": [] }"#,
        #"{ "host": "x", "entries": {} }"#,
        #"{ "host": "x", "folder": "/", "entries": { "/a.so": { "stamp": { "size": 1 }, "shownAs": "a.so", "result": { "skipped": { "reason": "r" } } } } }"#,
        #"{ "host": "x", "folder": "/", "entries": { "/a.so": { "stamp": "1 2 3", "shownAs": "a.so", "result": { "lost": {} } } } }"#,
    ])
    func otherJSONIsRefused(text: String) {
        #expect(throws: ScanFormatError.self) { try ScanJSON.read(Array(text.utf8), PluginScanCache.init(reading:)) }
    }

    /// Each folder's file is found by the folder's path, and holds that folder's entries only.
    @Test func eachFolderHasAFileOfItsOwn() throws {
        #expect(PluginScanCache.file(in: "/c", for: "/plugins") == "/c/%2Fplugins.json")
        #expect(PluginScanCache.file(in: "/c", for: "/a%2Fb/c d") == "/c/%2Fa%252Fb%2Fc d.json")
        #expect(PluginScanCache.folder(ofFileName: "%2Fa%252Fb%2Fc d.json") == "/a%2Fb/c d")
        let long = "/" + String(repeating: "x", count: 300)
        let hashed = PluginScanCache.file(in: "/c", for: long)
        #expect(hashed.hasPrefix("/c/long-") && hashed.count == "/c/long-".count + 16 + ".json".count, "\(hashed)")
        #expect(PluginScanCache.folder(ofFileName: String(hashed.dropFirst(3))) == nil)

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scan-cache-\(UUID().uuidString)")
        let plugins = directory.appendingPathComponent("plugins").path
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var written = try cache()
        written.folder = plugins
        written.write(in: directory.path)
        let file = PluginScanCache.file(in: directory.path, for: plugins)
        #expect(FileManager.default.fileExists(atPath: file))
        let read = PluginScanCache.read(folder: plugins, in: directory.path)
        #expect(try ScanJSON.encode(read) == ScanJSON.encode(written))
        #expect(PluginScanCache.read(folder: directory.path, in: directory.path).entries.isEmpty)

        // A file whose recorded folder is another (two paths of one hash) is not used.
        try FileManager.default.copyItem(atPath: file, toPath: PluginScanCache.file(in: directory.path, for: long))
        #expect(PluginScanCache.read(folder: long, in: directory.path).entries.isEmpty)

        // Writing removes the files of folders that no longer exist.
        let gone = PluginScanCache.file(in: directory.path, for: "/no/such/folder")
        try FileManager.default.copyItem(atPath: file, toPath: gone)
        written.write(in: directory.path)
        #expect(FileManager.default.fileExists(atPath: file))
        #expect(!FileManager.default.fileExists(atPath: gone))

        // A folder whose entries are all gone has no file.
        PluginScanCache(folder: plugins).write(in: directory.path)
        #expect(!FileManager.default.fileExists(atPath: file))
    }
}
