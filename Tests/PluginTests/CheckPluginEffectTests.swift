import CommandTestSupport
import Foundation
import Testing

/// `pipeline check-plugin` on effects: correct ones (pointwise in both pixel orders and on whole
/// images only, a box blur with an honest reach) have no problems; each broken one is reported
/// with the problem it has and no other: output that depends on the row split, writes outside
/// the rows asked for, a reach that reads farther than it says, pixels written beyond the
/// margins, a reach over ANIM_REACH_MAX for values no pipeline gives, state kept between calls,
/// a write into the input, a crash on NaN, edges said to be transparent that are not.
@Suite struct CheckPluginEffectTests {
    /// Helpers the fixtures share: the parameters, a box blur, a copy, a dimming.
    static let prelude = """
        #include "animator.h"
        #include <math.h>
        #include <stdio.h>
        #include <string.h>

        static const anim_param_desc_t radius_param[] = {{
            .struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_NUMBER, .id = "radius",
            .doc = "Radius", .unit = "px", .min = 0, .max = 4, .default_value = {2},
        }};
        static const anim_param_desc_t amount_param[] = {{
            .struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_NUMBER, .id = "amount",
            .doc = "Amount", .unit = "", .min = 0, .max = 1, .default_value = {0.5},
        }};

        static uint8_t *row_of(const anim_image_t *image, int y) { return image->pixels + (size_t)y * image->stride; }

        /* In pixels of the image: the radius parameter times the render scale. */
        static int scaled_radius(const anim_effect_args_t *args) {
            return (int)lround(args->params[0].v[0] * args->render_scale);
        }

        static bool radius_ok(const anim_effect_args_t *args, char *error, uint32_t error_size) {
            double radius = args->params[0].v[0];
            if (radius >= 0 && radius <= 4) return true;
            snprintf(error, error_size, "radius %g is outside 0...4", radius);
            return false;
        }

        /* Rows [row_begin, row_end) of out: the mean of in over a (2r+1)² box, transparent outside in. */
        static void box_blur(const anim_effect_args_t *args, int r) {
            int w = (int)args->in->width, h = (int)args->in->height;
            unsigned n = (unsigned)((2 * r + 1) * (2 * r + 1));
            for (int y = (int)args->row_begin; y < (int)args->row_end; y++) {
                uint8_t *o = row_of(args->out, y);
                for (int x = 0; x < w; x++) {
                    unsigned sum[4] = {0, 0, 0, 0};
                    for (int yy = y - r; yy <= y + r; yy++) {
                        if (yy < 0 || yy >= h) continue;
                        const uint8_t *i = row_of(args->in, yy);
                        for (int xx = x - r; xx <= x + r; xx++) {
                            if (xx < 0 || xx >= w) continue;
                            for (int c = 0; c < 4; c++) sum[c] += i[xx * 4 + c];
                        }
                    }
                    for (int c = 0; c < 4; c++) o[x * 4 + c] = (uint8_t)((sum[c] + n / 2) / n);
                }
            }
        }

        static void copy_rows(const anim_effect_args_t *args, uint32_t begin, uint32_t end) {
            for (uint32_t y = begin; y < end; y++)
                memcpy(row_of(args->out, (int)y), row_of(args->in, (int)y), (size_t)args->in->width * 4);
        }

        /* Every channel times the amount parameter, clamped to 0...1: stays premultiplied. */
        static void dim_rows(const anim_effect_args_t *args) {
            double amount = args->params[0].v[0];
            if (!(amount >= 0)) amount = 0;
            if (amount > 1) amount = 1;
            for (uint32_t y = args->row_begin; y < args->row_end; y++) {
                const uint8_t *i = row_of(args->in, (int)y);
                uint8_t *o = row_of(args->out, (int)y);
                for (uint32_t x = 0; x < args->in->width * 4; x++) o[x] = (uint8_t)lround(i[x] * amount);
            }
        }

        #define EFFECT(id, effect_name, effect_flags, parameters, count, reach_function, apply_function, data) \\
            static const anim_effect_desc_t id = { \\
                .struct_size = sizeof(anim_effect_desc_t), .name = effect_name, .version = "1.0.0", \\
                .doc = "A test fixture", .params = parameters, .param_count = count, \\
                .flags = effect_flags, .reach = reach_function, .apply = apply_function, .user_data = data, \\
            }

        """

