import Foundation
import Testing

@testable import Footage

/// A sound file is decoded to its end before a render relies on it: its length, rate, channels
/// and codec are the decoded sound's, and a file that is missing, holds no sound, or is cut short
/// or damaged is refused with a message naming it.
@Suite("Probing sound files", .enabled(if: TestClips.available, TestClips.missing))
final class AudioFileTests {
    private let clips: TestClips
    init() throws { clips = try TestClips() }

    /// A sound file made by ffmpeg and what probing it must find.
    struct Sample: Sendable, CustomTestStringConvertible {
        let name: String
        let encoder: String
        let codec: String
        let sampleRate: Int
        let channels: Int
        /// Samples per codec frame: encoders pad the last one.
        let frameSamples: Int
        var testDescription: String { "\(codec) in \(name)" }
    }

    static let samples = [
        Sample(
            name: "a.wav", encoder: "pcm_s16le", codec: "pcm_s16le", sampleRate: 48000, channels: 2, frameSamples: 1),
        Sample(name: "a.m4a", encoder: "aac", codec: "aac", sampleRate: 44100, channels: 1, frameSamples: 1024),
        Sample(name: "a.mp3", encoder: "libmp3lame", codec: "mp3", sampleRate: 22050, channels: 2, frameSamples: 576),
        Sample(name: "a.flac", encoder: "flac", codec: "flac", sampleRate: 96000, channels: 3, frameSamples: 4608),
    ]

    /// 1.7 s of a tone on each of `channels` channels at `rate`, encoded by `encoder`.
    private func tone(_ name: String, encoder: String, rate: Int = 48000, channels: Int = 2) throws -> String {
        let expression = (0..<channels).map { "sin(\(440 + 110 * $0)*2*PI*t)" }.joined(separator: "|")
        return try clips.make(name, ["-f", "lavfi", "-i", "aevalsrc=\(expression):s=\(rate):d=1.7", "-c:a", encoder])
    }

    private func failure(_ path: String) -> FootageError? {
        do {
            _ = try AudioFile.probe(path: path)
            return nil
        } catch {
            return error
        }
    }

    @Test("length, rate, channels and codec", arguments: samples)
    func info(sample: Sample) throws {
        let path = try tone(
            sample.name, encoder: sample.encoder, rate: sample.sampleRate, channels: sample.channels)
        let info = try AudioFile.probe(path: path)
        #expect(info.codec == sample.codec)
        #expect(info.sampleRate == sample.sampleRate)
        #expect(info.channels == sample.channels)
        #expect(abs(info.duration - 1.7) <= Double(sample.frameSamples) / Double(sample.sampleRate), "\(info)")
    }

    @Test("the sound of a video is its audio stream's")
    func videoWithSound() throws {
        let path = try clips.make(
            "talk.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25", "-f", "lavfi", "-i", "sine=sample_rate=32000",
                "-t", "1", "-c:v", "libx264", "-c:a", "aac",
            ])
        let info = try AudioFile.probe(path: path)
        #expect(info.codec == "aac" && info.sampleRate == 32000 && info.channels == 1)
        #expect(abs(info.duration - 1) <= 1024.0 / 32000)
    }

    /// ffmpeg writing WAV to a pipe cannot go back to fill in its length: the last packet is a
    /// short read, which is the file's end, not damage.
    @Test("a WAV written to a pipe, its length unknown, decodes to its end")
    func streamedWAV() throws {
        let path = clips.path("piped.wav")
        let bytes = try TestClips.run(
            TestClips.ffmpeg!,
            ["-v", "error", "-f", "lavfi", "-i", "sine=sample_rate=44100:duration=1.3", "-f", "wav", "-"])
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect(abs(try AudioFile.probe(path: path).duration - 1.3) < 1e-9)
    }

    @Test("a missing file")
    func missing() {
        let path = clips.path("sound/missing.wav")
        #expect(failure(path) == .notFound(path: path))
        #expect(failure(path)?.description == "\(path) does not exist")
    }

    @Test("a text file named .wav")
    func textFile() throws {
        let path = clips.path("notes.wav")
        try "these are notes, not sound\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(failure(path) == .unreadableAudio(path: path, reason: "invalid data found when processing input"))
        #expect(
            failure(path)?.description
                == "\(path) is not a sound file ffmpeg's libraries can read (invalid data found when processing input)")
    }

    @Test("a video without sound has no audio stream")
    func videoWithoutSound() throws {
        let path = try clips.standardClip()
        #expect(failure(path) == .noAudioStream(path: path))
        #expect(failure(path)?.description == "\(path) has no audio stream")
    }

    /// Sonic is in libavcodec only as an experimental decoder, which neither the probe nor ffmpeg
    /// itself (without -strict) will use.
    @Test("a codec with no usable decoder is named")
    func unsupportedCodec() throws {
        let path = try clips.make(
            "sonic.nut", ["-f", "lavfi", "-i", "sine=duration=1", "-c:a", "sonicls", "-strict", "-2"])
        #expect(failure(path) == .unsupportedCodec(path: path, codec: "sonic"))
        #expect(
            failure(path)?.description
                == "\(path) is in codec sonic, which this system's ffmpeg libraries cannot decode")
    }

    @Test("an M4A with its middle overwritten: the decoder's error and where")
    func damagedM4A() throws {
        let path = try overwriteMiddle(try tone("damaged.m4a", encoder: "aac"))
        guard case .corrupt(path, nil, let reason) = failure(path) else {
            Issue.record("not refused as corrupt: \(String(describing: failure(path)))")
            return
        }
        #expect(
            reason.hasPrefix("at ") && reason.hasSuffix(" s: invalid data found when processing input"), "\(reason)")
        #expect(failure(path)?.description == "\(path) is corrupt or truncated (\(reason))")
    }

    @Test("a FLAC cut in half: its last frame does not decode")
    func truncatedFLAC() throws {
        let path = try cutInHalf(try tone("cut.flac", encoder: "flac"))
        guard case .corrupt(path, nil, let reason) = failure(path) else {
            Issue.record("not refused as corrupt: \(String(describing: failure(path)))")
            return
        }
        #expect(reason.hasSuffix(": invalid data found when processing input"), "\(reason)")
    }

    /// MP3 frames stand alone, so a cut one is dropped and the rest decodes cleanly: only the
    /// frame count in the file's header tells.
    @Test("an MP3 cut in half decodes cleanly but is shorter than it declares")
    func truncatedMP3() throws {
        let path = try cutInHalf(try tone("cut.mp3", encoder: "libmp3lame"))
        guard case .corrupt(path, nil, let reason) = failure(path) else {
            Issue.record("not refused as corrupt: \(String(describing: failure(path)))")
            return
        }
        let pattern = /the file declares 1\.7\d\d s of sound but 0\.8\d\d s decode/
        #expect(reason.wholeMatch(of: pattern) != nil, "\(reason)")
        #expect(failure(path)?.description == "\(path) is corrupt or truncated (\(reason))")
    }

    private func overwriteMiddle(_ path: String) throws -> String {
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        let middle = data.count / 2
        data.replaceSubrange(middle..<middle + 2048, with: Data(repeating: 0x5A, count: 2048))
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    private func cutInHalf(_ path: String) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        return path
    }
}
