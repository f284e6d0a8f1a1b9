import CommandTestSupport
import Foundation
import Testing

/// Rendering from the studio (`/render`, `/output`, with `--edit` and its token only): the files
/// written are those `pipeline run` writes, byte for byte; progress is read while it renders, one
/// render runs at a time, it can be stopped, and the output route serves nothing but what the
/// render wrote.
@Suite("rendering from the studio")
struct PreviewRenderTests {
    struct Status: Decodable {
        let state: String
        let framesDone: Int
        let framesTotal: Int
        let files: [String]
        let folders: [String]
        let warnings: [String]
        let error: String?
    }

    /// A square moving across, 10 frames, written as PNG frames, a GIF and an MP4; with `slow`,
    /// 40 frames each taking 80 ms in an animator plugin.
    static func pipeline(slow: Bool) -> String {
        """
        {
          "version": 1,
          "canvas": { "width": 120, "height": 80, "fps": 10, "duration": \(slow ? 4 : 1), "background": "#204060" },
          "layers": [ { "name": "square", "fill": "#ff0000", "frame": [0, 30, 20, 20] } ],
          "timeline": [
            { "animator": "move-and-scale", "target": "square", "duration": 1, "params": { "to": [100, 30, 20, 20] } }
            \(slow ? #", { "animator": "slow-nudge", "target": "square", "duration": 4 }"# : "")
          ],
          "output": { "dir": "out", "formats": ["png", "gif", "mp4"] }
        }

        """
    }

    func start(slow: Bool = false, edit: Bool = true) throws -> PreviewEditTests.Edit {
        let folder = try CLI.temporaryDirectory()
        if slow {
            try PluginFixtures.compile(
                StudioPlaybackTests.slowNudge, to: folder.appendingPathComponent("plugins/slow.so"))
        }
        let file = try PluginFixtures.write(Self.pipeline(slow: slow), to: "square.json", in: folder)
        let server = try PreviewServerProcess([file.path] + (edit ? ["--edit"] : []), scratch: folder)
        let query = server.url.query ?? ""
        return PreviewEditTests.Edit(
            server: server, http: RawHTTPClient(port: try #require(server.url.port)),
            token: query.hasPrefix("token=") ? String(query.dropFirst(6)) : "", file: file, folder: folder)
    }

    func status(_ answer: RawHTTPClient.Answer) throws -> Status {
        try JSONDecoder().decode(Status.self, from: answer.body)
    }

    /// GET /render until the render is no longer running (at most a minute).
    func finished(_ edit: PreviewEditTests.Edit) throws -> (status: Status, seen: [Status]) {
        var seen: [Status] = []
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let now = try status(try edit.send("GET", path: "/render"))
            seen.append(now)
            if now.state != "running" { return (now, seen) }
            usleep(50_000)
        }
        Issue.record("the render was still running after a minute: \(seen.last.map { "\($0)" } ?? "")")
        return (seen[seen.count - 1], seen)
    }

