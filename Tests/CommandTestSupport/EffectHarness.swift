import Foundation
import Testing

/// A small C program, built with `cc` against the current `animator.h`, that loads an effect
/// plugin the way a 1.2 host does and checks its blur without `pipeline`, so that a failure
/// names the call and the byte: it reads the entry and its requirements, calls `init` on a
/// host struct cut short before `register_effect` (as a 1.1 host's is) and then on a whole one,
/// asks the effect's reach for a radius at two render scales, and applies it to an image with
/// the reach's margins, whole and split into row ranges of 1 to 3 rows, comparing every byte
/// with a box blur of its own.
public enum EffectHarness {
    public static let source = #"""
        #include "animator.h"
        #include <dlfcn.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>

        static const anim_effect_desc_t *registered;
        static unsigned registrations;

        static bool register_effect(const anim_host_t *host, const anim_effect_desc_t *desc) {
            (void)host;
            registered = desc;
            registrations++;
            return true;
        }

        static void log_message(const anim_host_t *host, uint32_t level, const char *message) {
            (void)host;
            printf("log %u: %s\n", level, message);
        }

        static const void *get_service(const anim_host_t *host, const char *id, uint32_t version) {
            (void)host;
            static const anim_log_service_v1_t log = {sizeof(anim_log_service_v1_t), 0, log_message};
            static const anim_native_pixels_v1_t native = {sizeof(anim_native_pixels_v1_t), 2, 1, 0, 3, 0};
            static const anim_effects_v1_t effects = {sizeof(anim_effects_v1_t), ANIM_REACH_MAX};
            if (version != 1) return NULL;
            if (strcmp(id, ANIM_SERVICE_LOG) == 0) return &log;
            if (strcmp(id, ANIM_SERVICE_NATIVE_PIXELS) == 0) return &native;
            if (strcmp(id, ANIM_SERVICE_EFFECTS) == 0) return &effects;
            return NULL;
        }

        static anim_effect_args_t arguments(const anim_value_t *radius, double render_scale) {
            anim_effect_args_t args;
            memset(&args, 0, sizeof args);
            args.struct_size = sizeof args;
            args.param_count = 1;
            args.params = radius;
            args.user_data = registered->user_data;
            args.canvas = (anim_size_t){64, 64};
            args.render_scale = render_scale;
            args.pixel_order = registered->flags & ANIM_EFFECT_NATIVE_PIXELS ? ANIM_PIXELS_NATIVE : ANIM_PIXELS_RGBA;
            return args;
        }

