import ArgumentParser
import PipelineKit

/// Where a pipeline's images may come from, and the props it is given, for every command that
/// loads a pipeline.
struct ImageOptions: ParsableArguments {
    @Flag(
        name: .customLong(OpenPipeline.OpenOptions.allowsOutsideFilesFlag),
        help:
            "Let images, footage, sound and font files resolve outside the pipeline file's folder (after symbolic links and ..)."
    )
    var allowOutside = false

    @Option(
        name: .customLong(OpenPipeline.OpenOptions.imageMemoryLimitFlag),
        help: ArgumentHelp(
            "The most memory all of the pipeline's images may take decoded (default 2048), checked from their headers.",
            valueName: "MiB"))
    var imageMemory = OpenPipeline.OpenOptions().imageMemoryLimit >> 20

    func validate() throws {
        guard (1...(1 << 24)).contains(imageMemory) else {
            throw ValidationError("--image-memory takes MiB from 1 to 16777216, got \(imageMemory)")
        }
    }

    @OptionGroup var props: PropsOptions
}

/// Values given to a pipeline from outside it, for every command that reads one: the same file
/// rendered for many variants.
struct PropsOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Set the value at PATH before the pipeline is read (repeatable): canvas.fps=30, layers[2].text.string=Hello. "
                + "VALUE is read as JSON, or else as a string.",
            valueName: "PATH=VALUE"))
    var set: [String] = []

    @Option(
        help: ArgumentHelp(
            "A JSON merge patch (RFC 7396) applied to the pipeline before it is read; --set applies after it.",
            valueName: "file.json"))
    var props: String?
}
