import CommandTestSupport
import Foundation
import Testing

/// `pipeline sheet FILE` writes a contact sheet: frames at chosen times in a grid of cells on a
/// neutral background, each the frame on screen at that time (the one at or before it), scaled
/// to the cell, with its time stamp and frame number under it. Bad --times are refused with exit 1.
@Suite final class SheetCommandTests {
    let folder: URL
    init() throws { folder = try SmallPipeline.folder() }
    deinit { try? FileManager.default.removeItem(at: folder) }

    private func sheet(_ arguments: [String]) throws -> RGBAImage {
        let result = try CLI.run(["sheet", "small.json", "-o", "sheet.png"] + arguments, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("wrote sheet.png"), "\(result.stderr)")
        return try RGBAImage.read(folder.appendingPathComponent("sheet.png"))
    }

    private func still(at seconds: String) throws -> RGBAImage {
        let result = try CLI.run(["frame", "small.json", "--at", seconds, "-o", "still.png"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        return try RGBAImage.read(folder.appendingPathComponent("still.png"))
    }

    @Test func byDefaultEightFramesInTwoRowsOfFourAtTheirOwnSize() throws {
        let picture = try sheet([])
        let cells = picture.sheetCells()
        #expect(cells.count == 8, "cells found: \(cells)")
        #expect(
            cells.allSatisfy { $0.x.count == SheetCommandTests.width && $0.y.count == SheetCommandTests.height },
            "a frame smaller than the default cell keeps its size: \(cells)")
        #expect(Set(cells.map(\.y.lowerBound)).count == 2 && Set(cells.map(\.x.lowerBound)).count == 4)
        let left = cells.map(\.x.lowerBound).min()!
        let right = picture.width - cells.map(\.x.upperBound).max()!
        #expect(left == right && left > 0, "equal margins: \(left) and \(right)")
    }

    static let (width, height) = (SmallPipeline.width, SmallPipeline.height)

    @Test func theFirstAndLastCellsAreTheFirstAndLastFrames() throws {
        let picture = try sheet([])
        let cells = picture.sheetCells()
        try #require(cells.count == 8)
        for (cell, time) in [(cells[0], "0"), (cells[7], "0.95")] {
            let expected = try still(at: time)
            let shown = picture.cropped(x: cell.x, y: cell.y)
            #expect(
                shown.differences(from: expected, tolerance: 2).count == 0,
                "cell for \(time) s differs from frame --at \(time)")
        }
    }

    @Test func aCellIsItsFrameScaledDown() throws {
        let picture = try sheet(["--times", "0.5", "--width", String(SheetCommandTests.width / 2)])
        let cells = picture.sheetCells()
        try #require(cells.count == 1, "cells found: \(cells)")
        #expect(cells[0].x.count == SheetCommandTests.width / 2 && cells[0].y.count == SheetCommandTests.height / 2)
        let expected = try still(at: "0.5").downscaled(by: 2)
        let shown = picture.cropped(x: cells[0].x, y: cells[0].y)
        let differences = shown.differences(from: expected, tolerance: 24)
        // Only the card's antialiased edges may be filtered differently from a 2 × 2 mean.
        #expect(differences.count <= expected.width * expected.height / 20, "\(differences)")
    }

    @Test func everyCellHasItsTimeStampUnderIt() throws {
        let picture = try sheet(["--times", "0,0.25,0.5,0.75,1", "--columns", "3"])
        let cells = picture.sheetCells()
        try #require(cells.count == 5, "cells found: \(cells)")
        for cell in cells {
            let under = cell.y.upperBound..<min(picture.height, cell.y.upperBound + 20)
            #expect(picture.inkCount(x: cell.x, y: under) > 30, "no time stamp under the cell at \(cell)")
        }
    }

    @Test(arguments: [["--times", "0,abc"], ["--times", "0,,1"], ["--times=-0.5"], ["--times", "nan"]])
    func aTimeThatIsNotATimeIsRefused(arguments: [String]) throws {
        let result = try CLI.run(["sheet", "small.json"] + arguments, in: folder)
        #expect(!result.crashed)
        #expect(result.status == 1, "exit status for \(arguments): \(result.status)")
        #expect(
            result.stderr.contains("is not a time in seconds; give comma-separated seconds such as 0,0.25,0.5"),
            "\(result.stderr)")
        #expect(try SmallPipeline.contents(of: folder) == ["small.json"], "nothing is written")
    }

    /// 2.5 and a time too large for a frame number (which once overflowed) alike.
    @Test(arguments: [("2.5", "2.5"), ("1e300", "1e+300")])
    func aTimeAfterTheEndIsRefusedWithTheRenderLength(given: String, shown: String) throws {
        let result = try CLI.run(["sheet", "small.json", "--times", "0,\(given)"], in: folder)
        #expect(!result.crashed)
        #expect(result.status == 1)
        #expect(
            result.stderr == "error: --times: \(shown) is past the end: "
                + "the render is 1 s long, its last frame is at 0.95 s\n")
        #expect(try SmallPipeline.contents(of: folder) == ["small.json"], "nothing is written")
    }

    /// A time between two frames shows the frame on screen then, the one at or before it, and its
    /// caption names that frame: the sheet is the very sheet of that frame's own time.
    @Test func aTimeBetweenFramesShowsAndNamesTheFrameAtOrBeforeIt() throws {
        _ = try sheet(["--times", "0.5"])
        let atFrame = try Data(contentsOf: folder.appendingPathComponent("sheet.png"))
        _ = try sheet(["--times", "0.54"])
        let between = try Data(contentsOf: folder.appendingPathComponent("sheet.png"))
        _ = try sheet(["--times", "0.55"])
        let nextFrame = try Data(contentsOf: folder.appendingPathComponent("sheet.png"))
        #expect(between == atFrame, "0.54 s shows frame 10 (0.5 s) at 20 fps, captioned as such")
        #expect(nextFrame != atFrame)
    }

    /// The end of the render is on the last frame.
    @Test func theEndIsTheLastFrame() throws {
        _ = try sheet(["--times", "1"])
        let end = try Data(contentsOf: folder.appendingPathComponent("sheet.png"))
        _ = try sheet(["--times", "0.95"])
        #expect(end == (try Data(contentsOf: folder.appendingPathComponent("sheet.png"))))
    }

    @Test func timesAndCountTogetherAreRefused() throws {
        let result = try CLI.run(["sheet", "small.json", "--times", "0", "--count", "3"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("give --times or --count, not both"), "\(result.stderr)")
    }
}
