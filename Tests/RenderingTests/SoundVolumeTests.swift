import CommandTestSupport
import Foundation
import Testing

/// Volumes that move and tracks that give way, measured on ffmpeg's own decode of the written
/// MOV (24-bit PCM): an `animate` step on `audio.<name>.volume` moves a track's gain along its
/// curve between video frames, `video.volume` a clip's sound, and a `duck` lowers the music by its
/// amount while the voice plays, restoring it after the release. A sharded render joined by
/// `concat` carries the same PCM as the whole one.
@Suite final class SoundVolumeTests {
    let fixture: FootageFixture

    init() throws {
        fixture = try FootageFixture()
        // Music: 480 Hz in the left channel throughout. Voice: 1 kHz in the right channel from 1 s to 2 s.
        try fixture.ffmpeg([
            "-f", "lavfi", "-i", "aevalsrc=exprs=0.5*sin(2*PI*480*t)|0:s=48000:d=4", "-c:a", "pcm_s16le", "music.wav",
        ])
        try fixture.ffmpeg([
            "-f", "lavfi", "-i", "aevalsrc=exprs=0|0.5*sin(2*PI*1000*t)*between(t\\,1\\,2):s=48000:d=4", "-c:a",
            "pcm_s16le", "voice.wav",
        ])
        try fixture.ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=30", "-f", "lavfi", "-i",
            "aevalsrc=exprs=0.5*sin(2*PI*480*t)|0:s=48000:d=4", "-t", "4", "-c:v", "libx264", "-pix_fmt", "yuv420p",
            "-c:a", "pcm_s16le", "clip.mov",
        ])
    }

    private func write(layers: String = ##"{ "name": "bg", "fill": "#202020" }"##, audio: String, timeline: String)
        throws
    {
        let text = """
            { "version": 1, "canvas": { "width": 64, "height": 48, "fps": 30, "duration": 4 },
              "layers": [ \(layers) ], "audio": [ \(audio) ], "timeline": [ \(timeline) ],
              "output": { "dir": "out", "formats": ["mov"] } }
            """
        try text.write(to: fixture.folder.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
    }

    private func render() throws -> [Float] {
        let result = try CLI.run(["run", "p.json", "--quiet"], in: fixture.folder)
        #expect(result.status == 0, "\(result.stderr)")
        let raw = "pcm-\(UUID().uuidString).f32"
        defer { try? FileManager.default.removeItem(at: fixture.folder.appendingPathComponent(raw)) }
        try fixture.ffmpeg(["-i", "out/p.mov", "-map", "0:a:0", "-ar", "48000", "-ac", "2", "-f", "f32le", raw])
        return try Data(contentsOf: fixture.folder.appendingPathComponent(raw)).withUnsafeBytes {
            Array($0.bindMemory(to: Float.self))
        }
    }

    /// The amplitude of the `frequency` tone in `channel` over the 500 samples around `time` (whole
    /// periods of 480 Hz and 1 kHz).
    private static func amplitude(_ pcm: [Float], channel: Int = 0, frequency: Double = 480, at time: Double) -> Double
    {
        let centre = Int((time * 48_000).rounded())
        var (re, im) = (0.0, 0.0)
        for sample in centre - 250..<centre + 250 {
            let phase = 2 * Double.pi * frequency * Double(sample) / 48_000
            re += Double(pcm[2 * sample + channel]) * cos(phase)
            im += Double(pcm[2 * sample + channel]) * sin(phase)
        }
        return 2 * (re * re + im * im).squareRoot() / 500
    }

    /// A linear fall from 0.8 to 0.2 between 1 s and 2 s is at 0.5 half way, holds 0.2 after, and a
    /// keyframed rise to 1 and back to 0.5 follows its values; the gain moves within a video
    /// frame (10 ms apart, 1/3 of a frame, the gains differ as the line does).
    @Test func aTracksVolumeFollowsItsAnimation() throws {
        try write(
            audio: #"{ "file": "music.wav", "name": "music", "volume": 0.8 }"#,
            timeline: #"""
                { "animate": "audio.music.volume", "to": 0.2, "start": 1, "duration": 1, "timing": "linear" },
                { "animate": "audio.music.volume", "keyframes": { "values": [0.2, 1, 0.5] }, "start": 3, "duration": 0.5 }
                """#)
        let pcm = try render()
        let expected: [(Double, Double)] = [
            (0.5, 0.8), (1.25, 0.65), (1.5, 0.5), (1.51, 0.494), (1.75, 0.35), (2.5, 0.2), (3.2, 0.84), (3.75, 0.5),
        ]
        for (time, volume) in expected {
            let measured = Self.amplitude(pcm, at: time) / 0.5
            #expect(abs(measured - volume) < 0.004, "at \(time) s the volume is \(measured), not \(volume)")
        }
    }

    /// `video.volume` on a clip's layer fades its own sound out on an ease-in curve.
    @Test func aClipsSoundFollowsVideoVolume() throws {
        try write(
            layers: #"{ "name": "clip", "video": { "file": "clip.mov", "audio": true } }"#, audio: "",
            timeline:
                #"{ "animate": "video.volume", "target": "clip", "to": 0, "start": 1, "duration": 2, "timing": "ease-in" }"#
        )
        let pcm = try render()
        let (before, middle, after) = (
            Self.amplitude(pcm, at: 0.5), Self.amplitude(pcm, at: 2), Self.amplitude(pcm, at: 3.5)
        )
        #expect(abs(before - 0.5) < 0.004)
        // ease-in (0.42, 0, 1, 1) is at about 0.315 half way: the sound has fallen by less than half.
        #expect(middle > 0.3 && middle < 0.36, "half way the clip plays at \(middle / 0.5)")
        #expect(after < 1e-4)
    }

    private static func decibels(_ level: Double, _ reference: Double) -> Double { 20 * log10(level / reference) }

    /// The music gives way by 12 dB while the voice plays (1 s to 2 s), reaching it within the
    /// attack and coming back within the release.
    @Test func musicDucksUnderTheVoice() throws {
        try write(
            audio: #"""
                { "file": "music.wav", "name": "music",
                  "duck": { "under": ["voice"], "amount": -12, "attack": 0.1, "release": 0.3 } },
                { "file": "voice.wav", "name": "voice" }
                """#, timeline: "")
        let pcm = try render()
        let full = Self.amplitude(pcm, at: 0.5)
        #expect(abs(full - 0.5) < 0.004)
        for time in [1.2, 1.5, 1.9] {
            let ducked = Self.decibels(Self.amplitude(pcm, at: time), full)
            #expect(abs(ducked + 12) < 1, "at \(time) s the music is at \(ducked) dB")
        }
        let falling = Self.decibels(Self.amplitude(pcm, at: 1.05), full)
        #expect(falling < -1 && falling > -11, "within the attack the music is at \(falling) dB")
        let rising = Self.decibels(Self.amplitude(pcm, at: 2.15), full)
        #expect(rising < -1 && rising > -11, "within the release the music is at \(rising) dB")
        #expect(abs(Self.decibels(Self.amplitude(pcm, at: 2.5), full)) < 0.1, "restored after the release")
        // The voice itself is untouched.
        #expect(abs(Self.amplitude(pcm, channel: 1, frequency: 1000, at: 1.5) - 0.5) < 0.004)
    }

    @Test func aShardedRenderCarriesTheWholeRendersPCM() throws {
        try write(
            layers: #"{ "name": "clip", "video": { "file": "clip.mov", "audio": true } }"#,
            audio: #"""
                { "file": "music.wav", "name": "music", "duck": { "under": ["clips", "voice"], "amount": -9 } },
                { "file": "voice.wav", "name": "voice" }
                """#,
            timeline: #"""
                { "animate": "audio.music.volume", "to": 0.3, "start": 0.5, "duration": 2, "timing": { "spring": { "dampingRatio": 0.4 } } },
                { "animate": "video.volume", "target": "clip", "from": 0.2, "to": 1, "start": 1, "duration": 2 }
                """#)
        let (whole, parts) = try fixture.wholeAndShardedPCM()
        #expect(whole.count == 2 * 3 * 4 * 48_000)
        let same = whole == parts
        let differing = zip(whole, parts).filter { $0 != $1 }.count
        #expect(same, "the joined render's PCM differs from the whole render's in \(differing) bytes")
    }
}
