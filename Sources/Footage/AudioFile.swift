import CVideoDecode
import Foundation

/// Sound files, checked before a render mixes them: a file that is missing, holds no sound, or is
/// cut short or damaged is refused with its name before any frame is drawn, rather than by the
/// encoder part-way through.
public enum AudioFile {
    /// Decodes all of the file's best audio stream (the one ffmpeg would choose) and says what it
    /// holds. Takes about 0.1 s for 3 minutes of AAC, 0.25 s for FLAC.
    public static func probe(path: String) throws(FootageError) -> AudioInfo {
        var info = audio_info_t()
        var detail = [CChar](repeating: 0, count: 256)
        let status = video_audio_probe(path, &info, &detail, detail.count)
        let reason = String(nulTerminated: detail)
        let codec = String(nulTerminatedArray: info.codec)
        switch status {
        case VIDEO_OK:
            return AudioInfo(
                duration: info.duration, sampleRate: Int(info.sample_rate), channels: Int(info.channels), codec: codec,
                start: info.start)
        case VIDEO_NOT_FOUND: throw .notFound(path: path)
        case VIDEO_NOT_REGULAR_FILE: throw .notRegularFile(path: path, kind: reason)
        case VIDEO_NO_AUDIO_STREAM: throw .noAudioStream(path: path)
        case VIDEO_UNSUPPORTED_CODEC: throw .unsupportedCodec(path: path, codec: codec)
        case VIDEO_CORRUPT: throw .corrupt(path: path, time: nil, reason: reason)
        case VIDEO_NO_MEMORY: throw .outOfMemory(path: path)
        // VIDEO_UNAVAILABLE too, as for clips: the reason says the library is missing.
        default: throw .unreadableAudio(path: path, reason: reason)
        }
    }
}

extension AudioFile {
    /// All of the file's best audio stream (the one `probe` checks) at `sampleRate` Hz stereo, as
    /// interleaved float samples; the first is the stream's first sound (`AudioInfo.start` into the
    /// file's timeline). A mono stream plays in both channels at −3 dB. The same file gives the
    /// same samples every time.
    public static func decode(path: String, sampleRate: Int) throws(FootageError) -> [Float] {
        var samples: UnsafeMutablePointer<Float>?
        var count = 0
        var detail = [CChar](repeating: 0, count: 256)
        let status = video_audio_decode(path, Int32(sampleRate), &samples, &count, &detail, detail.count)
        defer { free(samples) }
        let reason = String(nulTerminated: detail)
        switch status {
        case VIDEO_OK:
            guard let samples else { return [] }
            return Array(UnsafeBufferPointer(start: samples, count: 2 * count))
        case VIDEO_NOT_FOUND: throw .notFound(path: path)
        case VIDEO_NOT_REGULAR_FILE: throw .notRegularFile(path: path, kind: reason)
        case VIDEO_NO_AUDIO_STREAM: throw .noAudioStream(path: path)
        case VIDEO_UNSUPPORTED_CODEC: throw .unsupportedCodec(path: path, codec: "")
        case VIDEO_CORRUPT: throw .corrupt(path: path, time: nil, reason: reason)
        case VIDEO_NO_MEMORY: throw .outOfMemory(path: path)
        default: throw .unreadableAudio(path: path, reason: reason)
        }
    }
}
