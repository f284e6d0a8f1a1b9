import Compositor
import Foundation
import Output
import Renderer
import Scene
import Sheet

extension Pipeline {
    /// What a contact sheet shows and how it is laid out.
    public struct SheetOptions: Sendable {
        /// Seconds into the render, each at most its duration; nil: `count` frames evenly spaced
        /// from the first to the last.
        public var times: [Double]?
        /// Frames shown when no `times` are given.
        public var count = SheetTimes.defaultCount
        /// Cells per row; nil for the default.
        public var columns: Int?
        /// Each cell's width in pixels; nil makes the sheet about `SheetLayout.defaultSheetWidth` wide.
        public var cellWidth: Int?

        public init() {}

        /// Comma-separated times (`0,0.25,0.5`), each a finite, non-negative number of seconds.
        public static func times(_ text: String) throws(PipelineError) -> [Double] {
            let items = text.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard items.count <= maximumCells else {
                throw PipelineError(.argument, "\(items.count) times given, at most \(maximumCells)")
            }
            return try items.map { item throws(PipelineError) in
                guard let value = Double(item), value.isFinite, value >= 0 else {
                    throw PipelineError(
                        .argument,
                        "\"\(item)\" is not a time in seconds; give comma-separated seconds such as 0,0.25,0.5")
                }
                return value
            }
        }

        /// The most cells a sheet has.
        public static let maximumCells = 400
        /// The cells a row may have.
        public static let columnRange = 1...64
        /// The widths a cell may have, in pixels.
        public static let cellWidthRange = 16...4096
        public static let defaultCount = SheetTimes.defaultCount
        public static let defaultColumns = SheetLayout.defaultColumns
        public static let defaultSheetWidth = SheetLayout.defaultSheetWidth

        /// Checks `count`, `columns` and `cellWidth`, throwing the first out of its range. `name`
        /// spells each in the message: its property name by default, a flag for a command.
        public func check(naming name: (String) -> String = { $0 }) throws(PipelineError) {
            func refuse(_ message: String) -> PipelineError { PipelineError(.argument, message) }
            guard (1...Self.maximumCells).contains(count) else {
                throw refuse("\(name("count")) must be in 1...\(Self.maximumCells), got \(count)")
            }
            if let columns, !Self.columnRange.contains(columns) {
                throw refuse("\(name("columns")) must be in \(Self.columnRange), got \(columns)")
            }
            if let cellWidth, !Self.cellWidthRange.contains(cellWidth) {
                throw refuse(
                    "\(name("cellWidth")) must be a cell width in \(Self.cellWidthRange) pixels, got \(cellWidth)")
            }
        }

        /// What a sheet and a chart show, with examples: `pipeline sheet --help` shows it.
        public static let guide = """
            The sheet shows the frames at --times (seconds into the render, up to its end) or --count \
            frames evenly spaced from the first frame to the last (default \(defaultCount)). Each cell is a \
            frame as run writes it, captioned with that frame's number and time: a time between two frames \
            shows the frame on screen then, the one at or before it. The chart plots every timeline step's \
            progress over the render's time, one row per step, overshoot included.

            Examples:
              pipeline sheet pipeline.json -o sheet.png --chart timing-chart.png
              pipeline sheet pipeline.json --times 0,0.25,0.5,1 --columns 2 --width 300
              jq '.direction = "dismiss"' pipeline.json | pipeline sheet - -o dismiss.png
            """
    }

    /// Writes a contact sheet of frames to `path` as `pipeline sheet` does, each cell captioned
    /// with its frame's number and time. Returns the values a plugin got wrong and that were
    /// replaced, one warning each.
    public func writeSheet(to path: String, _ options: SheetOptions = SheetOptions()) throws(PipelineError)
        -> [String]
    {
        let times = options.times ?? SheetTimes.evenlySpaced(count: options.count, in: scene)
        if let outside = times.first(where: { !$0.isFinite || $0 < 0 || scene.isPastTheEnd($0) }) {
            throw PipelineError(.range, "\(outside) s is past the end: \(scene.endDescription)")
        }
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { throw PipelineError(.argument, "the pipeline is closed") }
        let images = try decodedImages()
        let layout = SheetLayout(
            count: times.count, columns: options.columns, cellWidth: options.cellWidth,
            canvasWidth: scene.canvas.width, canvasHeight: scene.canvas.height)
        do throws(RenderError) {
            let evaluator = try FrameEvaluator(scene: scene, isolation: isolation)
            let sheet = try ContactSheet.render(evaluator, images: images, times: times, layout: layout)
            try Self.write(sheet, to: path)
            return evaluator.substitutions.all.map(\.description)
        } catch {
            throw PipelineError(error)
        }
    }

    /// Writes the timing chart of the steps to `path` as `pipeline sheet --chart` does: every
    /// step's progress over the render's time, one row per step. Returns why the chart could not
    /// show every curve, if it could not.
    public func writeChart(to path: String) throws(PipelineError) -> String? {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { throw PipelineError(.argument, "the pipeline is closed") }
        do throws(RenderError) {
            let evaluator = try FrameEvaluator(scene: scene, isolation: isolation)
            let (picture, failure) = evaluator.evaluatingCurves(TimingChart.render)
            switch picture {
            case .success(let picture): try Self.write(picture, to: path)
            case .failure(let error): throw RenderError.outOfMemory(error, frame: nil)
            }
            return failure.map { "\($0)" }
        } catch {
            throw PipelineError(error)
        }
    }

    private static func write(_ picture: FrameBuffer, to path: String) throws(RenderError) {
        do throws(OutputError) { try writePNG(picture.view, to: path) } catch { throw RenderError.output(error) }
    }
}
