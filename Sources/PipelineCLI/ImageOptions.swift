import ArgumentParser
import Scene

/// Where a pipeline's images may come from, and the props it is given, for every command that
/// loads a pipeline.
struct ImageOptions: ParsableArguments {
    @Flag(
        name: .customLong(SceneDecoder.Options.allowOutsideImagesFlag),
        help:
            "Let images, footage, sound and font files resolve outside the pipeline file's folder (after symbolic links and ..)."
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

    @OptionGroup var props: PropsOptions

    /// The options, with the props read (a props file that cannot be read is reported and exits 1).
    var decoderOptions: SceneDecoder.Options {
        get throws {
            SceneDecoder.Options(
                allowsImagesOutside: allowOutside, imageMemoryLimit: imageMemory << 20, patches: try props.patches())
        }
    }
}

/// Values given to a pipeline from outside it, for every command that reads one: the same file
/// rendered for many variants.
struct PropsOptions: ParsableArguments {
    @Option(
        name: .customLong("set"),
        help: ArgumentHelp(
            "Set the value at PATH before the pipeline is read (repeatable): canvas.fps=30, layers[2].text.string=Hello. "
                + "VALUE is read as JSON, or else as a string.",
            valueName: "PATH=VALUE"))
    var set: [String] = []

    @Option(
        name: .customLong("props"),
        help: ArgumentHelp(
            "A JSON merge patch (RFC 7396) applied to the pipeline before it is read; --set applies after it.",
            valueName: "file.json"))
    var props: String?

    /// Where a batch variant's patch goes among `patches()`: after the props file.
    var variantPlace: Int { props == nil ? 0 : 1 }

    /// The patches in the order they apply: the props file, then each --set (a batch's variant
    /// goes between them: `variantPlace`).
    func patches() throws -> [PipelinePatch] {
        do throws(SceneError) {
            return try (props.map { file throws(SceneError) in [try PipelinePatch.props(file: file)] } ?? [])
                + set.map { argument throws(SceneError) in try PipelinePatch.set(argument) }
        } catch {
            Console.error(error.description)
            throw ExitCode(1)
        }
    }
}
