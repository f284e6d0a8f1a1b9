import Foundation
import PipelineKit
import Testing

/// The `pipeline run` command lines the docs and the Kubernetes manifest show are made of the
/// render options PipelineKit declares: each flag is a declared option, each value passes its
/// check, and the manifest's arguments are exactly what the declarations write for those values.
@Suite struct DocumentedRunsTests {
    typealias Setting = Pipeline.RenderOptions.Setting

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
    }

    /// `run`'s options that choose the pipeline's input rather than its render (PipelineFile and
    /// the batch option in Sources/PipelineCLI), each with one value.
    static let inputOptions: Set<String> = ["--set", "--props", "--batch", "--plugins"]

    /// The render options `arguments` give (after `pipeline run FILE`), read through the
    /// declarations, and the settings given; records a problem for a flag no option declares.
    static func options(reading arguments: [String], in place: String) throws -> (Pipeline.RenderOptions, [Setting]) {
        var options = Pipeline.RenderOptions()
        var given: [Setting] = []
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            if inputOptions.contains(flag) {
                _ = rest.popFirst()
                continue
            }
            guard
                let setting = Setting.allCases.first(where: { $0.option == flag || $0.short.map { "-\($0)" } == flag })
            else {
                Issue.record("\(place): \(flag) is not a declared render option")
                continue
            }
            given.append(setting)
            if setting.valueName == nil {
                try options.set(setting, "true")
            } else {
                guard let value = rest.popFirst() else {
                    Issue.record("\(place): \(flag) has no value")
                    break
                }
                try options.set(setting, value)
            }
        }
        options.environment = ["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "8"]
        try options.check()
        return (options, given)
    }

    /// The arguments after `pipeline run FILE` of the manifest's render container, one list item a line.
    static func manifestArguments() throws -> [String] {
        let lines = try text("docs/kubernetes/render.yaml").split(separator: "\n").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let start = try #require(lines.firstIndex(of: "command:"), "render.yaml has no command")
        var items: [String] = []
        for line in lines[(start + 1)...] {
            guard line.hasPrefix("- ") else { break }
            items.append(String(line.dropFirst(2)))
        }
        #expect(Array(items.prefix(2)) == ["pipeline", "run"], "render.yaml's command runs \(items)")
        return Array(items.dropFirst(3))
    }

    @Test func theKubernetesManifestGivesTheDeclaredArgumentsInTheirOrder() throws {
        let given = try Self.manifestArguments()
        #expect(given.contains("--shard") && given.contains("auto"), "the manifest renders in parts: \(given)")
        let (options, settings) = try Self.options(reading: given, in: "docs/kubernetes/render.yaml")
        #expect(
            options.arguments(Setting.allCases.filter(settings.contains)) == given,
            "render.yaml's arguments are what the declarations write, in their order")
    }

    @Test func everyDocumentedRunGivesDeclaredOptions() throws {
        var runs = 0
        for doc in ["README.md", "docs/FARMS.md", "docs/COMMANDS.md"] {
            for (number, line) in try Self.text(doc).split(separator: "\n", omittingEmptySubsequences: false)
                .enumerated()
            {
                guard let range = line.range(of: "pipeline run ") else { continue }
                var words = line[range.upperBound...].split(separator: " ").map(String.init)
                guard let file = words.first, file.hasSuffix(".json") else { continue }
                words = Array(words.dropFirst().prefix { !$0.hasPrefix("#") && !$0.hasPrefix("`") && $0 != "|" })
                guard words.allSatisfy({ !$0.contains("`") && !$0.contains("…") }) else { continue }
                _ = try Self.options(reading: words, in: "\(doc):\(number + 1)")
                runs += 1
            }
        }
        #expect(runs >= 3, "the docs show \(runs) runs with options")
    }
}
