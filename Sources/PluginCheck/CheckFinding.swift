/// One operation showing one problem, as the child finds it (or the parent sees a child end):
/// the report groups findings of the same kind, subject and detail into one `CheckProblem`.
struct CheckFinding: Codable, Sendable {
    let kind: CheckProblem.Kind
    /// The operation's code (`CheckOperation.code`); nil for the plugin as a whole.
    let operation: String?
    /// The subject's index in the plan when there is no operation (a name clash).
    var subject: Int? = nil
    /// What is wrong, completing "<subject>: <operation>: ": `wrote opacity = nan`.
    let message: String
    /// What makes two findings the same problem besides kind and subject: the property, the signal.
    var detail = ""
}

extension CheckFinding {
    /// The findings less those that compare an effect's calls with each other (split, margins,
    /// read) where the same call also differs between identical calls: there they only echo it.
    static func droppingEchoesOfDiffering(_ findings: [CheckFinding]) -> [CheckFinding] {
        let differing = Set(findings.filter { $0.kind == .differs }.compactMap(\.operation))
        let comparisons: Set<CheckProblem.Kind> = [
            .splitDiffers, .beyondMargins, .readsBeyondReach, .edgesNotTransparent,
        ]
        return findings.filter { finding in
            !comparisons.contains(finding.kind) || !(finding.operation.map(differing.contains) ?? false)
        }
    }
}
