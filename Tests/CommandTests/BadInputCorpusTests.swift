import CommandTestSupport
import Foundation
import Testing

/// The bad-input corpus: every folder of Tests/BadInputs/ is one broken pipeline file,
/// image or plugin, run through the CLI as a user would meet it. Each must fail with the exact
/// status it names (1 or 2), say which file, line, layer, step or plugin is at fault, and never
/// die by a signal. The format is described in Tests/BadInputs/README.md.
@Suite struct BadInputCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("BadInputs")

    /// The case folders, by name.
    static let cases: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        return names.filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: corpus.appendingPathComponent(name).path, isDirectory: &isFolder) && isFolder.boolValue
        }.sorted()
    }()

    @Test func theCorpusHoldsAtLeastFortyCases() {
        #expect(Self.cases.count >= 40, "\(Self.corpus.path) holds \(Self.cases.count) cases")
    }

    @Test(arguments: cases) func failsCleanlyNamingTheCulprit(_ name: String) throws {
        let expectation = try BadInputCase(reading: Self.corpus.appendingPathComponent(name))
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try expectation.prepare(copying: Self.corpus.appendingPathComponent(name), from: Self.corpus, into: folder)

        let result = try BadInputCase.run(
            expectation.args + ["--plugins", "plugins"], in: folder,
            environment: ["PIPELINE_CACHE_DIR": CLI.sharedCache].merging(expectation.env) { $1 },
            timeout: expectation.timeout)
        let stderr = result.stderr
        #expect(!result.timedOut, "still running after \(expectation.timeout) s; stderr so far:\n\(stderr)")
        #expect(!result.crashed, "died by signal \(result.status); stderr:\n\(stderr)")
        #expect(
            result.status == expectation.status,
            "exit status \(result.status), expected \(expectation.status); stderr:\n\(stderr)")
        for fragment in expectation.stderr.map({ $0.replacingOccurrences(of: "{dir}", with: folder.path) }) {
            #expect(stderr.contains(fragment), "missing \(fragment.debugDescription) in stderr:\n\(stderr)")
        }
        for fragment in expectation.stdout.map({ $0.replacingOccurrences(of: "{dir}", with: folder.path) }) {
            #expect(
                result.stdout.contains(fragment), "missing \(fragment.debugDescription) in stdout:\n\(result.stdout)")
        }
        for file in expectation.files {
            let url = folder.appendingPathComponent(file)
            #expect(FileManager.default.fileExists(atPath: url.path), "\(file) was not written")
            if file.hasSuffix(".png") && FileManager.default.fileExists(atPath: url.path) {
                #expect(throws: Never.self, "\(file) is not a complete PNG") { _ = try RGBAImage.read(url) }
            }
        }
        for file in expectation.absent {
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path), "\(file) exists")
        }
    }
}

/// One case folder's `case.json`, checked strictly: a misspelt or mistyped key would
/// otherwise make a case pass without checking what it claims to.
struct BadInputCase {
    let about: String
    let args: [String]
    let status: Int32
    let stderr: [String]
    /// Fragments of standard output, for commands whose report goes there (check-plugin).
    var stdout: [String] = []
    var files: [String] = []
    var absent: [String] = []
    var timeout: Double = 60
    /// Environment variables added for the run (PIPELINE_SCAN_TIMEOUT, for instance).
    var env: [String: String] = [:]
    /// Permission bits set after the plugins are built, as octal text ("666"): git keeps no
    /// modes but the executable bit.
    var modes: [String: String] = [:]
    /// Groups given by name after the plugins are built ("daemon"): a test run as root can give a
    /// file any group, and git keeps none.
    var groups: [String: String] = [:]
    /// Another case folder whose files (not its case.json) are copied first: the same broken
    /// input run another way (with --isolate, say) without a second copy of its sources.
    var inputs: String?

    struct Malformed: Error, CustomStringConvertible { let description: String }

