import CTestPNG
import Foundation

/// One straight-alpha RGBA pixel, 0–255 per channel.
public struct Pixel: Equatable, Sendable, CustomStringConvertible {
    public var r, g, b, a: Int

    public init(_ r: Int, _ g: Int, _ b: Int, _ a: Int = 255) { (self.r, self.g, self.b, self.a) = (r, g, b, a) }

    /// The largest difference in any colour channel (alpha is ignored: every frame is opaque).
    public func distance(to other: Pixel) -> Int { max(abs(r - other.r), abs(g - other.g), abs(b - other.b)) }

    public var description: String { "(\(r), \(g), \(b), \(a))" }
}

/// A PNG read back as straight RGBA bytes. libpng decodes it (CTestPNG), as a viewer would, so
/// the test checks the file a user gets rather than the renderer's own buffers.
public struct RGBAImage {
    public let width: Int
    public let height: Int
    public let bytes: [UInt8]

    public init(width: Int, height: Int, bytes: [UInt8]) {
        (self.width, self.height, self.bytes) = (width, height, bytes)
    }

    public subscript(x: Int, y: Int) -> Pixel {
        let i = (y * width + x) * 4
        return Pixel(Int(bytes[i]), Int(bytes[i + 1]), Int(bytes[i + 2]), Int(bytes[i + 3]))
    }

    public struct ReadError: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    public static func read(_ url: URL) throws -> RGBAImage {
        let signature = try FileHandle(forReadingFrom: url).readData(ofLength: 8)
        guard signature == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw ReadError(description: "\(url.path) is not a PNG")
        }
        var image = test_png_t()
        var message = [CChar](repeating: 0, count: 256)
        guard test_png_read(url.path, &image, &message, message.count) else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ReadError(description: "libpng could not decode \(url.path): \(reason)")
        }
        defer { test_png_free(&image) }
        let (width, height) = (Int(image.width), Int(image.height))
        return RGBAImage(
            width: width, height: height,
            bytes: Array(UnsafeBufferPointer(start: image.rgba, count: width * height * 4)))
    }

    /// The smallest rect [x, y, width, height] holding every pixel that differs from
    /// `background(x, y)` by more than `threshold`; nil when none does.
    public func bounds(differingFrom background: (Int, Int) -> Pixel, by threshold: Int) -> [Int]? {
        var (minX, minY, maxX, maxY) = (width, height, -1, -1)
        for y in 0..<height {
            for x in 0..<width where self[x, y].distance(to: background(x, y)) > threshold {
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
            }
        }
        return maxX < 0 ? nil : [minX, minY, maxX - minX + 1, maxY - minY + 1]
    }

    /// How many pixels in `region` (default: all) differ from `other` by more than `tolerance`,
    /// and the largest difference found.
    public func differences(
        from other: RGBAImage, tolerance: Int,
        in region: (Int, Int) -> Bool = { _, _ in true }
    ) -> (count: Int, largest: Int) {
        var (count, largest) = (0, 0)
        for y in 0..<height {
            for x in 0..<width where region(x, y) {
                let d = self[x, y].distance(to: other[x, y])
                if d > tolerance { count += 1 }
                largest = max(largest, d)
            }
        }
        return (count, largest)
    }
}
