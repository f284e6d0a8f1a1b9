import Foundation

/// The preview's editor driven in headless Chromium by `Tests/Browser/studio.py` (Selenium over
/// Debian's chromium-driver), as a person would with a mouse and keyboard.
enum StudioBrowser {
    /// What one action left: what the page showed and the file's text once it was done.
    struct Action: Decodable {
        struct State: Decodable {
            let writes: Int
            let status: String
            let problem: String
        }

        struct Released: Decodable {
            let track: [[Double]]
            let finishes: Bool
            let frames: Int
        }

        struct Boxes: Decodable {
            let window: [Double]
            let frame: [Double]
            let tracks: [Double]
            let chart: [Double]
            let inspector: [Double]
            let controls: [Double]
            let scrollHeight: Double
            let scrollWidth: Double
        }

        struct Playing: Decodable {
            let paused: Bool
            let soundTime: Double
            let frameTime: Double
            let hasSound: Bool
        }

        let state: State
        let file: String
        let released: Released?
        /// The last frame the page showed after a release, as a base64 PNG.
        let lastFrame: String?
        let boxes: Boxes?
        let playing: Playing?
    }

    struct Run: Decodable {
        let actions: [Action]
        /// What the page's console reported as errors.
        let errors: [String]
        /// When the page reported itself loaded: whether the frame was complete (1), and its
        /// natural width and height.
        let loaded: [Double]
    }

    static let script = CLI.repositoryRoot.appendingPathComponent("Tests/Browser/studio.py").path

    /// Whether Chromium, its driver and Selenium are installed (`scripts/install-deps --test`).
    static let available: Bool = {
        guard HeadlessChromium.path != nil, FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver"),
            let check = try? CLI.runProgram("/usr/bin/python3", ["-c", "import selenium"])
        else { return false }
        return check.status == 0
    }()

    /// Runs `actions` (each a list of words, see studio.py) one after the other on the page at `url`.
    static func run(_ url: URL, _ actions: [[String]]) throws -> Run {
        let words = actions.map { $0.joined(separator: " ") }.joined(separator: " then ").split(separator: " ")
        let result = try CLI.runProgram("/usr/bin/python3", [script, url.absoluteString] + words.map(String.init))
        guard result.status == 0 else {
            throw PreviewServerProcess.Failure(
                description: "studio.py \(actions) exited \(result.status): \(result.stderr)\(result.stdout)")
        }
        return try JSONDecoder().decode(Run.self, from: Data(result.stdout.utf8))
    }
}
