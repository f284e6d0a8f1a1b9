import Foundation

extension Scene {
    /// True for a time after the render's end, which no frame shows.
    public func isPastTheEnd(_ seconds: Double) -> Bool { seconds > duration }

    /// "the render is 1.5 s long, its last frame is at 1.483 s": how a message about a time past
    /// the end (`frame --at`, `sheet --times`, the preview's `/frame?t=`) says where the end is.
    public var endDescription: String {
        let lastFrame = Double(frameCount - 1) / fps
        return "the render is \(Self.seconds(duration)) s long, its last frame is at \(Self.seconds(lastFrame)) s"
    }

    /// Seconds to the millisecond, without trailing zeros: 1.5, 1.483, 2.
    static func seconds(_ value: Double) -> String {
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
