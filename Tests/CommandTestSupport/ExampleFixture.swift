import Foundation

/// The repository's examples (`examples/*.json`) and the assets they use, copied into a temporary
/// folder so that renders never write into the checkout. Stills come from `pipeline frame`
/// (cheap), whole renders from `pipeline run --out`.
public struct ExampleFolder {
    /// Every example, by name (the file name without `.json`).
    public static let names: [String] = {
        let folder = CLI.repositoryRoot.appendingPathComponent("examples")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }()

    public static let (width, height, fps) = (375, 667, 60.0)

    public let folder: URL
    private var examples: URL { folder.appendingPathComponent("examples") }

    public init() throws {
        folder = try CLI.temporaryDirectory()
        let root = CLI.repositoryRoot
        try FileManager.default.createDirectory(at: examples, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("examples/assets"), to: examples.appendingPathComponent("assets"))
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("examples/transitions"),
            to: examples.appendingPathComponent("transitions"))
        for name in Self.names {
            try FileManager.default.copyItem(
                at: root.appendingPathComponent("examples/\(name).json"),
                to: examples.appendingPathComponent("\(name).json"))
        }
    }

    public func cleanUp() { try? FileManager.default.removeItem(at: folder) }

    /// `pipeline frame examples/<name>.json --at t`, read back.
    public func still(_ name: String, at t: Double) throws -> RGBAImage {
        let png = folder.appendingPathComponent("still-\(UUID().uuidString).png")
        let result = try CLI.run(["frame", "\(name).json", "--at", String(t), "-o", png.path], in: examples)
        guard result.status == 0 else {
            throw RGBAImage.ReadError(description: "\(name) frame --at \(t) exited \(result.status): \(result.stderr)")
        }
        return try RGBAImage.read(png)
    }

    /// `pipeline run examples/<name>.json` into a fresh folder: the PNG frames, in order.
    public func run(_ name: String) throws -> [URL] {
        let out = folder.appendingPathComponent("run-\(name)-\(UUID().uuidString)")
        let result = try CLI.run(
            ["run", "\(name).json", "--out", out.path, "--format", "png", "--quiet"], in: examples)
        guard result.status == 0 else {
            throw RGBAImage.ReadError(description: "\(name) run exited \(result.status): \(result.stderr)")
        }
        return try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".png") }.sorted()
            .map { out.appendingPathComponent($0) }
    }

    /// Writes `examples/<variant>.json`: example `name` with `text` (which must occur once) replaced.
    public func variant(of name: String, _ variant: String, replacing text: String, with replacement: String) throws {
        let original = try String(contentsOf: examples.appendingPathComponent("\(name).json"), encoding: .utf8)
        guard original.components(separatedBy: text).count == 2 else {
            throw RGBAImage.ReadError(description: "\(name).json does not contain \(text) exactly once")
        }
        try original.replacingOccurrences(of: text, with: replacement)
            .write(to: examples.appendingPathComponent("\(variant).json"), atomically: true, encoding: .utf8)
    }

    public func asset(_ name: String) throws -> RGBAImage {
        try RGBAImage.read(examples.appendingPathComponent("assets/\(name).png"))
    }
}

extension Pixel {
    /// This colour at `alpha` over black, as a layer faded over the black canvas looks.
    public func faded(to alpha: Double) -> Pixel {
        Pixel(
            Int((Double(r) * alpha).rounded()), Int((Double(g) * alpha).rounded()), Int((Double(b) * alpha).rounded()))
    }
}

/// Walks from a centre outwards and says where a revealed disc ends: pixel by pixel along rays,
/// each pixel classified as `inside` or `outside` where the two reference images differ clearly.
public struct DiscProbe {
    public let centre: (x: Double, y: Double)
    public let inside: RGBAImage, outside: RGBAImage

    public init(centre: (x: Double, y: Double), inside: RGBAImage, outside: RGBAImage) {
        (self.centre, self.inside, self.outside) = (centre, inside, outside)
    }

    /// The pixels along the ray at `degrees` (0 is right, 90 down) whose matching image is known,
    /// as (distance of the pixel's centre from `centre`, true when it shows `inside`).
    public func samples(in frame: RGBAImage, degrees: Double, length: Int) -> [(distance: Double, isInside: Bool)] {
        let (dx, dy) = (cos(degrees * .pi / 180), sin(degrees * .pi / 180))
        return (1...length).compactMap { step in
            let (x, y) = (Int(centre.x + dx * Double(step)), Int(centre.y + dy * Double(step)))
            guard x >= 0, y >= 0, x < frame.width, y < frame.height, inside[x, y].distance(to: outside[x, y]) > 60
            else { return nil }
            let pixel = frame[x, y]
            let distance = hypot(Double(x) + 0.5 - centre.x, Double(y) + 0.5 - centre.y)
            return (distance, pixel.distance(to: inside[x, y]) < pixel.distance(to: outside[x, y]))
        }
    }

    /// Checks a disc of `radius` along a ray: the pixels more than `margin` from its edge that
    /// show the wrong image, and how many pixels within `margin`…`margin + 6` px on either side of
    /// the edge were checked (a ray with none there cannot locate the edge).
    public func check(_ frame: RGBAImage, degrees: Double, radius: Double, margin: Double = 2)
        -> (misplaced: [Double], checkedInside: Int, checkedOutside: Int)
    {
        let samples = samples(in: frame, degrees: degrees, length: Int(radius + margin) + 40)
        let misplaced = samples.filter { abs($0.distance - radius) > margin && $0.isInside != ($0.distance < radius) }
        let near = { (range: ClosedRange<Double>) in samples.filter { range.contains($0.distance) }.count }
        return (
            misplaced.map(\.distance), near(radius - margin - 6...radius - margin),
            near(radius + margin...radius + margin + 6)
        )
    }
}
