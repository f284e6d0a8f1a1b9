import Compositor
import PluginRegistry
import Renderer
import Scene
import Testing

@testable import Sheet

/// The pictures themselves, made in this process from a pipeline without plugins: a contact
/// sheet's cells hold the frames at their times on the sheet's background, and a timing chart
/// draws a step's progress where its layout puts it; its time axis and y-range are checked too.
@Suite struct SheetPictureTests {
    /// 40 × 30 at 10 fps for one second: blue, with a red card on the right half fading out
    /// linearly over the whole second (an `animate` step: the host runs it, no plugin).
    static func fadingCard() throws -> Scene {
        let text = """
            { "version": 1,
              "canvas": { "width": 40, "height": 30, "fps": 10, "duration": 1, "background": "#0000ff" },
              "layers": [ { "name": "card", "fill": "#ff0000", "frame": [20, 0, 20, 30] } ],
              "timeline": [ { "animate": "opacity", "target": "card", "from": 1, "to": 0, "duration": 1,
                              "timing": "linear" } ] }
            """
        return try SceneDecoder.decode(Array(text.utf8), file: "/tmp/p.json", registry: Registry(opensPlugins: false))
    }

    /// Straight RGB of the opaque pixel at (x, y); Cairo's ARGB32 is B, G, R, A in memory here.
    private func rgb(_ picture: FrameBuffer, _ x: Int, _ y: Int) -> [Int] {
        let at = y * picture.stride + x * 4
        #expect(picture.pixels[at + 3] == 255, "(\(x), \(y)) is opaque")
        return [Int(picture.pixels[at + 2]), Int(picture.pixels[at + 1]), Int(picture.pixels[at])]
    }

    private func near(_ a: [Int], _ b: [Int], within tolerance: Int = 2) -> Bool {
        zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test func aContactSheetHoldsEachFrameInItsCell() throws {
        let scene = try Self.fadingCard()
        let layout = SheetLayout(count: 3, columns: nil, cellWidth: nil, canvasWidth: 40, canvasHeight: 30)
        // 0.95 s lies between frame 9 (0.9 s) and the end: the cell shows frame 9, as `run` writes it.
        let sheet = try ContactSheet.render(
            try FrameEvaluator(scene: scene), images: .none, times: [0, 0.5, 0.95], layout: layout)
        #expect((sheet.width, sheet.height) == (layout.width, layout.height))
        let background = [0x26, 0x27, 0x2c]
        #expect(rgb(sheet, 2, 2) == background)
        for index in 0..<3 {
            let cell = layout.cell(index)
            let (left, top) = (Int(cell.x), Int(cell.y))
            #expect(near(rgb(sheet, left + 10, top + 15), [0, 0, 255]), "cell \(index)'s left half is blue")
            #expect(rgb(sheet, left - 8, top + 15) == background, "the gap before cell \(index)")
        }
        let cards = (0..<3).map { index in
            rgb(sheet, Int(layout.cell(index).x) + 30, Int(layout.cell(index).y) + 15)
        }
        #expect(near(cards[0], [255, 0, 0]), "frame 0: the card at full opacity")
        #expect(near(cards[1], [128, 0, 127]), "frame 5: half faded")
        #expect(near(cards[2], [26, 0, 230]), "frame 9: opacity 0.1")
    }

    @Test func aTimingChartDrawsTheStepsProgressWhereItsLayoutSays() throws {
        let evaluator = try FrameEvaluator(scene: try Self.fadingCard())
        let (result, failure) = evaluator.evaluatingCurves(TimingChart.render)
        #expect(failure == nil)
        let chart = try result.get()
        let layout = ChartLayout(rows: 1, marksRelease: false)
        #expect((chart.width, chart.height) == (1600, layout.height))
        #expect(layout.height == 44 + 26 + 96 + 24)
        // Sample k is pixel column k of the plot: half way along, 0.45 s into a 0.9 s chart, the
        // linear step's progress is 0.45. The y-range is 0...1 padded by a tenth each way.
        let range = ProgressRange([ProgressSeries(values: [0, 0.9], active: [true, true])])
        let column = ChartLayout.plotLeft + ChartLayout.plotWidth / 2
        let y = layout.y(of: 0.45, row: 0, range: range)
        #expect(abs(y - 121.5) < 1e-9)
        #expect(near(rgb(chart, column, 121), [0xff, 0xa4, 0x1b]), "the progress line")
        #expect(rgb(chart, column, 100) == [0x2d, 0x44, 0x5e], "the panel where the step runs")
        #expect(rgb(chart, 5, chart.height - 5) == [0x26, 0x27, 0x2c], "the background")
    }

    @Test func theTimeAxisTicksAtRoundStepsUpToTheEnd() {
        #expect(ChartLayout.ticks(upTo: 1.5) == [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5])
        #expect(ChartLayout.ticks(upTo: 0.9).count == 10)
        #expect(ChartLayout.ticks(upTo: 3600) == (0...12).map { Double($0) * 300 })
        #expect(ChartLayout.ticks(upTo: 0.01) == [0])
        for end in [0.01, 0.2, 0.99, 1, 2.5, 7, 59.9, 61, 299, 1000, 3600] {
            let ticks = ChartLayout.ticks(upTo: end)
            let step = ticks.count > 1 ? ticks[1] : .infinity
            #expect(ticks.first == 0 && ticks.count <= 13, "at most about a dozen ticks up to \(end) s")
            #expect(ticks.last! <= end + 1e-9 && ticks.last! + step > end, "the ticks reach \(end) s")
        }
    }

    @Test func theYRangeWidensToOvershootAndIgnoresGaps() {
        let plain = ProgressRange([ProgressSeries(values: [nil, 0, 0.5, 1], active: [])])
        #expect(plain.lower == -0.1 && plain.upper == 1.1)
        let spring = ProgressRange([
            ProgressSeries(values: [nil, 0, 1.2], active: []), ProgressSeries(values: [-0.05, .nan, 1], active: []),
        ])
        #expect(abs(spring.lower - -0.175) < 1e-12 && abs(spring.upper - 1.325) < 1e-12)
        #expect(abs(spring.fraction(spring.lower)) < 1e-12 && abs(spring.fraction(spring.upper) - 1) < 1e-12)
        #expect(ProgressRange([]).lower == -0.1)
    }
}
