import PipelineKit
import StudioSupport

/// What the page draws its timing chart from (GET /timeline.json): the pipeline's timing
/// summary (`Pipeline.TimingSummary`) between the version it is of and whether the pipeline
/// plays sound (GET /sound.wav), and the most samples its motion blur draws a frame with (null
/// when its frames are not blurred: `/frame`'s `blur` changes nothing then).
struct TimelineSummary: Encodable {
    let version: Int
    let timing: Pipeline.TimingSummary
    let hasSound: Bool
    let motionBlurSamples: Int?
    /// What each sound the pipeline plays is called, in the mix's order: one lane each under the
    /// chart, its gain drawn over its waveform (`/waveform.json`'s `sounds`).
    let sounds: [String]

    /// One object: `version`, the summary's keys, `hasSound`, `motionBlurSamples`, `sounds`.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try timing.encode(to: encoder)
        try container.encode(hasSound, forKey: .hasSound)
        try container.encode(motionBlurSamples, forKey: .motionBlurSamples)
        try container.encode(sounds, forKey: .sounds)
    }

    enum CodingKeys: String, CodingKey { case version, hasSound, motionBlurSamples, sounds }
}
