import Foundation

/// The port the server is bound to, known only once it listens (`--port 0` picks one): the
/// Host and Origin checks compare against it.
package final class ListeningPort: @unchecked Sendable {
    private let lock = NSLock()
    private var port: Int?

    package init() {}

    package func set(_ port: Int) { lock.withLock { self.port = port } }

    /// Nil until the server listens; no request is answered before that.
    package var value: Int? { lock.withLock { port } }
}
