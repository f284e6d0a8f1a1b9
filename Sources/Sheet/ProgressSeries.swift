import Renderer
import Scene

/// Wall times across a render, from its first frame to its last, and the timeline time the
/// scene's clock shows at each: a dismiss runs the timeline backwards, an interaction follows
/// the gesture and then the completion.
struct ChartSampling {
    /// The time of the last frame: the chart spans the frames a render writes.
    let end: Double
    let wallTimes: [Double]
    let timelineTimes: [Double]

    init(_ timing: SceneTiming, count: Int) {
        precondition(count > 1, "a chart needs at least two samples")
        end = timing.scene.lastFrameTime
        wallTimes = timing.scene.sampleTimes(count: count)
        timelineTimes = wallTimes.map(timing.time(atWallTime:))
    }

    /// Step `index` at every sample.
    func series(ofStep index: Int, in timing: SceneTiming) -> ProgressSeries {
        let stepTiming = timing.scene.timing(ofStep: index)
        let span = stepTiming.start...stepTiming.end
        let values = timelineTimes.map { timing.progress(ofStep: index, at: $0) }
        // Active between two samples when the timeline passes through the step's span there:
        // a step of zero duration still gets its sliver.
        let active = timelineTimes.indices.map { k in
            let next = timelineTimes[min(k + 1, timelineTimes.count - 1)]
            return min(timelineTimes[k], next) <= span.upperBound && max(timelineTimes[k], next) >= span.lowerBound
        }
        return ProgressSeries(values: values, active: active)
    }
}

/// One step's progress at each sample (nil before the step starts) and whether the step is
/// running from each sample to the next.
struct ProgressSeries {
    let values: [Double?]
    let active: [Bool]
}

/// The progress values a chart's rows show: always 0...1, widened to any overshoot.
struct ProgressRange {
    let lower: Double
    let upper: Double

    init(_ series: [ProgressSeries]) {
        let values = series.flatMap { $0.values.compactMap { $0 }.filter(\.isFinite) }
        let low = min(0, values.min() ?? 0)
        let high = max(1, values.max() ?? 1)
        let pad = (high - low) * 0.1
        (lower, upper) = (low - pad, high + pad)
    }

    /// Where `progress` sits from 0 (lower) to 1 (upper).
    func fraction(_ progress: Double) -> Double { (progress - lower) / (upper - lower) }
}
