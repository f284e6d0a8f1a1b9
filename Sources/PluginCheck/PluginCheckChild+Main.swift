import Foundation
import PluginRegistry

extension PluginCheckChild {
    /// `_check-plugin-child FILE --budget-ms MS --timeout S --threads N [--skip CODES]`, as
    /// `CheckChildProcess` starts it. Returns the exit status.
    public static func main(_ arguments: [String]) -> Int32 {
        let parsed = ChildArguments(arguments)
        guard parsed.positional.count == 1, let budget = parsed.value("--budget-ms").flatMap(Double.init),
            let timeout = parsed.value("--timeout").flatMap(Double.init),
            let threads = parsed.value("--threads").flatMap(Int.init)
        else {
            return ChildArguments.refuse("_check-plugin-child", "expected FILE and its settings, got \(arguments)")
        }
        let skipping = Set((parsed.value("--skip") ?? "").split(separator: ",").compactMap(CheckOperation.init(code:)))
        let settings = CheckSettings(
            budget: .microseconds(Int64(budget * 1000)), timeLimit: .milliseconds(Int64(timeout * 1000)),
            threads: threads)
        return run(file: parsed.positional[0], skipping: skipping, settings: settings)
    }
}
