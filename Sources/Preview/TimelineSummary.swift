import Renderer
import Scene

/// What the page draws its timing chart from (GET /timeline.json): the render's length and
/// each step's progress sampled over the render's wall time through the scene's clock, so
/// dismiss, pop and interactive renders chart what their frames show.
struct TimelineSummary: Encodable {
    struct StepCurve: Encodable {
        /// "fade → mask", "cross-dissolve: old → new", with the step's id when it has one.
        let label: String
        /// The timing curve the step runs on, as the pipeline file names it: "ease-in-out",
        /// "back-out(1.2)", "spring, damping ratio 0.7" (an alongside step's is its leader's).
        let curve: String
        /// Progress at each of `times`; null before the step starts (it has no effect then).
        let progress: [Double?]
    }

    let version: Int
    let width: Int
    let height: Int
    let fps: Double
    let duration: Double
    let frameCount: Int
    /// Wall-clock seconds into the render, from the first frame to the last.
    let times: [Double]
    let steps: [StepCurve]
    /// What `validate` warns of in the pipeline, each with its place ("pipeline.json:7:18: …").
    let warnings: [String]
    /// Whether the pipeline plays sound (GET /sound.wav).
    let hasSound: Bool

    /// At most this many samples per step, however long the render: enough for a chart.
    static let maxSamples = 600

    /// Samples `timing`, which calls plugin curves where the preview's render runs plugin code.
    init(_ timing: SceneTiming, version: Int, hasSound: Bool) {
        let scene = timing.scene
        (self.version, self.hasSound) = (version, hasSound)
        (width, height) = (scene.canvas.width, scene.canvas.height)
        (fps, duration, frameCount) = (scene.fps, scene.duration, scene.frameCount)
        times = scene.sampleTimes(count: min(frameCount, Self.maxSamples))
        let timelineTimes = times.map(timing.time(atWallTime:))
        warnings = scene.warnings.map(\.description)
        steps = scene.steps.indices.map { index in
            // A curve that returns a non-finite value fails the frame itself; the chart leaves a gap.
            let progress = timelineTimes.map { t in
                timing.progress(ofStep: index, at: t).flatMap { $0.isFinite ? $0 : nil }
            }
            return StepCurve(
                label: Self.label(scene, index), curve: scene.timing(ofStep: index).curve.description,
                progress: progress)
        }
    }

    private static func label(_ scene: Scene, _ index: Int) -> String {
        let action = scene.actionLabel(ofStep: index)
        return scene.steps[index].id.map { "\($0): \(action)" } ?? action
    }
}
