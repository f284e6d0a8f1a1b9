import CAnimatorABI
import CCairo
import Compositor
import Foundation
import Renderer
import Scene

/// A timing chart: one row per timeline step, its progress over the render's time as a line,
/// the time it runs shaded, lines at progress 0 and 1, the y-range wide enough for overshoot
/// (springs, back-out), and an interactive render's release marked.
public enum TimingChart {
    /// Samples `timing`, which calls the scene's plugin curves where its render runs plugin code
    /// (see `FrameEvaluator.evaluatingCurves`). Fails only when the picture's memory cannot be had.
    public static func render(_ timing: SceneTiming) -> Result<FrameBuffer, FrameBuffer.OutOfMemory> {
        let scene = timing.scene
        let sampling = ChartSampling(timing, count: ChartLayout.plotWidth + 1)
        let release = scene.clock.interaction.map(\.releaseTime).flatMap { $0 <= sampling.end ? $0 : nil }
        let layout = ChartLayout(rows: scene.steps.count, marksRelease: release != nil)
        let series = scene.steps.indices.map { sampling.series(ofStep: $0, in: timing) }
        let plot = ChartPlot(layout: layout, range: ProgressRange(series), end: sampling.end, release: release)
        let labels =
            [Label.title(title(scene), width: ChartLayout.width)] + plot.axisLabels()
            + scene.steps.indices.flatMap { plot.rowLabels($0, StepDescription(step: $0, of: scene)) }
        let chart: FrameBuffer
        do throws(FrameBuffer.OutOfMemory) {
            chart = try FrameBuffer.labelled(
                width: ChartLayout.width, height: layout.height,
                background: SheetStyle.background, labels: labels)
        } catch {
            return .failure(error)
        }
        chart.withCairo { cr in
            for (row, steps) in series.enumerated() { plot.draw(steps, row: row, on: cr) }
            plot.drawRelease(on: cr)
        }
        return .success(chart)
    }

    /// "pipeline.json · timing chart · 1.50 s at 60 fps", with how the clock runs when it is not
    /// simply forwards.
    static func title(_ scene: Scene) -> String {
        let name = URL(fileURLWithPath: scene.file).lastPathComponent
        var parts = [
            name, "timing chart", String(format: "%.2f s at %@ fps", scene.duration, String(format: "%g", scene.fps)),
        ]
        if scene.clock.direction.isBackwards {
            parts.append("\(scene.clock.direction.rawValue): the timeline runs backwards")
        }
        if let interaction = scene.clock.interaction {
            parts.append(interaction.finishes ? "interactive, finishes" : "interactive, cancels")
        }
        return parts.joined(separator: " · ")
    }
}
