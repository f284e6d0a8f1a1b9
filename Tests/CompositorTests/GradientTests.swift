import CAnimatorABI
import Compositor
import Scene
import Testing

@Suite struct GradientTests {
    func gradient(from start: anim_point_t, to end: anim_point_t) -> FrameBuffer {
        let fill = Fill.linearGradient(
            start: start, end: end,
            stops: [
                GradientStop(location: 0, color: red), GradientStop(location: 1, color: blue),
            ])
        return render([layer(rect(0, 0, 64, 64))], [LayerContent(fill: fill)])
    }

    @Test func runsBetweenUnitPointsOfTheLayer() {
        let frame = gradient(from: anim_point_t(x: 0, y: 0.5), to: anim_point_t(x: 1, y: 0.5))
        #expect(isClose(frame.pixel(x: 0, y: 10), (255, 0, 0, 255), tolerance: 3))
        #expect(isClose(frame.pixel(x: 63, y: 10), (0, 0, 255, 255), tolerance: 3))
        #expect(isClose(frame.pixel(x: 32, y: 50), (126, 0, 129, 255), tolerance: 3))
        #expect(
            frame.pixel(x: 20, y: 0) == frame.pixel(x: 20, y: 63), "a horizontal gradient is constant down a column")
    }

    @Test func keepsTheEndColoursBeyondTheEndPoints() {
        let frame = gradient(from: anim_point_t(x: 0.5, y: 0.25), to: anim_point_t(x: 0.5, y: 0.75))
        #expect(frame.pixel(x: 10, y: 2) == (255, 0, 0, 255))
        #expect(frame.pixel(x: 10, y: 61) == (0, 0, 255, 255))
    }

    @Test func aResizedLayerGetsAGradientForItsNewSize() {
        let fill = Fill.linearGradient(
            start: anim_point_t(x: 0, y: 0.5), end: anim_point_t(x: 1, y: 0.5),
            stops: [
                GradientStop(location: 0, color: red), GradientStop(location: 1, color: blue),
            ])
        let canvas = Canvas(width: 64, height: 64, background: clear)
        let reused = Compositor(canvas: canvas, contents: [LayerContent(fill: fill)])
        let wide = FrameBuffer.blank(width: 64, height: 64)
        let narrow = FrameBuffer.blank(width: 64, height: 64)
        reused.render([layer(rect(0, 0, 64, 64))], into: wide)
        reused.render([layer(rect(0, 0, 32, 64))], into: narrow)
        #expect(isClose(narrow.pixel(x: 31, y: 10), (0, 0, 255, 255), tolerance: 5), "blue at the new right edge")
        #expect(bytes(of: narrow) == bytes(of: render([layer(rect(0, 0, 32, 64))], [LayerContent(fill: fill)])))
    }
}
