import CommandTestSupport
import Foundation
import Testing

/// Memory as a budget, never a crash: a render that cannot fit in what the process may take is
/// refused with the figures, and too many threads are reduced; images that would take too much
/// memory together are refused from their headers, before any is decoded.
@Suite final class MemoryBudgetTests {
    let folder: URL
    init() throws { folder = try CLI.temporaryDirectory() }
    deinit { try? FileManager.default.removeItem(at: folder) }

    private func write(_ text: String, to name: String) throws {
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    /// `pipeline arguments…` under an address-space limit of `bytes`.
    private func run(limitedTo bytes: Int, _ arguments: [String]) throws -> CLI.Result {
        try CLI.runProgram("/usr/bin/prlimit", ["--as=\(bytes)", CLI.executable] + arguments, in: folder)
    }

    private static let huge = """
        { "version": 1, "canvas": { "width": 16384, "height": 16384, "fps": 10, "duration": 0.1 },
          "layers": [ { "name": "card", "fill": "#ff9500", "frame": [10, 10, 400, 300] } ] }
        """

    /// AddressSanitizer reserves terabytes of address space, so an address-space limit cannot hold it.
    static let addressSpaceLimitable = ProcessInfo.processInfo.environment["ASAN_OPTIONS"] == nil

    @Test(.enabled(if: addressSpaceLimitable, "AddressSanitizer's shadow memory outgrows any address-space limit"))
    func aRenderThatCannotFitIsRefusedWithTheFigures() throws {
        try write(Self.huge, to: "huge.json")
        let result = try run(limitedTo: 2 << 30, ["run", "huge.json", "--out", "out", "--format", "png"])
        #expect(!result.crashed && result.status == 2, "\(result.status): \(result.stderr)")
        #expect(
            result.stderr.contains("not enough memory to render 16384×16384 frames: one thread needs "),
            "\(result.stderr)")
        #expect(result.stderr.contains("by the address-space limit (ulimit -v)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/frame_0.png").path))
    }

    /// Threads are at most one per core before memory is counted: 8 asked on two cores are 2.
    @Test(
        .enabled(if: addressSpaceLimitable, "AddressSanitizer's shadow memory outgrows any address-space limit"),
        .enabled(if: ProcessInfo.processInfo.activeProcessorCount >= 2, "one core leaves no thread to take away"))
    func tooManyThreadsAreReducedWithANote() throws {
        try write(Self.huge, to: "huge.json")
        let result = try run(
            limitedTo: 7 << 30, ["run", "huge.json", "--out", "out", "--format", "png", "--threads", "8"])
        let wanted = min(8, ProcessInfo.processInfo.activeProcessorCount)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("instead of \(wanted): \(wanted) would need"), "\(result.stderr)")
    }

    /// A PNG declaring 16384×16384 grey pixels of one bit: 32 KB on disk, 1 GiB decoded.
    private func bomb(_ name: String) throws {
        let script = """
            import struct, sys, zlib
            def chunk(kind, data):
                return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
            side = 16384
            rows = (b"\\0" + b"\\0" * (side // 8)) * side
            header = struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0)
            png = b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")
            open(sys.argv[1], "wb").write(png)
            """
        let result = try CLI.runProgram("/usr/bin/env", ["python3", "-c", script, name], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func imagesTooLargeTogetherAreRefusedFromTheirHeaders() throws {
        for name in ["a.png", "b.png", "c.png"] { try bomb(name) }
        let layers = ["a.png", "b.png", "c.png"].map { #"{ "name": "\#($0)", "image": "\#($0)" }"# }
        try write(
            """
            { "version": 1, "canvas": { "width": 64, "height": 64, "fps": 10, "duration": 0.1 },
              "layers": [ \(layers.joined(separator: ", ")) ] }
            """, to: "bombs.json")
        let refused = try CLI.run(["validate", "bombs.json"], in: folder)
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(
            refused.stderr.contains("the pipeline's 3 images take 3072 MiB decoded")
                && refused.stderr.contains("more than the 2048 MiB allowed")
                && refused.stderr.contains("--image-memory"), "\(refused.stderr)")
        let allowed = try CLI.run(["validate", "bombs.json", "--image-memory", "4096"], in: folder)
        #expect(allowed.status == 0, "\(allowed.stderr)")
        let nonsense = try CLI.run(["validate", "bombs.json", "--image-memory", "0"], in: folder)
        #expect(nonsense.status != 0, "\(nonsense.stderr)")
        #expect(nonsense.stderr.contains("--image-memory takes MiB from 1 to 16777216, got 0"), "\(nonsense.stderr)")
    }
}
