import Foundation
import Hummingbird
import PipelineKit
import StudioSupport

/// The preview's HTTP API; every answer but the page's files comes from the live scene's queue.
/// Only requests addressed to 127.0.0.1 or localhost at the listening port are answered
/// (`LoopbackOriginCheck`).
///
/// - `GET /` the page (`?t=SECONDS` starts it there), and `GET /NAME` the files it loads: the
///   files of `Page/` as they are (`PreviewPage`)
/// - `GET /frame?t=SECONDS` the frame shown that far into the render (0 up to its end, as
///   `pipeline frame --at` takes it), as PNG; any other `t` is a 400 that gives the range.
///   `format=jpeg` (with `quality` 1–100) answers a JPEG when the frame is opaque, and
///   `scale` (0.1–1) draws it smaller, as `pipeline frame --scale` does: what playing shows.
///   `blur=off` draws it without the pipeline's motion blur, `blur=N` (1–64) with at most N
///   samples (what playing asks for when full samples cannot keep up); without it, as the file says
/// - `GET /timeline.json` what the timing chart is drawn from (`TimelineSummary`), and the most
///   samples the pipeline's motion blur takes (`motionBlurSamples`, null for none)
/// - `GET /sound.wav` the pipeline's sound, mixed as `pipeline run` mixes a video's (404 when
///   it plays none)
/// - `GET /thumbnail?layer=PATH&t=SECONDS&height=PIXELS` a small JPEG of the footage frame a
///   video or image-sequence layer (named by its track path) shows at `t`, `height` pixels tall
///   (8–360) in its footage's aspect; 204 when the layer shows no frame then
/// - `GET /waveform.json?buckets=N` `{"duration": SECONDS, "buckets": N, "peaks": […], "sounds":
///   [{"label", "peaks": […], "gains": […]}]}`: the loudest level (0–1) of the sound's mix (as
///   `/sound.wav` gives it) in each of N equal spans (1–20000); and for each sound it mixes, the
///   loudest level of its own sound and its gain at the middle of each span (its volume as
///   animated, fades, crossfades and ducking); 404 when the pipeline plays none
/// - `GET /text-units?layer=NAME&t=SECONDS` the characters of a text layer's text (named by its
///   track path or its name) in the frame shown at `t`, as `Pipeline.TextCharacters` encodes them:
///   `{"layer": PATH, "time": SECONDS, "animatorCount": N, "characters": [{"character", "index",
///   "corners": [[x, y] × 4] in canvas points, "weights": [one per animator, −1…1]}]}`: what the
///   studio shades to show a text animator's range. A layer without text answers no characters;
///   a `t` past the end is a 400 that gives the range, a layer the pipeline lacks a 404. With
///   `--edit`, `draft` as on `/frame`
/// - `GET /version` `{"version": N, "error": "…" or null}`: N grows with each reload; the
///   error is why the last reload failed (the last good scene is still served)
/// - `/pipeline` and `/editor.json`, and `draft` on `/frame`, `/timeline.json` and `/text-units`,
///   with `--edit` only: see `PreviewEditing`; `/render` and `/output`, with `--edit` only: see
///   `StudioRender`
///
/// Any other method on these routes is a 405. Every error answers `{"error": {"message": "…",
/// "problems": […]}}` (`ErrorShape`).
package enum PreviewRoutes {
    static func router(_ live: LiveScene, port: ListeningPort, editing: PreviewEditing?) -> Router<BasicRequestContext>
    {
        // HEAD answers as GET would, without the body: the method check says both are answered.
        let router = Router(options: .autoGenerateHeadEndpoints)
        router.add(middleware: ErrorShape())
        router.add(middleware: LoopbackOriginCheck(port: port))
        router.add(middleware: MethodCheck(editing: editing != nil))
        if let editing {
            router.get("/pipeline") { request, _ in try await editing.text(request, live) }
            router.patch("/pipeline") { request, _ in try await editing.patch(request, live) }
            router.get("/editor.json") { request, _ in try await editing.editor(request, live) }
            let render = StudioRender(file: live.file, options: editing.options)
            router.post("/render") { request, _ in
                try editing.admit(request, to: "/render")
                return json(try JSONEncoder().encode(try render.start()), status: .accepted)
            }
            router.get("/render") { request, _ in
                try editing.admit(request, to: "/render")
                return json(try JSONEncoder().encode(render.current))
            }
            router.delete("/render") { request, _ in
                try editing.admit(request, to: "/render")
                return json(try JSONEncoder().encode(render.stop()))
            }
            router.get("/output") { request, _ in
                try editing.admit(request, to: "/output", taking: ["file"])
                guard let name = request.uri.queryParameters["file"].map(String.init) else {
                    throw HTTPError(
                        .badRequest, message: "/output needs ?file=PATH, one of the files GET /render lists")
                }
                let output = try render.output(name)
                return Response(
                    status: .ok, headers: [.contentType: output.mediaType, .cacheControl: "no-cache"],
                    body: .init(byteBuffer: ByteBuffer(data: output.bytes)))
            }
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
            Response(
                status: .ok, headers: [.contentType: "audio/wav", .cacheControl: "no-cache"],
                body: .init(byteBuffer: ByteBuffer(bytes: try await sound(live))))
        }
        router.get("/thumbnail") { request, _ in try await thumbnail(request, live) }
        router.get("/waveform.json") { request, _ in
            let buckets = try PreviewQuery.buckets(request)
            let wav = try await sound(live)
            let peaks = await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(
                        returning: Result { () throws(PipelineError) in
                            try Pipeline.soundPeaks(ofWAV: wav, buckets: buckets)
                        })
                }
            }
            let made: (duration: Double, peaks: [Double])
            switch peaks {
            case .success(let value): made = value
            case .failure(let error): throw HTTPError(.internalServerError, message: error.description)
            }
            let pipeline = await live.perform { $0.pipeline }
            let lanes = await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(
                        returning: Result { () throws(PipelineError) in try pipeline?.soundLanes(buckets: buckets) ?? []
                        })
                }
            }
            let sounds: [Waveform.Sound]
            switch lanes {
            case .success(let value):
                sounds = value.map { lane in
                    Waveform.Sound(label: lane.label, peaks: lane.peaks.map(rounded), gains: lane.gains.map(rounded))
                }
            case .failure(let error): throw HTTPError(.internalServerError, message: error.description)
            }
            let waveform = Waveform(
                duration: made.duration, buckets: buckets, peaks: made.peaks.map { ($0 * 10000).rounded() / 10000 },
                sounds: sounds)
            return json(try JSONEncoder().encode(waveform))
        }
        router.get("/text-units") { request, _ in
            try await textUnits(request, live, draft: try PreviewEditing.draft(request, editing))
        }
        router.get("/version") { _, _ in
            let status = await live.perform { VersionStatus(version: $0.version, error: $0.problem) }
            return json(try JSONEncoder().encode(status))
        }
        return router
    }

    package struct VersionStatus: Encodable, Sendable {
        package let version: Int
        package let error: String?

        package init(version: Int, error: String?) {
            self.version = version
            self.error = error
        }

        // Encodes `error: null` rather than leaving the key out, so the page can clear its message.
        package func encode(to encoder: any Encoder) throws {
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
        let scale = try PreviewQuery.scale(request)
        let blur = try PreviewQuery.blur(request)
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
                    quality.map { live.viewerImage(at: seconds, scale: scale, quality: $0, blur: blur, draft: kept) }
                    ?? live.png(at: seconds, scale: scale, blur: blur, draft: kept).map { ($0, "image/png") }
                return image.mapError { HTTPError(.internalServerError, message: $0.description) }
            }
        }
        let image = try answer.get()
        return Response(
            status: .ok, headers: [.contentType: image.mediaType, .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(bytes: image.bytes)))
    }

    /// The sound as WAV bytes, mixed once per version off the scene's queue, so frames go on
    /// being served while ffmpeg mixes; a 404 when the pipeline plays none.
    private static func sound(_ live: LiveScene) async throws -> [UInt8] {
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
        case .success(let bytes): return bytes
        case .failure(let error): throw HTTPError(.internalServerError, message: error.description)
        }
    }

    /// What `/waveform.json` answers: the sound's length and its loudest level in each bucket.
    struct Waveform: Encodable, Sendable {
        let duration: Double
        let buckets: Int
        let peaks: [Double]
        /// Each sound the mix plays, in the order `/timeline.json`'s `sounds` names them.
        let sounds: [Sound]

        struct Sound: Encodable, Sendable {
            let label: String
            let peaks: [Double]
            let gains: [Double]
        }
    }

    /// A level or gain to four decimals, as the page draws it.
    private static func rounded(_ value: Float) -> Double { (Double(value) * 10000).rounded() / 10000 }

    /// A thumbnail of a footage layer's frame (`Pipeline.footageThumbnail`): a JPEG, or 204 No
    /// Content when the layer shows no frame at that time.
    private static func thumbnail(_ request: Request, _ live: LiveScene) async throws -> Response {
        let (layer, seconds, height) = try PreviewQuery.thumbnail(request)
        let answer = await live.perform { live -> Result<[UInt8]?, HTTPError> in
            live.shown().mapError { HTTPError(.internalServerError, message: $0.description) }.flatMap { pipeline in
                let layers = pipeline.footageLayers.map(\.path)
                guard layers.contains(layer) else {
                    let known = layers.isEmpty ? "none does" : "those that do: " + layers.joined(separator: ", ")
                    let given = layer.count > 40 ? layer.prefix(40) + "…" : layer
                    return .failure(
                        HTTPError(
                            .badRequest,
                            message: "layer \"\(given)\" shows no video or image sequence (\(known))"))
                }
                if pipeline.isPastTheEnd(seconds) {
                    return .failure(
                        HTTPError(
                            .badRequest,
                            message: "t=\(PreviewQuery.text(seconds)) is past the end: \(pipeline.endDescription)"))
                }
                return Result { () throws(PipelineError) in
                    try pipeline.footageThumbnail(ofLayer: layer, at: seconds, height: height)
                }.mapError { HTTPError(.internalServerError, message: $0.description) }
            }
        }
        guard let jpeg = try answer.get() else {
            return Response(status: .noContent, headers: [.cacheControl: "no-cache"])
        }
        return Response(
            status: .ok, headers: [.contentType: "image/jpeg", .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(bytes: jpeg)))
    }

    /// The characters of a text layer at a time (`Pipeline.textCharacters`) as JSON; with `draft`,
    /// those of the draft's pipeline.
    private static func textUnits(_ request: Request, _ live: LiveScene, draft: String?) async throws -> Response {
        let (layer, seconds) = try PreviewQuery.textUnits(request)
        let answer = await live.perform { live -> Result<Pipeline.TextCharacters, HTTPError> in
            drafted(draft, live).flatMap { kept in
                live.shown(kept).mapError { HTTPError(.internalServerError, message: $0.description) }
            }.flatMap { pipeline in
                guard pipeline.layerPath(named: layer) != nil else {
                    let given = layer.count > 40 ? layer.prefix(40) + "…" : layer
                    return .failure(HTTPError(.notFound, message: "the pipeline has no layer \"\(given)\""))
                }
                if pipeline.isPastTheEnd(seconds) {
                    return .failure(
                        HTTPError(
                            .badRequest,
                            message: "t=\(PreviewQuery.text(seconds)) is past the end: \(pipeline.endDescription)"))
                }
                return Result { () throws(PipelineError) in try pipeline.textCharacters(ofLayer: layer, at: seconds) }
                    .mapError { HTTPError(.internalServerError, message: $0.description) }
            }
        }
        return json(try JSONEncoder().encode(try answer.get()))
    }

    private static func json(_ data: Data, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json", .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