    /// Pointwise in RGBA, in the compositor's order and on whole images only (each fails when
    /// called otherwise), and a box blur whose reach is its radius.
    static let correct =
        prelude + """
            static const uint32_t rgba = ANIM_PIXELS_RGBA, native = ANIM_PIXELS_NATIVE;

            static bool dim_apply(const anim_effect_args_t *args, char *error, uint32_t error_size) {
                if (args->pixel_order != *(const uint32_t *)args->user_data) {
                    snprintf(error, error_size, "called with pixel order %u", args->pixel_order);
                    return false;
                }
                dim_rows(args);
                return true;
            }

            static bool dim_whole_apply(const anim_effect_args_t *args, char *error, uint32_t error_size) {
                if (args->row_begin != 0 || args->row_end != args->in->height) {
                    snprintf(error, error_size, "called with rows %u..<%u", args->row_begin, args->row_end);
                    return false;
                }
                return dim_apply(args, error, error_size);
            }

            static bool blur_reach(const anim_effect_args_t *args, anim_reach_t *reach, char *error, uint32_t size) {
                if (!radius_ok(args, error, size)) return false;
                uint32_t r = (uint32_t)scaled_radius(args);
                *reach = (anim_reach_t){r, r, r, r, r, 0};
                return true;
            }

            static bool blur_apply(const anim_effect_args_t *args, char *error, uint32_t error_size) {
                if (!radius_ok(args, error, error_size)) return false;
                box_blur(args, scaled_radius(args));
                return true;
            }

            EFFECT(dim, "dim", 0, amount_param, 1, NULL, dim_apply, &rgba);
            EFFECT(dim_native, "dim-native", ANIM_EFFECT_NATIVE_PIXELS, amount_param, 1, NULL, dim_apply, &native);
            EFFECT(dim_whole, "dim-whole", ANIM_EFFECT_WHOLE_IMAGE, amount_param, 1, NULL, dim_whole_apply, &rgba);
            EFFECT(blur, "box-blur", ANIM_EFFECT_TRANSPARENT_EDGES, radius_param, 1, blur_reach, blur_apply, NULL);

            static bool fixture_init(const anim_host_t *host) {
                return host->register_effect(host, &dim) && host->register_effect(host, &dim_native)
                    && host->register_effect(host, &dim_whole) && host->register_effect(host, &blur);
            }

            ANIM_DEFINE_ENTRY("org.example.effects", "1.0.0", "Correct effects", fixture_init, NULL);
            """

