import Foundation
import Output
import Scene

/// What becomes of a render's sound where no video carries it, said once before rendering.
extension RenderJob {
    func announceSound(_ plan: OutputPlan) {
        guard plan.sound != nil else { return }
        let silent = plan.writtenFormats.filter { !$0.carriesSound }.map(\.rawValue)
        let carrying = plan.writtenFormats.filter(\.carriesSound).map(\.rawValue)
        if !silent.isEmpty {
            reporter.note(
                "the sound is left out of \(Self.list(silent)): \(silent.count == 1 ? "it carries" : "they carry") none "
                    + "(mp4, webm and mov do)")
        }
        guard !carrying.isEmpty else { return }
        if case .stream = plan.destination {
            reporter.note(
                "the sound is left out of the \(Self.list(carrying)) written to standard output: write it into a "
                    + "folder to have it")
        } else if let part = plan.part {
            reporter.note(
                "frames \(part.lowerBound)-\(part.upperBound - 1) are part of a render: the \(Self.list(carrying)) "
                    + "carries no sound of its own; `pipeline concat` lays the render's sound under the joined parts")
        } else if let mix = plan.sound {
            announceLevel(of: mix)
        }
        let clips = scene.layers.filter { $0.content.footage?.audioVolume != nil }.map { "\"\($0.name)\"" }
        if !clips.isEmpty, scene.clock.interaction != nil || scene.clock.direction.isBackwards {
            let clock = scene.clock.interaction != nil ? "is driven by the gesture" : "plays backwards"
            reporter.note(
                "the sound of layer \(Self.list(clips)) plays forwards in video time, while the timeline its "
                    + "picture follows \(clock)")
        }
    }

    private static func list(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}
