import Hummingbird

/// Answers only requests addressed to this server by its loopback name: `Host` must be
/// `127.0.0.1:PORT` or `localhost:PORT`, and an `Origin`, when sent, `http://` one of those.
///
/// The socket is bound to 127.0.0.1, but a web page elsewhere can still reach it: through DNS
/// rebinding (its own name resolving to 127.0.0.1, so the browser sends that name as `Host`)
/// or a cross-site request (which carries the page's `Origin`). Both are refused with 403.
package struct LoopbackOriginCheck<Context: RequestContext>: RouterMiddleware {
    package let port: ListeningPort

    package init(port: ListeningPort) { self.port = port }

    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let port = port.value else {
            throw HTTPError(.serviceUnavailable, message: "the preview is starting")
        }
        let hosts = ["127.0.0.1:\(port)", "localhost:\(port)"]
        guard let host = request.head.authority?.lowercased(), hosts.contains(host) else {
            throw HTTPError(.forbidden, message: "the preview answers only Host 127.0.0.1:\(port) or localhost:\(port)")
        }
        if let origin = request.headers[.origin], !hosts.map({ "http://\($0)" }).contains(origin.lowercased()) {
            throw HTTPError(
                .forbidden, message: "the preview answers only its own page (Origin http://127.0.0.1:\(port))")
        }
        return try await next(request, context)
    }
}