    /// One flaw each, named after it.
    static let broken =
        prelude + """
            /* A copy, but the first row of each call is cleared: the bytes depend on the split. */
            static bool split_row_apply(const anim_effect_args_t *args, char *error, uint32_t error_size) {
                (void)error, (void)error_size;
                copy_rows(args, args->row_begin, args->row_end);
                memset(row_of(args->out, (int)args->row_begin), 0, (size_t)args->in->width * 4);
                return true;
            }

            /* A copy of every row, whatever rows it is asked for. */
            static bool all_rows_apply(const anim_effect_args_t *args, char *error, uint32_t error_size) {
                (void)error, (void)error_size;
                copy_rows(args, 0, args->in->height);
                return true;
            }

            /* A box blur of its radius that says it reads half as far. */
            static bool short_read_reach(const anim_effect_args_t *args, anim_reach_t *reach, char *error, uint32_t size) {
                if (!radius_ok(args, error, size)) return false;
                uint32_t r = (uint32_t)scaled_radius(args);
                *reach = (anim_reach_t){r, r, r, r, r / 2, 0};
                return true;
            }

            static bool blur_apply(const anim_effect_args_t *args, char *error, uint32_t error_size) {
                if (!radius_ok(args, error, error_size)) return false;
                box_blur(args, scaled_radius(args));
                return true;
            }

            /* A box blur that repeats the image's edge pixels beyond it, yet says pixels outside
             * its image are transparent to it. */
            static bool clamped_apply(const anim_effect_args_t *args, char *error, uint32_t error_size) {
                if (!radius_ok(args, error, error_size)) return false;
                int w = (int)args->in->width, h = (int)args->in->height, r = scaled_radius(args);
                unsigned n = (unsigned)((2 * r + 1) * (2 * r + 1));
                for (int y = (int)args->row_begin; y < (int)args->row_end; y++) {
                    for (int x = 0; x < w; x++) {
                        unsigned sum[4] = {0, 0, 0, 0};
                        for (int yy = y - r; yy <= y + r; yy++)
                            for (int xx = x - r; xx <= x + r; xx++) {
                                const uint8_t *i = row_of(args->in, yy < 0 ? 0 : yy >= h ? h - 1 : yy)
                                    + 4 * (xx < 0 ? 0 : xx >= w ? w - 1 : xx);
                                for (int c = 0; c < 4; c++) sum[c] += i[c];
                            }
                        for (int c = 0; c < 4; c++) row_of(args->out, y)[x * 4 + c] = (uint8_t)((sum[c] + n / 2) / n);
                    }
                }
                return true;
            }

            static bool honest_reach(const anim_effect_args_t *args, anim_reach_t *reach, char *error, uint32_t size) {
                if (!radius_ok(args, error, size)) return false;
                uint32_t r = (uint32_t)scaled_radius(args);
                *reach = (anim_reach_t){r, r, r, r, r, 0};
                return true;
            }

            /* Moves the image 2 px right, but says it reaches no farther than the layer. */
            static bool shift_reach(const anim_effect_args_t *args, anim_reach_t *reach, char *error, uint32_t size) {
                (void)args, (void)error, (void)size;
                *reach = (anim_reach_t){0, 0, 0, 0, 2, 0};
                return true;
            }

            static bool shift_apply(const anim_effect_args_t *args, char *error, uint32_t error_size) {
                (void)error, (void)error_size;
                for (uint32_t y = args->row_begin; y < args->row_end; y++) {
                    uint8_t *o = row_of(args->out, (int)y);
                    memset(o, 0, (size_t)args->in->width * 4);
                    if (args->in->width > 2)
                        memcpy(o + 8, row_of(args->in, (int)y), (size_t)(args->in->width - 2) * 4);
                }
                return true;
            }

            /* A copy whose reach grows with the radius unchecked: NaN and 1e300 give a million. */
            static bool far_reach(const anim_effect_args_t *args, anim_reach_t *reach, char *error, uint32_t size) {
                (void)error, (void)size;
                uint32_t r = (uint32_t)fmin(fabs(args->params[0].v[0] * args->render_scale), 1e6);
                *reach = (anim_reach_t){r, r, r, r, 0, 0};
                return true;
            }

            static bool copy_apply(const anim_effect_args_t *args, char *error, uint32_t error_size) {
                (void)error, (void)error_size;
                copy_rows(args, args->row_begin, args->row_end);
                return true;
            }

            /* A copy whose first pixel's alpha changes from one call to the next. */
            static int calls;
            static bool keeps_state_apply(const anim_effect_args_t *args, char *error, uint32_t error_size) {
                (void)error, (void)error_size;
                copy_rows(args, args->row_begin, args->row_end);
                if (args->row_begin == 0) row_of(args->out, 0)[3] = (uint8_t)(255 - __sync_fetch_and_add(&calls, 1) % 3);
                return true;
            }

            /* A copy that clears the first pixel of its input. */
            static bool writes_input_apply(const anim_effect_args_t *args, char *error, uint32_t error_size) {
                (void)error, (void)error_size;
                copy_rows(args, args->row_begin, args->row_end);
                memset(args->in->pixels, 0, 4);
                return true;
            }

            EFFECT(split_row, "split-row", 0, NULL, 0, NULL, split_row_apply, NULL);
            EFFECT(keeps_state, "keeps-state", 0, NULL, 0, NULL, keeps_state_apply, NULL);
            EFFECT(writes_input, "writes-input", 0, NULL, 0, NULL, writes_input_apply, NULL);
            EFFECT(all_rows, "all-rows", 0, NULL, 0, NULL, all_rows_apply, NULL);
            EFFECT(short_read, "short-read", 0, radius_param, 1, short_read_reach, blur_apply, NULL);
            EFFECT(shift, "shift", 0, NULL, 0, shift_reach, shift_apply, NULL);
            EFFECT(far, "far-reach", 0, radius_param, 1, far_reach, copy_apply, NULL);
            EFFECT(clamped, "clamped-edges", ANIM_EFFECT_TRANSPARENT_EDGES, radius_param, 1, honest_reach, clamped_apply,
                   NULL);

            static bool fixture_init(const anim_host_t *host) {
                return host->register_effect(host, &split_row) && host->register_effect(host, &all_rows)
                    && host->register_effect(host, &short_read) && host->register_effect(host, &shift)
                    && host->register_effect(host, &far) && host->register_effect(host, &keeps_state)
                    && host->register_effect(host, &writes_input) && host->register_effect(host, &clamped);
            }

            ANIM_DEFINE_ENTRY("org.example.broken-effects", "1.0.0", "Broken effects", fixture_init, NULL);
            """

