import CommandTestSupport
import Foundation
import Testing

/// A shape layer in the studio's inspector, in a real browser: its keys get the controls of their
/// types (path data as text, colours as colour controls, numbers as numbers, `paths` as a list),
/// an `animate` step on one of its key paths is edited as any step is, and a path's `strokeEnd`
/// and a replicator's `instanceCount` edited through the inspector change the frame the preview
/// shows; its blend mode is a choice among the modes (screen over black changes no pixel).
@Suite(
    "a shape layer in the studio's inspector",
    .enabled(
        if: StudioBrowser.available,
        "chromium, chromium-driver or python3-selenium is not installed: scripts/install-deps --test"))
struct StudioShapeInspectorTests {
    /// A white line across the middle and a small red dot; the step draws the line out later on.
    static let pipeline = """
        {
          "version": 1,
          "canvas": { "width": 64, "height": 48, "fps": 10, "duration": 1, "background": "#000000" },
          "layers": [
            { "name": "line", "frame": [0, 0, 64, 48], "blendMode": "normal",
              "shape": { "paths": [
                { "path": "M 8 24 L 56 24", "strokeColor": "#ffffff", "lineWidth": 8 },
                { "path": { "ellipse": [2, 38, 8, 8] }, "fillColor": "#ff0000" } ] },
              "replicator": { "instanceCount": 1, "instanceTransform": { "translation": [12, 0] } },
              "sublayers": [ { "name": "tick", "frame": [20, 2, 6, 6], "fill": "#0000ff" } ] }
          ],
          "timeline": [
            { "animate": "shape.paths.0.strokeEnd", "target": "line", "to": 1, "start": 0.5, "duration": 0.5 }
          ]
        }

        """

    /// The edits, each with the control its value's type has: "TAG TYPE ROLE KIND". The one
    /// layer is the one the inspector shows.
    static let edits: [(action: [String], control: String?)] = [
        (["tap", "/layers/0/shape/paths/0/path"], "input text - stringOrObject"),
        (["set", "/layers/0/shape/paths/1/path/ellipse/2", "10"], "input number - numbers"),
        (["set", "/layers/0/shape/paths/1/fillColor", "#00ff00"], "input text - color"),
        (["click", "/layers/0/shape/paths#add"], "button button - objects"),
        (["select", "0"], nil),
        (["set", "/timeline/0/duration", "0.4"], "input number - number"),
        (["set", "/layers/0/shape/paths/0/strokeEnd", "0.25"], "input number - number"),
        (["set", "/layers/0/replicator/instanceCount", "2"], "input number - integer"),
        (["set", "/layers/0/blendMode", "screen"], "select select-one - enum"),
    ]

    @Test("its keys get typed controls, and strokeEnd set in the inspector shortens the line on the frame")
    func strokeEndThroughTheInspector() async throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try PluginFixtures.write(Self.pipeline, to: "shape.json", in: folder)
        let server = try PreviewServerProcess([file.path, "--edit"], scratch: folder)
        defer { server.stop() }
        let query = server.url.query ?? ""
        let edit = PreviewEditTests.Edit(
            server: server, http: RawHTTPClient(port: try #require(server.url.port)),
            token: query.hasPrefix("token=") ? String(query.dropFirst(6)) : "", file: file, folder: folder)

        // Before the step starts, the line is drawn whole: white at its right end.
        let before = try frame(edit, at: 0)
        #expect(before[48, 24].distance(to: Pixel(255, 255, 255)) < 8, "\(before[48, 24])")

        let run = try StudioBrowser.run(server.url, Self.edits.map(\.action))
        #expect(run.errors.isEmpty, "\(run.errors)")
        try #require(run.actions.count == Self.edits.count)
        for (action, edit) in zip(run.actions, Self.edits) {
            #expect(!action.state.status.hasPrefix("not written"), "\(edit.action): \(action.state.status)")
            guard let expected = edit.control else { continue }
            #expect(StudioInspectorTests.described(action.control) == expected, "\(edit.action)")
        }
        let written = try String(contentsOf: file, encoding: .utf8)
        for fragment in [
            ##""fillColor": "#00ff00""##, #""strokeEnd": 0.25"#, #""duration": 0.4"#, #"{ "ellipse": [2, 38, 10, 8] }"#,
            #""instanceCount": 2"#, #""blendMode": "screen""#,
        ] {
            #expect(written.contains(fragment), "\(fragment) is not in\n\(written)")
        }
        #expect(written.components(separatedBy: #""ellipse""#).count == 3, "the list's added path:\n\(written)")

        // The server reloads a file it writes before it answers the write. A quarter of the line
        // is left: its right end shows the background, its left end stays.
        let reloaded = try await server.version()
        #expect(reloaded.version > 1 && reloaded.error == nil, "\(reloaded)")
        let after = try frame(edit, at: 0)
        #expect(after[48, 24].distance(to: Pixel(0, 0, 0)) < 8, "\(after[48, 24])")
        #expect(after[12, 24].distance(to: Pixel(255, 255, 255)) < 8, "\(after[12, 24])")
        // The replicator's second copy of the blue tick stands 12 to the right of the first.
        #expect(before[35, 5].distance(to: Pixel(0, 0, 0)) < 8, "one tick before: \(before[35, 5])")
        #expect(after[23, 5].distance(to: Pixel(0, 0, 255)) < 8, "\(after[23, 5])")
        #expect(after[35, 5].distance(to: Pixel(0, 0, 255)) < 8, "a second tick after: \(after[35, 5])")
    }

    /// The frame at `time` the preview renders now.
    func frame(_ edit: PreviewEditTests.Edit, at time: Double) throws -> RGBAImage {
        let answer = try edit.send("GET", path: "/frame", query: "?t=\(time)&token=\(edit.token)")
        try #require(answer.status == 200, "\(answer.head)")
        let png = edit.folder.appendingPathComponent("frame-\(UUID().uuidString).png")
        try answer.body.write(to: png)
        return try RGBAImage.read(png)
    }
}
