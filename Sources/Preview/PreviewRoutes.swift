import Foundation
import Hummingbird

/// The preview's HTTP API; every answer comes from the live scene's queue. Only requests
/// addressed to 127.0.0.1 or localhost at the listening port are answered (`LoopbackOriginCheck`).
///
/// - `GET /` the page (`?t=SECONDS` starts it there)
/// - `GET /frame?t=SECONDS` the frame shown that far into the render (0 up to its end, as
///   `pipeline frame --at` takes it), as PNG; any other `t` is a 400 that gives the range
/// - `GET /timeline.json` what the timing chart is drawn from (`TimelineSummary`)
/// - `GET /version` `{"version": N, "error": "…" or null}`: N grows with each reload; the
///   error is why the last reload failed (the last good scene is still served)
/// - `/pipeline`, with `--edit` only: see `PreviewEditing`
///
/// Any other method on these routes is a 405.
enum PreviewRoutes {
    static func router(_ live: LiveScene, port: ListeningPort, editing: PreviewEditing?) -> Router<BasicRequestContext>
    {
        let router = Router()
        router.add(middleware: LoopbackOriginCheck(port: port))
        router.add(middleware: MethodCheck(editing: editing != nil))
        if let editing {
            router.get("/pipeline") { request, _ in try await editing.text(request, live) }
            router.patch("/pipeline") { request, _ in try await editing.patch(request, live) }
        }
        router.get("/") { request, _ in
            // The page reads `t` itself; a bad one is refused here, where the message can say why.
            _ = try PreviewQuery.time(request)
            return Response(
                status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: PreviewPage.html)))
        }
        router.get("/frame") { request, _ in
            try await frame(request, live)
        }
        router.get("/timeline.json") { _, _ in
            switch await live.perform({ $0.timelineSummary() }) {
            case .success(let summary): return json(try JSONEncoder().encode(summary))
            case .failure(let error): throw HTTPError(.internalServerError, message: error.description)
            }
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

    private static func frame(_ request: Request, _ live: LiveScene) async throws -> Response {
        guard let seconds = try PreviewQuery.time(request) else {
            throw HTTPError(
                .badRequest, message: "frame needs ?t=SECONDS, a time in \(PreviewQuery.range), e.g. /frame?t=0.5")
        }
        let answer = await live.perform { live -> Result<[UInt8], HTTPError> in
            guard !live.scene.isPastTheEnd(seconds) else {
                let end = live.scene.endDescription
                return .failure(
                    HTTPError(.badRequest, message: "t=\(PreviewQuery.text(seconds)) is past the end: \(end)"))
            }
            return live.png(at: seconds).mapError { HTTPError(.internalServerError, message: $0.description) }
        }
        let png = try answer.get()
        return Response(
            status: .ok, headers: [.contentType: "image/png", .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(bytes: png)))
    }

    private static func json(_ data: Data) -> Response {
        Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
