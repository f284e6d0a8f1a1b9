import Foundation

/// One straight-alpha RGBA pixel, 0–255 per channel.
struct Pixel: Equatable, CustomStringConvertible {
    var r, g, b, a: Int

    init(_ r: Int, _ g: Int, _ b: Int, _ a: Int = 255) { (self.r, self.g, self.b, self.a) = (r, g, b, a) }

    /// The largest difference in any colour channel (alpha is ignored: every frame is opaque).
    func distance(to other: Pixel) -> Int { max(abs(r - other.r), abs(g - other.g), abs(b - other.b)) }

    var description: String { "(\(r), \(g), \(b), \(a))" }
}

/// A PNG read back as straight RGBA bytes. ffmpeg decodes it, as any viewer would, so the test
/// checks the file a user gets rather than the renderer's own buffers.
struct RGBAImage {
    let width: Int
    let height: Int
    let bytes: [UInt8]

    subscript(x: Int, y: Int) -> Pixel {
        let i = (y * width + x) * 4
        return Pixel(Int(bytes[i]), Int(bytes[i + 1]), Int(bytes[i + 2]), Int(bytes[i + 3]))
    }

    struct ReadError: Error, CustomStringConvertible { let description: String }

    static func read(_ url: URL) throws -> RGBAImage {
        let data = try Data(contentsOf: url)
        // The PNG signature (8 bytes), then the IHDR chunk: length, type, width, height (big-endian).
        guard data.count > 24, data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw ReadError(description: "\(url.path) is not a PNG")
        }
        let bigEndian = { (offset: Int) in data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        let (width, height) = (bigEndian(16), bigEndian(20))
        let raw = FileManager.default.temporaryDirectory.appendingPathComponent("png-\(UUID().uuidString).rgba")
        defer { try? FileManager.default.removeItem(at: raw) }
        let ffmpeg = try CLI.runProgram(
            "/usr/bin/env",
            [
                "ffmpeg", "-v", "error", "-i", url.path,
                "-f", "rawvideo", "-pix_fmt", "rgba", "-y", raw.path,
            ])
        guard ffmpeg.status == 0 else {
            throw ReadError(description: "ffmpeg could not decode \(url.path): \(ffmpeg.stderr)")
        }
        let bytes = [UInt8](try Data(contentsOf: raw))
        guard bytes.count == width * height * 4 else {
            throw ReadError(description: "\(url.path): \(bytes.count) bytes decoded for \(width)×\(height)")
        }
        return RGBAImage(width: width, height: height, bytes: bytes)
    }

    /// The smallest rect [x, y, width, height] holding every pixel that differs from
    /// `background(x, y)` by more than `threshold`; nil when none does.
    func bounds(differingFrom background: (Int, Int) -> Pixel, by threshold: Int) -> [Int]? {
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
    func differences(
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
