import CSandbox
import Foundation
import PluginDescriptions

/// The confinement plugin code runs in, in child processes: the plugin scan (always) and
/// `--sandbox` renders. See `sandbox_enter` for what it allows; in short, a sandboxed plugin
/// can compute, allocate, start threads and use the descriptors its process was given, and
/// cannot open the user's files, write any file, open a socket, start a program or signal
/// another process.
public enum PluginSandbox {
    /// What this kernel offers for confining files.
    public enum Files: Equatable, Sendable {
        /// Landlock, at this ABI version.
        case landlock(Int)
        /// No Landlock, and why (for messages).
        case unavailable(String)
    }

    public static var files: Files {
        var reason: UnsafePointer<CChar>?
        let version = sandbox_landlock_abi(&reason)
        return version > 0 ? .landlock(Int(version)) : .unavailable(reason.map { String(cString: $0) } ?? "no Landlock")
    }

    /// The variable that gives a sandboxed child its host's process ID.
    static let parentVariable = "PIPELINE_SANDBOX_PARENT"

    /// The environment a sandboxed child of this process gets: `environment`'s pipeline,
    /// sanitizer and locale settings, and this process's ID; nothing else of the user's (no
    /// tokens or paths for plugin code to read).
    public static func childEnvironment(_ environment: [String: String]) -> [String: String] {
        let kept = ["PIPELINE_", "ASAN_", "LSAN_", "TSAN_", "UBSAN_", "SWIFT_BACKTRACE", "LANG", "LC_", "TZ"]
        var child = environment.filter { key, _ in kept.contains { key.hasPrefix($0) } }
        child[parentVariable] = String(getpid())
        return child
    }

    /// The error of a sandbox that could not be entered.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Confines this process for good before it opens `plugins` (the only files it may read
    /// besides shared libraries). Without Landlock in the kernel, `requireFiles` makes this fail;
    /// otherwise the system-call filter alone is entered.
    public static func enter(plugins: [String], requireFiles: Bool) throws(Failure) {
        let landlock: Bool
        switch files {
        case .landlock: landlock = true
        case .unavailable(let reason):
            if requireFiles { throw Failure(description: reason) }
            landlock = false
        }
        // The GL driver's files are read before the sandbox shuts them away; a failure here is
        // the transition's to report when it runs.
        if plugins.contains(where: { $0.hasSuffix(GLSLTransition.fileExtension) }) { GLSLTransition.prepareDriver() }
        var message = [CChar](repeating: 0, count: 512)
        let folders = runtimeFolder.map { [$0] } ?? []
        let parent = ProcessInfo.processInfo.environment[parentVariable].flatMap { pid_t($0) } ?? 0
        let status = withCStrings(plugins) { filePointers in
            withCStrings(folders) { folderPointers in
                sandbox_enter(
                    filePointers, plugins.count, folderPointers, folders.count, landlock ? 1 : 0, parent, &message, 512)
            }
        }
        if status != 0 {
            throw Failure(description: message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        }
    }

    /// The folder of the Swift runtime this executable runs on when it is a shared library (a
    /// debug build, or libuipipeline.so), which a plugin written in Swift links too.
    static var runtimeFolder: String? {
        var path = [CChar](repeating: 0, count: Int(PATH_MAX))
        guard sandbox_library_defining("swift_retain", &path, path.count) == 0 else { return nil }
        let library = URL(fileURLWithPath: path.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
            .resolvingSymlinksInPath()
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        guard library.path != executable.path else { return nil }
        return library.deletingLastPathComponent().path
    }

    private static func withCStrings<R>(
        _ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R
    ) -> R {
        let copies = strings.map { strdup($0) }
        defer { for copy in copies { free(copy) } }
        let pointers = copies.map { UnsafePointer($0) } + [nil]
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
