import CLibraryLoader
import Foundation

/// Where the rest of pipeline is for the code running now: the `pipeline` executable (plugin
/// files are scanned, and with isolation called, in child processes running it) and the
/// built-in plugin folder. Found from the file this library is part of: the `pipeline`
/// executable itself, or `libpipeline.so` beside it in a build folder (`.build/release/`) or
/// installed (`<prefix>/lib/libpipeline.so` with `<prefix>/bin/pipeline` and
/// `<prefix>/lib/pipeline/plugins`).
public struct PipelineInstallation: Sendable, Equatable {
    /// The `pipeline` executable; nil when none was found (plugins can then not be scanned).
    public var executable: String?
    /// The folder of the plugins installed with pipeline; nil when none was found.
    public var builtinPlugins: String?

    public init(executable: String?, builtinPlugins: String?) {
        (self.executable, self.builtinPlugins) = (executable, builtinPlugins)
    }

    /// The installation of the file this code was loaded from.
    public static let current = PipelineInstallation(around: loadedFrom)

    /// The installation around `binary` (an executable or a shared library).
    public init(around binary: String?) {
        guard let binary else {
            self.init(executable: nil, builtinPlugins: nil)
            return
        }
        let folder = URL(fileURLWithPath: binary).deletingLastPathComponent()
        let prefix = folder.deletingLastPathComponent()
        // An executable holding this code is pipeline itself, whatever its name.
        let isLibrary = binary.hasSuffix(".so") || binary.contains(".so.")
        let executables =
            isLibrary
            ? [folder.appendingPathComponent("pipeline").path, prefix.appendingPathComponent("bin/pipeline").path]
            : [binary]
        let pluginFolders = [
            folder.appendingPathComponent("pipeline-plugins").path,
            folder.appendingPathComponent("pipeline/plugins").path,
            prefix.appendingPathComponent("lib/pipeline/plugins").path,
        ]
        self.init(
            executable: executables.first { !Self.isDirectory($0) && FileManager.default.isExecutableFile(atPath: $0) },
            builtinPlugins: pluginFolders.first(where: Self.isDirectory))
    }

    private static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }

    /// The file holding this code, symbolic links resolved: libpipeline.so or the executable.
    private static var loadedFrom: String? {
        var path = [CChar](repeating: 0, count: 4096)
        guard pipeline_code_file(&path, path.count) >= 0 else { return nil }
        return String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
