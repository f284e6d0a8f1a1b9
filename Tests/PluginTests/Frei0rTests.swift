import CommandTestSupport
import Foundation
import Testing

/// Unknown effect names are matched against frei0r's too: a typo, a name without `frei0r.`, and
/// the known effects counting frei0r's rather than listing some ninety of them.
@Suite(
    .enabled(
        if: FileManager.default.fileExists(atPath: "/usr/lib/frei0r-1/vignette.so"),
        "needs Debian's frei0r-plugins in /usr/lib/frei0r-1"))
struct Frei0rSuggestionTests {
    /// `validate`'s standard error for a pipeline whose one layer has the effect `effect`.
    private func refusal(of effect: String) throws -> String {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try LayerEffectsFixture.photo(in: folder)
        let json = LayerEffectsFixture.pipeline(filters: #"[{ "effect": "\#(effect)" }]"#)
        try json.write(to: folder.appendingPathComponent("f.json"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["validate", "f.json"], in: folder, environment: CLI.frei0r)
        #expect(result.status == 1, "\(result.stderr)")
        return result.stderr
    }

    @Test(arguments: [
        ("frei0r.vignete", "frei0r.vignette"), ("vignette", "frei0r.vignette"), ("Frei0r.Vignette", "frei0r.vignette"),
        ("pixelizor", "frei0r.pixeliz0r"),
    ])
    func anUnknownEffectSuggestsTheFrei0rNameMeant(written: String, meant: String) throws {
        let stderr = try refusal(of: written)
        #expect(
            stderr.contains(
                #"f.json:5:99: layers[0].filters[0].effect: unknown effect "\#(written)"; did you mean "\#(meant)"?"#),
            "\(stderr)")
    }

    @Test func theKnownEffectsListTheHostsAndCountFrei0rs() throws {
        let stderr = try refusal(of: "sparkle-dust")
        let host = "blur, brightness, color-matrix, contrast, grayscale, hue-rotate, invert, opacity, saturate, sepia"
        let count = try #require(
            stderr.firstMatch(
                of: #/known effects: ([^\n]*), and (\d+) frei0r effects \(`pipeline plugins` lists them\)/#),
            "\(stderr)")
        #expect(count.1 == host, "\(stderr)")
        // Debian's frei0r-plugins has some ninety filters among its files: the count is the
        // filters', not the files' (mixers and sources are not effects).
        let files = try FileManager.default.contentsOfDirectory(atPath: "/usr/lib/frei0r-1").count
        #expect((50..<files).contains(Int(count.2)!), "\(stderr)")
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
        try LayerEffectsFixture.photo(in: folder)
        let json = LayerEffectsFixture.pipeline(
            filters: #"[{ "effect": "frei0r.\#(plugin)", "params": \#(params) }]"#)
        try json.write(to: folder.appendingPathComponent("f.json"), atomically: true, encoding: .utf8)
        let result = try CLI.run(
            ["run", "f.json", "--frames", "0", "--quiet"], in: folder, environment: CLI.frei0r)
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
        try LayerEffectsFixture.photo(in: folder)
        return folder
    }

    static let environment = CLI.frei0r.merging(["PIPELINE_SCAN_TIMEOUT": "2"]) { $1 }

    func run(_ effect: String, in folder: URL) throws -> CLI.Result {
        let json = LayerEffectsFixture.pipeline(filters: #"[{ "effect": "\#(effect)" }]"#)
        try json.write(to: folder.appendingPathComponent("\(effect).json"), atomically: true, encoding: .utf8)
        return try CLI.run(
            ["run", "\(effect).json", "--frames", "0", "--out", effect, "--quiet"], in: folder,
            environment: Self.environment)
    }

    @Test func eachBrokenFileIsNamedAndTheOthersStillWork() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let listing = try CLI.run(
            ["plugins", "--all", "--plugins", folder.appendingPathComponent("plugins").path],
            environment: Self.environment)
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
