import CommandTestSupport
import Foundation
import Testing

/// The inspector's typed controls in a real browser: for every parameter type the registry has (a
/// native plugin's, a GLSL transition's, a native and a frei0r effect's), a layer's effects list
/// and its video, an edit through the control writes the bytes a PATCH of that value writes.
@Suite(
    "the studio's inspector in headless Chromium",
    .enabled(
        if: StudioBrowser.available,
        "chromium, chromium-driver or python3-selenium is not installed: scripts/install-deps --test"))
struct StudioInspectorTests {
    /// An animator with a parameter of each type a native plugin declares; it changes nothing.
    static let everyType = """
        #include "animator.h"

        static const anim_param_desc_t params[] = {
            {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_NUMBER, .id = "amount",
             .doc = "a number", .min = 0, .max = 10, .default_value = {1}},
            {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_INTEGER, .id = "count",
             .doc = "an integer", .min = 1, .max = 20, .default_value = {3}},
            {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_BOOL, .id = "on", .doc = "a switch"},
            {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_COLOR, .id = "tint",
             .doc = "a colour", .min = 0, .max = 1, .default_value = {1, 0, 0, 1}},
            {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_POINT, .id = "spot",
             .doc = "a point", .min = -100, .max = 100, .default_value = {0, 0}},
            {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_SIZE, .id = "extent",
             .doc = "a size", .min = 0, .max = 500, .default_value = {10, 10}},
            {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_RECT, .id = "area",
             .doc = "a rect", .min = -1000, .max = 1000, .default_value = {0, 0, 10, 10}},
            {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_STRING, .id = "caption",
             .doc = "a string", .default_string = "hi"},
            {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_ENUM, .id = "mode",
             .doc = "a choice", .default_string = "in", .choices = "in|out|both"},
            {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_LAYER, .id = "other", .doc = "a layer"},
            {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_POINT, .flags = ANIM_PARAM_ACCEPTS_LAYER,
             .id = "centre", .doc = "a point or a layer's centre", .min = -1000, .max = 1000,
             .default_value = {0, 0}},
        };

        static bool every_apply(const anim_apply_args_t *args, anim_layer_t *target, char *error, uint32_t size) {
            (void)args, (void)target, (void)error, (void)size;
            return true;
        }

        static const anim_animator_desc_t every_desc = {
            .struct_size = sizeof(anim_animator_desc_t), .name = "every-type", .version = "1.0.0",
            .doc = "a parameter of every type", .params = params, .param_count = sizeof params / sizeof params[0],
            .apply = every_apply,
        };

        static bool every_init(const anim_host_t *host) { return host->register_animator(host, &every_desc); }

        ANIM_DEFINE_ENTRY("org.example.every-type", "1.0.0", "every parameter type", every_init, NULL);
        """

    /// A transition with a uniform of each type a GLSL file declares.
    static let uniforms = """
        uniform bool flip; // = false
        uniform int bands; // = 3
        uniform float amount; // = 0.25
        uniform vec2 shift; // = vec2(0.1, 0.2)
        uniform vec3 tint; // = vec3(1.0, 1.0, 1.0)
        uniform vec4 edge; // = vec4(0.1, 0.2, 0.3, 0.4)
        uniform ivec2 cells; // = ivec2(4, 3)
        uniform ivec3 weights; // = ivec3(1, 2, 3)
        uniform ivec4 mask; // = ivec4(1, 0, 1, 1)
        uniform sampler2D map;

        vec4 transition(vec2 uv) {
          vec2 p = flip ? vec2(1.0 - uv.x, uv.y) : uv;
          vec4 a = getFromColor(clamp(p + shift * progress, 0.0, 1.0));
          vec2 cell = floor(uv * vec2(cells));
          float w = float(weights.x + weights.y + weights.z + bands) / 9.0;
          float t = smoothstep(edge.x, 1.0 - edge.y, progress + (mod(cell.x + cell.y, 2.0) - 0.5) * amount * w);
          vec4 c = mix(a, getToColor(uv), t) * vec4(tint, 1.0) * (vec4(mask) * 0.5 + 0.5);
          return mix(c, texture2D(map, uv), edge.z * edge.w * progress);
        }
        """

