import CAnimatorABI
import Foundation
import PluginRegistry

/// What one call gave in one pass, and how long it took.
struct CallRecord {
    enum Output {
        /// The target layer as `apply` left it (its name pointer cleared).
        case layer(anim_layer_t)
        /// The mixer's output image, every row.
        case image([UInt8])
        /// A timing curve's value.
        case value(Double)
        /// An effect's reach and its output over the whole image in one call.
        case filtered(EffectOutput)
        /// `apply` or `mix` returned false with this message.
        case failed(String)
        /// An effect's `reach` returned false with this message (so `apply` was not called).
        case reachFailed(String)
        /// An effect's reach the host refuses (more than ANIM_REACH_MAX): `apply` was not called.
        case reachRefused(anim_reach_t)
    }

    /// What an effect gave: its reach, and the pixels of its output image, `width` wide.
    struct EffectOutput {
        let reach: anim_reach_t
        let pixels: [UInt8]
        let width: Int
    }

    let output: Output
    let seconds: Double
}

/// Every pass's records, written by the threads of a pass (each call once) and read after.
final class CallRecords: @unchecked Sendable {
    private let lock = NSLock()
    private var records: [[CallRecord?]]
    private var findings: [CheckFinding] = []

    init(passes: Int, calls: Int) {
        records = Array(repeating: Array(repeating: nil, count: calls), count: passes)
    }

    func set(pass: Int, call: Int, _ record: CallRecord) {
        lock.withLock { records[pass][call] = record }
    }

    /// A call's records in pass order, with the pass index.
    func records(ofCall call: Int) -> [(pass: Int, record: CallRecord)] {
        lock.withLock { records.indices.compactMap { pass in records[pass][call].map { (pass, $0) } } }
    }

    /// Problems seen while a call ran (a mixer writing outside its rows, an effect whose output
    /// depends on the split), not in its output.
    func add(_ finding: CheckFinding) {
        lock.withLock { findings.append(finding) }
    }

    /// Whether a guarded call (`StructGuard.calling`) succeeded; a struct it wrote past is
    /// reported as a problem of `operation` (the call itself went to the guard's copy, so what it
    /// returned is still checked).
    func succeeded(_ outcome: (succeeded: Bool, overrun: StructGuard.Overrun?), operation: String) -> Bool {
        if let overrun = outcome.overrun {
            add(
                CheckFinding(
                    kind: .wrotePastStruct, operation: operation, message: overrun.description,
                    detail: overrun.structName))
        }
        return outcome.succeeded
    }

    var seenWhileCalling: [CheckFinding] { lock.withLock { findings } }
}
