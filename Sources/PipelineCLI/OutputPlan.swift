import Foundation
import Output
import Scene

/// The files a run writes, and the sinks that write them. A format that cannot be written (no
/// ffmpeg, or an ffmpeg without its encoder) is reported and skipped; the others, PNG always
/// among them, still are.
struct OutputPlan {
    /// A folder, or standard output (one streaming format alone, checked by `run`).
    enum Destination {
        case directory(String)
        case stream(FileHandle)
    }

    let scene: Scene
    let destination: Destination
    let formats: [OutputFormat]
    let quality: VideoQuality
    /// The frames' size in pixels (the canvas at the render scale).
    let width: Int, height: Int
    /// The frames of a `--frames` or `--shard` run, which name its videos; nil for a whole render.
    let part: Range<Int>?
    /// What an earlier run of the same render finished in the folder (`run --resume`): not written again.
    var finished = Finished()
    private(set) var problems: [String] = []

    /// Complete PNG frames and videos of this render found in its folder.
    struct Finished {
        var frames = Set<Int>()
        var formats = Set<OutputFormat>()
    }

    init(scene: Scene, destination: Destination, formats: [OutputFormat], quality: VideoQuality, width: Int, height: Int,
         part: Range<Int>?) {
        self.scene = scene
        self.destination = destination
        self.formats = formats
        self.quality = quality
        self.width = width
        self.height = height
        self.part = part
    }

    mutating func openSinks() -> [(path: String, sink: any FrameSink)] {
        var sinks: [(path: String, sink: any FrameSink)] = []
        // ffmpeg and its encoder list are looked up once, and a missing ffmpeg reported once.
        let ffmpeg = formats.contains(where: \.needsFFmpeg) ? Result { () throws(OutputError) in try FFmpegEncoders(ffmpegPath: try FFmpeg.require()) } : nil
        if case .failure(let error) = ffmpeg { report(error) }
        for format in formats where !finished.formats.contains(format) {
            do throws(OutputError) {
                if format.needsFFmpeg {
                    guard case .success(let encoders) = ffmpeg else { continue }
                    sinks.append(try open(format, with: encoders))
                } else {
                    sinks.append(try openPNGSequence())
                }
            } catch {
                report(error)
            }
        }
        return sinks
    }

    private mutating func report(_ error: OutputError) {
        Console.error(error.description)
        problems.append(error.description)
    }

    private func openPNGSequence() throws(OutputError) -> (path: String, sink: any FrameSink) {
        guard case .directory(let directory) = destination else { preconditionFailure("png needs a folder to write into") }
        let writer = try PNGSequenceWriter(directory: directory, frameCount: scene.frameCount, complete: finished.frames)
        return ("\(directory)/ (\(part?.count ?? scene.frameCount) PNG frames)", writer)
    }

    private func open(_ format: OutputFormat, with ffmpeg: FFmpegEncoders) throws(OutputError) -> (path: String, sink: any FrameSink) {
        try ffmpeg.require(format)
        let transparent = scene.canvas.background.a < 1
        switch destination {
        case .directory(let directory):
            let path = "\(directory)/\(videoName(format))"
            let encoder = try FFmpegEncoder(format: format, path: path, width: width, height: height, fps: scene.fps,
                                            quality: quality, transparentCanvas: transparent, ffmpegPath: ffmpeg.ffmpegPath)
            return (path, encoder)
        case .stream(let stream):
            let encoder = try FFmpegEncoder(format: format, stream: stream, width: width, height: height, fps: scene.fps,
                                            quality: quality, transparentCanvas: transparent, ffmpegPath: ffmpeg.ffmpegPath)
            return ("\(format.rawValue) to standard output", encoder)
        }
    }

    /// The files this plan writes in `directory`: PNG frames of `frames` and videos.
    func files(in directory: String, frames: Range<Int>) -> [PlannedFile] {
        formats.flatMap { format -> [PlannedFile] in
            guard format.needsFFmpeg else {
                return frames.map { PlannedFile(format: format, frame: $0, path: PNGSequenceWriter.path(directory: directory, frame: $0, frameCount: scene.frameCount)) }
            }
            return [PlannedFile(format: format, frame: nil, path: "\(directory)/\(videoName(format))")]
        }
    }

    /// One file of the plan: a PNG frame, or a video (no frame).
    struct PlannedFile {
        let format: OutputFormat
        let frame: Int?
        let path: String
    }

    /// The frames left to render: the whole part while a video is missing (a video needs
    /// every frame), else from the first to the last missing PNG; nil when all is done.
    func remaining(of frames: Range<Int>) -> Range<Int>? {
        if formats.contains(where: { $0.needsFFmpeg && !finished.formats.contains($0) }) { return frames }
        guard formats.contains(.png), let first = frames.first(where: { !finished.frames.contains($0) }),
              let last = frames.last(where: { !finished.frames.contains($0) }) else { return nil }
        return first..<last + 1
    }

    /// `pipeline.mp4`, or for part of a render `pipeline.0030-0059.mp4`, which sorts and joins in order.
    func videoName(_ format: OutputFormat) -> String {
        guard let part else { return "\(scene.output.name).\(format.rawValue)" }
        return VideoPart(base: scene.output.name, frames: part, frameCount: scene.frameCount, format: format).fileName
    }
}
