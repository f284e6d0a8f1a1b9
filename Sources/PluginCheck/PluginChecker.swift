import Foundation
import PluginDescriptions
import PluginRegistry

/// The parent's side of `pipeline check-plugin`: runs the check in a child process and, when a
/// call crashes, hangs or exits the child, records it and checks the rest in a fresh child that
/// skips it, so one report lists everything. The plugin is never opened in this process.
public struct PluginChecker: Sendable {
    /// This executable and its hidden child subcommand.
    public let command: [String]
    public let settings: CheckSettings
    /// Children started at most: past them the report says the check is incomplete.
    static let maximumChildren = 12

    public init(command: [String], settings: CheckSettings) {
        (self.command, self.settings) = (command, settings)
    }

    /// Checks `file`; `progress` hears what is worth a line while it runs.
    public func check(_ file: String, progress: @escaping (String) -> Void = { _ in }) -> CheckReport {
        var skipping: Set<CheckOperation> = []
        var findings: [CheckFinding] = []
        var plan: CheckPlan?
        for _ in 0..<Self.maximumChildren {
            let child = CheckChildProcess(command: command, file: file, skipping: skipping, settings: settings)
            let outcome = child.run { pass in progress("pass \(pass) of 3") }
            switch outcome {
            case .finished(let finishedPlan, let result):
                return CheckReport(
                    file: file, plan: finishedPlan, findings: findings + result.findings, operations: result.operations,
                    error: nil)
            case .unusable(let reason):
                return CheckReport(file: file, plan: nil, findings: [], operations: 0, error: reason)
            case .ended(let end, let endedPlan, let underWay):
                guard let endedPlan else {
                    return CheckReport(
                        file: file, plan: nil, findings: [], operations: 0, error: Self.whileLoading(end))
                }
                plan = endedPlan
                guard !underWay.isEmpty else {
                    findings.append(
                        CheckFinding(
                            kind: .incomplete, operation: nil,
                            message:
                                "the checking process \(Self.words(end)) outside any plugin call; the rest was not checked"
                        ))
                    return CheckReport(file: file, plan: endedPlan, findings: findings, operations: 0, error: nil)
                }
                for (pass, operation) in underWay {
                    findings.append(Self.finding(end, operation: operation, pass: pass, alongside: underWay.count - 1))
                    skipping.insert(operation)
                }
                let first = underWay[0].operation
                let subject = endedPlan.subject(of: first).map { "\($0.kindAndName): " } ?? ""
                progress("\(subject)\(endedPlan.describe(first)) \(Self.words(end)); going on in a fresh process")
            }
        }
        findings.append(
            CheckFinding(
                kind: .incomplete, operation: nil,
                message: "stopped after \(Self.maximumChildren) processes ended in crashes or hangs; "
                    + "the calls after the last one were not checked"))
        return CheckReport(file: file, plan: plan, findings: findings, operations: 0, error: nil)
    }

    private static func finding(_ end: CheckChildProcess.End, operation: CheckOperation, pass: Int, alongside: Int)
        -> CheckFinding
    {
        let kind: CheckProblem.Kind =
            switch end {
            case .crashed, .couldNotStart: .crash
            case .exited: .exit
            case .hung: .hang
            }
        // On several threads the culprit is one of the calls under way, not necessarily this one.
        let others =
            alongside > 0
            ? " while \(alongside) other call\(alongside == 1 ? "" : "s") ran at once in pass \(pass) (any may be the cause)"
            : ""
        return CheckFinding(kind: kind, operation: operation.code, message: words(end) + others, detail: words(end))
    }

    /// `crashed with SIGSEGV`, `did not return within 5 s`.
    static func words(_ end: CheckChildProcess.End) -> String {
        switch end {
        case .crashed(let signal): "crashed with \(PluginScanner.signalName(signal))"
        case .exited(let status): "ended the process with exit status \(status)"
        case .hung(let limit): "did not return within \(PluginScanner.seconds(limit)) s"
        case .couldNotStart(let reason): "could not be run in a child process: \(reason)"
        }
    }

    /// Why a child that ended before any call leaves nothing to check.
    private static func whileLoading(_ end: CheckChildProcess.End) -> String {
        if case .couldNotStart = end { return words(end) }
        return "\(words(end)) while loading (in init)"
    }
}
