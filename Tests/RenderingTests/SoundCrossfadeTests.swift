import CommandTestSupport
import Foundation
import Testing

/// A mixer joining two clips that both play sound crossfades their sound over its span: clip A's
/// sound (left channel, 1 kHz) falls and clip B's (right channel) rises as `wipeleft` runs from
/// 0.5 s to 1.5 s, each −3 dB at the middle with the equal-power curve, −6 dB with the linear one.
/// Levels are measured on ffmpeg's own decode of the written MOV (24-bit PCM). A sharded render
/// joined by `concat` carries the same PCM bytes as the whole render.
@Suite final class SoundCrossfadeTests {
    let fixture: FootageFixture

    init() throws {
        fixture = try FootageFixture()
        for (name, channels) in [("a", "0.5*sin(2*PI*1000*t)|0"), ("b", "0|0.5*sin(2*PI*1000*t)")] {
            try fixture.ffmpeg([
                "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=30", "-f", "lavfi", "-i",
                "aevalsrc=exprs=\(channels):s=48000:d=2", "-t", "2", "-c:v", "libx264", "-pix_fmt", "yuv420p",
                "-c:a", "pcm_s16le", "clips/\(name).mov",
            ])
        }
    }

    private func pipeline(curve: String?, more: String = "") throws {
        let soundCurve = (curve.map { #", "soundCurve": "\#($0)""# } ?? "") + more
        let text = """
            { "version": 1, "canvas": { "width": 160, "height": 120, "fps": 30, "duration": 2 },
              "layers": [ { "name": "a", "video": { "file": "clips/a.mov", "audio": true } },
                          { "name": "b", "video": { "file": "clips/b.mov", "audio": true } } ],
              "timeline": [ { "mixer": "wipeleft", "from": "a", "to": "b", "start": 0.5, "duration": 1\(soundCurve) } ],
              "output": { "dir": "out", "formats": ["mov"] } }
            """
        try text.write(to: fixture.folder.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
    }

    /// The sound of `file` as ffmpeg decodes it: 48 kHz stereo float, interleaved.
    private func samples(_ file: String) throws -> [Float] {
        let raw = "pcm-\(UUID().uuidString).f32"
        defer { try? FileManager.default.removeItem(at: fixture.folder.appendingPathComponent(raw)) }
        try fixture.ffmpeg(["-i", file, "-map", "0:a:0", "-ar", "48000", "-ac", "2", "-f", "f32le", raw])
        return try Data(contentsOf: fixture.folder.appendingPathComponent(raw)).withUnsafeBytes {
            Array($0.bindMemory(to: Float.self))
        }
    }

    /// The RMS level of `channel` (0 left, 1 right) over the 20 ms around `time` (20 periods of 1 kHz).
    private static func level(_ samples: [Float], channel: Int, at time: Double) -> Double {
        let centre = Int(time * 48_000)
        let squares = (centre - 480..<centre + 480).reduce(0.0) { sum, sample in
            let value = Double(samples[2 * sample + channel])
            return sum + value * value
        }
        return (squares / 960).squareRoot()
    }

    private static func decibels(_ level: Double, _ reference: Double) -> Double { 20 * log10(level / reference) }

    @Test(arguments: [(nil, -3.0103), ("linear", -6.0206)] as [(String?, Double)])
    func aWipeCrossfadesTheClipsSound(curve: String?, middle: Double) throws {
        try pipeline(curve: curve)
        let result = try CLI.run(["run", "p.json", "--quiet"], in: fixture.folder)
        #expect(result.status == 0, "\(result.stderr)")
        let pcm = try samples("out/p.mov")
        let (fullA, fullB) = (Self.level(pcm, channel: 0, at: 0.25), Self.level(pcm, channel: 1, at: 1.75))
        #expect(abs(fullA - 0.5 / 2.squareRoot()) < 0.01 && abs(fullB - 0.5 / 2.squareRoot()) < 0.01)
        let a = [0.75, 1.0, 1.25].map { Self.decibels(Self.level(pcm, channel: 0, at: $0), fullA) }
        let b = [0.75, 1.0, 1.25].map { Self.decibels(Self.level(pcm, channel: 1, at: $0), fullB) }
        #expect(a[0] > a[1] && a[1] > a[2], "A's sound falls over the wipe: \(a) dB")
        #expect(b[0] < b[1] && b[1] < b[2], "B's sound rises over the wipe: \(b) dB")
        #expect(abs(a[1] - middle) < 0.1, "A at the middle: \(a[1]) dB")
        #expect(abs(b[1] - middle) < 0.1, "B at the middle: \(b[1]) dB")
        // Before the wipe B is silent; after it A is.
        #expect(Self.level(pcm, channel: 1, at: 0.25) < 1e-4 && Self.level(pcm, channel: 0, at: 1.75) < 1e-4)
    }

    /// B's sound leads its picture by 0.25 s and A's trails it by 0.25 s: the middles of their
    /// fades move to 0.75 s and 1.25 s.
    @Test func soundLeadsAndTrailsThePicture() throws {
        try pipeline(curve: nil, more: #", "soundLead": 0.25, "soundTail": 0.25"#)
        let result = try CLI.run(["run", "p.json", "--quiet"], in: fixture.folder)
        #expect(result.status == 0, "\(result.stderr)")
        let pcm = try samples("out/p.mov")
        let (fullA, fullB) = (Self.level(pcm, channel: 0, at: 0.25), Self.level(pcm, channel: 1, at: 1.9))
        let a = Self.decibels(Self.level(pcm, channel: 0, at: 1.25), fullA)
        let b = Self.decibels(Self.level(pcm, channel: 1, at: 0.75), fullB)
        #expect(abs(a + 3.0103) < 0.1, "A at 1.25 s: \(a) dB")
        #expect(abs(b + 3.0103) < 0.1, "B at 0.75 s: \(b) dB")
        #expect(Self.level(pcm, channel: 1, at: 0.2) < 1e-4 && Self.level(pcm, channel: 0, at: 1.8) < 1e-4)
    }

    @Test func aShardedRenderCarriesTheWholeRendersPCM() throws {
        try pipeline(curve: nil)
        let (whole, parts) = try fixture.wholeAndShardedPCM()
        #expect(whole.count == 2 * 3 * 96_000)
        // Compared as one Bool: a failed comparison of the bytes themselves would be listed byte by byte.
        let same = whole == parts
        let differing = zip(whole, parts).filter { $0 != $1 }.count
        #expect(same, "the joined render's PCM differs from the whole render's in \(differing) bytes")
    }
}
