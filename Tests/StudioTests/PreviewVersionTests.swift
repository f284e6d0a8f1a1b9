import CommandTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `pipeline preview`'s `/version`, which the page polls to reload: `{"version": N, "error": …}`
/// with a null error spelled out (so the page clears its message) or why the last reload failed;
/// N grows when the pipeline file or a plugin (`*.so`) in a plugin folder changes, and not for
/// other files there.
@Suite("preview version")
struct PreviewVersionTests {
    /// The answer's object, and its text as sent.
    static func version(_ http: RawHTTPClient) throws -> (object: [String: Any], text: String) {
        let answer = try http.get("/version")
        #expect(answer.status == 200, "\(answer.head)")
        #expect(answer.head.lowercased().contains("\r\ncontent-type: application/json"), "\(answer.head)")
        let object = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any]
        return (try #require(object, "\(answer.text)"), answer.text)
    }

    @Test("the pipeline file and the plugins in a plugin folder are watched, other files there are not")
    func watchedFiles() async throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugins = folder.appendingPathComponent("plugins-dev")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        let file = try PluginFixtures.write(PreviewTests.squarePipeline(), to: "square.json", in: folder)
        let server = try PreviewServerProcess([file.path, "--plugins", plugins.path], scratch: folder)
        defer { server.stop() }
        let http = RawHTTPClient(port: try #require(server.url.port))

        let clean = try Self.version(http)
        #expect(Set(clean.object.keys) == ["version", "error"] && clean.object["version"] as? Int == 1)
        #expect(clean.object["error"] is NSNull && clean.text.contains(#""error":null"#), "\(clean.text)")

        // A file that is not a plugin: the watcher lists the folder with it and leaves the version be.
        let opens = try FolderOpens(plugins.path)
        try "notes".write(to: plugins.appendingPathComponent("README.txt"), atomically: false, encoding: .utf8)
        opens.forget()
        #expect(opens.awaitNext(timeout: 300), "the preview never looked at \(plugins.path)")
        #expect(try Self.version(http).object["version"] as? Int == 1, "README.txt is not a plugin")

        // A plugin, built beside the folder and moved in whole.
        let built = folder.appendingPathComponent("wipe.so")
        try PluginFixtures.compile(PluginFixtures.animator("wipe", pluginID: "org.example.wipe"), to: built)
        try FileManager.default.moveItem(at: built, to: plugins.appendingPathComponent("wipe.so"))
        let plugged = try await server.waitForVersion { $0.version == 2 }
        #expect(plugged.version == 2 && plugged.error == nil, "stderr: \(server.stderr)")

        try PluginFixtures.write(PreviewTests.squarePipeline(color: "#00ff00"), to: "square.json", in: folder)
        let edited = try await server.waitForVersion { $0.version == 3 }
        #expect(edited.version == 3 && edited.error == nil, "stderr: \(server.stderr)")

        // A bad edit: the error as a string, the version of the last good pipeline.
        try PluginFixtures.write(#"{ "version": 1, "canvas": "#, to: "square.json", in: folder)
        _ = try await server.waitForVersion { $0.error != nil }
        let failed = try Self.version(http)
        #expect(failed.object["version"] as? Int == 3)
        let error = try #require(failed.object["error"] as? String, "\(failed.text)")
        #expect(error.hasPrefix("\(file.path):"), "\(error)")
        #expect(server.stop() == 0, "stderr: \(server.stderr)")
    }

    /// The opens of a folder itself (inotify's IN_OPEN): the preview's watcher opens each plugin
    /// folder to list it at every look, so an open after a change means the change was seen.
    final class FolderOpens {
        struct Failure: Error, CustomStringConvertible { let description: String }
        private let descriptor: Int32

        init(_ path: String) throws {
            descriptor = inotify_init1(O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0, inotify_add_watch(descriptor, path, UInt32(IN_OPEN)) >= 0 else {
                throw Failure(description: "inotify on \(path): \(String(cString: strerror(errno)))")
            }
        }

        deinit { close(descriptor) }

        /// Reads the events so far; whether the folder itself (not a file in it) was opened.
        @discardableResult
        func forget() -> Bool {
            var opened = false
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                guard count > 0 else { return opened }
                var offset = 0
                // Each event: wd, mask, cookie, len (4 bytes each), then len bytes of name.
                while offset + 16 <= count {
                    let length = buffer[offset + 12..<offset + 16].reversed().reduce(0) { $0 << 8 | Int($1) }
                    opened = opened || length == 0
                    offset += 16 + length
                }
            }
        }

        /// Waits, at most `timeout` seconds, for the folder to be opened; whether it was.
        func awaitNext(timeout: Double) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                if poll(&ready, 1, 1000) > 0 && forget() { return true }
            }
            return false
        }
    }
}
