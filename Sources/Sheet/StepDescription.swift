import Foundation
import Scene
import Timing

/// The words beside a step in the timing chart: what it changes, and where in the file it is
/// and how it is timed.
struct StepDescription {
    /// "move-and-scale → poster", or for a mixer "cross-dissolve: old → new".
    let action: String
    /// "timeline[3] · ease-in-out · 0.25–0.70 s", "timeline[2] “dim” · alongside timeline[1]".
    let timing: String

    init(step index: Int, of scene: Scene) {
        let step = scene.steps[index]
        action = scene.actionLabel(ofStep: index)
        var parts = [Self.name(of: step)]
        switch step.clock {
        case .own(let timing):
            parts += [timing.curve.description, Self.span(timing)] + Self.repetition(timing)
        case .alongside(let leader):
            parts.append("alongside \(Self.name(of: scene.steps[leader]))")
        }
        if step.reverse { parts.append("reversed") }
        timing = parts.joined(separator: " · ")
    }

    /// The step's place in the file, and its id when it has one.
    private static func name(of step: Step) -> String {
        step.id.map { "\(step.path) “\($0)”" } ?? step.path.description
    }

    private static func span(_ timing: StepTiming) -> String {
        timing.duration > 0
            ? String(format: "%.2f–%.2f s", timing.start, timing.end)
            : String(format: "at %.2f s, instantly", timing.start)
    }

    /// Speed, repeat and autoreverse, when they differ from Core Animation's defaults.
    private static func repetition(_ timing: StepTiming) -> [String] {
        var parts: [String] = []
        if timing.speed != 1 { parts.append("speed \(timing.speed.written)") }
        if timing.repeatCount != 1 { parts.append("repeat \(timing.repeatCount.written)") }
        if timing.autoreverses { parts.append("autoreverse") }
        return parts
    }
}
