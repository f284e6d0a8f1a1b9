import Foundation
import Testing

/// Runs external tools (ffmpeg, ffprobe) that read back what the writers produced.
enum Tools {
    static let ffmpeg = search("ffmpeg")
    static let ffprobe = search("ffprobe")
    static let available = ffmpeg != nil && ffprobe != nil
    static let missing: Comment = "ffmpeg and ffprobe are not installed; apt-get install ffmpeg to run this test"

    private static func search(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a tool and returns its exit status and standard output.
    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: Data) {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }

    /// Decodes the first frame of an image or video into straight RGBA bytes.
    static func decodeRGBA(_ path: String) throws -> Data {
        try run(ffmpeg!, ["-v", "error", "-i", path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
            .output
    }

    /// `key=value` lines of ffprobe's description of the first video stream.
    static func probe(_ path: String) throws -> [String: String] {
        let text = try run(
            ffprobe!,
            [
                "-v", "error", "-count_frames", "-select_streams", "v:0",
                "-show_entries", "stream=nb_read_frames,width,height,codec_name,pix_fmt",
                "-of", "default=noprint_wrappers=1", path,
            ]
        ).output
        let pairs = String(decoding: text, as: UTF8.self).split(separator: "\n").map {
            $0.split(separator: "=", maxSplits: 1)
        }
        return Dictionary(pairs.filter { $0.count == 2 }.map { (String($0[0]), String($0[1])) }) { first, _ in first }
    }

    static func files(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }
}
