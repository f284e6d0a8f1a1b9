import Compositor
import Foundation
import Renderer
import Scene

/// A contact sheet: the frames of a render at chosen times, scaled into a grid of cells on a
/// neutral background, each captioned with its time and frame number.
public enum ContactSheet {
    /// Renders the frame at each of `times` (seconds into the render, as `pipeline frame --at`
    /// takes them) into the cells of `layout`, in order. The caller's `evaluator` keeps the
    /// values it had to substitute, for the caller to report.
    public static func render(_ evaluator: FrameEvaluator, images: SceneImages, times: [Double],
                              layout: SheetLayout) throws(RenderError) -> FrameBuffer {
        let scene = evaluator.scene
        precondition(times.count == layout.count, "one cell per time")
        let sheet = FrameBuffer.labelled(width: layout.width, height: layout.height,
                                         background: SheetStyle.background, labels: labels(scene, times, layout))
        let renderer = FrameRenderer(evaluator: evaluator, images: images, threads: 1)
        for (index, time) in times.enumerated() {
            // The renderer reuses one buffer: each frame goes into its cell before the next renders.
            sheet.paint(try renderer.render(time: time), into: layout.cell(index))
        }
        return sheet
    }

    private static func labels(_ scene: Scene, _ times: [Double], _ layout: SheetLayout) -> [Label] {
        let captions = times.enumerated().map { index, time in
            Label(text: SheetTimes.caption(time, fps: scene.fps), frame: layout.caption(index),
                  size: layout.captionSize, color: SheetStyle.caption, alignment: .center)
        }
        return [Label.title(title(scene), width: layout.width)] + captions
    }

    /// "pipeline.json · 750 × 1334 · 60 fps · 1.50 s, 90 frames".
    static func title(_ scene: Scene) -> String {
        let name = URL(fileURLWithPath: scene.file).lastPathComponent
        let fps = String(format: "%g", scene.fps)
        let length = String(format: "%.2f s, %d frame%@", scene.duration, scene.frameCount, scene.frameCount == 1 ? "" : "s")
        return "\(name) · \(scene.canvas.width) × \(scene.canvas.height) · \(fps) fps · \(length)"
    }
}
