import ChildProcess
import Foundation

/// One child process of a check, watched from the parent: it follows the child's messages,
/// knows which operations are under way, and kills the child when one of them runs past the
/// time limit.
final class CheckChildProcess {
    /// How a child that did not finish ended.
    enum End: Sendable {
        case crashed(signal: Int32)
        case exited(status: Int32)
        case hung(Duration)
        case couldNotStart(String)
    }

    enum Outcome {
        /// The child ran every pass and reported.
        case finished(CheckPlan, CheckChildResult)
        /// The file cannot be checked: not a plugin, another ABI, a failing `init`.
        case unusable(String)
        /// The child ended early, with the operations under way then (and their pass).
        case ended(End, plan: CheckPlan?, underWay: [(pass: Int, operation: CheckOperation)])
    }

    /// Grace for the child's own start (a busy machine, a debug build), not the plugin's fault.
    static let startup = Duration.seconds(60)

    private let process = Process()
    /// Set up before the process starts: see `ExitWatch`.
    private let exit: ExitWatch
    private let limit: Duration
    private var messages = CheckMessages()

    init(command: [String], file: String, skipping: Set<CheckOperation>, settings: CheckSettings) {
        limit = settings.timeLimit
        process.executableURL = URL(fileURLWithPath: command[0])
        let skipped = skipping.sorted().map(\.code).joined(separator: ",")
        process.arguments =
            Array(command.dropFirst()) + [
                file, "--budget-ms", "\(Int64(settings.budget / .milliseconds(1)))", "--timeout",
                "\(settings.timeLimit / .seconds(1))", "--threads", "\(settings.threads)",
            ] + (skipped.isEmpty ? [] : ["--skip", skipped])
        // Swift's crash backtracer would spend seconds on a plugin's crash and print pages.
        process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        process.standardInput = FileHandle.nullDevice
        exit = ExitWatch(process)
    }

    /// Runs the child to its end; `onPass` hears each pass start.
    func run(onPass: @escaping (Int) -> Void) -> Outcome {
        let output = Pipe()
        process.standardOutput = output
        do throws(ChildStartFailure) { try process.start() } catch {
            return .ended(.couldNotStart(error.reason), plan: nil, underWay: [])
        }
        let descriptor = output.fileHandleForReading.fileDescriptor
        messages.onPass = onPass
        let started = ContinuousClock.now
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let now = ContinuousClock.now
            let deadline = messages.deadline(started: started, limit: limit)
            if now >= deadline {
                kill(process.processIdentifier, SIGKILL)
                exit.wait()
                return .ended(.hung(limit), plan: messages.plan, underWay: messages.overdue(at: now, limit: limit))
            }
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let wait = min(deadline - now, .milliseconds(100))
            let milliseconds = Int64(wait / .milliseconds(1)) + 1
            guard poll(&request, 1, Int32(clamping: milliseconds)) > 0 else { continue }
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            messages.receive(buffer[..<count])
        }
        exit.wait()
        if let reason = messages.unusable { return .unusable(reason) }
        if let plan = messages.plan, let result = messages.result { return .finished(plan, result) }
        let end: End =
            process.terminationReason == .uncaughtSignal
            ? .crashed(signal: process.terminationStatus) : .exited(status: process.terminationStatus)
        return .ended(end, plan: messages.plan, underWay: messages.underWay)
    }
}

/// The child's messages as they arrive (see `CheckChannel`), and what they say so far.
private struct CheckMessages {
    private(set) var plan: CheckPlan?
    private(set) var result: CheckChildResult?
    private(set) var unusable: String?
    var onPass: (Int) -> Void = { _ in }
    /// When the plugin's loading began (its `init` counts against the limit).
    private var loading: ContinuousClock.Instant?
    private var lastMessage = ContinuousClock.now
    private var started: [CheckOperation: (pass: Int, at: ContinuousClock.Instant)] = [:]
    private var pending: [UInt8] = []

    /// The operations under way, in plan order.
    var underWay: [(pass: Int, operation: CheckOperation)] {
        started.sorted { $0.key < $1.key }.map { ($0.value.pass, $0.key) }
    }

    /// Those under way for longer than `limit`: the ones that hang (all of them if none has yet).
    func overdue(at now: ContinuousClock.Instant, limit: Duration) -> [(pass: Int, operation: CheckOperation)] {
        let overdue = underWay.filter { now - started[$0.operation]!.at >= limit }
        return overdue.isEmpty ? underWay : overdue
    }

    /// When the child has taken too long: the oldest operation's limit, or loading's, or (between
    /// operations, the host's own work) a long grace.
    func deadline(started: ContinuousClock.Instant, limit: Duration) -> ContinuousClock.Instant {
        if let oldest = self.started.values.map(\.at).min() { return oldest + limit }
        if plan == nil, let loading { return loading + limit }
        return (plan == nil ? started : lastMessage) + CheckChildProcess.startup
    }

    mutating func receive(_ bytes: ArraySlice<UInt8>) {
        pending += bytes
        while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: pending[..<end], as: UTF8.self)
            pending.removeSubrange(...end)
            handle(line)
        }
    }

    private mutating func handle(_ line: String) {
        let now = ContinuousClock.now
        lastMessage = now
        let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
        let rest = parts.count > 1 ? parts[1] : ""
        switch parts.first {
        case "loading": loading = now
        case "unusable": unusable = rest
        case "plan": plan = Self.decode(CheckPlan.self, rest)
        case "result": result = Self.decode(CheckChildResult.self, rest)
        case "pass": Int(rest).map(onPass)
        case "begin", "end":
            let fields = rest.split(separator: " ")
            guard fields.count == 2, let pass = Int(fields[0]), let operation = CheckOperation(code: fields[1]) else {
                return
            }
            started[operation] = parts[0] == "begin" ? (pass, now) : nil
        default: break
        }
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ text: String) -> T? {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try? decoder.decode(type, from: Data(text.utf8))
    }
}
