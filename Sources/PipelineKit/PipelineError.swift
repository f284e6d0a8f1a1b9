import OptionNames
import Renderer
import Scene

/// Why a pipeline could not be opened or rendered: every problem found, each with its place.
/// Opening reports every independent problem of a file at once; a render stops at its first.
/// Messages name options by their plain names (`frames`); a surface words them its own way with
/// `worded(_:)` (the command line as `--frames`).
public struct PipelineError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure it is; the C API's `pipeline_status` values.
    public enum Code: Int32, Sendable {
        /// The pipeline, its props or one of its files is wrong: fix the input.
        case input = 1
        /// A plugin failed, crashed or hung, or an output could not be written.
        case render = 2
        /// A call was given what it cannot take: a closed pipeline, a buffer too small.
        case argument = 3
        /// A frame index outside the render.
        case range = 4
        /// The caller's progress callback asked to stop.
        case cancelled = 5

        /// The exit status of a command failing with it, as `pipeline` exits: 1 the input (or
        /// the call) was wrong, 2 a plugin or the environment failed, 130 (the shell's code for
        /// Ctrl-C) the render was stopped.
        public var exitStatus: Int32 {
            switch self {
            case .input, .argument, .range: 1
            case .render: 2
            case .cancelled: 130
            }
        }
    }

    /// One problem and where it is. `line` and `column` count from 1; 0 when the problem has no
    /// place in a file. `jsonPath` is the value's path in the pipeline (`timeline[2].duration`).
    public struct Problem: Sendable, CustomStringConvertible {
        public private(set) var message: String
        public let file: String
        public let line: Int
        public let column: Int
        public let jsonPath: String
        /// The line the CLI prints: `pipeline.json:12:5: timeline[2].duration: must be positive`.
        public private(set) var description: String
        /// The message, its options not yet worded, and what `description` puts before it.
        let text: OptionText
        let place: String

        init(_ text: OptionText, place: String, file: String, line: Int, column: Int, jsonPath: String) {
            (self.text, self.place, self.file, self.line, self.column, self.jsonPath) =
                (text, place, file, line, column, jsonPath)
            message = text.description
            description = place + message
        }

        /// The problem with its options as `name` spells them.
        func worded(_ name: (Pipeline.Option) -> String) -> Problem {
            var worded = self
            worded.message = text.worded(name)
            worded.description = place + worded.message
            return worded
        }
    }

    public let code: Code
    /// At least one.
    public private(set) var problems: [Problem]

    /// Every problem, one line each.
    public var description: String { problems.map(\.description).joined(separator: "\n") }

    /// The first problem's message, file and place.
    public var first: Problem { problems[0] }

    package init(_ code: Code, _ message: String, file: String = "") {
        self.init(code, OptionText(stringLiteral: message), file: file)
    }

    /// A problem whose message names options.
    init(_ code: Code, _ text: OptionText, file: String = "") {
        self.code = code
        problems = [Problem(text, place: "", file: file, line: 0, column: 0, jsonPath: "")]
    }

    /// The error with every option its messages name as `name` spells it: `\.option` for the
    /// command line (`--frames`).
    public func worded(_ name: (Pipeline.Option) -> String) -> PipelineError {
        var worded = self
        worded.problems = problems.map { $0.worded(name) }
        return worded
    }

    /// A call given what it cannot take (a NULL pointer, a buffer too small).
    public init(argument message: String) { self.init(.argument, message) }

    init(_ error: SceneError) {
        code = error.worstKind == .plugin ? .render : .input
        problems = error.all.map { each in
            Problem(
                "\(each.message)", place: String(each.description.dropLast(each.message.count)), file: each.file,
                line: each.position?.line ?? 0, column: each.position?.column ?? 0,
                jsonPath: each.path?.description ?? "")
        }
    }

    init(_ error: RenderError) {
        if case .interrupted = error {
            self.init(.cancelled, "the render was stopped by its progress callback")
        } else {
            self.init(.render, error.text)
        }
    }
}
