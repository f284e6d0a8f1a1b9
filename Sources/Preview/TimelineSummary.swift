import PipelineKit

/// What the page draws its timing chart from (GET /timeline.json): the pipeline's timing
/// summary (`Pipeline.TimingSummary`) between the version it is of and whether the pipeline
/// plays sound (GET /sound.wav).
struct TimelineSummary: Encodable {
    let version: Int
    let timing: Pipeline.TimingSummary
    let hasSound: Bool

    /// One object: `version`, the summary's keys, `hasSound`.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try timing.encode(to: encoder)
        try container.encode(hasSound, forKey: .hasSound)
    }

    enum CodingKeys: String, CodingKey { case version, hasSound }
}
