import Foundation
import PluginDescriptions
import PluginRegistry
import Testing

/// The in-repo plugins as the host loads them, for unit tests of the modules that call plugin
/// code: `make test` builds them into `pipeline-plugins/` beside the test bundle.
public enum InRepoPlugins {
    /// The `pipeline-plugins` folder of the build that holds the running test bundle (whichever
    /// build folder or sanitizer's it is).
    public static let folder: String = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("pipeline-plugins").path),
            directory.path != "/"
        {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appendingPathComponent("pipeline-plugins").path
    }()

    public static let registry: Registry = {
        let registry = Registry()
        registry.load(directories: [folder])
        return registry
    }()

    /// The in-repo timing curve `name`; records an issue when it is not registered.
    public static func curve(_ name: String) throws -> CurveEntry {
        guard case .found(let entry) = registry.curve(named: name) else {
            Issue.record("curve \(name) is not registered; broken: \(registry.broken)")
            throw CancellationError()
        }
        return entry
    }
}
