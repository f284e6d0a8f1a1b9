import Foundation
import PluginDescriptions
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
    /// The built-in folder among them, whose plugins are not the user's own.
    let builtin: String?

    /// Finds and scans the plugins; with `pipelineFile`, those in the `plugins/` folder beside it
    /// too, as a render of that file finds them. `rescan` forgets what earlier scans found first;
    /// `warning` hears each problem of the folders' scan as it is met (a plugin file skipped, a
    /// name registered twice, a folder whose path cannot be used).
    public init(
        folders: [String], pipelineFile: String? = nil, rescan: Bool = false,
        installation: PipelineInstallation = .current, warning: ((String) -> Void)? = nil
    ) {
        searchPath = PluginSearchPath.directories(
            explicit: folders, pipelineFile: pipelineFile, builtin: installation.builtinPlugins)
        builtin = installation.builtinPlugins
        registry = PluginSet.registry(
            folders: folders, pipelineFile: pipelineFile, isolated: true, installation: installation, rescan: rescan)
        if let warning { PluginSet.warnings(registry).forEach(warning) }
        registry.scanAllFrei0r()
    }

    deinit { close() }

    /// What is wrong with `path` as the pipeline file whose `plugins/` folder a listing adds
    /// (`pipelineFile`): nil for a file that exists.
    public static func problem(withPipelineFile path: String) -> String? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
            return "\(isFolder.boolValue ? "is a folder" : "no such file"): give the pipeline file whose plugins/ "
                + "folder to list as well"
        }
        return nil
    }

    /// Ends the scan's plugin children; the catalog's texts stay readable.
    public func close() { registry.shutdown() }

    /// What `pipeline plugins` narrows its listing to (see `PluginListing.Filter`).
    public typealias Filter = PluginListing.Filter

    /// The listing, narrowed to what `filter` keeps.
    private func listing(_ filter: Filter) -> PluginListing {
        PluginListing(registry: registry, searchPath: searchPath, builtin: builtin).filtered(filter)
    }

    /// True when a plugin file that `filter` keeps was skipped for a fault, or two plugins
    /// register one name: not for a frei0r file of a kind pipeline does not host (`source`,
    /// `mixer3`), which is listed as such.
    public func hasProblems(_ filter: Filter = Filter()) -> Bool { listing(filter).hasProblems }

    /// Every registered name with its parameters and plugin, the built-in curves, the skipped
    /// plugin files with the reason and the GL renderer of GLSL transitions, as text; with
    /// `all` false and no filter, the user's own plugins in full and a line per folder of the
    /// built-in and system ones.
    public func listing(_ filter: Filter = Filter(), all: Bool = true) -> String {
        let listing = listing(filter)
        return all || !filter.isEmpty ? listing.text : listing.summaryText
    }

    /// Every name `filter` keeps, in full, as JSON.
    public func listingJSON(_ filter: Filter = Filter()) throws -> String { try listing(filter).json() }

    /// The JSON Schema (draft 2020-12) of pipeline files with these plugins' names and parameters.
    public var schema: String { SchemaDocument(registry: registry).json.text() }

    /// What the listing shows, with examples: `pipeline plugins --help` shows it.
    public static let guide = """
        Shows every registered name with its parameters (type, range, default), the plugin file and \
        version it comes from, and every plugin file that was skipped, with the reason (a GLSL transition \
        that does not compile among them), and the GL renderer GLSL transitions run on (JSON: \
        glslRenderer). Plugin files are scanned once until they change; --rescan scans them all again.

        Your own plugins (those in the folders before the built-in one) are listed in full; the built-in \
        and system ones a line per folder, unless --all or a filter is given.

        Examples:
          pipeline plugins --plugins ./my-plugins
          pipeline plugins --pipeline tip.json   # and those in tip.json's plugins/ folder
          pipeline plugins --all
          pipeline plugins 'frei0r.*blur*' --kind effect
          pipeline plugins --origin glsl --json
          pipeline plugins --rescan
          pipeline plugins --strict --plugins ./my-plugins   # exit 1 if a plugin there was skipped

        With --strict, a plugin file the filters keep that was skipped for a fault, or a name two plugins \
        register, makes the exit status 1 (the listing still says why), so a script or CI can check a \
        plugin folder. frei0r files of kinds pipeline does not host (source, mixer3) are listed as "not \
        hosted" and never fail it.
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

extension PluginCatalog.Filter {
    /// A filter from the words a user gives: a kind (`animator`, `mixer`, `effect`, `curve`) and
    /// an origin (`native`, `frei0r`, `glsl`); an unknown word is refused, naming the known ones.
    public init(pattern: String?, kind: String?, origin: String?, folder: String?) throws(PipelineError) {
        let origins: [String: PluginOrigin] = ["native": .native, "frei0r": .frei0r, "glsl": .glsl]
        self.init(pattern: pattern, folder: folder)
        if let kind {
            guard let known = Kind(rawValue: kind) else {
                throw PipelineError(argument: "unknown kind \"\(kind)\": expected animator, mixer, effect or curve")
            }
            self.kind = known
        }
        if let origin {
            guard let known = origins[origin] else {
                throw PipelineError(argument: "unknown origin \"\(origin)\": expected native, frei0r or glsl")
            }
            self.origin = known
        }
    }
}
