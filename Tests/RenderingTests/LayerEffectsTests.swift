import CommandTestSupport
import Foundation
import Testing

/// Layer effects through the command line: a blur on a layer, animated by key path, the same
/// bytes however the frames are split, and the bad inputs each refused with its place.
@Suite struct LayerEffectsTests {
    /// The photo fades out at its edges (as CSS blurs it), so the blur shows around it too.
    static let animatedBlur = LayerEffectsFixture.pipeline(
        filters: #"[{ "effect": "blur", "params": { "radius": 6, "edges": "transparent" } }]"#,
        timeline: #"""
            [{ "animate": "filters.blur.radius", "target": "photo", "from": 0, "to": 10, "duration": 1,
               "timing": "linear" }]
            """#)

    private func render(_ json: String, in folder: URL, as name: String, _ extra: [String] = []) throws -> URL {
        try json.write(to: folder.appendingPathComponent("\(name).json"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["run", "\(name).json", "--out", name, "--quiet"] + extra, in: folder)
        #expect(result.status == 0, "\(name): \(result.stderr)")
        return folder.appendingPathComponent(name)
    }

    @Test func aBlurAnimatedFromZeroToTenIsAtHalfTimeTheStaticBlurOfFive() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try LayerEffectsFixture.photo(in: folder)
        let animated = try render(Self.animatedBlur, in: folder, as: "animated")
        let still = try render(
            LayerEffectsFixture.pipeline(
                filters: #"[{ "effect": "blur", "params": { "radius": 5, "edges": "transparent" } }]"#),
            in: folder, as: "still")
        let half = try RGBAImage.read(animated.appendingPathComponent("frame_0005.png"))
        let five = try RGBAImage.read(still.appendingPathComponent("frame_0005.png"))
        #expect(half.psnr(against: five) >= 45)
        // Frame 0 (radius 0) is the photo unfiltered: a blur of nothing changes nothing.
        let plain = try render(LayerEffectsFixture.pipeline(filters: "[]"), in: folder, as: "plain")
        #expect(
            try Data(contentsOf: animated.appendingPathComponent("frame_0000.png"))
                == Data(contentsOf: plain.appendingPathComponent("frame_0000.png")))
        // And the blur spreads the photo's edge into the white around it.
        let blurred = try RGBAImage.read(animated.appendingPathComponent("frame_0009.png"))
        #expect(blurred[12, 80].distance(to: Pixel(255, 255, 255)) > 20, "\(blurred[12, 80])")
        #expect(half[12, 80].distance(to: Pixel(255, 255, 255)) > 5, "\(half[12, 80])")
    }

    @Test func validateNamesEachLayersFilters() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try LayerEffectsFixture.photo(in: folder)
        let card = #"""
            , { "name": "card", "frame": [60, 40, 120, 80], "fill": "#ffffff4d",
                "backdropFilters": [{ "effect": "blur", "params": { "radius": 8 } }] }
            """#
        let json = LayerEffectsFixture.pipeline(
            filters: #"[{ "effect": "saturate" }, { "effect": "blur" }]"#, extraLayers: card)
        try json.write(to: folder.appendingPathComponent("v.json"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["validate", "v.json"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("  photo: filters saturate, blur\n"), "\(result.stdout)")
        #expect(result.stdout.contains("  card: backdrop filters blur\n"), "\(result.stdout)")
    }

    /// A blurred layer and a backdrop that never change are filtered once and their pixels
    /// reused: each frame is still the frame rendered on its own.
    @Test func reusedFilteredPixelsGiveEachFrameAsRenderedAlone() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try LayerEffectsFixture.photo(in: folder)
        let layers = #"""
            ,
                { "name": "card", "frame": [60, 40, 120, 80], "cornerRadius": 16, "fill": "#ffffff4d",
                  "backdropFilters": [{ "effect": "blur", "params": { "radius": 8 } }] },
                { "name": "dot", "frame": [0, 130, 20, 20], "fill": "#ff3b30", "cornerRadius": 10 }
            """#
        let json = LayerEffectsFixture.pipeline(
            filters: #"[{ "effect": "blur", "params": { "radius": 4 } }]"#,
            timeline:
                #"[{ "animate": "position", "target": "dot", "from": [10, 140], "to": [230, 40], "duration": 1 }]"#,
            extraLayers: layers)
        let whole = try render(json, in: folder, as: "whole", ["--threads", "1"])
        for index in [0, 4, 9] {
            let alone = try render(json, in: folder, as: "alone-\(index)", ["--frames", "\(index)"])
            let name = String(format: "frame_%04d.png", index)
            #expect(
                try Data(contentsOf: alone.appendingPathComponent(name))
                    == Data(contentsOf: whole.appendingPathComponent(name)), "\(name)")
        }
    }

    /// A backdrop whose photo shows through a moving matte listed after the frosted card is
    /// filtered again as the matte moves: each frame is the frame rendered on its own.
    @Test func aBackdropSeenThroughAMovingMatteAboveItFollowsTheMatte() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try LayerEffectsFixture.photo(in: folder)
        let json = #"""
            {
              "version": 1,
              "canvas": { "width": 240, "height": 160, "fps": 10, "duration": 1, "background": "#204060" },
              "layers": [
                { "name": "photo", "image": "photo.png", "frame": [20, 20, 200, 120], "matte": { "layer": "spot" } },
                { "name": "card", "frame": [60, 30, 120, 100], "fill": "#ffffff40",
                  "backdropFilters": [{ "effect": "blur", "params": { "radius": 6 } }] },
                { "name": "spot", "frame": [0, 40, 60, 60], "cornerRadius": 30, "fill": "#ffffff" }
              ],
              "timeline": [{ "animate": "transform.translation", "target": "spot", "from": [0, 0], "to": [180, 0],
                             "duration": 1, "timing": "linear" }]
            }
            """#
        let whole = try render(json, in: folder, as: "whole", ["--threads", "1"])
        for index in [3, 5, 7] {
            let alone = try render(json, in: folder, as: "alone-\(index)", ["--frames", "\(index)"])
            let name = String(format: "frame_%04d.png", index)
            #expect(
                try Data(contentsOf: alone.appendingPathComponent(name))
                    == Data(contentsOf: whole.appendingPathComponent(name)), "\(name)")
        }
    }

    /// A blurred layer that only fades, its mask growing, is filtered once per thread, its
    /// picture painted at each frame's opacity through its mask: each of the 30 frames, on two
    /// threads, is the frame rendered on its own from nothing kept.
    @Test func aFadingBlurredLayerGivesEachFrameAsRenderedAlone() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try LayerEffectsFixture.photo(in: folder)
        let json = LayerEffectsFixture.pipeline(
            filters: #"[{ "effect": "blur", "params": { "radius": 6 } }]"#,
            timeline: #"""
                [{ "animate": "opacity", "target": "photo", "from": 1, "to": 0.1, "duration": 1 },
                 { "animator": "circle-reveal", "target": "photo", "duration": 1, "params": { "from": "dot" } }]
                """#,
            extraLayers: ##", { "name": "dot", "frame": [40, 40, 20, 20], "fill": "#ff3b30" }"##
        ).replacingOccurrences(of: #""fps": 10"#, with: #""fps": 30"#)
        let whole = try render(json, in: folder, as: "whole", ["--threads", "2"])
        var previous: Data?
        for index in 0..<30 {
            let name = String(format: "frame_%04d.png", index)
            let frame = try Data(contentsOf: whole.appendingPathComponent(name))
            let alone = try render(json, in: folder, as: "alone-\(index)", ["--frames", "\(index)"])
            #expect(try Data(contentsOf: alone.appendingPathComponent(name)) == frame, "\(name)")
            #expect(frame != previous, "\(name) fades from the last")
            previous = frame
        }
    }

    /// An effect that copies its input and says on standard error each time it filters a picture.
    static let countedCopy = #"""
        #include "animator.h"
        #include <stdio.h>
        #include <string.h>

        static bool counted_apply(const anim_effect_args_t *args, char *error, uint32_t error_size) {
            (void)error, (void)error_size;
            if (args->row_begin == 0) fprintf(stderr, "filtered at amount %g\n", args->params[0].v[0]);
            for (uint32_t y = args->row_begin; y < args->row_end; y++)
                memcpy(args->out->pixels + y * args->out->stride, args->in->pixels + y * args->in->stride,
                       (size_t)args->in->width * 4);
            return true;
        }

        static const anim_param_desc_t counted_params[] = {
            {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_NUMBER, .id = "amount",
             .doc = "told to the effect, which ignores it", .min = 0, .max = 1},
        };

        static const anim_effect_desc_t counted_desc = {
            .struct_size = sizeof(anim_effect_desc_t), .name = "counted-copy", .version = "1.0.0",
            .doc = "Copies the layer", .params = counted_params, .param_count = 1, .apply = counted_apply,
        };

        static bool counted_init(const anim_host_t *host) {
            return ANIM_HAS_FIELD(host, anim_host_t, register_effect) && host->register_effect(host, &counted_desc);
        }

        static const anim_requirement_t counted_requirements[] = {{ANIM_SERVICE_EFFECTS, 1, 0}, {NULL, 0, 0}};

        ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
            .abi_major = ANIM_ABI_MAJOR, .abi_minor = ANIM_ABI_MINOR, .struct_size = sizeof(anim_entry_t),
            .plugin_id = "org.example.counted-copy", .plugin_version = "1.0.0", .description = "A test fixture",
            .init = counted_init, .requirements = counted_requirements,
        };
        """#

    /// While only the layer's opacity changes, its effect runs once per thread; each new value of
    /// the effect's parameter runs it again.
    @Test func aFadingLayerIsFilteredOncePerThreadAndAgainWhenItsFilterChanges() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try LayerEffectsFixture.photo(in: folder)
        let plugins = folder.appendingPathComponent("plugins")
        try PluginFixtures.compile(Self.countedCopy, to: plugins.appendingPathComponent("counted-copy.so"))
        // Every frame fades; frames 0 to 4 at amount 0, frames 5 to 9 each at an amount of its own.
        let json = LayerEffectsFixture.pipeline(
            filters: #"[{ "effect": "counted-copy" }]"#,
            timeline: #"""
                [{ "animate": "opacity", "target": "photo", "from": 1, "to": 0.2, "duration": 1 },
                 { "animate": "filters.counted-copy.amount", "target": "photo", "from": 0.2, "to": 1, "start": 0.5,
                   "duration": 0.5, "timing": "linear" }]
                """#)
        try json.write(to: folder.appendingPathComponent("counted.json"), atomically: true, encoding: .utf8)
        for (threads, faded) in [(1, 1), (2, 2)] {
            let options = ["--quiet", "--threads", "\(threads)", "--plugins", plugins.path]
            let result = try CLI.run(["run", "counted.json", "--out", "out-\(threads)"] + options, in: folder)
            #expect(result.status == 0, "\(result.stderr)")
            let calls = PluginFixtures.lines(result.stderr, mentioning: "filtered at amount")
            #expect(calls.filter { $0.hasSuffix(" 0") }.count == faded, "\(threads) threads: \(calls)")
            #expect(calls.count - faded == 5, "\(threads) threads: \(calls)")
        }
    }

    @Test func theSameBytesInChildProcessesAndInTheSandbox() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try LayerEffectsFixture.photo(in: folder)
        let card = #"""
            ,
                { "name": "card", "frame": [60, 40, 120, 80], "cornerRadius": 16, "fill": "#ffffff4d",
                  "backdropFilters": [{ "effect": "blur", "params": { "radius": 8 } }] }
            """#
        let json = LayerEffectsFixture.pipeline(
            filters: #"[{ "effect": "sepia", "params": { "amount": 0.5 } }, { "effect": "frei0r.pixeliz0r" }]"#,
            timeline: #"[{ "animate": "filters.sepia.amount", "target": "photo", "to": 1, "duration": 1 }]"#,
            extraLayers: card)
        let frei0r = CLI.frei0r
        try json.write(to: folder.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
        var outputs: [URL] = []
        for (name, options) in [("here", []), ("isolated", ["--isolate"]), ("sandboxed", ["--isolate", "--sandbox"])] {
            let result = try CLI.run(
                ["run", "p.json", "--out", name, "--quiet", "--frames", "0-3"] + options, in: folder,
                environment: frei0r)
            #expect(result.status == 0, "\(name): \(result.stderr)")
            outputs.append(folder.appendingPathComponent(name))
        }
        for index in 0...3 {
            let name = String(format: "frame_%04d.png", index)
            let reference = try Data(contentsOf: outputs[0].appendingPathComponent(name))
            for output in outputs.dropFirst() {
                #expect(
                    try Data(contentsOf: output.appendingPathComponent(name)) == reference,
                    "\(output.lastPathComponent) \(name)")
            }
        }
    }

    @Test func theSameBytesOnOneAndTwoThreadsAndAcrossShards() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try LayerEffectsFixture.photo(in: folder)
        let card = #"""
            ,
                { "name": "card", "frame": [60, 40, 120, 80], "cornerRadius": 16, "fill": "#ffffff4d",
                  "backdropFilters": [{ "effect": "blur", "params": { "radius": 8 } }] }
            """#
        let json = LayerEffectsFixture.pipeline(
            filters: #"[{ "effect": "blur", "params": { "radius": 3 } }]"#,
            timeline: #"[{ "animate": "filters.0.radius", "target": "photo", "to": 9, "duration": 1 }]"#,
            extraLayers: card)
        let one = try render(json, in: folder, as: "one", ["--threads", "1"])
        let two = try render(json, in: folder, as: "two", ["--threads", "2"])
        let firstHalf = try render(json, in: folder, as: "shard1", ["--shard", "1/2"])
        let secondHalf = try render(json, in: folder, as: "shard2", ["--shard", "2/2"])
        for index in 0..<10 {
            let name = String(format: "frame_%04d.png", index)
            let reference = try Data(contentsOf: one.appendingPathComponent(name))
            #expect(try Data(contentsOf: two.appendingPathComponent(name)) == reference, "\(name), 2 threads")
            let shard = [firstHalf, secondHalf].map { $0.appendingPathComponent(name) }.first {
                FileManager.default.fileExists(atPath: $0.path)
            }
            #expect(try shard.map { try Data(contentsOf: $0) } == reference, "\(name), sharded")
        }
    }

    /// Only the rows a frame shows are filtered: a blurred layer with a shadow half above the
    /// frame looks as the same layer does in a taller frame that shows all of it, whether the blur
    /// continues the layer's edges (reading its pixels above the frame) or fades it out there.
    @Test(arguments: ["extend", "transparent"])
    func aLayerPartlyOutsideTheFrameIsFilteredAsIfAllOfItShowed(edges: String) throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try LayerEffectsFixture.photo(in: folder)
        let layer = { (y: Int) in
            """
            { "name": "photo", "image": "photo.png", "frame": [20, \(y), 200, 120],
              "shadow": { "color": "#000000", "opacity": 0.8, "radius": 6, "offset": [0, 64] },
              "filters": [{ "effect": "saturate", "params": { "amount": 0.5 } },
                          { "effect": "blur", "params": { "radius": 7, "edges": "\(edges)" } }] }
            """
        }
        let canvas = { (height: Int, y: Int) in
            """
            { "version": 1, "canvas": { "width": 240, "height": \(height), "fps": 1, "duration": 1,
              "background": "#ffffff" }, "layers": [ \(layer(y)) ], "output": { "formats": ["png"] } }
            """
        }
        let cut = try render(canvas(160, -100), in: folder, as: "cut")
        let whole = try render(canvas(400, 140), in: folder, as: "whole")
        let shown = try RGBAImage.read(cut.appendingPathComponent("frame_0000.png"))
        let all = try RGBAImage.read(whole.appendingPathComponent("frame_0000.png"))
        var worst = 0
        for y in 0..<160 {
            for x in 0..<240 { worst = max(worst, shown[x, y].distance(to: all[x, y + 240])) }
        }
        #expect(worst == 0, "a pixel differs by \(worst)")
    }

    @Test(arguments: [
        (
            #"[{ "effect": "blurr", "params": { "radius": 6 } }]"#, "[]",
            #"layers[0].filters[0].effect: unknown effect "blurr"; did you mean "blur"?"#
        ),
        (
            #"[{ "effect": "blur", "params": { "radius": -2 } }]"#, "[]",
            "layers[0].filters[0].params.radius"
        ),
        (
            #"[{ "effect": "blur", "params": { "radius": "big" } }]"#, "[]",
            "layers[0].filters[0].params.radius"
        ),
        (
            #"[{ "effect": "blur", "params": { "radius": 6, "edges": "wrap" } }]"#, "[]",
            #"layers[0].filters[0].params.edges: unknown value "wrap": expected one of "extend", "transparent""#
        ),
        (#"{ "effect": "blur" }"#, "[]", "layers[0].filters: expected a list of effects"),
        (
            #"[{ "effect": "blur" }]"#,
            #"[{ "animate": "filters.saturate.amount", "target": "photo", "to": 2 }]"#,
            #"layer "photo" has no filters entry to match "filters.saturate.amount"; its filters are "blur""#
        ),
        (
            #"[{ "effect": "blur" }]"#, #"[{ "animate": "filters.3.radius", "target": "photo", "to": 2 }]"#,
            "layer \"photo\" has 1 filters; filters.3 names none"
        ),
        (
            #"[{ "effect": "blur" }]"#, #"[{ "animate": "filters.blur.raduis", "target": "photo", "to": 2 }]"#,
            #"effect "blur" has no parameter "raduis"; did you mean "radius"?"#
        ),
        (
            #"[{ "effect": "blur" }]"#, #"[{ "animate": "filters.blur.radius", "target": "photo", "to": -5 }]"#,
            "timeline[0].to: -5 is out of range: expected a number in 0...1000"
        ),
        (
            #"[{ "effect": "blur" }]"#,
            #"[{ "animate": "filters.0.radius", "target": "photo", "keyframes": { "values": [0, 1200, 4] } }]"#,
            "timeline[0].keyframes.values[1]: 1200 is out of range: expected a number in 0...1000"
        ),
        (
            #"[{ "effect": "blur" }]"#,
            #"[{ "animate": "filters.blur.radius", "target": "photo", "from": 4, "by": -6 }]"#,
            #"timeline[0].by: "from" + "by" ends the animation at -2: -2 is out of range: expected a number in 0...1000"#
        ),
    ])
    func badFiltersAreRefusedWithTheirPlaceAndNothingIsWritten(filters: String, timeline: String, message: String)
        throws
    {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try LayerEffectsFixture.photo(in: folder)
        try LayerEffectsFixture.pipeline(filters: filters, timeline: timeline).write(
            to: folder.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["run", "bad.json"], in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("error: bad.json:"), "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }
}
