import Foundation

/// Writes an MP4 or GIF by running ffmpeg and feeding it raw frames on its standard input.
///
/// ffmpeg writes to a hidden temporary beside `path`, which `finish()` renames into place once
/// ffmpeg has exited successfully; a failure anywhere reports the tail of ffmpeg's log.
public final class FFmpegEncoder: FrameSink {
    private let path: String
    private let command: FFmpegCommand
    private let staged: StagedFile
    private let log: FFmpegLog
    private let process = Process()
    private let input: FileHandle
    private let buffer = StraightPixelBuffer()

    /// A dying ffmpeg must surface as a failed write carrying its log, not kill this process.
    private static let ignoreBrokenPipes: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()

    public init(format: OutputFormat, path: String, width: Int, height: Int, fps: Double,
                ffmpegPath: String) throws(OutputError) {
        guard format.needsFFmpeg else {
            throw OutputError("\(path): \(format.rawValue) is written by PNGSequenceWriter, not ffmpeg; use mp4 or gif here")
        }
        guard width > 0, height > 0 else {
            throw OutputError("\(path): size \(width)×\(height) is invalid; width and height must be positive")
        }
        guard fps.isFinite, fps > 0 else {
            throw OutputError("\(path): frame rate \(fps) is invalid; it must be a positive number")
        }
        Self.ignoreBrokenPipes
        try createDirectories((path as NSString).deletingLastPathComponent)
        self.path = path
        staged = StagedFile(path: path)
        command = FFmpegCommand(format: format, width: width, height: height, fps: fps, output: staged.temporaryPath)
        log = try FFmpegLog(for: path)
        input = try Self.start(process, ffmpegPath: ffmpegPath, command: command, log: log, for: path)
    }

    private static func start(_ process: Process, ffmpegPath: String, command: FFmpegCommand,
                              log: FFmpegLog, for path: String) throws(OutputError) -> FileHandle {
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: ffmpegPath)
        process.arguments = command.arguments
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardError = log.handle
        do {
            try process.run()
        } catch {
            log.remove()
            throw OutputError("cannot start ffmpeg (\(ffmpegPath)) to write \(path): \(error.localizedDescription)")
        }
        return pipe.fileHandleForWriting
    }

    public func write(_ frame: FrameView, index: Int) throws(OutputError) {
        try OutputError.validate(frame, index: index)
        guard frame.width == command.width, frame.height == command.height else {
            throw OutputError("frame \(index) is \(frame.width)×\(frame.height), "
                              + "but \(path) was opened for \(command.width)×\(command.height)")
        }
        let pixels = command.format == .mp4 ? buffer.packed(frame) : buffer.fill(from: frame, channels: 4)
        let bytes = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: pixels),
                         count: frame.packedRowBytes * frame.height, deallocator: .none)
        do {
            try input.write(contentsOf: bytes)
        } catch {
            throw failure()
        }
    }

    public func finish() throws(OutputError) {
        try? input.close()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else { throw failure() }
        log.remove()
        try staged.commit()
    }

    public func abandon() {
        try? input.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        staged.discard()
        log.remove()
    }

    /// Stops ffmpeg, cleans up, and explains the failure with ffmpeg's own last words.
    private func failure() -> OutputError {
        try? input.close()
        process.waitUntilExit()
        let status = process.terminationReason == .exit
            ? "exit \(process.terminationStatus)" : "killed by signal \(process.terminationStatus)"
        let message = OutputError("ffmpeg failed writing \(path) (\(status)): \(log.tail())")
        staged.discard()
        log.remove()
        return message
    }
}
