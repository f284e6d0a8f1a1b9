/// What a sound file holds, known once all of it has decoded.
public struct AudioInfo: Sendable, Equatable {
    /// Seconds of sound: the decoded samples' count over the rate. Encoders' padding may make it
    /// differ from what the file's header says by up to a codec frame.
    public let duration: Double
    /// Samples per second, in Hz.
    public let sampleRate: Int
    public let channels: Int
    /// The codec as libavcodec names it: "aac", "pcm_s16le", "mp3", "flac", "opus".
    public let codec: String
    /// Seconds from the start of the file's timeline to the sound's first sample: more than 0 in a
    /// recording whose sound begins after its picture.
    public var start: Double = 0
}
