import PluginRegistry
import Scene
import Testing

@testable import Sheet

/// Which frames a contact sheet shows and how it names them: evenly spaced exact frame times
/// from the first frame to the last, a time read as the frame on screen then (clamped, never
/// trapping), captions and titles.
@Suite struct SheetTimesTests {
    /// `seconds` at `fps`, one layer, no plugins.
    static func scene(fps: Double, seconds: Double) throws -> Scene {
        let text = """
            { "version": 1,
              "canvas": { "width": 40, "height": 30, "fps": \(fps), "duration": \(seconds) },
              "layers": [ { "name": "card", "fill": "#ff0000", "frame": [20, 0, 20, 30] } ] }
            """
        return try SceneDecoder.decode(Array(text.utf8), file: "/tmp/p.json", registry: Registry(opensPlugins: false))
    }

    @Test func evenlySpacedTimesAreExactFramesFromFirstToLast() throws {
        let scene = try Self.scene(fps: 20, seconds: 1)
        let times = SheetTimes.evenlySpaced(count: 8, in: scene)
        #expect(times.map { Int(($0 * 20).rounded()) } == [0, 3, 5, 8, 11, 14, 16, 19])
        #expect(times.allSatisfy { ($0 * 20).rounded() / 20 == $0 }, "each time is a frame's own")
    }

    @Test func neverMoreCellsThanFrames() throws {
        let scene = try Self.scene(fps: 10, seconds: 0.3)
        #expect(SheetTimes.evenlySpaced(count: 8, in: scene) == [0, 0.1, 0.2])
        #expect(SheetTimes.evenlySpaced(count: 1, in: scene) == [0])
        let oneFrame = try Self.scene(fps: 10, seconds: 0.1)
        #expect(SheetTimes.evenlySpaced(count: 8, in: oneFrame) == [0])
    }

    @Test func aTimeShowsTheFrameOnScreenThen() throws {
        let scene = try Self.scene(fps: 30, seconds: 1)
        #expect(SheetTimes.frame(showing: 0, in: scene) == 0)
        #expect(SheetTimes.frame(showing: 0.1, in: scene) == 3)
        #expect(SheetTimes.frame(showing: 0.7, in: scene) == 21, "0.7 × 30 is 20.999999999999996")
        #expect(SheetTimes.frame(showing: 0.116, in: scene) == 3)
        #expect(SheetTimes.frame(showing: 1, in: scene) == 29, "the very end shows the last frame")
    }

    @Test(arguments: [-1, -.infinity, .nan, .infinity, 1e300, 9e18])
    func anyTimeGivesAFrameInTheRender(_ seconds: Double) throws {
        let scene = try Self.scene(fps: 30, seconds: 1)
        #expect((0..<30).contains(SheetTimes.frame(showing: seconds, in: scene)))
    }

    @Test func captionsAndTitlesNameTheFrames() throws {
        #expect(SheetTimes.caption(frame: 15, fps: 60) == "0.250 s · frame 15")
        #expect(SheetTimes.caption(frame: 0, fps: 29.97) == "0.000 s · frame 0")
        let scene = try Self.scene(fps: 60, seconds: 1.5)
        #expect(ContactSheet.title(scene) == "p.json · 40 × 30 · 60 fps · 1.50 s, 90 frames")
        #expect(TimingChart.title(scene) == "p.json · timing chart · 1.50 s at 60 fps")
        let single = try Self.scene(fps: 10, seconds: 0.1)
        #expect(ContactSheet.title(single) == "p.json · 40 × 30 · 10 fps · 0.10 s, 1 frame")
    }
}
