import Foundation
import JSON
import PipelineKit
import Renderer
import Scene

/// Drafts: the pipeline as a JSON Patch would make it, rendered without writing anything, so the
/// page's frame and chart follow a drag before the change is sent, and an interactive
/// transition plays the gesture just made as `pipeline run` would render it. The patch applies
/// to the file's text as `PATCH /pipeline` applies it, and the result is opened with the checks
/// every command makes. One draft is kept (the last one asked for) until the file reloads.
extension LiveScene {
    struct Draft {
        /// The patch's text.
        let patch: String
        let scene: Scene
        let renderer: FrameRenderer
    }

    /// The most bytes a draft's patch may hold: it comes in a URL.
    static let maximumDraftBytes = 6 * 1024

    func draft(_ patch: String) -> Result<Draft, PreviewError> {
        if let kept = keptDraft, kept.patch == patch { return .success(kept) }
        // The kept draft's renderer (and its plugin child) ends before the next one starts.
        keptDraft = nil
        do throws(PreviewError) {
            guard patch.utf8.count <= Self.maximumDraftBytes else {
                throw PreviewError("a draft's patch may take at most \(Self.maximumDraftBytes) bytes")
            }
            let text: [UInt8]
            do {
                text = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
            } catch {
                throw PreviewError("cannot read \(file): \(error.localizedDescription)")
            }
            let patched: [UInt8]
            do throws(JSONTextPatch.Failure) {
                patched = try JSONTextPatch.apply(Array(patch.utf8), to: text)
            } catch {
                throw PreviewError("the draft's patch: \(error)")
            }
            let (scene, images, _) = try load(.bytes(patched, name: file), registry: registry, options: options)
            do {
                let renderer = try FrameRenderer(
                    evaluator: try FrameEvaluator(scene: scene, isolation: isolation), images: images, threads: 1)
                let draft = Draft(patch: patch, scene: scene, renderer: renderer)
                keptDraft = draft
                return .success(draft)
            } catch {
                throw PreviewError(error.description)
            }
        } catch {
            return .failure(error)
        }
    }
}
