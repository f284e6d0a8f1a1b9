import ChildProcess
import Foundation

/// The child's messages to the parent, one line each, on what was standard output: descriptor
/// 1 is pointed at standard error first, so what a plugin prints cannot mix into the messages.
///
///     loading                  before the plugin is opened (the time limit starts)
///     unusable REASON          the file cannot be checked
///     plan JSON                the `CheckPlan`
///     pass N                   pass N starts
///     begin N CODE, end N CODE an operation (`CheckOperation.code`) of pass N starts, returns
///     result JSON              the `CheckChildResult`; the child then exits
final class CheckChannel: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()

    /// Takes standard output for the messages.
    init() {
        descriptor = dup(STDOUT_FILENO)
        dup2(STDERR_FILENO, STDOUT_FILENO)
    }

    /// Sends one line (newlines inside become spaces). A parent that has gone ends the child.
    func send(_ line: String) {
        let bytes = Array((line.replacingOccurrences(of: "\n", with: " ") + "\n").utf8)
        lock.withLock {
            guard PipeIO.writeAll(bytes, to: descriptor) else { exit(3) }
        }
    }

    func send(_ word: String, json value: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        // Encoding the check's own plain types cannot fail.
        send(word + " " + String(decoding: try! encoder.encode(value), as: UTF8.self))
    }
}

/// What the child sends last: every finding, and how many operations it ran.
struct CheckChildResult: Codable {
    let findings: [CheckFinding]
    let operations: Int
}
