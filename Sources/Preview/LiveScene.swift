import Compositor
import Dispatch
import Foundation
import Output
import PluginRegistry
import Renderer
import Scene

/// The scene being previewed and what renders it, reloaded when its files change.
///
/// Plugin code runs in child processes (as `pipeline run --isolate` runs it): a plugin being
/// written that crashes, hangs or exits fails the frame it was rendering, with its name and
/// how it ended, and the next frame starts a new child. The preview process itself never opens
/// a plugin, so a rebuilt plugin needs no unloading: the next children open the new file.
///
/// Every property is touched on `queue` only, so renders, reloads and reads never overlap: a
/// reload swaps the renderer (and so its children) between two requests.
final class LiveScene: @unchecked Sendable {
    let file: String
    let explicitDirectories: [String]
    let options: SceneDecoder.Options
    let isolation: Isolation
    let scanner: PluginScanner
    let queue = DispatchQueue(label: "pipeline.preview.scene")
    var registry: Registry
    /// Nil once stopped: its children have ended.
    var renderer: FrameRenderer?
    var scene: Scene
    /// The decoded images of `scene`.
    var images: SceneImages
    /// The sound files `scene` plays, probed.
    var sound: SceneSound
    /// The mix of `sound` as WAV (or why it could not be made), made when the page first asks
    /// for it, for one version.
    var soundWAV: (version: Int, wav: Result<Data, PreviewError>)?
    /// Counts the scenes shown: 1 at start, one more for each successful reload.
    var version = 1
    /// Why the last reload failed; nil once one succeeds.
    var problem: String?
    var watched: WatchedFiles
    /// The last draft the page asked for (`LiveScene+Draft`), until the next reload.
    var keptDraft: Draft?
    private var timer: DispatchSourceTimer?

    init(
        file: String, explicitDirectories: [String], registry: Registry, scene: Scene, images: SceneImages,
        sound: SceneSound, options: SceneDecoder.Options, isolation: Isolation, scanner: PluginScanner
    ) throws(RenderError) {
        self.file = file
        self.explicitDirectories = explicitDirectories
        self.options = options
        (self.isolation, self.scanner) = (isolation, scanner)
        self.registry = registry
        self.scene = scene
        self.images = images
        self.sound = sound
        renderer = try FrameRenderer(
            evaluator: try FrameEvaluator(scene: scene, isolation: isolation), images: images,
            threads: 1)
        watched = WatchedFiles(pipelineFile: file, pluginDirectories: Self.pluginDirectories(explicitDirectories, file))
    }

    /// Runs `body` on the scene's queue and returns its result.
    func perform<T: Sendable>(_ body: @escaping @Sendable (LiveScene) -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: body(self)) }
        }
    }

    /// The PNG of the frame shown `seconds` into the render, as `pipeline frame --at` writes it.
    /// With `draft`, the frame of that draft rather than of the file.
    func png(at seconds: Double, draft: Draft? = nil) -> Result<[UInt8], PreviewError> {
        do throws(RenderError) {
            guard let renderer = draft?.renderer ?? renderer else {
                return .failure(PreviewError("the preview is stopping"))
            }
            let frame = try renderer.render(time: seconds)
            do throws(OutputError) { return .success(try encodePNG(frame.view)) } catch {
                throw RenderError.output(error)
            }
        } catch {
            note("t=\(seconds) s: \(error.description)")
            return .failure(PreviewError(error.description))
        }
    }

    /// The scene's sound: its WAV if it was made (or failed) for this version already, else its
    /// mix as `pipeline run` mixes a video's, to be made; neither when it plays none.
    func soundMix() -> (version: Int, made: Result<Data, PreviewError>?, mix: SoundMix?) {
        if let made = soundWAV, made.version == version { return (version, made.wav, nil) }
        return (version, nil, sound.mix(of: scene, footage: images.footage))
    }

    /// Keeps what mixing `version`'s sound gave, for the next request.
    func keepSound(_ wav: Result<Data, PreviewError>, version: Int) {
        if version == self.version { soundWAV = (version, wav) }
    }

    /// Mixes `mix` to WAV with ffmpeg: run off the scene's queue, as it may take a while.
    static func wav(of mix: SoundMix, name: String) -> Result<Data, PreviewError> {
        do throws(OutputError) {
            return .success(try mix.wav(name: name, ffmpegPath: try FFmpeg.require()))
        } catch {
            return .failure(PreviewError(error.description))
        }
    }

    /// One line on standard error, where the preview reports reloads and failed frames.
    func note(_ message: String) {
        FileHandle.standardError.write(Data("preview: \(message)\n".utf8))
    }

    /// The steps' progress over the render, for the page's chart; plugin curves are called in a
    /// child, as frames call them.
    func timelineSummary(draft: Draft? = nil) -> Result<TimelineSummary, PreviewError> {
        guard let renderer = draft?.renderer ?? renderer else {
            return .failure(PreviewError("the preview is stopping"))
        }
        let (summary, failure) = renderer.evaluator.evaluatingCurves {
            TimelineSummary($0, version: version, hasSound: !sound.isEmpty)
        }
        if let failure { note("timing chart: \(failure)") }
        return .success(summary)
    }

    /// Checks the watched files every `interval` seconds and reloads on a change.
    func startWatching(every interval: Double) {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [unowned self] in reloadIfChanged() }
        timer.resume()
        self.timer = timer
    }

    /// Stops watching and ends the plugin children (their instances are destroyed and their
    /// plugins' `deinit` called).
    func stop() {
        queue.sync {
            timer?.cancel()
            timer = nil
            keptDraft = nil
            renderer = nil
            registry.shutdown()
        }
    }

    /// The plugin folders, in search order, as they are now (`plugins/` beside the file may
    /// appear or go while the preview runs).
    static func pluginDirectories(_ explicit: [String], _ file: String) -> [String] {
        PluginSearchPath.directories(explicit: explicit, pipelineFile: file)
    }
}
