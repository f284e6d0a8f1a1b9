import Compositor
import Foundation
import Output
import PluginRegistry
import Scene

@testable import Renderer

/// A pipeline without plugins in a fresh temporary folder: 20 frames (1 s at 20 fps) of a card,
/// written to `<folder>/out` as `card.*`.
struct JobFixture {
    let folder: String
    let scene: Scene

    init(frames: Int = 20, formats: [String] = ["png"]) throws {
        folder = NSTemporaryDirectory() + "renderer-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/card.json"
        let text = """
            { "version": 1,
              "canvas": { "width": 40, "height": 30, "fps": 20, "duration": \(Double(frames) / 20),
                          "background": "#202030" },
              "layers": [ { "name": "card", "fill": "#ff9500", "frame": [5, 5, 20, 10] } ],
              "output": { "dir": "out", "formats": [\(formats.map { "\"\($0)\"" }.joined(separator: ", "))] }
            }
            """
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        scene = try SceneDecoder.load(file: file, registry: Registry(opensPlugins: false))
    }

    var output: String { folder + "/out" }

    /// The names in the output folder, sorted, the run records left out.
    func outputFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: output).filter { !$0.hasPrefix(".pipeline-run") }.sorted()
    }

    /// Creates (empty) files of these names in the output folder, as complete outputs of a run.
    func place(_ names: [String]) throws {
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        for name in names { _ = FileManager.default.createFile(atPath: output + "/" + name, contents: Data()) }
    }

    func job(
        _ options: RenderJob.Options = RenderJob.Options(),
        reporter: RecordingReporter = RecordingReporter()
    ) -> RenderJob {
        RenderJob(scene: scene, images: .none, options: options, reporter: reporter)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }
}

/// Keeps what a job reports, to compare with what a user is told.
final class RecordingReporter: RenderJobReporter {
    private(set) var notes: [String] = []
    private(set) var warnings: [String] = []
    private(set) var problems: [String] = []
    private(set) var framesRendered = 0

    func note(_ message: String) { notes.append(message) }
    func warning(_ message: String) { warnings.append(message) }
    func problem(_ message: String) { problems.append(message) }
    func renderStarted(frames: Int) {}
    func frameRendered() { framesRendered += 1 }
    func renderFinished() {}
}

/// `frame_0003.png` … for frames of a render of fewer than 10,000 frames.
func frameNames(_ frames: some Sequence<Int>) -> [String] {
    frames.map { String(format: "frame_%04d.png", $0) }
}
