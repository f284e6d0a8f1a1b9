import Compositor
import Foundation
import Renderer
import Scene

/// A contact sheet: the frames of a render at chosen times, scaled into a grid of cells on a
/// neutral background, each captioned with its time and frame number.
public enum ContactSheet {
    /// Renders the frame on screen at each of `times` (seconds into the render, up to its end)
    /// into the cells of `layout`, in order: a time between two frames shows the one at or before
    /// it, so every cell is a frame `run` writes and its caption names it. The caller's
    /// `evaluator` keeps the values it had to substitute, for the caller to report.
    public static func render(
        _ evaluator: FrameEvaluator, images: SceneImages, times: [Double],
        layout: SheetLayout
    ) throws(RenderError) -> FrameBuffer {
        let scene = evaluator.scene
        precondition(times.count == layout.count, "one cell per time")
        let frames = times.map { SheetTimes.frame(showing: $0, in: scene) }
        let sheet: FrameBuffer
        do throws(FrameBuffer.OutOfMemory) {
            sheet = try FrameBuffer.labelled(
                width: layout.width, height: layout.height,
                background: SheetStyle.background, labels: labels(scene, frames, layout))
        } catch {
            throw .outOfMemory(error, frame: nil)
        }
        let renderer = try FrameRenderer(evaluator: evaluator, images: images, threads: 1)
        for (index, frame) in frames.enumerated() {
            // The renderer reuses one buffer: each frame goes into its cell before the next renders.
            sheet.paint(try renderer.render(time: Double(frame) / scene.fps), into: layout.cell(index))
        }
        return sheet
    }

    private static func labels(_ scene: Scene, _ frames: [Int], _ layout: SheetLayout) -> [Label] {
        let captions = frames.enumerated().map { index, frame in
            Label(
                text: SheetTimes.caption(frame: frame, fps: scene.fps), frame: layout.caption(index),
                size: layout.captionSize, color: SheetStyle.caption, alignment: .center)
        }
        return [Label.title(title(scene), width: layout.width)] + captions
    }

    /// "pipeline.json · 750 × 1334 · 60 fps · 1.50 s, 90 frames".
    static func title(_ scene: Scene) -> String {
        let name = URL(fileURLWithPath: scene.file).lastPathComponent
        let fps = String(format: "%g", scene.fps)
        let length = String(
            format: "%.2f s, %d frame%@", scene.duration, scene.frameCount, scene.frameCount == 1 ? "" : "s")
        return "\(name) · \(scene.canvas.width) × \(scene.canvas.height) · \(fps) fps · \(length)"
    }
}
