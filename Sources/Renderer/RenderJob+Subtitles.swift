import Output
import Scene

/// What `output.subtitles` cannot do for this run, said once before rendering.
extension RenderJob {
    func announceSubtitles(_ plan: OutputPlan) {
        guard scene.output.subtitles else { return }
        for message in SubtitleWarnings.messages(formats: plan.writtenFormats, scene: scene) {
            reporter.warning("output.subtitles: \(message)")
        }
    }
}
