import CVectorGraphics
import Foundation
import Scene
import ShapeGeometry

/// The SVG documents and Lottie animations a scene's layers show, each file read and checked
/// once per render, its bytes shared by every compositor of the render on any thread. Neither
/// library's objects may be used by two threads at once, so each compositor parses its own
/// (`SVGDocument`, `LottieAnimation`) from these bytes: the bytes checked are the bytes drawn.
public final class SceneVectors: Sendable {
    /// An SVG file's bytes and its own size in pixels (nil when it gives none).
    public struct SVG: Sendable {
        public let path: String
        let bytes: [UInt8]
        public let size: (width: Double, height: Double)?
    }

    /// A Lottie file's JSON and what rlottie reads from it.
    public struct Lottie: Sendable {
        public let path: String
        let json: [UInt8]
        public let frameCount: Int
        public let frameRate: Double
        public let width: Int, height: Int

        /// Where the animation ends, in its own seconds: the last frame's start plus one frame.
        public var duration: Double { Double(frameCount) / frameRate }
    }

    private let svgs: [String: SVG]
    private let lotties: [String: Lottie]
    /// The shapes of the SVG files shape layers take their paths from, by path.
    private let shapes: [String: [SVGShape]]
    /// What those files ask for that shapes do not draw, one line per element kind and file.
    public let warnings: [String]

    /// No vector content.
    public static let none = SceneVectors(svgs: [:], lotties: [:], shapes: [:], warnings: [])

    init(svgs: [String: SVG], lotties: [String: Lottie], shapes: [String: [SVGShape]], warnings: [String]) {
        (self.svgs, self.lotties, self.shapes, self.warnings) = (svgs, lotties, shapes, warnings)
    }

    public subscript(file: SVGFile) -> SVG? { svgs[file.path] }
    public subscript(spec: LottieSpec) -> Lottie? { lotties[spec.path] }
    /// The shapes of a shape layer's SVG file.
    public func shapes(of file: SVGFile) -> [SVGShape]? { shapes[file.path] }

    /// Reads every SVG and Lottie file of `scene`, each once: an SVG must parse, and every file
    /// it refers to must pass `SVGReferences`; a Lottie file must be an animation rlottie reads.
    /// Every failure is reported at the place the pipeline names the file, in layer order.
    public static func load(_ scene: Scene) throws(SceneError) -> SceneVectors {
        var svgs: [String: SVG] = [:]
        var lotties: [String: Lottie] = [:]
        var shapes: [String: [SVGShape]] = [:]
        var warnings: [String] = []
        var errors: [SceneError] = []
        for layer in scene.layers {
            if let file = layer.content.shape?.svg, shapes[file.path] == nil {
                switch readShapes(file) {
                case .success(let document):
                    shapes[file.path] = document.shapes
                    warnings += document.warnings + refusedPaths(of: document.shapes, in: file.path)
                case .failure(let reason): errors.append(error(reason.reason, at: file.origin, path: file.path, "SVG"))
                }
            }
            if let file = layer.content.svg, svgs[file.path] == nil {
                switch readSVG(file) {
                case .success(let svg): svgs[file.path] = svg
                case .failure(let reason): errors.append(error(reason.reason, at: file.origin, path: file.path, "SVG"))
                }
            }
            if let spec = layer.content.lottie, lotties[spec.path] == nil {
                switch readLottie(spec) {
                case .success(let lottie): lotties[spec.path] = lottie
                case .failure(let reason):
                    errors.append(error(reason.reason, at: spec.origin, path: spec.path, "Lottie"))
                }
            }
        }
        if let error = SceneError.combining(errors) { throw error }
        return SceneVectors(svgs: svgs, lotties: lotties, shapes: shapes, warnings: warnings)
    }

    /// A warning for each shape whose path data libxml2 read but the shape parser refuses (it
    /// is not drawn), naming its line and what is wrong.
    private static func refusedPaths(of shapes: [SVGShape], in path: String) -> [String] {
        shapes.compactMap { shape in
            do throws(PathDataError) {
                _ = try PathData.parse(shape.pathData)
                return nil
            } catch {
                return "\(path) line \(shape.line): a shape whose path data is not drawn: \(error)"
            }
        }
    }

