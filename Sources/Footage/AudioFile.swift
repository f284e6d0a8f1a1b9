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

extension AudioFile {
    /// `decode(path:sampleRate:)`, decoded once while the file is unchanged: a run mixes its sound
    /// more than once (the level checked before rendering, the mix written under the videos, the
    /// studio's sound and its lanes), and each would decode every file again. The file is known by
    /// its path, size and modification time; the decoded sound of files taking more than
    /// `decodedLimit` bytes together lets the least recently used go.
    public static func decoded(path: String, sampleRate: Int) throws(FootageError) -> [Float] {
        var status = stat()
        let stamp =
            stat(path, &status) == 0 ? "\(status.st_size):\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)" : ""
        let key = "\(sampleRate) \(stamp) \(path)"
        if !stamp.isEmpty, let known = DecodedSound.shared.take(key) { return known }
        let samples = try decode(path: path, sampleRate: sampleRate)
        if !stamp.isEmpty { DecodedSound.shared.keep(samples, as: key, limit: decodedLimit) }
        return samples
    }

    /// The bytes of decoded sound `decoded(path:sampleRate:)` keeps: 256 MiB, about 11 minutes of
    /// stereo at 48 kHz (the sound of longer renders is decoded again where it is mixed again,
    /// rather than held through the rendering of their frames).
    public static let decodedLimit = 256 << 20
}

/// Decoded sound by file, the most recently used last.
private final class DecodedSound: @unchecked Sendable {
    static let shared = DecodedSound()
    private let lock = NSLock()
    private var entries: [(key: String, samples: [Float])] = []

    func take(_ key: String) -> [Float]? {
        lock.withLock {
            guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
            let entry = entries.remove(at: index)
            entries.append(entry)
            return entry.samples
        }
    }

    func keep(_ samples: [Float], as key: String, limit: Int) {
        guard samples.count * MemoryLayout<Float>.size <= limit else { return }
        lock.withLock {
            entries.removeAll { $0.key == key }
            entries.append((key, samples))
            var bytes = entries.reduce(0) { $0 + $1.samples.count * MemoryLayout<Float>.size }
            while bytes > limit, entries.count > 1 {
                bytes -= entries.removeFirst().samples.count * MemoryLayout<Float>.size
            }
        }
    }
}
