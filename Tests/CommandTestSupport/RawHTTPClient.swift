import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP/1.1 client over a plain socket to 127.0.0.1, for the requests URLSession will not
/// make: any `Host` or none, a request line of megabytes, hundreds of connections open at once.
/// Every request asks for `Connection: close`, so an answer ends where the stream does.
public struct RawHTTPClient {
    public struct Answer {
        public let status: Int
        /// The status line and headers.
        public let head: String
        public let body: Data

        public var text: String { String(decoding: body, as: UTF8.self) }

        /// The message of an error answer, `{"error": {"message": "…", …}}`; nil for any other body.
        public var errorMessage: String? {
            let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
            return (object?["error"] as? [String: Any])?["message"] as? String
        }
    }

    public struct Failure: Error, CustomStringConvertible { public let description: String }

    public let port: Int

    public init(port: Int) { self.port = port }

    /// A GET of `target` with `Host: 127.0.0.1:PORT`, or `host` (nil and "" leave it out), and `headers`.
    public func request(_ target: String, host: String? = nil, headers: [String] = []) -> Data {
        let host = host ?? "127.0.0.1:\(port)"
        let lines =
            ["GET \(target) HTTP/1.1"] + (host.isEmpty ? [] : ["Host: \(host)"]) + headers + ["Connection: close"]
        return Data((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    public func get(_ target: String, host: String? = nil, headers: [String] = []) throws -> Answer {
        try exchange(request(target, host: host, headers: headers))
    }

    /// Sends `bytes` on a new connection and reads the answer.
    public func exchange(_ bytes: Data) throws -> Answer {
        let socket = try connect()
        defer { close(socket) }
        try send(bytes, on: socket)
        return try receive(on: socket)
    }

    public func connect() throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 120, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var sendTimeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &sendTimeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            close(socket)
            throw Failure(description: "connect to 127.0.0.1:\(port): \(reason)")
        }
        return socket
    }

    /// Writes `bytes`, stopping early (as a browser would) once the server answers or closes:
    /// a server that refuses a request stops reading it.
    public func send(_ bytes: Data, on socket: Int32) throws {
        var offset = 0
        let deadline = Date().addingTimeInterval(60)
        while offset < bytes.count && !answered(socket) {
            let end = min(bytes.count, offset + 64 * 1024)
            let written = bytes[offset..<end].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written > 0 {
                offset += written
            } else if errno == EPIPE || errno == ECONNRESET {
                return
            } else if errno != EAGAIN && errno != EWOULDBLOCK || Date() > deadline {
                throw Failure(description: "send: \(String(cString: strerror(errno))) after \(offset) bytes")
            }
        }
    }

    /// Reads to the end of the stream; an answer cut off by a reset keeps what arrived.
    public func receive(on socket: Int32) throws -> Answer {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count > 0 {
                received.append(contentsOf: buffer[0..<count])
            } else if count == 0 || errno == ECONNRESET && !received.isEmpty {
                break
            } else {
                throw Failure(description: "recv: \(String(cString: strerror(errno))) after \(received.count) bytes")
            }
        }
        guard let split = received.range(of: Data("\r\n\r\n".utf8)) else {
            throw Failure(description: "no complete answer: \(String(decoding: received.prefix(200), as: UTF8.self))")
        }
        let head = String(decoding: received[..<split.lowerBound], as: UTF8.self)
        let status = head.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) } ?? 0
        return Answer(status: status, head: head, body: Data(received[split.upperBound...]))
    }

    /// True once the server has sent something or closed.
    private func answered(_ socket: Int32) -> Bool {
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }
}
