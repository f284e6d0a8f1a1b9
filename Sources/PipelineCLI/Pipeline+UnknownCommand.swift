import ArgumentParser
import PipelineKit

extension Pipeline {
    /// What to say when the first argument names no command: `unknown command "rnu"; did you
    /// mean "run"?`, or the commands when none is near. Nil when it names one (the error is
    /// then that command's) or is an option.
    static func unknownCommand(_ word: String?) -> String? {
        guard let word, !word.hasPrefix("-") else { return nil }
        let commands = configuration.subcommands.map { $0._commandName }
        guard !commands.contains(word), word != "help" else { return nil }
        let shown = configuration.subcommands.filter { $0.configuration.shouldDisplay }.map { $0._commandName }
        let unknown = "unknown command \"\(word)\""
        if let nearest = OpenPipeline.nearestName(to: word, among: shown) {
            return "\(unknown); did you mean \"\(nearest)\"?"
        }
        if word.hasSuffix(".json") { return "\(unknown); to render that pipeline: pipeline run \(word)" }
        return "\(unknown); the commands are \(shown.joined(separator: ", ")) (pipeline help COMMAND tells more)"
    }
}
