import Foundation
import Preview
import Testing

/// What the preview serves besides frames: a page that works offline (its own files, embedded as
/// they are in `Sources/Preview/Page/`) and whose script finds every element it looks up, the
/// `/version` answer (with `error: null` spelled out so the page clears its message), and the value
/// reloads compare to see that a watched file changed.
@Suite struct PreviewPageTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Preview/Page")

    /// The names of the page's files (not the linter's configuration, `.eslintrc.json`).
    static func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// The text of the page's files whose names end in `suffix`, one after another.
    static func text(endingIn suffix: String) throws -> String {
        try names().filter { $0.hasSuffix(suffix) }.map {
            try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
        }.joined(separator: "\n")
    }

    @Test func everyElementTheScriptLooksUpIsOnThePage() throws {
        let (page, script) = (try Self.text(endingIn: ".html"), try Self.text(endingIn: ".js"))
        let lookups = try Regex(#"\$\('([A-Za-z-]+)'\)"#)
        let ids = Set(script.matches(of: lookups).map { String($0.output[1].substring!) })
        #expect(ids.isSuperset(of: ["frame", "play", "back", "forward", "scrubber", "clock", "chart", "problem"]))
        for id in ids.sorted() {
            #expect(page.contains("id=\"\(id)\""), "the script looks up #\(id), which the page lacks")
        }
    }

    @Test func thePageHoldsItsScriptsAndLoadsNothingElse() throws {
        let (page, script) = (try Self.text(endingIn: ".html"), try Self.text(endingIn: ".js"))
        #expect(script.contains("function drawChart(canvas, timeline, now, lane)"))
        #expect(script.contains("function fetchFrame(n, playing"))
        #expect(script.contains("function makeEditor(token)"))
        // What the page and its modules load: its own files, by name.
        let references = try Regex(#"(?:src|href)="([^"]*)"|from '\./([^']*)'"#)
        let loaded = Set(
            (page + script).matches(of: references).map { String(($0.output[1].substring ?? $0.output[2].substring)!) })
        #expect(loaded == Set(try Self.names().filter { $0 != "index.html" }), "\(loaded.sorted())")
        let all = page + script + (try Self.text(endingIn: ".css"))
        #expect(!all.contains("http://") && !all.contains("https://") && !all.contains("url("))
    }

    @Test func theServedFilesAreThoseOfThePageFolderByteForByte() throws {
        #expect(PreviewPage.files.map(\.name).sorted() == (try Self.names()))
        for file in PreviewPage.files {
            #expect(
                file.bytes == [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(file.name))),
                "\(file.name)")
        }
        let types = Dictionary(uniqueKeysWithValues: PreviewPage.files.map { ($0.path, $0.contentType) })
        #expect(types["/"] == "text/html; charset=utf-8")
        #expect(types["/studio.css"] == "text/css; charset=utf-8")
        #expect(types["/studio.js"] == "text/javascript; charset=utf-8")
        #expect(PreviewPage.file(at: "/index.html") == nil && PreviewPage.file(at: "/.eslintrc.json") == nil)
    }

    @Test func theVersionAnswerSpellsOutANullError() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let clean = try encoder.encode(PreviewRoutes.VersionStatus(version: 3, error: nil))
        #expect(String(decoding: clean, as: UTF8.self) == #"{"error":null,"version":3}"#)
        let failed = try encoder.encode(PreviewRoutes.VersionStatus(version: 4, error: "p.json:2:5: bad"))
        #expect(String(decoding: failed, as: UTF8.self) == #"{"error":"p.json:2:5: bad","version":4}"#)
    }

    @Test func watchedFilesChangeWithThePipelineAndItsPluginsOnly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID().uuidString)").path
        let plugins = folder + "/plugins"
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/p.json"
        let watch = { WatchedFiles(pipelineFile: file, pluginDirectories: [plugins, folder + "/missing"]) }

        let missing = watch()
        #expect(missing.pipeline == nil && missing.plugins.isEmpty)
        try "{}".write(toFile: file, atomically: false, encoding: .utf8)
        let written = watch()
        #expect(written != missing && written.pipeline != nil)

        try "notes".write(toFile: plugins + "/README.txt", atomically: false, encoding: .utf8)
        #expect(watch() == written, "only *.so files are plugins")

        try "elf".write(toFile: plugins + "/wipe.so", atomically: false, encoding: .utf8)
        let withPlugin = watch()
        #expect(withPlugin != written)
        #expect(Array(withPlugin.plugins.keys) == [plugins + "/wipe.so"])

        try "{ }".write(toFile: file, atomically: false, encoding: .utf8)
        #expect(watch() != withPlugin)
    }
}
