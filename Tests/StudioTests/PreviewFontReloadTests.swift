import CommandTestSupport
import Foundation
import Testing

/// `pipeline preview` and a pipeline's own font files: a reload that lists a new font file
/// draws with it, as `pipeline frame` does.
@Suite struct PreviewFontReloadTests {
    @Test func aPreviewReloadAddsTheFontsOfTheNewVersion() async throws {
        let folder = try FontFolder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        try folder.pipeline("preview", text: [:])
        let file = folder.url.appendingPathComponent("preview.json")
        let environment = try folder.fontconfig()
        let server = try PreviewServerProcess([file.path], scratch: folder.url, environment: environment)
        defer { server.stop() }
        try folder.pipeline("preview", fonts: ["fonts/serif.ttf"], text: ["font": "Liberation Serif"])
        let reloaded = try await server.waitForVersion { $0.version == 2 || $0.error != nil }
        #expect(reloaded.version == 2 && reloaded.error == nil, "\(reloaded.error ?? "")")
        let still = try folder.frame("preview", environment)
        let served = try await server.get("frame?t=0")
        #expect(served.status == 200, "\(String(decoding: served.body, as: UTF8.self))")
        #expect(
            served.body == still,
            "drawn in Liberation Serif, as `frame` draws it: \(served.body.count) bytes served, \(still.count) drawn")
    }
}
