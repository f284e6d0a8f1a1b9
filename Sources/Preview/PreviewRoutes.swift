import Foundation
import Hummingbird
import PipelineKit

/// The preview's HTTP API; every answer but the page's files comes from the live scene's queue.
/// Only requests addressed to 127.0.0.1 or localhost at the listening port are answered
/// (`LoopbackOriginCheck`).
///
/// - `GET /` the page (`?t=SECONDS` starts it there), and `GET /NAME` the files it loads: the
///   files of `Page/` as they are (`PreviewPage`)
/// - `GET /frame?t=SECONDS` the frame shown that far into the render (0 up to its end, as
///   `pipeline frame --at` takes it), as PNG; any other `t` is a 400 that gives the range
/// - `GET /timeline.json` what the timing chart is drawn from (`TimelineSummary`)
/// - `GET /sound.wav` the pipeline's sound, mixed as `pipeline run` mixes a video's (404 when
///   it plays none)
/// - `GET /version` `{"version": N, "error": "…" or null}`: N grows with each reload; the
///   error is why the last reload failed (the last good scene is still served)
/// - `/pipeline` and `/editor.json`, and `draft` on `/frame` and `/timeline.json`, with `--edit`
///   only: see `PreviewEditing`
///
/// Any other method on these routes is a 405. Every error answers `{"error": {"message": "…",
/// "problems": […]}}` (`ErrorShape`).
enum PreviewRoutes {
    static func router(_ live: LiveScene, port: ListeningPort, editing: PreviewEditing?) -> Router<BasicRequestContext>
    {
        let router = Router()
        router.add(middleware: ErrorShape())
        router.add(middleware: LoopbackOriginCheck(port: port))
        router.add(middleware: MethodCheck(editing: editing != nil))
        if let editing {
            router.get("/pipeline") { request, _ in try await editing.text(request, live) }
            router.patch("/pipeline") { request, _ in try await editing.patch(request, live) }
            router.get("/editor.json") { request, _ in try await editing.editor(request, live) }
        }
        for file in PreviewPage.files {
            router.get(RouterPath(file.path)) { request, _ in
                // The page reads `t` itself; a bad one is refused here, where the message can say why.
                if file.path == "/" { _ = try PreviewQuery.time(request) }
                return file.response
            }
        }
        router.get("/frame") { request, _ in
            try await frame(request, live, draft: try PreviewEditing.draft(request, editing))
        }
        router.get("/timeline.json") { request, _ in
            let draft = try PreviewEditing.draft(request, editing)
            let answer = await live.perform { live -> Result<TimelineSummary, HTTPError> in
                drafted(draft, live).flatMap { kept in
                    live.timelineSummary(draft: kept).mapError {
                        HTTPError(.internalServerError, message: $0.description)
                    }
                }
            }
            return json(try JSONEncoder().encode(try answer.get()))
        }
        router.get("/sound.wav") { _, _ in
            try await sound(live)
        }
        router.get("/version") { _, _ in
            let status = await live.perform { VersionStatus(version: $0.version, error: $0.problem) }
            return json(try JSONEncoder().encode(status))
        }
        return router
    }

    struct VersionStatus: Encodable, Sendable {
        let version: Int
        let error: String?

        // Encodes `error: null` rather than leaving the key out, so the page can clear its message.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(version, forKey: .version)
            try container.encode(error, forKey: .error)
        }

        enum CodingKeys: String, CodingKey { case version, error }
    }

    /// The draft `patch` asks for (a 400 when it cannot be made), or nil for the file itself.
    private static func drafted(_ patch: String?, _ live: LiveScene) -> Result<LiveScene.Draft?, HTTPError> {
        guard let patch else { return .success(nil) }
        return live.draft(patch).map { $0 }.mapError { HTTPError(.badRequest, message: $0.description) }
    }

    private static func frame(_ request: Request, _ live: LiveScene, draft: String?) async throws -> Response {
        guard let seconds = try PreviewQuery.time(request) else {
            throw HTTPError(
                .badRequest, message: "frame needs ?t=SECONDS, a time in \(PreviewQuery.range), e.g. /frame?t=0.5")
        }
        let quality = try PreviewQuery.jpegQuality(request)
        let answer = await live.perform { live -> Result<(bytes: [UInt8], mediaType: String), HTTPError> in
            // The page is back on the file: a draft it left behind ends (and its plugin child).
            if draft == nil { live.keptDraft = nil }
            return drafted(draft, live).flatMap { kept in
                let shown = live.shown(kept).mapError { HTTPError(.internalServerError, message: $0.description) }
                if case .success(let pipeline) = shown, pipeline.isPastTheEnd(seconds) {
                    return .failure(
                        HTTPError(
                            .badRequest,
                            message: "t=\(PreviewQuery.text(seconds)) is past the end: \(pipeline.endDescription)"))
                }
                let image =
                    quality.map { live.viewerImage(at: seconds, quality: $0, draft: kept) }
                    ?? live.png(at: seconds, draft: kept).map { ($0, "image/png") }
                return image.mapError { HTTPError(.internalServerError, message: $0.description) }
            }
        }
        let image = try answer.get()
        return Response(
            status: .ok, headers: [.contentType: image.mediaType, .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(bytes: image.bytes)))
    }

    /// The sound, mixed once per version off the scene's queue, so frames go on being served
    /// while ffmpeg mixes.
    private static func sound(_ live: LiveScene) async throws -> Response {
        let (version, made, pipeline) = await live.perform { $0.soundMix() }
        let wav: Result<[UInt8], PreviewError>
        if let made {
            wav = made
        } else if let pipeline {
            wav = await withCheckedContinuation { continuation in
                DispatchQueue.global().async { continuation.resume(returning: LiveScene.wav(of: pipeline)) }
            }
            await live.perform { [wav] in $0.keepSound(wav, version: version) }
        } else {
            throw HTTPError(.notFound, message: "the pipeline plays no sound")
        }
        switch wav {
        case .success(let bytes):
            return Response(
                status: .ok, headers: [.contentType: "audio/wav", .cacheControl: "no-cache"],
                body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        case .failure(let error): throw HTTPError(.internalServerError, message: error.description)
        }
    }

    private static func json(_ data: Data) -> Response {
        Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