    /// Dims, but dereferences NULL when its amount is NaN.
    static let fragile =
        prelude + """
            static bool fragile_apply(const anim_effect_args_t *args, char *error, uint32_t error_size) {
                (void)error, (void)error_size;
                if (isnan(args->params[0].v[0])) {
                    volatile int *nowhere = NULL;
                    *nowhere = 1;
                }
                dim_rows(args);
                return true;
            }

            EFFECT(fragile, "fragile", 0, amount_param, 1, NULL, fragile_apply, NULL);

            static bool fixture_init(const anim_host_t *host) { return host->register_effect(host, &fragile); }

            ANIM_DEFINE_ENTRY("org.example.fragile", "1.0.0", "Crashes on NaN", fixture_init, NULL);
            """

    private func compiled(_ source: String, _ name: String, in folder: URL) throws -> URL {
        let plugin = folder.appendingPathComponent(name)
        try PluginFixtures.compile(source, to: plugin)
        return plugin
    }

    @Test func correctEffectsHaveNoProblems() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugin = try compiled(Self.correct, "effects.so", in: folder)

        let result = try CLI.run(["check-plugin", "--budget-ms", CLI.unhurriedBudget, plugin.path])
        #expect(result.status == 0, "stdout:\n\(result.stdout)\nstderr:\n\(result.stderr)")
        #expect(
            result.stdout.contains(
                "  effects: box-blur (radius), dim (amount), dim-native (amount), dim-whole (amount)\n"),
            "stdout:\n\(result.stdout)")
        #expect(result.stdout.contains("\(plugin.path): no problems in "), "stdout:\n\(result.stdout)")
    }

    @Test func eachBrokenEffectIsReportedWithItsOwnProblem() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugin = try compiled(Self.broken, "broken.so", in: folder)

        let result = try CLI.run(["check-plugin", "--budget-ms", CLI.unhurriedBudget, plugin.path, "--json"])
        #expect(result.status == 1, "stdout:\n\(result.stdout)\nstderr:\n\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        #expect(report["status"] as? Int == 1)
        let effects = (report["effects"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(
            effects == [
                "all-rows", "clamped-edges", "far-reach", "keeps-state", "shift", "short-read", "split-row",
                "writes-input",
            ])
        let problems = try #require(report["problems"] as? [[String: Any]])
        var kinds: [String: Set<String>] = [:]
        var byKind: [String: [String: Any]] = [:]
        for problem in problems {
            let subject = try #require(problem["subject"] as? [String: Any])
            #expect(subject["kind"] as? String == "effect")
            let name = try #require(subject["name"] as? String)
            let kind = try #require(problem["kind"] as? String)
            kinds[name, default: []].insert(kind)
            byKind[kind] = problem
        }
        #expect(
            kinds == [
                "split-row": ["split-differs"], "all-rows": ["outside-rows"], "short-read": ["reads-beyond-reach"],
                "shift": ["beyond-margins"], "far-reach": ["reach-too-large"], "keeps-state": ["differs"],
                "writes-input": ["wrote-input"], "clamped-edges": ["edges-not-transparent"],
            ], "\(problems)")

        let split = try #require(byKind["split-differs"])
        let call = try #require(split["call"] as? [String: Any])
        // 1×1 has one row, which cannot be split: 7×5 at the first scale is the first to show it.
        #expect(call["description"] as? String == "apply to 7×5 pixels at scale 0.5 with defaults")
        #expect(call["function"] as? String == "apply")
        #expect(call["progress"] == nil)
        let image = try #require(call["image"] as? [String: Any])
        #expect(image["width"] as? Int == 7 && image["height"] as? Int == 5 && image["renderScale"] as? Double == 0.5)
        #expect((split["message"] as? String)?.hasPrefix("depends on how the rows are split: pixel (") == true)

        let rows = try #require(byKind["outside-rows"]?["message"] as? String)
        #expect(rows.hasPrefix("wrote row "), "\(rows)")
        let read = try #require(byKind["reads-beyond-reach"]?["message"] as? String)
        #expect(read.contains("when only input pixels more than "), "\(read)")
        let margins = try #require(byKind["beyond-margins"]?["message"] as? String)
        #expect(margins.contains(" px right of the layer's pixels, beyond its reach's margins"), "\(margins)")
        let far = try #require(byKind["reach-too-large"])
        #expect(
            (far["message"] as? String)?.hasPrefix("reach gave left 1000000, top 1000000, right 1000000") == true,
            "\(far)")
        #expect(
            (far["call"] as? [String: Any])?["description"] as? String
                == "apply to 7×5 pixels at scale 1 with radius = nan (invalid)")
        #expect(far["occurrences"] as? Int == 3)
        let edges = try #require(byKind["edges-not-transparent"]?["message"] as? String)
        #expect(
            edges.hasPrefix("declares ANIM_EFFECT_TRANSPARENT_EDGES, but the output over layer pixel (0, 0) is "),
            "\(edges)")
        let state = try #require(byKind["differs"]?["message"] as? String)
        #expect(state.hasPrefix("differs between two identical calls on the whole image: pixel (0, 0) = "), "\(state)")
    }

    @Test func helpSaysHowEffectsAreChecked() throws {
        let result = try CLI.run(["check-plugin", "--help"])
        #expect(result.status == 0)
        let text = result.stdout.replacingOccurrences(of: "\n", with: " ")
        for fragment in [
            "Effects (create, reach, apply, destroy)", "plus NaN and ±1e300", "1×1, 7×5 and 37×23 pixels",
            "render scale 0.5, 1 and 2", "split-differs", "reads-beyond-reach", "beyond-margins", "reach-too-large",
        ] {
            #expect(text.contains(fragment), "missing \(fragment) in:\n\(result.stdout)")
        }
    }

    @Test func anEffectThatCrashesOnNaNIsNamedWithTheValue() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plugin = try compiled(Self.fragile, "fragile.so", in: folder)

        let result = try CLI.run(["check-plugin", "--budget-ms", CLI.unhurriedBudget, plugin.path])
        #expect(result.status == 1, "stdout:\n\(result.stdout)\nstderr:\n\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                #"effect "fragile": apply to 7×5 pixels at scale 1 with amount = nan (invalid): crashed with SIGSEGV"#),
            "stdout:\n\(result.stdout)")
        #expect(lines.last?.hasPrefix("\(plugin.path): 1 problem in ") == true, "stdout:\n\(result.stdout)")
    }
}
