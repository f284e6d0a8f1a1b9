import CommandTestSupport
import Foundation
import Testing

/// The ABI's growth promise, kept by the host: a plugin built against the released 1.0 or 1.1
/// header (kept as `Tests/ABI/animator-1.0.h` and `animator-1.1.h`) loads and renders as the same
/// plugin built against the current header, and one built against a newer 1.x, whose structs are
/// larger, loads too.
@Suite struct ABICompatibilityTests {
    /// An animator with two parameters (so the params array is walked element by element) and a
    /// timing curve, written against the 1.0 header.
    static let shift = """
        #include "animator.h"

        static const anim_param_desc_t shift_params[] = {
            { .struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_NUMBER, .id = "dx", .doc = "rightwards",
              .unit = "px", .min = -100, .max = 100, .default_value = {0} },
            { .struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_NUMBER, .id = "dy", .doc = "downwards",
              .unit = "px", .min = -100, .max = 100, .default_value = {0} },
        };

        static bool shift_apply(const anim_apply_args_t *args, anim_layer_t *target, char *error, uint32_t error_size) {
            (void)error, (void)error_size;
            target->translation.x += args->params[0].v[0] * args->progress;
            target->translation.y += args->params[1].v[0] * args->progress;
            target->opacity = 1.0 - 0.5 * args->progress;
            return true;
        }

        static double shift_ease(double t) { return t * t; }

        static const anim_animator_desc_t shift_desc = {
            .struct_size = sizeof(anim_animator_desc_t), .name = "shift", .version = "1.0.0",
            .doc = "Moves and fades the layer", .params = shift_params, .param_count = 2, .apply = shift_apply,
        };

        static const anim_curve_desc_t shift_curve = {
            .struct_size = sizeof(anim_curve_desc_t), .name = "shift-ease", .doc = "t squared",
            .signature = "d(d)", .function = (anim_function_t)shift_ease,
        };

        static bool shift_init(const anim_host_t *host) {
            return host->register_animator(host, &shift_desc) && host->register_curve(host, &shift_curve);
        }

        ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
            ANIM_ABI_MAJOR, ANIM_ABI_MINOR, sizeof(anim_entry_t), 0, "org.example.shift", "1.0.0", "Shifts layers",
            shift_init, NULL,
        };
        """

    /// The same plugin as a later 1.x header would build it: minor 2, and every struct it hands
    /// the host larger than this header's, the known fields first and new ones appended.
    static let shiftFromANewerMinor = """
        #include "animator.h"

        typedef struct { anim_param_desc_t v1_0; double step; const char *group; } param_desc_1_2_t;
        typedef struct { anim_animator_desc_t v1_0; const char *category; uint64_t flags; } animator_desc_1_2_t;
        typedef struct { anim_curve_desc_t v1_0; double settle_time; } curve_desc_1_2_t;
        typedef struct { anim_entry_t v1_1; const char *homepage; uint64_t capabilities; } entry_1_2_t;

        static const param_desc_1_2_t shift_params[] = {
            { { .struct_size = sizeof(param_desc_1_2_t), .type = ANIM_PARAM_NUMBER, .id = "dx", .doc = "rightwards",
                .unit = "px", .min = -100, .max = 100, .default_value = {0} }, 0.5, "motion" },
            { { .struct_size = sizeof(param_desc_1_2_t), .type = ANIM_PARAM_NUMBER, .id = "dy", .doc = "downwards",
                .unit = "px", .min = -100, .max = 100, .default_value = {0} }, 0.5, "motion" },
        };

        static bool shift_apply(const anim_apply_args_t *args, anim_layer_t *target, char *error, uint32_t error_size) {
            (void)error, (void)error_size;
            target->translation.x += args->params[0].v[0] * args->progress;
            target->translation.y += args->params[1].v[0] * args->progress;
            target->opacity = 1.0 - 0.5 * args->progress;
            return true;
        }

        static double shift_ease(double t) { return t * t; }

        static const animator_desc_1_2_t shift_desc = {
            { .struct_size = sizeof(animator_desc_1_2_t), .name = "shift", .version = "1.0.0",
              .doc = "Moves and fades the layer", .params = &shift_params[0].v1_0, .param_count = 2,
              .apply = shift_apply },
            "motion", 0xffffffffffffffffu,
        };

        static const curve_desc_1_2_t shift_curve = {
            { .struct_size = sizeof(curve_desc_1_2_t), .name = "shift-ease", .doc = "t squared",
              .signature = "d(d)", .function = (anim_function_t)shift_ease },
            0.25,
        };

        static bool shift_init(const anim_host_t *host) {
            return host->register_animator(host, &shift_desc.v1_0) && host->register_curve(host, &shift_curve.v1_0);
        }

        ANIM_EXPORT const entry_1_2_t ANIM_ENTRY = {
            { ANIM_ABI_MAJOR, 2, sizeof(entry_1_2_t), 0, "org.example.shift", "1.0.0", "Shifts layers",
              shift_init, NULL, NULL, NULL },
            "https://example.org/shift", 0xffffffffffffffffu,
        };
        """

