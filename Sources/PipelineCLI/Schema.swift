import ArgumentParser
import PipelineKit

extension Pipeline {
    struct Schema: ParsableCommand {
        static let configuration = CommandConfiguration.subcommand(
            "schema", "Print the JSON Schema of pipeline files, for editors.",
            guide: PluginCatalog.schemaGuide)

        @OptionGroup var plugins: PluginOptions
        @Flag(help: "Print the format's keys as Markdown tables (the README's reference) instead of the JSON Schema.")
        var markdown = false
        @Flag(help: .hidden) var renderOptionsMarkdown = false

        func run() throws {
            if markdown { return print(OpenPipeline.keyReference, terminator: "") }
            if renderOptionsMarkdown { return print(RenderSetting.markdown, terminator: "") }
            let catalog = PluginCatalog(folders: plugins.directories, warning: Console.warn)
            defer { catalog.close() }
            print(catalog.schema)
        }
    }
}
