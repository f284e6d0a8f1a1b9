import CAnimatorABI
import Compositor
import Foundation
import Scene
import Testing

/// A 32×16 image of four 8-pixel stripes, red, green, blue, white, drawn into a 64×64 layer.
@Suite struct GravityTests {
    func draw(_ gravity: Gravity) throws -> FrameBuffer {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("stripes.png").path
        writePNG(
            width: 32, height: 16, to: path,
            rects: [
                (rect(0, 0, 8, 16), red), (rect(8, 0, 8, 16), green), (rect(16, 0, 8, 16), blue),
                (rect(24, 0, 8, 16), white),
            ])
        let (file, images) = try decodedImage(path)
        #expect(images[file]?.width == 32 && images[file]?.height == 16)
        return render([layer(rect(0, 0, 64, 64))], [LayerContent(image: file, gravity: gravity)], images: images)
    }

    @Test func fillStretchesToTheFrame() throws {
        let frame = try draw(.fill)
        #expect(frame.pixel(x: 8, y: 2) == (255, 0, 0, 255))
        #expect(frame.pixel(x: 24, y: 32) == (0, 255, 0, 255))
        #expect(frame.pixel(x: 56, y: 61) == (255, 255, 255, 255))
    }

    @Test func aspectFitLetterboxes() throws {
        let frame = try draw(.aspectFit)
        #expect(frame.pixel(x: 8, y: 8).a == 0)
        #expect(frame.pixel(x: 8, y: 32) == (255, 0, 0, 255))
        #expect(frame.pixel(x: 56, y: 40) == (255, 255, 255, 255))
        #expect(frame.pixel(x: 8, y: 56).a == 0)
    }

    @Test func aspectFillCoversAndCrops() throws {
        let frame = try draw(.aspectFill)
        #expect(frame.pixel(x: 8, y: 2) == (0, 255, 0, 255), "the outer stripes are cropped away")
        #expect(frame.pixel(x: 56, y: 61) == (0, 0, 255, 255))
    }

    @Test func centerKeepsTheImageSize() throws {
        let frame = try draw(.center)
        #expect(frame.pixel(x: 15, y: 32).a == 0)
        #expect(frame.pixel(x: 16, y: 24) == (255, 0, 0, 255))
        #expect(frame.pixel(x: 47, y: 39) == (255, 255, 255, 255))
        #expect(frame.pixel(x: 48, y: 32).a == 0)
        #expect(frame.pixel(x: 32, y: 23).a == 0)
    }

    @Test func gravityNamesMatchPipelineFiles() {
        #expect(Gravity.allCases.map(\.rawValue) == ["fill", "aspect-fit", "aspect-fill", "center"])
    }
}
