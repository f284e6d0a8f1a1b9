import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `pipeline preview` process under test: started on a free port, its URL read from the
/// first line it prints, stopped with SIGINT (as Ctrl-C) and killed if it does not stop.
public final class PreviewServerProcess {
    public struct Failure: Error, CustomStringConvertible { public let description: String }

    public let url: URL
    private let process: Process
    private let stderrFile: URL

    /// Starts `pipeline preview arguments…` with `extra` variables in its environment and waits
    /// (at most `timeout` seconds) for its URL.
    public init(_ arguments: [String], scratch: URL, timeout: Double = 60, environment extra: [String: String] = [:])
        throws
    {
        process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.executable)
        process.arguments = ["preview"] + arguments + ["--port", "0"]
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "PIPELINE_PLUGIN_PATH")
        process.environment = environment.merging(extra) { $1 }
        let stdout = Pipe()
        stderrFile = scratch.appendingPathComponent("preview-stderr.txt")
        _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        process.standardOutput = stdout
        process.standardError = try FileHandle(forWritingTo: stderrFile)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let line = Self.firstLine(of: stdout.fileHandleForReading, timeout: timeout)
        guard let line, line.hasPrefix("preview: "), let url = URL(string: String(line.dropFirst("preview: ".count)))
        else {
            process.interrupt()
            throw Failure(
                description: "pipeline preview printed \(line.map { "\"\($0)\"" } ?? "no line") instead of its URL")
        }
        self.url = url
    }

    deinit { if process.isRunning { process.terminate() } }

    public var stderr: String { (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "" }

    /// The live processes the server started (its plugin children, say).
    public var children: [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && fields[0] != "Z" && Int32(fields[1]) == process.processIdentifier
        }
    }

    /// How many pipes the server holds open.
    public var openPipes: Int {
        let folder = "/proc/\(process.processIdentifier)/fd"
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return descriptors.filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)"))?.hasPrefix("pipe:") == true
        }.count
    }

    /// The server's resident memory (VmRSS), in whole megabytes.
    public var residentMegabytes: Int {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        return (line?.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0) / 1024
    }

    /// Sends SIGINT and waits (bounded) for the exit; returns its status, or nil after a kill.
    @discardableResult
    public func stop(timeout: Double = 10) -> Int32? {
        guard process.isRunning else { return process.terminationStatus }
        process.interrupt()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return process.terminationReason == .exit ? process.terminationStatus : nil
    }

    /// GET `path` (relative to the page): status and body.
    public func get(_ path: String) async throws -> (status: Int, body: Data) {
        let (data, response) = try await URLSession.shared.data(from: URL(string: path, relativeTo: url)!)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }

    /// The reload version and error, from /version.
    public func version() async throws -> (version: Int, error: String?) {
        let object = try JSONSerialization.jsonObject(with: try await get("version").body) as? [String: Any]
        return (object?["version"] as? Int ?? -1, object?["error"] as? String)
    }

    /// Polls /version until `accept` holds, at most `timeout` seconds; returns the last answer.
    ///
    /// The bound is generous, for a server built with AddressSanitizer sharing two cores with
    /// every other suite.
    public func waitForVersion(timeout: Double = 300, until accept: ((version: Int, error: String?)) -> Bool)
        async throws -> (
            version: Int, error: String?
        )
    {
        // Gives up only on an answer to a question asked after the deadline. Other tests hold
        // this process's few cooperative threads while they wait for their subprocesses, so an
        // answer can reach this task minutes after the server sent it: judged by when it
        // arrived, an answer from before the reload ended the wait in a CI run under
        // AddressSanitizer although the server had reloaded long before.
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let asked = Date()
            let status = try await version()
            if accept(status) || asked >= deadline { return status }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
    }

    private static func firstLine(of handle: FileHandle, timeout: Double) -> String? {
        let box = LineBox()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var bytes = Data()
            while !bytes.contains(UInt8(ascii: "\n")) {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                bytes += chunk
            }
            box.line = String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
            done.signal()
        }
        guard done.wait(timeout: .now() + timeout) == .success else { return nil }
        return box.line
    }

    private final class LineBox: @unchecked Sendable { var line: String? }
}
