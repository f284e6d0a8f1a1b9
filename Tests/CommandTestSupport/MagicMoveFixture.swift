import Foundation

/// The repository's magic move (pipeline.json and its images in examples/assets) copied into a temporary folder and
/// rendered one still at a time with `pipeline frame`, which is far cheaper in a debug build than
/// rendering all 61 frames.
public struct MagicMove {
    /// The mask of the article's code is white.
    public static let maskColor = Pixel(255, 255, 255)
    /// The poster's frame in pipeline.json, and the slot it moves to (the layer `poster-slot`).
    public static let posterFrame = [36, 436, 168, 243]
    public static let slot = [48, 150, 270, 390]
    /// The slot's centre, where the ripple is centred once the poster has arrived.
    public static let rippleCentre = (x: 183.0, y: 345.0)
    /// 1 s at 60 fps, the end included.
    public static let lastFrameTime = 1.0

    public let folder: URL

    public init() throws {
        folder = try CLI.temporaryDirectory()
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("examples"), withIntermediateDirectories: true)
        for item in ["pipeline.json", "examples/assets"] {
            try FileManager.default.copyItem(
                at: CLI.repositoryRoot.appendingPathComponent(item),
                to: folder.appendingPathComponent(item))
        }
    }

    public func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    /// Writes `name` as pipeline.json with `text` replaced by `replacement` (which must occur once).
    public func variant(_ name: String, replacing text: String, with replacement: String) throws {
        let original = try String(contentsOf: folder.appendingPathComponent("pipeline.json"), encoding: .utf8)
        guard original.components(separatedBy: text).count == 2 else {
            throw RGBAImage.ReadError(description: "pipeline.json does not contain \(text) exactly once")
        }
        try write(original.replacingOccurrences(of: text, with: replacement), to: name)
    }

    public func write(_ text: String, to name: String) throws {
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    /// `pipeline frame <pipeline> --at t`, read back.
    public func still(at t: Double, of pipeline: String = "pipeline.json") throws -> RGBAImage {
        let name = "still-\(UUID().uuidString).png"
        let result = try CLI.run(["frame", pipeline, "--at", String(t), "-o", name], in: folder)
        guard result.status == 0 else {
            throw RGBAImage.ReadError(description: "frame --at \(t) exited \(result.status): \(result.stderr)")
        }
        return try RGBAImage.read(folder.appendingPathComponent(name))
    }

    public func asset(_ name: String) throws -> RGBAImage {
        try RGBAImage.read(folder.appendingPathComponent("examples/assets/\(name).png"))
    }

    public static func isInside(_ rect: [Int], _ x: Int, _ y: Int, margin: Int = 0) -> Bool {
        x >= rect[0] - margin && x < rect[0] + rect[2] + margin && y >= rect[1] - margin
            && y < rect[1] + rect[3] + margin
    }

    /// The ripple's radius at time `t`, from the article's code: the hole grows linearly from 0
    /// to the canvas's diagonal over the last 0.26 of the transition (0.74 s to 1 s).
    public static func rippleRadius(at t: Double) -> Double {
        min(max((t - 0.74) / 0.26, 0), 1) * hypot(750, 1334)
    }
}
