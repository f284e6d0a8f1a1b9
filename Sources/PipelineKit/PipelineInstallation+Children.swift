import PluginCheck
import PluginIsolation
import PluginRegistry

extension PipelineInstallation {
    /// The child processes pipeline starts running its own executable, by their hidden first
    /// argument: a plugin file's scan, isolated plugin code, a plugin check's calls. Each module
    /// that starts one reads its arguments.
    static let children: [String: @Sendable ([String]) -> Int32] = [
        "_scan-plugin": PluginScanner.childMain, "_plugin-child": PluginChildServer.main,
        "_check-plugin-child": PluginCheckChild.main,
    ]

    /// Runs the child process `arguments` name, when the executable was started as one (its
    /// first argument after the program's name is a child's hidden name), returning its exit
    /// status; nil when they name none. An executable holding PipelineKit calls it first thing.
    public static func runChild(_ arguments: [String]) -> Int32? {
        guard let name = arguments.first, let child = children[name] else { return nil }
        return child(Array(arguments.dropFirst()))
    }
}
