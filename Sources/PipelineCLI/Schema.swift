import ArgumentParser
import Scene

extension Pipeline {
    struct Schema: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "schema",
            abstract: "Print the JSON Schema of pipeline files, for editors.",
            discussion: """
                Prints a JSON Schema (draft 2020-12) of the pipeline format: every key with its type, range, \
                default and a description, and the parameters of the animators, mixers, effects and timing curves \
                installed now (add --plugins for others). Editors that read "$schema" then complete and check \
                pipeline files as you type.

                Examples:
                  pipeline schema > pipeline.schema.json
                  pipeline schema --plugins ./my-plugins > pipeline.schema.json
                then give pipeline files "$schema": "pipeline.schema.json".

                --markdown prints the same keys as Markdown tables instead (the README's key reference is \
                this output): every key of the format with its values, default and meaning.
                """)

        @OptionGroup var plugins: PluginOptions
        @Flag(help: "Print the format's keys as Markdown tables (the README's reference) instead of the JSON Schema.")
        var markdown = false

        func run() throws {
            if markdown { return print(KeyTable.markdown, terminator: "") }
            let registry = Session.registry(plugins, pipelineFile: nil, isolated: true)
            registry.scanAllFrei0r()
            defer { registry.shutdown() }
            print(SchemaDocument(registry: registry).json.text())
        }
    }
}
