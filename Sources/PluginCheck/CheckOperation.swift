/// One thing the check does to the plugin, named the same way in every child process: the
/// plan is built alike from the same registrations, so "call 17" is the same call in each. The
/// parent tells a fresh child which operations to skip (those that crashed or hung) this way.
public enum CheckOperation: Hashable, Sendable, Comparable {
    /// `create` of a case's instance (an animator or mixer with one set of parameter values).
    case create(Int)
    /// One call of a case at one progress: `apply`, `mix` or a timing curve.
    case call(Int)
    /// `destroy` of a case's instance.
    case destroy(Int)
    /// The plugin's `deinit`, after the last pass.
    case deinitialize

    /// "c3", "k17", "d3", "x": how the operation travels between the processes.
    public var code: String {
        switch self {
        case .create(let index): "c\(index)"
        case .call(let index): "k\(index)"
        case .destroy(let index): "d\(index)"
        case .deinitialize: "x"
        }
    }

    public init?(code: some StringProtocol) {
        guard let letter = code.first else { return nil }
        if letter == "x", code.count == 1 {
            self = .deinitialize
            return
        }
        guard let index = Int(code.dropFirst()), index >= 0 else { return nil }
        switch letter {
        case "c": self = .create(index)
        case "k": self = .call(index)
        case "d": self = .destroy(index)
        default: return nil
        }
    }

    /// The case an operation belongs to, if it is one of a case's.
    func caseIndex(in plan: CheckPlan) -> Int? {
        switch self {
        case .create(let index), .destroy(let index): index
        case .call(let index): plan.calls[index].caseIndex
        case .deinitialize: nil
        }
    }
}
