import Foundation
import Testing

@testable import Footage

/// A fresh folder of clips made by the ffmpeg CLI, removed with the suite instance, and
/// ffmpeg's own decode of them to compare with.
final class TestClips {
    static let ffmpeg = search("ffmpeg")
    static let ffprobe = search("ffprobe")
    static let available = ffmpeg != nil && ffprobe != nil
    static let missing: Comment = "ffmpeg and ffprobe are not installed; apt-get install ffmpeg to run this test"

    let folder: String

    init() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("footage-tests-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func path(_ name: String) -> String { "\(folder)/\(name)" }

    /// Runs ffmpeg with `arguments`, writing `name` in the folder; returns its path.
    @discardableResult
    func make(_ name: String, _ arguments: [String]) throws -> String {
        try Self.run(Self.ffmpeg!, ["-v", "error", "-y"] + arguments + [path(name)])
        return path(name)
    }

    /// 320×240 at 30 fps for 2 s, H.264 with B-frames and a keyframe every 15 frames.
    func standardClip(_ name: String = "a.mp4", seconds: Int = 2) throws -> String {
        try make(
            name,
            [
                "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-t", "\(seconds)", "-c:v", "libx264", "-g", "15",
                "-pix_fmt", "yuv420p",
            ])
    }

    /// ffmpeg's decode of frame `index` (in decoding's output order) as BGRA, after `filters`,
    /// turned upright unless `autorotate` is false.
    func reference(_ path: String, index: Int, filters: String? = nil, autorotate: Bool = true) throws -> Data {
        let chain = ["select=eq(n\\,\(index))"] + (filters.map { [$0] } ?? [])
        return try Self.run(
            Self.ffmpeg!,
            ["-v", "error"] + (autorotate ? [] : ["-noautorotate"]) + [
                "-i", path, "-vf", chain.joined(separator: ","), "-frames:v", "1", "-f", "rawvideo",
                "-pix_fmt", "bgra", "-",
            ])
    }

    /// ffprobe's presentation time of every frame, in seconds from the first.
    func frameTimes(_ path: String) throws -> [Double] {
        let text = try Self.run(
            Self.ffprobe!,
            [
                "-v", "error", "-select_streams", "v:0", "-show_entries", "frame=best_effort_timestamp_time",
                "-of", "csv=p=0", path,
            ])
        // A frame with side data has more fields after its time.
        let lines = String(decoding: text, as: UTF8.self).split(separator: "\n")
        let times = lines.compactMap { $0.split(separator: ",").first.flatMap { Double($0) } }
        return times.map { $0 - times[0] }
    }

    /// ffprobe's `key=value` lines for the first video stream, its side data included.
    func probe(_ path: String) throws -> String {
        String(
            decoding: try Self.run(
                Self.ffprobe!, ["-v", "error", "-select_streams", "v:0", "-show_streams", "-of", "flat", path]),
            as: UTF8.self)
    }

    /// The largest difference of any byte between a frame and raw BGRA bytes of the same size.
    static func largestDifference(_ frame: FootageFrame, _ expected: Data) -> Int {
        guard expected.count == frame.width * frame.height * 4 else { return Int.max }
        var largest = 0
        expected.withUnsafeBytes { reference in
            for y in 0..<frame.height {
                let row = frame.pixels + y * frame.stride
                for x in 0..<frame.width * 4 {
                    let difference = abs(
                        Int(row.load(fromByteOffset: x, as: UInt8.self)) - Int(reference[y * frame.width * 4 + x]))
                    largest = max(largest, difference)
                }
            }
        }
        return largest
    }

    /// A frame's bytes, row by row without padding.
    static func bytes(_ frame: FootageFrame) -> Data {
        var data = Data(capacity: frame.width * frame.height * 4)
        for y in 0..<frame.height {
            data.append(Data(bytes: frame.pixels + y * frame.stride, count: frame.width * 4))
        }
        return data
    }

    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        let output = Pipe()
        let errors = Pipe()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ToolFailure(description: "\(executable) \(arguments): " + String(decoding: message, as: UTF8.self))
        }
        return data
    }

    private static func search(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

struct ToolFailure: Error, CustomStringConvertible {
    let description: String
}
