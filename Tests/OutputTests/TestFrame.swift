import Output

/// A premultiplied BGRA frame owned by a test, built from straight colours.
final class TestFrame {
    let width: Int, height: Int, stride: Int
    /// Owned memory rather than an array, so a `FrameView` may point into it for as long as the frame lives.
    private let bytes: UnsafeMutablePointer<UInt8>

    /// `stride` may exceed `width * 4` to check that row padding is skipped.
    init(width: Int, height: Int, stride: Int? = nil) {
        self.width = width
        self.height = height
        self.stride = stride ?? width * 4
        bytes = .allocate(capacity: self.stride * height)
        bytes.initialize(repeating: 0xEE, count: self.stride * height)
    }

    deinit {
        bytes.deallocate()
    }

    /// Stores an already premultiplied pixel.
    func setPremultiplied(x: Int, y: Int, b: UInt8, g: UInt8, r: UInt8, a: UInt8) {
        let i = y * stride + x * 4
        bytes[i] = b
        bytes[i + 1] = g
        bytes[i + 2] = r
        bytes[i + 3] = a
    }

    /// Premultiplies a straight colour the way a compositor would and stores it.
    func fill(x: Range<Int>, y: Range<Int>, r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        func times(_ c: UInt8) -> UInt8 { UInt8((Int(c) * Int(a) + 127) / 255) }
        for row in y {
            for column in x { setPremultiplied(x: column, y: row, b: times(b), g: times(g), r: times(r), a: a) }
        }
    }

    /// The straight RGBA bytes a correct writer stores: round(c · 255 / a), computed in doubles.
    func expectedStraightRGBA() -> [UInt8] {
        var out: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let i = y * stride + x * 4
                let a = Double(bytes[i + 3])
                let straight = { (c: UInt8) -> UInt8 in a == 0 ? 0 : UInt8(min(255, (Double(c) * 255 / a).rounded())) }
                out += [straight(bytes[i + 2]), straight(bytes[i + 1]), straight(bytes[i]), bytes[i + 3]]
            }
        }
        return out
    }

    func withView<T, E: Error>(_ body: (FrameView) throws(E) -> T) throws(E) -> T {
        try body(FrameView(width: width, height: height, stride: stride, pixels: bytes))
    }

    /// Frame `index` of a small animation: an opaque band whose colour moves with the index, a
    /// translucent band, and a transparent corner unless `opaque`.
    static func sample(index: Int, width: Int = 64, height: Int = 48, opaque: Bool = false) -> TestFrame {
        let frame = TestFrame(width: width, height: height)
        let step = UInt8(truncatingIfNeeded: index * 40)
        frame.fill(x: 0..<width, y: 0..<height, r: 200, g: step, b: 30, a: 255)
        guard !opaque else { return frame }
        frame.fill(x: 0..<width, y: height / 2..<height, r: 20, g: 180, b: 250, a: 128)
        frame.fill(x: 0..<8, y: 0..<8, r: 0, g: 0, b: 0, a: 0)
        frame.fill(x: 8..<16, y: 0..<8, r: 255, g: 255, b: 255, a: 3)
        return frame
    }
}
