import Foundation
import Output
import Testing

/// `ffmpeg -encoders` runs once per ffmpeg executable: its answer is kept in the cache folder
/// until the executable changes.
@Suite("Remembering ffmpeg's encoders")
final class FFmpegEncoderCacheTests {
    private let scratch: ScratchFolder
    init() throws { scratch = try ScratchFolder() }

    private var cacheFolder: String { scratch.path + "/cache" }
    private var environment: [String: String] { ["PIPELINE_CACHE_DIR": cacheFolder] }
    private var probeLog: String { scratch.path + "/probes.log" }

    /// An "ffmpeg" that notes each time it is asked and lists libx264 and gif.
    private func countingFFmpeg(named name: String = "ffmpeg") throws -> String {
        try FFmpegLocateTests.script(
            in: scratch.path, named: name,
            body: """
                echo "$*" >> '\(probeLog)'
                printf 'Encoders:\\n V..... = Video\\n ------\\n V....D libx264              libx264 H.264\\n V..... gif                  GIF\\n'
                """)
    }

    private func probes() -> Int {
        (try? String(contentsOfFile: probeLog, encoding: .utf8))?.split(separator: "\n").count ?? 0
    }

    @Test("asks once, then again only when the executable changes")
    func onceUntilChanged() throws {
        let ffmpeg = try countingFFmpeg()
        #expect(try FFmpegEncoders(ffmpegPath: ffmpeg, environment: environment).names == ["libx264", "gif"])
        #expect(try FFmpegEncoders(ffmpegPath: ffmpeg, environment: environment).names == ["libx264", "gif"])
        #expect(probes() == 1)
        #expect(try String(contentsOfFile: probeLog, encoding: .utf8) == "-hide_banner -encoders\n")
        #expect(try Tools.files(in: cacheFolder) == ["ffmpeg-encoders.json", "ffmpeg-encoders.json.lock"])

        // A symbolic link leads to the same executable.
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/link", withDestinationPath: ffmpeg)
        _ = try FFmpegEncoders(ffmpegPath: scratch.path + "/link", environment: environment)
        #expect(probes() == 1)

        let later = Date(timeIntervalSinceNow: 60)
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: ffmpeg)
        _ = try FFmpegEncoders(ffmpegPath: ffmpeg, environment: environment)
        _ = try FFmpegEncoders(ffmpegPath: ffmpeg, environment: environment)
        #expect(probes() == 2)

        // Another executable is asked for itself.
        _ = try FFmpegEncoders(ffmpegPath: try countingFFmpeg(named: "other-ffmpeg"), environment: environment)
        _ = try FFmpegEncoders(ffmpegPath: ffmpeg, environment: environment)
        #expect(probes() == 3)
    }

    /// Renders started together, each with its own ffmpeg, share the one cache file: each
    /// records its executable under the file's lock after reading what the others wrote, so
    /// none of them is asked again.
    @Test("renders asking at the same time all keep their answers")
    func concurrentRecords() throws {
        let executables = try (0..<8).map { try countingFFmpeg(named: "ffmpeg-\($0)") }
        let environment = environment
        DispatchQueue.concurrentPerform(iterations: executables.count) { index in
            _ = try? FFmpegEncoders(ffmpegPath: executables[index], environment: environment)
        }
        #expect(probes() == executables.count)
        for executable in executables {
            #expect(try FFmpegEncoders(ffmpegPath: executable, environment: environment).names == ["libx264", "gif"])
        }
        #expect(probes() == executables.count, "an ffmpeg recorded by one render was dropped by another's write")
    }

    @Test("a corrupt cache is ignored and rewritten", arguments: ["{\"layout\": ", "[1, 2]", "\u{FF}\u{FE}"])
    func corruptCache(contents: String) throws {
        let ffmpeg = try countingFFmpeg()
        try FileManager.default.createDirectory(atPath: cacheFolder, withIntermediateDirectories: true)
        try contents.write(toFile: cacheFolder + "/ffmpeg-encoders.json", atomically: false, encoding: .utf8)
        #expect(try FFmpegEncoders(ffmpegPath: ffmpeg, environment: environment).names == ["libx264", "gif"])
        #expect(try FFmpegEncoders(ffmpegPath: ffmpeg, environment: environment).names == ["libx264", "gif"])
        #expect(probes() == 1)
    }

    @Test("a cache folder that cannot be written costs a probe per run, nothing more")
    func unwritableCache() throws {
        let ffmpeg = try countingFFmpeg()
        _ = FileManager.default.createFile(atPath: cacheFolder, contents: Data("a file, not a folder".utf8))
        #expect(try FFmpegEncoders(ffmpegPath: ffmpeg, environment: environment).names == ["libx264", "gif"])
        #expect(try FFmpegEncoders(ffmpegPath: ffmpeg, environment: environment).names == ["libx264", "gif"])
        #expect(probes() == 2)
    }

    @Test("something that lists no encoders is asked again next time")
    func noEncodersNotKept() throws {
        let notFFmpeg = try FFmpegLocateTests.script(
            in: scratch.path, named: "true", body: "echo \"$*\" >> '\(probeLog)'")
        for _ in 0..<2 {
            #expect(throws: OutputError.self) {
                try FFmpegEncoders(ffmpegPath: notFFmpeg, environment: self.environment)
            }
        }
        #expect(probes() == 2)
    }

    @Test("the cache folder is PIPELINE_CACHE_DIR, else under XDG_CACHE_HOME, else under ~/.cache")
    func cacheFolderChoice() throws {
        let ffmpeg = try countingFFmpeg()
        let home = try scratch.subfolder("home")
        let xdg = try scratch.subfolder("xdg")
        _ = try FFmpegEncoders(ffmpegPath: ffmpeg, environment: ["HOME": home, "PIPELINE_CACHE_DIR": ""])
        _ = try FFmpegEncoders(ffmpegPath: ffmpeg, environment: ["HOME": home, "XDG_CACHE_HOME": xdg])
        #expect(FileManager.default.fileExists(atPath: home + "/.cache/pipeline/ffmpeg-encoders.json"))
        #expect(FileManager.default.fileExists(atPath: xdg + "/pipeline/ffmpeg-encoders.json"))
        #expect(probes() == 2)
    }
}
