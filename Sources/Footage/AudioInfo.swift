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

    /// The least a sound plays after its `from`, in seconds: a loop of less would buzz.
    public static let shortestPlay = 0.001

    /// How many samples it holds (per channel).
    public var samples: Int { Int((duration * Double(sampleRate)).rounded()) }

    /// "47 samples at 48000 Hz (0.98 ms)": what it holds, as messages say it (in milliseconds below
    /// 10, where seconds to three places would hide the samples).
    public var holding: String {
        let length = duration < 0.01 ? String(format: "%.2f ms", duration * 1000) : String(format: "%.3f s", duration)
        return "\(samples) sample\(samples == 1 ? "" : "s") at \(sampleRate) Hz (\(length))"
    }
}
