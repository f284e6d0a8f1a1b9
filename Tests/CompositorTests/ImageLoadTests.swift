import CAnimatorABI
import Compositor
import Foundation
import Scene
import Testing

@Suite struct ImageLoadTests {
    /// A 16×8 JPEG of colour #2060C0, made with ffmpeg (4:4:4, quality 2) for this test.
    static let jpeg =
        "/9j/4AAQSkZJRgABAgAAAQABAAD/2wBDAAgEBAQEBAUFBQUFBQYGBgYGBgYGBgYGBgYHBwcICAgHBwcGBgcHCAgICAkJCQgICAgJCQoKCgwMCwsODg4RERT/xABMAAEBAAAAAAAAAAAAAAAAAAAABgEBAQAAAAAAAAAAAAAAAAAAAAYQAQAAAAAAAAAAAAAAAAAAAAARAQAAAAAAAAAAAAAAAAAAAAD/wAARCAAIABADARIAAhIAAxIA/9oADAMBAAIRAxEAPwCWF2JcAAf/2Q=="
    /// A PNG signature and a valid IHDR chunk (CRC included) declaring 40000×40000 RGBA, nothing else.
    static let hugeHeader = "89504e470d0a1a0a0000000d4948445200009c4000009c400806000000510c0e05"

    func failure(loading bytes: Data?, name: String = "image.png") -> ImageLoadError? {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(name).path
        if let bytes { #expect(FileManager.default.createFile(atPath: path, contents: bytes)) }
        do {
            _ = try RasterImage.load(contentsOf: path)
            return nil
        } catch {
            #expect(error.path == path)
            return error
        }
    }

    @Test func decodesPNGIntoPremultipliedPixels() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("half.png").path
        writePNG(width: 1, height: 1, to: path, rects: [(rect(0, 0, 1, 1), anim_color_t(r: 1, g: 0, b: 0, a: 0.5))])
        let (file, images) = try decodedImage(path)
        let frame = render([layer(rect(0, 0, 64, 64))], [LayerContent(image: file, gravity: .fill)], images: images)
        #expect(frame.pixel(x: 40, y: 12) == (128, 0, 0, 128))
    }

    @Test func decodesJPEGByItsContentNotItsName() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("photo.png").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(base64Encoded: Self.jpeg)))
        let (file, images) = try decodedImage(path)
        #expect(images[file]?.width == 16 && images[file]?.height == 8)
        let frame = render([layer(rect(0, 0, 64, 32))], [LayerContent(image: file, gravity: .fill)], images: images)
        #expect(isClose(frame.pixel(x: 30, y: 15), (0x20, 0x60, 0xC0, 255), tolerance: 3))
    }

    @Test func missingFileSaysSo() {
        #expect(failure(loading: nil)?.description == "cannot open the file: No such file or directory")
    }

    @Test func otherFilesAreNotImages() {
        #expect(failure(loading: Data("hello, world".utf8))?.description == "not a PNG, JPEG or WebP file")
    }

    @Test func truncatedPNGIsCorrupt() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("full.png").path
        writePNG(width: 64, height: 64, to: path, rects: [(rect(0, 0, 64, 64), red), (rect(10, 10, 20, 20), blue)])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(failure(loading: bytes.prefix(bytes.count - 20))?.description == "corrupt PNG: the file ends early")
    }

    @Test func hugeImagesAreRefusedFromTheirHeader() {
        let bytes = Data(
            stride(from: 0, to: Self.hugeHeader.count, by: 2).map { offset in
                let start = Self.hugeHeader.index(Self.hugeHeader.startIndex, offsetBy: offset)
                return UInt8(Self.hugeHeader[start...].prefix(2), radix: 16)!
            })
        #expect(failure(loading: bytes)?.description == "image is 40000×40000, larger than the 16384×16384 limit")
    }
}
