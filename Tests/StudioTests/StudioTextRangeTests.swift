import CommandTestSupport
import Foundation
import Testing

/// The studio shows a text animator's range over the viewer and edits the animator's fields
/// through the inspector, in a real browser.
@Suite(
    "the studio's text animator range in headless Chromium",
    .enabled(
        if: StudioBrowser.available,
        "chromium, chromium-driver or python3-selenium is not installed: scripts/install-deps --test"))
struct StudioTextRangeTests {
    struct Report: Decodable {
        struct Action: Decodable {
            let state: StudioBrowser.Action.State
            let file: String
            let control: StudioBrowser.Action.Control?
            let textRange: TextRange?
        }

        struct TextRange: Decodable {
            struct Box: Decodable {
                let character: String
                let weight: Double
                let classes: String
                let opacity: Double
                let points: [[Double]]
            }

            let layer: String
            let animator: Int
            /// The frame's left and top on the page, and CSS pixels per canvas pixel across and down.
            let frame: [Double]
            let shown: Bool
            let boxes: [Box]
        }

        let actions: [Action]
        let errors: [String]
    }

    @Test(
        "the selected step's text animator range is drawn over the text; a selector's shape set in the inspector is written and redrawn; another animator's range is shown"
    )
    func theRangeIsDrawnOverTheTextAndItsSelectorEdited() async throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try PluginFixtures.write(TextRangePipeline.text, to: "text.json", in: folder)
        let server = try PreviewServerProcess([file.path, "--edit"], scratch: folder)
        defer { server.stop() }
        let units = try TextRangePipeline.characters(try await server.get("text-units?layer=title&t=0").body)

        let shape = "/layers/1/text/textAnimators/0/select/shape"
        let run = try StudioBrowser.run(
            server.url,
            [
                ["select", "0"], ["text-range"], ["set", shape, "square"], ["text-range"],
                ["tap", "/layers/1/text/textAnimators/1#show"], ["text-range"],
            ],
            reportedAs: Report.self)
        #expect(run.errors.isEmpty, "\(run.errors)")
        try #require(run.actions.count == 6)

        // Over the text: each character's box where /text-units puts it, shaded by its weight.
        let before = try #require(run.actions[1].textRange)
        #expect(before.shown && before.layer == "title" && before.animator == 0)
        #expect(before.boxes.map(\.character) == ["a", "b", "c"])
        #expect(before.boxes.map(\.weight) == [0.333, 1, 0.333])
        #expect(before.boxes.allSatisfy { $0.classes.contains("selected") })
        #expect(before.boxes[1].opacity > before.boxes[0].opacity, "\(before.boxes.map(\.opacity))")
        let frame = before.frame
        for (box, unit) in zip(before.boxes, units) {
            try #require(box.points.count == 4)
            for (point, corner) in zip(box.points, unit.corners) {
                let canvas = [(point[0] - frame[0]) / frame[2], (point[1] - frame[1]) / frame[3]]
                #expect(
                    abs(canvas[0] - corner[0]) < 0.5 && abs(canvas[1] - corner[1]) < 0.5,
                    "\(box.character): \(canvas) \(corner)")
            }
        }

        // The shape picked from its menu writes only that value, and the boxes follow the new file.
        let edited = run.actions[2]
        #expect(
            edited.control?.kind == "enum" && edited.control?.tag == "select", "\(String(describing: edited.control))")
        #expect(!edited.state.status.hasPrefix("not written"), "\(edited.state.status)")
        let expected = TextRangePipeline.text.replacingOccurrences(
            of: #"{ "shape": "triangle" }"#, with: #"{ "shape": "square" }"#)
        #expect(edited.file == expected, "\(edited.file)")
        #expect(try String(contentsOf: file, encoding: .utf8) == expected)
        let after = try #require(run.actions[3].textRange)
        #expect(after.boxes.map(\.weight) == [1, 1, 1], "\(after.boxes.map(\.weight))")

        // The second animator's button shows its range: a ramp up across the text.
        let ramp = try #require(run.actions[5].textRange)
        #expect(ramp.animator == 1 && ramp.boxes.map(\.weight) == [0.167, 0.5, 0.833], "\(ramp.boxes.map(\.weight))")
        #expect(run.actions[5].file == expected, "picking an animator writes nothing")
    }
}
