import ArgumentParser
import Compositor
import Foundation
import Output
import PipelineKit
import PluginRegistry
import Renderer
import Scene

/// What every command does first: load the plugins, report broken ones, read the pipeline.
enum Session {
    /// Plugins are scanned in a child process, so one that crashes cannot take a command down;
    /// `rescan` forgets what earlier scans found first.
    /// `isolated` (`--isolate`) never opens a plugin in this process: renders then run plugin
    /// code in child processes only. `plugins/` is looked for beside `pipelineFile`, or in the
    /// current folder for a pipeline on standard input.
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

    /// Reads the pipeline in `file`, or on standard input for `-` (see `PipelineInput`), then
    /// decodes its images: every error of either stage is reported, one line each. With
    /// `headersOnly` (`validate`) the images' headers are checked and no pixels decoded: the
    /// images returned then hold the footage and the vector files, and no pixels. Images are
    /// decoded on up to `threads` threads.
    static func scene(
        _ file: String, registry: Registry,
        options: SceneDecoder.Options, headersOnly: Bool = false,
        threads: Int = ProcessInfo.processInfo.activeProcessorCount
    ) throws -> (scene: Scene, images: SceneImages) {
        let loaded = try media(file, registry: registry, options: options, headersOnly: headersOnly, threads: threads)
        return (loaded.scene, loaded.images)
    }

    /// The same, and the sound files the pipeline plays, probed (each decoded once: `run` and
    /// `validate` find a sound that cannot be played before any frame is rendered).
    static func media(
        _ file: String, registry: Registry,
        options: SceneDecoder.Options, headersOnly: Bool = false, probingSound: Bool = false,
        threads: Int = ProcessInfo.processInfo.activeProcessorCount
    ) throws -> (scene: Scene, images: SceneImages, sound: SceneSound) {
        do throws(SceneError) {
            let scene = try decode(file, registry: registry, options: options)
            let media = try self.media(
                of: scene, options: options, headersOnly: headersOnly, probingSound: probingSound, threads: threads)
            return (scene, media.images, media.sound)
        } catch {
            for each in error.all { Console.error(each.description) }
            throw ExitCode(error.worstKind == .plugin ? 2 : 1)
        }
    }

    /// The fonts, images and sound of a scene read (`SceneMedia.load`).
    static func media(
        of scene: Scene, options: SceneDecoder.Options, headersOnly: Bool = false, probingSound: Bool = false,
        threads: Int, cache: ImageCache? = nil
    ) throws(SceneError) -> (images: SceneImages, sound: SceneSound) {
        try SceneMedia.load(
            scene, options: options, headersOnly: headersOnly, probingSound: probingSound, threads: threads,
            cache: cache)
    }

    /// The pipeline in `file`, or on standard input for `-`.
    static func decode(
        _ file: String, registry: Registry,
        options: SceneDecoder.Options
    ) throws(SceneError) -> Scene {
        guard PipelineInput.isStandardInput(file) else {
            return try SceneDecoder.load(file: file, registry: registry, options: options)
        }
        let scene = try SceneDecoder.decode(
            try readStandardInput(), file: PipelineInput.standardInputName,
            registry: registry, options: options)
        return scene.namingVideos(PipelineInput.standardInputVideoName)
    }

    private static func readStandardInput() throws(SceneError) -> [UInt8] {
        do {
            return try PipelineInput.standardInput()
        } catch {
            throw SceneError(
                file: PipelineInput.standardInputName, position: nil, path: nil,
                message: "cannot read the pipeline from standard input: \(error.localizedDescription)")
        }
    }

    /// Where plugin code runs: in this process (nil), in child processes (`--isolate`), or in
    /// sandboxed child processes (`--sandbox`, which refuses to run, status 2, on a kernel that
    /// cannot keep plugins from files).
    static func isolation(isolate: Bool, sandbox: Bool) throws -> Isolation? {
        guard sandbox else { return isolate ? .thisExecutable : nil }
        if case .unavailable(let reason) = PluginSandbox.files {
            Console.error(
                "--sandbox cannot keep plugins from your files on this machine: \(reason). "
                    + "Leave out --sandbox only for plugins you trust (--isolate still keeps their crashes out of pipeline)"
            )
            throw ExitCode(2)
        }
        return .thisExecutable(sandboxed: true)
    }

    /// Reports a render failure and turns it into exit status 2, or 130 (the shell's code for
    /// Ctrl-C) when the render was interrupted.
    static func fail(_ error: RenderError) -> ExitCode {
        Console.error(error.description)
        if case .interrupted = error { return ExitCode(130) }
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
