import Compositor
import Foundation
import Testing

@testable import Renderer

/// `FrameRenderer.render(time:)` for stills: a time outside the render, which every caller
/// refuses first, still renders its nearest end instead of trapping in the frame arithmetic.
@Suite("Stills at any time")
struct StillTimeTests {
    @Test("a time far past the end, infinite or NaN renders the end or the start, not a trap")
    func timesOutsideTheRender() throws {
        let fixture = try JobFixture()
        defer { fixture.remove() }
        let renderer = try FrameRenderer(
            evaluator: try FrameEvaluator(scene: fixture.scene), images: .none, threads: 1)
        let end = Self.pixels(try renderer.render(time: 1))
        for time in [1e18, 1e308, Double.infinity, -1e18, Double.nan] {
            #expect(Self.pixels(try renderer.render(time: time)) == end, "t=\(time)")
        }
    }

    private static func pixels(_ frame: FrameBuffer) -> [UInt8] {
        Array(UnsafeBufferPointer(start: frame.pixels, count: frame.stride * frame.height))
    }
}
