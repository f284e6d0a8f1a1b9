import ChildProcess
import Foundation
import PluginDescriptions

/// Scans plugin files in a child process, so that a plugin whose `init` crashes, hangs or calls
/// `exit` takes down the child and not the host. The child is the host itself, run with a
/// hidden subcommand that opens one file and prints `report(file:shownAs:)` on standard output.
public struct PluginScanner: Sendable {
    public static let timeoutVariable = "PIPELINE_SCAN_TIMEOUT"
    static let sandboxRefusal = "could not be scanned in the plugin sandbox"

    /// The child's command line; the resolved file and `--shown-as PATH` are appended.
    let command: [String]
    let timeout: Duration
    /// The scan cache's folder, or nil when no cache folder can be found (every file is then
    /// scanned).
    let cacheDirectory: String?

    public init(command: [String], environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.command = command
        timeout = Self.timeLimit(environment)
        cacheDirectory = PluginScanCache.directory(environment: environment)
    }

    /// How long one file's scan may take: `PIPELINE_SCAN_TIMEOUT` seconds, default 5.
    static func timeLimit(_ environment: [String: String]) -> Duration {
        let seconds = environment[Self.timeoutVariable].flatMap(Double.init).flatMap {
            $0 > 0 && $0.isFinite ? $0 : nil
        }
        return .seconds(seconds ?? 5)
    }

    /// Deletes the scan cache, so the next scan opens every plugin file again.
    public func forgetCache() {
        guard let cacheDirectory else { return }
        try? FileManager.default.removeItem(atPath: cacheDirectory)
        PluginScanCache.forgetFormerFile(besides: cacheDirectory)
    }

    /// The child's side: enters the plugin sandbox (`PluginSandbox`: where the kernel has no
    /// Landlock, its system-call filter only), opens `resolved` in this process and describes
    /// what it registered, or why it cannot be used, as the JSON `scan` reads. A plugin is never
    /// opened outside the sandbox: one that cannot be entered skips the plugin. A newline goes
    /// out first, before the plugin is opened: it starts the parent's time limit (JSON allows
    /// leading white space).
    public static func report(file resolved: String, shownAs path: String) throws -> Data {
        do throws(PluginSandbox.Failure) { try PluginSandbox.enter(plugins: [resolved], requireFiles: false) } catch {
            return try ScanJSON.encode(
                ScanResult.skipped(reason: "\(sandboxRefusal): \(error)"))
        }
        FileHandle.standardOutput.write(Data("\n".utf8))
        // The child inherits the parent's environment, so it knows the parent's limit.
        ChildTimeLimit.arm(behind: timeLimit(ProcessInfo.processInfo.environment))
        let result: ScanResult =
            switch PluginLoader.load(path: resolved, shownAs: path) {
            case .success(let loaded): .registered(loaded.registrations)
            case .failure(let error): .skipped(reason: error.description)
            }
        return try ScanJSON.encode(result)
    }

    /// What a scan found, and whether it is the file's alone: a time limit passed, a signal, a
    /// child that could not start or exited without a report depend on the machine, its load and
    /// the limits in force, so the cache must not keep them (raising PIPELINE_SCAN_TIMEOUT after a
    /// timeout scans the file again).
    struct Outcome {
        let result: ScanResult
        let isLasting: Bool
    }

    /// Runs the child on one file and turns how it ended into a result.
    func scan(_ resolved: String, shownAs path: String) -> Outcome {
        // No executable to run (a library whose `pipeline` was not found): opened here.
        guard !command.isEmpty else {
            return switch PluginLoader.load(path: resolved, shownAs: path) {
            case .success(let loaded): Outcome(result: .registered(loaded.registrations), isLasting: true)
            case .failure(let error): Outcome(result: .skipped(reason: error.description), isLasting: true)
            }
        }
        func passing(_ reason: String) -> Outcome { Outcome(result: .skipped(reason: reason), isLasting: false) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst()) + [resolved, "--shown-as", path]
        // Swift's crash backtracer would spend seconds on a plugin's crash and print pages.
        process.environment = PluginSandbox.childEnvironment(ProcessInfo.processInfo.environment)
            .merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        let output = Pipe()
        (process.standardOutput, process.standardInput) = (output, FileHandle.nullDevice)
        let exit = ExitWatch(process)
        do throws(ChildStartFailure) { try process.start() } catch {
            return passing("could not start the scan with \(command[0]): \(error.reason)")
        }
        let report = ChildOutput.read(output.fileHandleForReading.fileDescriptor, limit: timeout)
        if report == nil { kill(process.processIdentifier, SIGKILL) }
        exit.wait()
        let status = process.terminationStatus
        if process.terminationReason == .uncaughtSignal && report != nil {
            return passing("crashed with \(Self.signalName(status)) during scan")
        }
        guard let report else { return passing("did not finish scanning within \(Self.seconds(timeout)) s") }
        guard status == 0 else { return passing("exited with status \(status) during scan") }
        guard let result = try? ScanJSON.read([UInt8](report), ScanResult.init(reading:)) else {
            return passing("exited during scan without reporting what it registers")
        }
        // The sandbox refusing to start is the machine's, not the file's.
        if case .skipped(let reason) = result, reason.hasPrefix(Self.sandboxRefusal) { return passing(reason) }
        return Outcome(result: result, isLasting: true)
    }

    /// "SIGSEGV" for SIGSEGV: how messages name the signal that ended a child.
    public static func signalName(_ signal: Int32) -> String {
        let names = [
            SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGABRT: "SIGABRT", SIGILL: "SIGILL", SIGFPE: "SIGFPE",
            SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGTRAP: "SIGTRAP", SIGSYS: "SIGSYS", SIGPIPE: "SIGPIPE",
        ]
        return names[signal] ?? "signal \(signal)"
    }

    /// A limit as messages show it: "5", "0.5".
    public static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return value.rounded() == value ? String(Int(value)) : String(value)
    }
}

/// Reading the child's standard output against a clock.
private enum ChildOutput {
    /// Grace for the child's own start (a busy machine, a debug build), which is not the plugin's fault.
    static let startup = Duration.seconds(60)

    /// Everything the child writes until it closes its output, or nil if the time limit passed
    /// first. The limit counts from the child's first byte.
    static func read(_ descriptor: Int32, limit: Duration) -> Data? {
        var data = Data()
        var deadline = ContinuousClock.now + startup + limit
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let left = deadline - .now
            guard left > .zero else { return nil }
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1
            guard poll(&request, 1, Int32(clamping: milliseconds)) > 0 else { continue }
            let count = Glibc.read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return data }
            if data.isEmpty { deadline = .now + limit }
            data.append(contentsOf: buffer[..<count])
        }
    }
}
