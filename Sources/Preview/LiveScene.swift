import Dispatch
import Foundation
import Output
import PluginRegistry
import Renderer
import Scene

/// The scene being previewed and what renders it, reloaded when its files change.
///
/// Every property is touched on `queue` only, so renders, reloads and reads never overlap: a
/// reload swaps the renderer between two requests, and an old plugin registry is shut down
/// only once nothing renders with it.
final class LiveScene: @unchecked Sendable {
    let file: String
    let explicitDirectories: [String]
    let options: SceneDecoder.Options
    let queue = DispatchQueue(label: "pipeline.preview.scene")
    var registry: Registry
    var renderer: FrameRenderer
    /// Counts the scenes shown: 1 at start, one more for each successful reload.
    var version = 1
    /// Why the last reload failed; nil once one succeeds.
    var problem: String?
    var watched: WatchedFiles
    let pluginCopies = PluginCopies()
    private var timer: DispatchSourceTimer?

    init(file: String, explicitDirectories: [String], registry: Registry, scene: Scene, options: SceneDecoder.Options) throws(RenderError) {
        self.file = file
        self.explicitDirectories = explicitDirectories
        self.options = options
        self.registry = registry
        renderer = FrameRenderer(evaluator: try FrameEvaluator(scene: scene), threads: 1)
        watched = WatchedFiles(pipelineFile: file, pluginDirectories: Self.pluginDirectories(explicitDirectories, file))
    }

    var scene: Scene { renderer.evaluator.scene }

    /// Runs `body` on the scene's queue and returns its result.
    func perform<T: Sendable>(_ body: @escaping @Sendable (LiveScene) -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: body(self)) }
        }
    }

    /// The PNG of the frame shown `seconds` into the render, as `pipeline frame --at` writes it.
    func png(at seconds: Double) -> Result<[UInt8], PreviewError> {
        do throws(RenderError) {
            let frame = try renderer.render(time: seconds)
            do throws(OutputError) { return .success(try encodePNG(frame.view)) } catch { throw RenderError.output(error) }
        } catch {
            return .failure(PreviewError(error.description))
        }
    }

    /// Checks the watched files every `interval` seconds and reloads on a change.
    func startWatching(every interval: Double) {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { [unowned self] in reloadIfChanged() }
        timer.resume()
        self.timer = timer
    }

    /// Stops watching, ends the plugins (their `deinit`) and removes the plugin copies.
    func stop() {
        queue.sync {
            timer?.cancel()
            timer = nil
            registry.shutdown()
            pluginCopies.remove()
        }
    }

    /// The plugin folders, in search order, as they are now (`plugins/` beside the file may
    /// appear or go while the preview runs).
    static func pluginDirectories(_ explicit: [String], _ file: String) -> [String] {
        PluginSearchPath.directories(explicit: explicit, pipelineFile: file)
    }
}
