import Foundation
import PluginRegistry
import Renderer
import Scene

/// Reloading: a changed pipeline file is decoded again against the current plugins; changed
/// plugin files bring a new registry loaded from fresh copies (see `PluginCopies`). A reload
/// that fails keeps the last good scene and records why, for the page to show.
extension LiveScene {
    func reloadIfChanged() {
        let directories = Self.pluginDirectories(explicitDirectories, file)
        let now = WatchedFiles(pipelineFile: file, pluginDirectories: directories)
        guard now != watched else { return }
        let pluginsChanged = now.plugins != watched.plugins
        watched = now
        do throws(PreviewError) {
            let candidate = pluginsChanged ? try freshRegistry(directories) : registry
            do throws(PreviewError) {
                try show(try Self.load(file, registry: candidate, options: options))
            } catch {
                if candidate !== registry { candidate.shutdown() }
                throw error
            }
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

    private func freshRegistry(_ directories: [String]) throws(PreviewError) -> Registry {
        let fresh = Registry()
        fresh.load(directories: try pluginCopies.copy(directories))
        for broken in fresh.broken { note("warning: skipped plugin \(broken.path): \(broken.reason)") }
        return fresh
    }

    private static func load(_ file: String, registry: Registry, options: SceneDecoder.Options) throws(PreviewError) -> Scene {
        do {
            return try SceneDecoder.load(file: file, registry: registry, options: options)
        } catch {
            throw PreviewError(error.description)
        }
    }

    /// Replaces the renderer; the old one (and its plugin instances) goes first.
    private func show(_ scene: Scene) throws(PreviewError) {
        do {
            renderer = FrameRenderer(evaluator: try FrameEvaluator(scene: scene), threads: 1)
        } catch {
            throw PreviewError(error.description)
        }
    }

    private func note(_ message: String) {
        FileHandle.standardError.write(Data("preview: \(message)\n".utf8))
    }
}
