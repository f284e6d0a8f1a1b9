import Timing

/// How a render's frames map to timeline time: forwards (present, push), backwards (dismiss,
/// pop, rewind), or driven by a gesture (interactive).
public struct SceneClock: Sendable {
    /// `present`/`push` play the timeline as written. `dismiss`/`pop` undo it as UIKit runs a
    /// dismissal: the steps in reverse order, each moving forwards in time along its own curve
    /// from its end state to its start state (an ease-out still starts fast, a spring still
    /// settles at the end). `rewind` is the exact time mirror: frame i is frame n − 1 − i of the
    /// presentation, curves and all.
    public enum Direction: String, Sendable, CaseIterable {
        case present, dismiss, push, pop, rewind
        /// The timeline runs from its end to its start.
        public var isBackwards: Bool { self != .present && self != .push }
        /// Each step's curve runs forwards in time while the timeline runs backwards: a step at
        /// linear progress l shows 1 − curve(1 − l) rather than curve(l).
        public var turnsCurves: Bool { self == .dismiss || self == .pop }
    }

    public let direction: Direction
    public let interaction: Interaction?
    /// The length of the timeline (the end of its last step).
    public let timelineEnd: Double

    /// The timeline time shown at `wallTime` seconds into the render. Non-interactive
    /// backwards renders map frame indices instead (see `Scene.time(ofFrame:)`), so that
    /// frame i shows the timeline time of frame n − 1 − i of the forward render. `plugins` runs the
    /// completion curve's code if a plugin provides it.
    func timelineTime(
        atWallTime wallTime: Double, frameCount: Int, fps: Double,
        plugins: some PluginCurveCalls
    ) -> Double {
        guard let interaction else {
            return direction.isBackwards ? Double(frameCount - 1) / fps - wallTime : wallTime
        }
        let position = interaction.position(atWallTime: wallTime, timelineEnd: timelineEnd, plugins: plugins)
        return timelineEnd * (direction.isBackwards ? 1 - position : position)
    }
}

/// An interactive transition, as UIPercentDrivenInteractiveTransition drives one: a gesture
/// track sets the percent complete; at release the transition finishes or cancels by `rule`
/// and plays the rest at `completionSpeed` along `completionCurve`.
public struct Interaction: Sendable {
    public enum Rule: Sendable {
        /// Finish when the percent complete at release is at least this.
        case progressAtLeast(Double)
        /// Finish when the gesture's velocity (percent per second) at release is above this.
        case velocityAbove(Double)
    }

    /// (seconds, percent complete, velocity if the track gives it), in time order.
    public let track: [(time: Double, progress: Double, velocity: Double?)]
    public let rule: Rule
    public let completionSpeed: Double
    public let completionCurve: any TimingCurve
    /// Layers taken away once a cancelled transition has landed on its first state, as UIKit
    /// takes the to view out of the container when the transition completes cancelled.
    public let cancelRemoves: [Int]

    public init(
        track: [(time: Double, progress: Double, velocity: Double?)], rule: Rule, completionSpeed: Double,
        completionCurve: any TimingCurve, cancelRemoves: [Int] = []
    ) {
        (self.track, self.rule, self.completionSpeed) = (track, rule, completionSpeed)
        (self.completionCurve, self.cancelRemoves) = (completionCurve, cancelRemoves)
    }

    public var releaseTime: Double { track.last!.time }
    var releaseProgress: Double { track.last!.progress }

    /// Percent per second at release: the track's own figure, or the slope of its last segment.
    public var releaseVelocity: Double {
        if let velocity = track.last!.velocity { return velocity }
        guard track.count > 1 else { return 0 }
        let (a, b) = (track[track.count - 2], track[track.count - 1])
        return b.time > a.time ? (b.progress - a.progress) / (b.time - a.time) : 0
    }

    public var finishes: Bool {
        switch rule {
        case .progressAtLeast(let threshold): releaseProgress >= threshold
        case .velocityAbove(let threshold): releaseVelocity > threshold
        }
    }

    /// UIKit: the remaining fraction of the transition's duration, divided by completionSpeed.
    public func completionDuration(timelineEnd: Double) -> Double {
        abs((finishes ? 1 : 0) - releaseProgress) * timelineEnd / completionSpeed
    }

    /// Whether the completion has landed on its end by `wallTime` (within rounding, as `position` counts it).
    func hasLanded(atWallTime wallTime: Double, timelineEnd: Double) -> Bool {
        guard wallTime >= releaseTime else { return false }
        let span = completionDuration(timelineEnd: timelineEnd)
        return span <= 0 || (wallTime - releaseTime) / span >= 1 - 1e-9
    }

    /// The percent complete at `wallTime`: the track until release, then the completion.
    func position(atWallTime wallTime: Double, timelineEnd: Double, plugins: some PluginCurveCalls) -> Double {
        if wallTime >= releaseTime {
            let target: Double = finishes ? 1 : 0
            let span = completionDuration(timelineEnd: timelineEnd)
            let u = span > 0 ? (wallTime - releaseTime) / span : 1
            // Within rounding of the end counts as the end: a finished or cancelled transition
            // lands exactly on its last or first state.
            return u >= 1 - 1e-9
                ? target : releaseProgress + (target - releaseProgress) * completionCurve.value(at: u, plugins: plugins)
        }
        guard let next = track.firstIndex(where: { $0.time > wallTime }), next > 0 else { return track[0].progress }
        let (a, b) = (track[next - 1], track[next])
        return a.progress + (b.progress - a.progress) * (wallTime - a.time) / (b.time - a.time)
    }
}
