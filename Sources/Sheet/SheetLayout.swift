import CAnimatorABI

/// Where the cells of a contact sheet go: `count` cells of the canvas's aspect ratio in rows
/// of `columns`, each with a caption line under it, below a title.
public struct SheetLayout: Sendable {
    public let count: Int
    public let columns: Int
    public let cellWidth: Int
    public let cellHeight: Int

    /// The width the sheet aims for when no cell width is given.
    public static let defaultSheetWidth = 1600
    public static let defaultColumns = 4
    static let gap = 16

    /// Without `cellWidth`, cells share about `defaultSheetWidth` pixels, but are never wider than
    /// the frames themselves: a contact sheet shows frames at most at their own size.
    public init(count: Int, columns: Int?, cellWidth: Int?, canvasWidth: Int, canvasHeight: Int) {
        precondition(count > 0 && canvasWidth > 0 && canvasHeight > 0, "a sheet needs cells and a canvas")
        self.count = count
        self.columns = min(columns ?? Self.defaultColumns, count)
        let shared = (Self.defaultSheetWidth - 2 * SheetStyle.margin - (self.columns - 1) * Self.gap) / self.columns
        self.cellWidth = max(1, cellWidth ?? min(shared, canvasWidth))
        cellHeight = max(1, Int((Double(self.cellWidth) * Double(canvasHeight) / Double(canvasWidth)).rounded()))
    }

    public var rows: Int { (count + columns - 1) / columns }

    /// The caption's text size grows with the cell, within what stays legible and fits a line.
    var captionSize: Double { min(16, max(10, Double(cellWidth) / 16)) }
    var captionHeight: Int { Int((captionSize * 2).rounded()) }

    public var width: Int { 2 * SheetStyle.margin + columns * cellWidth + (columns - 1) * Self.gap }
    public var height: Int {
        SheetStyle.titleHeight + SheetStyle.margin + rows * (cellHeight + captionHeight) + (rows - 1) * Self.gap
    }

    /// The pixels cell `index` covers, left to right, then top to bottom.
    public func cell(_ index: Int) -> anim_rect_t {
        let (row, column) = index.quotientAndRemainder(dividingBy: columns)
        let x = SheetStyle.margin + column * (cellWidth + Self.gap)
        let y = SheetStyle.titleHeight + row * (cellHeight + captionHeight + Self.gap)
        return anim_rect_t(x: Double(x), y: Double(y), width: Double(cellWidth), height: Double(cellHeight))
    }

    /// The caption line under cell `index`, as wide as the cell.
    func caption(_ index: Int) -> anim_rect_t {
        let cell = cell(index)
        let top = cell.y + cell.height + captionSize * 0.45
        return anim_rect_t(x: cell.x, y: top, width: cell.width, height: Double(captionHeight) - captionSize * 0.45)
    }
}