    init(reading folder: URL) throws {
        let file = folder.appendingPathComponent("case.json")
        let fail = { (problem: String) in Malformed(description: "\(file.path): \(problem)") }
        guard let data = FileManager.default.contents(atPath: file.path) else { throw fail("missing or unreadable") }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw fail("not a JSON object")
        }
        let known: Set = [
            "about", "args", "status", "stderr", "stdout", "files", "absent", "timeout", "env", "modes", "groups",
            "inputs",
        ]
        if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
            throw fail("unknown key \"\(unknown)\"; known keys: \(known.sorted().joined(separator: ", "))")
        }
        func strings(_ key: String, required: Bool) throws -> [String] {
            guard let value = object[key] else {
                if required { throw fail("\"\(key)\" is missing") }
                return []
            }
            guard let list = value as? [String], !list.isEmpty else {
                throw fail("\"\(key)\" must be a non-empty array of strings")
            }
            return list
        }
        func table(_ key: String) throws -> [String: String] {
            guard let value = object[key] else { return [:] }
            guard let table = value as? [String: String] else { throw fail("\"\(key)\" must be an object of strings") }
            return table
        }
        guard let about = object["about"] as? String, !about.isEmpty else {
            throw fail("\"about\" must be a one-line description")
        }
        guard let status = object["status"] as? Int, status == 1 || status == 2 else {
            throw fail("\"status\" must be 1 or 2")
        }
        (self.about, self.status) = (about, Int32(status))
        args = try strings("args", required: true)
        // Every case names the culprit somewhere: on standard error, standard output, or both.
        stdout = try strings("stdout", required: false)
        stderr = try strings("stderr", required: stdout.isEmpty)
        (files, absent) = (try strings("files", required: false), try strings("absent", required: false))
        (env, modes, groups) = (try table("env"), try table("modes"), try table("groups"))
        if let modeText = modes.values.first(where: { Int($0, radix: 8) == nil }) {
            throw fail("mode \"\(modeText)\" is not octal")
        }
        if let value = object["inputs"] {
            guard let name = value as? String, !name.isEmpty, !name.contains("/"), name != folder.lastPathComponent,
                FileManager.default.fileExists(
                    atPath: folder.deletingLastPathComponent().appendingPathComponent(name).appendingPathComponent(
                        "case.json"
                    ).path)
            else { throw fail("\"inputs\" must name another case folder beside this one") }
            inputs = name
        }
        if let value = object["timeout"] {
            guard let seconds = value as? Double, seconds > 0 else {
                throw fail("\"timeout\" must be a positive number of seconds")
            }
            timeout = seconds
        }
    }

    /// Copies the files of `inputs` (a folder of `corpus`), then those of the case, into
    /// `folder`; builds each `*.c` into plugins/, then sets `modes` and `groups`.
    func prepare(copying source: URL, from corpus: URL, into folder: URL) throws {
        let manager = FileManager.default
        for origin in [inputs.map { corpus.appendingPathComponent($0) }, source].compactMap({ $0 }) {
            for name in try manager.contentsOfDirectory(atPath: origin.path) where name != "case.json" {
                let target = folder.appendingPathComponent(name)
                if manager.fileExists(atPath: target.path) { try manager.removeItem(at: target) }
                try manager.copyItem(at: origin.appendingPathComponent(name), to: target)
            }
        }
        let plugins = folder.appendingPathComponent("plugins")
        try manager.createDirectory(at: plugins, withIntermediateDirectories: true)
        for name in try manager.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".c") {
            let library = plugins.appendingPathComponent(String(name.dropLast(2)) + ".so")
            let cc = try CLI.runProgram(
                "/usr/bin/env",
                [
                    "cc", "-std=c99", "-shared", "-fPIC", "-I", CLI.header,
                    folder.appendingPathComponent(name).path, "-o", library.path, "-lm",
                ])
            guard cc.status == 0 else {
                throw Malformed(description: "\(source.path)/\(name) does not compile:\n\(cc.stderr)")
            }
        }
        for (path, mode) in modes {
            try manager.setAttributes(
                [.posixPermissions: Int(mode, radix: 8)!], ofItemAtPath: folder.appendingPathComponent(path).path)
        }
        for (path, group) in groups {
            try manager.setAttributes(
                [.groupOwnerAccountName: group], ofItemAtPath: folder.appendingPathComponent(path).path)
        }
    }

    struct Result {
        let status: Int32
        let stderr: String
        let stdout: String
        let crashed: Bool
        let timedOut: Bool
    }

    /// Runs the built `pipeline` in `folder`; past `timeout` seconds it is killed, with the
    /// children it started (a plugin scan runs in its own process group), and reported as timed
    /// out, so a hanging case fails instead of stalling the suite.
    static func run(_ arguments: [String], in folder: URL, environment: [String: String], timeout: Double) throws
        -> Result
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "PIPELINE_PLUGIN_PATH")
        process.environment = env.merging(environment) { $1 }
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "corpus-stderr-\(UUID().uuidString)")
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "corpus-stdout-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: errorFile)
            try? FileManager.default.removeItem(at: outputFile)
        }
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        let timedOut = finished.wait(timeout: .now() + timeout) == .timedOut
        if timedOut {
            for pid in [process.processIdentifier] + descendants(of: process.processIdentifier) { kill(pid, SIGKILL) }
            finished.wait()
        }
        return Result(
            status: process.terminationStatus,
            stderr: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self),
            stdout: String(decoding: try Data(contentsOf: outputFile), as: UTF8.self),
            crashed: !timedOut && process.terminationReason == .uncaughtSignal, timedOut: timedOut)
    }

    /// The processes `pid` started and theirs, read from /proc before `pid` is killed (after,
    /// they would belong to init).
    private static func descendants(of pid: Int32) -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        let parents: [(child: Int32, parent: Int32)] = names.compactMap { name in
            guard let child = Int32(name),
                let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                let end = stat.lastIndex(of: ")")
            else { return nil }
            // "pid (command) state ppid …": the command may hold spaces, so count from its ')'.
            let fields = stat[stat.index(after: end)...].split(separator: " ")
            return fields.count > 1 ? Int32(fields[1]).map { (child, $0) } : nil
        }
        var found: [Int32] = []
        var pending = [pid]
        while let next = pending.popLast() {
            let children = parents.filter { $0.parent == next }.map(\.child)
            found += children
            pending += children
        }
        return found
    }
}
