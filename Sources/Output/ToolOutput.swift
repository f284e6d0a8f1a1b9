import ChildProcess
import Foundation

/// Runs a helper program (ffmpeg -encoders, ffprobe) and returns its standard output. Its
/// messages are dropped: callers judge the output, and an unread second pipe could stall it.
func toolOutput(_ program: String, _ arguments: [String]) throws(OutputError) -> Data {
    let process = Process()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    let exit = ExitWatch(process)
    do throws(ChildStartFailure) {
        try process.start()
    } catch {
        throw OutputError("cannot run \(program) \(arguments.joined(separator: " ")): \(error.reason)")
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    exit.wait()
    return data
}
