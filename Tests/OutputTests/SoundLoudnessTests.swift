import Footage
import Foundation
import Scene
import Testing

@testable import Output

/// The mix brought to a loudness (`SoundMix.loudness`), as the studio's WAV holds it, measured by
/// ffmpeg's EBU R128 meter; a span of it is the whole mix's samples there. Files are "decoded" to
/// synthetic samples: a loud tone with bursts, and quiet noise.
@Suite struct SoundLoudnessTests {
    /// Three seconds of a loud track (a 200 Hz tone with a 3 kHz burst each second) and a quiet
    /// one (noise at about −30 dBFS), brought to `target`.
    private static func mix(_ target: LoudnessTarget) -> SoundMix {
        var mix = SoundMix(
            sources: [
                .init(file: "/s/loud.wav", at: 0, until: 3, volume: 1.5),
                .init(file: "/s/quiet.wav", at: 0, until: 3),
            ], frameCount: 90, fps: 30)
        mix.loudness = target
        return mix
    }

    private static func decode(_ path: String) throws(FootageError) -> [Float] {
        var samples = [Float](repeating: 0, count: 2 * 144_000)
        var noise: UInt32 = 1
        for index in 0..<144_000 {
            let t = Double(index) / 48_000
            let value: Double
            if path.hasSuffix("loud.wav") {
                let burst = t.truncatingRemainder(dividingBy: 1) < 0.05 ? 0.39 * sin(2 * .pi * 3000 * t) : 0
                value = 0.6 * sin(2 * .pi * 200 * t) + burst
            } else {
                noise = noise &* 1_664_525 &+ 1_013_904_223
                value = 0.03 * (Double(noise >> 8) / Double(1 << 24) * 2 - 1)
            }
            samples[2 * index] = Float(value)
            samples[2 * index + 1] = Float(value)
        }
        return samples
    }

    /// ffmpeg's integrated loudness (LUFS) and true peak (dBTP) of `wav`.
    private static func measure(_ wav: Data) throws -> (integrated: Double, truePeak: Double) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("loudness-\(UUID().uuidString).wav")
        try wav.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "ffmpeg", "-hide_banner", "-nostats", "-i", file.path, "-af", "ebur128=peak=true", "-f", "null", "-",
        ]
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let summary = text.components(separatedBy: "Summary:").last ?? ""
        func value(after label: String) -> Double? {
            guard let range = summary.range(of: label) else { return nil }
            return Double(summary[range.upperBound...].drop { $0 == " " }.prefix { !$0.isWhitespace })
        }
        return (try #require(value(after: "I:"), "\(text)"), try #require(value(after: "Peak:"), "\(text)"))
    }

    @Test(arguments: [(-14.0, -1.0), (-23, -1), (-4, -2)])
    func theWAVIsBroughtToItsLoudnessUnderItsTruePeak(integrated: Double, truePeak: Double) throws {
        let mixer = try SoundMixer(
            mix: Self.mix(LoudnessTarget(integrated: integrated, truePeak: truePeak)), decode: Self.decode)
        let analysis = try #require(mixer.loudness())
        let measured = try Self.measure(SoundMix.wav(samples: mixer.samples(mixer.sampleRange())))
        #expect(abs(measured.integrated - integrated) <= 0.5, "\(measured), \(analysis.summary)")
        #expect(measured.truePeak <= truePeak, "\(measured), \(analysis.summary)")
    }

    @Test func aSpanIsCutFromTheWholeNormalisedMix() throws {
        let mixer = try SoundMixer(mix: Self.mix(LoudnessTarget(integrated: -4)), decode: Self.decode)
        #expect(mixer.loudness()?.limited == true)
        let whole = mixer.samples(mixer.sampleRange())
        var parts: [Float] = []
        for span in [0..<31, 31..<47, 47..<90] { parts += mixer.samples(mixer.sampleRange(frames: span)) }
        #expect(parts == whole)
    }
}
