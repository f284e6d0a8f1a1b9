import Foundation
import PluginRegistry

extension PluginChecker {
    /// Checks the plugin or GLSL transition in `file` in child processes running `executable`
    /// (pipeline itself), then reports the names it registers that a plugin of the built-in
    /// folder or of `folders` registers too. `progress` hears what the check is doing.
    public static func check(
        file: String, executable: String, namesAmong folders: [String], settings: CheckSettings,
        progress: @escaping (String) -> Void
    ) -> CheckReport {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder) else {
            return .unusable(file, "no such file")
        }
        guard !isFolder.boolValue else { return .unusable(file, "a folder, not a plugin file") }
        let report = PluginChecker(command: [executable, "_check-plugin-child"], settings: settings).check(
            file, progress: progress)
        guard report.error == nil else { return report }
        let others = Registry(opensPlugins: false)
        defer { others.shutdown() }
        others.scan(
            directories: folders + [PluginSearchPath.builtinDirectory()].compactMap { $0 },
            with: PluginScanner(command: [executable, "_scan-plugin"]))
        return report.checkingNames(against: others)
    }
}
