import Compositor
import PipelineKit
import PluginRegistry
import Renderer
import Scene

extension PreviewServer {
    /// Serves `pipeline`, opened with its plugins in child processes (`.isolated` or
    /// `.sandboxed`), taking over its plugins; reloads open the file again as `options` say,
    /// with the checks every command makes.
    /// With `editing`, the page may change the file (`PreviewEditing`).
    public init(_ pipeline: Pipeline, options: Pipeline.OpenOptions, port: Int, editing: Bool = false)
        throws(PreviewError)
    {
        guard let isolation = pipeline.isolation else {
            throw PreviewError("the preview runs plugins in child processes: open the pipeline with them isolated")
        }
        let images: SceneImages
        let decoder: SceneDecoder.Options
        do throws(PipelineError) {
            images = try pipeline.decodedImages()
            decoder = try Pipeline.decoderOptions(options)
        } catch {
            throw PreviewError(error.description)
        }
        let registry = pipeline.handOverPlugins()
        do throws(RenderError) {
            try self.init(
                file: pipeline.file, explicitPluginDirectories: options.pluginFolders, registry: registry,
                scene: pipeline.scene, images: images, sound: pipeline.sound, options: decoder, isolation: isolation,
                scanner: PluginSet.scanner(options.installation), port: port,
                editing: editing ? PreviewEditing(options: options) : nil)
        } catch {
            registry.shutdown()
            throw PreviewError(error.description)
        }
    }
}
