import CAnimatorABI
import Compositor
import Foundation
import Scene
import Testing

@Suite struct GeometryTests {
    let redFill = [LayerContent(fill: .color(red))]

    @Test func cornerRadiusClipsTheCorners() {
        var rounded = layer(rect(0, 0, 64, 64))
        rounded.corner_radius = 16
        let frame = render([rounded], redFill)
        #expect(frame.pixel(x: 0, y: 0).a == 0)
        #expect(frame.pixel(x: 63, y: 63).a == 0)
        #expect(frame.pixel(x: 32, y: 32) == (255, 0, 0, 255))
        #expect(frame.pixel(x: 32, y: 0) == (255, 0, 0, 255))
        let edge = frame.pixel(x: 4, y: 5).a
        #expect(edge > 0 && edge < 255, "the rounded edge is anti-aliased")
    }

    @Test func scaleTurnsAroundTheAnchor() {
        var centred = layer(rect(16, 16, 32, 32))
        centred.scale = anim_point_t(x: 0.5, y: 0.5)
        let middle = render([centred], redFill)
        #expect(middle.pixel(x: 23, y: 32).a == 0)
        #expect(middle.pixel(x: 24, y: 32).a == 255)
        #expect(middle.pixel(x: 39, y: 32).a == 255)
        #expect(middle.pixel(x: 40, y: 32).a == 0)

        var cornered = centred
        cornered.anchor = anim_point_t(x: 0, y: 0)
        let corner = render([cornered], redFill)
        #expect(corner.pixel(x: 16, y: 16).a == 255)
        #expect(corner.pixel(x: 31, y: 31).a == 255)
        #expect(corner.pixel(x: 32, y: 32).a == 0)
    }

    @Test func positiveRotationTurnsClockwiseOnScreen() {
        var bar = layer(rect(32, 30, 24, 4))
        bar.anchor = anim_point_t(x: 0, y: 0.5)
        bar.rotation = 90
        let frame = render([bar], redFill)
        #expect(frame.pixel(x: 32, y: 50).a == 255, "the bar now points down from the anchor")
        #expect(frame.pixel(x: 32, y: 20).a == 0)
        #expect(frame.pixel(x: 45, y: 32).a == 0)
    }

    @Test func translationMovesAfterTheTransform() {
        var moved = layer(rect(0, 0, 16, 16))
        moved.translation = anim_point_t(x: 20, y: 30)
        let frame = render([moved], redFill)
        #expect(frame.pixel(x: 20, y: 30).a == 255)
        #expect(frame.pixel(x: 35, y: 45).a == 255)
        #expect(frame.pixel(x: 5, y: 5).a == 0)
    }

    @Test func visualFrameAndCentreFollowTheTransform() {
        var bar = layer(rect(10, 20, 40, 10))
        bar.rotation = 90
        bar.scale = anim_point_t(x: 2, y: 1)
        bar.translation = anim_point_t(x: 5, y: 0)
        let box = bar.visualFrame
        #expect(box.x == 30 && box.y == -15 && box.width == 10 && box.height == 80)
        #expect(bar.visualCenter.x == 35 && bar.visualCenter.y == 25)
    }

    @Test func opacityFadesShadowAndContentsTogether() {
        var faded = layer(rect(16, 16, 32, 32))
        faded.opacity = 0.5
        faded.shadow.opacity = 1
        faded.shadow.offset = anim_point_t(x: 8, y: 0)
        let frame = render([faded], redFill)
        #expect(
            isClose(frame.pixel(x: 44, y: 32), (128, 0, 0, 128), tolerance: 1),
            "the shadow under the layer does not darken it")
        #expect(isClose(frame.pixel(x: 52, y: 32), (0, 0, 0, 128), tolerance: 1))
    }

    @Test func opacityFadesASinglePaint() {
        var faded = layer(rect(0, 0, 64, 64))
        faded.opacity = 0.25
        let frame = render([faded], redFill, background: blue)
        #expect(isClose(frame.pixel(x: 32, y: 32), (64, 0, 191, 255), tolerance: 1))
    }

    @Test func opacityFadesFillAndImageTogether() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("green.png").path
        writePNG(width: 4, height: 4, to: path, rects: [(rect(0, 0, 4, 4), green)])
        var faded = layer(rect(0, 0, 64, 64))
        faded.opacity = 0.5
        let (file, images) = try decodedImage(path)
        let content = LayerContent(fill: .color(red), image: file, gravity: .fill)
        let frame = render([faded], [content], images: images)
        #expect(isClose(frame.pixel(x: 32, y: 32), (0, 128, 0, 128), tolerance: 1), "no red shows through the image")
    }

    @Test func transparentLayersDrawNothing() {
        var invisible = layer(rect(0, 0, 64, 64))
        invisible.opacity = 0
        #expect(render([invisible], redFill).pixel(x: 32, y: 32) == (0, 0, 0, 0))
    }
}
