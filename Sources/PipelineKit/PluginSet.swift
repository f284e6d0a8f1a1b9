import Foundation
import PluginRegistry
import Scene

/// The plugins a pipeline is read with: the folders searched, scanned in child processes
/// running the installation's executable (a plugin that crashes while registering cannot take
/// the caller down), opened in this process only when `isolated` is false.
enum PluginSet {
    /// The registry for a pipeline in `pipelineFile` (its `plugins/` folder is searched; nil for
    /// none), with `folders` first. Folders whose path cannot be used are left out and named
    /// among the registry's warnings (`warnings(_:)`).
    static func registry(
        folders: [String], pipelineFile: String?, isolated: Bool, installation: PipelineInstallation,
        rescan: Bool = false
    ) -> Registry {
        let registry = Registry(opensPlugins: !isolated)
        let scanner = scanner(installation)
        if rescan { scanner.forgetCache() }
        let searched = PluginSearchPath.directories(
            explicit: folders, pipelineFile: pipelineFile, builtin: installation.builtinPlugins)
        let usable = searched.filter { directory in
            guard let problem = PathLimits.problem(directory) else { return true }
            registry.warn("skipped plugin folder \(directory): its path \(problem)")
            return false
        }
        registry.scan(directories: usable, with: scanner)
        return registry
    }

    static func registry(_ options: Pipeline.OpenOptions, pipelineFile: String, isolated: Bool) -> Registry {
        registry(
            folders: options.pluginFolders, pipelineFile: pipelineFile, isolated: isolated,
            installation: options.installation)
    }

    /// What a user should hear about `registry`: skipped plugin files with the reason, names
    /// registered twice, the registry's own warnings.
    static func warnings(_ registry: Registry) -> [String] {
        registry.broken.map { "skipped plugin \($0.path): \($0.reason)" } + registry.clashes.map(\.description)
            + registry.warnings
    }

    /// The scanner running `installation`'s executable; without one, files are scanned by
    /// opening them in this process.
    static func scanner(_ installation: PipelineInstallation) -> PluginScanner {
        PluginScanner(command: installation.executable.map { [$0, "_scan-plugin"] } ?? [])
    }
}
