import Timing

/// Step progress over timeline time: each step's own timing or that of the step it runs
/// alongside, flipped for reversed steps.
extension Scene {
    /// The progress of step `index` at timeline time `t`, or nil while it has not started
    /// (a step has no effect before its start). `plugins` runs the curve's code if a plugin
    /// provides it.
    public func progress(ofStep index: Int, at t: Double, plugins: some PluginCurveCalls) -> Double? {
        progress(ofStep: index) { $0.progress(at: t, plugins: plugins) }
    }

    /// The same without the timing curve: what the renderer falls back to when a curve returns
    /// a value that is not finite.
    public func linearProgress(ofStep index: Int, at t: Double) -> Double? {
        progress(ofStep: index) { $0.linearProgress(at: t) }
    }

    /// The timing step `index` runs on (that of the step it runs alongside, for a follower).
    public func timing(ofStep index: Int) -> StepTiming { steps.timing(ofStep: index) }

    /// The duration of step `index`.
    public func duration(ofStep index: Int) -> Double { timing(ofStep: index).duration }
}

extension Scene {
    /// Step `index`'s progress from `own`, applied to the timing it runs on, flipped for a reversed step.
    private func progress(ofStep index: Int, _ own: (StepTiming) -> Double?) -> Double? {
        let step = steps[index]
        let value: Double? =
            switch step.clock {
            case .own(let timing): own(timing)
            case .alongside(let leader): progress(ofStep: leader, own)
            }
        return value.map { step.reverse ? 1 - $0 : $0 }
    }
}
