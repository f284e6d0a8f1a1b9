import ArgumentParser
import Scene

/// Where a pipeline's images may come from, for every command that loads a pipeline.
struct ImageOptions: ParsableArguments {
    @Flag(
        name: .customLong(SceneDecoder.Options.allowOutsideImagesFlag),
        help:
            "Let images, footage and sound files resolve outside the pipeline file's folder (after symbolic links and ..)."
    )
    var allowOutside = false

    @Option(
        name: .customLong(SceneDecoder.Options.imageMemoryFlag),
        help: ArgumentHelp(
            "The most memory all of the pipeline's images may take decoded (default 2048), checked from their headers.",
            valueName: "MiB"))
    var imageMemory = SceneDecoder.Options.defaultImageMemoryLimit >> 20

    func validate() throws {
        guard (1...(1 << 24)).contains(imageMemory) else {
            throw ValidationError("--image-memory takes MiB from 1 to 16777216, got \(imageMemory)")
        }
    }

    var decoderOptions: SceneDecoder.Options {
        SceneDecoder.Options(allowsImagesOutside: allowOutside, imageMemoryLimit: imageMemory << 20)
    }
}
