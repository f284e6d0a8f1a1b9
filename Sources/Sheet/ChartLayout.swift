import CAnimatorABI

/// Where the parts of a timing chart go: a title, a time axis, then one row per step — its
/// description on the left, its plot on the right — and, for an interactive render, a footer
/// line naming the release.
struct ChartLayout {
    let rows: Int
    let marksRelease: Bool
    static let width = 1600
    static let labelWidth = 440
    static let axisHeight = 26
    static let rowHeight = 96
    static let rowGap = 12
    static let footerHeight = 30

    static let plotLeft = SheetStyle.margin + labelWidth
    /// In pixels; the chart samples once per pixel column, plus one for the right edge.
    static let plotWidth = width - SheetStyle.margin - plotLeft
    var top: Int { SheetStyle.titleHeight + Self.axisHeight }
    var bottom: Int { top + rows * (Self.rowHeight + Self.rowGap) - (rows > 0 ? Self.rowGap : 0) }
    var height: Int { bottom + (marksRelease ? Self.footerHeight : 0) + SheetStyle.margin }

    /// The plot panel of row `index`.
    func plot(_ index: Int) -> anim_rect_t {
        let y = top + index * (Self.rowHeight + Self.rowGap)
        return anim_rect_t(
            x: Double(Self.plotLeft), y: Double(y), width: Double(Self.plotWidth), height: Double(Self.rowHeight))
    }

    /// The x of `seconds` into the render, which spans `end` seconds.
    func x(at seconds: Double, end: Double) -> Double {
        Double(Self.plotLeft) + seconds / end * Double(Self.plotWidth)
    }

    /// The y of `progress` in row `index`, a few pixels inside the panel's edges.
    func y(of progress: Double, row index: Int, range: ProgressRange) -> Double {
        let panel = plot(index)
        let inset = 6.0
        return panel.y + panel.height - inset - range.fraction(progress) * (panel.height - 2 * inset)
    }

    /// Tick times on the time axis: a round step giving at most about a dozen ticks.
    static func ticks(upTo end: Double) -> [Double] {
        let steps = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600]
        let step = steps.first { end / $0 <= 12 } ?? end / 12
        let count = Int((end / step + 1e-9).rounded(.down))
        return (0...count).map { Double($0) * step }
    }
}
