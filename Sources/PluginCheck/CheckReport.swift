import Foundation
import PluginDescriptions
import PluginRegistry

/// What `pipeline check-plugin` found: the plugin, what it registers, and every problem with
/// the call that shows it; or why the file could not be checked.
public struct CheckReport: Sendable {
    /// The file as the user named it.
    public let file: String
    /// What the check called; nil when the file could not be checked.
    public let plan: CheckPlan?
    /// How many operations (create, calls, destroy, deinit) the last child ran.
    public let operations: Int
    /// Why the file could not be checked (not a plugin, another ABI major, a failing init).
    public let error: String?
    let findings: [CheckFinding]

    init(file: String, plan: CheckPlan?, findings: [CheckFinding], operations: Int, error: String?) {
        (self.file, self.plan, self.findings, self.operations, self.error) = (file, plan, findings, operations, error)
    }

    /// The report of a file that cannot be checked at all.
    public static func unusable(_ file: String, _ reason: String) -> CheckReport {
        CheckReport(file: file, plan: nil, findings: [], operations: 0, error: reason)
    }

    public var problems: [CheckProblem] { plan.map { CheckProblem.grouping(findings, plan: $0) } ?? [] }

    /// 0 clean, 1 problems found, 2 the file could not be checked.
    public var status: Int32 { error != nil ? 2 : problems.isEmpty ? 0 : 1 }

    /// The report with more findings about the plugin as a whole.
    func adding(_ more: [CheckFinding]) -> CheckReport {
        CheckReport(file: file, plan: plan, findings: findings + more, operations: operations, error: error)
    }
}

extension CheckReport {
    /// The header naming the plugin and what it registers, one line per problem, a summary.
    public var text: String {
        guard let plan, error == nil else { return "\(file): cannot be checked: \(error ?? "no plan")\n" }
        let plugin = plan.plugin
        let about = plugin.description.isEmpty ? "" : " (\(plugin.description))"
        var lines = ["\(file): \(plugin.id) \(plugin.version)\(about)"]
        let kinds = [
            (RegistrationKind.animator, "animators"), (.mixer, "mixers"), (.effect, "effects"),
            (.curve, "timing curves"),
        ]
        for (kind, title) in kinds {
            let names = plan.subjects.filter { $0.kind == kind }.map { subject in
                guard !subject.parameters.isEmpty else { return subject.name }
                let list = subject.parameters.joined(separator: ", ")
                return kind == .curve ? "\(subject.name)(\(list))" : "\(subject.name) (\(list))"
            }
            lines.append("  \(title): \(names.isEmpty ? "none" : names.joined(separator: ", "))")
        }
        let problems = problems
        lines += problems.map(\.line)
        let count = problems.isEmpty ? "no problems" : "\(problems.count) problem\(problems.count == 1 ? "" : "s")"
        lines.append("\(file): \(count) in \(operations) calls over 3 passes")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The JSON form (keys sorted, documented in `pipeline check-plugin --help`).
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let document = JSONReport(self)
        return String(decoding: (try? encoder.encode(document)) ?? Data("{}".utf8), as: UTF8.self) + "\n"
    }
}

/// The JSON report's shape.
private struct JSONReport: Encodable {
    struct Registered: Encodable {
        let name: String
        let parameters: [String]
        let signature: String?
    }

    let file: String
    let status: Int32
    let error: String?
    let plugin: CheckPlan.Plugin?
    let animators, mixers, effects, curves: [Registered]
    let calls: Int
    let problems: [CheckProblem]

    init(_ report: CheckReport) {
        (file, status, error, plugin) = (report.file, report.status, report.error, report.plan?.plugin)
        let subjects = report.plan?.subjects ?? []
        let registered = { (kind: RegistrationKind) in
            subjects.filter { $0.kind == kind }.map {
                Registered(name: $0.name, parameters: $0.parameters, signature: $0.signature)
            }
        }
        (animators, mixers, effects, curves) = (
            registered(.animator), registered(.mixer), registered(.effect), registered(.curve)
        )
        (calls, problems) = (report.operations, report.problems)
    }
}
