import CommandTestSupport
import Foundation
import Testing

/// The studio's viewer, timeline and keyboard in headless Chromium: the viewer takes at least half
/// the window's width at 1280×800 and 1920×1080 with the frame in proportion, zooms and fits, shows
/// a checkerboard and safe-area guides; the ruler runs to the render's end, zooms with Ctrl + wheel
/// and fits again; playing loops over the in/out range; a dragged bar snaps; layer names sit beside
/// the bars; the curve editor shows the selected step alone and can be resized and closed; the keys
/// move the playhead and play; every control has a name for screen readers and shows its focus.
@Suite(
    "the studio's viewer, timeline and keys in headless Chromium",
    .enabled(
        if: StudioBrowser.available,
        "chromium, chromium-driver or python3-selenium is not installed: scripts/install-deps --test"))
struct StudioViewTests {
    typealias Studio = StudioBrowserTests.Studio

    struct Layout: Decodable {
        struct Guides: Decodable {
            let shown: Bool
            let boxes: [[Double]]
        }

        struct Curves: Decodable {
            let shown: Bool
            let box: [Double]
            let chart: [Double]
            let title: String
            let handles: Int
        }

        struct Name: Decodable {
            let text: String
            let title: String
            let box: [Double]
            let elided: Bool
        }

        struct Bar: Decodable {
            let step: Int
            let box: [Double]
            let shown: Bool
        }

        struct Axis: Decodable {
            let from: Double
            let to: Double
            let end: Double
            let perSecond: Double
            let gutter: Double
        }

        let window: [Double]
        let stage: [Double]
        let frame: [Double]
        let natural: [Double]
        let zoom: String
        let checker: String
        let guides: Guides
        let timeline: [Double]
        let ruler: [Double]
        let tracks: [Double]
        let inspector: [Double]
        let curves: Curves
        let names: [Name]
        let bars: [Bar]
        let seconds: [Double]
        let axis: Axis
        let unnamed: [String]
        /// The ruler's role, and its value's least, most, present and text for screen readers.
        let rulerSlider: [String]
        /// The in/out range on the ruler, when one is set.
        let range: [Double]?
        let scroll: [Double]
    }

    struct Playback: Decodable {
        let time: String
        let frame: Int
        let playing: Bool
        let rate: Double
        let loop: [Int]?
        let focused: String
        let outline: [OutlinePart]
    }

