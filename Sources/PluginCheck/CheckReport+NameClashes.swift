import Foundation
import PluginDescriptions
import PluginRegistry

extension CheckReport {
    /// The report with a problem for each name the plugin registers that a plugin of `registry`
    /// (the built-in folder and `--plugins` folders, scanned in child processes) registers too:
    /// a pipeline refuses a name two loaded plugins register. The checked file itself is skipped.
    public func checkingNames(against registry: Registry) -> CheckReport {
        guard let plan else { return self }
        let checked = Self.resolved(file)
        let findings = plan.subjects.enumerated().flatMap { index, subject -> [CheckFinding] in
            let paths = Self.paths(registering: subject, in: registry).filter { Self.resolved($0) != checked }
            return paths.map { path in
                CheckFinding(
                    kind: .nameClash, operation: nil, subject: index,
                    message: "\(path) registers the same name: a pipeline that loads both refuses it", detail: path)
            }
        }
        return adding(findings)
    }

    private static func paths(registering subject: CheckPlan.Subject, in registry: Registry) -> [String] {
        if let clash = registry.clashes.first(where: { $0.kind == subject.kind && $0.name == subject.name }) {
            return clash.paths
        }
        let entry: (any Registered)? =
            switch subject.kind {
            case .animator: registry.animators[subject.name]
            case .mixer: registry.mixers[subject.name]
            case .effect: registry.effects[subject.name]
            case .curve: registry.curves[subject.name]
            }
        return entry.map { [$0.plugin.path] } ?? []
    }

    private static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }
}
