extension CheckProblem {
    /// Groups findings of the same kind, subject and detail into one problem each, named by the
    /// first operation in plan order that shows it; problems come in the order of those operations.
    static func grouping(_ findings: [CheckFinding], plan: CheckPlan) -> [CheckProblem] {
        struct Key: Hashable {
            let kind: Kind
            let subject: Int?
            let detail: String
        }
        var groups: [Key: [(operation: CheckOperation?, finding: CheckFinding)]] = [:]
        var order: [Key] = []
        for finding in findings {
            let operation = finding.operation.flatMap(CheckOperation.init(code:))
            let subject = operation.flatMap { $0.caseIndex(in: plan) }.map { plan.cases[$0].subject } ?? finding.subject
            let key = Key(kind: finding.kind, subject: subject, detail: finding.detail)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append((operation, finding))
        }
        let problems = order.map { key -> (first: CheckOperation?, problem: CheckProblem) in
            let members = groups[key]!
            let first = members.min { precedes($0.operation, $1.operation) }!
            let distinct = Set(members.map { $0.operation?.code ?? "" }).count
            return (
                first.operation,
                CheckProblem(
                    kind: key.kind,
                    subject: key.subject.map {
                        Subject(kind: plan.subjects[$0].kind.rawValue, name: plan.subjects[$0].name)
                    },
                    call: first.operation.map { Call($0, plan: plan) }, message: first.finding.message,
                    occurrences: distinct)
            )
        }
        return problems.sorted { precedes($0.first, $1.first) }.map(\.problem)
    }

    /// Findings about the plugin as a whole first, then by operation.
    private static func precedes(_ a: CheckOperation?, _ b: CheckOperation?) -> Bool {
        switch (a, b) {
        case (nil, .some): true
        case (.some(let a), .some(let b)): a < b
        default: false
        }
    }
}

extension CheckProblem.Call {
    init(_ operation: CheckOperation, plan: CheckPlan) {
        let caseIndex = operation.caseIndex(in: plan)
        var progress: Double?
        var image: CheckPlan.EffectImage?
        if case .call(let index) = operation {
            image = plan.calls[index].image
            progress = image == nil ? plan.calls[index].progress : nil
        }
        self.init(
            function: plan.function(of: operation), progress: progress, image: image,
            variant: caseIndex.map { plan.cases[$0].variant },
            parameters: caseIndex.map { plan.cases[$0].values } ?? [],
            description: plan.describe(operation))
    }
}
