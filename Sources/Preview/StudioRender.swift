import Foundation
import Hummingbird
import PipelineKit

/// Rendering from the studio (`pipeline preview --edit` only, with its token): the pipeline file
/// as it is on disk, into its outputs, as `pipeline run` renders it (`Pipeline.render`), one render
/// at a time. It runs on a thread of its own with a pipeline of its own, so frames go on being
/// served while it renders; the page reads its progress.
///
/// - `POST /render?token=TOKEN` starts a render; a 409 while one is running. Answers its status.
/// - `GET /render?token=TOKEN` the status: `{"state": "idle" | "running" | "finished" |
///   "cancelled" | "failed", "framesDone": N, "framesTotal": N, "files": [PATH…], "folders":
///   [FOLDER…], "warnings": […], "error": "…" or null}`: the files written (a video, a GIF) and the
///   folders of frames, as `pipeline run` names them (`out/ (90 PNG frames)`), each as the
///   pipeline's folder names it.
/// - `DELETE /render?token=TOKEN` stops the render at its next frame (the files finished stay
///   whole, as Ctrl-C leaves `pipeline run`'s).
/// - `GET /output?token=TOKEN&file=PATH` one of the `files` the last render wrote, as its media
///   type: what the page links to.
final class StudioRender: @unchecked Sendable {
    struct Status: Encodable, Sendable {
        var state = "idle"
        var framesDone = 0
        var framesTotal = 0
        var files: [String] = []
        var folders: [String] = []
        var warnings: [String] = []
        var error: String?
    }

    private let file: String
    private let options: Pipeline.OpenOptions
    /// Guards `status` and `stopAsked`, read by requests and written by the rendering thread.
    private let lock = NSLock()
    private var status = Status()
    private var stopAsked = false

    init(file: String, options: Pipeline.OpenOptions) {
        self.file = file
        self.options = options
    }

    var current: Status { lock.withLock { status } }

    /// Starts a render of the file as it is now, unless one is running (a 409 that says how far it is).
    func start() throws(HTTPError) -> Status {
        let started: Status? = lock.withLock {
            guard status.state != "running" else { return nil }
            status = Status(state: "running")
            stopAsked = false
            return status
        }
        guard let started else {
            let now = current
            throw HTTPError(
                .conflict,
                message: "a render is running (frame \(now.framesDone) of \(now.framesTotal)): "
                    + "wait for it to finish, or stop it with DELETE /render")
        }
        let thread = Thread { [self] in render() }
        thread.name = "pipeline.preview.render"
        thread.start()
        return started
    }

    /// Asks the running render to stop at its next frame; the status says when it has.
    func stop() -> Status {
        lock.withLock {
            if status.state == "running" { stopAsked = true }
            return status
        }
    }

    private func render() {
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().standardizedFileURL.path
        var ended = Status(state: "failed")
        do throws(PipelineError) {
            let pipeline = try Pipeline.open(file: file, options: options)
            defer { pipeline.close() }
            let result = try pipeline.render(Pipeline.RenderOptions()) { [self] progress in
                lock.withLock {
                    status.framesDone = progress.framesDone
                    status.framesTotal = progress.framesTotal
                    return !stopAsked
                }
            }
            ended.state = "finished"
            for written in result.written {
                // A folder of frames is named with its count: "out/ (90 PNG frames)".
                let parts = written.components(separatedBy: "/ (")
                var isFolder: ObjCBool = false
                if parts.count == 2 {
                    ended.folders.append(Self.relative(parts[0], to: folder) + "/ (" + parts[1])
                } else if FileManager.default.fileExists(atPath: written, isDirectory: &isFolder), !isFolder.boolValue {
                    ended.files.append(Self.relative(written, to: folder))
                }
            }
            ended.warnings = result.warnings
            if !result.isComplete { ended.error = "not every output could be written: see the warnings" }
        } catch {
            ended.state = error.code == .cancelled ? "cancelled" : "failed"
            ended.error = error.code == .cancelled ? nil : error.description
        }
        lock.withLock {
            ended.framesDone = status.framesDone
            ended.framesTotal = status.framesTotal
            status = ended
        }
    }

    /// `path` as the pipeline's folder names it: relative when it is inside the folder.
    static func relative(_ path: String, to folder: String) -> String {
        let absolute = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: folder, isDirectory: true))
            .standardizedFileURL.path
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
    }

    /// The bytes and media type of `name`, one of the files the last render wrote; a 404 for any
    /// other name, so the route reads nothing else.
    func output(_ name: String) throws(HTTPError) -> (bytes: Data, mediaType: String) {
        // A stopped or failed render lists no files (it throws before it says what it wrote).
        let files = lock.withLock { status.state == "finished" ? status.files : [] }
        guard files.contains(name) else {
            throw HTTPError(
                .notFound,
                message: files.isEmpty
                    ? "no render has written files yet: POST /render renders the pipeline"
                    : "\(name) is not one of the files the last render wrote: \(files.joined(separator: ", "))")
        }
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        let url = name.hasPrefix("/") ? URL(fileURLWithPath: name) : folder.appendingPathComponent(name)
        guard let bytes = try? Data(contentsOf: url) else {
            throw HTTPError(.notFound, message: "\(name) is gone since the render wrote it")
        }
        return (bytes, Self.mediaType(of: name))
    }

    static func mediaType(of name: String) -> String {
        switch URL(fileURLWithPath: name).pathExtension.lowercased() {
        case "mp4", "m4v": "video/mp4"
        case "mov": "video/quicktime"
        case "webm": "video/webm"
        case "gif": "image/gif"
        case "png", "apng": "image/png"
        case "webp": "image/webp"
        case "wav": "audio/wav"
        case "json": "application/json"
        default: "application/octet-stream"
        }
    }
}
