import CommandTestSupport
import Foundation
import Testing

/// What the studio's page marks for tests and extensions, and how its tracks lay out, in headless
/// Chromium: the viewer, ruler, time read-out and inspector carry `data-role`, each track
/// `data-layer`, each step's bar `data-step`; the ruler labels every second and moves the playhead;
/// a track's bars never overlap, before or after a drag that would make them; a label that does
/// not fit is elided and its bar's title carries it whole; the gesture controls show only for a
/// pipeline with an interaction.
@Suite(
    "the studio's hooks, ruler, lanes and controls in headless Chromium",
    .enabled(
        if: StudioBrowser.available,
        "chromium, chromium-driver or python3-selenium is not installed: scripts/install-deps --test"))
struct StudioHooksTests {
    typealias Studio = StudioBrowserTests.Studio

    struct Hooks: Decodable {
        struct Role: Decodable {
            let count: Int
            let text: String
            let shown: Bool
            let holdsFrame: Bool
        }

        struct Bar: Decodable {
            let step: Int
            let pointer: String
            let track: String
            let label: String
            let box: [Double]
            let text: String
            let title: String
            let elided: Bool
            let ellipsis: Bool
        }

        struct Track: Decodable {
            let layer: String
            let bars: [Bar]
        }

        struct Label: Decodable {
            let seconds: Double
            let box: [Double]
        }

        struct Controls: Decodable {
            let drive: Bool
            let keep: Bool
        }

        let roles: [String: Role]
        let tracks: [Track]
        let seconds: [Label]
        let ruler: [Double]
        let controls: Controls
        let frame: Int
        let fps: Double
    }

    struct Action: Decodable {
        let file: String
        let hooks: Hooks?
        let times: [String]?
        let frame: Int?
    }

    struct Run: Decodable {
        let actions: [Action]
        let errors: [String]
    }

    /// `Tests/Browser/studio.py` with `actions`, its report decoded with the fields these tests read.
    static func run(_ url: URL, _ actions: [[String]]) throws -> Run {
        try StudioBrowser.run(url, actions, reportedAs: Run.self)
    }

    /// Whether two boxes ([left, top, right, bottom]) share any area.
    static func intersect(_ a: [Double], _ b: [Double]) -> Bool {
        a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
    }

    /// The bars of each track that share any area.
    static func overlaps(_ hooks: Hooks) -> [String] {
        hooks.tracks.flatMap { track in
            track.bars.indices.flatMap { i in
                track.bars.indices.filter { $0 > i && intersect(track.bars[i].box, track.bars[$0].box) }
                    .map { "\(track.layer): steps \(track.bars[i].step) and \(track.bars[$0].step)" }
            }
        }
    }

    /// Twelve seconds, two layers, a step on each.
    static let twelveSeconds = """
        {
          "version": 1,
          "canvas": { "width": 160, "height": 90, "fps": 10, "duration": 12, "background": "#0000ff" },
          "layers": [
            { "name": "card", "fill": "#ffffff", "frame": [0, 0, 80, 90], "opacity": 0 },
            { "name": "panel", "fill": "#ff0000", "frame": [80, 0, 80, 90] }
          ],
          "timeline": [
            { "animate": "opacity", "target": "card", "from": 0, "to": 1, "start": 1, "duration": 3 },
            { "animate": "opacity", "target": "panel", "from": 1, "to": 0, "start": 6, "duration": 4 }
          ]
        }

        """

    /// On the card, two steps that overlap and a short one after them; the panel's step alone.
    static let crowded = """
        {
          "version": 1,
          "canvas": { "width": 160, "height": 90, "fps": 10, "duration": 6, "background": "#0000ff" },
          "layers": [
            { "name": "card", "fill": "#ffffff", "frame": [0, 0, 80, 90], "opacity": 0 },
            { "name": "panel", "fill": "#ff0000", "frame": [80, 0, 80, 90] }
          ],
          "timeline": [
            { "animate": "opacity", "target": "card", "from": 0, "to": 1, "start": 0, "duration": 2 },
            { "animate": "opacity", "target": "card", "from": 1, "to": 0.5, "start": 1, "duration": 2 },
            { "animate": "opacity", "target": "card", "from": 0.5, "to": 1, "start": 4, "duration": 0.15 },
            { "animate": "opacity", "target": "panel", "from": 1, "to": 0, "start": 0, "duration": 5 }
          ]
        }

        """

