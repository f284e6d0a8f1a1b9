import Foundation
import Output
import Scene

/// The level of a render's sound, said once before rendering: what `output.loudness` makes of
/// the mix, what it cannot do for the formats the run writes, or how far past full scale a mix
/// without it peaks; and, once the videos are written, the CPU time the sound took.
extension RenderJob {
    func announceLoudness(_ plan: OutputPlan) {
        guard scene.output.loudness != nil else { return }
        for message in LoudnessWarnings.messages(formats: plan.formats, scene: scene) {
            reporter.warning("output.loudness: \(message)")
        }
    }

    /// The whole mix's loudness analysis when `output.loudness` asks for one; otherwise its peak,
    /// when the limiter has to keep it below full scale.
    func announceLevel(of mix: SoundMix) {
        SoundCost.measure {
            guard let mixer = try? SoundMixer(mix: mix) else { return }
            if let loudness = mixer.loudness() {
                reporter.note(loudness.summary)
            } else if case let peak = mixer.peak(), peak > SoundMixer.ceiling {
                reporter.note(
                    "the sound's mix peaks at " + String(format: "%+.2f", 20 * log10(Double(peak)))
                        + " dBFS, past full scale: it is limited to stay below it (lower the volumes to avoid that)")
            }
        }
    }

    /// The CPU time spent on the sound (probing, decoding, mixing, measuring, limiting, writing it
    /// for ffmpeg), once a whole render's videos with sound are written.
    func noteSoundCost(_ plan: OutputPlan, written: [String]) {
        guard plan.sound != nil, plan.part == nil, case .directory = plan.destination,
            plan.formats.contains(where: \.carriesSound), !written.isEmpty
        else { return }
        reporter.note(
            "sound: " + String(format: "%.2f", SoundCost.seconds) + " s of CPU time (decoded, mixed, measured)")
    }
}
