import Output
import Scene

/// What `output.loudness` cannot do for the formats a run writes, said once before rendering.
extension RenderJob {
    func announceLoudness(_ plan: OutputPlan) {
        guard scene.output.loudness != nil else { return }
        for message in LoudnessWarnings.messages(formats: plan.formats, scene: scene) {
            reporter.warning("output.loudness: \(message)")
        }
    }
}
