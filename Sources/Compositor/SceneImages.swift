import Scene

/// The decoded pixels of every image a scene's layers show. Decoding is a stage of its own after
/// the pipeline file is read: the model names image files, this decodes each once per render,
/// and every compositor of the render (on any thread) reads the same pixels.
public final class SceneImages: Sendable {
    private let byPath: [String: RasterImage]

    /// No images: for contents that draw none.
    public static let none = SceneImages([:])

    public init(_ byPath: [String: RasterImage]) {
        self.byPath = byPath
    }

    /// The pixels of `file`; nil only for a file these images were not loaded with.
    public subscript(file: ImageFile) -> RasterImage? {
        byPath[file.path]
    }

    /// Decodes every image of `scene`, each file once. Every file that cannot be decoded is
    /// reported at the place the pipeline names it, in layer order.
    public static func load(_ scene: Scene) throws(SceneError) -> SceneImages {
        try load(scene.layers.compactMap(\.content.image))
    }

    private static func load(_ files: [ImageFile]) throws(SceneError) -> SceneImages {
        var images: [String: RasterImage] = [:]
        var failed = Set<String>()
        var errors: [SceneError] = []
        for file in files where images[file.path] == nil && !failed.contains(file.path) {
            do {
                images[file.path] = try RasterImage.load(contentsOf: file.path)
            } catch {
                failed.insert(file.path)
                let origin = file.origin ?? SceneError.Origin(file: file.path, position: nil, path: nil)
                errors.append(SceneError(at: origin, message: "cannot use image \(file.path): \(error.description)"))
            }
        }
        if let error = SceneError.combining(errors) { throw error }
        return SceneImages(images)
    }
}
