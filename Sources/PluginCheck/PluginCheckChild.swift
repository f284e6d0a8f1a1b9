import Foundation
import PluginDescriptions
import PluginRegistry

/// The child's side of `pipeline check-plugin`: opens the plugin, describes what it will call,
/// runs the passes and sends its findings (see `CheckChannel` for the messages). Whatever the
/// plugin does to this process, the parent sees it and goes on in a fresh child.
public enum PluginCheckChild {
    /// Checks `file`, leaving out `skipping` (operations that crashed or hung in an earlier
    /// child); returns the exit status.
    public static func run(
        file: String, skipping: Set<CheckOperation>, settings: CheckSettings
    ) -> Int32 {
        let channel = CheckChannel()
        channel.send("loading")
        ChildTimeLimit.arm(behind: settings.timeLimit)
        let registry = Registry()
        if let reason = registry.open(pluginFile: file) {
            channel.send("unusable \(reason)")
            return 0
        }
        guard let plugin = registry.plugins.first else {
            channel.send("unusable it registered nothing the host could read")
            return 0
        }
        let workload = CheckWorkload(registry: registry, plugin: plugin)
        let compileFailure = compileRefusal(in: registry, plan: workload.plan)
        ChildTimeLimit.disarm()
        channel.send("plan", json: workload.plan)
        // A shader that does not compile would fail every call alike: it is said once instead.
        if let compileFailure {
            channel.send("result", json: CheckChildResult(findings: [compileFailure], operations: 0))
            return 0
        }
        let runner = CheckRunner(
            workload: workload, channel: channel, skipping: skipping, limit: settings.timeLimit)
        let passes = CheckPass.all(callCount: workload.plan.calls.count, threads: settings.threads)
        for pass in passes { runner.run(pass) }
        if !skipping.contains(.deinitialize) {
            runner.operate(.deinitialize, pass: passes.count) { registry.shutdown() }
        }
        ChildTimeLimit.disarm()
        let analysis = CheckAnalysis(
            plan: workload.plan, records: runner.records, passes: passes, budget: settings.budgetSeconds)
        let refusals = workload.plan.refusals.map {
            CheckFinding(kind: .refused, operation: nil, message: $0, detail: $0)
        }
        channel.send(
            "result",
            json: CheckChildResult(
                findings: CheckFinding.droppingEchoesOfDiffering(
                    refusals + runner.records.seenWhileCalling + analysis.findings),
                operations: runner.operations))
        return 0
    }

    /// The finding of a GLSL transition the compiler refuses, with the lines at the place; nil for
    /// any other plugin, and for a shader that compiles or has no GL to compile on (its calls say so).
    private static func compileRefusal(in registry: Registry, plan: CheckPlan) -> CheckFinding? {
        guard let mixer = registry.mixers.values.first(where: { $0.plugin.origin == .glsl }),
            let failure = GLSLTransition.compileFailure(of: mixer), failure.isRefusal
        else { return nil }
        let message = ([failure.description] + (failure.excerpt.isEmpty ? [] : [failure.excerpt]))
            .joined(separator: "\n")
        return CheckFinding(
            kind: .doesNotCompile, operation: nil,
            subject: plan.subjects.firstIndex { $0.kind == .mixer && $0.name == mixer.name }, message: message)
    }
}

/// How a check runs: the budget of one call, the time after which a call counts as hung, and
/// the threads of the passes after the first.
public struct CheckSettings: Sendable {
    public let budget: Duration
    public let timeLimit: Duration
    public let threads: Int

    public init(budget: Duration, timeLimit: Duration, threads: Int = 4) {
        (self.budget, self.timeLimit, self.threads) = (budget, timeLimit, threads)
    }

    var budgetSeconds: Double { budget / .seconds(1) }
}