    static let pipeline = """
        {
          "version": 1,
          "canvas": { "width": 64, "height": 48, "fps": 10, "duration": 1, "background": "#000000" },
          "layers": [
            { "name": "a", "image": "card.png", "frame": [0, 0, 64, 48] },
            { "name": "b", "image": "home.png", "frame": [0, 0, 64, 48],
              "filters": [{ "effect": "blur", "params": { "radius": 2 } },
                          { "effect": "frei0r.pixeliz0r", "params": { "Block width": 0.01 } }] },
            { "name": "clip", "video": "clips/detail-open.mp4", "frame": [0, 0, 32, 24] }
          ],
          "timeline": [
            { "animator": "every-type", "target": "a", "duration": 0.5, "params": { "count": 4 } },
            { "mixer": "uniforms", "from": "a", "to": "b", "start": 0.5, "duration": 0.5,
              "params": { "map": "card.png" } }
          ]
        }

        """

    /// The pipeline in a folder of its own with its plugins (`plugins/` beside it), images and
    /// clips, and `pipeline preview --edit` on it.
    struct Studio {
        let folder: URL
        let file: URL
        let server: PreviewServerProcess

        init() throws {
            folder = try CLI.temporaryDirectory()
            try PluginFixtures.compile(
                StudioInspectorTests.everyType, to: folder.appendingPathComponent("plugins/every-type.so"))
            try PluginFixtures.write(StudioInspectorTests.uniforms, to: "plugins/uniforms.glsl", in: folder)
            let assets = CLI.repositoryRoot.appendingPathComponent("examples/assets")
            for name in ["card.png", "home.png", "clips/detail-open.mp4", "clips/list-scroll.mp4"] {
                let target = folder.appendingPathComponent(name)
                try FileManager.default.createDirectory(
                    at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.copyItem(at: assets.appendingPathComponent(name), to: target)
            }
            file = try PluginFixtures.write(StudioInspectorTests.pipeline, to: "inspector.json", in: folder)
            server = try PreviewServerProcess([file.path, "--edit"], scratch: folder)
        }

        func stop() {
            server.stop()
            try? FileManager.default.removeItem(at: folder)
        }

        /// A client that sends PATCHes as the page does, with the token.
        var edit: PreviewEditTests.Edit {
            get throws {
                let query = server.url.query ?? ""
                return PreviewEditTests.Edit(
                    server: server, http: RawHTTPClient(port: try #require(server.url.port)),
                    token: query.hasPrefix("token=") ? String(query.dropFirst(6)) : "", file: file, folder: folder)
            }
        }
    }

    /// One edit through a control (a studio.py action), the patch that writes the same value, and
    /// the control: "TAG TYPE ROLE KIND" (`-` for no role), KIND the kind of value its row edits.
    struct Edit {
        let action: [String]
        let patch: String?
        let control: String?

        init(_ action: String, _ patch: String?, _ control: String? = nil) {
            self.action = action.split(separator: " ").map(String.init)
            self.patch = patch
            self.control = control
        }
    }

    static func described(_ control: StudioBrowser.Action.Control?) -> String? {
        control.map { "\($0.tag) \($0.type) \($0.role.isEmpty ? "-" : $0.role) \($0.kind)" }
    }

    static func add(_ path: String, _ value: String) -> String {
        #"[{"op": "add", "path": "\#(path)", "value": \#(value)}]"#
    }

    /// Every control, in the order the page is driven; `patch` nil for an action that writes nothing.
    static let edits: [Edit] = [
        Edit("select 0", nil),
        // A native plugin's parameters.
        Edit("set /timeline/0/params/amount 2.5", add("/timeline/0/params/amount", "2.5"), "input number - number"),
        Edit(
            "pick /timeline/0/params/amount#slider 7.25", add("/timeline/0/params/amount", "7.25"),
            "input range - number"),
        Edit("set /timeline/0/params/count 5", add("/timeline/0/params/count", "5"), "input number - integer"),
        Edit("pick /timeline/0/params/count#slider 9", add("/timeline/0/params/count", "9"), "input range - integer"),
        Edit("click /timeline/0/params/on", add("/timeline/0/params/on", "true"), "input checkbox switch boolean"),
        Edit(
            "pick /timeline/0/params/tint#picker #00ff80", add("/timeline/0/params/tint", ##""#00ff80""##),
            "input color - color"),
        Edit(
            "pick /timeline/0/params/tint#alpha 128", add("/timeline/0/params/tint", ##""#00ff8080""##),
            "input range - color"),
        Edit(
            "set /timeline/0/params/tint #102030", add("/timeline/0/params/tint", ##""#102030""##), "input text - color"
        ),
        Edit("set /timeline/0/params/spot/0 12", add("/timeline/0/params/spot", "[12, 0]"), "input number - numbers"),
        Edit(
            "set /timeline/0/params/extent/1 40", add("/timeline/0/params/extent", "[10, 40]"), "input number - numbers"
        ),
        Edit(
            "set /timeline/0/params/area/2 64", add("/timeline/0/params/area", "[0, 0, 64, 10]"),
            "input number - numbers"),
        Edit(
            "set /timeline/0/params/caption hello there", add("/timeline/0/params/caption", #""hello there""#),
            "input text - string"),
        Edit(
            "set /timeline/0/params/mode both", add("/timeline/0/params/mode", #""both""#), "select select-one - enum"),
        Edit(
            "set /timeline/0/params/other clip", add("/timeline/0/params/other", #""clip""#),
            "select select-one - layer"),
        // A point that may name a layer: a layer from the menu, then numbers again.
        Edit(
            "set /timeline/0/params/centre#layer b", add("/timeline/0/params/centre", #""b""#),
            "select select-one - numbersOrLayer"),
        Edit(
            "set /timeline/0/params/centre/1 7", add("/timeline/0/params/centre", "[0, 7]"),
            "input number - numbersOrLayer"),
        // A GLSL transition's.
        Edit("select 1", nil),
        Edit("click /timeline/1/params/flip", add("/timeline/1/params/flip", "true"), "input checkbox switch boolean"),
        Edit(
            "set /timeline/1/params/shift/1 0.5", add("/timeline/1/params/shift", "[0.1, 0.5]"),
            "input number - numbers"),
        Edit(
            "set /timeline/1/params/tint/2 0.5", add("/timeline/1/params/tint", "[1, 1, 0.5]"), "input number - numbers"
        ),
        Edit(
            "set /timeline/1/params/edge/3 0.5", add("/timeline/1/params/edge", "[0.1, 0.2, 0.3, 0.5]"),
            "input number - numbers"),
        Edit("set /timeline/1/params/cells/0 6", add("/timeline/1/params/cells", "[6, 3]"), "input number - numbers"),
        Edit(
            "set /timeline/1/params/weights/1 4", add("/timeline/1/params/weights", "[1, 4, 3]"),
            "input number - numbers"),
        Edit(
            "set /timeline/1/params/mask/3 0", add("/timeline/1/params/mask", "[1, 0, 1, 0]"), "input number - numbers"),
        Edit(
            "set /timeline/1/params/map home.png", add("/timeline/1/params/map", #""home.png""#),
            "select select-one - file"),
        // A layer's effects: a native one's and a frei0r one's parameters, add, reorder, remove,
        // another effect in one's place.
        Edit("layer b", nil),
        Edit(
            "set /layers/1/filters/0/params/radius 4", add("/layers/1/filters/0/params/radius", "4"),
            "input number - number"),
        Edit(
            "set /layers/1/filters/1/params/Block%20width 0.02", add("/layers/1/filters/1/params/Block width", "0.02"),
            "input number - number"),
        Edit(
            "set /layers/1/filters#add grayscale", add("/layers/1/filters/2", #"{ "effect": "grayscale" }"#),
            "select select-one - effects"),
        Edit(
            "click /layers/1/filters/2#up",
            #"[{"op": "move", "from": "/layers/1/filters/2", "path": "/layers/1/filters/1"}]"#,
            "button button - effects"),
        Edit(
            "click /layers/1/filters/0#remove", #"[{"op": "remove", "path": "/layers/1/filters/0"}]"#,
            "button button - effects"),
        Edit(
            "set /layers/1/filters/0/effect sepia",
            #"[{"op": "replace", "path": "/layers/1/filters/0", "value": { "effect": "sepia" }}]"#,
            "select select-one - effects"),
        // A layer's video: its file from the folder's videos, then as a clip with its keys.
        Edit("layer clip", nil),
        Edit(
            "set /layers/2/video clips/list-scroll.mp4", add("/layers/2/video", #""clips/list-scroll.mp4""#),
            "select select-one - fileOrObject"),
        Edit(
            "click /layers/2/video#object", add("/layers/2/video", #"{ "file": "clips/list-scroll.mp4" }"#),
            "button button - fileOrObject"),
        Edit("set /layers/2/video/speed 2", add("/layers/2/video/speed", "2"), "input number - number"),
        Edit("set /layers/2/video/end loop", add("/layers/2/video/end", #""loop""#), "select select-one - enum"),
        // A layer's image from the folder's images.
        Edit("layer a", nil),
        Edit("set /layers/0/image home.png", add("/layers/0/image", #""home.png""#), "select select-one - file"),
        // A track matte: its layer from the layer's list, then its mode.
        Edit(
            "set /layers/0/matte/layer b", add("/layers/0/matte", #"{ "layer": "b" }"#),
            "select select-one - layer"),
        Edit("set /layers/0/matte/mode luma", add("/layers/0/matte/mode", #""luma""#), "select select-one - enum"),
        // Backdrop effects where the layer has none: the list is written with its first.
        Edit(
            "set /layers/0/backdropFilters#add blur", add("/layers/0/backdropFilters", #"[{ "effect": "blur" }]"#),
            "select select-one - effects"),
    ]

    @Test("an edit through each typed control writes the bytes a PATCH of that value writes; undo and redo")
    func everyControlWritesWhatAPatchWrites() throws {
        let studio = try Studio()
        defer { studio.stop() }
        let (server, file) = (studio.server, studio.file)

        let run = try StudioBrowser.run(server.url, Self.edits.map(\.action) + [["undo"], ["redo"]])
        #expect(run.errors.isEmpty, "\(run.errors)")
        try #require(run.actions.count == Self.edits.count + 2)
        for (index, action) in run.actions.enumerated() {
            #expect(!action.state.status.hasPrefix("not written"), "\(index): \(action.state.status)")
        }
        // Each edit went through the control its value's type has.
        for (index, step) in Self.edits.enumerated() where step.control != nil {
            #expect(Self.described(run.actions[index].control) == step.control, "\(step.action)")
        }

        // Menus of layers and of files offer the pipeline's layers and the folder's files of the kind.
        let menus = [
            "/timeline/0/params/other": ["", "a", "b", "clip"],
            "/timeline/0/params/centre#layer": ["", "a", "b", "clip"],
            "/timeline/1/params/map": ["card.png", "home.png"],
            "/layers/2/video": ["clips/detail-open.mp4", "clips/list-scroll.mp4"],
            "/layers/0/image": ["card.png", "home.png"],
            "/layers/0/matte/layer": ["", "b", "clip"],
        ]
        for (index, step) in Self.edits.enumerated() {
            guard step.action.count > 1, let expected = menus[step.action[1]] else { continue }
            #expect(run.actions[index].control?.options == expected, "\(step.action)")
        }

        // Each edit's patch, sent to the file as the edit before left it, writes what the page wrote.
        let edit = try studio.edit
        var before = Self.pipeline
        for (index, step) in Self.edits.enumerated() {
            let after = run.actions[index].file
            guard let patch = step.patch else {
                #expect(after == before, "\(step.action) wrote nothing")
                continue
            }
            #expect(after != before, "\(step.action) changed the file")
            try before.write(to: file, atomically: false, encoding: .utf8)
            let answer = try edit.patch(patch)
            #expect(answer.status == 200, "\(step.action): \(answer.head)\n\(answer.text)")
            let patched = try String(contentsOf: file, encoding: .utf8)
            #expect(patched == after, "\(step.action)\nthe control wrote:\n\(after)\nthe patch wrote:\n\(patched)")
            before = after
        }

        // Undo takes the backdrop effects away, redo writes them again.
        let undone = run.actions[Self.edits.count].file
        let redone = run.actions[Self.edits.count + 1].file
        #expect(undone == run.actions[Self.edits.count - 2].file, "\(undone)")
        #expect(redone == run.actions[Self.edits.count - 1].file, "\(redone)")
    }

    @Test(
        "a rect dragged on the viewer, moved and sized, and a centre moved write the bytes a PATCH of the value writes")
    func rectOnTheViewer() throws {
        let studio = try Studio()
        defer { studio.stop() }
        let pointer = "/timeline/0/params/area"
        let run = try StudioBrowser.run(
            studio.server.url,
            [
                ["select", "0"], ["set", pointer + "/2", "40"], ["set", pointer + "/3", "30"],
                ["drag-place", pointer + "#move", "30", "20"], ["drag-place", pointer + "#corner", "20", "10"],
                ["drag-place", "/timeline/0/params/centre#move", "12", "9"],
            ])
        #expect(run.errors.isEmpty, "\(run.errors)")
        try #require(run.actions.count == 6)
        // The rect as each drag left it: moved by the drag in canvas pixels, then sized by it.
        func area(_ text: String) throws -> [Double] {
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            let timeline = try #require(object?["timeline"] as? [[String: Any]])
            let params = try #require(timeline.first?["params"] as? [String: Any])
            return try #require(params["area"] as? [Double], "\(params)")
        }
        #expect(try area(run.actions[2].file) == [0, 0, 40, 30])
        let moved = try area(run.actions[3].file)
        let sized = try area(run.actions[4].file)
        let scale = try #require(run.actions[3].scale)
        #expect(abs(moved[0] - 30 / scale[0]) <= 1 && abs(moved[1] - 20 / scale[1]) <= 1, "\(moved) at \(scale)")
        #expect(moved[2] == 40 && moved[3] == 30, "the size is kept: \(moved)")
        #expect(sized[0] == moved[0] && sized[1] == moved[1], "\(sized)")
        #expect(abs(sized[2] - (40 + 20 / scale[0])) <= 1 && abs(sized[3] - (30 + 10 / scale[1])) <= 1, "\(sized)")

        // A centre's handle, from its default at the canvas's origin.
        func centre(_ text: String) throws -> [Double] {
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            let timeline = try #require(object?["timeline"] as? [[String: Any]])
            let params = try #require(timeline.first?["params"] as? [String: Any])
            return try #require(params["centre"] as? [Double], "\(params)")
        }
        let placed = try centre(run.actions[5].file)
        #expect(abs(placed[0] - 12 / scale[0]) <= 1 && abs(placed[1] - 9 / scale[1]) <= 1, "\(placed)")

        let edit = try studio.edit
        var before = run.actions[2].file
        for (index, key, value) in [(3, "area", moved), (4, "area", sized), (5, "centre", placed)] {
            try before.write(to: studio.file, atomically: false, encoding: .utf8)
            let written =
                "[" + value.map { $0 == $0.rounded() ? String(Int($0)) : String($0) }.joined(separator: ", ") + "]"
            let answer = try edit.patch(Self.add("/timeline/0/params/" + key, written))
            #expect(answer.status == 200, "\(answer.head)\n\(answer.text)")
            let patched = try String(contentsOf: studio.file, encoding: .utf8)
            #expect(
                patched == run.actions[index].file,
                "the drag wrote:\n\(run.actions[index].file)\nthe patch:\n\(patched)")
            before = run.actions[index].file
        }
    }

    /// A snapshot's menu names the layers `snapshot` takes: by name (not by their path in the
    /// tree), neither the layer showing it nor one holding it; the name picked is written and the
    /// file stays valid.
    @Test func aSnapshotsMenuOffersTheLayersASnapshotTakes() throws {
        let studio = try StudioBrowserTests.Studio(
            """
            {
              "version": 1,
              "canvas": { "width": 64, "height": 48, "fps": 10, "duration": 1, "background": "#000000" },
              "layers": [
                { "name": "card", "frame": [0, 0, 64, 48], "fill": "#ffffff",
                  "sublayers": [{ "name": "dot", "frame": [0, 0, 16, 16], "fill": "#ff0000" },
                                { "name": "shot", "frame": [32, 24, 32, 24] }] },
                { "name": "badge", "frame": [0, 0, 8, 8], "fill": "#00ff00" }
              ],
              "timeline": [{ "animate": "opacity", "target": "badge", "from": 1, "to": 0.5, "duration": 1 }]
            }

            """)
        defer { studio.stop() }
        let run = try StudioBrowser.run(
            studio.server.url, [["layer", "card/shot"], ["set", "/layers/0/sublayers/1/snapshot", "dot"]])
        #expect(run.errors.isEmpty, "\(run.errors)")
        try #require(run.actions.count == 2)
        #expect(run.actions[1].control?.options == ["", "dot", "badge"])
        #expect(run.actions[1].file.contains(#""snapshot": "dot""#), "\(run.actions[1].file)")
        let checked = try CLI.run(["validate", studio.file.path])
        #expect(checked.status == 0, "\(checked.stderr)")
    }
}
