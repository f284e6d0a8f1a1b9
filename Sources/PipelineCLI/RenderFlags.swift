import ArgumentParser
import PipelineKit

/// A render option's declaration in PipelineKit: name, help, how it is read and checked.
typealias RenderSetting = OpenPipeline.RenderOptions.Setting

extension ArgumentHelp {
    init(_ setting: RenderSetting) {
        self.init(setting.help, valueName: setting.valueName, visibility: setting.isHidden ? .hidden : .default)
    }

    init(option: OpenPipeline.Option) { self.init(option.help, valueName: option.valueName) }
}

extension NameSpecification {
    /// The setting's long name (`--out`), after its short one (`-o`) when it has one.
    static func setting(_ setting: RenderSetting) -> NameSpecification {
        NameSpecification((setting.short.map { [.customShort($0)] } ?? []) + [.customLong(setting.flag)])
    }

    /// An option of opening a pipeline, by its long name (`--isolate`).
    static func option(_ option: OpenPipeline.Option) -> NameSpecification { .customLong(option.flag) }
}

/// `--scale`, one declaration for `run`, `submit slurm` and `frame`, read and checked once as it is
/// parsed, by PipelineKit's `RenderScale` (a problem is a usage error naming `--scale`).
struct ScaleOption: ParsableArguments {
    @Option(name: .setting(.scale), help: .init(.scale), transform: { s in try Session.usage { try .init(text: s) } })
    private var given: OpenPipeline.RenderScale?
    var scale: OpenPipeline.RenderScale { given ?? .full }
}

/// The options of the picture every render of a pipeline makes, which `run` takes and
/// `submit slurm` passes on to its tasks: flags made from PipelineKit's declarations.
struct PictureFlags: ParsableArguments {
    @Option(
        name: .setting(.formats), help: ArgumentHelp(.formats),
        completion: .list(OpenPipeline.RenderOptions.formatNames)
    )
    var formats: String?
    @Option(name: .setting(.quality), help: ArgumentHelp(.quality)) var quality: String?
    @OptionGroup var size: ScaleOption
    @Option(name: .setting(.fps), help: ArgumentHelp(.fps)) var fps: String?
    @Flag(name: .setting(.exactImageScaling), help: ArgumentHelp(.exactImageScaling))
    var exactImageScaling = false

    var given: [(RenderSetting, String?)] {
        [
            (.formats, formats), (.quality, quality), (.fps, fps),
            (.exactImageScaling, flag(exactImageScaling)),
        ]
    }
}

/// `run`'s own render options.
struct RenderFlags: ParsableArguments {
    @Option(name: .setting(.directory), help: ArgumentHelp(.directory), completion: .directory)
    var directory: String?
    @OptionGroup var picture: PictureFlags
    @Option(name: .setting(.threads), help: ArgumentHelp(.threads)) var threads: String?
    @Option(name: .setting(.frames), help: ArgumentHelp(.frames)) var frames: String?
    @Option(name: .setting(.shard), help: ArgumentHelp(.shard)) var shard: String?
    @Flag(name: .setting(.resume), help: ArgumentHelp(.resume)) var resume = false
    @Flag(name: .setting(.waitsForFolder), help: ArgumentHelp(.waitsForFolder)) var wait = false
    @Flag(name: .setting(.discard), help: ArgumentHelp(.discard)) var discard = false

    var given: [(RenderSetting, String?)] {
        picture.given + [
            (.directory, directory), (.threads, threads), (.frames, frames), (.shard, shard), (.resume, flag(resume)),
            (.waitsForFolder, flag(wait)), (.discard, flag(discard)),
        ]
    }
}

private func flag(_ value: Bool) -> String? { value ? "true" : nil }

extension OpenPipeline.RenderOptions {
    /// The options the command line gives, each read and checked as PipelineKit declares it;
    /// problems name the flags. `-o -` is the command's own: a stream, set by the caller.
    init(_ given: [(RenderSetting, String?)], environment: [String: String] = [:]) throws {
        let given = given.filter { setting, text in !(setting == .directory && text == "-") }
        self = try Session.usage { try Self(commandLine: given, environment: environment) }
    }

    /// Checks every value as a usage error naming the flags.
    func validate() throws { try Session.usage { try check(naming: \.option) } }
}

/// Where plugin code runs, for the commands that render.
struct IsolationFlags: ParsableArguments {
    @Flag(name: .option(.isolate), help: ArgumentHelp(option: .isolate)) var isolate = false
    @Flag(name: .option(.sandbox), help: ArgumentHelp(option: .sandbox)) var sandbox = false

    var placement: OpenPipeline.PluginPlacement {
        get throws { try Session.placement(isolate: isolate, sandbox: sandbox) }
    }
}
