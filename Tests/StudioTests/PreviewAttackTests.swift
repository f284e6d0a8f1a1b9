import CommandTestSupport
import Foundation
import Testing

/// `pipeline preview` against hostile requests: each is answered with a 4xx that says what is
/// allowed, and the server goes on serving the right frames and page afterwards.
@Suite("preview under attack")
struct PreviewAttackTests {
    /// Everything `t` must not be, on the routes that take it.
    static let badTimes = ["1e18", "1e308", "NaN", "nan", "inf", "-inf", "-1", "abc", "", "0x1p70", "3601"]

    @Test("hostile requests get 4xx answers and leave the server up and correct")
    func attackList() async throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try PluginFixtures.write(PreviewTests.squarePipeline(), to: "square.json", in: folder)
        let (start, middle) = (folder.appendingPathComponent("0.png"), folder.appendingPathComponent("0.5.png"))
        try CLI.run(["frame", file.path, "--at", "0", "-o", start.path])
        try CLI.run(["frame", file.path, "--at", "0.5", "-o", middle.path])
        let server = try PreviewServerProcess([file.path], scratch: folder)
        defer { server.stop() }
        let port = try #require(server.url.port)
        let http = RawHTTPClient(port: port)

        try pathTraversal(http)
        try timesOutOfRange(http)
        try foreignHostsAndOrigins(http, port: port)
        try oversizedRequests(http, server: server)
        try concurrentRequests(http, expected: try Data(contentsOf: middle))

        // Still up and still right.
        let frame = try http.get("/frame?t=0")
        #expect(frame.status == 200 && frame.head.lowercased().contains("content-type: image/png"), "\(frame.head)")
        #expect(Self.pngSize(frame.body) == [120, 80])
        #expect(frame.body == (try Data(contentsOf: start)))
        let page = try http.get("/")
        #expect(page.status == 200 && page.text.contains("<title>pipeline preview</title>"), "\(page.head)")
        #expect(server.stop() == 0, "stderr: \(server.stderr)")
    }

    private func pathTraversal(_ http: RawHTTPClient) throws {
        for path in ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/frame/../../etc/passwd"] {
            let answer = try http.get(path)
            #expect((400...404).contains(answer.status), "\(path): \(answer.head)")
            #expect(!answer.text.contains("root:"), "\(path) served /etc/passwd")
        }
    }

    /// Out of range, not a number or missing: 400 with the range `pipeline frame --at` takes.
    private func timesOutOfRange(_ http: RawHTTPClient) throws {
        for route in ["/frame", "/"] {
            for time in Self.badTimes {
                let answer = try http.get("\(route)?t=\(time)")
                #expect(answer.status == 400, "\(route)?t=\(time): \(answer.head)")
                #expect(answer.text.contains("t must be a time in seconds in 0...3600"), "\(answer.text)")
            }
        }
        for route in ["/thumbnail?layer=square&height=20", "/text-units?layer=square"] {
            for time in Self.badTimes {
                let answer = try http.get("\(route)&t=\(time)")
                #expect(answer.status == 400, "\(route)&t=\(time): \(answer.head)")
                #expect(answer.text.contains("t must be a time in seconds in 0...3600"), "\(answer.text)")
            }
        }
        let missing = try http.get("/frame")
        #expect(missing.status == 400 && missing.text.contains("a time in 0...3600"), "\(missing.text)")
    }

    /// What DNS rebinding and cross-site pages send: another name as Host (or another port, or
    /// none), another Origin.
    private func foreignHostsAndOrigins(_ http: RawHTTPClient, port: Int) throws {
        let routes = ["/", "/frame?t=0", "/version", "/timeline.json", "/missing"]
        let queried = [
            "/thumbnail?layer=square&t=0&height=20", "/waveform.json?buckets=10", "/text-units?layer=square&t=0",
        ]
        for target in routes + queried {
            for host in ["evil.example:\(port)", "127.0.0.1:\(port + 1)", "evil.example", "127.0.0.1", ""] {
                let answer = try http.get(target, host: host)
                #expect(answer.status == 403, "Host \(host.isEmpty ? "missing" : host): \(answer.head)")
            }
            for origin in ["http://evil.example", "http://127.0.0.1:\(port + 1)", "null", "https://127.0.0.1:\(port)"] {
                let answer = try http.get(target, headers: ["Origin: \(origin)"])
                #expect(answer.status == 403, "\(target) Origin \(origin): \(answer.head)")
            }
        }
        let foreign = try http.get("/version", host: "evil.example:\(port)")
        #expect(foreign.text.contains("Host 127.0.0.1:\(port) or localhost:\(port)"), "\(foreign.text)")
        // The loopback names at the listening port, in any case, and their own pages as Origin.
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LocalHost:\(port)"] {
            #expect(try http.get("/version", host: host).status == 200, "Host \(host)")
        }
        #expect(try http.get("/version", headers: ["Origin: http://127.0.0.1:\(port)"]).status == 200)
        #expect(try http.get("/version", headers: ["Origin: http://localhost:\(port)"]).status == 200)
        let own = try http.get("/version", host: "localhost:\(port)", headers: ["Origin: http://localhost:\(port)"])
        #expect(own.status == 200)
    }

    /// A request line or header past the limits is refused as it arrives, not read whole.
    private func oversizedRequests(_ http: RawHTTPClient, server: PreviewServerProcess) throws {
        let before = server.residentMegabytes
        let huge = try http.exchange(http.request("/frame?t=" + String(repeating: "1", count: 10_000_000)))
        #expect([400, 414, 431].contains(huge.status), "10 MB query: \(huge.head)")
        let after = server.residentMegabytes
        #expect(after < before + 5, "the server grew from \(before) MB to \(after) MB")
        let long = try http.get("/?pad=" + String(repeating: "a", count: 20_000))
        #expect([400, 414, 431].contains(long.status), "20 kB query: \(long.head)")
        let header = try http.get("/version", headers: ["X-Pad: " + String(repeating: "a", count: 20_000)])
        #expect([400, 431].contains(header.status), "20 kB header: \(header.head)")
    }

    /// 200 connections open at once, each asking for a frame: every one gets the frame.
    private func concurrentRequests(_ http: RawHTTPClient, expected: Data) throws {
        var sockets: [Int32] = []
        defer { for socket in sockets { close(socket) } }
        for _ in 0..<200 { sockets.append(try http.connect()) }
        for socket in sockets { try http.send(http.request("/frame?t=0.5"), on: socket) }
        let answers = try sockets.map { try http.receive(on: $0) }
        let right = answers.filter { $0.status == 200 && $0.body == expected }.count
        #expect(right == 200, "statuses: \(Set(answers.map(\.status)))")
    }

    /// Width and height from a PNG's IHDR chunk.
    static func pngSize(_ png: Data) -> [Int]? {
        guard png.count >= 24, png.starts(with: [0x89, 0x50, 0x4e, 0x47]) else { return nil }
        let bytes = [UInt8](png[16..<24])
        let value = { (at: Int) in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return [value(0), value(4)]
    }
}
