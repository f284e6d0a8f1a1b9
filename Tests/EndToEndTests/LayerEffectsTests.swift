import Foundation
import Testing

/// Layer effects through the command line: a blur on a layer, animated by key path, the same
/// bytes however the frames are split, and the bad inputs each refused with its place.
@Suite struct LayerEffectsTests {
    /// A photo-like 200×120 still: gradients, small hard-edged checks and strong noise (fine detail
    /// that tells blurs of different radii apart), written as a PPM and
    /// turned into a PNG by ffmpeg.
    static func photo(in folder: URL) throws {
        var seed: UInt32 = 7
        var bytes = Array("P6\n200 120\n255\n".utf8)
        for y in 0..<120 {
            for x in 0..<200 {
                let check = (x / 6 + y / 5) % 2 == 0 ? 60 : 0
                seed = seed &* 1_664_525 &+ 1_013_904_223
                let noise = Int(seed >> 26) - 32
                let clamp = { (v: Int) in UInt8(min(max(v, 0), 255)) }
                bytes += [clamp(x * 255 / 199 + noise), clamp(y * 2 + check + noise), clamp(220 - x - check + noise)]
            }
        }
        try Data(bytes).write(to: folder.appendingPathComponent("photo.ppm"))
        let converted = try CLI.runProgram(
            "/usr/bin/env", ["ffmpeg", "-v", "error", "-y", "-i", "photo.ppm", "photo.png"], in: folder)
        #expect(converted.status == 0, "\(converted.stderr)")
    }

    static func pipeline(filters: String, timeline: String = "[]", extraLayers: String = "") -> String {
        """
        {
          "version": 1,
          "canvas": { "width": 240, "height": 160, "fps": 10, "duration": 1, "background": "#ffffff" },
          "layers": [
            { "name": "photo", "image": "photo.png", "frame": [20, 20, 200, 120], "filters": \(filters) }\(extraLayers)
          ],
          "timeline": \(timeline),
          "output": { "formats": ["png"] }
        }
        """
    }

    static let animatedBlur = pipeline(
        filters: #"[{ "effect": "blur", "params": { "radius": 6 } }]"#,
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
        try Self.photo(in: folder)
        let animated = try render(Self.animatedBlur, in: folder, as: "animated")
        let still = try render(
            Self.pipeline(filters: #"[{ "effect": "blur", "params": { "radius": 5 } }]"#), in: folder, as: "still")
        let half = try RGBAImage.read(animated.appendingPathComponent("frame_0005.png"))
        let five = try RGBAImage.read(still.appendingPathComponent("frame_0005.png"))
        #expect(half.psnr(against: five) >= 45)
        // Frame 0 (radius 0) is the photo unfiltered: a blur of nothing changes nothing.
        let plain = try render(Self.pipeline(filters: "[]"), in: folder, as: "plain")
        #expect(
            try Data(contentsOf: animated.appendingPathComponent("frame_0000.png"))
                == Data(contentsOf: plain.appendingPathComponent("frame_0000.png")))
        // And the blur spreads the photo's edge into the white around it.
        let blurred = try RGBAImage.read(animated.appendingPathComponent("frame_0009.png"))
        #expect(blurred[12, 80].distance(to: Pixel(255, 255, 255)) > 20, "\(blurred[12, 80])")
        #expect(half[12, 80].distance(to: Pixel(255, 255, 255)) > 5, "\(half[12, 80])")
    }

    @Test func theSameBytesInChildProcessesAndInTheSandbox() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.photo(in: folder)
        let card = #"""
            ,
                { "name": "card", "frame": [60, 40, 120, 80], "cornerRadius": 16, "fill": "#ffffff4d",
                  "backdropFilters": [{ "effect": "blur", "params": { "radius": 8 } }] }
            """#
        let json = Self.pipeline(
            filters: #"[{ "effect": "sepia", "params": { "amount": 0.5 } }, { "effect": "frei0r.pixeliz0r" }]"#,
            timeline: #"[{ "animate": "filters.sepia.amount", "target": "photo", "to": 1, "duration": 1 }]"#,
            extraLayers: card)
        let frei0r = Frei0rEffectTests.frei0r
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
        try Self.photo(in: folder)
        let card = #"""
            ,
                { "name": "card", "frame": [60, 40, 120, 80], "cornerRadius": 16, "fill": "#ffffff4d",
                  "backdropFilters": [{ "effect": "blur", "params": { "radius": 8 } }] }
            """#
        let json = Self.pipeline(
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
    /// frame looks as the same layer does in a taller frame that shows all of it.
    @Test func aLayerPartlyOutsideTheFrameIsFilteredAsIfAllOfItShowed() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.photo(in: folder)
        let layer = { (y: Int) in
            """
            { "name": "photo", "image": "photo.png", "frame": [20, \(y), 200, 120],
              "shadow": { "color": "#000000", "opacity": 0.8, "radius": 6, "offset": [0, 64] },
              "filters": [{ "effect": "saturate", "params": { "amount": 0.5 } },
                          { "effect": "blur", "params": { "radius": 7 } }] }
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
        (#"{ "effect": "blur" }"#, "[]", "layers[0].filters: expected a list of filters"),
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
    ])
    func badFiltersAreRefusedWithTheirPlaceAndNothingIsWritten(filters: String, timeline: String, message: String)
        throws
    {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.photo(in: folder)
        try Self.pipeline(filters: filters, timeline: timeline).write(
            to: folder.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["run", "bad.json"], in: folder)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("error: bad.json:"), "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }
}

/// frei0r filters as layer effects: Debian's plugins (frei0r-plugins), used by name.
@Suite struct Frei0rEffectTests {
    static let frei0r = ["FREI0R_PATH": "/usr/lib/frei0r-1"]

