import ArgumentParser
import Foundation
import PipelineKit
import Scene

extension Pipeline {
    struct Sheet: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sheet",
            abstract: "Write a contact sheet of frames and, with --chart, a timing chart of the steps.",
            discussion: """
                The sheet shows the frames at --times (seconds into the render, up to its end) or --count \
                frames evenly spaced from the first frame to the last (default 8). Each cell is a frame as run \
                writes it, captioned with that frame's number and time: a time between two frames shows the \
                frame on screen then, the one at or before it. The chart plots every timeline step's progress \
                over the render's time, one row per step, overshoot included.

                Examples:
                  pipeline sheet pipeline.json -o sheet.png --chart timing-chart.png
                  pipeline sheet pipeline.json --times 0,0.25,0.5,1 --columns 2 --width 300
                  jq '.direction = "dismiss"' pipeline.json | pipeline sheet - -o dismiss.png
                """)

        @Argument(help: PipelineInput.argumentHelp(), completion: .file(extensions: ["json"])) var file: String
        @Option(help: ArgumentHelp("Comma-separated times in seconds, e.g. 0,0.25,0.5.", valueName: "seconds,…"))
        var times: String?
        @Option(
            help: ArgumentHelp(
                "How many frames, evenly spaced (default \(OpenPipeline.SheetOptions.defaultCount)).", valueName: "n"))
        var count: Int?
        @Option(
            help: ArgumentHelp("Cells per row (default \(OpenPipeline.SheetOptions.defaultColumns)).", valueName: "n"))
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

        static let maxCells = OpenPipeline.SheetOptions.maximumCells

        func validate() throws {
            if times != nil && count != nil { throw ValidationError("give --times or --count, not both") }
            _ = try parsedTimes()
            if let count, !(1...Self.maxCells).contains(count) {
                throw ValidationError("--count must be in 1...\(Self.maxCells), got \(count)")
            }
            if let columns, !(1...64).contains(columns) {
                throw ValidationError("--columns must be in 1...64, got \(columns)")
            }
            if let width, !(16...4096).contains(width) {
                throw ValidationError("--width must be a cell width in 16...4096 pixels, got \(width)")
            }
            try PathLimits.checkOutput(output, option: "-o")
            if let chart { try PathLimits.checkOutput(chart, option: "--chart") }
        }

        func run() throws {
            let pipeline = try Session.open(file, plugins, images)
            defer { pipeline.close() }
            var options = OpenPipeline.SheetOptions()
            options.times = try parsedTimes()
            options.count = count ?? options.count
            (options.columns, options.cellWidth) = (columns, width)
            if let outside = options.times?.first(where: pipeline.scene.isPastTheEnd) {
                Console.error("--times: \(outside.formatted) is past the end: \(pipeline.scene.endDescription)")
                throw ExitCode.failure
            }
            pipeline.warnings.forEach(Console.warn)
            let substitutions: [String]
            do throws(PipelineError) {
                substitutions = try pipeline.writeSheet(to: output, options)
                substitutions.forEach(Console.warn)
                Console.note("wrote \(output)")
                if let chart {
                    if let problem = try pipeline.writeChart(to: chart) { Console.warn("timing chart: \(problem)") }
                    Console.note("wrote \(chart)")
                }
            } catch {
                throw Session.fail(error)
            }
            if !substitutions.isEmpty { throw Session.writtenWithSubstitutions() }
        }

        /// The parsed --times; nil when not given.
        private func parsedTimes() throws -> [Double]? {
            do throws(PipelineError) {
                return try times.map { text throws(PipelineError) in try OpenPipeline.SheetOptions.times(text) }
            } catch {
                throw ValidationError("--times: \(error.description)")
            }
        }
    }
}
