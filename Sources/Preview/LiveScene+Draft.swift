import PipelineKit

/// Drafts: the pipeline as a JSON Patch would make it, rendered without writing anything, so the
/// page's frame and chart follow a drag before the change is sent, and an interactive
/// transition plays the gesture just made as `pipeline run` would render it. The patch applies
/// to the file's text as `PATCH /pipeline` applies it, and the result is opened with the checks
/// every command makes (`Pipeline.drafted(patch:)`). One draft is kept (the last one asked for)
/// until the file reloads.
extension LiveScene {
    struct Draft {
        /// The patch's text.
        let patch: String
        /// The pipeline it makes, its frames started.
        let pipeline: Pipeline
    }

    /// The most bytes a draft's patch may hold: it comes in a URL.
    static let maximumDraftBytes = 6 * 1024

    func draft(_ patch: String) -> Result<Draft, PreviewError> {
        if let kept = keptDraft, kept.patch == patch { return .success(kept) }
        // The kept draft's children end before the next one's start.
        keptDraft = nil
        guard patch.utf8.count <= Self.maximumDraftBytes else {
            return .failure(PreviewError("a draft's patch may take at most \(Self.maximumDraftBytes) bytes"))
        }
        guard let current = pipeline else { return .failure(PreviewError("the preview is stopping")) }
        do throws(PipelineError) {
            let drafted = try current.drafted(patch: Array(patch.utf8))
            do throws(PipelineError) { try drafted.prepareFrames() } catch {
                drafted.close()
                throw error
            }
            let draft = Draft(patch: patch, pipeline: drafted)
            keptDraft = draft
            return .success(draft)
        } catch {
            return .failure(PreviewError(error.description))
        }
    }
}
