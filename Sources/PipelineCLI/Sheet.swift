import ArgumentParser
import Foundation
import PipelineKit

extension Pipeline {
    struct Sheet: ParsableCommand {
        static let configuration = CommandConfiguration.subcommand(
            "sheet", "Write a contact sheet of frames and, with --chart, a timing chart of the steps.",
            guide: OpenPipeline.SheetOptions.guide)

        @OptionGroup var input: PipelineFile
        @Option(help: ArgumentHelp("Comma-separated times in seconds, e.g. 0,0.25,0.5.", valueName: "seconds,…"))
        var times: String?
        @Option(
            help: ArgumentHelp(
                "How many frames, evenly spaced (default \(OpenPipeline.SheetOptions.defaultCount)).", valueName: "n"))
        var count: Int?
        @Option(help: .init("Cells per row (default \(OpenPipeline.SheetOptions.defaultColumns)).", valueName: "n"))
        var columns: Int?
        @Option(
            help: ArgumentHelp(
                "The width of each cell in pixels (default: the sheet is about \(OpenPipeline.SheetOptions.defaultSheetWidth) px wide).",
                valueName: "px"))
        var width: Int?
        @Option(
            name: .shortAndLong, help: ArgumentHelp("The contact sheet PNG to write.", valueName: "path"),
            completion: .file())
        var output: String = "sheet.png"
        @Option(help: ArgumentHelp("Also write the timing chart to this PNG.", valueName: "path"), completion: .file())
        var chart: String?
        @OptionGroup var plugins: PluginOptions
        @OptionGroup var images: ImageOptions

        func validate() throws {
            if times != nil && count != nil { throw ValidationError("give --times or --count, not both") }
            let sheet = try sheetOptions()
            try Session.usage { try sheet.check(naming: { "--" + ($0 == "cellWidth" ? "width" : $0) }) }
            try checkOutput(output, option: "-o")
            if let chart { try checkOutput(chart, option: "--chart") }
        }

        func run() throws {
            let pipeline = try Session.open(input.file, plugins, images)
            defer { pipeline.close() }
            let options = try sheetOptions()
            if let problem = options.times?.lazy.compactMap(pipeline.pastTheEnd).first {
                Console.error("--times: \(problem)")
                throw ExitCode.failure
            }
            pipeline.warnings.forEach(Console.warn)
            let substitutions = try Session.attempt {
                let replaced = try pipeline.writeSheet(to: output, options)
                replaced.forEach(Console.warn)
                Console.note("wrote \(output)")
                if let chart {
                    if let problem = try pipeline.writeChart(to: chart) { Console.warn("timing chart: \(problem)") }
                    Console.note("wrote \(chart)")
                }
                return replaced
            }
            if !substitutions.isEmpty { throw Session.writtenWithSubstitutions() }
        }

        /// The sheet the flags ask for; `--times` that cannot be read is a usage error.
        private func sheetOptions() throws -> OpenPipeline.SheetOptions {
            var options = OpenPipeline.SheetOptions()
            options.times = try Session.usage(naming: "--times") { try times.map(OpenPipeline.SheetOptions.times) }
            options.count = count ?? options.count
            (options.columns, options.cellWidth) = (columns, width)
            return options
        }
    }
}
