import Foundation
import Scene

/// The times a contact sheet shows, in seconds into the render, and how each is captioned.
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

    /// The first time outside the render (0 up to its duration), if any: the sheet cannot show it.
    public static func firstOutside(_ times: [Double], of scene: Scene) -> Double? {
        times.first { !(0...scene.duration).contains($0) }
    }

    /// "0.250 s · frame 15"; a time between frames gives the fractional position ("frame 15.6").
    static func caption(_ seconds: Double, fps: Double) -> String {
        let position = seconds * fps
        let rounded = position.rounded()
        let frame = abs(position - rounded) < 1e-6 ? String(Int(rounded)) : String(format: "%.1f", position)
        return String(format: "%.3f s · frame ", seconds) + frame
    }
}
