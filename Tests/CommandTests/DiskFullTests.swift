import CommandTestSupport
import Foundation
import Testing

/// A disk that fills up during a render: the message gives the system's reason, "No space left on
/// device", for PNG frames and for a video alike, and the folder holds complete frames from the
/// first on, with no gap; a warning said so once the first frame was written. Needs a small
/// tmpfs, which only root can mount.
@Suite(.enabled(if: SmallDisk.canMount, "mounting a tmpfs needs root"), .serialized)
final class DiskFullTests {
    let folder: URL
    let disk: URL

    init() throws {
        folder = try CLI.temporaryDirectory()
        disk = folder.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        #expect(SmallDisk.mount(disk.path, 300 << 10))
        // A gradient under a moving card: about 8 KB a frame, 100 frames.
        let text = """
            { "version": 1, "canvas": { "width": 400, "height": 300, "fps": 20, "duration": 5 },
              "layers": [ { "name": "ground", "fill": { "gradient": { "colors": ["#ff0000", "#00ff88", "#0000ff"] } } },
                          { "name": "card", "fill": "#ff9500", "frame": [10, 10, 40, 30], "cornerRadius": 6 } ],
              "timeline": [ { "animator": "move-and-scale", "target": "card", "duration": 5,
                              "params": { "to": [300, 200, 90, 80] } } ] }
            """
        try text.write(to: folder.appendingPathComponent("big.json"), atomically: true, encoding: .utf8)
    }

    deinit {
        SmallDisk.unmount(disk.path)
        try? FileManager.default.removeItem(at: folder)
    }

    @Test(arguments: ["png", "png,mp4"])
    func aFullDiskSaysSoAndLeavesNoGap(formats: String) throws {
        let out = disk.appendingPathComponent("out")
        let result = try CLI.run(["run", "big.json", "--out", out.path, "--format", formats, "--quiet"], in: folder)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("No space left on device"), "\(result.stderr)")
        // Warned once the first frame showed the size of a frame.
        #expect(
            result.stderr.contains("warning: \(out.path) has ")
                && result.stderr.contains("the render will likely stop when the disk is full"), "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path)
        let frames = names.filter { $0.hasPrefix("frame_") }.sorted()
        #expect(!frames.isEmpty && frames.count < 100, "\(frames.count) frames")
        #expect(frames == SmallPipeline.frameNames(frames.count), "the frames are 0 to \(frames.count - 1), no gap")
        #expect(!names.contains { $0.contains(".partial") || $0.hasSuffix(".mp4") }, "\(names)")
        for name in frames { _ = try RGBAImage.read(out.appendingPathComponent(name)) }
    }
}

/// A tmpfs of a given size mounted on a folder, to fill up.
enum SmallDisk {
    /// Whether this process may mount a tmpfs (root, with the capability to mount).
    static let canMount: Bool = {
        guard getuid() == 0, let probe = try? CLI.temporaryDirectory() else { return false }
        defer { try? FileManager.default.removeItem(at: probe) }
        guard mount(probe.path, 64 << 10) else { return false }
        unmount(probe.path)
        return true
    }()

    static func mount(_ path: String, _ bytes: Int) -> Bool {
        let result = try? CLI.runProgram("/bin/mount", ["-t", "tmpfs", "-o", "size=\(bytes)", "tmpfs", path])
        return result?.status == 0
    }

    static func unmount(_ path: String) {
        _ = try? CLI.runProgram("/bin/umount", [path])
    }
}
