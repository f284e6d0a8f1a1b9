import Foundation

/// The preview's editor driven in headless Chromium by `Tests/Browser/studio.py` (Selenium over
/// Debian's chromium-driver), as a person would with a mouse and keyboard.
public enum StudioBrowser {
    /// What one action left: what the page showed and the file's text once it was done.
    public struct Action: Decodable {
        public struct State: Decodable {
            public let writes: Int
            public let status: String
            public let problem: String
        }

        public struct Released: Decodable {
            public let track: [[Double]]
            public let finishes: Bool
            public let frames: Int
        }

        public struct Boxes: Decodable {
            public let window: [Double]
            public let frame: [Double]
            public let tracks: [Double]
            public let chart: [Double]
            public let inspector: [Double]
            public let controls: [Double]
            public let scrollHeight: Double
            public let scrollWidth: Double
        }

        public struct Playing: Decodable {
            public let paused: Bool
            public let soundTime: Double
            public let frameTime: Double
            public let hasSound: Bool
            /// How many fetched frames the page keeps.
            public let framesKept: Int
        }

        /// The inspector's control an action used: its tag, type and role, the kind of value its
        /// row edits (`number`, `color`, `layer`, `file`, `effects`, …), and a menu's choices.
        public struct Control: Decodable {
            public let tag: String
            public let type: String
            public let role: String
            public let kind: String
            public let options: [String]?
        }

        public let state: State
        public let file: String
        public let control: Control?
        /// After a drag on the viewer: the frame's CSS pixels per canvas pixel, across and down.
        public let scale: [Double]?
        public let released: Released?
        /// The last frame the page showed after a release, as a base64 PNG.
        public let lastFrame: String?
        public let boxes: Boxes?
        public let playing: Playing?
    }

    public struct Run: Decodable {
        public let actions: [Action]
        /// What the page's console reported as errors.
        public let errors: [String]
        /// When the page reported itself loaded: whether the frame was complete (1), and its
        /// natural width and height.
        public let loaded: [Double]
    }

    public static let script = CLI.repositoryRoot.appendingPathComponent("Tests/Browser/studio.py").path

    /// Whether Chromium, its driver and Selenium are installed (`scripts/install-deps --test`).
    public static let available: Bool = {
        guard HeadlessChromium.path != nil, FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver"),
            let check = try? CLI.runProgram("/usr/bin/python3", ["-c", "import selenium"])
        else { return false }
        return check.status == 0
    }()

    /// Runs `actions` (each a list of words, see studio.py) one after the other on the page at `url`.
    public static func run(_ url: URL, _ actions: [[String]]) throws -> Run {
        try run(url, actions, reportedAs: Run.self)
    }

    /// As `run(_:_:)`, the report decoded as `Report` (a suite's own view of the fields it reads).
    public static func run<Report: Decodable>(
        _ url: URL, _ actions: [[String]], reportedAs: Report.Type
    ) throws -> Report {
        let words = actions.map { $0.joined(separator: " ") }.joined(separator: " then ").split(separator: " ")
        let result = try CLI.runProgram("/usr/bin/python3", [script, url.absoluteString] + words.map(String.init))
        guard result.status == 0 else {
            throw PreviewServerProcess.Failure(
                description: "studio.py \(actions) exited \(result.status): \(result.stderr)\(result.stdout)")
        }
        return try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8))
    }
}