        int main(int argc, char **argv) {
            if (argc != 4) return 2;
            void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
            if (!library) { printf("dlopen: %s\n", dlerror()); return 1; }
            const anim_entry_t *entry = dlsym(library, ANIM_ENTRY_SYMBOL);
            if (!entry) { printf("no %s\n", ANIM_ENTRY_SYMBOL); return 1; }
            printf("entry %s %s abi %u.%u\n", entry->plugin_id, entry->plugin_version, entry->abi_major,
                   entry->abi_minor);
            for (const anim_requirement_t *r = entry->requirements; r && r->id; r++)
                printf("requires %s %u\n", r->id, r->version);

            anim_host_t host = {sizeof(anim_host_t), ANIM_ABI_MAJOR, 1, 0, "harness", "1.0", NULL, NULL, NULL,
                                NULL, get_service, register_effect};
            host.struct_size = offsetof(anim_host_t, register_effect);
            printf("init on a 1.1 host: %s, %u registered\n", entry->init(&host) ? "true" : "false",
                   registrations);
            host.struct_size = sizeof(anim_host_t);
            host.abi_minor = ANIM_ABI_MINOR;
            bool initialised = entry->init(&host);
            printf("init on a 1.2 host: %s, %u registered\n", initialised ? "true" : "false", registrations);
            if (!initialised || registrations != 1) return 1;
            const anim_effect_desc_t *d = registered;
            printf("effect %s %s flags %u: %s\n", d->name, d->version, d->flags, d->doc);
            for (uint32_t i = 0; i < d->param_count; i++) {
                const anim_param_desc_t *p =
                    (const anim_param_desc_t *)((const char *)d->params + i * d->params[0].struct_size);
                printf("param %s type %u %g...%g %s default %g: %s\n", p->id, p->type, p->min, p->max,
                       p->unit ? p->unit : "", p->default_value[0], p->doc);
            }

            anim_value_t radius;
            memset(&radius, 0, sizeof radius);
            radius.type = ANIM_PARAM_NUMBER;
            radius.is_set = 1;
            radius.v[0] = atof(argv[2]);
            const double render_scale = atof(argv[3]);
            char error[512] = "";
            anim_reach_t reach = {0};
            anim_effect_args_t args = arguments(&radius, render_scale);
            if (!d->reach || !d->reach(&args, &reach, error, sizeof error)) { printf("reach: %s\n", error); return 1; }
            printf("reach at scale %g: %u %u %u %u read %u\n", render_scale, reach.left, reach.top, reach.right,
                   reach.bottom, reach.read);
            anim_effect_args_t half = arguments(&radius, render_scale / 4);
            anim_reach_t smaller = {0};
            d->reach(&half, &smaller, error, sizeof error);
            printf("reach at scale %g: %u %u %u %u read %u\n", render_scale / 4, smaller.left, smaller.top,
                   smaller.right, smaller.bottom, smaller.read);

            /* A 13 × 7 layer of premultiplied pixels, the reach's margins around it, rows padded. */
            const int r = (int)reach.read;
            const uint32_t width = 13 + reach.left + reach.right, height = 7 + reach.top + reach.bottom;
            const uint32_t stride = 4 * width + 12;
            uint8_t *in = calloc((size_t)stride * height, 1), *whole = malloc((size_t)stride * height),
                    *split = malloc((size_t)stride * height);
            uint32_t seed = 12345;
            for (uint32_t y = 0; y < 7; y++) {
                for (uint32_t x = 0; x < 13; x++) {
                    uint8_t *p = in + (size_t)(y + reach.top) * stride + 4 * (x + reach.left);
                    seed = seed * 1103515245u + 12345u;
                    const uint32_t alpha = (seed >> 16) & 255;
                    for (int c = 0; c < 3; c++) {
                        seed = seed * 1103515245u + 12345u;
                        p[c] = (uint8_t)(((seed >> 16) & 255) * alpha / 255);
                    }
                    p[3] = (uint8_t)alpha;
                }
            }
            memset(whole, 0xab, (size_t)stride * height);
            memset(split, 0xab, (size_t)stride * height);
            anim_image_t input = {sizeof(anim_image_t), width, height, stride, in};
            anim_image_t out_whole = {sizeof(anim_image_t), width, height, stride, whole};
            anim_image_t out_split = {sizeof(anim_image_t), width, height, stride, split};
            args.in = &input;
            args.out = &out_whole;
            args.row_begin = 0;
            args.row_end = height;
            if (!d->apply(&args, error, sizeof error)) { printf("apply: %s\n", error); return 1; }
            args.out = &out_split;
            for (uint32_t y = 0, n = 1; y < height; y += n, n = n % 3 + 1) {
                args.row_begin = y;
                args.row_end = y + n < height ? y + n : height;
                if (!d->apply(&args, error, sizeof error)) { printf("apply: %s\n", error); return 1; }
            }
            int differences = 0;
            for (uint32_t y = 0; y < height; y++) {
                for (uint32_t i = 0; i < stride; i++) {
                    const size_t at = (size_t)y * stride + i;
                    int expected = 0xab;
                    if (i < 4 * width) {
                        const int x = (int)i / 4, c = (int)i % 4, n = (2 * r + 1) * (2 * r + 1);
                        uint64_t sum = 0;
                        for (int v = (int)y - r; v <= (int)y + r; v++)
                            for (int u = x - r; u <= x + r; u++)
                                if (u >= 0 && v >= 0 && u < (int)width && v < (int)height)
                                    sum += in[(size_t)v * stride + 4 * u + c];
                        expected = (int)((sum + (uint64_t)n / 2) / (uint64_t)n);
                    }
                    if ((whole[at] != expected || split[at] != expected) && differences++ < 5)
                        printf("byte %u of row %u: %d whole, %d split, expected %d\n", i, y, whole[at], split[at],
                               expected);
                }
            }
            printf("apply to %u x %u: %d bytes differ from a box blur of radius %d\n", width, height, differences, r);
            return differences == 0 ? 0 : 1;
        }
        """#

    /// The harness built in `folder`, or nil after a failed expectation naming what `cc` said.
    public static func build(in folder: URL) throws -> URL? {
        let source = try PluginFixtures.write(Self.source, to: "effect-harness.c", in: folder)
        let program = folder.appendingPathComponent("effect-harness")
        let built = try CLI.runProgram(
            "/usr/bin/env",
            [
                "cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-I", CLI.header, source.path, "-o", program.path,
                "-ldl",
            ])
        #expect(built.status == 0, "cc failed: \(built.stderr)")
        return built.status == 0 ? program : nil
    }

    /// Runs the harness on `plugin` with the effect's radius `radius` at `renderScale`.
    public static func run(_ plugin: URL, radius: Double, renderScale: Double, in folder: URL) throws -> CLI.Result? {
        guard let program = try build(in: folder) else { return nil }
        return try CLI.runProgram(program.path, [plugin.path, "\(radius)", "\(renderScale)"])
    }

    /// What the harness prints for a blur named `name` built from the scaffold's template (or the
    /// README's), with radius 3 at render scale 2: every check passed.
    public static func expectBlur(
        _ result: CLI.Result, name: String, pluginID: String, version: String = "0.1.0", flags: Int = 1,
        doc: String = "Blurs the layer by `radius` pixels",
        parameter: String =
            "param radius type 1 0...100 px default 4: how far each pixel spreads, in the layer's pixels"
    ) {
        let output = result.stdout
        #expect(result.status == 0, "\(output)\(result.stderr)")
        #expect(output.contains("entry \(pluginID) \(version) abi 1.2\n"), "\(output)")
        #expect(output.contains("requires effects 1\n"), "the entry requires the effects service: \(output)")
        #expect(
            output.contains("init on a 1.1 host: false, 0 registered\n"),
            "init checks ANIM_HAS_FIELD(host, anim_host_t, register_effect): \(output)")
        #expect(output.contains("init on a 1.2 host: true, 1 registered\n"), "\(output)")
        #expect(output.contains("effect \(name) \(version) flags \(flags): \(doc)\n"), "\(output)")
        #expect(output.contains(parameter + "\n"), "\(output)")
        #expect(output.contains("reach at scale 2: 6 6 6 6 read 6\n"), "3 px at render scale 2: \(output)")
        #expect(output.contains("reach at scale 0.5: 2 2 2 2 read 2\n"), "3 px at render scale 0.5: \(output)")
        #expect(output.contains("apply to 25 x 19: 0 bytes differ from a box blur of radius 6\n"), "\(output)")
    }
}
