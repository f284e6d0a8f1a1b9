import Foundation

/// Why a clip, an image sequence or a sound file cannot be read, naming the file as it was given.
public enum FootageError: Error, Equatable, CustomStringConvertible {
    case notFound(path: String)
    /// A FIFO, a device, a socket or a folder where a file is expected; `kind` says which ("a FIFO").
    case notRegularFile(path: String, kind: String)
    /// libavformat recognises no media in the file; `reason` is libav's.
    case unreadable(path: String, reason: String)
    case noVideoStream(path: String)
    /// No decoder for the stream's codec, named as libavcodec names it.
    case unsupportedCodec(path: String, codec: String)
    case tooLarge(path: String, width: Int, height: Int, limit: Int)
    /// The display matrix turns the picture by other than a quarter turn.
    case unsupportedRotation(path: String, degrees: Int)
    /// A packet or frame cannot be read or decoded; `time` is the frame's, when one was asked for.
    case corrupt(path: String, time: Double?, reason: String)
    case outOfMemory(path: String)
    /// CImageCodecs' reason for an image that does not decode.
    case unreadableImage(path: String, reason: String)
    /// A gap in a numbered sequence: `path` is the first missing file, between `previous` and `next`.
    case missingFrame(path: String, previous: String, next: String)
    case sizeMismatch(path: String, width: Int, height: Int, first: String, firstWidth: Int, firstHeight: Int)
    case noFiles(pattern: String)
    /// A `from` outside [0, clipEnd): nothing of the clip would play.
    case fromPastEnd(path: String, from: Double, clipEnd: Double)
    case notASequence(pattern: String)
    /// A sound file that holds less than `AudioInfo.shortestPlay` of sound: nothing of it can play.
    case soundTooShort(path: String, info: AudioInfo)
    /// A sound's `from` that leaves less than `AudioInfo.shortestPlay` of it to play.
    case soundFromPastEnd(path: String, from: Double, info: AudioInfo)
    /// A sound file libavformat recognises no media in; `reason` is libav's.
    case unreadableAudio(path: String, reason: String)
    case noAudioStream(path: String)

    public var description: String {
        switch self {
        case .notFound(let path):
            "\(path) does not exist"
        case .notRegularFile(let path, let kind):
            "\(path) is \(kind), not a regular file"
        case .unreadable(let path, let reason):
            "\(path) is not a video file ffmpeg's libraries can read" + (reason.isEmpty ? "" : " (\(reason))")
        case .noVideoStream(let path):
            "\(path) has no video stream"
        case .unsupportedCodec(let path, let codec):
            "\(path) is in codec \(codec), which this system's ffmpeg libraries cannot decode"
        case .tooLarge(let path, let width, let height, let limit):
            "\(path) is \(width)×\(height), larger than the \(limit)×\(limit) limit"
        case .unsupportedRotation(let path, let degrees):
            "\(path) is rotated by \(degrees)°: only quarter turns (0°, 90°, 180°, 270°) are supported"
        case .corrupt(let path, let time?, let reason):
            "\(path) is corrupt or truncated: the frame at \(Self.seconds(time)) cannot be decoded (\(reason))"
        case .corrupt(let path, nil, let reason):
            "\(path) is corrupt or truncated" + (reason.isEmpty ? "" : " (\(reason))")
        case .outOfMemory(let path):
            "out of memory decoding \(path)"
        case .unreadableImage(let path, let reason):
            "\(path): \(reason)"
        case .missingFrame(let path, let previous, let next):
            "\(path) is missing: the sequence has \(previous) and \(next)"
        case .sizeMismatch(let path, let width, let height, let first, let firstWidth, let firstHeight):
            "\(path) is \(width)×\(height) but \(first) is \(firstWidth)×\(firstHeight): "
                + "all frames of a sequence must have the same size"
        case .noFiles(let pattern):
            "\(pattern) matches no files"
        case .fromPastEnd(let path, let from, let clipEnd):
            "from \(Self.seconds(from)) lies outside \(path), which is \(Self.seconds(clipEnd)) long: "
                + "it must be at least 0 and less than \(Self.seconds(clipEnd))"
        case .soundTooShort(let path, let info):
            "\(path) holds \(info.holding), too short to play: a sound plays "
                + "\(Self.milliseconds(AudioInfo.shortestPlay)) at least (\(Self.shortestSamples(info)) at "
                + "\(info.sampleRate) Hz); give a longer file"
        case .soundFromPastEnd(let path, let from, let info):
            "from \(Self.written(from)) s "
                + (from >= info.start + info.duration
                    ? "lies outside \(path)"
                    : "leaves less than \(Self.milliseconds(AudioInfo.shortestPlay)) of \(path) to play")
                + ", which holds \(info.holding): it must be at least 0 and at most \(Self.latestFrom(info)) s, so that "
                + "\(Self.milliseconds(AudioInfo.shortestPlay)) at least plays"
        case .notASequence(let pattern):
            "\(pattern) names no numbered files: use a pattern such as frame_%04d.png or a glob such as *.png"
        case .unreadableAudio(let path, let reason):
            "\(path) is not a sound file ffmpeg's libraries can read" + (reason.isEmpty ? "" : " (\(reason))")
        case .noAudioStream(let path):
            "\(path) has no audio stream"
        }
    }

    private static func seconds(_ time: Double) -> String {
        String(format: "%.3f s", time)
    }

    /// A time as the pipeline file may write it: 4 rather than 4.0, 0.0995 in full.
    private static func written(_ time: Double) -> String {
        time.rounded() == time && abs(time) < 1e15 ? String(Int(time)) : String(time)
    }

    private static func milliseconds(_ time: Double) -> String { "\(written(time * 1000)) ms" }

    /// The samples `AudioInfo.shortestPlay` spans at the file's rate, rounded up.
    private static func shortestSamples(_ info: AudioInfo) -> String {
        let count = Int((AudioInfo.shortestPlay * Double(info.sampleRate)).rounded(.up))
        return "\(count) sample\(count == 1 ? "" : "s")"
    }

    /// The latest `from` that leaves `AudioInfo.shortestPlay` to play, to the microsecond below.
    private static func latestFrom(_ info: AudioInfo) -> String {
        let latest = info.start + info.duration - AudioInfo.shortestPlay
        return written((latest * 1e6 + 1e-6).rounded(.down) / 1e6)
    }
}
