import Dispatch
import Foundation
import Scene

/// The decoded pixels of every image a scene's layers show, and its opened footage. Decoding is
/// a stage of its own after the pipeline file is read: the model names image files, this decodes
/// each once per render, and every compositor of the render (on any thread) reads the same
/// pixels.
public final class SceneImages: Sendable {
    private let byPath: [String: RasterImage]
    /// The videos and image sequences, opened once per render.
    public let footage: SceneFootage
    /// The SVG documents and Lottie animations, read and checked once per render.
    public let vectors: SceneVectors

    /// No images: for contents that draw none.
    public static let none = SceneImages([:])

    public init(_ byPath: [String: RasterImage], footage: SceneFootage = .none, vectors: SceneVectors = .none) {
        self.byPath = byPath
        self.footage = footage
        self.vectors = vectors
    }

    /// The bytes of every decoded image, with room for the smaller copies drawn from it (a third
    /// more), and of the footage's frame caches: what a render's memory estimate counts.
    public var decodedBytes: Int {
        byPath.values.reduce(0) { $0 + $1.width * $1.height * 4 * 4 / 3 } + footage.cacheBytes
    }

    /// The pixels of `file`; nil only for a file these images were not loaded with.
    public subscript(file: ImageFile) -> RasterImage? {
        byPath[file.path]
    }

    /// Decodes every image of `scene`, each file once, on up to `threads` threads (a render's
    /// `--threads`), and opens its footage. Every file that cannot be decoded or opened is
    /// reported at the place the pipeline names it, images first. With a `cache`, images it holds
    /// are taken from it and those it does not are decoded into it.
    public static func load(
        _ scene: Scene, threads: Int = ProcessInfo.processInfo.activeProcessorCount, cache: ImageCache? = nil
    ) throws(SceneError) -> SceneImages {
        let images = Result { () throws(SceneError) in
            try read(scene.layers.compactMap(\.content.image), threads: threads) { path throws(ImageLoadError) in
                guard let cache else { return try RasterImage.load(contentsOf: path) }
                return try cache.image(at: path) { path throws(ImageLoadError) in
                    try RasterImage.load(contentsOf: path)
                }
            }
        }
        let footage = Result { () throws(SceneError) in try SceneFootage.open(scene) }
        let vectors = Result { () throws(SceneError) in try SceneVectors.load(scene) }
        let media = Result { () throws(SceneError) in try both(footage, vectors) }
        let (pixels, opened) = try both(images, media)
        return SceneImages(pixels, footage: opened.0, vectors: opened.1)
    }

    /// These images (read by `checkHeaders`) with the pixels of every image of `scene` decoded as
    /// `load` decodes them, keeping the footage and vector files opened already.
    public func decodingPixels(
        of scene: Scene, threads: Int = ProcessInfo.processInfo.activeProcessorCount, cache: ImageCache? = nil
    ) throws(SceneError) -> SceneImages {
        let pixels = try Self.read(scene.layers.compactMap(\.content.image), threads: threads) {
            path throws(ImageLoadError) in
            guard let cache else { return try RasterImage.load(contentsOf: path) }
            return try cache.image(at: path) { path throws(ImageLoadError) in try RasterImage.load(contentsOf: path) }
        }
        return SceneImages(pixels, footage: footage, vectors: vectors)
    }

    /// Reads the header of every image of `scene`, each file once, without decoding pixels: the
    /// format, the header's own checks and the size limit, reported as `load` reports them. A
    /// file cut off in its pixel data passes here and fails in `load`. Footage is opened (its
    /// frames listed, none decoded), and SVG and Lottie files read and checked, as `load` does:
    /// the images returned hold those and no pixels.
    @discardableResult
    public static func checkHeaders(of scene: Scene) throws(SceneError) -> SceneImages {
        let images = Result { () throws(SceneError) in
            try read(scene.layers.compactMap(\.content.image), threads: 1) { path throws(ImageLoadError) in
                try RasterImage.size(ofFileAt: path)
            }
        }
        let footage = Result { () throws(SceneError) in try SceneFootage.open(scene) }
        let vectors = Result { () throws(SceneError) in try SceneVectors.load(scene) }
        let opened = try both(images, Result { () throws(SceneError) in try both(footage, vectors) }).1
        return SceneImages([:], footage: opened.0, vectors: opened.1)
    }

    /// Refuses images that would take more than `limit` bytes decoded together, read from their
    /// headers (a file whose header cannot be read is left to the stage that reads it).
    /// `option` is the option that allows more, as the caller words it.
    public static func checkTotal(of scene: Scene, limit: Int, option: String) throws(SceneError) {
        var seen = Set<String>()
        let sized = scene.layers.compactMap(\.content.image).filter { seen.insert($0.path).inserted }.compactMap {
            image -> (path: String, bytes: Int)? in
            (try? RasterImage.size(ofFileAt: image.path)).map { (image.path, $0.width * $0.height * 4) }
        }
        let total = sized.reduce(0) { $0 + $1.bytes }
        guard total > limit, let largest = sized.max(by: { $0.bytes < $1.bytes }) else { return }
        func mebibytes(_ bytes: Int) -> String { "\((bytes + (1 << 20) - 1) >> 20) MiB" }
        throw SceneError(
            file: scene.file, position: nil, path: nil,
            message: "the pipeline's \(sized.count) images take \(mebibytes(total)) decoded (the largest, "
                + "\(largest.path), \(mebibytes(largest.bytes))), more than the \(mebibytes(limit)) allowed: use smaller "
                + "images, or allow more with \(option) MIB")
    }

    /// Both values, or every error of either.
    private static func both<A, B>(
        _ first: Result<A, SceneError>, _ second: Result<B, SceneError>
    ) throws(SceneError) -> (A, B) {
        switch (first, second) {
        case (.success(let a), .success(let b)): return (a, b)
        case (.failure(let a), .failure(let b)): throw SceneError.combining([a, b])!
        case (.failure(let error), _), (_, .failure(let error)): throw error
        }
    }

    /// `read` applied to each file once, the files shared among up to `threads` threads (a
    /// render's start waits for its largest image rather than for all in turn); every failure is
    /// reported at the place the pipeline names the file, in layer order.
    private static func read<Value>(
        _ files: [ImageFile], threads: Int, with read: @Sendable (String) throws(ImageLoadError) -> Value
    ) throws(SceneError) -> [String: Value] {
        var seen = Set<String>()
        let distinct = files.filter { seen.insert($0.path).inserted }
        let results = ResultSlots<Value>(count: distinct.count)
        let workers = max(1, min(threads, distinct.count))
        // One worker runs on the calling thread.
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: distinct.count, by: workers) {
                results.set(index, Result { () throws(ImageLoadError) in try read(distinct[index].path) })
            }
        }
        var images: [String: Value] = [:]
        var errors: [SceneError] = []
        for (file, result) in zip(distinct, results.all) {
            switch result {
            case .success(let value): images[file.path] = value
            case .failure(let error):
                let origin = file.origin ?? SceneError.Origin(file: file.path, position: nil, path: nil)
                errors.append(SceneError(at: origin, message: "cannot use image \(file.path): \(error.description)"))
            }
        }
        if let error = SceneError.combining(errors) { throw error }
        return images
    }
}

/// One result per index, filled from several threads.
private final class ResultSlots<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<Value, ImageLoadError>?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<Value, ImageLoadError>) {
        lock.withLock { slots[index] = result }
    }

    /// Every slot, once each has been set.
    var all: [Result<Value, ImageLoadError>] { lock.withLock { slots.map { $0! } } }
}
