import PluginCheck

/// A plugin file (or GLSL transition) checked as `pipeline check-plugin` checks it: loaded in child
/// processes running the pipeline executable, every animator, mixer, effect and timing curve it
/// registers called across its parameters, and the names it registers compared with those of the
/// built-in plugins and of the given folders.
public struct PluginFileCheck: Sendable {
    let report: CheckReport

    /// Checks `file` in children running `executable`. A call may take `budget`; after
    /// `timeLimit` it counts as hung. `progress` hears what the check is doing, a line at a time.
    public init(
        file: String, executable: String, namesAmong folders: [String], budget: Duration, timeLimit: Duration,
        progress: @escaping (String) -> Void
    ) {
        report = PluginChecker.check(
            file: file, executable: executable, namesAmong: folders,
            settings: CheckSettings(budget: budget, timeLimit: timeLimit), progress: progress)
    }

    /// Why the file could not be checked (not a plugin, another ABI major, a failing init); nil
    /// when it was.
    public var error: String? { report.error }

    /// 0 clean, 1 problems found, 2 the file could not be checked.
    public var status: Int32 { report.status }

    /// The plugin and what it registers, one line per problem with the call that shows it, a summary.
    public var text: String { report.text }

    /// The same report as JSON.
    public var json: String { report.json() }

    /// The child process a check starts running `executable`, by its hidden name: the executable
    /// hands it to `PipelineInstallation.runWithoutParsing(_:children:)` first thing.
    public static let children: [String: @Sendable ([String]) -> Int32] = [
        "_check-plugin-child": PluginCheckChild.main
    ]

    /// What a check calls and reports, the exit status and the JSON report: `pipeline
    /// check-plugin --help` shows it.
    public static let guide = PluginChecker.guide
}
