import ChildProcess
import Foundation
import Testing

/// A child process that cannot start is reported with the system's reason, not Foundation's
/// "NSCocoaErrorDomain error 256".
@Suite final class ChildStartTests {
    private let scratch: ScratchFolder

    init() throws { scratch = try ScratchFolder() }

    private func reason(starting executable: String, _ arguments: [String] = []) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let failure = #expect(throws: ChildStartFailure.self) { try process.start() }
        return failure?.reason
    }

    /// Linux refuses one argument over 128 KiB (MAX_ARG_STRLEN): E2BIG.
    @Test func anArgumentOverTheLimitIsTooLong() {
        #expect(reason(starting: "/bin/true", [String(repeating: "x", count: 200_000)]) == "argument list too long")
    }

    @Test func aMissingProgramIsNoSuchFile() {
        #expect(reason(starting: scratch.path + "/ffmpeg") == "no such file or directory")
    }

    @Test func aFileWithoutExecutePermissionIsDenied() throws {
        let path = scratch.path + "/ffmpeg"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("#!/bin/sh\n".utf8)))
        #expect(reason(starting: path) == "permission denied")
    }

    @Test func aFolderIsADirectory() {
        #expect(reason(starting: scratch.path) == "is a directory")
    }

    @Test func anExecutableThatIsNoProgramHasTheWrongFormat() throws {
        let path = scratch.path + "/ffmpeg"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("not a program\n".utf8)))
        #expect(chmod(path, 0o755) == 0)
        #expect(reason(starting: path) == "exec format error")
    }

    @Test func aProgramThatStartsRuns() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.start()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
