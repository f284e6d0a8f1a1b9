import CommandTestSupport
import Foundation
import Testing

/// The app-preview example's MP4 carries its sound: the pad and the tap of the circle reveal,
/// as ffmpeg's own filters mix the same files by the README's rules; and rendered in three shards
/// joined by `pipeline concat`, the very same samples.
@Suite final class ExampleAppPreviewSoundTests {
    let examples: ExampleFolder
    init() throws { examples = try ExampleFolder() }
    deinit { examples.cleanUp() }

    private var folder: URL { examples.folder.appendingPathComponent("examples") }

    private func ffmpeg(_ arguments: [String]) throws {
        let result = try CLI.runProgram("/usr/bin/env", ["ffmpeg", "-v", "error", "-y"] + arguments, in: folder)
        #expect(result.status == 0, "ffmpeg \(arguments): \(result.stderr)")
    }

    /// 48 kHz stereo float samples of `file`'s first sound stream, or of ffmpeg's output for `arguments`.
    private func samples(_ arguments: [String]) throws -> [Float] {
        let raw = "pcm-\(UUID().uuidString).f32"
        try ffmpeg(arguments + ["-ar", "48000", "-ac", "2", "-f", "f32le", raw])
        let data = try Data(contentsOf: folder.appendingPathComponent(raw))
        return data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
    }

    /// Rendered at a quarter of the size: the sound does not depend on the scale.
    private func render(_ arguments: [String]) throws {
        let result = try CLI.run(
            ["run", "app-preview.json", "--format", "mp4", "--scale", "0.25", "--quiet"] + arguments, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func theMP4sSoundIsTheReferenceMixOfItsFiles() throws {
        try render(["--out", "whole"])
        // The pad at 0.8 from 0 s, faded in over 0.5 s and out over the last second of the 4.5 s
        // video; the tap at 0.9 when the circle reveal starts, at 2.3 s, rising over its first 2 ms
        // (96 of its 5,760 samples) and falling over its last 2 ms, as a cut without fades does.
        let graph =
            "[0:a]volume=0.8,afade=t=in:st=0:d=0.5,afade=t=out:st=3.5:d=1[pad];"
            + "[1:a]volume=0.9,afade=t=in:ss=0:ns=96,afade=t=out:ss=5664:ns=96,adelay=2300:all=1[tap];"
            + "[pad][tap]amix=inputs=2:normalize=0,atrim=end=4.5"
        let reference = try samples([
            "-i", "assets/sounds/pad.m4a", "-i", "assets/sounds/tap.wav", "-filter_complex", graph,
        ])
        let mixed = try samples(["-i", "whole/app-preview.mp4", "-map", "0:a:0"])
        #expect(reference.count == 2 * 216_000)
        #expect(mixed.count >= reference.count)
        let count = min(reference.count, mixed.count)
        let squares = (0..<count).reduce(0.0) { sum, i in
            let difference = Double(mixed[i] - reference[i])
            return sum + difference * difference
        }
        let rms = (squares / Double(count)).squareRoot()
        #expect(rms < 1e-3, "RMS difference from the reference mix: \(rms)")
    }

    @Test func threeShardsJoinedSoundAsTheWholeRender() throws {
        try render(["--out", "whole"])
        for shard in 1...3 { try render(["--out", "parts", "--shard", "\(shard)/3"]) }
        let joined = try CLI.run(["concat", "joined.mp4", "parts"], in: folder)
        #expect(joined.status == 0, "\(joined.stderr)")
        let whole = try samples(["-i", "whole/app-preview.mp4", "-map", "0:a:0"])
        let parts = try samples(["-i", "joined.mp4", "-map", "0:a:0"])
        #expect(whole.count == parts.count)
        #expect(whole == parts)
    }
}
