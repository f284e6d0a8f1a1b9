import CommandTestSupport
import Foundation
import Testing

/// One animation twice in one pipeline: a layer showing a Lottie file (drawn by rlottie) and a
/// shape layer drawing the same paths, both `size` × `size` at the origin of a transparent canvas
/// of that size, so both map the composition's pixels 1:1. Each variant renders with the other
/// layer hidden.
struct ShapeReferenceFixture {
    static let size = 200
    static let frames = 30

    let folder: URL

    /// `shape` is the shape layer's `shape` object, `steps` the timeline; `layer`, when given, is
    /// the whole of the layer named "shape" instead.
    init(lottie: Data, shape: String, steps: [String] = [], layer: String? = nil) throws {
        folder = try CLI.temporaryDirectory()
        try lottie.write(to: folder.appendingPathComponent("reference.json"))
        let (size, seconds) = (Self.size, Double(Self.frames) / Double(Bodymovin.frameRate))
        let pipeline = """
            {"version": 1,
             "canvas": {"width": \(size), "height": \(size), "fps": \(Bodymovin.frameRate), "duration": \(seconds),
                        "background": "#00000000"},
             "layers": [{"name": "lottie", "frame": [0, 0, \(size), \(size)], "lottie": "reference.json"},
                        \(layer ?? #"{"name": "shape", "frame": [0, 0, \#(size), \#(size)], "shape": \#(shape)}"#)],
             "timeline": [\(steps.joined(separator: ", "))]}
            """
        try PluginFixtures.write(pipeline, to: "p.json", in: folder)
    }

    /// A linear step of the shape layer's `key` over the whole animation.
    static func step(_ key: String, from: String, to: String) -> String {
        let seconds = Double(frames) / Double(Bodymovin.frameRate)
        return #"{"animate": "\#(key)", "target": "shape", "from": \#(from), "to": \#(to), "duration": \#(seconds), "#
            + #""timing": "linear"}"#
    }

    /// The shape layer's and the Lottie layer's pictures at animation frame `frame`.
    func pictures(at frame: Int) throws -> (shape: RGBAImage, lottie: RGBAImage) {
        (try picture(of: "shape", hiding: "lottie", at: frame), try picture(of: "lottie", hiding: "shape", at: frame))
    }

    func picture(of variant: String, hiding other: String, at frame: Int) throws -> RGBAImage {
        let name = "\(variant)-\(frame).png"
        let time = Double(frame) / Double(Bodymovin.frameRate)
        let result = try CLI.run(
            ["frame", "p.json", "--at", "\(time)", "-o", name, "--set", #"layers["\#(other)"].hidden=true"#],
            in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        return try RGBAImage.read(folder.appendingPathComponent(name))
    }

    func cleanUp() { try? FileManager.default.removeItem(at: folder) }
}

extension RGBAImage {
    /// The smallest [x, y, width, height] holding every pixel that is not fully transparent.
    var painted: [Int]? {
        var (minX, minY, maxX, maxY) = (width, height, -1, -1)
        for y in 0..<height {
            for x in 0..<width where self[x, y].a > 0 {
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
            }
        }
        return maxX < 0 ? nil : [minX, minY, maxX - minX + 1, maxY - minY + 1]
    }

    /// The part [x, y, width, height] of the picture composited over mid-grey (#808080), opaque.
    func overGrey(_ box: [Int]) -> RGBAImage {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(box[2] * box[3] * 4)
        for y in box[1]..<box[1] + box[3] {
            for x in box[0]..<box[0] + box[2] {
                let pixel = self[x, y]
                let alpha = Double(pixel.a) / 255
                for channel in [pixel.r, pixel.g, pixel.b] {
                    bytes.append(UInt8((Double(channel) * alpha + 128 * (1 - alpha)).rounded()))
                }
                bytes.append(255)
            }
        }
        return RGBAImage(width: box[2], height: box[3], bytes: bytes)
    }

    /// PSNR on RGB against `other` over mid-grey, inside the union of both pictures' painted
    /// boxes grown by 4 px (within the picture); nil when neither paints anything.
    func psnrOverGrey(against other: RGBAImage) -> Double? {
        let boxes = [painted, other.painted].compactMap { $0 }
        guard !boxes.isEmpty else { return nil }
        let left = max(boxes.map { $0[0] }.min()! - 4, 0)
        let top = max(boxes.map { $0[1] }.min()! - 4, 0)
        let right = min(boxes.map { $0[0] + $0[2] }.max()! + 4, width)
        let bottom = min(boxes.map { $0[1] + $0[3] }.max()! + 4, height)
        let box = [left, top, right - left, bottom - top]
        return overGrey(box).psnr(against: other.overGrey(box))
    }

    /// The pixel whose centre is nearest `point`.
    subscript(point: SIMD2<Double>) -> Pixel {
        self[Int(point.x.rounded(.down)), Int(point.y.rounded(.down))]
    }
}
