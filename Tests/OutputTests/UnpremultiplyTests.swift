import Testing

@testable import Output

@Suite("unpremultiplying pixels")
struct UnpremultiplyTests {
    /// (premultiplied colour, alpha, straight colour): round(c · 255 / a), halves up, clamped.
    static let cases: [(UInt8, UInt8, UInt8)] = [
        (64, 128, 128),  // 127.5 rounds up
        (63, 128, 126),  // 125.52
        (100, 200, 128),  // 127.5
        (1, 3, 85),  // exact
        (50, 127, 100),  // 100.39
        (1, 1, 255),
        (0, 7, 0),
        (200, 100, 255),  // invalid input (colour above alpha) clamps
        (17, 255, 17),  // opaque is untouched
        (9, 0, 0),  // transparent becomes zero
    ]

    @Test("rounds to nearest", arguments: cases)
    func rounding(premultiplied: UInt8, alpha: UInt8, straight: UInt8) {
        let frame = TestFrame(width: 1, height: 1)
        frame.setPremultiplied(x: 0, y: 0, b: premultiplied, g: premultiplied / 2, r: premultiplied, a: alpha)
        let expectedGreen =
            alpha == 0 ? 0 : UInt8(min(255, (Double(premultiplied / 2) * 255 / Double(alpha)).rounded()))
        let rgba = frame.withView { view in
            Self.converted(view, channels: 4)
        }
        #expect(rgba == [straight, expectedGreen, straight, alpha])
    }

    @Test("matches round(c · 255 / a) for every colour and alpha")
    func exhaustive() {
        let frame = TestFrame(width: 256, height: 256)
        for alpha in 0..<256 {
            for colour in 0..<256 {
                frame.setPremultiplied(
                    x: colour, y: alpha, b: UInt8(colour), g: UInt8(colour), r: UInt8(colour), a: UInt8(alpha))
            }
        }
        let rgba = frame.withView { view in Self.converted(view, channels: 4) }
        let expected = frame.expectedStraightRGBA()
        let mismatch = expected.indices.first { rgba[$0] != expected[$0] }
        #expect(
            mismatch == nil,
            "first mismatch at byte \(mismatch ?? 0): \(rgba[mismatch ?? 0]) instead of \(expected[mismatch ?? 0])")
    }

    @Test("reorders BGRA to RGB and skips row padding")
    func rgbWithPadding() {
        let frame = TestFrame(width: 2, height: 2, stride: 12)
        frame.fill(x: 0..<2, y: 0..<2, r: 10, g: 20, b: 30, a: 255)
        frame.fill(x: 1..<2, y: 1..<2, r: 250, g: 0, b: 5, a: 255)
        let rgb = frame.withView { view in
            Self.converted(view, channels: 3)
        }
        #expect(rgb == [10, 20, 30, 10, 20, 30, 10, 20, 30, 250, 0, 5])
    }

    /// Converts through the writers' buffer, kept alive while its result is copied out.
    static func converted(_ view: FrameView, channels: Int) -> [UInt8] {
        let buffer = StraightPixelBuffer()
        let pixels = buffer.fill(from: view, channels: channels)
        return withExtendedLifetime(buffer) {
            Array(UnsafeBufferPointer(start: pixels, count: view.width * view.height * channels))
        }
    }

    @Test("detects frames that are fully opaque")
    func opacity() {
        let opaque = TestFrame.sample(index: 0, opaque: true).withView(\.isOpaque)
        let translucent = TestFrame.sample(index: 0).withView(\.isOpaque)
        #expect(opaque)
        #expect(!translucent)
    }
}
