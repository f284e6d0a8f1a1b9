import Foundation
import Hummingbird
import PipelineKit
import StudioSupport

/// What `pipeline preview --edit` allows: changes to the one pipeline file the preview was
/// started on, as JSON Patches sent with a token only the printed address holds.
///
/// - `GET /pipeline?token=TOKEN` the file's text, its version in `ETag`
/// - `GET /editor.json?token=TOKEN` what the page's editor builds on (`Pipeline.editorSummaryJSON`)
/// - `draft=PATCH&token=TOKEN` on `/frame`, `/timeline.json` and `/text-units`: the answer as the
///   patch would make the file, nothing written (`LiveScene.draft`)
/// - `PATCH /pipeline?token=TOKEN` with `Content-Type: application/json-patch+json`: an RFC 6902
///   patch applied to the file's text (`PipelineFileEditor`): only the changed values' bytes
///   change; the result is checked as `validate` checks a file, then written whole. `If-Match:
///   "VERSION"` refuses the write (409) if the file changed since that version. Answers
///   `{"version": "…"}`, or a 400 with `{"error": {"message": "…", "problems": [{message, line,
///   column, path}]}}`, 403 without the token, 409, 413 for a body over 1 MiB, 415 for another
///   type (every error in that shape: `ErrorShape`).
public struct PreviewEditing: Sendable {
    /// 256 random bits in URL-safe base64 (letters, digits, `-`, `_`).
    public let token: String
    /// How a patched file is checked: the plugins the preview runs with.
    let options: Pipeline.OpenOptions

    public init(options: Pipeline.OpenOptions) {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        token = Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        self.options = options
    }

    /// Whether `given` is the token, compared in time that does not depend on where they differ.
    func accepts(_ given: String?) -> Bool {
        let expected = Array(token.utf8)
        guard let given = given.map({ Array($0.utf8) }), given.count == expected.count else { return false }
        return zip(expected, given).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// The checks every request to `/pipeline` passes: the token, and no other query (the route
    /// takes no path: it is the one file's).
    func admit(_ request: Request) throws {
        guard accepts(request.uri.queryParameters["token"].map(String.init)) else {
            throw HTTPError(.forbidden, message: "/pipeline needs the token printed by pipeline preview --edit")
        }
        if let other = request.uri.queryParameters.first(where: { $0.key != "token" }) {
            throw HTTPError(
                .badRequest,
                message:
                    "/pipeline takes only ?token=…, not \(other.key): it is the one pipeline file the preview shows")
        }
    }

    /// The checks every request to `path` (an editing route other than `/pipeline`) passes: the
    /// token, and no query but the token and `taking`.
    func admit(_ request: Request, to path: String, taking: [String] = []) throws {
        guard accepts(request.uri.queryParameters["token"].map(String.init)) else {
            throw HTTPError(.forbidden, message: "\(path) needs the token printed by pipeline preview --edit")
        }
        let known = ["token"] + taking
        if let other = request.uri.queryParameters.first(where: { !known.contains(String($0.key)) }) {
            let takes = taking.isEmpty ? "only ?token=…" : "?token=… and " + taking.joined(separator: ", ")
            throw HTTPError(.badRequest, message: "\(path) takes \(takes), not \(other.key)")
        }
    }

    static let patchType = "application/json-patch+json"

    /// The `draft` of a request for a frame or the timeline: a JSON Patch the answer is rendered
    /// through (`LiveScene.draft`), nothing written; nil when it has none. A draft needs the token.
    static func draft(_ request: Request, _ editing: PreviewEditing?) throws(HTTPError) -> String? {
        guard let draft = request.uri.queryParameters["draft"].map(String.init) else { return nil }
        guard let editing, editing.accepts(request.uri.queryParameters["token"].map(String.init)) else {
            throw HTTPError(
                .forbidden, message: "draft needs pipeline preview --edit and the token it printed")
        }
        return draft
    }

    func editor(_ request: Request, _ live: LiveScene) async throws -> Response {
        try admit(request)
        let text = try await live.perform { live in live.shown().map { $0.editorSummaryJSON() } }.get()
        return Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    func patch(_ request: Request, _ live: LiveScene) async throws -> Response {
        try admit(request)
        let type = request.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces)
        guard type?.lowercased() == Self.patchType else {
            throw HTTPError(.unsupportedMediaType, message: "a change is a JSON Patch sent as \(Self.patchType)")
        }
        let limit = PipelineFileEditor.maximumPatchBytes
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: limit)
        } catch {
            throw HTTPError(.contentTooLarge, message: "a patch may take at most \(limit) bytes")
        }
        let patch = Array(buffer: body)
        let expected = request.headers[.ifMatch].map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")) }
        let options = options
        let outcome = await live.perform { live in
            let result = Result { () throws(PipelineFileEditor.Refusal) in
                try PipelineFileEditor.apply(patch, to: live.file, expectedVersion: expected, options: options)
            }
            // Shown at once: the page's next request sees the change.
            if case .success = result { live.reloadIfChanged() }
            return result
        }
        switch outcome {
        case .success(let version): return Self.json(["version": version], status: .ok)
        case .failure(let refusal):
            let status: HTTPResponse.Status =
                switch refusal.kind {
                case .conflict: .conflict
                case .unwritable: .internalServerError
                case .badPatch, .invalid, .unchanged: .badRequest
                }
            return ErrorAnswer.response(status, message: refusal.message, problems: refusal.problems)
        }
    }

    func text(_ request: Request, _ live: LiveScene) async throws -> Response {
        try admit(request)
        let bytes = try await live.perform { live in Result { try Data(contentsOf: URL(fileURLWithPath: live.file)) } }
            .get()
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/json", .cacheControl: "no-cache",
                .eTag: "\"\(PipelineFileEditor.version(of: Array(bytes)))\"",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    private static func json(_ object: [String: Any], status: HTTPResponse.Status) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return Response(
            status: status, headers: [.contentType: "application/json", .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// Every route answers only its own methods: any other is a 405 naming them. Without `--edit`
/// `/pipeline` takes none, so nothing the preview serves writes.
struct MethodCheck<Context: RequestContext>: RouterMiddleware {
    let editing: Bool

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let allowed: [HTTPRequest.Method]
        switch request.uri.path {
        case "/frame", "/timeline.json", "/version", "/sound.wav", "/thumbnail", "/waveform.json", "/text-units":
            allowed = [.get, .head]
        case let path where PreviewPage.file(at: path) != nil: allowed = [.get, .head]
        case "/pipeline": allowed = editing ? [.get, .head, .patch] : []
        case "/editor.json" where editing: allowed = [.get, .head]
        case "/render": allowed = editing ? [.get, .head, .post, .delete] : []
        case "/output" where editing: allowed = [.get, .head]
        default: return try await next(request, context)
        }
        guard allowed.contains(request.method) else {
            let names = allowed.map(\.rawValue).joined(separator: ", ")
            throw HTTPError(
                .methodNotAllowed, headers: [.allow: names],
                message: allowed.isEmpty
                    ? "\(request.uri.path) is written only by pipeline preview --edit"
                    : "\(request.uri.path) answers \(names), not \(request.method.rawValue)")
        }
        return try await next(request, context)
    }
}
