import CVectorGraphics
import Foundation

/// A parsed Lottie animation (rlottie), rendered frame by frame to premultiplied ARGB32 pixels,
/// Cairo's own format. Not thread-safe: one per compositor, parsed from the bytes
/// `SceneVectors` checked.
final class LottieAnimation {
    private let animation: OpaquePointer

    /// Image assets resolve against the folder of `path`, the animation's file; nil when
    /// rlottie cannot read `json` as an animation.
    init?(_ json: [UInt8], path: String) {
        let folder = (path as NSString).deletingLastPathComponent + "/"
        guard
            let animation = (json + [0]).withUnsafeBufferPointer({ bytes in
                bytes.withMemoryRebound(to: CChar.self) { vector_lottie_open($0.baseAddress, folder) }
            })
        else { return nil }
        self.animation = animation
    }

    deinit { vector_lottie_close(animation) }

    var info: (frameCount: Int, frameRate: Double, width: Int, height: Int) {
        var (frames, width, height) = (0, 0, 0)
        var rate = 0.0
        vector_lottie_info(animation, &frames, &rate, &width, &height)
        return (frames, rate, width, height)
    }

    /// Renders `frame` into `pixels` (`width` × `height`, `stride` bytes a row), the animation
    /// scaled to that size with its aspect ratio kept.
    func render(frame: Int, into pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, stride: Int) {
        vector_lottie_render(animation, frame, pixels, width, height, stride)
    }
}
