import CommandTestSupport
import Foundation
import Testing

/// The studio's motion blur switch in headless Chromium: shown for a pipeline with motion blur
/// (and only then), and switched off, the viewer shows the frame drawn without it.
@Suite(
    "the studio's motion blur switch in headless Chromium",
    .enabled(
        if: StudioBrowser.available,
        "chromium, chromium-driver or python3-selenium is not installed: scripts/install-deps --test"))
struct StudioMotionBlurTests {
    typealias Studio = StudioBrowserTests.Studio

    struct Report: Decodable {
        struct Action: Decodable {
            struct Blur: Decodable {
                let shown: Bool
                let before: [Int]?
                let after: [Int]?
                let asked: [String]?
            }

            let blur: Blur?
        }

        let actions: [Action]
        let errors: [String]
    }

    /// The page at `seconds`, its address keeping the token.
    static func url(_ studio: Studio, at seconds: Double) throws -> URL {
        let base = studio.server.url.absoluteString
        return try #require(URL(string: base + (base.contains("?") ? "&" : "?") + "t=\(seconds)"))
    }

    @Test func switchingTheBlurOffShowsTheFrameWithoutIt() throws {
        let studio = try Studio(PreviewMotionBlurFrameTests.pipeline(blur: true))
        defer { studio.stop() }
        let run = try StudioBrowser.run(try Self.url(studio, at: 0.1), [["motion-blur"]], reportedAs: Report.self)
        #expect(run.errors.isEmpty, "\(run.errors)")
        let blur = try #require(run.actions.first?.blur)
        #expect(blur.shown)
        let (before, after) = (try #require(blur.before), try #require(blur.after))
        try #require(before.count == 200 && after.count == 200)
        // At 0.1 s the card spans x 110–130; the shutter spreads it 25 points either way. Blurred,
        // x 95 is partly covered and x 120 partly not; without blur, black and white.
        #expect(before[95] > 0 && before[95] < 255 && before[120] < 255, "\(before[85...160])")
        #expect(after[95] == 0 && after[120] == 255 && after[100] == 0, "\(after[85...160])")
        #expect(blur.asked?.contains { $0.hasSuffix("blur=off") } == true, "\(blur.asked ?? [])")
    }

    @Test func aPipelineWithoutMotionBlurHasNoSwitch() throws {
        let studio = try Studio(PreviewMotionBlurFrameTests.pipeline(blur: false))
        defer { studio.stop() }
        let run = try StudioBrowser.run(studio.server.url, [["motion-blur"]], reportedAs: Report.self)
        #expect(run.actions.first?.blur?.shown == false)
    }
}
