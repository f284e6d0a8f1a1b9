import Scene

/// What the page draws its timing chart from (GET /timeline.json): the render's length and
/// each step's progress sampled over the render's wall time through the scene's clock, so
/// dismiss, pop and interactive renders chart what their frames show.
struct TimelineSummary: Encodable {
    struct StepCurve: Encodable {
        /// "fade → mask", "cross-dissolve: old → new", with the step's id when it has one.
        let label: String
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

    /// At most this many samples per step, however long the render: enough for a chart.
    static let maxSamples = 600

    init(scene: Scene, version: Int) {
        self.version = version
        (width, height) = (scene.canvas.width, scene.canvas.height)
        (fps, duration, frameCount) = (scene.fps, scene.duration, scene.frameCount)
        times = scene.sampleTimes(count: min(frameCount, Self.maxSamples))
        let timelineTimes = times.map(scene.time(atWallTime:))
        steps = scene.steps.indices.map { index in
            // A curve that returns a non-finite value fails the frame itself; the chart leaves a gap.
            StepCurve(label: Self.label(scene, index),
                      progress: timelineTimes.map { scene.progress(ofStep: index, at: $0).flatMap { $0.isFinite ? $0 : nil } })
        }
    }

    private static func label(_ scene: Scene, _ index: Int) -> String {
        let action = scene.actionLabel(ofStep: index)
        return scene.steps[index].id.map { "\($0): \(action)" } ?? action
    }
}
