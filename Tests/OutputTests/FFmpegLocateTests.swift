import Foundation
import Output
import Scene
import Testing

@Suite("finding ffmpeg")
final class FFmpegLocateTests {
    private let scratch: ScratchFolder

    init() throws {
        scratch = try ScratchFolder()
    }

    @Test("PIPELINE_FFMPEG wins over PATH, and a bad one is reported rather than replaced")
    func chosenPath() throws {
        let folder = scratch.path
        let fake = try Self.script(in: folder, named: "ffmpeg")
        #expect(FFmpeg.locate(environment: ["PIPELINE_FFMPEG": "/bin/true", "PATH": folder]) == "/bin/true")
        #expect(FFmpeg.locate(environment: ["PIPELINE_FFMPEG": folder + "/nonexistent", "PATH": folder]) == nil)
        #expect(FFmpeg.locate(environment: ["PIPELINE_FFMPEG": "", "PATH": folder]) == fake)
        let error = #expect(throws: OutputError.self) {
            try FFmpeg.require(environment: ["PIPELINE_FFMPEG": folder + "/nonexistent", "PATH": folder])
        }
        #expect(
            error?.description
                == "PIPELINE_FFMPEG is \(folder)/nonexistent, which is not an executable file: point it at ffmpeg or unset it to search PATH; PNG frames are written without it"
        )
    }

    @Test("the encoding ffmpeg keeps the memory of its frames between them; the user's own malloc settings stay")
    func encoderEnvironment() {
        let plain = FFmpeg.encoderEnvironment(["PATH": "/usr/bin"])
        #expect(plain["PATH"] == "/usr/bin")
        #expect(
            plain["GLIBC_TUNABLES"] == "glibc.malloc.trim_threshold=268435456:glibc.malloc.mmap_threshold=33554432")
        let given = FFmpeg.encoderEnvironment([
            "GLIBC_TUNABLES": "glibc.malloc.trim_threshold=1000:glibc.cpu.hwcaps=-AVX2"
        ])
        #expect(
            given["GLIBC_TUNABLES"]
                == "glibc.malloc.trim_threshold=1000:glibc.cpu.hwcaps=-AVX2:glibc.malloc.mmap_threshold=33554432")
    }

    @Test("searches PATH in order and skips files that cannot run")
    func searchPath() throws {
        let first = try scratch.subfolder("first")
        let second = try scratch.subfolder("second")
        _ = FileManager.default.createFile(atPath: first + "/ffmpeg", contents: Data("not executable".utf8))
        let runnable = try Self.script(in: second, named: "ffmpeg")
        #expect(FFmpeg.locate(environment: ["PATH": "\(first):\(second)"]) == runnable)
        #expect(try FFmpeg.require(environment: ["PATH": "\(first):\(second)"]) == runnable)
    }

    @Test("says how to install ffmpeg when it is missing")
    func missing() throws {
        let empty = scratch.path
        #expect(FFmpeg.locate(environment: ["PATH": empty]) == nil)
        let error = #expect(throws: OutputError.self) { try FFmpeg.require(environment: ["PATH": empty]) }
        #expect(
            error?.description
                == "ffmpeg not found on PATH: install it (apt-get install ffmpeg) or set PIPELINE_FFMPEG; PNG frames are written without it"
        )
    }

    @Test("only png can be written without ffmpeg")
    func formats() {
        #expect(OutputFormat.allCases.filter(\.needsFFmpeg) == [.mp4, .webm, .mov, .gif, .webp, .apng, .y4m])
    }

    /// An executable shell script standing in for ffmpeg. A child process writes it, never a
    /// descriptor of this one: tests start children all the time, and one that inherited a
    /// descriptor open for writing on the script would make running it fail with "text file busy"
    /// (ETXTBSY) until it closes it.
    static func script(in folder: String, named name: String, body: String = "exit 0") throws -> String {
        let path = "\(folder)/\(name)"
        let writer = Process()
        let input = Pipe()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", #"cat > "$0" && chmod 755 "$0""#, path]
        writer.standardInput = input
        try writer.run()
        try input.fileHandleForWriting.write(contentsOf: Data("#!/bin/sh\n\(body)\n".utf8))
        try input.fileHandleForWriting.close()
        writer.waitUntilExit()
        guard writer.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        return path
    }
}
