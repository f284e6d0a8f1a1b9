import ArgumentParser
import Foundation
import PipelineKit
import PluginIsolation
import PluginRegistry

/// The library's pipeline, beside this command-line tool's root command of the same name.
typealias OpenPipeline = PipelineKit.Pipeline

/// What every command does first: open the pipeline through PipelineKit, saying what is wrong.
enum Session {
    /// The plugins alone, for the commands that list them; `rescan` forgets what earlier scans
    /// found first. Scanned in child processes, opened in this one unless `isolated`.
    static func registry(
        _ options: PluginOptions, pipelineFile: String?, reportProblems: Bool = true, rescan: Bool = false,
        isolated: Bool = false
    ) -> Registry {
        let registry = PluginSet.registry(
            folders: options.directories, pipelineFile: pipelineFile.map(PipelineInput.name), isolated: isolated,
            installation: .current, rescan: rescan)
        if reportProblems { PluginSet.warnings(registry).forEach(Console.warn) }
        return registry
    }

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
        if PipelineInput.isStandardInput(file) { options.videoName = PipelineInput.standardInputVideoName }
        options.pluginWarning = { Console.warn($0) }
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
        let bytes = PipelineInput.isStandardInput(file) ? try PipelineInput.standardInput() : nil
        do throws(PipelineError) {
            guard let bytes else { return try .open(file: file, options: options) }
            return try .open(bytes: bytes, name: PipelineInput.standardInputName, options: options)
        } catch {
            throw fail(error)
        }
    }

    /// Where plugin code runs for `--isolate` and `--sandbox`; `--sandbox` refuses to run
    /// (status 2) on a kernel that cannot keep plugins from files.
    static func placement(isolate: Bool, sandbox: Bool) throws -> OpenPipeline.PluginPlacement {
        guard sandbox else { return isolate ? .isolated : .inProcess }
        if let reason = OpenPipeline.sandboxUnavailable {
            Console.error(
                "--sandbox cannot keep plugins from your files on this machine: \(reason). "
                    + "Leave out --sandbox only for plugins you trust (--isolate still keeps their crashes out of pipeline)"
            )
            throw ExitCode(2)
        }
        return .sandboxed
    }

    /// Reports every problem of `error`, one line each; its exit status: 1 for the input, 2 for a
    /// plugin or the environment, 130 (the shell's code for Ctrl-C) for a stopped render.
    static func fail(_ error: PipelineError) -> ExitCode {
        for problem in error.problems { Console.error(problem.description) }
        switch error.code {
        case .input, .argument, .range: return ExitCode.failure
        case .render: return ExitCode(2)
        case .cancelled: return ExitCode(130)
        }
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

    static func line(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