    @Test("a render writes what pipeline run writes, and its files are served as they are")
    func aRenderWritesWhatRunWrites() throws {
        let edit = try start()
        defer {
            edit.server.stop()
            try? FileManager.default.removeItem(at: edit.folder)
        }
        let idle = try status(try edit.send("GET", path: "/render"))
        #expect(idle.state == "idle" && idle.files.isEmpty, "\(idle)")
        let started = try edit.send("POST", path: "/render")
        #expect(started.status == 202, "\(started.head)\n\(started.text)")
        #expect(try status(started).state == "running")
        let (done, _) = try finished(edit)
        #expect(done.state == "finished" && done.error == nil, "\(done)")
        #expect(done.framesDone == 10 && done.framesTotal == 10, "\(done)")
        #expect(done.files.sorted() == ["out/square.gif", "out/square.mp4"], "\(done.files)")
        #expect(done.folders == ["out/ (10 PNG frames)"], "\(done.folders)")

        // The same pipeline rendered by `pipeline run`: the same bytes in every file.
        let run = try CLI.run(["run", edit.file.path, "--out", "check", "--quiet"], in: edit.folder)
        try #require(run.status == 0, "\(run.stderr)")
        let written = try FileManager.default.contentsOfDirectory(
            atPath: edit.folder.appendingPathComponent("out").path
        ).filter { !$0.hasPrefix(".") }.sorted()  // Not the run's own record of what it wrote.
        #expect(written.count == 12, "\(written)")
        for name in written {
            let ours = try Data(contentsOf: edit.folder.appendingPathComponent("out/\(name)"))
            let theirs = try Data(contentsOf: edit.folder.appendingPathComponent("check/\(name)"))
            #expect(ours == theirs, "out/\(name) differs from pipeline run's")
        }
        for (file, type) in [("out/square.gif", "image/gif"), ("out/square.mp4", "video/mp4")] {
            let served = try edit.send("GET", path: "/output", query: "?token=\(edit.token)&file=\(file)")
            #expect(served.status == 200, "\(served.head)")
            #expect(served.head.lowercased().contains("content-type: \(type)"), "\(served.head)")
            #expect(served.body == (try Data(contentsOf: edit.folder.appendingPathComponent(file))))
        }
    }

    @Test("one render at a time, stopped on request; nothing but its files is served, and only with the token")
    func oneRenderAtATimeAndStopped() throws {
        let edit = try start(slow: true)
        defer {
            edit.server.stop()
            try? FileManager.default.removeItem(at: edit.folder)
        }
        #expect(try edit.send("POST", path: "/render", query: "").status == 403)
        #expect(try edit.send("GET", path: "/render", query: "?token=wrong").status == 403)
        #expect(try edit.send("POST", path: "/render").status == 202)
        let again = try edit.send("POST", path: "/render")
        #expect(again.status == 409 && again.text.contains("a render is running"), "\(again.head)\n\(again.text)")
        // Progress is seen while it runs, then it is stopped.
        var running = try status(try edit.send("GET", path: "/render"))
        let deadline = Date().addingTimeInterval(60)
        while running.framesDone < 2, running.state == "running", Date() < deadline {
            usleep(50_000)
            running = try status(try edit.send("GET", path: "/render"))
        }
        #expect(running.state == "running" && running.framesDone >= 2 && running.framesTotal == 40, "\(running)")
        #expect(try edit.send("DELETE", path: "/render").status == 200)
        let (stopped, _) = try finished(edit)
        #expect(stopped.state == "cancelled" && stopped.framesDone < 40, "\(stopped)")

        for name in ["../square.json", "/etc/passwd", "square.json", "out/frame_0000.png"] {
            let answer = try edit.send("GET", path: "/output", query: "?token=\(edit.token)&file=\(name)")
            #expect(answer.status == 404, "\(name): \(answer.head)")
            #expect(answer.text.contains(#"{"error":{"message":"#), "\(answer.text)")
        }
        #expect(try edit.send("GET", path: "/output", query: "?file=out/square.gif").status == 403)
        let unnamed = try edit.send("GET", path: "/output", query: "?token=\(edit.token)")
        #expect(unnamed.status == 400 && unnamed.text.contains("/output needs ?file=PATH"), "\(unnamed.text)")
        let extra = try edit.send("GET", path: "/render", query: "?token=\(edit.token)&at=1")
        #expect(extra.status == 400 && extra.text.contains("/render takes only ?token"), "\(extra.text)")
    }

    @Test("without --edit there is no render route")
    func noRenderWithoutEdit() throws {
        let edit = try start(edit: false)
        defer {
            edit.server.stop()
            try? FileManager.default.removeItem(at: edit.folder)
        }
        let answer = try edit.send("POST", path: "/render", query: "")
        #expect(
            answer.status == 405 && answer.text.contains("written only by pipeline preview --edit"), "\(answer.text)")
        #expect(!FileManager.default.fileExists(atPath: edit.folder.appendingPathComponent("out").path))
    }
}
