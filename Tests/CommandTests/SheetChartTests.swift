import CommandTestSupport
import Foundation
import Testing

/// `pipeline sheet FILE --chart chart.png` also writes a timing chart: one row per step, each a
/// panel with the step's progress drawn as an orange line over the render's time, lines at
/// progress 0 and 1, room above 1 for overshoot, and an interactive render's release marked.
@Suite final class SheetChartTests {
    static let text = """
        { "version": 1,
          "canvas": { "width": 40, "height": 30, "fps": 50, "duration": 1.2, "background": "#000000" },
          "layers": [ { "name": "box", "fill": "#3080ff", "frame": [5, 5, 10, 10] } ],
          "timeline": [
            { "animator": "fade", "target": "box", "start": 0.1, "duration": 0.6, "params": { "to": 0 } },
            { "animator": "move-and-scale", "target": "box", "start": 0.2, "duration": 0.8,
              "timing": { "spring": { "dampingRatio": 0.3 } }, "params": { "to": [20, 10, 15, 15] } },
            { "animator": "fade", "target": "box", "duration": 0.3, "timing": "ease-in", "reverse": true }
          ]
          INTERACTION
        }
        """
    static let interaction = """
        , "interaction": { "track": [[0, 0], [0.3, 0.4, 1]], "finishIf": { "velocityAbove": 0 } }
        """

    let folder: URL
    init() throws { folder = try CLI.temporaryDirectory() }
    deinit { try? FileManager.default.removeItem(at: folder) }

    private func chart(interactive: Bool = false) throws -> RGBAImage {
        let text = Self.text.replacingOccurrences(of: "INTERACTION", with: interactive ? Self.interaction : "")
        try text.write(to: folder.appendingPathComponent("steps.json"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["sheet", "steps.json", "--chart", "chart.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("wrote chart.png"), "\(result.stderr)")
        return try RGBAImage.read(folder.appendingPathComponent("chart.png"))
    }

    @Test func oneRowPerStepEachLabelled() throws {
        let picture = try chart()
        let rows = picture.chartRows()
        #expect(rows.count == 3, "rows found: \(rows)")
        for row in rows {
            #expect(
                picture.inkCount(x: 0..<row.x.lowerBound - 40, y: row.y) > 100, "no label beside the row at \(row.y)")
        }
    }

    @Test func aLinearStepRisesSteadilyLeftToRightWithoutOvershoot() throws {
        let picture = try chart()
        let rows = picture.chartRows()
        try #require(rows.count == 3)
        let line = picture.progressLine(in: rows[0])
        try #require(line.count > 100, "the progress line is drawn: \(line.count) columns")
        let heights = line.map(\.y)
        #expect(zip(heights, heights.dropFirst()).allSatisfy { $1 <= $0 + 1 }, "the line never falls")
        #expect(heights.first! - heights.last! > Double(rows[0].y.count) / 2, "the line climbs most of the row")
        let (zero, one) = picture.unitLines(in: rows[0])
        #expect(
            abs(heights.first! - Double(zero)) <= 2 && abs(heights.last! - Double(one)) <= 2,
            "from the 0 line (\(zero)) to the 1 line (\(one)): \(heights.first!) → \(heights.last!)")
        #expect(line.first!.x > rows[0].x.lowerBound + 20, "nothing before the step's start")
    }

    @Test func aSpringOvershootsAboveTheOneLine() throws {
        let picture = try chart()
        let rows = picture.chartRows()
        try #require(rows.count == 3)
        let highest = picture.progressLine(in: rows[1]).map(\.y).min() ?? .infinity
        let (_, one) = picture.unitLines(in: rows[1])
        #expect(highest < Double(one) - 4, "the spring's line (top \(highest)) goes above the 1 line (\(one))")
    }

    @Test func anInteractiveRenderMarksTheRelease() throws {
        let plain = try chart()
        let interactive = try chart(interactive: true)
        #expect(plain.releaseMarkPixels() == 0)
        #expect(interactive.releaseMarkPixels() > 100, "the release is marked")
    }
}

extension RGBAImage {
    /// The chart's plot panels, top to bottom: long non-background runs down the column 10
    /// pixels left of the right edge of the plots, and the panel's extent along its middle row.
    func chartRows() -> [(x: Range<Int>, y: Range<Int>)] {
        solidRuns(column: width - 40, atLeast: 40).compactMap { band in
            solidRuns(row: (band.lowerBound + band.upperBound) / 2, atLeast: 200).last.map { (x: $0, y: band) }
        }
    }

    /// The progress line's orange pixels, by column: the mean height of each column's line pixels.
    func progressLine(in row: (x: Range<Int>, y: Range<Int>)) -> [(x: Int, y: Double)] {
        row.x.compactMap { x in
            let ys = row.y.filter { y in
                let p = self[x, y]
                return p.r > 200 && p.g > 120 && p.b < 90
            }
            return ys.isEmpty ? nil : (x, Double(ys.reduce(0, +)) / Double(ys.count))
        }
    }

    /// The rows of the grey lines at progress 0 and 1: the two rows where most columns show them.
    func unitLines(in row: (x: Range<Int>, y: Range<Int>)) -> (zero: Int, one: Int) {
        let grey = Pixel(0x78, 0x7b, 0x88)
        let counts = row.y.map { y in (y, row.x.filter { self[$0, y].distance(to: grey) <= 6 }.count) }
        let lines = counts.sorted { $0.1 > $1.1 }.prefix(2).map(\.0).sorted()
        return (lines[1], lines[0])
    }

    /// Pixels of the release mark's red.
    func releaseMarkPixels() -> Int {
        let red = Pixel(0xff, 0x4f, 0x6a)
        return (0..<height).reduce(0) { sum, y in sum + (0..<width).filter { self[$0, y].distance(to: red) <= 8 }.count
        }
    }
}
