import ChildProcess
import Foundation
import PluginRegistry

/// One child process that runs plugin code for the host (`--isolate`), and the two pipes to
/// it. The child is this executable with a hidden subcommand (see `PluginChildServer`). Every
/// call waits for the reply against the call limit; a child that dies, hangs or exits fails
/// the call with a `ChildFailure`, and every later call with the same one. Used by one thread
/// at a time.
public final class PluginChild: @unchecked Sendable {
    /// Grace for the child's own start (a busy machine, a debug build), not the plugin's fault.
    static let startup = Duration.seconds(60)

    private let process = Process()
    /// Set up before the process starts: see `ExitWatch`.
    private let exit: ExitWatch
    /// The pipes' objects own the descriptors: kept as long as this object.
    private let pipes: (requests: Pipe, replies: Pipe)
    private let requests: Int32
    private let replies: Int32
    private let limit: Duration
    public private(set) var failure: ChildFailure?
    /// The child's process ID (its shared memory is mapped through its `/proc` entry).
    var processIdentifier: pid_t { process.processIdentifier }
    /// The shared memory mixer images travel in, once a mixer needed it.
    var shared: SharedMemory?

    /// Starts `command` (the executable and its hidden subcommand) and waits for it to say it
    /// is ready, so the call limit never counts the child's own start.
    public init(command: [String], limit: Duration, sandboxed: Bool = false) throws(ChildFailure) {
        self.limit = limit
        // A write to a child that died must fail with EPIPE, not end the host.
        _ = signal(SIGPIPE, SIG_IGN)
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        // Swift's crash backtracer would spend seconds on a plugin's crash and print pages.
        let environment = ProcessInfo.processInfo.environment
        process.environment = (sandboxed ? PluginSandbox.childEnvironment(environment) : environment)
            .merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        let input = Pipe()
        let output = Pipe()
        (process.standardInput, process.standardOutput) = (input, output)
        exit = ExitWatch(process)
        do throws(ChildStartFailure) { try process.start() } catch {
            throw .unusable("could not start \(command[0]): \(error.reason)")
        }
        pipes = (input, output)
        requests = input.fileHandleForWriting.fileDescriptor
        replies = output.fileHandleForReading.fileDescriptor
        do {
            _ = try receive(until: .now + Self.startup)
        } catch {
            failure = error
            throw error
        }
    }

    deinit { stop() }

    /// Sends `message` and returns the reply after its status byte: nil when the plugin
    /// succeeded, or the plugin's own error message, with the rest of the reply to read.
    func call(_ message: WireWriter) throws(ChildFailure) -> (error: String?, rest: WireReader) {
        if let failure { throw failure }
        do {
            try send(message.framed)
            var reply = try receive(until: .now + limit)
            let status = try reply.get(UInt8.self)
            guard status == Reply.done.rawValue else { return (try reply.string() ?? "no reason given", reply) }
            return (nil, reply)
        } catch let error as ChildFailure {
            failure = error
            throw error
        } catch {
            failure = .unusable("it answered something this host cannot read")
            stop()
            throw failure!
        }
    }

    /// Asks the child to destroy its instances and exit, and waits a call limit for it.
    public func stop() {
        guard process.isRunning else { return }
        var quit = WireWriter()
        quit.put(Request.quit.rawValue)
        if failure == nil, (try? send(quit.framed)) != nil, (try? receive(until: .now + limit)) != nil {
            exit.wait()
            return
        }
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        exit.wait()
    }

    private func send(_ bytes: [UInt8]) throws(ChildFailure) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { write(requests, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw ended() }
            sent += count
        }
    }

    /// One framed reply, or how the child failed before it came.
    private func receive(until deadline: ContinuousClock.Instant) throws(ChildFailure) -> WireReader {
        var header = [UInt8](repeating: 0, count: 4)
        try read(into: &header, until: deadline)
        let length = header.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) }
        var body = [UInt8](repeating: 0, count: Int(length))
        try read(into: &body, until: deadline)
        return WireReader(body)
    }

    private func read(into buffer: inout [UInt8], until deadline: ContinuousClock.Instant) throws(ChildFailure) {
        var filled = 0
        while filled < buffer.count {
            let left = deadline - .now
            guard left > .zero else {
                kill(process.processIdentifier, SIGKILL)
                exit.wait()
                throw .timedOut(limit)
            }
            var request = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1
            guard poll(&request, 1, Int32(clamping: milliseconds)) > 0 else { continue }
            let count = buffer[filled...].withUnsafeMutableBytes { Glibc.read(replies, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw ended() }
            filled += count
        }
    }

    /// The child closed its end: wait for it and say how it ended.
    private func ended() -> ChildFailure {
        exit.wait()
        if process.terminationReason == .uncaughtSignal { return .crashed(signal: process.terminationStatus) }
        return .exited(status: process.terminationStatus)
    }
}
