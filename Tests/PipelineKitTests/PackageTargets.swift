/// The targets Package.swift declares and the targets each names in its `dependencies:`, read
/// from the manifest's text (products of other packages by their name: `Hummingbird`), for checks
/// of the module boundaries that need no build.
struct PackageTargets {
    struct Malformed: Error, CustomStringConvertible { let description: String }

    /// Each target's direct dependencies, by name.
    let dependencies: [String: [String]]

    init(text: String) throws {
        let code = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.range(of: "//").map { line[..<$0.lowerBound] } ?? line }.joined(separator: "\n")
        var found: [String: [String]] = [:]
        var rest = code[...]
        while let start = rest.firstMatch(of: /\.(target|executableTarget|testTarget|systemLibrary)\(/) {
            let call = try Self.call(in: code, from: start.range.upperBound)
            rest = code[call.endIndex...]
            guard let name = call.firstMatch(of: /name:\s*"([^"]+)"/)?.output.1 else {
                throw Malformed(description: "Package.swift: a target without a name: \(call.prefix(60))")
            }
            var named: [String] = []
            if let list = call.firstMatch(of: /dependencies:\s*\[([^\]]*)\]/)?.output.1 {
                let ownOnly = list.replacing(/\.product\([^)]*\)/, with: "")
                named =
                    ownOnly.matches(of: /"([^"]+)"/).map { String($0.output.1) }
                    + list.matches(of: /\.product\(\s*name:\s*"([^"]+)"/).map { String($0.output.1) }
            }
            found[String(name)] = named
        }
        dependencies = found
    }

    /// The text of a call's arguments, from just after its `(` to its closing `)`.
    private static func call(in code: String, from start: String.Index) throws -> Substring {
        var depth = 1
        var index = start
        while index < code.endIndex {
            switch code[index] {
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth == 0 { return code[start..<index] }
            default: break
            }
            index = code.index(after: index)
        }
        throw Malformed(description: "Package.swift: a target declaration is not closed")
    }

    /// Every target `target` depends on, directly or through others.
    func dependencies(reachedFrom target: String) -> Set<String> {
        var reached: Set<String> = []
        var pending = dependencies[target] ?? []
        while let next = pending.popLast() {
            guard reached.insert(next).inserted else { continue }
            pending += dependencies[next] ?? []
        }
        return reached
    }

    /// How `target` reaches `module`: `Scene → Timing → PluginRegistry`.
    func path(from target: String, to module: String) -> String {
        var previous: [String: String] = [:]
        var queue = [target]
        while !queue.isEmpty {
            let current = queue.removeFirst()
            if current == module { break }
            for next in dependencies[current] ?? [] where previous[next] == nil && next != target {
                previous[next] = current
                queue.append(next)
            }
        }
        var chain = [module]
        while let step = previous[chain[0]] { chain.insert(step, at: 0) }
        return chain.joined(separator: " → ")
    }
}
