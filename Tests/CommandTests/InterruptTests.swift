import CommandTestSupport
import Foundation
import Testing

/// Ctrl-C during a run stops it at a frame boundary: it says how far it got, exits 130, and
/// leaves only complete files (every PNG it names, no partial video, no temporaries).
@Suite struct InterruptTests {
    /// Long enough to be interrupted part-way: 400 frames, each with a moving blurred shadow.
    static let pipeline = """
        { "version": 1, "canvas": { "width": 320, "height": 240, "fps": 50, "duration": 8, "background": "#202030" },
          "layers": [ { "name": "card", "fill": "#ff9500", "frame": [20, 20, 120, 90], "cornerRadius": 12,
                        "shadow": { "opacity": 0.8, "radius": 30, "offset": [0, 12] } } ],
          "timeline": [ { "animator": "move-and-scale", "target": "card", "duration": 8, "params": { "to": [180, 120, 120, 90] } } ],
          "output": { "formats": ["png", "mp4"] } }
        """

    @Test func ctrlCLeavesOnlyCompleteFilesAndSaysHowFarItGot() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(Self.pipeline, to: "long.json", in: folder)
        let out = folder.appendingPathComponent("out")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.executable)
        process.arguments = ["run", "long.json", "--out", out.path, "--threads", "2"]
        process.currentDirectoryURL = folder
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Bounded wait for a few frames, then Ctrl-C.
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: out.appendingPathComponent("frame_0005.png").path),
            Date() < deadline, process.isRunning
        {
            Thread.sleep(forTimeInterval: 0.05)
        }
        process.interrupt()
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(
            process.terminationReason == .exit && process.terminationStatus == 130,
            "\(process.terminationStatus): \(stderr)")

        let names = try SmallPipeline.contents(of: out)
        #expect(!names.contains { $0.hasPrefix(".") }, "no temporaries left: \(names)")
        #expect(!names.contains("long.mp4"), "an unfinished video is removed")
        let frames = names.filter { $0.hasSuffix(".png") }
        #expect(frames.count >= 6 && frames.count < 400, "\(frames.count) frames")
        #expect(
            frames == (0..<frames.count).map { String(format: "frame_%04d.png", $0) },
            "a contiguous run from the first frame")
        #expect(stderr.contains("interrupted: frames 0–\(frames.count - 1) are complete"), "\(stderr)")
        for name in frames {
            #expect(try RGBAImage.read(out.appendingPathComponent(name)).width == 320, "\(name) decodes")
        }
    }
}