    /// A white square shifted and faded over 0.4 s on its plugin curve: 5 frames.
    static let pipeline = """
        {
          "version": 1,
          "canvas": { "width": 64, "height": 64, "fps": 10, "duration": 0.5, "background": "#000000" },
          "layers": [ { "name": "card", "frame": [8, 8, 16, 16], "fill": "#ffffff" } ],
          "timeline": [ { "animator": "shift", "target": "card", "duration": 0.4, "timing": "shift-ease",
                          "params": { "dx": 30, "dy": 12 } } ],
          "output": { "dir": "out", "formats": ["png"] }
        }
        """

    /// The folder holding the released `version` header ("1.0", "1.1") under the name plugins include.
    static func releasedHeaderFolder(_ version: String = "1.0", in folder: URL) throws -> URL {
        let include = folder.appendingPathComponent("abi-\(version)")
        try FileManager.default.createDirectory(at: include, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: CLI.repositoryRoot.appendingPathComponent("Tests/ABI/animator-\(version).h"),
            to: include.appendingPathComponent("animator.h"))
        return include
    }

    /// Builds `source` into `name/shift.so`, renders `pipeline` (the file `shift.json`) with it, with
    /// `options` added, and returns the frames' bytes.
    static func render(
        _ source: String, header: String, as name: String, in folder: URL, pipeline: String = "shift.json",
        options: [String] = []
    ) throws -> [Data] {
        let plugins = folder.appendingPathComponent("\(name)/plugins")
        try PluginFixtures.compile(source, to: plugins.appendingPathComponent("shift.so"), header: header)
        let result = try CLI.run(
            ["run", pipeline, "--out", "\(name)/frames", "--format", "png", "--plugins", plugins.path] + options,
            in: folder, environment: ["PIPELINE_CACHE_DIR": folder.appendingPathComponent("\(name)/cache").path])
        #expect(!result.crashed)
        #expect(result.status == 0, "\(name): \(result.stderr)")
        #expect(!result.stderr.contains("shift.so"), "\(name): \(result.stderr)")
        let frames = folder.appendingPathComponent("\(name)/frames")
        let names = try FileManager.default.contentsOfDirectory(atPath: frames.path).filter { $0.hasSuffix(".png") }
        return try names.sorted().map { try Data(contentsOf: frames.appendingPathComponent($0)) }
    }

