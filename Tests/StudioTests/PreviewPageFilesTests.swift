import CommandTestSupport
import Foundation
import Testing

/// `pipeline preview` serves its page as the files of `Sources/Preview/Page/`, byte for byte,
/// each with its type (modules as `text/javascript`, which browsers require of them), with and
/// without `--edit`; a method other than GET on them is a 405 that names the methods they take.
@Suite("preview page files")
struct PreviewPageFilesTests {
    static let page = CLI.repositoryRoot.appendingPathComponent("Sources/Preview/Page")
    static let types = ["html": "text/html", "css": "text/css", "js": "text/javascript"]

    @Test("each page file comes over HTTP with the bytes of the file in the repository, and its type")
    func eachFileIsServedAsItIs() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try PluginFixtures.write(PreviewTests.squarePipeline(), to: "square.json", in: folder)
        // The linter's configuration (.eslintrc.json) is not the page's.
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.page.path).filter { !$0.hasPrefix(".") }
        #expect(Set(names).isSuperset(of: ["index.html", "studio.css", "studio.js"]), "\(names)")
        for edit in [false, true] {
            let server = try PreviewServerProcess([file.path] + (edit ? ["--edit"] : []), scratch: folder)
            defer { server.stop() }
            let http = RawHTTPClient(port: try #require(server.url.port))
            for name in names.sorted() {
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
}
