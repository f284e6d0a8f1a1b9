import Foundation
import Scene

/// The sound of a render, as plain values: where each sound file plays on the video's clock, how
/// fast and how loud. The host mixes it (`SoundMixer`) and ffmpeg lays it under a finished silent
/// video (`SoundMux`), the same way for a whole render and for the joined parts of a sharded one,
/// so both have the same sound. Parts of a render carry their render's mix in their metadata
/// (`SoundMix.metadataKey`) for `pipeline concat` to lay under the joined video.
///
/// The mix is the sum of its sources at 48 kHz stereo, each one's samples times its `volume`, its
/// fades, its envelope (crossfades, animated volume) and its ducking; the mixer limits the sum to
/// full scale, or brings it to `loudness` when it is given (`SoundMixer`). A mono source plays in
/// both channels at −3 dB (libswresample's up-mix, as ffmpeg's).
public struct SoundMix: Codable, Sendable, Equatable {
    public static let sampleRate = 48_000

    /// One sound file placed on the video's clock.
    public struct Source: Codable, Sendable, Equatable {
        /// The file, as an absolute path.
        public var file: String
        /// Video seconds at which the file's time `from` plays; negative for a clip that began
        /// before the video.
        public var at: Double
        /// Seconds into the file where playing begins.
        public var from: Double
        /// Seconds into the file where the sound ends: the file's end, or the end of a clip's picture.
        public var until: Double
        /// File seconds per video second; the pitch is kept (`SoundMixer.stretch`).
        public var speed: Double
        public var volume: Double
        /// Seconds over which the gain rises linearly from 0 at `at`.
        public var fadeIn: Double
        /// Seconds over which the gain falls linearly to 0 where the source stops (`stop(videoDuration:)`).
        public var fadeOut: Double
        /// Plays `from`…`until` again and again until the video ends.
        public var loops: Bool
        /// Seconds into the file's timeline where its sound begins (after its picture, in some
        /// recordings): silence before.
        public var soundStart: Double = 0
        /// A gain that changes over the video (a mixer's crossfade, a volume `animate` steps
        /// change), times `volume` and the fades: points in video seconds, the gain linear between them, the first point's before it and
        /// the last's after it. None: 1 throughout.
        public var envelope: [GainPoint]?
        /// The file's content hash when the mix was made: `pipeline concat` checks the file is
        /// still the one the parts were rendered with.
        public var contentHash: String?
        /// How the source gives way to other sources; nil when it does not.
        public var duck: Duck?
        /// What the studio calls the source: a track's or step sound's name, else its place in the
        /// pipeline file, or its clip's layer.
        public var label: String?

        public init(
            file: String, at: Double, from: Double = 0, until: Double, speed: Double = 1, volume: Double = 1,
            fadeIn: Double = 0, fadeOut: Double = 0, loops: Bool = false
        ) {
            (self.file, self.at, self.from, self.until, self.speed) = (file, at, from, until, speed)
            (self.volume, self.fadeIn, self.fadeOut, self.loops) = (volume, fadeIn, fadeOut, loops)
        }

        /// Video seconds the part `from`…`until` lasts.
        var span: Double { max(until - from, 0) / speed }

        /// Video seconds at which the source stops: the video's end when it loops, else its span's end.
        func stop(videoDuration: Double) -> Double {
            loops ? videoDuration : min(videoDuration, at + span)
        }
    }

    /// A source giving way to others: while the sum of sources `under` (each with its own gains,
    /// before any ducking) is louder than `threshold` dBFS (the RMS of both channels over each
    /// `SoundMixer.duckBlock` samples), the source's gain falls towards `amount` dB at a rate that
    /// takes `attack` seconds all the way; while it is quieter, the gain rises back towards 0 dB at
    /// a rate that takes `release` seconds.
    public struct Duck: Codable, Sendable, Equatable {
        /// The indices of the sources it gives way to.
        public var under: [Int]
        public var amount: Double
        public var attack: Double
        public var release: Double
        public var threshold: Double

        public init(under: [Int], amount: Double, attack: Double, release: Double, threshold: Double) {
            (self.under, self.amount, self.attack, self.release) = (under, amount, attack, release)
            self.threshold = threshold
        }
    }

    /// A gain at a moment of the video.
    public struct GainPoint: Codable, Sendable, Equatable {
        public var time: Double
        public var gain: Double

        public init(time: Double, gain: Double) { (self.time, self.gain) = (time, gain) }
    }

    public var sources: [Source]
    /// The whole render's frames and rate: the video is `frameCount / fps` seconds long.
    public var frameCount: Int
    public var fps: Double
    /// The EBU R128 loudness the whole mix is brought to (`SoundMixer`'s loudness analysis); nil
    /// leaves its level as the sources give it.
    public var loudness: LoudnessTarget?

    public init(sources: [Source], frameCount: Int, fps: Double) {
        (self.sources, self.frameCount, self.fps) = (sources, frameCount, fps)
    }

    /// The content hash of each file the sources play, by path (what `run --resume` checks for changes).
    public var contentHashes: [String: String] {
        Dictionary(sources.compactMap { source in source.contentHash.map { (source.file, $0) } }) { first, _ in first }
    }

    /// Seconds of the whole render's video.
    public var duration: Double { Double(frameCount) / fps }

    /// The sample at which frame `frame` begins.
    func sample(atFrame frame: Int) -> Int {
        Int((Double(frame) / fps * Double(Self.sampleRate)).rounded())
    }
}

/// Parts of a render carry its mix (`metadata(part:)`), under "pipeline_sound".
extension SoundMix: CarriedByParts {
    public static let metadataKey = "pipeline_sound"
    public static let recordKey = "mix"
}
