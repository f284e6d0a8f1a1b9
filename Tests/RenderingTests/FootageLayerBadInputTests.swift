import CommandTestSupport
import Foundation
import Testing

/// Footage that cannot be shown, made at test time (the static cases are in Tests/BadInputs):
/// `run` and `validate` name the file and the place in the pipeline, and exit with status 1;
/// `--resume` refuses when a clip or a sequence's file changed.
@Suite final class FootageLayerBadInputTests {
    let fixture: FootageFixture
    init() throws { fixture = try FootageFixture() }

    /// `run` and `validate` both fail with status 1 and print `message` (where `{dir}` is the folder).
    private func expectRefused(_ message: String) throws {
        let expected = message.replacingOccurrences(of: "{dir}", with: fixture.folder.path)
        for command in ["run", "validate"] {
            let result = try CLI.run([command, "p.json"], in: fixture.folder)
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(result.stderr.contains(expected), "\(command): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.appendingPathComponent("out").path))
    }

    @Test func anAudioOnlyFile() throws {
        try fixture.ffmpeg(["-f", "lavfi", "-i", "sine=duration=1", "clips/tone.m4a"])
        try fixture.pipeline(#""video": "clips/tone.m4a""#)
        try expectRefused(#"p.json:4:61: layers[0].video: layer "clip": {dir}/clips/tone.m4a has no video stream"#)
    }

    /// AVS2 is a codec libavformat knows, and MPEG-TS carries by its stream type, but Debian's
    /// libavcodec has no decoder for. The elementary stream is a sequence header and a few
    /// pictures' start codes, enough for ffmpeg to copy into a transport stream undecoded.
    @Test func aCodecWithoutADecoder() throws {
        let sequence: [UInt8] = [0, 0, 1, 0xB0, 0x20, 0x42, 0xC2, 0x80, 0x11, 0xE0, 0, 0]
        let picture: [UInt8] = [0, 0, 1, 0xB3, 0, 0, 0, 0, 0, 0, 1, 0] + (1...59).map { UInt8($0) }
        try Data(sequence + Array([[UInt8]](repeating: picture, count: 5).joined()))
            .write(to: fixture.folder.appendingPathComponent("clips/raw.avs2"))
        try fixture.ffmpeg(["-f", "avs2", "-r", "10", "-i", "clips/raw.avs2", "-c", "copy", "clips/avs2.ts"])
        try fixture.pipeline(#""video": "clips/avs2.ts""#)
        try expectRefused(
            #"p.json:4:61: layers[0].video: layer "clip": {dir}/clips/avs2.ts is in codec avs2, "#
                + "which this system's ffmpeg libraries cannot decode")
    }

    /// A clip may be at most as large as a canvas may be, 16384 pixels on a side. PNG pictures
    /// in a MOV keep a tall thin clip cheap to make.
    @Test func aClipTallerThanTheLimit() throws {
        for height in [16384, 16400] {
            try fixture.ffmpeg([
                "-f", "lavfi", "-i", "color=red:size=16x\(height):rate=10", "-frames:v", "2", "-c:v", "png",
                "clips/tall-\(height).mov",
            ])
        }
        try fixture.pipeline(#""video": "clips/tall-16384.mov""#)
        let atTheLimit = try CLI.run(["validate", "p.json"], in: fixture.folder)
        #expect(atTheLimit.status == 0, "\(atTheLimit.stderr)")
        try fixture.pipeline(#""video": "clips/tall-16400.mov""#)
        try expectRefused(
            #"p.json:4:61: layers[0].video: layer "clip": {dir}/clips/tall-16400.mov is 16×16400, "#
                + "larger than the 16384×16384 limit")
    }

    /// The decoder is a library of its own, loaded when a clip is first opened: without it a
    /// video layer is refused, saying what is missing, and a pipeline without video runs.
    @Test func withoutTheVideoLibrary() throws {
        try fixture.standardClip()
        try fixture.pipeline(#""video": "clips/a.mp4""#)
        let missing = fixture.folder.appendingPathComponent("gone/libpipeline-video.so").path
        let refused = try CLI.run(
            ["validate", "p.json"], in: fixture.folder, environment: ["PIPELINE_VIDEO_LIBRARY": missing])
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(
            refused.stderr.contains(
                "video decoding is unavailable: libpipeline-video.so was not found (looked for \(missing); "
                    + "`make plugins` builds it)"), "\(refused.stderr)")
        try fixture.pipeline(##""fill": "#ff0000""##)
        let still = try CLI.run(
            ["validate", "p.json"], in: fixture.folder, environment: ["PIPELINE_VIDEO_LIBRARY": missing])
        #expect(still.status == 0, "\(still.stderr)")
    }

    @Test func fromPastTheClipsEnd() throws {
        try fixture.standardClip()
        try fixture.pipeline(#""video": {"file": "clips/a.mp4", "from": 2.5}"#)
        try expectRefused(
            #"p.json:4:61: layers[0].video: layer "clip": from 2.500 s lies outside {dir}/clips/a.mp4, "#
                + "which is 2.000 s long: it must be at least 0 and less than 2.000 s")
    }

    @Test func aSequenceWithAGap() throws {
        try fixture.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=64x48:rate=10", "-frames:v", "6", "shots/f_%03d.png"])
        try FileManager.default.removeItem(at: fixture.folder.appendingPathComponent("shots/f_004.png"))
        try fixture.pipeline(#""sequence": {"files": "shots/f_%03d.png", "fps": 10}"#)
        try expectRefused(
            #"p.json:4:64: layers[0].sequence: layer "clip": {dir}/shots/f_004.png is missing: "#
                + "the sequence has f_003.png and f_005.png")
    }

    @Test func aVideoOutsideThePipelinesFolder() throws {
        try fixture.standardClip()
        let inner = fixture.folder.appendingPathComponent("inner")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        try #"{ "version": 1, "canvas": { "width": 32, "height": 32, "fps": 10, "duration": 0.5 }, "#
            .appending(#""layers": [ { "name": "clip", "video": "../clips/a.mp4" } ] }"#)
            .write(to: inner.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
        let refused = try CLI.run(["validate", "p.json"], in: inner)
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("video \(fixture.folder.path)/clips/a.mp4 resolves to"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--allow-outside-images"), "\(refused.stderr)")
        #expect(try CLI.run(["validate", "p.json", "--allow-outside-images"], in: inner).status == 0)
    }

    /// A link in the sequence's folder may lead anywhere: each listed file is confined.
    @Test func aSequenceFileLinkedFromOutsideThePipelinesFolder() throws {
        let inner = fixture.folder.appendingPathComponent("inner")
        try FileManager.default.createDirectory(
            at: inner.appendingPathComponent("shots"), withIntermediateDirectories: true)
        try fixture.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=64x48:rate=10", "-frames:v", "3", "shots/f_%03d.png"])
        for name in ["f_001.png", "f_002.png"] {
            try FileManager.default.copyItem(
                at: fixture.folder.appendingPathComponent("shots/\(name)"),
                to: inner.appendingPathComponent("shots/\(name)"))
        }
        let outside = fixture.folder.appendingPathComponent("shots/f_003.png").path
        try FileManager.default.createSymbolicLink(
            atPath: inner.appendingPathComponent("shots/f_003.png").path, withDestinationPath: outside)
        try #"{ "version": 1, "canvas": { "width": 32, "height": 32, "fps": 10, "duration": 0.5 }, "layers": [ "#
            .appending(#"{ "name": "shots", "sequence": { "files": "shots/f_%03d.png", "fps": 10 } } ] }"#)
            .write(to: inner.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
        let refused = try CLI.run(["validate", "p.json"], in: inner)
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(
            refused.stderr.contains(
                #"layers[0].sequence: layer "shots": sequence file \#(inner.path)/shots/f_003.png resolves to "#
                    + "\(outside), outside the pipeline file's folder"), "\(refused.stderr)")
        #expect(try CLI.run(["validate", "p.json", "--allow-outside-images"], in: inner).status == 0)
    }

    /// Damage inside the file passes the checks before rendering (they list frames, decoding
    /// none) and stops the render at the first frame that cannot be decoded.
    @Test func aFrameThatCannotBeDecodedStopsTheRender() throws {
        try fixture.ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-t", "2", "-c:v", "libx264", "-g", "15",
            "-pix_fmt", "yuv420p", "-movflags", "+faststart", "clips/damaged.mp4",
        ])
        let clip = fixture.folder.appendingPathComponent("clips/damaged.mp4")
        var data = try Data(contentsOf: clip)
        data.replaceSubrange(data.count / 2..<data.count / 2 + 4096, with: Data(repeating: 0x5A, count: 4096))
        try data.write(to: clip)
        try fixture.pipeline(#""video": "clips/damaged.mp4""#)
        #expect(try CLI.run(["validate", "p.json"], in: fixture.folder).status == 0)
        let result = try fixture.render()
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderr.contains("\(clip.path) is corrupt or truncated: the frame at "), "\(result.stderr)")
        #expect(result.stderr.contains("error: frame "), "\(result.stderr)")
    }

    @Test func resumeRefusesAChangedClip() throws {
        try fixture.standardClip()
        try fixture.pipeline(#""video": "clips/a.mp4""#)
        #expect(try fixture.render(["--frames", "0-4"]).status == 0)
        try fixture.ffmpeg([
            "-f", "lavfi", "-i", "testsrc=size=320x240:rate=30", "-t", "2", "-c:v", "libx264", "clips/a.mp4",
        ])
        let refused = try fixture.render(["--frames", "0-4", "--resume"])
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(
            refused.stderr.contains("the footage \(fixture.folder.path)/clips/a.mp4 changed"), "\(refused.stderr)")
    }

    @Test func resumeRefusesAChangedSequenceFile() throws {
        try fixture.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=64x48:rate=10", "-frames:v", "6", "shots/f_%03d.png"])
        try fixture.pipeline(#""sequence": {"files": "shots/*.png", "fps": 10}"#)
        #expect(try fixture.render(["--frames", "0-4"]).status == 0)
        try fixture.ffmpeg(["-f", "lavfi", "-i", "color=red:size=64x48", "-frames:v", "1", "shots/f_005.png"])
        let refused = try fixture.render(["--frames", "0-4", "--resume"])
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(
            refused.stderr.contains("the footage \(fixture.folder.path)/shots/f_005.png changed"), "\(refused.stderr)")
    }
}