    /// An outline's style (a string) or width (a number).
    enum OutlinePart: Decodable {
        case style(String)
        case width(Double)
        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let width = try? value.decode(Double.self) {
                self = .width(width)
            } else {
                self = .style(try value.decode(String.self))
            }
        }
    }

    struct Action: Decodable {
        let file: String
        let layout: Layout?
        let playback: Playback?
        let times: [String]?
        let frame: Int?
        /// Where a held bar snaps: its time, and the seconds a pixel stands for.
        let snapline: [Double]?
    }

    struct Run: Decodable {
        let actions: [Action]
        let errors: [String]
    }

    /// `Tests/Browser/studio.py` with `actions`, its report decoded with the fields these tests read.
    static func run(_ url: URL, _ actions: [[String]]) throws -> Run {
        try StudioBrowser.run(url, actions, reportedAs: Run.self)
    }

    static func width(_ box: [Double]) -> Double { box[2] - box[0] }
    static func height(_ box: [Double]) -> Double { box[3] - box[1] }
    static func inside(_ inner: [Double], _ outer: [Double]) -> Bool {
        inner[0] >= outer[0] - 0.5 && inner[1] >= outer[1] - 0.5 && inner[2] <= outer[2] + 0.5
            && inner[3] <= outer[3] + 0.5
    }

    /// The frame numbers the read-outs name.
    static func frames(_ texts: [String]) -> [Int] {
        texts.compactMap { text in text.firstMatch(of: #/frame (\d+) /#).flatMap { Int($0.1) } }
    }

    static let twelveSeconds = StudioHooksTests.twelveSeconds

    @Test("the viewer takes half the window or more at 1280×800 and 1920×1080, the frame in proportion")
    func viewerFillsTheWindow() throws {
        let studio = try Studio(example: "custom-presentation")
        defer { studio.stop() }
        let run = try Self.run(studio.server.url, [["layout"], ["window", "1920", "1080"], ["layout"]])
        #expect(run.errors.isEmpty, "\(run.errors)")
        for action in run.actions where action.layout != nil {
            let layout = try #require(action.layout)
            let (window, stage, frame) = (layout.window, layout.stage, layout.frame)
            #expect(Self.width(stage) >= window[0] / 2, "the viewer \(stage) in \(window)")
            #expect(Self.inside(frame, stage), "the frame \(frame) in the viewer \(stage)")
            // Fitted: it touches the viewer's top and bottom (a portrait canvas), its sides in proportion.
            #expect(Self.height(frame) >= Self.height(stage) - 12, "fitted: \(frame) in \(stage)")
            let ratio = Self.width(frame) / Self.height(frame)
            let canvas = layout.natural[0] / layout.natural[1]
            #expect(abs(ratio - canvas) < 0.01, "\(ratio) for \(canvas)")
            // The timeline under the viewer, the inspector beside them, nothing past the window.
            #expect(layout.timeline[1] >= stage[3] && layout.inspector[0] >= stage[2], "\(layout)")
            #expect(layout.scroll[0] <= window[0] && layout.scroll[1] <= window[1], "nothing scrolls: \(layout.scroll)")
            // The time axis spans the tracks' width, less the names' gutter and the right margin (8 px).
            let axis = layout.axis
            let spans = axis.gutter + (axis.to - axis.from) * axis.perSecond + 8
            #expect(abs(spans - Self.width(layout.tracks)) <= 2, "\(axis) in \(layout.tracks)")
        }
        let small = try #require(run.actions[0].layout)
        #expect(Self.width(small.stage) >= 640, "at 1280×800 the viewer is \(Self.width(small.stage)) px wide")
    }

    @Test("the viewer zooms and fits, shows a checkerboard behind the frame and safe-area guides")
    func viewerZoomsAndGuides() throws {
        let studio = try Studio(Self.twelveSeconds)
        defer { studio.stop() }
        let run = try Self.run(
            studio.server.url,
            [
                ["layout"], ["click-id", "zoomin"], ["layout"], ["wheel", "stage", "400"], ["layout"],
                ["click-id", "fit"],
                ["layout"], ["click-id", "safe"], ["layout"], ["click-id", "safe"], ["layout"],
            ])
        #expect(run.errors.isEmpty, "\(run.errors)")
        let layouts = run.actions.compactMap(\.layout)
        let (fitted, zoomed, wheeled, again, guided, unguided) = (
            layouts[0], layouts[1], layouts[2], layouts[3], layouts[4], layouts[5]
        )
        let fit = Self.width(fitted.frame) / fitted.natural[0]
        #expect(abs(Self.width(zoomed.frame) / zoomed.natural[0] - fit * 1.25) < 0.02, "\(zoomed.frame)")
        let percent = Double(zoomed.zoom.split(separator: " ").first ?? "") ?? 0
        #expect(abs(percent - fit * 125) <= 1, "\(zoomed.zoom)")
        // Ctrl + wheel away zooms out: the frame smaller than it was.
        #expect(Self.width(wheeled.frame) < Self.width(zoomed.frame) - 10, "\(wheeled.frame) after \(zoomed.frame)")
        #expect(again.frame == fitted.frame, "fit shows the frame as first fitted")
        #expect(fitted.checker.contains("gradient"), "\(fitted.checker)")

        #expect(!fitted.guides.shown && guided.guides.shown && !unguided.guides.shown)
        // The action-safe area 5 % in from each side, the title-safe 10 %.
        let frame = guided.frame
        for (box, inset) in zip(guided.guides.boxes, [0.05, 0.1]) {
            let expected = [
                frame[0] + inset * Self.width(frame), frame[1] + inset * Self.height(frame),
                frame[2] - inset * Self.width(frame), frame[3] - inset * Self.height(frame),
            ]
            #expect(zip(box, expected).allSatisfy { abs($0 - $1) <= 1.5 }, "\(box) for \(expected)")
        }
    }

    @Test("where the frame is transparent, the viewer shows a checkerboard")
    func checkerboard() throws {
        // At 0 s the card (the left half) is at opacity 0 over a transparent canvas; the panel red.
        let text = Self.twelveSeconds.replacingOccurrences(
            of: ##""background": "#0000ff""##, with: ##""background": "#00000000""##)
        let studio = try Studio(text)
        defer { studio.stop() }
        let shot = studio.folder.appendingPathComponent("checker.png")
        let run = try Self.run(studio.server.url, [["layout"], ["save", shot.path]])
        #expect(run.errors.isEmpty, "\(run.errors)")
        let frame = try #require(run.actions[0].layout?.frame)
        let image = try RGBAImage.read(shot)
        // The checkerboard's two greys, each on a good part of the left half; the right half red.
        let (light, dark, red) = (Pixel(0xbd, 0xbd, 0xbd), Pixel(0x8a, 0x8a, 0x8a), Pixel(0xff, 0, 0))
        let (left, top) = (Int(frame[0].rounded(.up)) + 1, Int(frame[1].rounded(.up)) + 1)
        let (middle, bottom, right) = (Int((frame[0] + frame[2]) / 2) - 1, Int(frame[3]) - 2, Int(frame[2]) - 2)
        let leftHalf = (top..<bottom).flatMap { y in (left..<middle).map { image[$0, y] } }
        let rightHalf = (top..<bottom).flatMap { y in (middle + 3..<right).map { image[$0, y] } }
        let lights = leftHalf.filter { $0.distance(to: light) <= 4 }.count
        let darks = leftHalf.filter { $0.distance(to: dark) <= 4 }.count
        #expect(
            lights * 4 > leftHalf.count && darks * 4 > leftHalf.count, "\(lights) and \(darks) of \(leftHalf.count)")
        let reds = rightHalf.filter { $0.distance(to: red) <= 4 }.count
        #expect(reds * 10 > rightHalf.count * 9, "\(reds) of \(rightHalf.count)")
    }

    @Test("the ruler runs to the render's end, zooms with Ctrl + wheel keeping a label a second or more, and fits")
    func rulerZooms() throws {
        let studio = try Studio(Self.twelveSeconds)
        defer { studio.stop() }
        let run = try Self.run(
            studio.server.url,
            [
                ["layout"], ["wheel", "ruler", "-600"], ["layout"], ["wheel", "tracks", "-900"], ["layout"],
                ["click-id", "timefit"], ["layout"],
            ])
        #expect(run.errors.isEmpty, "\(run.errors)")
        let layouts = run.actions.compactMap(\.layout)
        let (whole, zoomed, closer, fitted) = (layouts[0], layouts[1], layouts[2], layouts[3])
        // Twelve seconds at 10 fps: the axis ends at 12 s, not at the last frame's 11.9 s.
        #expect(whole.axis.from == 0 && abs(whole.axis.to - 12) < 1e-6 && whole.axis.end == 12, "\(whole.axis)")
        #expect(whole.seconds == (0...12).map(Double.init), "\(whole.seconds)")
        for layout in [zoomed, closer] {
            #expect(layout.axis.perSecond > whole.axis.perSecond * 2, "\(layout.axis)")
            #expect(layout.axis.to - layout.axis.from < 6, "\(layout.axis)")
            // At least a label a second on show, and every shown second labelled.
            let shown = (0...12).filter { Double($0) >= layout.axis.from && Double($0) <= layout.axis.to }
            #expect(
                shown.allSatisfy { s in layout.seconds.contains(Double(s)) }, "\(layout.seconds) for \(layout.axis)")
            #expect(layout.seconds.allSatisfy { $0 >= layout.axis.from - 1e-6 && $0 <= layout.axis.to + 1e-6 })
        }
        #expect(closer.axis.perSecond > zoomed.axis.perSecond, "\(closer.axis) after \(zoomed.axis)")
        #expect(closer.seconds.count > closer.seconds.filter { $0 == $0.rounded() }.count, "tenths when zoomed in")
        // The bars are on the zoomed axis: about the middle (6 s), the card's (1 s to 4 s) is out of sight.
        #expect(zoomed.bars.first { $0.step == 0 }?.shown == false && zoomed.bars.first { $0.step == 1 }?.shown == true)
        #expect(fitted.axis.from == 0 && fitted.axis.to == 12 && fitted.seconds == whole.seconds)
        #expect(fitted.bars.allSatisfy { $0.shown })
    }

    @Test("playing loops over the in/out range that I and O set")
    func loopRange() throws {
        let studio = try Studio(Self.twelveSeconds)
        defer { studio.stop() }
        let run = try Self.run(
            studio.server.url,
            [
                ["seek", "1.05"], ["press", "i"], ["seek", "2.05"], ["press", "o"], ["press", "space"], ["watch-loop"],
                ["layout"], ["click-id", "clearloop"], ["layout"],
            ])
        #expect(run.errors.isEmpty, "\(run.errors)")
        #expect(run.actions[3].playback?.loop == [10, 20], "\(String(describing: run.actions[3].playback))")
        let times = run.actions[5].times ?? []
        let frames = Self.frames(times)
        #expect(frames.count == times.count, "\(times)")
        #expect(frames.allSatisfy { (10...20).contains($0) }, "\(frames)")
        // Each time it goes back, it goes to the range's first frame.
        let wraps = zip(frames, frames.dropFirst()).filter { $0 > $1 }
        #expect(wraps.count >= 2 && wraps.allSatisfy { $0.1 == 10 }, "\(frames)")
        #expect(run.actions[5].playback?.playing == false, "K pauses")
        // The range on the ruler, from 1 s to the end of frame 20 (2.1 s); gone once cleared.
        let layout = try #require(run.actions[6].layout)
        let range = try #require(layout.range, "the range on the ruler")
        let x = { (seconds: Double) in layout.ruler[0] + layout.axis.gutter + seconds * layout.axis.perSecond }
        #expect(abs(range[0] - x(1)) <= 1.5 && abs(range[2] - x(2.1)) <= 1.5, "\(range) for \(x(1))–\(x(2.1))")
        #expect(run.actions[8].layout?.range == nil, "cleared")
        #expect(studio.text == Self.twelveSeconds)
    }

    @Test("a dragged bar snaps to whole seconds, another step's end and the playhead")
    func barsSnap() throws {
        let studio = try Studio(Self.twelveSeconds)
        defer { studio.stop() }
        // At 10 fps the playhead at 2.55 s is frame 25, 2.5 s.
        let run = try Self.run(
            studio.server.url,
            [
                ["drag-bar", "1", "1.04"], ["drag-bar", "0", "-0.96"], ["seek", "2.55"], ["drag-bar", "1", "-4.46"],
                ["hold-bar", "1", "0.52"],
            ])
        #expect(run.errors.isEmpty, "\(run.errors)")
        // 6 s + 1.04 s: 7 s, a whole second.
        let seven = Self.twelveSeconds.replacingOccurrences(of: #""start": 6,"#, with: #""start": 7,"#)
        #expect(run.actions[0].file == seven, "\(run.actions[0].file)")
        // The card's step (1 s to 4 s) 0.96 s earlier: it starts at 0 (a whole second).
        let zero = seven.replacingOccurrences(of: #""start": 1,"#, with: #""start": 0,"#)
        #expect(run.actions[1].file == zero, "\(run.actions[1].file)")
        // 7 s − 4.46 s is 2.54 s: on the playhead's 2.5 s, not on 3 s (the card's end is at 3 s).
        let playhead = zero.replacingOccurrences(of: #""start": 7,"#, with: #""start": 2.5,"#)
        #expect(run.actions[3].file == playhead, "\(run.actions[3].file)")
        // Held at 2.5 s + 0.52 s, the bar shows a line where it snaps (3 s, the card's end) before
        // it is released there.
        let line = try #require(run.actions[4].snapline, "no line where the bar snaps")
        #expect(abs(line[0] - 3) <= 1.5 * line[1], "the line at \(line[0]) s")
        let three = playhead.replacingOccurrences(of: #""start": 2.5,"#, with: #""start": 3,"#)
        #expect(run.actions[4].file == three, "\(run.actions[4].file)")
    }

    @Test("layer names sit beside the bars, whole in their title; the curve editor shows the selected step")
    func namesAndCurveEditor() throws {
        let long = Self.twelveSeconds.replacingOccurrences(of: "\"card\"", with: "\"a-card-with-a-very-long-name\"")
        let studio = try Studio(long)
        defer { studio.stop() }
        let run = try Self.run(
            studio.server.url,
            [
                ["layout"], ["select", "1"], ["layout"], ["resize-curves", "220"], ["layout"],
                ["click-id", "curveclose"],
                ["layout"], ["click-id", "curveopen"], ["layout"],
            ])
        #expect(run.errors.isEmpty, "\(run.errors)")
        let layouts = run.actions.compactMap(\.layout)
        let (first, selected, taller, closed, opened) = (layouts[0], layouts[1], layouts[2], layouts[3], layouts[4])
        #expect(first.names.map(\.title) == ["a-card-with-a-very-long-name", "panel"])
        for name in first.names {
            #expect(name.text == name.title)
            for bar in first.bars {
                #expect(!StudioHooksTests.intersect(name.box, bar.box), "\(name) over \(bar)")
            }
        }
        #expect(first.names[0].elided && !first.names[1].elided, "\(first.names)")

        // Nothing selected: no curve. Selected: that step's, with its name, alone.
        #expect(first.curves.shown && first.curves.handles == 0 && first.curves.title.contains("select"))
        #expect(!selected.curves.title.contains("select") && selected.curves.handles == 2, "\(selected.curves)")
        // Resized taller, the viewer gives up the room; closed, the viewer takes it; opened again.
        #expect(abs(Self.height(taller.curves.box) - 220) <= 2, "\(taller.curves.box)")
        #expect(Self.height(taller.stage) < Self.height(selected.stage) - 50, "\(taller.stage) \(selected.stage)")
        #expect(!closed.curves.shown && closed.curves.handles == 0)
        #expect(Self.height(closed.stage) > Self.height(taller.stage) + 150, "\(closed.stage) \(taller.stage)")
        #expect(opened.curves.shown && opened.curves.handles == 2)
        #expect(Self.width(first.stage) >= 640)
    }

    @Test("the keys step, jump, play and pause; every control has a name and shows its focus")
    func keyboard() throws {
        let studio = try Studio(Self.twelveSeconds)
        defer { studio.stop() }
        let keys = [
            "right", "right", "shift+right", "left", "shift+left", "end", "home", "l", "l", "k", "shift+right",
            "space", "space",
        ]
        var actions = keys.map { ["press", $0] }
        actions += [["seek", "5.05"], ["press", "j"], ["until-frame-below", "48"], ["press", "k"], ["layout"]]
        actions += [["click-id", "play"], ["press", "space"], ["press", "tab"], ["press", "tab"]]
        actions += [["focus", #"[data-step="1"]"#], ["press", "enter"], ["layout"]]
        let run = try Self.run(studio.server.url, actions)
        #expect(run.errors.isEmpty, "\(run.errors)")
        let shown = run.actions.prefix(keys.count).map { $0.playback }
        let frames = shown.map { $0?.frame }
        #expect(Array(frames.prefix(7)) == [1, 2, 12, 11, 1, 119, 0], "\(frames)")
        for (action, frame) in zip(shown.prefix(7), [1, 2, 12, 11, 1, 119, 0]) {
            #expect(action?.time.contains("frame \(frame) ") == true, "\(String(describing: action?.time))")
        }
        #expect(shown[7]?.playing == true && shown[7]?.rate == 1, "L plays")
        #expect(shown[8]?.playing == true && shown[8]?.rate == 2, "L again plays twice as fast")
        #expect(shown[9]?.playing == false, "K pauses")
        #expect(shown[11]?.playing == true && shown[12]?.playing == false, "Space plays and pauses")
        // J plays backwards from frame 50.
        let back = run.actions[keys.count + 1].playback
        #expect(back?.playing == true && back?.rate == -1, "\(String(describing: back))")
        let paused = run.actions[keys.count + 3].playback
        #expect(paused?.playing == false && (paused?.frame ?? 99) < 48)

        let layout = try #require(run.actions[keys.count + 4].layout)
        #expect(layout.unnamed.isEmpty, "controls with no name for screen readers: \(layout.unnamed)")
        // The ruler reads as a slider from 0 to 12 s, at the frame on show.
        let slider = layout.rulerSlider
        #expect(slider[0] == "slider" && slider[1] == "0" && slider[2] == "12", "\(slider)")
        let now = try #require(Double(slider[3]))
        #expect(slider[4].contains("frame \(Int((now * 10).rounded())) "), "\(slider)")
        // Space on the focused play button plays and pauses once, not twice.
        let afterClick = run.actions[keys.count + 6].playback
        #expect(afterClick?.playing == false && afterClick?.focused == "play", "\(String(describing: afterClick))")
        // Tab moves the focus on, and the focused control shows an outline.
        for action in run.actions[keys.count + 7...keys.count + 8] {
            let playback = try #require(action.playback)
            guard case .style(let style) = playback.outline[0], case .width(let width) = playback.outline[1] else {
                Issue.record("\(playback.outline)")
                continue
            }
            #expect(style != "none" && width >= 1, "\(playback.focused): \(style) \(width)")
        }
        // Enter on a step's bar, reached by the keyboard, selects it: the curve editor shows it.
        let chosen = try #require(run.actions[keys.count + 11].layout)
        #expect(chosen.curves.handles == 2 && !chosen.curves.title.contains("select"), "\(chosen.curves)")
        #expect(studio.text == Self.twelveSeconds)
    }
}
