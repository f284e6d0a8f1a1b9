import ArgumentParser
import PipelineKit

/// Where a pipeline's images may come from, and the props it is given, for every command that
/// loads a pipeline.
struct ImageOptions: ParsableArguments {
    @Flag(name: .option(.allowsOutsideFiles), help: ArgumentHelp(option: .allowsOutsideFiles)) var allowOutside = false

    @Option(name: .option(.imageMemoryLimit), help: ArgumentHelp(option: .imageMemoryLimit))
    var imageMemory = OpenPipeline.OpenOptions().imageMemoryLimit >> 20

    func validate() throws {
        guard (1...(1 << 24)).contains(imageMemory) else {
            throw ValidationError(
                "\(OpenPipeline.Option.imageMemoryLimit.option) takes MiB from 1 to 16777216, got \(imageMemory)")
        }
    }

    @OptionGroup var props: PropsOptions
}

/// Values given to a pipeline from outside it, for every command that reads one: the same file
/// rendered for many variants.
struct PropsOptions: ParsableArguments {
    @Option(name: .option(.set), help: ArgumentHelp(option: .set)) var set: [String] = []

    @Option(name: .option(.props), help: ArgumentHelp(option: .props)) var props: String?
}
