import Foundation
import Output
import Scene

/// The level of a render's sound: before rendering, what `output.loudness` cannot do for the
/// formats the run writes, or how far past full scale a mix without it peaks; once the videos
/// are written, what the mix measures brought to its loudness (measured as it was mixed), and the
/// CPU time the sound took.
extension RenderJob {
    func announceLoudness(_ plan: OutputPlan) {
        guard scene.output.loudness != nil else { return }
        for message in LoudnessWarnings.messages(formats: plan.writtenFormats, scene: scene) {
            reporter.warning("output.loudness: \(message)")
        }
    }

    /// The mix's peak when the limiter has to keep it below full scale, without `output.loudness`
    /// (with it, the mix is measured as it is mixed, and `noteSound` reports that).
    func announceLevel(of mix: SoundMix) {
        guard mix.loudness == nil else { return }
        SoundCost.measure {
            guard let mixer = try? SoundMixer(mix: mix) else { return }
            if case let peak = mixer.peak(), peak > SoundMixer.ceiling {
                reporter.note(
                    "the sound's mix peaks at " + String(format: "%+.2f", 20 * log10(Double(peak)))
                        + " dBFS, past full scale: it is limited to stay below it (lower the volumes to avoid that)")
            }
        }
    }

    /// What the mix measures brought to its loudness, and the CPU time spent on the sound
    /// (probing, decoding, mixing, measuring, limiting, writing it for ffmpeg), once a whole
    /// render's videos with sound are written.
    func noteSound(_ plan: OutputPlan, written: [String]) {
        guard let mix = plan.sound, plan.part == nil, case .directory = plan.destination,
            plan.writtenFormats.contains(where: \.carriesSound), !written.isEmpty
        else { return }
        if mix.loudness != nil, let loudness = SoundMixer.measuredLoudness(of: mix) { reporter.note(loudness.summary) }
        let (total, decoding) = (SoundCost.seconds, SoundCost.decodingSeconds)
        reporter.note(
            "sound: " + String(format: "%.2f", total) + " s of CPU time: "
                + String(format: "%.2f", decoding) + " s checking and decoding its files, "
                + String(format: "%.2f", max(total - decoding, 0)) + " s mixing, ducking, measuring and limiting")
    }
}
