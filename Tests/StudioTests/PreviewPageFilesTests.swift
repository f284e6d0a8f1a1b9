import CommandTestSupport
import Foundation
import Testing

/// `pipeline preview` serves its page as the files of `Sources/Preview/Page/`, byte for byte,
/// each with its type (modules as `text/javascript`, which browsers require of them), with and
/// without `--edit`; a method other than GET on them is a 405 that names the methods they take.
/// Those files work offline (they load one another and nothing else), and the script finds every
/// element it looks up.
@Suite("preview page files")
struct PreviewPageFilesTests {
    static let page = CLI.repositoryRoot.appendingPathComponent("Sources/Preview/Page")
    static let types = ["html": "text/html", "css": "text/css", "js": "text/javascript"]

    /// The names of the page's files; the linter's configuration (.eslintrc.json) is not one.
    static func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: page.path).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// The text of the page's files whose names end in `suffix`, one after another.
    static func text(endingIn suffix: String) throws -> String {
        try names().filter { $0.hasSuffix(suffix) }.map {
            try String(contentsOf: page.appendingPathComponent($0), encoding: .utf8)
        }.joined(separator: "\n")
    }

    @Test("each page file comes over HTTP with the bytes of the file in the repository, and its type")
    func eachFileIsServedAsItIs() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try PluginFixtures.write(PreviewTests.squarePipeline(), to: "square.json", in: folder)
        let names = try Self.names()
        #expect(Set(names).isSuperset(of: ["index.html", "studio.css", "studio.js"]), "\(names)")
        for edit in [false, true] {
            let server = try PreviewServerProcess([file.path] + (edit ? ["--edit"] : []), scratch: folder)
            defer { server.stop() }
            let http = RawHTTPClient(port: try #require(server.url.port))
            for name in names {
                let path = name == "index.html" ? "/" : "/" + name
                let answer = try http.get(path)
                #expect(answer.status == 200, "\(path): \(answer.head)")
                #expect(answer.body == (try Data(contentsOf: Self.page.appendingPathComponent(name))), "\(path)")
                let type = try #require(Self.types[String(name.split(separator: ".").last ?? "")], "\(name)")
                #expect(
                    answer.head.lowercased().contains("\r\ncontent-type: \(type); charset=utf-8\r\n"),
                    "\(path): \(answer.head)")
                let head = [
                    "PUT \(path) HTTP/1.1", "Host: 127.0.0.1:\(http.port)", "Content-Length: 0", "Connection: close",
                ]
                let put = try http.exchange(Data((head.joined(separator: "\r\n") + "\r\n\r\n").utf8))
                #expect(
                    put.status == 405 && put.head.lowercased().contains("\r\nallow: get, head\r\n"),
                    "PUT \(path): \(put.head)")
            }
            #expect(try http.get("/.eslintrc.json").status == 404)
            #expect(try http.get("/index.html").status == 404, "the page is at /")
            #expect(server.stop() == 0, "stderr: \(server.stderr)")
        }
    }

    @Test("every element the page's script looks up by id is on the page")
    func everyElementTheScriptLooksUpIsOnThePage() throws {
        let (html, script) = (try Self.text(endingIn: ".html"), try Self.text(endingIn: ".js"))
        let lookups = try Regex(#"\$\('([A-Za-z-]+)'\)"#)
        let ids = Set(script.matches(of: lookups).map { String($0.output[1].substring!) })
        #expect(ids.isSuperset(of: ["frame", "play", "back", "forward", "scrubber", "clock", "chart", "problem"]))
        for id in ids.sorted() {
            #expect(html.contains("id=\"\(id)\""), "the script looks up #\(id), which the page lacks")
        }
    }

    @Test("the page loads its own files, every one of them, and nothing from elsewhere")
    func thePageHoldsItsScriptsAndLoadsNothingElse() throws {
        let (html, script) = (try Self.text(endingIn: ".html"), try Self.text(endingIn: ".js"))
        #expect(script.contains("function drawChart(canvas, timeline, now, lane)"))
        #expect(script.contains("function fetchFrame(n, playing"))
        #expect(script.contains("function makeEditor(token)"))
        // What the page and its modules load: its own files, by name.
        let references = try Regex(#"(?:src|href)="([^"]*)"|from '\./([^']*)'"#)
        let loaded = Set(
            (html + script).matches(of: references).map { String(($0.output[1].substring ?? $0.output[2].substring)!) })
        #expect(loaded == Set(try Self.names().filter { $0 != "index.html" }), "\(loaded.sorted())")
        let all = html + script + (try Self.text(endingIn: ".css"))
        #expect(!all.contains("http://") && !all.contains("https://") && !all.contains("url("))
    }
}