    /// One line per layer that shows vector content, for `validate`: what it shows and its size.
    public func summary(of scene: Scene) -> [String] {
        scene.layers.compactMap { layer in
            if let file = layer.content.svg, let svg = self[file] {
                let size = svg.size.map { "\(Self.number($0.width))×\(Self.number($0.height))" } ?? "no size of its own"
                return "layer \"\(layer.name)\": SVG \(file.path), \(size)"
            }
            if let file = layer.content.shape?.svg, let shapes = shapes(of: file) {
                return
                    "layer \"\(layer.name)\": shape of SVG \(file.path), \(shapes.count) path\(shapes.count == 1 ? "" : "s")"
            }
            if let spec = layer.content.lottie, let lottie = self[spec] {
                return "layer \"\(layer.name)\": Lottie \(spec.path), \(lottie.frameCount) frames at "
                    + "\(Self.number(lottie.frameRate)) fps, \(lottie.width)×\(lottie.height)"
            }
            return nil
        }
    }

    private static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    private static func error(_ reason: String, at origin: SceneError.Origin?, path: String, _ kind: String)
        -> SceneError
    {
        let origin = origin ?? SceneError.Origin(file: path, position: nil, path: nil)
        return SceneError(at: origin, message: "cannot use \(kind) \(path): \(reason)")
    }

    /// The file's bytes once every file it refers to passes `SVGReferences`.
    private static func confinedBytes(_ file: SVGFile) -> Result<[UInt8], VectorProblem> {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return .failure(VectorProblem("cannot read it"))
        }
        let bytes = [UInt8](data)
        if let failure = vector_unavailable() { return .failure(VectorProblem(String(cString: failure))) }
        switch SVGReferences.list(in: bytes) {
        case .failure(let error): return .failure(VectorProblem(error.description))
        case .success(let references):
            for (reference, line) in references {
                if let problem = SVGReferences.problem(
                    reference, line: line, in: file.path, confinement: file.confinement)
                {
                    return .failure(VectorProblem(problem))
                }
            }
        }
        return .success(bytes)
    }

    private static func readShapes(_ file: SVGFile) -> Result<SVGShapes.Document, VectorProblem> {
        let bytes: [UInt8]
        switch confinedBytes(file) {
        case .failure(let problem): return .failure(problem)
        case .success(let read): bytes = read
        }
        do {
            return .success(try SVGShapes.read(bytes, path: file.path))
        } catch {
            return .failure(VectorProblem(error.description))
        }
    }

    private static func readSVG(_ file: SVGFile) -> Result<SVG, VectorProblem> {
        let bytes: [UInt8]
        switch confinedBytes(file) {
        case .failure(let problem): return .failure(problem)
        case .success(let read): bytes = read
        }
        do {
            let document = try SVGDocument(bytes, path: file.path)
            return .success(SVG(path: file.path, bytes: bytes, size: document.size))
        } catch {
            return .failure(VectorProblem(error.description))
        }
    }

    private static func readLottie(_ spec: LottieSpec) -> Result<Lottie, VectorProblem> {
        guard let data = FileManager.default.contents(atPath: spec.path) else {
            return .failure(VectorProblem("cannot read it"))
        }
        let json = [UInt8](data)
        if let problem = LottieAssets.problem(in: json, of: spec) { return .failure(VectorProblem(problem)) }
        if let failure = vector_unavailable() { return .failure(VectorProblem(String(cString: failure))) }
        guard let animation = LottieAnimation(json, path: spec.path) else {
            return .failure(
                VectorProblem(
                    "not a Lottie animation rlottie can read (Bodymovin JSON with layers, a frame rate and a size)"))
        }
        let info = animation.info
        guard info.frameCount > 0, info.frameRate > 0, info.frameRate.isFinite, info.width > 0, info.height > 0 else {
            return .failure(
                VectorProblem(
                    "a Lottie animation needs at least one frame, a frame rate and a size; it has \(info.frameCount) "
                        + "frames at \(info.frameRate) fps, \(info.width)×\(info.height)"))
        }
        return .success(
            Lottie(
                path: spec.path, json: json, frameCount: info.frameCount, frameRate: info.frameRate, width: info.width,
                height: info.height))
    }
}

/// Why a vector file cannot be used: a short lowercase reason.
private struct VectorProblem: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
