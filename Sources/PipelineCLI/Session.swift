import ArgumentParser
import Foundation
import PipelineKit

/// The library's pipeline, beside this command-line tool's root command of the same name.
typealias OpenPipeline = PipelineKit.Pipeline

/// What every command does first: open the pipeline through PipelineKit, saying what is wrong.
enum Session {
    /// How the command's options open a pipeline in `file` (`-`: standard input, whose videos
    /// are named `pipeline`).
    static func options(
        _ file: String, _ plugins: PluginOptions, _ images: ImageOptions, placement: OpenPipeline.PluginPlacement,
        threads: Int? = nil
    ) -> OpenPipeline.OpenOptions {
        var options = OpenPipeline.OpenOptions()
        options.pluginFolders = plugins.directories
        options.plugins = placement
        options.allowsOutsideFiles = images.allowOutside
        options.imageMemoryLimit = images.imageMemory << 20
        options.propsFile = images.props.props
        options.set = images.props.set
        if let threads { options.decodingThreads = threads }
        if OpenPipeline.StandardInput.isNamed(by: file) { options.videoName = OpenPipeline.StandardInput.videoName }
        options.pluginWarning = { Console.warn($0) }
        options.textWarning = { Console.warn($0) }
        options.optionNames = { $0.option }
        return options
    }

    /// Opens the pipeline in `file`, or on standard input for `-`; every problem is reported,
    /// one line each, and the command exits 1 (the input is wrong) or 2 (a plugin failed).
    static func open(
        _ file: String, _ plugins: PluginOptions, _ images: ImageOptions,
        placement: OpenPipeline.PluginPlacement = .inProcess, headersOnly: Bool = false, threads: Int? = nil
    ) throws -> OpenPipeline {
        var options = options(file, plugins, images, placement: placement, threads: threads)
        options.headersOnly = headersOnly
        let bytes = OpenPipeline.StandardInput.isNamed(by: file) ? try PipelineInput.standardInput() : nil
        return try attempt {
            guard let bytes else { return try .open(file: file, options: options) }
            return try .open(bytes: bytes, name: OpenPipeline.StandardInput.name, options: options)
        }
    }

    /// Where plugin code runs for `--isolate` and `--sandbox`; `--sandbox` refuses to run
    /// (status 2) on a kernel that cannot keep plugins from files.
    static func placement(isolate: Bool, sandbox: Bool) throws -> OpenPipeline.PluginPlacement {
        guard sandbox else { return isolate ? .isolated : .inProcess }
        if let reason = OpenPipeline.sandboxUnavailable {
            let (sandbox, isolate) = (OpenPipeline.Option.sandbox.option, OpenPipeline.Option.isolate.option)
            Console.error(
                "\(sandbox) cannot keep plugins from your files on this machine: \(reason). "
                    + "Leave out \(sandbox) only for plugins you trust (\(isolate) still keeps their crashes out of pipeline)"
            )
            throw ExitCode(2)
        }
        return .sandboxed
    }

    /// What `body` returns; a `PipelineError` it throws is reported (`fail`) and becomes the
    /// command's exit status.
    static func attempt<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as PipelineError { throw fail(error) }
    }

    /// What `body` returns; a `PipelineError` it throws is a usage error (status 1, with the
    /// usage), after `option` when given (`--times: …`).
    static func usage<T>(naming option: String? = nil, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as PipelineError {
            throw ValidationError((option.map { "\($0): " } ?? "") + error.worded(\.option).description)
        }
    }

    /// Reports every problem of `error`, one line each; its exit status: 1 for the input, 2 for a
    /// plugin or the environment, 130 (the shell's code for Ctrl-C) for a stopped render.
    static func fail(_ error: PipelineError) -> ExitCode {
        for problem in error.worded(\.option).problems { Console.error(problem.description) }
        return ExitCode(error.code.exitStatus)
    }

    /// The closing line after outputs written with values a plugin got wrong replaced, and exit
    /// status 2, so scripts notice.
    static func writtenWithSubstitutions() -> ExitCode {
        Console.error(
            "the outputs were written with substituted values for what plugins got wrong (see the warnings above)")
        return ExitCode(2)
    }
}

/// Messages on standard error, one line each.
enum Console {
    static func error(_ message: String) { line("error: \(message)") }
    static func warn(_ message: String) { line("warning: \(message)") }
    static func note(_ message: String) { line(message) }

    static func line(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }
}
