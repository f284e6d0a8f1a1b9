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

    var decoderOptions: SceneDecoder.Options { SceneDecoder.Options(allowsImagesOutside: allowOutside) }
}
