import ArgumentParser
import Compositor
import Foundation
import Output
import Renderer
import Scene
import Sheet

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
            help: ArgumentHelp("How many frames, evenly spaced (default \(SheetTimes.defaultCount)).", valueName: "n"))
        var count: Int?
        @Option(help: ArgumentHelp("Cells per row (default \(SheetLayout.defaultColumns)).", valueName: "n"))
        var columns: Int?
        @Option(
            help: ArgumentHelp(
                "The width of each cell in pixels (default: the sheet is about \(SheetLayout.defaultSheetWidth) px wide).",
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

        static let maxCells = 400

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
            let registry = Session.registry(plugins, pipelineFile: file)
            defer { registry.shutdown() }
            let (scene, decoded) = try Session.scene(file, registry: registry, options: try images.decoderOptions)
            let shown = try sheetTimes(scene)
            for warning in scene.warnings { Console.warn(warning.description) }
            let layout = SheetLayout(
                count: shown.count, columns: columns, cellWidth: width,
                canvasWidth: scene.canvas.width, canvasHeight: scene.canvas.height)
            let substituted: Bool
            do throws(RenderError) {
                let evaluator = try FrameEvaluator(scene: scene)
                let sheet = try ContactSheet.render(evaluator, images: decoded, times: shown, layout: layout)
                substituted = Session.warn(about: evaluator.substitutions)
                try write(sheet, to: output)
                if let chart {
                    let (picture, failure) = evaluator.evaluatingCurves(TimingChart.render)
                    if let failure { Console.warn("timing chart: \(failure)") }
                    switch picture {
                    case .success(let picture): try write(picture, to: chart)
                    case .failure(let error): throw RenderError.outOfMemory(error, frame: nil)
                    }
                }
            } catch {
                throw Session.fail(error)
            }
            if substituted { throw Session.writtenWithSubstitutions() }
        }

        /// The parsed --times; nil when not given. Every item must be a finite, non-negative number.
        private func parsedTimes() throws -> [Double]? {
            guard let times else { return nil }
            let items = times.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard items.count <= Self.maxCells else {
                throw ValidationError("--times gives \(items.count) times, at most \(Self.maxCells)")
            }
            return try items.map { item in
                guard let value = Double(item), value.isFinite, value >= 0 else {
                    throw ValidationError(
                        "--times: \"\(item)\" is not a time in seconds; give comma-separated seconds such as 0,0.25,0.5"
                    )
                }
                return value
            }
        }

        /// --times, checked against the render's length, or evenly spaced frames.
        private func sheetTimes(_ scene: Scene) throws -> [Double] {
            guard let given = try parsedTimes() else {
                return SheetTimes.evenlySpaced(count: count ?? SheetTimes.defaultCount, in: scene)
            }
            if let outside = given.first(where: scene.isPastTheEnd) {
                Console.error("--times: \(outside.formatted) is past the end: \(scene.endDescription)")
                throw ExitCode.failure
            }
            return given
        }

        private func write(_ picture: FrameBuffer, to path: String) throws(RenderError) {
            do throws(OutputError) { try writePNG(picture.view, to: path) } catch { throw RenderError.output(error) }
            Console.note("wrote \(path)")
        }
    }
}
