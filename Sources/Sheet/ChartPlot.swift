import CAnimatorABI
import CCairo
import Foundation
import Scene
import Timing

/// Draws a timing chart's parts on a layout: the rows' panels, spans, grid and progress lines
/// with Cairo, and the words around them as labels.
struct ChartPlot {
    let layout: ChartLayout
    let range: ProgressRange
    /// The render's length in seconds: the right edge of every plot.
    let end: Double
    /// The gesture's release, in seconds into the render, for an interactive render that shows it.
    let release: Double?

    /// The tick times above the first row, and the release under the last.
    func axisLabels() -> [Label] {
        var labels = ChartLayout.ticks(upTo: end).map { tick in
            Label(
                text: String(format: "%g s", tick),
                frame: centred(at: layout.x(at: tick, end: end), y: SheetStyle.titleHeight),
                size: 12, color: SheetStyle.secondary, alignment: .center)
        }
        if let release {
            labels.append(
                Label(
                    text: String(format: "release %.2f s", release),
                    frame: centred(at: layout.x(at: release, end: end), y: layout.bottom + 8),
                    size: 12, color: SheetStyle.release, alignment: .center, bold: true))
        }
        return labels
    }

    /// The step's action and timing at the left of its row, and the 0 and 1 beside its plot.
    func rowLabels(_ row: Int, _ description: StepDescription) -> [Label] {
        let panel = layout.plot(row)
        let left = Double(SheetStyle.margin)
        let width = Double(ChartLayout.labelWidth) - 48
        let unit = { (value: Double) -> Label in
            let y = layout.y(of: value, row: row, range: range) - 7
            return Label(
                text: value.written, frame: anim_rect_t(x: panel.x - 30, y: y, width: 22, height: 14),
                size: 11, color: SheetStyle.secondary, alignment: .right)
        }
        return [
            Label(
                text: description.action, frame: anim_rect_t(x: left, y: panel.y + 12, width: width, height: 22),
                size: 15, color: SheetStyle.title, bold: true),
            Label(
                text: description.timing,
                frame: anim_rect_t(x: left, y: panel.y + 38, width: width, height: panel.height - 38),
                size: 13, color: SheetStyle.caption),
            unit(0), unit(1),
        ]
    }

    /// Panel, active span, time ticks, the 0 and 1 lines, then the progress line on top.
    func draw(_ series: ProgressSeries, row: Int, on cr: OpaquePointer) {
        let panel = layout.plot(row)
        fill(panel, SheetStyle.panel, on: cr)
        for run in activeRuns(series.active) {
            let x = panel.x + Double(run.lowerBound)
            fill(
                anim_rect_t(x: x, y: panel.y, width: max(2, Double(run.count)), height: panel.height),
                SheetStyle.activeSpan, on: cr)
        }
        for tick in ChartLayout.ticks(upTo: end) {
            let x = crisp(layout.x(at: tick, end: end))
            line(from: (x, panel.y), to: (x, panel.y + panel.height), SheetStyle.timeTick, on: cr)
        }
        for value in [0.0, 1.0] {
            let y = crisp(layout.y(of: value, row: row, range: range))
            line(from: (panel.x, y), to: (panel.x + panel.width, y), SheetStyle.unitLine, on: cr)
        }
        drawProgress(series.values, row: row, on: cr)
    }

    /// A dashed vertical line at the release, through every row.
    func drawRelease(on cr: OpaquePointer) {
        guard let release else { return }
        var dashes: [Double] = [6, 4]
        cairo_set_dash(cr, &dashes, 2, 0)
        let x = crisp(layout.x(at: release, end: end))
        line(from: (x, Double(layout.top)), to: (x, Double(layout.bottom)), SheetStyle.release, width: 2, on: cr)
        cairo_set_dash(cr, nil, 0, 0)
    }

    /// One polyline per stretch where the step has started; sample k is pixel column k.
    private func drawProgress(_ values: [Double?], row: Int, on cr: OpaquePointer) {
        let left = Double(ChartLayout.plotLeft)
        var drawing = false
        for (k, value) in values.enumerated() {
            guard let value, value.isFinite else {
                drawing = false
                continue
            }
            let (x, y) = (left + Double(k), layout.y(of: value, row: row, range: range))
            if drawing { cairo_line_to(cr, x, y) } else { cairo_move_to(cr, x, y) }
            drawing = true
        }
        setSource(SheetStyle.progress, on: cr)
        cairo_set_line_width(cr, 2.5)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_stroke(cr)
    }

    /// The sample ranges in which the step runs.
    private func activeRuns(_ active: [Bool]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        for (k, running) in active.enumerated() {
            if running, start == nil { start = k }
            if !running, let first = start {
                runs.append(first..<k)
                start = nil
            }
        }
        if let first = start { runs.append(first..<active.count) }
        return runs
    }

    private func fill(_ rect: anim_rect_t, _ color: anim_color_t, on cr: OpaquePointer) {
        setSource(color, on: cr)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(cr)
    }

    private func line(
        from start: (x: Double, y: Double), to end: (x: Double, y: Double), _ color: anim_color_t,
        width: Double = 1, on cr: OpaquePointer
    ) {
        setSource(color, on: cr)
        cairo_set_line_width(cr, width)
        cairo_move_to(cr, start.x, start.y)
        cairo_line_to(cr, end.x, end.y)
        cairo_stroke(cr)
    }

    /// The centre of the pixel holding `position`: a 1-pixel line there covers whole pixels.
    private func crisp(_ position: Double) -> Double { position.rounded(.down) + 0.5 }

    private func centred(at x: Double, y: Int) -> anim_rect_t {
        anim_rect_t(x: x - 60, y: Double(y) + 4, width: 120, height: 18)
    }
}
