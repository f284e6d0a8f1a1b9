import CommandTestSupport
import Foundation
import Testing

/// The studio's render button: it renders the pipeline's outputs as `pipeline run` does, shows
/// how far it is while it renders, and ends with a link to each file, which serves that file.
@Suite(
    "the studio's render button",
    .enabled(
        if: StudioBrowser.available,
        "chromium, chromium-driver or python3-selenium is not installed: scripts/install-deps --test"))
struct StudioRenderButtonTests {
    struct Report: Decodable {
        struct Action: Decodable {
            struct Render: Decodable {
                struct Link: Decodable {
                    let text: String
                    let href: String
                }

                let texts: [String]
                let said: String
                let links: [Link]
                let state: String
            }

            let render: Render?
        }

        let actions: [Action]
        let errors: [String]
    }

    @Test("render shows its progress and links to each file it wrote")
    func renderShowsProgressAndLinks() throws {
        // 40 frames, each 80 ms in a plugin: the render runs long enough for its progress to show.
        let studio = try StudioBrowserTests.Studio(PreviewRenderTests.pipeline(slow: true), name: "square.json") {
            try PluginFixtures.compile(
                StudioPlaybackTests.slowNudge, to: $0.appendingPathComponent("plugins/slow.so"))
        }
        defer { studio.stop() }
        let run = try StudioBrowser.run(studio.server.url, [["render"]], reportedAs: Report.self)
        #expect(run.errors.isEmpty, "\(run.errors)")
        let render = try #require(run.actions.first?.render)
        #expect(render.state == "finished", "\(render)")
        #expect(
            render.texts.contains { $0.hasPrefix("rendering: frame ") && $0.hasSuffix(" of 40") },
            "the progress never showed: \(render.texts)")
        #expect(render.said.hasPrefix("rendered 40 of 40 frames"), "\(render.said)")
        #expect(render.said.contains("out/ (40 PNG frames)"), "\(render.said)")
        #expect(render.links.map(\.text).sorted() == ["out/square.gif", "out/square.mp4"], "\(render.links)")
        for link in render.links {
            let url = try #require(URL(string: link.href))
            let path = url.path + "?" + (url.query ?? "")
            let served = try RawHTTPClient(port: try #require(url.port)).get(path)
            #expect(served.status == 200, "\(link.href): \(served.head)")
            #expect(served.body == (try Data(contentsOf: studio.folder.appendingPathComponent(link.text))))
        }
    }
}
