import CommandTestSupport
import Foundation
import Testing

/// The preview's editor in a real browser: dragging a step's bar, a Bézier handle and an
/// interactive transition each changes the file as described (only those values' bytes), undo
/// and redo send the inverse and the change again, and `pipeline run` renders what the page
/// showed. The editor fits its window, and the preview plays the pipeline's sound in step.
@Suite(
    "the studio in headless Chromium",
    .enabled(
        if: StudioBrowser.available,
        "chromium, chromium-driver or python3-selenium is not installed: scripts/install-deps --test"))
struct StudioBrowserTests {
    static let blue = Pixel(0, 0, 255)

    /// A white card faded in over blue: a frame's colour says how far the fade is.
    static let fade = """
        {
          "version": 1,
          "canvas": { "width": 200, "height": 100, "fps": 20, "duration": 2.5, "background": "#0000ff" },
          "layers": [
            { "name": "card", "fill": "#ffffff", "frame": [0, 0, 200, 100], "opacity": 0 }
          ],
          "timeline": [
            { "animator": "fade", "target": "card", "start": 0.5, "duration": 1, "params": { "to": 1 } }
          ]
        }

        """

    /// The same fade driven by a gesture that finishes when released at least half way.
    static let interactive = """
        {
          "version": 1,
          "canvas": { "width": 200, "height": 100, "fps": 20, "background": "#0000ff" },
          "interaction": {
            "track": [[0, 0], [0.2, 0.1]],
            "finishIf": { "progressAtLeast": 0.5 }
          },
          "layers": [
            { "name": "card", "fill": "#ffffff", "frame": [0, 0, 200, 100], "opacity": 0 }
          ],
          "timeline": [
            { "animator": "fade", "target": "card", "duration": 1, "params": { "to": 1 } }
          ]
        }

        """

    struct Studio {
        let folder: URL
        let file: URL
        let server: PreviewServerProcess

        /// `prepare` puts what the pipeline shows into the folder before the server opens it.
        init(_ text: String, name: String = "studio.json", prepare: (URL) throws -> Void = { _ in }) throws {
            folder = try CLI.temporaryDirectory()
            try prepare(folder)
            file = try PluginFixtures.write(text, to: name, in: folder)
            server = try PreviewServerProcess([file.path, "--edit"], scratch: folder)
        }

        /// The repository's `examples/NAME.json` with its assets, copied into a folder of its own.
        init(example name: String) throws {
            folder = try CLI.temporaryDirectory()
            for item in ["\(name).json", "assets"] {
                try FileManager.default.copyItem(
                    at: CLI.repositoryRoot.appendingPathComponent("examples/\(item)"),
                    to: folder.appendingPathComponent(item))
            }
            file = folder.appendingPathComponent("\(name).json")
            server = try PreviewServerProcess([file.path, "--edit"], scratch: folder)
        }

        func stop() {
            server.stop()
            try? FileManager.default.removeItem(at: folder)
        }

        var text: String { (try? String(contentsOf: file, encoding: .utf8)) ?? "" }

        /// `pipeline run` of the file as it is now: frame `index` of the render.
        func rendered(_ out: String) throws -> [RGBAImage] {
            let run = try CLI.run(["run", file.path, "--out", out, "--format", "png", "--quiet"], in: folder)
            try #require(run.status == 0, "\(run.stderr)")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(out).path)
                .filter { $0.hasSuffix(".png") }.sorted()
            return try names.map { try RGBAImage.read(folder.appendingPathComponent("\(out)/\($0)")) }
        }
    }