    @Test func aPluginBuiltAgainstTheReleased1_0HeaderRendersAsTheSamePluginBuiltAgainstTheCurrentOne() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(Self.pipeline, to: "shift.json", in: folder)
        let released = try Self.releasedHeaderFolder(in: folder).path
        let old = try Self.render(Self.shift, header: released, as: "built-against-1.0", in: folder)
        let current = try Self.render(Self.shift, header: CLI.header, as: "built-against-current", in: folder)
        #expect(old.count == 5)
        #expect(old == current, "frames differ")
        #expect(Set(current).count > 1, "the animation moves the square")
    }

    /// `shift` and a mixer using what ABI 1.1 added: the entry's requirements (the "native-pixels"
    /// service) and "about" extension, the compositor's own pixels (ANIM_MIXER_NATIVE_PIXELS, at
    /// the offsets the service gives), the render scale in create's and mix's args, and the canvas.
    /// The wipe's soft edge is `softness` canvas pixels wide, which `create` turns into image pixels.
    static let shiftAndWipe =
        String(Self.shift[..<Self.shift.range(of: "static bool shift_init")!.lowerBound])
            + """
            #include <stdio.h>
            #include <stdlib.h>
            #include <string.h>

            static anim_native_pixels_v1_t native;

            static const anim_param_desc_t wipe_params[] = {
                { .struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_NUMBER, .id = "softness",
                  .doc = "the soft edge's width", .unit = "px", .min = 0, .max = 100, .default_value = {16} },
            };

            typedef struct { double edge; } wipe_t;

            static void *wipe_create(const anim_create_args_t *args, char *error, uint32_t error_size) {
                if (!ANIM_HAS_FIELD(args, anim_create_args_t, render_scale) || args->render_scale <= 0) {
                    snprintf(error, error_size, "no render scale");
                    return NULL;
                }
                wipe_t *wipe = malloc(sizeof *wipe);
                if (wipe) wipe->edge = args->params[0].v[0] * args->render_scale;
                return wipe;
            }

            static void wipe_destroy(void *instance) { free(instance); }

            static uint8_t blend(uint32_t from, uint32_t to, double k) { return (uint8_t)(from + ((double)to - from) * k + 0.5); }

            /* A wipe from the left in native pixels; blue takes half the `to` image's, so a channel at the
             * wrong offset shows. */
            static bool wipe_mix(const anim_mix_args_t *args, char *error, uint32_t error_size) {
                if (!ANIM_HAS_FIELD(args, anim_mix_args_t, pixel_order) || args->pixel_order != ANIM_PIXELS_NATIVE) {
                    snprintf(error, error_size, "not the native pixels asked for");
                    return false;
                }
                const double expected = args->canvas.width * args->render_scale;
                if (args->out->width < expected - 1 || args->out->width > expected + 1) {
                    snprintf(error, error_size, "an image %u wide for a canvas %g wide at scale %g", args->out->width,
                             args->canvas.width, args->render_scale);
                    return false;
                }
                const double edge = ((const wipe_t *)args->instance)->edge;
                const double front = args->progress * (args->out->width + edge);
                for (uint32_t y = args->row_begin; y < args->row_end; y++) {
                    const uint8_t *f = args->from->pixels + (size_t)y * args->from->stride;
                    const uint8_t *t = args->to->pixels + (size_t)y * args->to->stride;
                    uint8_t *o = args->out->pixels + (size_t)y * args->out->stride;
                    for (uint32_t x = 0; x < args->out->width; x++) {
                        double k = edge > 0 ? (front - (x + 0.5)) / edge : (x + 0.5 < front ? 1 : 0);
                        k = k < 0 ? 0 : k > 1 ? 1 : k;
                        const uint8_t *p = f + 4 * x, *q = t + 4 * x;
                        uint8_t *r = o + 4 * x;
                        r[native.red] = blend(p[native.red], q[native.red], k);
                        r[native.green] = blend(p[native.green], q[native.green], k);
                        r[native.blue] = blend(p[native.blue], q[native.blue] / 2, k);
                        r[native.alpha] = blend(p[native.alpha], q[native.alpha], k);
                    }
                }
                return true;
            }

            static const anim_mixer_desc_t wipe_desc = {
                .struct_size = sizeof(anim_mixer_desc_t), .name = "native-wipe", .version = "1.0.0",
                .doc = "Wipes from the left with a soft edge", .params = wipe_params, .param_count = 1,
                .create = wipe_create, .destroy = wipe_destroy, .mix = wipe_mix, .flags = ANIM_MIXER_NATIVE_PIXELS,
            };

            static bool shift_init(const anim_host_t *host) {
                const anim_native_pixels_v1_t *service = host->get_service(host, ANIM_SERVICE_NATIVE_PIXELS, 1);
                if (!service) return false;
                native = *service;
                return host->register_animator(host, &shift_desc) && host->register_curve(host, &shift_curve)
                    && host->register_mixer(host, &wipe_desc);
            }

            static const anim_requirement_t shift_requirements[] = { { ANIM_SERVICE_NATIVE_PIXELS, 1, 0 }, { NULL, 0, 0 } };

            static const void *shift_get_extension(const char *id, uint32_t version) {
                static const anim_about_v1_t about = { sizeof(anim_about_v1_t), 0, "Ada Lovelace", NULL, "MIT" };
                return strcmp(id, ANIM_EXTENSION_ABOUT) == 0 && version == 1 ? &about : NULL;
            }

            ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
                ANIM_ABI_MAJOR, ANIM_ABI_MINOR, sizeof(anim_entry_t), 0, "org.example.shift", "1.0.0", "Shifts and wipes",
                shift_init, NULL, shift_requirements, shift_get_extension,
            };
            """

    /// Striped gradients wiped into each other over 0.4 s while a white square moves over them.
    static let wipePipeline = """
        {
          "version": 1,
          "canvas": { "width": 96, "height": 48, "fps": 10, "duration": 0.5, "background": "#203040" },
          "layers": [
            { "name": "a", "frame": [0, 0, 96, 48],
              "fill": { "gradient": { "colors": ["#ff2000", "#1040ff"], "start": [0, 0], "end": [1, 1] } } },
            { "name": "b", "frame": [0, 0, 96, 48], "opacity": 0.75,
              "fill": { "gradient": { "colors": ["#20ff60", "#e000c0"], "start": [1, 0], "end": [0, 1] } } },
            { "name": "card", "frame": [8, 8, 16, 16], "fill": "#ffffff" }
          ],
          "timeline": [
            { "mixer": "native-wipe", "from": "a", "to": "b", "duration": 0.4, "params": { "softness": 24 } },
            { "animator": "shift", "target": "card", "start": 0, "duration": 0.4, "timing": "shift-ease",
              "params": { "dx": 30, "dy": 12 } }
          ],
          "output": { "dir": "out", "formats": ["png"] }
        }
        """

    @Test(arguments: ["1", "0.5"])
    func aPluginBuiltAgainstTheReleased1_1HeaderRendersAsTheSamePluginBuiltAgainstTheCurrentOne(scale: String)
        throws
    {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(Self.wipePipeline, to: "wipe.json", in: folder)
        let released = try Self.releasedHeaderFolder("1.1", in: folder).path
        let options = ["--scale", scale]
        let old = try Self.render(
            Self.shiftAndWipe, header: released, as: "built-against-1.1", in: folder, pipeline: "wipe.json",
            options: options)
        let current = try Self.render(
            Self.shiftAndWipe, header: CLI.header, as: "built-against-current", in: folder, pipeline: "wipe.json",
            options: options)
        #expect(old.count == 5)
        #expect(old == current, "frames differ")
        #expect(Set(current).count == 5, "the wipe and the square change every frame")

        let listing = try CLI.run(
            ["plugins", "--plugins", folder.appendingPathComponent("built-against-1.1/plugins").path],
            environment: ["PIPELINE_CACHE_DIR": folder.appendingPathComponent("built-against-1.1/cache").path])
        #expect(listing.stdout.contains("native-wipe 1.0.0"), "\(listing.stdout)")
        #expect(listing.stdout.contains("by Ada Lovelace; MIT"), "\(listing.stdout)")
    }

    @Test func aPluginBuiltForANewerMinorWithLargerStructsLoadsAndRendersTheSame() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try PluginFixtures.write(Self.pipeline, to: "shift.json", in: folder)
        let newer = try Self.render(Self.shiftFromANewerMinor, header: CLI.header, as: "minor-2", in: folder)
        let current = try Self.render(Self.shift, header: CLI.header, as: "current", in: folder)
        #expect(newer.count == 5)
        #expect(newer == current, "frames differ")

        let listing = try CLI.run(
            ["plugins", "--plugins", folder.appendingPathComponent("minor-2/plugins").path],
            environment: ["PIPELINE_CACHE_DIR": folder.appendingPathComponent("minor-2/cache").path])
        #expect(listing.status == 0)
        #expect(listing.stdout.contains("dy: number -100...100 px, default 0"), "\(listing.stdout)")
        #expect(listing.stdout.contains("shift-ease"), "\(listing.stdout)")
    }

    /// `shift` with an entry written out: `requirements` and `get_extension` as given.
    static func shift(requirements: String, extensions: String = "") -> String {
        let entry = Self.shift.range(of: "ANIM_EXPORT const anim_entry_t ANIM_ENTRY")!
        return String(Self.shift[..<entry.lowerBound])
            + """
            #include <stdlib.h>
            #include <string.h>

            static const anim_requirement_t shift_requirements[] = { \(requirements) { NULL, 0, 0 } };

            static const void *shift_get_extension(const char *id, uint32_t version) {
                \(extensions)
                (void)id, (void)version;
                return NULL;
            }

            ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
                ANIM_ABI_MAJOR, ANIM_ABI_MINOR, sizeof(anim_entry_t), 0, "org.example.shift", "1.0.0",
                "Shifts layers", shift_init, NULL, shift_requirements, shift_get_extension,
            };
            """
    }

    @Test func aPluginRequiringAServiceThisHostLacksIsSkippedNamingItBeforeAnyOfItsCodeRuns() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Its init would abort: a skip that names the requirement shows init never ran.
        let source = Self.shift(requirements: "{ ANIM_SERVICE_LOG, 1, 0 }, { \"frame-cache\", 3, 0 },")
            .replacingOccurrences(
                of: "static bool shift_init(const anim_host_t *host) {",
                with: "static bool shift_init(const anim_host_t *host) {\n    abort();")
        let plugins = folder.appendingPathComponent("plugins")
        try PluginFixtures.compile(source, to: plugins.appendingPathComponent("shift.so"), header: CLI.header)
        let environment = ["PIPELINE_CACHE_DIR": folder.appendingPathComponent("cache").path]
        let listing = try CLI.run(["plugins", "--plugins", plugins.path], environment: environment)
        #expect(listing.status == 0)
        #expect(
            listing.stdout.contains(
                "shift.so: built against animator ABI 1.2, it requires the host service \"frame-cache\" version 3, "
                    + "which this host (animator ABI 1.2) does not offer; it offers log 1, native-pixels 1, effects 1"),
            "\(listing.stdout)")

        try PluginFixtures.write(Self.pipeline, to: "shift.json", in: folder)
        let run = try CLI.run(
            ["run", "shift.json", "--format", "png", "--plugins", plugins.path], in: folder, environment: environment)
        #expect(run.status == 1)
        #expect(run.stderr.contains("\"frame-cache\" version 3"), "\(run.stderr)")
    }

    @Test func aPluginRequiringServicesThisHostOffersLoadsAndItsAboutExtensionIsListed() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = Self.shift(
            requirements: "{ ANIM_SERVICE_LOG, 1, 0 }, { ANIM_SERVICE_NATIVE_PIXELS, 1, 0 },",
            extensions: """
                static const anim_about_v1_t about = {
                    sizeof(anim_about_v1_t), 0, "Ada Lovelace", "https://example.org/shift", "MIT" };
                if (strcmp(id, ANIM_EXTENSION_ABOUT) == 0 && version == 1) return &about;
                """)
        let plugins = folder.appendingPathComponent("listed/plugins")
        try PluginFixtures.compile(source, to: plugins.appendingPathComponent("shift.so"), header: CLI.header)
        let environment = ["PIPELINE_CACHE_DIR": folder.appendingPathComponent("cache").path]
        let listing = try CLI.run(["plugins", "--plugins", plugins.path], environment: environment)
        #expect(listing.status == 0)
        #expect(
            listing.stdout.contains(
                "shift.so (native plugin; org.example.shift 1.0.0; by Ada Lovelace; MIT; https://example.org/shift)"),
            "\(listing.stdout)")
        let json = try CLI.run(["plugins", "--json", "--plugins", plugins.path], environment: environment)
        #expect(json.stdout.contains("\"license\" : \"MIT\""), "\(json.stdout)")

        try PluginFixtures.write(Self.pipeline, to: "shift.json", in: folder)
        let frames = try Self.render(source, header: CLI.header, as: "with-requirements", in: folder)
        let plain = try Self.render(Self.shift, header: CLI.header, as: "plain", in: folder)
        #expect(frames.count == 5 && frames == plain)
    }

    /// The structs the host reads, each declared one byte smaller than in the released header.
    enum Shrunk: String, CaseIterable {
        case entry = "anim_entry_t"
        case animator = "anim_animator_desc_t"
        case parameter = "anim_param_desc_t"
        case curve = "anim_curve_desc_t"
    }

    @Test(arguments: Shrunk.allCases) func aStructSmallerThanTheReleasedHeadersIsRefusedNamingBothSizes(
        shrunk: Shrunk
    ) throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let released = try Self.releasedHeaderFolder(in: folder).path
        let sizeProgram = folder.appendingPathComponent("size")
        try PluginFixtures.write(
            """
            #include "animator.h"
            #include <stdio.h>
            int main(void) { printf("%zu", sizeof(\(shrunk.rawValue))); return 0; }
            """, to: "size.c", in: folder)
        let built = try CLI.runProgram(
            "/usr/bin/env", ["cc", "-std=c99", "-I", released, "size.c", "-o", sizeProgram.path], in: folder)
        #expect(built.status == 0, "\(built.stderr)")
        let size = try #require(Int(try CLI.runProgram(sizeProgram.path, []).stdout))

        let source = Self.shift.replacingOccurrences(
            of: "sizeof(\(shrunk.rawValue))", with: "sizeof(\(shrunk.rawValue)) - 1")
        let plugins = folder.appendingPathComponent("plugins")
        try PluginFixtures.compile(source, to: plugins.appendingPathComponent("shift.so"), header: released)
        let listing = try CLI.run(
            ["plugins", "--plugins", plugins.path],
            environment: ["PIPELINE_CACHE_DIR": folder.appendingPathComponent("cache").path])
        #expect(listing.status == 0)
        let what =
            switch shrunk {
            case .entry: "entry"
            case .animator: "animator descriptor"
            case .parameter: "parameter descriptor"
            case .curve: "curve descriptor"
            }
        #expect(
            listing.stdout.contains("\(what) struct_size \(size - 1) is smaller than ABI 1.0's \(size)"),
            "\(listing.stdout)")
    }
}
