import Compositor
import Output
import Renderer
import Scene

/// The fonts, images and sound of a read scene, made ready for rendering.
enum SceneMedia {
    /// The pipeline's font files are added to fontconfig and its texts' families checked
    /// (`SceneFonts`) before any text is laid out; images are decoded on up to `threads` threads
    /// (with `headersOnly`, as `validate` does, only their headers are checked and the images
    /// returned hold footage and vector files, no pixels); sound files are probed when
    /// `probingSound`. Every error of the three is thrown at once. With a `cache`, images decoded
    /// for other scenes of this process are shared.
    static func load(
        _ scene: Scene, options: SceneDecoder.Options, headersOnly: Bool = false, probingSound: Bool = false,
        threads: Int, cache: ImageCache? = nil
    ) throws(SceneError) -> (images: SceneImages, sound: SceneSound) {
        try SceneImages.checkTotal(
            of: scene, limit: options.imageMemoryLimit, option: options.optionNames(.imageMemoryLimit))
        let fonts = Result { () throws(SceneError) in try SceneFonts.prepare(scene) }
        let images = Result { () throws(SceneError) in
            guard headersOnly else { return try SceneImages.load(scene, threads: threads, cache: cache) }
            return try SceneImages.checkHeaders(of: scene)
        }
        let sound = Result { () throws(SceneError) in
            guard probingSound else { return SceneSound.none }
            return try SoundCost.measure { () throws(SceneError) in
                try SoundCost.measureDecoding { () throws(SceneError) in try SceneSound.probe(scene) }
            }
        }
        let failures = [fonts.failure, images.failure, sound.failure].compactMap { $0 }
        if let error = SceneError.combining(failures) { throw error }
        return (try images.get(), try sound.get())
    }
}

extension Result {
    /// The error of a failure; nil for a success.
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