    /// cubic-bezier(x1, y1, x2, y2) at time `x`: the curve's parameter found by bisection (x grows
    /// with it while x1 and x2 lie in 0...1), then its y.
    static func bezier(x: Double, x1: Double, y1: Double, x2: Double, y2: Double) -> Double {
        func at(_ s: Double, _ a: Double, _ b: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
        }
        var (low, high) = (0.0, 1.0)
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if at(middle, x1, x2) < x { low = middle } else { high = middle }
        }
        return at((low + high) / 2, y1, y2)
    }

    /// The white card's opacity in `image`, from its blue over the blue background.
    static func opacity(_ image: RGBAImage) -> Double { Double(image[100, 50].r) / 255 }

    @Test("dragging a step's bar moves its start; undo and redo; pipeline run shows it")
    func dragABar() throws {
        let studio = try Studio(Self.fade)
        defer { studio.stop() }
        let run = try StudioBrowser.run(studio.server.url, [["drag-bar", "0", "0.5"], ["undo"], ["redo"]])
        #expect(run.errors.isEmpty, "\(run.errors)")
        let moved = Self.fade.replacingOccurrences(of: #""start": 0.5,"#, with: #""start": 1,"#)
        #expect(run.actions[0].file == moved, "\(run.actions[0].file)")
        #expect(run.actions[1].file == Self.fade, "undo writes the old value back")
        #expect(run.actions[2].file == moved, "redo writes the change again")
        #expect(studio.text == moved)

        let frames = try studio.rendered("out")
        #expect(frames.count == 50)
        // The fade now runs from 1 s to 2 s: nothing shows at 0.75 s, half the card at 1.5 s.
        #expect(frames[15][100, 50] == Self.blue, "\(frames[15][100, 50])")
        #expect(abs(Self.opacity(frames[30]) - 0.5) < 0.02, "\(frames[30][100, 50])")
        #expect(Self.opacity(frames[40]) == 1)
    }

    @Test("dragging a bar's end where the render ends with the step: the scale holds while the render grows")
    func dragTheLastEnd() throws {
        let open = Self.fade.replacingOccurrences(of: #""duration": 2.5, "#, with: "")
        let studio = try Studio(open)
        defer { studio.stop() }
        let run = try StudioBrowser.run(studio.server.url, [["drag-end", "0", "0.5"]])
        #expect(run.errors.isEmpty, "\(run.errors)")
        let text = run.actions[0].file
        let duration = try #require(text.firstMatch(of: #/"duration": ([0-9.]+), "params"/#), "\(text)")
        let seconds = try #require(Double(duration.1))
        #expect(abs(seconds - 1.5) < 0.02, "the end moved by what the pointer moved: \(seconds)")
        #expect(text == open.replacingOccurrences(of: #""duration": 1,"#, with: #""duration": \#(duration.1),"#))
    }

    @Test("dragging a Bézier handle writes the curve, and pipeline run eases by it")
    func dragAHandle() throws {
        let studio = try Studio(Self.fade)
        defer { studio.stop() }
        // The first handle of the linear curve (on its start) up and to the right.
        let run = try StudioBrowser.run(studio.server.url, [["drag-handle", "0", "0", "40", "-40"]])
        #expect(run.errors.isEmpty, "\(run.errors)")
        let text = run.actions[0].file
        let written = try #require(
            text.firstMatch(of: #/, "timing": \{ "cubic-bezier": \[([-0-9.]+), ([-0-9.]+), 1, 1\] \} \}/#),
            "\(text)")
        let (x1, y1) = (try #require(Double(written.1)), try #require(Double(written.2)))
        #expect(x1 > 0.02 && x1 < 0.5 && y1 > 0.5, "cubic-bezier(\(x1), \(y1), 1, 1)")
        #expect(
            text
                == Self.fade.replacingOccurrences(
                    of: #""params": { "to": 1 } }"#, with: #""params": { "to": 1 }"# + written.0),
            "only the timing is added")
        #expect(studio.text == text)

        let frames = try studio.rendered("out")
        // Half way through the step (1 s) the card shows the curve's progress at x = 0.5.
        let expected = Self.bezier(x: 0.5, x1: x1, y1: y1, x2: 1, y2: 1)
        #expect(expected > 0.55, "the handle raised the curve")
        #expect(abs(Self.opacity(frames[20]) - expected) < 0.02, "\(frames[20][100, 50]) for progress \(expected)")
    }

    @Test("the inspector writes a step's spring, its parameters and a layer's colour; pipeline run shows them")
    func inspector() throws {
        let studio = try Studio(Self.fade)
        defer { studio.stop() }
        let run = try StudioBrowser.run(
            studio.server.url,
            [
                ["select", "0"], ["set", "/timeline/0/timing", "spring"],
                ["set", "/timeline/0/timing/spring/dampingRatio", "0.4"], ["set", "/timeline/0/params/to", "0.8"],
                ["set", "/layers/0/fill", "#00ff00"],
            ])
        #expect(run.errors.isEmpty, "\(run.errors)")
        let spring = Self.fade.replacingOccurrences(
            of: #""params": { "to": 1 } }"#,
            with: #""params": { "to": 1 }, "timing": { "spring": { "dampingRatio": 0.7 } } }"#)
        #expect(run.actions[1].file == spring, "\(run.actions[1].file)")
        let bouncier = spring.replacingOccurrences(of: #""dampingRatio": 0.7"#, with: #""dampingRatio": 0.4"#)
        #expect(run.actions[2].file == bouncier, "\(run.actions[2].file)")
        let lower = bouncier.replacingOccurrences(of: #""to": 1"#, with: #""to": 0.8"#)
        #expect(run.actions[3].file == lower, "\(run.actions[3].file)")
        let green = lower.replacingOccurrences(of: ##""fill": "#ffffff""##, with: ##""fill": "#00ff00""##)
        #expect(run.actions[4].file == green, "\(run.actions[4].file)")
        #expect(studio.text == green)

        // A green card at 80 % over blue once the spring has settled.
        let last = try #require(try studio.rendered("out").last)
        let pixel = last[100, 50]
        #expect(pixel.distance(to: Pixel(0, 204, 51)) <= 2, "\(pixel)")
    }

    @Test("driving the interactive transition by hand plays its end as pipeline run renders it, and keeps it")
    func driveByHand() throws {
        let studio = try Studio(Self.interactive)
        defer { studio.stop() }
        // 70 % of the frame's width in 1.2 s, then 20 % in 0.6 s: the first finishes, the second cancels.
        let run = try StudioBrowser.run(studio.server.url, [["gesture", "0.7", "1.2"], ["gesture", "0.2", "0.6"]])
        #expect(run.errors.isEmpty, "\(run.errors)")
        for (index, (fraction, finishes)) in [(0.7, true), (0.2, false)].enumerated() {
            let action = run.actions[index]
            let released = try #require(action.released)
            let release = try #require(released.track.last)
            #expect(released.finishes == finishes, "\(released.track)")
            #expect(abs(release[1] - fraction) < 0.06, "released at \(release[1])")
            #expect(release.count == 3, "the release carries its velocity")
            #expect(zip(released.track, released.track.dropFirst()).allSatisfy { $0[0] < $1[0] }, "time goes forward")
            #expect(released.frames > 0, "the page played the rest")

            // Only the track's bytes changed, to the gesture's samples.
            let text = action.file
            let track = try #require(text.firstMatch(of: #/"track": (\[.*\]),\n/#), "\(text)")
            let samples = try JSONDecoder().decode([[Double]].self, from: Data(track.1.utf8))
            #expect(samples == released.track)
            let before = index == 0 ? Self.interactive : run.actions[0].file
            let old = try #require(before.firstMatch(of: #/"track": (\[.*\]),\n/#))
            #expect(text == before.replacingOccurrences(of: old.0, with: track.0))

            // pipeline run renders the gesture as the page played it: its last frame is the
            // page's last, the card in (finished) or gone (cancelled).
            try String(text).write(to: studio.file, atomically: true, encoding: .utf8)
            let frames = try studio.rendered("out\(index)")
            let last = try #require(frames.last)
            let shown = studio.folder.appendingPathComponent("shown\(index).png")
            try Data(base64Encoded: try #require(action.lastFrame))!.write(to: shown)
            let page = try RGBAImage.read(shown)
            #expect(page.width == last.width && page.bytes == last.bytes, "the page's last frame is the run's")
            #expect(Self.opacity(last) == (finishes ? 1 : 0))
            // Up to the release, each frame shows the card as far as the finger had taken it:
            // the track's percent at the frame's time, between its samples.
            for index in frames.indices where Double(index) / 20 < release[0] {
                let time = Double(index) / 20
                let next = try #require(released.track.firstIndex { $0[0] > time })
                let (a, b) = (released.track[next - 1], released.track[next])
                let expected = a[1] + (b[1] - a[1]) * (time - a[0]) / (b[0] - a[0])
                #expect(abs(Self.opacity(frames[index]) - expected) < 0.01, "frame \(index): \(frames[index][100, 50])")
            }
        }
        #expect(studio.text == run.actions[1].file)
    }

    @Test("the editor fits its window with the frame, tracks, chart and inspector; the screenshot")
    func editorFitsTheWindow() throws {
        let studio = try Studio(example: "custom-presentation")
        defer { studio.stop() }
        let (server, shot) = (studio.server, studio.folder.appendingPathComponent("studio.png"))
        // A quarter of a second in: the card half way up, the screen behind it dimming.
        let url = try #require(URL(string: server.url.absoluteString + "&t=0.25"))
        let run = try StudioBrowser.run(url, [["screenshot", shot.path]])
        #expect(run.errors.isEmpty, "\(run.errors)")
        #expect(run.loaded == [1, 375, 667], "the first frame is on show when the page reports itself loaded")
        let boxes = try #require(run.actions[0].boxes)
        let (width, height) = (boxes.window[0], boxes.window[1])
        for (name, box) in [
            ("frame", boxes.frame), ("tracks", boxes.tracks), ("chart", boxes.chart), ("inspector", boxes.inspector),
            ("controls", boxes.controls),
        ] {
            #expect(
                box[0] >= 0 && box[1] >= 0 && box[2] <= width && box[3] <= height,
                "\(name) \(box) in \(width)×\(height)")
        }
        #expect(boxes.scrollHeight <= height && boxes.scrollWidth <= width, "nothing scrolls")
        #expect(boxes.frame[3] - boxes.frame[1] > 300, "the frame is shown large enough to work on")
        let image = try RGBAImage.read(shot)
        #expect(image.width == Int(width) && image.height == Int(height))
        // The documentation's picture of the editor is this screenshot.
        if let target = ProcessInfo.processInfo.environment["PIPELINE_WRITE_SCREENSHOTS"] {
            let destination = URL(fileURLWithPath: target).appendingPathComponent("studio.png")
            try? FileManager.default.removeItem(at: destination)
            try FileManager.default.copyItem(at: shot, to: destination)
        }
    }

    @Test("the preview plays the pipeline's sound in step with its frames")
    func soundPlaysInStep() async throws {
        let studio = try Studio(example: "app-preview")
        defer { studio.stop() }
        let server = studio.server
        // The mix pipeline run lays under the video: 4.5 s of 16-bit stereo at 48 kHz.
        let sound = try await server.get("sound.wav")
        #expect(sound.status == 200)
        #expect(sound.body.prefix(4) == Data("RIFF".utf8) && sound.body.dropFirst(8).prefix(4) == Data("WAVE".utf8))
        let body = [UInt8](sound.body)
        let data = try #require(
            (12..<body.count - 8).first { body[$0..<$0 + 4].elementsEqual("data".utf8) }, "a data chunk")
        let bytes = body[data + 4..<data + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
        #expect(bytes / 4 == 216_000, "\(bytes / 4) samples")

        // Played from 2 s in: the sound starts there too, and plays on. How far on depends on how
        // long the browser took to play 1.5 s on a loaded machine, so only the sound's own end (4.5
        // s) bounds it; a sound started from 0 would be below 2. (That each frame painted is the
        // frame of the sound's time, StudioPlaybackTests reads from the painted pixels.)
        let url = try #require(URL(string: server.url.absoluteString + "&t=2"))
        let run = try StudioBrowser.run(url, [["play", "1.5"]])
        #expect(run.errors.isEmpty, "\(run.errors)")
        let playing = try #require(run.actions[0].playing)
        #expect(playing.hasSound && !playing.paused, "\(playing)")
        #expect(playing.soundTime > 2 && playing.soundTime < 4.5, "\(playing)")
        #expect(playing.frameTime >= 2, "\(playing)")
    }
}
