import CommandTestSupport
import Foundation
import Testing

/// `pipeline preview`'s `t`, as a page or a user sends it: the times in 0...3600 (the longest
/// render) it takes, the 400 it answers for any other (naming the range and echoing what was
/// given, cut short), and how its messages write a time.
@Suite("preview query")
struct PreviewQueryTests {
    /// The longest render there is (3600 s), 1 fps: every time in the range is inside it.
    static let hourLong = """
        { "version": 1,
          "canvas": { "width": 40, "height": 20, "fps": 1, "duration": 3600, "background": "#204060" },
          "layers": [ { "name": "square", "fill": "#ff0000", "frame": [0, 0, 10, 10] } ],
          "timeline": [ { "animator": "move-and-scale", "target": "square", "start": 0, "duration": 3600,
                          "params": { "to": [30, 10, 10, 10] } } ]
        }
        """

    @Test("a time in 0...3600 is a frame; without t, the page is the page and a frame is asked for")
    func timesInTheRangeAreFrames() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try PluginFixtures.write(Self.hourLong, to: "hour.json", in: folder)
        let server = try PreviewServerProcess([file.path], scratch: folder)
        defer { server.stop() }
        let http = RawHTTPClient(port: try #require(server.url.port))
        for (given, seconds) in [("0.5", "0.5"), ("0", "0"), ("3600", "3600"), ("1e3", "1000")] {
            let answer = try http.get("/frame?t=\(given)")
            #expect(answer.status == 200, "t=\(given): \(answer.head) \(answer.text)")
            #expect(answer.head.lowercased().contains("\r\ncontent-type: image/png"), "t=\(given): \(answer.head)")
            let still = folder.appendingPathComponent("\(seconds).png")
            let run = try CLI.run(["frame", file.path, "--at", seconds, "-o", still.path], in: folder)
            try #require(run.status == 0, "\(run.stderr)")
            #expect(answer.body == (try Data(contentsOf: still)), "t=\(given) is the frame at \(seconds) s")
        }
        let page = try http.get("/?other=1&t=2")
        #expect(page.status == 200 && page.text.contains("<title>pipeline preview</title>"), "\(page.head)")
        #expect(try http.get("/").status == 200)
        // `time` is not `t`: a frame still needs its time.
        let untimed = try http.get("/frame?time=3")
        #expect(untimed.status == 400)
        #expect(untimed.errorMessage == "frame needs ?t=SECONDS, a time in 0...3600, e.g. /frame?t=0.5")
        #expect(server.stop() == 0, "stderr: \(server.stderr)")
    }

    @Test("any other t is a 400 that names the range and what was given, cut short when long")
    func otherTimesAreRefused() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try PluginFixtures.write(Self.hourLong, to: "hour.json", in: folder)
        let server = try PreviewServerProcess([file.path], scratch: folder)
        defer { server.stop() }
        let http = RawHTTPClient(port: try #require(server.url.port))
        for route in ["/frame", "/"] {
            for given in ["abc", "", "-1", "3600.5", "nan", "inf", "-inf", "1e400"] {
                let answer = try http.get("\(route)?t=\(given)")
                #expect(answer.status == 400, "\(route)?t=\(given): \(answer.head)")
                #expect(answer.errorMessage == "t must be a time in seconds in 0...3600, got \"\(given)\"")
            }
        }
        let long = String(repeating: "9", count: 30) + String(repeating: "x", count: 100)
        let answer = try http.get("/frame?t=\(long)")
        #expect(answer.status == 400)
        let echo = String(long.prefix(40)) + "…"
        #expect(answer.errorMessage == "t must be a time in seconds in 0...3600, got \"\(echo)\"")
        #expect(server.stop() == 0, "stderr: \(server.stderr)")
    }

    @Test("a message writes a whole second without a fraction, and any other time as it is")
    func messagesWriteTimesAsPeopleDo() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try PluginFixtures.write(PreviewTests.squarePipeline(), to: "square.json", in: folder)
        let server = try PreviewServerProcess([file.path], scratch: folder)
        defer { server.stop() }
        let http = RawHTTPClient(port: try #require(server.url.port))
        let end = "is past the end: the render is 1 s long, its last frame is at 0.9 s"
        for (given, written) in [("9", "9"), ("9.0", "9"), ("1e1", "10"), ("1.5", "1.5"), ("12.25", "12.25")] {
            let answer = try http.get("/frame?t=\(given)")
            #expect(answer.status == 400, "t=\(given): \(answer.head)")
            #expect(answer.errorMessage == "t=\(written) \(end)", "t=\(given)")
        }
        #expect(server.stop() == 0, "stderr: \(server.stderr)")
    }
}