    @Test("the viewer, ruler, time read-out, inspector, tracks and bars carry their hooks; the ruler seeks")
    func hooksAndRuler() throws {
        let studio = try Studio(Self.twelveSeconds)
        defer { studio.stop() }
        let run = try Self.run(studio.server.url, [["hooks"], ["seek", "3.05"], ["scrub", "1.05", "5.05"]])
        #expect(run.errors.isEmpty, "\(run.errors)")
        let hooks = try #require(run.actions[0].hooks)
        for role in ["viewer", "ruler", "time", "inspector"] {
            let found = try #require(hooks.roles[role], "\(role)")
            #expect(found.count == 1 && found.shown, "data-role=\(role): \(found)")
        }
        #expect(hooks.roles["viewer"]?.holdsFrame == true, "the viewer holds the frame")
        #expect(hooks.roles["time"]?.text.contains("frame 0 ") == true, "\(hooks.roles["time"]?.text ?? "")")

        // A track per layer, each bar in its layer's track, marked with its timeline index.
        #expect(hooks.tracks.map(\.layer) == ["card", "panel"])
        for track in hooks.tracks {
            for bar in track.bars {
                #expect(bar.track == track.layer && bar.pointer == "/timeline/\(bar.step)", "\(bar)")
            }
        }
        #expect(hooks.tracks.flatMap(\.bars).map(\.step).sorted() == [0, 1])

        // A label every second up to the render's end (12 s), in order along the ruler, none past
        // its end.
        let seconds = hooks.seconds.map(\.seconds)
        #expect(seconds == (0...12).map(Double.init), "\(seconds)")
        #expect(zip(hooks.seconds, hooks.seconds.dropFirst()).allSatisfy { $0.box[2] < $1.box[0] }, "labels apart")
        #expect(hooks.seconds.allSatisfy { $0.box[0] >= hooks.ruler[0] && $0.box[0] < hooks.ruler[2] })

        // A click on the ruler at 3.05 s shows frame 30, and the read-out says so.
        let seek = run.actions[1]
        #expect(seek.frame == 30, "\(seek.times ?? [])")
        #expect(seek.times?.last?.contains("frame 30 ") == true, "\(seek.times ?? [])")

        // A drag along it from 1.05 s to 5.05 s shows the frames on the way, each read-out naming
        // the frame shown then, the frames going forward.
        let scrub = run.actions[2]
        let times = scrub.times ?? []
        let frames = times.compactMap { text in text.firstMatch(of: #/frame (\d+) /#).flatMap { Int($0.1) } }
        #expect(frames.count == times.count, "\(times)")
        #expect(frames.first == 10 && frames.last == 50 && scrub.frame == 50, "\(times)")
        #expect(Set(frames).count >= 5 && zip(frames, frames.dropFirst()).allSatisfy { $0 <= $1 }, "\(frames)")
        #expect(studio.text == Self.twelveSeconds, "seeking writes nothing")
    }

    @Test("a track's bars never overlap, before and after a drag that would make them; labels elide")
    func lanes() throws {
        let studio = try Studio(Self.crowded)
        defer { studio.stop() }
        let run = try Self.run(studio.server.url, [["hooks"], ["drag-bar", "2", "-2.5"], ["hooks"]])
        #expect(run.errors.isEmpty, "\(run.errors)")
        let before = try #require(run.actions[0].hooks)
        #expect(Self.overlaps(before).isEmpty, "\(Self.overlaps(before))")
        let card = try #require(before.tracks.first { $0.layer == "card" })
        let bars = Dictionary(uniqueKeysWithValues: card.bars.map { ($0.step, $0) })
        let (first, second, short) = (try #require(bars[0]), try #require(bars[1]), try #require(bars[2]))
        #expect(second.box[1] >= first.box[3], "the step that overlaps the first goes to a lane below")
        #expect(short.box[1] == first.box[1], "the step that overlaps none stays in the first lane")

        // Every label whole in its bar's title; the short bar's elided with an ellipsis.
        for bar in before.tracks.flatMap(\.bars) {
            #expect(bar.title == bar.label && bar.text == bar.label && bar.ellipsis, "\(bar)")
        }
        #expect(short.elided, "\(short)")
        #expect(!first.elided, "\(first)")

        // The short step dragged 2.5 s earlier, over both: written, and in a third lane.
        let text = run.actions[1].file
        let start = try #require(text.firstMatch(of: #/"start": ([0-9.]+), "duration": 0.15/#), "\(text)")
        #expect(abs((Double(start.1) ?? 0) - 1.5) < 0.05, "\(start.0)")
        #expect(text == Self.crowded.replacingOccurrences(of: #""start": 4,"#, with: #""start": \#(start.1),"#))
        let after = try #require(run.actions[2].hooks)
        #expect(Self.overlaps(after).isEmpty, "\(Self.overlaps(after))")
        let moved = try #require(after.tracks.first { $0.layer == "card" }?.bars.first { $0.step == 2 })
        let others = after.tracks.first { $0.layer == "card" }?.bars.filter { $0.step != 2 } ?? []
        #expect(others.allSatisfy { moved.box[1] >= $0.box[3] }, "below both")
    }

    @Test("drive by hand and keep this gesture show only for a pipeline with an interaction")
    func gestureControls() throws {
        for (text, interactive) in [(StudioBrowserTests.fade, false), (StudioBrowserTests.interactive, true)] {
            let studio = try Studio(text)
            defer { studio.stop() }
            let run = try Self.run(studio.server.url, [["hooks"]])
            #expect(run.errors.isEmpty, "\(run.errors)")
            let controls = try #require(run.actions[0].hooks?.controls)
            #expect(controls.drive == interactive && controls.keep == interactive, "\(controls)")
        }
    }
}
