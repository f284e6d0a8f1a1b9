import Foundation
import PluginRegistry
import Scene

/// The plugins installed for a user, without a pipeline: every folder of the search path
/// (`folders`, `PIPELINE_PLUGIN_PATH`, the built-in folder) and every frei0r file, scanned in
/// child processes and opened in none. What `pipeline plugins` lists and what `pipeline schema`
/// describes. Call `close()` when done.
public final class PluginCatalog: Sendable {
    let registry: Registry
    /// The plugin folders in the order they are searched, as the listing shows them.
    let searchPath: [String]

    /// Finds and scans the plugins. `rescan` forgets what earlier scans found first; `warning`
    /// hears each problem of the folders' scan as it is met (a plugin file skipped, a name
    /// registered twice, a folder whose path cannot be used).
    public init(
        folders: [String], rescan: Bool = false, installation: PipelineInstallation = .current,
        warning: ((String) -> Void)? = nil
    ) {
        searchPath = PluginSearchPath.directories(explicit: folders, pipelineFile: nil)
        registry = PluginSet.registry(
            folders: folders, pipelineFile: nil, isolated: true, installation: installation, rescan: rescan)
        if let warning { PluginSet.warnings(registry).forEach(warning) }
        registry.scanAllFrei0r()
    }

    deinit { close() }

    /// Ends the scan's plugin children; the catalog's texts stay readable.
    public func close() { registry.shutdown() }

    /// True when a plugin file was skipped or two plugins register one name.
    public var hasProblems: Bool { !(registry.broken.isEmpty && registry.clashes.isEmpty) }

    /// Every registered name with its parameters and plugin, the built-in curves, the skipped
    /// plugin files with the reason and the GL renderer of GLSL transitions, as text.
    public var listing: String { PluginListing(registry: registry, searchPath: searchPath).text }

    /// The same as `listing`, as JSON.
    public func listingJSON() throws -> String {
        try PluginListing(registry: registry, searchPath: searchPath).json()
    }

    /// The JSON Schema (draft 2020-12) of pipeline files with these plugins' names and parameters.
    public var schema: String { SchemaDocument(registry: registry).json.text() }

    /// What the listing shows, with examples: `pipeline plugins --help` shows it.
    public static let guide = """
        Shows every registered name with its parameters (type, range, default), the plugin file and \
        version it comes from, and every plugin file that was skipped, with the reason (a GLSL transition \
        that does not compile among them), and the GL renderer GLSL transitions run on (JSON: \
        glslRenderer). Plugin files are scanned once until they change; --rescan scans them all again.

        Examples:
          pipeline plugins
          pipeline plugins --plugins ./my-plugins --json
          pipeline plugins --rescan
          pipeline plugins --strict --plugins ./my-plugins   # exit 1 if any plugin was skipped

        With --strict, a plugin file that was skipped, or a name two plugins register, makes the exit \
        status 1 (the listing still says why), so a script or CI can check a plugin folder.
        """

    /// What the schema holds and how editors use it: `pipeline schema --help` shows it.
    public static let schemaGuide = """
        Prints a JSON Schema (draft 2020-12) of the pipeline format: every key with its type, range, \
        default and a description, and the parameters of the animators, mixers, effects and timing curves \
        installed now (add --plugins for others). Editors that read "$schema" then complete and check \
        pipeline files as you type.

        Examples:
          pipeline schema > pipeline.schema.json
          pipeline schema --plugins ./my-plugins > pipeline.schema.json
        then give pipeline files "$schema": "pipeline.schema.json".

        --markdown prints the same keys as Markdown tables instead (the README's key reference is \
        this output): every key of the format with its values, default and meaning.
        """

    /// Why plugins cannot be searched for in `folders`, for the first folder that cannot:
    /// `plugin folder DIR: its path is … bytes long…`, or `plugin folder DIR does not exist or
    /// is not a folder`; nil when every one can. Lengths are checked for all before existence.
    public static func problem(folders: [String]) -> String? {
        for folder in folders {
            if let problem = PathLimits.problem(folder) { return "plugin folder \(folder): its path \(problem)" }
        }
        for folder in folders where !PluginSearchPath.isDirectory(folder) {
            return "plugin folder \(folder) does not exist or is not a folder"
        }
        return nil
    }
}
