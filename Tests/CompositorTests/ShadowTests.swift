import CAnimatorABI
import Compositor
import Foundation
import Scene
import Testing

@Suite struct ShadowTests {
    func shadowed(radius: Double, offset: anim_point_t = anim_point_t(x: 0, y: 0)) -> FrameBuffer {
        var lifted = layer(rect(24, 24, 16, 16))
        lifted.shadow.opacity = 1
        lifted.shadow.radius = radius
        lifted.shadow.offset = offset
        return render([lifted], [LayerContent(fill: .color(white))])
    }

    @Test func blurFallsOffSmoothlyOutsideTheLayer() {
        let frame = shadowed(radius: 8)
        let alphas = (40..<49).map { Int(frame.pixel(x: $0, y: 32).a) }
        #expect(zip(alphas, alphas.dropFirst()).allSatisfy { $0 > $1 }, "alpha decreases with distance: \(alphas)")
        #expect(alphas[6] > 0, "the shadow still shows six pixels out")
        for (x, alpha) in zip(40..., alphas) {
            #expect(abs(alpha - gaussianShadow(x: Double(x) + 0.5, y: 32.5)) <= 6, "near a true Gaussian at x = \(x)")
        }
        #expect(frame.pixel(x: 32, y: 32) == (255, 255, 255, 255), "the shadow lies under the layer")
        #expect(frame.pixel(x: 63, y: 32).a == 0)
    }

    @Test func hardShadowIsTheOffsetShape() {
        let frame = shadowed(radius: 0, offset: anim_point_t(x: 0, y: 10))
        #expect(frame.pixel(x: 30, y: 45) == (0, 0, 0, 255))
        #expect(frame.pixel(x: 30, y: 50).a == 0)
        #expect(frame.pixel(x: 42, y: 45).a == 0)
    }

    @Test func shadowColourAndOpacityTint() {
        var lifted = layer(rect(8, 8, 16, 16))
        lifted.shadow = anim_shadow_t(color: blue, opacity: 0.5, radius: 0, offset: anim_point_t(x: 30, y: 30))
        let frame = render([lifted], [LayerContent(fill: .color(white))])
        #expect(isClose(frame.pixel(x: 45, y: 45), (0, 0, 128, 128), tolerance: 1))
    }

    /// Alpha of the 16×16 square at (24, 24) blurred by an exact Gaussian of sigma 4.
    func gaussianShadow(x: Double, y: Double) -> Int {
        func spread(_ p: Double, _ low: Double, _ high: Double) -> Double {
            (erf((high - p) / (4 * 2.0.squareRoot())) - erf((low - p) / (4 * 2.0.squareRoot()))) / 2
        }
        return Int((255 * spread(x, 24, 40) * spread(y, 24, 40)).rounded())
    }
}