    @Test func pixeliz0rAsALayerEffectMakesBlocksOfOneColour() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try LayerEffectsTests.photo(in: folder)
        let json = LayerEffectsTests.pipeline(
            filters: #"[{ "effect": "frei0r.pixeliz0r", "params": { "Block width": 0.1, "Block height": 0.1 } }]"#)
        try json.write(to: folder.appendingPathComponent("f.json"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["run", "f.json", "--frames", "0", "--quiet"], in: folder, environment: Self.frei0r)
        #expect(result.status == 0, "\(result.stderr)")
        let frame = try RGBAImage.read(folder.appendingPathComponent("out/frame_0000.png"))
        // In blocks, neighbouring pixels along a row are mostly equal; the noisy photo has none equal.
        let changes = (21..<219).filter { frame[$0, 50] != frame[$0 - 1, 50] }.count
        #expect(changes > 2 && changes < 40, "\(changes) changes along the row")
    }

    @Test func aMisspeltFrei0rEffectIsRefusedWithItsPlace() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try LayerEffectsTests.photo(in: folder)
        let json = LayerEffectsTests.pipeline(filters: #"[{ "effect": "frei0r.pixelizor" }]"#)
        try json.write(to: folder.appendingPathComponent("f.json"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["run", "f.json"], in: folder, environment: Self.frei0r)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(#"layers[0].filters[0].effect: unknown effect "frei0r.pixelizor""#),
            "\(result.stderr)")
    }
}

/// frei0r filters used as layer effects give, pixel for pixel, what the plugin gives when called
/// directly (opened here with dlopen) on the same opaque pixels.
@Suite struct Frei0rDirectCallTests {
    typealias Construct = @convention(c) (UInt32, UInt32) -> UnsafeMutableRawPointer?
    typealias Destruct = @convention(c) (UnsafeMutableRawPointer?) -> Void
    typealias SetParameter = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int32) -> Void
    typealias Update =
        @convention(c) (
            UnsafeMutableRawPointer?, Double, UnsafePointer<UInt32>?, UnsafeMutablePointer<UInt32>?
        ) -> Void
    typealias ParameterInfo = @convention(c) (UnsafeMutableRawPointer?, Int32) -> Void
    typealias PluginInfo = @convention(c) (UnsafeMutableRawPointer?) -> Void

    /// The plugin's output for `pixels` (straight RGBA, width × height) with `parameters` set by
    /// frei0r name, as RGBA bytes.
    static func direct(_ file: String, _ pixels: [UInt8], width: Int, height: Int, parameters: [String: Double])
        throws -> [UInt8]
    {
        let handle = try #require(dlopen(file, RTLD_NOW | RTLD_LOCAL), "dlopen \(file)")
        func symbol<T>(_ name: String, as: T.Type) throws -> T {
            unsafeBitCast(try #require(dlsym(handle, name), "\(name) in \(file)"), to: T.self)
        }
        _ = unsafeBitCast(try #require(dlsym(handle, "f0r_init")), to: (@convention(c) () -> Int32).self)()
        // f0r_plugin_info_t: name, author (pointers), plugin_type, color_model, … (ints).
        var info = [UInt8](repeating: 0, count: 64)
        try symbol("f0r_get_plugin_info", as: PluginInfo.self)(&info)
        let colorModel = info.withUnsafeBytes { $0.load(fromByteOffset: 20, as: Int32.self) }
        let count = info.withUnsafeBytes { $0.load(fromByteOffset: 36, as: Int32.self) }
        let instance = try #require(try symbol("f0r_construct", as: Construct.self)(UInt32(width), UInt32(height)))
        defer { try? symbol("f0r_destruct", as: Destruct.self)(instance) }
        for index in 0..<count {
            // f0r_param_info_t: name (a pointer), type, explanation.
            var parameter = [UInt8](repeating: 0, count: 32)
            try symbol("f0r_get_param_info", as: ParameterInfo.self)(&parameter, index)
            let name = parameter.withUnsafeBytes { String(cString: $0.load(as: UnsafePointer<CChar>.self)) }
            guard var value = parameters[name] else { continue }
            try symbol("f0r_set_param_value", as: SetParameter.self)(instance, &value, index)
        }
        // BGRA8888 (0) swaps red and blue; RGBA8888 and PACKED32 take the bytes as they are.
        let swap = { (bytes: [UInt8]) -> [UInt8] in
            guard colorModel == 0 else { return bytes }
            var swapped = bytes
            for index in stride(from: 0, to: bytes.count, by: 4) {
                swapped[index] = bytes[index + 2]
                swapped[index + 2] = bytes[index]
            }
            return swapped
        }
        let input = swap(pixels).withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
        var output = [UInt32](repeating: 0, count: width * height)
        try symbol("f0r_update", as: Update.self)(instance, 0, input, &output)
        return swap(output.withUnsafeBytes { Array($0) })
    }

    @Test(arguments: [
        ("invert0r", #"{}"#, [String: Double]()),
        ("pixeliz0r", #"{ "Block width": 0.05, "Block height": 0.1 }"#, ["Block width": 0.05, "Block height": 0.1]),
        ("brightness", #"{ "Brightness": 0.7 }"#, ["Brightness": 0.7]),
        ("sobel", #"{}"#, [:]),
    ])
    func aFrei0rLayerEffectEqualsThePluginCalledDirectly(plugin: String, params: String, values: [String: Double])
        throws
    {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try LayerEffectsTests.photo(in: folder)
        let json = LayerEffectsTests.pipeline(
            filters: #"[{ "effect": "frei0r.\#(plugin)", "params": \#(params) }]"#)
        try json.write(to: folder.appendingPathComponent("f.json"), atomically: true, encoding: .utf8)
        let result = try CLI.run(
            ["run", "f.json", "--frames", "0", "--quiet"], in: folder, environment: Frei0rEffectTests.frei0r)
        #expect(result.status == 0, "\(result.stderr)")
        let frame = try RGBAImage.read(folder.appendingPathComponent("out/frame_0000.png"))
        let photo = try RGBAImage.read(folder.appendingPathComponent("photo.png"))
        let expected = try Self.direct(
            "/usr/lib/frei0r-1/\(plugin).so", photo.bytes, width: photo.width, height: photo.height, parameters: values)
        var worst = 0
        for y in 0..<photo.height {
            for x in 0..<photo.width {
                let i = (y * photo.width + x) * 4
                let alpha = Int(expected[i + 3])
                // The frame shows the layer over the white background.
                let over = (0..<3).map { (Int(expected[i + $0]) * alpha + 255 * (255 - alpha) + 127) / 255 }
                worst = max(worst, frame[x + 20, y + 20].distance(to: Pixel(over[0], over[1], over[2])))
            }
        }
        #expect(worst <= 1, "\(plugin): a pixel differs by \(worst)")
    }
}

/// frei0r files that cannot be used (not a library, missing symbols, no instance, a crash or a
/// hang while scanned, a crash while rendering) are each skipped with their name and reason,
/// never hide the others, and fail only the render that names them, with exit status 2.
@Suite struct Frei0rBadFileTests {
    /// A frei0r filter whose functions do as `behaviour` says: a C statement run in `what`.
    static func filter(_ what: String, _ behaviour: String) -> String {
        let body = { (function: String) in function == what ? behaviour : "" }
        return """
            #include <frei0r.h>
            #include <stdlib.h>
            #include <string.h>
            #include <unistd.h>
            int f0r_init(void) { \(body("init")) return 1; }
            void f0r_deinit(void) {}
            void f0r_get_plugin_info(f0r_plugin_info_t *info) {
                \(body("info"))
                info->name = "bad"; info->author = "tests"; info->plugin_type = F0R_PLUGIN_TYPE_FILTER;
                info->color_model = F0R_COLOR_MODEL_RGBA8888; info->frei0r_version = FREI0R_MAJOR_VERSION;
                info->major_version = 1; info->minor_version = 0; info->num_params = 0; info->explanation = "bad";
            }
            void f0r_get_param_info(f0r_param_info_t *info, int index) { (void)info; (void)index; }
            f0r_instance_t f0r_construct(unsigned int width, unsigned int height) {
                (void)width; (void)height; \(body("construct")) return malloc(1);
            }
            void f0r_destruct(f0r_instance_t instance) { free(instance); }
            void f0r_set_param_value(f0r_instance_t i, f0r_param_t p, int n) { (void)i; (void)p; (void)n; }
            void f0r_get_param_value(f0r_instance_t i, f0r_param_t p, int n) { (void)i; (void)p; (void)n; }
            void f0r_update(f0r_instance_t i, double t, const uint32_t *in, uint32_t *out) {
                (void)i; (void)t; \(body("update")) memcpy(out, in, 4);
            }
            """
    }

    static func folder() throws -> URL {
        let folder = try CLI.temporaryDirectory()
        let frei0r = folder.appendingPathComponent("plugins/frei0r")
        try PluginFixtures.compile(filter("construct", "return NULL;"), to: frei0r.appendingPathComponent("nulls.so"))
        try PluginFixtures.compile(
            filter("info", "*(volatile int *)0 = 1;"), to: frei0r.appendingPathComponent("scancrash.so"))
        try PluginFixtures.compile(filter("init", "sleep(30);"), to: frei0r.appendingPathComponent("hangs.so"))
        try PluginFixtures.compile(
            filter("update", "*(volatile int *)0 = 1;"), to: frei0r.appendingPathComponent("rendercrash.so"))
        try PluginFixtures.compile("int f0r_init(void) { return 1; }", to: frei0r.appendingPathComponent("partial.so"))
        try Data("not a library".utf8).write(to: frei0r.appendingPathComponent("garbage.so"))
        try LayerEffectsTests.photo(in: folder)
        return folder
    }

    static let environment = Frei0rEffectTests.frei0r.merging(["PIPELINE_SCAN_TIMEOUT": "2"]) { $1 }

    func run(_ effect: String, in folder: URL) throws -> CLI.Result {
        let json = LayerEffectsTests.pipeline(filters: #"[{ "effect": "\#(effect)" }]"#)
        try json.write(to: folder.appendingPathComponent("\(effect).json"), atomically: true, encoding: .utf8)
        return try CLI.run(
            ["run", "\(effect).json", "--frames", "0", "--out", effect, "--quiet"], in: folder,
            environment: Self.environment)
    }

    @Test func eachBrokenFileIsNamedAndTheOthersStillWork() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let listing = try CLI.run(
            ["plugins", "--plugins", folder.appendingPathComponent("plugins").path], environment: Self.environment)
        #expect(listing.status == 0, "\(listing.stderr)")
        for (file, reason) in [
            ("nulls.so", "f0r_construct"), ("scancrash.so", "crashed with SIGSEGV during scan"),
            ("hangs.so", "did not finish scanning within 2 s"), ("partial.so", "f0r_"),
            ("garbage.so", "not a loadable shared library"),
        ] {
            let line = listing.stdout.split(separator: "\n").first { $0.contains(file) && $0.contains(reason) }
            #expect(line != nil, "\(file): \(reason)\n\(listing.stdout)")
        }
        #expect(listing.stdout.contains("frei0r.rendercrash"))
        #expect(listing.stdout.contains("frei0r.invert0r"))
        let good = try run("frei0r.invert0r", in: folder)
        #expect(good.status == 0, "\(good.stderr)")
    }

    @Test(arguments: ["nulls", "scancrash", "hangs", "partial", "garbage"])
    func aPipelineNamingABrokenFileFailsWithItsName(name: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try run("frei0r.\(name)", in: folder)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("frei0r/\(name).so could not be opened"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("frei0r.\(name)").path))
    }

    @Test func aCrashWhileRenderingFailsTheRenderNamingTheFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try run("frei0r.rendercrash", in: folder)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("frei0r/rendercrash.so"), "\(result.stderr)")
        #expect(result.stderr.contains("crashed with SIGSEGV at frame 0 (layers[0].filters[0])"), "\(result.stderr)")
        // No frame; only the run's record for --resume, as after any crash.
        let frames = folder.appendingPathComponent("frei0r.rendercrash")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: frames.path)) ?? []
        #expect(!files.contains { $0.hasSuffix(".png") }, "\(files)")
    }
}
