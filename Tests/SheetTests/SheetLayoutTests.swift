import CAnimatorABI
import Testing

@testable import Sheet

/// Where a contact sheet's cells and captions go: about 1,600 pixels wide by default, cells of
/// the canvas's aspect ratio never wider than the frames, every cell and caption inside the
/// sheet and none overlapping another.
@Suite struct SheetLayoutTests {
    @Test func aPortraitRenderFillsTheDefaultWidthInFourColumns() {
        let layout = SheetLayout(count: 8, columns: nil, cellWidth: nil, canvasWidth: 750, canvasHeight: 1334)
        #expect(layout.columns == 4 && layout.rows == 2)
        #expect(layout.cellWidth == 376 && layout.cellHeight == 669)
        #expect(layout.width == 1600)
        // The title, two rows of cell and 32-pixel caption with a gap between, the bottom margin.
        #expect(layout.height == 44 + 24 + 2 * (669 + 32) + 16)
        let last = layout.cell(7)
        #expect((last.x, last.y, last.width, last.height) == (1200, 761, 376, 669))
    }

    @Test func cellsAreNeverWiderThanTheFrames() {
        let small = SheetLayout(count: 8, columns: nil, cellWidth: nil, canvasWidth: 40, canvasHeight: 30)
        #expect(small.cellWidth == 40 && small.cellHeight == 30)
        // A width given is taken as it is, larger than the frames or not.
        let given = SheetLayout(count: 8, columns: nil, cellWidth: 100, canvasWidth: 40, canvasHeight: 30)
        #expect(given.cellWidth == 100 && given.cellHeight == 75)
    }

    @Test func aRowHasNoMoreColumnsThanCells() {
        let layout = SheetLayout(count: 3, columns: 6, cellWidth: 50, canvasWidth: 100, canvasHeight: 100)
        #expect(layout.columns == 3 && layout.rows == 1)
        #expect(layout.width == 2 * 24 + 3 * 50 + 2 * 16)
    }

    @Test(
        "cells and captions lie inside the sheet, in reading order, none overlapping another",
        arguments: [
            (1, nil, nil, 1920, 1080), (8, nil, nil, 750, 1334), (9, 4, nil, 320, 240), (13, 5, 64, 40, 30),
            (400, 64, 16, 1, 1000), (7, 3, 4096, 1000, 1),
        ] as [(Int, Int?, Int?, Int, Int)])
    func cellsTileTheSheet(count: Int, columns: Int?, cellWidth: Int?, width: Int, height: Int) {
        let layout = SheetLayout(
            count: count, columns: columns, cellWidth: cellWidth, canvasWidth: width, canvasHeight: height)
        let boxes = (0..<count).map { index in
            let cell = layout.cell(index)
            let caption = layout.caption(index)
            #expect(caption.x == cell.x && caption.width == cell.width && caption.y >= cell.y + cell.height)
            return anim_rect_t(x: cell.x, y: cell.y, width: cell.width, height: caption.y + caption.height - cell.y)
        }
        for box in boxes {
            #expect(box.x >= 24 && box.y >= 44)
            #expect(box.x + box.width <= Double(layout.width - 24))
            #expect(box.y + box.height <= Double(layout.height - 24))
        }
        for (a, b) in zip(boxes, boxes.dropFirst()) {
            let below = b.y >= a.y + a.height
            #expect(below || (b.y == a.y && b.x >= a.x + a.width), "cell \(b) follows \(a)")
        }
    }
}
