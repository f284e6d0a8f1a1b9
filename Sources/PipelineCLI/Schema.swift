import ArgumentParser
import Scene

extension Pipeline {
    struct Schema: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "schema",
            abstract: "Print the JSON Schema of pipeline files, for editors.",
            discussion: """
                Prints a JSON Schema (draft 2020-12) of the pipeline format: every key with its type, range, \
                default and a description, and the parameters of the animators, mixers and timing curves \
                installed now (add --plugins for others). Editors that read "$schema" then complete and check \
                pipeline files as you type.

                Examples:
                  pipeline schema > pipeline.schema.json
                  pipeline schema --plugins ./my-plugins > pipeline.schema.json
                then give pipeline files "$schema": "pipeline.schema.json".
                """)

        @OptionGroup var plugins: PluginOptions

        func run() throws {
            let registry = Session.registry(plugins, pipelineFile: nil)
            defer { registry.shutdown() }
            print(SchemaDocument(registry: registry).json.text())
        }
    }
}
