/// Step progress over timeline time: each step's own timing or that of the step it runs
/// alongside, flipped for reversed steps.
public extension Scene {
    /// The progress of step `index` at timeline time `t`, or nil while it has not started
    /// (a step has no effect before its start). `eased: false` leaves the timing curve out:
    /// what the renderer falls back to when a curve returns a value that is not finite.
    func progress(ofStep index: Int, at t: Double, eased: Bool = true) -> Double? {
        let step = steps[index]
        let value: Double?
        switch step.clock {
        case .own(let timing): value = timing.progress(at: t, eased: eased)
        case .alongside(let leader): value = progress(ofStep: leader, at: t, eased: eased)
        }
        return value.map { step.reverse ? 1 - $0 : $0 }
    }
}

public extension Scene {
    /// The timing step `index` runs on (that of the step it runs alongside, for a follower).
    func timing(ofStep index: Int) -> StepTiming { steps.timing(ofStep: index) }

    /// The duration of step `index`.
    func duration(ofStep index: Int) -> Double { timing(ofStep: index).duration }
}
