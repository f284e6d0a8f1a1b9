import Compositor
import Foundation
import PipelineKit
import PluginRegistry
import Renderer
import Scene

/// Reloading: a changed pipeline file is decoded again against the current plugins; changed
/// plugin files are scanned again (in a child, as at start) into a new registry, and the new
/// renderer's children open the files as they are now. A reload that fails keeps the last good
/// scene and records why, for the page to show.
extension LiveScene {
    func reloadIfChanged() {
        let directories = Self.pluginDirectories(explicitDirectories, file)
        let now = WatchedFiles(pipelineFile: file, pluginDirectories: directories)
        guard now != watched else { return }
        let pluginsChanged = now.plugins != watched.plugins
        watched = now
        do throws(PreviewError) {
            let candidate = pluginsChanged ? freshRegistry(directories) : registry
            do throws(PreviewError) {
                let (scene, images, sound) = try load(.file(file), registry: candidate, options: options)
                try show(scene, images: images)
                self.sound = sound
            } catch {
                if candidate !== registry { candidate.shutdown() }
                throw error
            }
            // The draft's renderer ends before the plugins it ran with.
            keptDraft = nil
            if candidate !== registry {
                registry.shutdown()
                registry = candidate
            }
            problem = nil
            version += 1
            note("reloaded \(file) (version \(version))")
        } catch {
            problem = error.description
            note("\(error.description) (still showing version \(version))")
        }
    }

    private func freshRegistry(_ directories: [String]) -> Registry {
        let fresh = Registry(opensPlugins: false)
        fresh.scan(directories: directories, with: scanner)
        for broken in fresh.broken { note("warning: skipped plugin \(broken.path): \(broken.reason)") }
        for clash in fresh.clashes { note("warning: \(clash.description)") }
        for warning in fresh.warnings { note("warning: \(warning)") }
        return fresh
    }

    /// The pipeline in `file` opened as every command opens one (the images' memory from their
    /// headers, the fonts, the sound), with `registry`'s plugins, its images decoded.
    func load(
        _ source: Pipeline.Source, registry: Registry,
        options: SceneDecoder.Options
    ) throws(PreviewError) -> (Scene, SceneImages, SceneSound) {
        do throws(PipelineError) {
            let pipeline = try Pipeline.open(
                source: source, options: Pipeline.OpenOptions(), decoder: options, registry: registry,
                isolation: isolation)
            defer { pipeline.close() }
            return (pipeline.scene, try pipeline.decodedImages(), pipeline.sound)
        } catch {
            throw PreviewError(error.description)
        }
    }

    /// Replaces the renderer once the new one has started its child and created every step's
    /// instance there; the old one's children then end.
    private func show(_ scene: Scene, images: SceneImages) throws(PreviewError) {
        do {
            renderer = try FrameRenderer(
                evaluator: try FrameEvaluator(scene: scene, isolation: isolation), images: images,
                threads: 1)
            self.scene = scene
            self.images = images
        } catch {
            throw PreviewError(error.description)
        }
    }
}
