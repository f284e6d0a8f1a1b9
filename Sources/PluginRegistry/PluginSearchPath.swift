import CRegularFile
import Foundation
import PluginDescriptions

/// Where plugins are looked for, in order: `--plugins DIR` (repeatable), the
/// PIPELINE_PLUGIN_PATH variable (colon-separated), `plugins/` beside the pipeline file, and
/// the built-in folder installed with the executable.
public enum PluginSearchPath {
    public static let environmentVariable = "PIPELINE_PLUGIN_PATH"

    public static func directories(
        explicit: [String], pipelineFile: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment, builtin: String? = builtinDirectory()
    ) -> [String] {
        var result = explicit
        if let variable = environment[environmentVariable] {
            result += variable.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        }
        if let pipelineFile {
            let beside = URL(fileURLWithPath: pipelineFile).deletingLastPathComponent().appendingPathComponent(
                "plugins"
            ).path
            if isDirectory(beside) { result.append(beside) }
        }
        if let builtin { result.append(builtin) }
        return result
    }

    /// `<bin>/pipeline-plugins` in a build tree, `<prefix>/lib/pipeline/plugins` when installed.
    public static func builtinDirectory() -> String? {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return nil
        }
        let bin = URL(fileURLWithPath: executable).deletingLastPathComponent()
        let candidates = [
            bin.appendingPathComponent("pipeline-plugins").path,
            bin.deletingLastPathComponent().appendingPathComponent("lib/pipeline/plugins").path,
        ]
        return candidates.first(where: isDirectory)
    }

    /// The plugin files of `directories`, in search order, each file once however it is reached:
    /// its path as the folder shows it, and the resolved file that is checked and opened.
    static func pluginFiles(in directories: [String]) -> [(path: String, resolved: String)] {
        var seen = Set<String>()
        return directories.flatMap(pluginFiles(in:)).compactMap { path in
            let resolved = realPath(path)
            return seen.insert(resolved).inserted ? (path, resolved) : nil
        }
    }

    /// The `*.so` and `*.glsl` (GLSL transitions) entries of a folder, sorted by name so loading
    /// order is reproducible. One that is not a regular file is kept, so that `refusal` can say
    /// what it is.
    static func pluginFiles(in directory: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.filter { $0.hasSuffix(".so") || $0.hasSuffix(GLSLTransition.fileExtension) }.sorted().map {
            directory + "/" + $0
        }
    }

    /// Why the resolved plugin `file` must not be opened, or nil: it is not a regular file (a
    /// FIFO would block `dlopen`), or another user could have replaced it.
    static func refusal(_ file: String) -> String? {
        if let kind = irregularKind(file) { return "it is \(kind), not a regular file" }
        return permissionProblem(file)
    }

    /// A plugin is native code: refuse it when another user could have replaced it. Checks
    /// the resolved file (the one that is then opened) and its folder.
    static func permissionProblem(_ file: String) -> String? {
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
        for (what, target) in [("file", file), ("folder", folder)] {
            var info = stat()
            guard stat(target, &info) == 0 else { continue }
            if info.st_mode & S_IWOTH != 0 {
                return
                    "the \(what) \(target) is writable by other users; refusing to load it (fix: chmod o-w \(target))"
            }
            if info.st_mode & S_IWGRP != 0, !PrivateGroup.isPrivate(info.st_gid, of: info.st_uid) {
                let group = PrivateGroup.name(of: info.st_gid) ?? "gid \(info.st_gid)"
                return "the \(what) \(target) is writable by its group \(group), which is not its owner's private "
                    + "group; refusing to load it (fix: chmod g-w \(target))"
            }
            if info.st_uid != getuid() && info.st_uid != 0 {
                return
                    "the \(what) \(target) belongs to another user (uid \(info.st_uid)); refusing to load it (fix: chown it or copy the plugin into a folder of yours)"
            }
        }
        return nil
    }

    /// What `path` is when it is not a regular file ("a FIFO", "a directory"); nil for a regular
    /// file and for one that cannot be opened (`dlopen` then says why).
    static func irregularKind(_ path: String) -> String? {
        var kind: UnsafePointer<CChar>?
        guard regular_file_check(path, &kind) != 0 else { return nil }
        return kind.map { String(cString: $0) }
    }

    static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    public static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
