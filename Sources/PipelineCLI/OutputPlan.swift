import Foundation
import Output
import Scene

/// The files a run writes, and the sinks that write them. A format that cannot be written
/// (no ffmpeg) is reported and skipped; the others, PNG always among them, still are.
struct OutputPlan {
    let scene: Scene
    let directory: String
    let formats: [OutputFormat]
    private(set) var problems: [String] = []

    init(scene: Scene, directory: String, formats: [OutputFormat]) {
        self.scene = scene
        self.directory = directory
        self.formats = formats
    }

    mutating func openSinks() -> [(path: String, sink: any FrameSink)] {
        var sinks: [(path: String, sink: any FrameSink)] = []
        for format in formats {
            do throws(OutputError) {
                sinks.append(try open(format))
            } catch {
                Console.error(error.description)
                problems.append(error.description)
            }
        }
        return sinks
    }

    private func open(_ format: OutputFormat) throws(OutputError) -> (path: String, sink: any FrameSink) {
        if format == .png {
            let writer = try PNGSequenceWriter(directory: directory, frameCount: scene.frameCount)
            return ("\(directory)/ (\(scene.frameCount) PNG frames)", writer)
        }
        let ffmpeg = try FFmpeg.require()
        let path = "\(directory)/\(scene.output.name).\(format.rawValue)"
        let encoder = try FFmpegEncoder(format: format, path: path, width: scene.canvas.width, height: scene.canvas.height,
                                        fps: scene.fps, ffmpegPath: ffmpeg)
        return (path, encoder)
    }
}
