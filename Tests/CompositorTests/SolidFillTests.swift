import CAnimatorABI
import Compositor
import Scene
import Testing

@Suite struct SolidFillTests {
    @Test func fillsExactlyTheFrameOverTheBackground() {
        let frame = render([layer(rect(16, 16, 32, 32))], [LayerContent(fill: .color(red))], background: blue)
        #expect(frame.pixel(x: 16, y: 16) == (255, 0, 0, 255))
        #expect(frame.pixel(x: 47, y: 47) == (255, 0, 0, 255))
        #expect(frame.pixel(x: 15, y: 16) == (0, 0, 255, 255))
        #expect(frame.pixel(x: 48, y: 47) == (0, 0, 255, 255))
    }

    @Test func storesPixelsAsPremultipliedBGRA() {
        let halfRed = anim_color_t(r: 1, g: 0, b: 0, a: 0.5)
        let frame = render([layer(rect(0, 0, 64, 64))], [LayerContent(fill: .color(halfRed))])
        #expect(isClose(frame.pixel(x: 5, y: 5), (128, 0, 0, 128), tolerance: 1))
        #expect(frame.pixels[2] == frame.pixel(x: 0, y: 0).r)
        #expect(frame.pixels[3] == frame.pixel(x: 0, y: 0).a)
    }

    @Test func hiddenLayersDrawNothing() {
        var hidden = layer(rect(0, 0, 64, 64))
        hidden.hidden = 1
        let frame = render([hidden], [LayerContent(fill: .color(red))])
        #expect(frame.pixel(x: 32, y: 32) == (0, 0, 0, 0))
    }

    @Test func laterLayersDrawOnTop() {
        let frame = render(
            [layer(rect(0, 0, 64, 64)), layer(rect(0, 0, 32, 64))],
            [LayerContent(fill: .color(red)), LayerContent(fill: .color(green))])
        #expect(frame.pixel(x: 10, y: 10) == (0, 255, 0, 255))
        #expect(frame.pixel(x: 50, y: 10) == (255, 0, 0, 255))
    }
}
