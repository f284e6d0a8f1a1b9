import Hummingbird
import Logging
import Preview
import Testing

/// The middleware in front of every route: only requests addressed to this server by its
/// loopback name and port pass (Host `127.0.0.1:PORT` or `localhost:PORT`, and an `Origin`, when
/// sent, of the same); DNS rebinding and cross-site requests get 403, and nothing is answered
/// before the port is known.
@Suite struct LoopbackOriginCheckTests {
    /// A request context without a server's channel: only a logger.
    struct LoggerSource: RequestContextSource {
        let logger = Logger(label: "preview-tests")
    }

    struct Context: RequestContext {
        typealias Source = LoggerSource
        var coreContext: CoreRequestContextStorage
        init(source: LoggerSource) { coreContext = .init(source: source) }
    }

    /// The status the check answers with: 200 when it passes the request on.
    private func status(host: String?, origin: String? = nil, port: Int? = 8123) async throws -> HTTPResponse.Status {
        let listening = ListeningPort()
        if let port { listening.set(port) }
        var fields = HTTPFields()
        if let origin { fields[.origin] = origin }
        let request = Request(
            head: HTTPRequest(method: .get, scheme: "http", authority: host, path: "/version", headerFields: fields),
            body: RequestBody(buffer: ByteBuffer()))
        do {
            let response = try await LoopbackOriginCheck<Context>(port: listening).handle(
                request, context: Context(source: LoggerSource())
            ) { _, _ in Response(status: .ok) }
            return response.status
        } catch let error as HTTPError {
            return error.status
        }
    }

    @Test func theLoopbackNamesAtTheListeningPortPass() async throws {
        #expect(try await status(host: "127.0.0.1:8123") == .ok)
        #expect(try await status(host: "localhost:8123") == .ok)
        #expect(try await status(host: "LocalHost:8123") == .ok)
        #expect(try await status(host: "127.0.0.1:8123", origin: "http://127.0.0.1:8123") == .ok)
        #expect(try await status(host: "localhost:8123", origin: "http://localhost:8123") == .ok)
    }

    @Test func anotherHostOrPortIsForbidden() async throws {
        #expect(try await status(host: "attacker.example:8123") == .forbidden)
        #expect(try await status(host: "127.0.0.1:8124") == .forbidden)
        #expect(try await status(host: "127.0.0.1") == .forbidden)
        #expect(try await status(host: nil) == .forbidden)
    }

    @Test func aCrossSiteOriginIsForbidden() async throws {
        #expect(try await status(host: "127.0.0.1:8123", origin: "http://attacker.example") == .forbidden)
        #expect(try await status(host: "127.0.0.1:8123", origin: "https://127.0.0.1:8123") == .forbidden)
        #expect(try await status(host: "127.0.0.1:8123", origin: "http://127.0.0.1:9999") == .forbidden)
        #expect(try await status(host: "127.0.0.1:8123", origin: "null") == .forbidden)
    }

    @Test func nothingIsAnsweredBeforeThePortIsKnown() async throws {
        #expect(try await status(host: "127.0.0.1:8123", port: nil) == .serviceUnavailable)
    }
}
