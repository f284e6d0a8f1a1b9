import ChildProcess
import Foundation

/// ffmpeg's standard error, collected in a file in a private temporary folder: a file never fills
/// up and stalls ffmpeg the way an unread pipe would. Its tail explains a failure.
final class FFmpegLog {
    let handle: FileHandle
    private let folder: String
    private let path: String

    init(for output: String) throws(OutputError) {
        let temporary = FileManager.default.temporaryDirectory
        folder = temporary.appendingPathComponent("pipeline-ffmpeg-\(UUID().uuidString)").path
        path = folder + "/ffmpeg.log"
        guard mkdir(folder, 0o700) == 0 else {
            throw OutputError.system("create a log folder for", output, errno: errno)
        }
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else {
            rmdir(folder)
            throw OutputError("cannot create a log file in \(folder) for \(output)")
        }
        self.handle = handle
    }

    /// The last few non-empty lines, or a note that ffmpeg said nothing.
    func tail(lines: Int = 6) -> String {
        guard let reader = FileHandle(forReadingAtPath: path) else { return "no log output" }
        defer { try? reader.close() }
        let end = (try? reader.seekToEnd()) ?? 0
        try? reader.seek(toOffset: end > 4096 ? end - 4096 : 0)
        let text = String(decoding: (try? reader.readToEnd()) ?? Data(), as: UTF8.self)
        let last = text.split(whereSeparator: \.isNewline).suffix(lines)
        return last.isEmpty ? "no log output" : last.joined(separator: "\n  ")
    }

    func remove() {
        try? handle.close()
        try? FileManager.default.removeItem(atPath: folder)
    }
}

/// Runs `program` with `arguments` to its end, its messages into `log`; its exit status, or 128
/// plus the signal that killed it (as a shell reports it).
func runFFmpeg(
    _ program: String, _ arguments: [String], log: FFmpegLog
) throws(ChildStartFailure) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = log.handle
    let exit = ExitWatch(process)
    try process.start()
    exit.wait()
    return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
}
