import Foundation
import Output
import Scene

/// The files a run writes, and the sinks that write them. A format that cannot be written (no
/// ffmpeg, or an ffmpeg without its encoder) is a problem that skips it; the others, PNG always
/// among them, are still written.
struct OutputPlan {
    /// A folder, or standard output (one streaming format alone, checked by the caller).
    enum Destination {
        case directory(String)
        case stream(FileHandle)
    }

    let scene: Scene
    let destination: Destination
    let formats: [OutputFormat]
    /// The videos of their own size or frame rate, made from the same frames (a whole render's only).
    let previews: [PreviewOutput]
    let quality: VideoQuality
    /// The frames' size in pixels (the canvas at the render scale).
    let width: Int, height: Int
    /// The frames of a `--frames` or `--shard` run, which name its videos; nil for a whole render.
    let part: Range<Int>?
    /// The videos' name when they share the folder with other renders' (`RenderJob.Options.sharesFolder`).
    let sharedBy: String?
    /// The render's sound, laid under the videos that carry sound (carried in the metadata of a part's).
    var sound: SoundMix?
    /// The render's captions as subtitle tracks (`output.subtitles`), laid into the videos that
    /// carry subtitles (a part's for its own frames, see `VideoSubtitles`).
    var subtitles: Subtitles?
    /// The caption files of the subtitle tracks, in layer order: a resumed run keeps a video
    /// only while they are unchanged.
    var captionFiles: [String] { scene.layers.compactMap { $0.content.text?.captions?.file } }
    /// What an earlier run of the same render finished in the folder (`run --resume`): not written again.
    var finished = Finished()
    /// The outputs `openSinks` could not open, in the order they were tried.
    private(set) var problems: [OutputError] = []

    /// Complete PNG frames and videos (by file name) of this render found in its folder.
    struct Finished: Equatable {
        var frames = Set<Int>()
        var videos = Set<String>()
    }

    /// An output being written, and how messages name it.
    typealias Sink = (path: String, sink: any FrameSink)

    init(
        scene: Scene, destination: Destination, formats: [OutputFormat], previews: [PreviewOutput] = [],
        quality: VideoQuality, width: Int, height: Int, part: Range<Int>?, sharedBy: String? = nil
    ) {
        self.scene = scene
        self.destination = destination
        self.formats = formats
        self.previews = previews
        self.quality = quality
        self.width = width
        self.height = height
        self.part = part
        self.sharedBy = sharedBy
    }

    /// Opens a sink for each format not finished yet; the ones that fail are kept in `problems`.
    mutating func openSinks() -> [Sink] {
        var sinks: [Sink] = []
        // ffmpeg and its encoder list are looked up once, and a missing ffmpeg reported once.
        let ffmpeg =
            writtenFormats.contains(where: \.needsFFmpeg)
            ? Result { () throws(OutputError) in try FFmpegEncoders(ffmpegPath: try FFmpeg.require()) } : nil
        if case .failure(let error) = ffmpeg { problems.append(error) }
        for format in formats where !format.needsFFmpeg || !finished.videos.contains(videoName(format)) {
            do throws(OutputError) {
                if format.needsFFmpeg {
                    guard case .success(let encoders) = ffmpeg else { continue }
                    sinks.append(try open(format, with: encoders))
                } else {
                    sinks.append(try openPNGSequence())
                }
            } catch {
                problems.append(error)
            }
        }
        for preview in previews where !finished.videos.contains(videoName(preview.format, preview: preview)) {
            guard case .success(let encoders) = ffmpeg else { break }
            do throws(OutputError) {
                let (path, encoder) = try open(preview.format, preview: preview, with: encoders)
                let fps = preview.fps ?? scene.fps
                sinks.append((path, PreviewSink(encoder, renderFPS: scene.fps, fps: fps, frameCount: scene.frameCount)))
            } catch {
                problems.append(error)
            }
        }
        return sinks
    }

    /// The formats of every output, the previews' among them.
    var writtenFormats: [OutputFormat] { OutputFormat.written(formats, previews) }

    private func openPNGSequence() throws(OutputError) -> Sink {
        guard case .directory(let directory) = destination else {
            preconditionFailure("png needs a folder to write into")
        }
        let writer = try PNGSequenceWriter(
            directory: directory, frameCount: scene.frameCount,
            complete: finished.frames)
        return ("\(directory)/ (\(part?.count ?? scene.frameCount) PNG frames)", writer)
    }

