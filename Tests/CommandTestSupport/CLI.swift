import Foundation

/// Runs the built `pipeline` executable as a user would, capturing what it prints.
///
/// The executable is the one beside this test bundle (`swift build` puts both in the same bin
/// folder; `make test` also puts the in-repo plugins in `pipeline-plugins/` there), or the one in
/// the folder PIPELINE_TEST_BIN names: scripts/test-release runs the suites a sanitizer would
/// distort against the release build that way.
public enum CLI {
    public struct Result {
        public let status: Int32
        public let stdoutData: Data
        public var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
        public let stderr: String
        /// True when the process ended by a signal (a crash), not by exiting.
        public let crashed: Bool
    }

    public static let binDirectory: URL = {
        if let folder = ProcessInfo.processInfo.environment["PIPELINE_TEST_BIN"], !folder.isEmpty {
            return URL(fileURLWithPath: folder, isDirectory: true).resolvingSymlinksInPath()
        }
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = bundle.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("pipeline").path),
            directory.path != "/"
        {
            directory = directory.deletingLastPathComponent()
        }
        return directory
    }()

    public static var executable: String { binDirectory.appendingPathComponent("pipeline").path }

    /// Whether the tests run under a sanitizer (scripts/sanitize sets ASAN_OPTIONS or TSAN_OPTIONS).
    public static let isSanitized: Bool = {
        let environment = ProcessInfo.processInfo.environment
        return environment["ASAN_OPTIONS"] != nil || environment["TSAN_OPTIONS"] != nil
    }()

    /// How much longer a wall-clock limit in a test may be: a sanitized build runs several times
    /// slower, more so on a loaded machine.
    public static let timeAllowance: Double = isSanitized ? 4 : 1
    public static var builtinPlugins: String { binDirectory.appendingPathComponent("pipeline-plugins").path }
    /// The environment that shows a command Debian's frei0r plugins (frei0r-plugins): `runProgram`
    /// empties FREI0R_PATH otherwise.
    public static let frei0r = ["FREI0R_PATH": "/usr/lib/frei0r-1"]
    /// A `check-plugin --budget-ms` no call of a test's plugin reaches however busy the machine:
    /// the tests that are not about the budget pass it, since a call over the default budget (50
    /// ms) in every pass is a problem reported, and a sanitized build on a loaded machine can take
    /// that long.
    public static let unhurriedBudget = "3600000"

    /// The cache folder the suites share (PIPELINE_CACHE_DIR of the test process, which the
    /// scripts running the suites set to a folder they empty first; else one in the temporary
    /// folder). The scan cache keeps a file for each folder of plugin files, so a test whose
    /// plugins are in a folder of its own sees its own scans there, while the built-in plugins,
    /// the same for every test, are scanned once instead of once a test. Tests of the cache itself
    /// give their commands a cache folder of their own.
    public static let sharedCache: String = {
        if let folder = ProcessInfo.processInfo.environment["PIPELINE_CACHE_DIR"], !folder.isEmpty { return folder }
        return FileManager.default.temporaryDirectory.appendingPathComponent("pipeline-tests-cache").path
    }()
    public static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
    public static var header: String { repositoryRoot.appendingPathComponent("Sources/CAnimatorABI/include").path }

    /// Runs `pipeline arguments…` in `directory` with `environment` added to this process's, and
    /// `input` on its standard input (which is otherwise empty).
    @discardableResult
    public static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
        input: Data? = nil
    ) throws -> Result {
        try runProgram(executable, arguments, in: directory, environment: environment, input: input)
    }

    public static func runProgram(
        _ program: String, _ arguments: [String], in directory: URL? = nil,
        environment: [String: String] = [:], input: Data? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "PIPELINE_PLUGIN_PATH")
        // Set in this process by the suites that load GLSL transitions in it (a value in the
        // environment wins over pipeline's cache folder): each run keeps its shaders in its own.
        env.removeValue(forKey: "MESA_SHADER_CACHE_DIR")
        // frei0r's folders hold about 130 plugins, scanned by every listing with a fresh cache:
        // tests that use them say so with FREI0R_PATH.
        env["FREI0R_PATH"] = ""
        process.environment = env.merging(environment) { $1 }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("stdout")
        let err = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        if let input {
            // A file rather than a pipe: a child that exits before reading cannot make this
            // process's write raise SIGPIPE.
            let file = scratch.appendingPathComponent("stdin")
            try input.write(to: file)
            process.standardInput = try FileHandle(forReadingFrom: file)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdoutData: try Data(contentsOf: out),
            stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self),
            crashed: process.terminationReason == .uncaughtSignal)
    }

    /// Writes `text` as an executable file at `path` (a script standing in for ffmpeg). A child
    /// process writes it, never a descriptor of this one: tests start children all the time, and
    /// one that inherited a descriptor open for writing on the file would make running the script
    /// fail with "text file busy" (ETXTBSY) until it closes it.
    public static func writeExecutable(_ text: String, to path: String) throws {
        let written = try runProgram(
            "/bin/sh", ["-c", #"cat > "$0" && chmod 755 "$0""#, path], input: Data(text.utf8))
        guard written.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
    }

    /// A fresh temporary folder (mode 0700); the caller removes it.
    public static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pipeline-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return url
    }
}
