import CommandTestSupport
import Foundation
import Testing

/// `output.loudness`: a render's sound brought to an EBU R128 integrated loudness under a true
/// peak, as ffmpeg's own meter (`ebur128=peak=true`) measures the MP4's decoded AAC.
@Suite final class LoudnessTests {
    let fixture: FootageFixture
    init() throws {
        fixture = try FootageFixture()
        // A loud track (a 200 Hz tone with a 5 ms burst of 3 kHz every half second, past full
        // scale at volume 1.5) and a quiet one (pink noise): brought to −14 LUFS, the bursts need
        // the limiter.
        try fixture.ffmpeg([
            "-f", "lavfi", "-i",
            "aevalsrc=exprs=0.2*sin(2*PI*200*t)+0.75*sin(2*PI*3000*t)*lt(mod(t\\,0.5)\\,0.005):s=48000:d=3",
            "-ac", "2", "loud.wav",
        ])
        try fixture.ffmpeg([
            "-f", "lavfi", "-i", "anoisesrc=color=pink:amplitude=0.05:seed=7:sample_rate=44100:d=3", "quiet.wav",
        ])
    }

    private func pipeline(loudness: String) throws {
        let text = """
            { "version": 1, "canvas": { "width": 64, "height": 48, "fps": 30, "duration": 3 },
              "layers": [ { "name": "card", "fill": "#ff8000" } ],
              "audio": [ { "file": "loud.wav", "volume": 1.5 }, "quiet.wav" ],
              "output": { "dir": "out", "formats": ["mp4"], "loudness": \(loudness) } }
            """
        try text.write(to: fixture.folder.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
    }

    /// ffmpeg's EBU R128 summary of `file`'s sound: integrated loudness (LUFS) and true peak (dBTP).
    static func measure(_ file: String, in folder: URL) throws -> (integrated: Double, truePeak: Double) {
        let result = try CLI.runProgram(
            "/usr/bin/env",
            [
                "ffmpeg", "-hide_banner", "-nostats", "-i", file, "-map", "0:a:0", "-af", "ebur128=peak=true",
                "-f", "null", "-",
            ],
            in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        // The summary comes last: "I: -14.0 LUFS" … "True peak:" then "Peak: -1.2 dBFS".
        let summary = result.stderr.components(separatedBy: "Summary:").last ?? ""
        func value(after label: String) -> Double? {
            guard let range = summary.range(of: label) else { return nil }
            return Double(summary[range.upperBound...].drop { $0 == " " }.prefix { !$0.isWhitespace })
        }
        let integrated = try #require(value(after: "I:"), "\(result.stderr)")
        let truePeak = try #require(value(after: "Peak:"), "\(result.stderr)")
        return (integrated, truePeak)
    }

    @Test func theMP4sSoundIsBroughtToItsLoudnessUnderItsTruePeak() throws {
        try pipeline(loudness: #"{ "integrated": -14, "truePeak": -1 }"#)
        let result = try CLI.run(["run", "p.json"], in: fixture.folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("loudness: -14.0 LUFS integrated"), "\(result.stderr)")
        #expect(result.stderr.contains("(limited under"), "\(result.stderr)")
        let measured = try Self.measure("out/p.mp4", in: fixture.folder)
        #expect(abs(measured.integrated + 14) <= 0.5, "integrated \(measured.integrated) LUFS")
        #expect(measured.truePeak <= -1, "true peak \(measured.truePeak) dBTP")
    }

    @Test func aPresetGivesItsTarget() throws {
        try pipeline(loudness: #""podcast""#)
        let result = try CLI.run(["run", "p.json", "--quiet"], in: fixture.folder)
        #expect(result.status == 0, "\(result.stderr)")
        let measured = try Self.measure("out/p.mp4", in: fixture.folder)
        #expect(abs(measured.integrated + 16) <= 0.5, "integrated \(measured.integrated) LUFS")
        #expect(measured.truePeak <= -1, "true peak \(measured.truePeak) dBTP")
    }
}