    private func open(
        _ format: OutputFormat, preview: PreviewOutput? = nil, with ffmpeg: FFmpegEncoders
    ) throws(OutputError) -> Sink {
        try ffmpeg.require(format)
        let (transparent, path) = (scene.canvas.background.a < 1, ffmpeg.ffmpegPath)
        switch destination {
        case .directory(let directory):
            let file = "\(directory)/\(videoName(format, preview: preview))"
            let videoSound = sound.map { mix in part.map { VideoSound.carried(mix, part: $0) } ?? .mixed(mix) }
            if videoSound != nil, let encoder = format.soundEncoder {
                try ffmpeg.require(encoder: encoder, for: format)
            }
            let encoder = try FFmpegEncoder(
                format: format, path: file, width: width, height: height, fps: preview?.fps ?? scene.fps,
                quality: quality, transparentCanvas: transparent, sound: videoSound,
                subtitles: subtitles.map { VideoSubtitles($0, part: part) },
                resize: preview.flatMap { $0.scale == 1 ? nil : $0.size(width: width, height: height) },
                ffmpegPath: path)
            return (file, encoder)
        case .stream(let stream):
            precondition(preview == nil, "a stream takes one format at the render's size")
            let encoder = try FFmpegEncoder(
                format: format, stream: stream, width: width, height: height,
                fps: scene.fps, quality: quality, transparentCanvas: transparent,
                ffmpegPath: path)
            return ("\(format.rawValue) to standard output", encoder)
        }
    }

    /// The files this plan writes in `directory`: PNG frames of `frames` and videos.
    func files(in directory: String, frames: Range<Int>) -> [PlannedFile] {
        formats.flatMap { format -> [PlannedFile] in
            guard format.needsFFmpeg else {
                return frames.map { frame in
                    let path = PNGSequenceWriter.path(directory: directory, frame: frame, frameCount: scene.frameCount)
                    return PlannedFile(format: format, frame: frame, path: path)
                }
            }
            return [PlannedFile(format: format, frame: nil, path: "\(directory)/\(videoName(format))")]
        }
            + previews.map { preview in
                PlannedFile(
                    format: preview.format, frame: nil,
                    path: "\(directory)/\(videoName(preview.format, preview: preview))", preview: preview)
            }
    }

    /// One file of the plan: a PNG frame, or a video (no frame).
    struct PlannedFile {
        let format: OutputFormat
        let frame: Int?
        let path: String
        var preview: PreviewOutput? = nil

        /// How messages name a video: its format, or a preview's spec (`webp:scale=0.33`).
        var label: String { preview?.spec ?? format.rawValue }
        /// The file's name, by which a run's record and `Finished` know a video.
        var name: String { (path as NSString).lastPathComponent }
    }

    /// The frames left to render: the whole part while a video is missing (a video needs
    /// every frame), else from the first to the last missing PNG; nil when all is done.
    func remaining(of frames: Range<Int>) -> Range<Int>? {
        if formats.contains(where: { $0.needsFFmpeg && !finished.videos.contains(videoName($0)) })
            || previews.contains(where: { !finished.videos.contains(videoName($0.format, preview: $0)) })
        {
            return frames
        }
        guard formats.contains(.png), let first = frames.first(where: { !finished.frames.contains($0) }),
            let last = frames.last(where: { !finished.frames.contains($0) })
        else { return nil }
        return first..<last + 1
    }

    /// `pipeline.mp4`, a preview's `pipeline-0.33x-15fps.webp`, or for part of a render
    /// `pipeline.0030-0059.mp4`, which sorts and joins in order.
    func videoName(_ format: OutputFormat, preview: PreviewOutput? = nil) -> String {
        guard let part else { return "\(scene.output.name)\(preview?.nameSuffix ?? "").\(format.rawValue)" }
        return VideoPart(base: scene.output.name, frames: part, frameCount: scene.frameCount, format: format).fileName
    }

    /// `.pipeline-run.json` in `directory`, or the part's or the shared folder's own record.
    func recordPath(in directory: String) -> String {
        "\(directory)/\(RunRecord.fileName(part: part, frameCount: scene.frameCount, sharedBy: sharedBy))"
    }

    /// Every file a run writes must fit Linux's path limits; one that does not is named before
    /// anything is rendered.
    func checkPathLengths(in directory: String, frames: Range<Int>) throws(RenderJobError) {
        if let problem = PathLimits.problem(directory) { throw .folderTooLong(folder: directory, problem: problem) }
        // PNG names differ only in their digits, all of one length: the first stands for all.
        let files = files(in: directory, frames: frames).filter { $0.frame == nil || $0.frame == frames.lowerBound }
        for path in [recordPath(in: directory)] + files.map(\.path) {
            if let problem = PathLimits.problem(writing: path) { throw .fileNameTooLong(path: path, problem: problem) }
        }
    }
}
