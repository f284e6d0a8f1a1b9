import Foundation

/// Sound a pipeline plays under its video: the tracks of the top-level `audio` list, a step's
/// `sound` played when the step starts, and a clip's own sound (`FootageSpec.audioVolume`). The
/// model holds resolved paths and seconds as the file gives them; a later stage probes the files
/// and places each sound on the video's clock (the renderer's `SceneSound`), and ffmpeg mixes them
/// (the output's `SoundMix`).
public struct AudioTrack: Sendable {
    /// The sound file, resolved against the pipeline file's folder.
    public let file: String
    /// What `animate` steps (`audio.<name>.volume`) and other tracks' `duck` call it; nil when unnamed.
    public var name: String?
    /// Where the file writes the name.
    public var nameOrigin: SceneError.Origin?
    /// Video time, in seconds, at which the file's time `from` plays.
    public let start: Double
    /// Seconds into the file where playing begins.
    public let from: Double
    /// Gain: 1 plays the file as it is, 0.5 halves its amplitude.
    public let volume: Double
    /// Seconds over which the gain rises linearly from 0, from `start`.
    public let fadeIn: Double
    /// Seconds over which the gain falls linearly to 0, ending where the track stops.
    public let fadeOut: Double
    /// Play again from `from` each time the file ends, until the video ends.
    public let loop: Bool
    /// The pipeline file, position and JSON path of the track, for later stages' messages.
    public let origin: SceneError.Origin
    /// How the track gives way to other sounds; nil when it does not.
    public var duck: SoundDuck?

    public init(
        file: String, start: Double = 0, from: Double = 0, volume: Double = 1, fadeIn: Double = 0,
        fadeOut: Double = 0, loop: Bool = false, origin: SceneError.Origin
    ) {
        (self.file, self.start, self.from, self.volume) = (file, start, from, volume)
        (self.fadeIn, self.fadeOut, self.loop, self.origin) = (fadeIn, fadeOut, loop, origin)
    }
}

/// A sound file a step plays once, from its beginning, when the step starts moving on screen.
public struct StepSound: Sendable {
    /// The sound file, resolved against the pipeline file's folder.
    public let file: String
    public let volume: Double
    public let origin: SceneError.Origin
    /// What `animate` steps (`audio.<name>.volume`) and tracks' `duck` call it; nil when unnamed.
    public var name: String?
    /// Where the file writes the name.
    public var nameOrigin: SceneError.Origin?

    public init(file: String, volume: Double = 1, origin: SceneError.Origin, name: String? = nil) {
        (self.file, self.volume, self.origin, self.name) = (file, volume, origin, name)
    }
}

/// A track giving way to other sounds (`"duck"`), as a side-chained compressor in an editor's
/// mix does: while the sounds it ducks under are louder than `threshold`, its gain falls to
/// `amount` dB over `attack` seconds; once they are quieter, it rises back over `release` seconds.
public struct SoundDuck: Sendable {
    /// The sounds it ducks under: tracks' and step sounds' names, or `clips` (every clip's own sound).
    public var under: [String]
    /// The gain, in dB (below 0), while it is ducked.
    public var amount: Double
    /// Seconds the gain takes to fall all the way to `amount`.
    public var attack: Double
    /// Seconds the gain takes to rise all the way back to 0 dB.
    public var release: Double
    /// The level, in dBFS (the RMS of each 10 ms), above which the sounds it ducks under count as playing.
    public var threshold: Double
    /// Where the file writes `under`, for messages naming a sound that is not there.
    public var origin: SceneError.Origin

    /// The name in `under` that means every clip's own sound.
    public static let clips = "clips"

    public init(
        under: [String], amount: Double = -12, attack: Double = 0.2, release: Double = 0.6, threshold: Double = -40,
        origin: SceneError.Origin
    ) {
        (self.under, self.amount, self.attack, self.release) = (under, amount, attack, release)
        (self.threshold, self.origin) = (threshold, origin)
    }
}

/// A sound whose volume an `animate` step changes: a named track or step sound
/// (`audio.<name>.volume`), or a clip layer's own sound (`video.volume`, with `target`).
public enum SoundVolumeKeyPath: Sendable, Equatable, Hashable {
    case named(String)
    case clip(layer: Int)

    /// As the file writes it.
    public var written: String {
        switch self {
        case .named(let name): "audio.\(name).volume"
        case .clip: "video.volume"
        }
    }
}

/// How a mixer step crossfades the sound of the two clips it joins: its `"soundCurve"`, and how
/// many seconds `to`'s sound leads its picture (`"soundLead"`) and `from`'s trails it (`"soundTail"`).
public struct SoundCrossfade: Sendable, Equatable {
    public var curve: SoundCurve = .equalPower
    public var lead: Double = 0
    public var tail: Double = 0

    public init(curve: SoundCurve = .equalPower, lead: Double = 0, tail: Double = 0) {
        (self.curve, self.lead, self.tail) = (curve, lead, tail)
    }
}

/// The gains of `from`'s and `to`'s sound at a mixer's progress p (`"soundCurve"`).
public enum SoundCurve: String, Sendable, CaseIterable, Codable {
    /// cos(p·π/2) and sin(p·π/2): the summed power stays constant, each −3 dB at the middle.
    case equalPower
    /// 1 − p and p: each −6 dB at the middle.
    case linear

    /// The gain of the sound faded out (`from`'s) and of the sound faded in (`to`'s) at progress `p`.
    public func gains(at p: Double) -> (out: Double, in: Double) {
        let p = min(max(p, 0), 1)
        switch self {
        case .equalPower: return (cos(p * Double.pi / 2), sin(p * Double.pi / 2))
        case .linear: return (1 - p, p)
        }
    }
}
