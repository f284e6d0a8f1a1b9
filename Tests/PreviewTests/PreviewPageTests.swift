import Foundation
import Testing

@testable import Preview

/// What the preview serves besides frames: a page that works offline and whose script finds
/// every element it looks up, the `/version` answer (with `error: null` spelled out so the page
/// clears its message), and the value reloads compare to see that a watched file changed.
@Suite struct PreviewPageTests {
    @Test func everyElementTheScriptLooksUpIsOnThePage() throws {
        let page = PreviewPage.html
        let lookups = try Regex(#"\$\('([A-Za-z-]+)'\)"#)
        let ids = Set(page.matches(of: lookups).map { String($0.output[1].substring!) })
        #expect(ids.isSuperset(of: ["frame", "play", "back", "forward", "scrubber", "clock", "chart", "problem"]))
        for id in ids.sorted() {
            #expect(page.contains("id=\"\(id)\""), "the script looks up #\(id), which the page lacks")
        }
    }

    @Test func thePageHoldsItsScriptsAndLoadsNothingElse() {
        let page = PreviewPage.html
        #expect(page.contains("function drawChart(canvas, timeline, now, lane)"))
        #expect(page.contains("function fetchFrame(n)"))
        #expect(page.contains("function makeEditor(token)"))
        #expect(!page.contains("src=\""))
        #expect(!page.contains("<link"))
        #expect(!page.contains("http://") && !page.contains("https://"))
    }

    @Test func theFirstFrameComesInThePageItself() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 1, 2, 3]
        let page = PreviewPage.html(firstFrame: png)
        let source = "src=\"data:image/png;base64,\(Data(png).base64EncodedString())\""
        #expect(
            page.contains(#"<img id="frame" alt="the frame at the current time" draggable="false" "# + source + ">"))
        #expect(page.components(separatedBy: "src=\"").count == 2, "one source: the frame's")
        #expect(PreviewPage.html(firstFrame: nil) == PreviewPage.html)
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
