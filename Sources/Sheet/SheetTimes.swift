import Foundation
import Scene

/// The frames a contact sheet shows, chosen by time in seconds into the render, and how each
/// is captioned. A cell always shows a whole frame, as `run` writes it, and names it.
public enum SheetTimes {
    public static let defaultCount = 8

    /// `count` frames evenly spaced from the first frame to the last, each an exact frame time so
    /// its cell shows what `run` writes for that frame. Never more cells than the render has frames.
    public static func evenlySpaced(count: Int, in scene: Scene) -> [Double] {
        let frames = scene.frameCount
        let cells = min(count, frames)
        guard cells > 1 else { return [0] }
        return (0..<cells).map { cell in
            let frame = (Double(cell) * Double(frames - 1) / Double(cells - 1)).rounded()
            return frame / scene.fps
        }
    }

    /// The frame on screen `seconds` into the render: the last to start at or before then (the
    /// last frame up to the very end). Frame i starts at i / fps, counted as `FrameRenderer` counts.
    static func frame(showing seconds: Double, in scene: Scene) -> Int {
        // Clamped as a Double first: a time past Int's range (or NaN) must not trap in the conversion.
        let index = (seconds * scene.fps + 1e-9).rounded(.down)
        guard !index.isNaN, index > 0 else { return 0 }
        return Int(min(index, Double(scene.frameCount - 1)))
    }

    /// "0.250 s · frame 15": the frame's number and the time it starts.
    static func caption(frame: Int, fps: Double) -> String {
        String(format: "%.3f s · frame %d", Double(frame) / fps, frame)
    }
}
