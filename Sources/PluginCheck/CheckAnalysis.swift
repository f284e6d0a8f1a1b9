import CAnimatorABI
import PluginRegistry
import Renderer

/// Reads every call's records after the passes: errors returned, values a render could not
/// draw or no plugin should give, results that differ between passes, calls over the budget.
struct CheckAnalysis {
    let plan: CheckPlan
    let records: CallRecords
    let passes: [CheckPass]
    /// Seconds one call may take.
    let budget: Double

    /// A case with an invalid value must only survive its calls (crashes and hangs are the
    /// parent's to see): what they return or write is not checked.
    var findings: [CheckFinding] {
        plan.calls.indices.flatMap { call in
            guard !plan.cases[plan.calls[call].caseIndex].isInvalid else { return [CheckFinding]() }
            let records = records.records(ofCall: call)
            let operation = CheckOperation.call(call).code
            return errors(records, operation) + values(records, operation) + differences(records, operation)
                + slowness(records, operation)
        }
    }

    /// The first pass in which the call failed.
    private func errors(_ records: [(pass: Int, record: CallRecord)], _ operation: String) -> [CheckFinding] {
        for (_, record) in records {
            if case .failed(let message) = record.output {
                return [
                    CheckFinding(
                        kind: .error, operation: operation, message: "returned false: \(message)", detail: "call")
                ]
            }
            if case .reachFailed(let message) = record.output {
                return [
                    CheckFinding(
                        kind: .error, operation: operation, message: "reach returned false: \(message)",
                        detail: "reach")
                ]
            }
        }
        return []
    }

    /// Each bad property once, as the first pass that gave it shows it.
    private func values(_ records: [(pass: Int, record: CallRecord)], _ operation: String) -> [CheckFinding] {
        var seen: Set<String> = []
        return records.flatMap { OutputCheck.findings($0.record.output, operation: operation) }.filter {
            seen.insert($0.detail).inserted
        }
    }

    /// The first pass whose result differs from the first pass's.
    private func differences(_ records: [(pass: Int, record: CallRecord)], _ operation: String) -> [CheckFinding] {
        guard let (firstPass, first) = records.first else { return [] }
        for (pass, record) in records.dropFirst() {
            if let difference = OutputComparison.difference(first.output, record.output) {
                let message =
                    "differs between identical calls: \(difference.first) in \(passes[firstPass]) but "
                    + "\(difference.second) in \(passes[pass])"
                return [CheckFinding(kind: .differs, operation: operation, message: message)]
            }
        }
        return []
    }

    /// Slower than the budget in every pass: one slow pass may be the machine's doing.
    private func slowness(_ records: [(pass: Int, record: CallRecord)], _ operation: String) -> [CheckFinding] {
        guard let fastest = records.map(\.record.seconds).min(), fastest > budget else { return [] }
        let milliseconds = { (seconds: Double) in ValueText.number((seconds * 1000).rounded()) }
        return [
            CheckFinding(
                kind: .slow, operation: operation,
                message:
                    "took \(milliseconds(fastest)) ms in its fastest pass, over the budget of \(milliseconds(budget)) ms"
            )
        ]
    }
}
