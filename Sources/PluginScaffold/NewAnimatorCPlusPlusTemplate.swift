/// A plugin project in C++: `NAME.cpp`, a Makefile that builds `NAME.so` with `c++` (C++20, for
/// the designated initialisers the descriptors use), a README. The plugin's functions live in an
/// unnamed namespace; only the entry has C linkage (`ANIM_EXPORT`). No exception may leave a
/// function the host calls: they are `noexcept`, and the effect catches what it allocates.
public enum NewAnimatorCPlusPlusTemplate {
    /// The project's files, each a path inside its folder and the text to write there.
    public static func files(_ name: NewAnimatorName, kind: PluginKind = .animator, include: String) -> [ProjectFile] {
        let values = name.substitutions(include: include, kind: kind)
        let (source, readme) =
            switch kind {
            case .animator: (animatorSource, animatorReadme)
            case .effect: (effectSource, effectReadme)
            }
        return [
            ("\(name.name).cpp", source.filling(values)),
            ("Makefile", makefile.filling(values)),
            ("README.md", readme.filling(values)),
        ]
    }

    static let animatorSource = #"""
        // {{name}} — an animator plugin for pipeline, in C++: turns a layer by `angle` degrees.
        // animator.h documents every type and rule used here.
        #include <animator.h>

        #include <iterator>

        namespace {

        // Pure: the host calls it for any frame, in any order, on several threads at once. progress
        // is 0 at the step's start and 1 at its end (springs overshoot both: extrapolate, do not
        // clamp). `target` holds the layer as earlier steps left it: change only what this animator
        // animates. On failure write a one-line reason into `error` and return false; never let an
        // exception leave a function the host calls.
        bool apply(const anim_apply_args_t *args, anim_layer_t *target, char * /*error*/,
                   uint32_t /*error_size*/) noexcept {
            const double angle = args->params[0].v[0];
            target->rotation += angle * args->progress;
            return true;
        }

        // The parameter a pipeline file gives as "params": { "angle": 90 }. The host checks its type
        // and range before rendering and passes real values. Add entries for more parameters
        // (types, flags and defaults: animator.h, "Parameters"). Designated initialisers name the
        // fields in the order animator.h declares them.
        {{cppDeclarations}}
            .apply = apply,
            // An animator whose start state hides its layer (a reveal, a slide in) sets
            // .flags = ANIM_ANIMATOR_BRINGS_IN: its steps then hold that state until they start.
        };

        // Called once after loading, on the main thread: register what the plugin provides.
        bool init(const anim_host_t *host) noexcept { return host->register_animator(host, &descriptor); }

        }  // namespace

        // The one symbol the host looks up, anim_entry_v1 (with C linkage): ABI version, identity, init.
        ANIM_DEFINE_ENTRY("org.example.{{name}}", "0.1.0", "The {{name}} animator", init, nullptr);

        """#

    static let effectSource = #"""
        // {{name}} — an effect plugin for pipeline, in C++: blurs a layer by `radius` pixels (a box
        // blur). animator_images.h, "Effects (ABI 1.2)" (animator.h includes it), documents every type
        // and rule used here.
        #include <animator.h>

        #include <algorithm>
        #include <cstdio>
        #include <iterator>
        #include <memory>
        #include <new>

        namespace {

        // The radius in image pixels. Parameters are in the layer's own pixels; the images have
        // render_scale image pixels to each (the render's --scale times the layer's scale), so a
        // radius of 4 on a layer drawn twice as large spreads 8. reach and apply agree on it. The
        // host passes values within the parameter's range; anything else (pipeline check-plugin
        // tries it) is 0, or the largest reach.
        uint32_t radius(const anim_effect_args_t *args) noexcept {
            const double pixels = args->params[0].v[0] * args->render_scale + 0.5;
            if (!(pixels >= 0)) return 0;  // NaN too
            return pixels < ANIM_REACH_MAX ? static_cast<uint32_t>(pixels) : ANIM_REACH_MAX;
        }

        // How far the blur reaches: the host adds that many transparent pixels around the layer
        // before apply (the blur spreads past the layer's edges), and an output pixel reads input
        // pixels at most that far away. Pure and cheap: the host asks before every apply.
        bool reach(const anim_effect_args_t *args, anim_reach_t *out, char * /*error*/,
                   uint32_t /*error_size*/) noexcept {
            const uint32_t r = radius(args);
            *out = anim_reach_t{.left = r, .top = r, .right = r, .bottom = r, .read = r, .reserved = 0};
            return true;
        }

        // Adds row y of in to the four-channel column sums (sign 1) or takes it away (sign -1); a
        // row outside in adds nothing.
        void add_row(uint32_t *column, const anim_image_t &in, int y, int sign) noexcept {
            if (y < 0 || y >= static_cast<int>(in.height)) return;
            const uint8_t *row = in.pixels + static_cast<size_t>(y) * in.stride;
            for (size_t i = 0; i < 4 * static_cast<size_t>(in.width); i++)
                column[i] += static_cast<uint32_t>(sign * row[i]);
        }

        // Writes rows [row_begin, row_end) of out: each pixel the mean of the (2r + 1)² pixels of in
        // around it, those outside in counting as transparent. The host splits an image into row
        // ranges and runs them on several threads at once: read any row of in, write only your rows
        // of out, keep no state. A mean keeps premultiplied pixels valid, and treating the four
        // channels alike makes their byte order irrelevant. Sums that slide down the columns (a row
        // in, a row out) and along each row (a column in, a column out) make the cost of a pixel the
        // same whatever r is. Nothing here throws: an allocation that fails is reported as the
        // call's failure (std::nothrow), since an exception must not reach the host.
        bool apply(const anim_effect_args_t *args, char *error, uint32_t error_size) noexcept {
            const anim_image_t &in = *args->in;
            const int r = static_cast<int>(radius(args)), w = static_cast<int>(in.width);
            const int begin = static_cast<int>(args->row_begin), end = static_cast<int>(args->row_end);
            const uint64_t area = static_cast<uint64_t>(2 * r + 1) * static_cast<uint64_t>(2 * r + 1);
            if (w == 0 || begin >= end) return true;
            // Each channel of each column summed over rows y - r to y + r.
            const std::unique_ptr<uint32_t[]> column(new (std::nothrow) uint32_t[4 * static_cast<size_t>(w)]());
            if (!column) {
                std::snprintf(error, error_size, "no memory for a row of %d pixels", w);
                return false;
            }
            for (int from = begin - r; from <= begin + r; from++) add_row(column.get(), in, from, 1);
            for (int y = begin; y < end; y++) {
                if (y > begin) {
                    add_row(column.get(), in, y + r, 1);
                    add_row(column.get(), in, y - r - 1, -1);
                }
                uint8_t *out = args->out->pixels + static_cast<size_t>(y) * args->out->stride;
                for (int c = 0; c < 4; c++) {
                    uint64_t sum = 0;  // columns x - r to x + r of this channel
                    for (int from = 0; from <= std::min(r, w - 1); from++) sum += column[4 * from + c];
                    for (int x = 0; x < w; x++) {
                        out[4 * x + c] = static_cast<uint8_t>((sum + area / 2) / area);
                        if (x + r + 1 < w) sum += column[4 * (x + r + 1) + c];
                        if (x - r >= 0) sum -= column[4 * (x - r) + c];
                    }
                }
            }
            return true;
        }

        // The parameter a layer's filter gives as "params": { "radius": 6 }, in the layer's pixels.
        // The host checks its type and range before rendering and passes real values. Add entries
        // for more parameters (types, flags and defaults: animator.h, "Parameters"). Designated
        // initialisers name the fields in the order animator.h declares them.
        {{cppDeclarations}}
            // The compositor's own pixels, so the host converts nothing: the blur treats the four
            // channels alike. A host without the "native-pixels" service ignores the flag and lends
            // RGBA, which suits the blur as well.
            .flags = ANIM_EFFECT_NATIVE_PIXELS,
            .reach = reach,
            .apply = apply,
            // .user_data is handed back untouched in every call's args->user_data (and create's):
            // it lets one reach and apply serve several registered effects, told apart by it.
        };

        // Called once after loading, on the main thread: register what the plugin provides.
        // register_effect came with ABI 1.2, and an older host's struct ends before it: the
        // requirement below keeps such a host from loading the plugin, and the check keeps init
        // safe should one call it anyway.
        bool init(const anim_host_t *host) noexcept {
            if (!ANIM_HAS_FIELD(host, anim_host_t, register_effect)) return false;
            return host->register_effect(host, &descriptor);
        }

        // The host services the plugin cannot do without, ended by a null id: a host that does not
        // apply effects skips the plugin, naming the service, before running any of its code.
        constexpr anim_requirement_t requirements[] = {
            {ANIM_SERVICE_EFFECTS, 1, 0},
            {nullptr, 0, 0},
        };

        }  // namespace

        // The one symbol the host looks up, anim_entry_v1 (with C linkage): ABI version, identity,
        // init, requirements.
        ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
            .abi_major = ANIM_ABI_MAJOR,
            .abi_minor = ANIM_ABI_MINOR,
            .struct_size = sizeof(anim_entry_t),
            .plugin_id = "org.example.{{name}}",
            .plugin_version = "0.1.0",
            .description = "The {{name}} effect",
            .init = init,
            .requirements = requirements,
        };

        """#

    static let makefile = #"""
        # Builds {{name}}.so, the {{name}} {{kind}} plugin for pipeline, in C++.
        #   make          build {{name}}.so
        #   make clean    remove it
        CXX ?= c++
        # C++20: the descriptors use designated initialisers. A field they leave out is zero, as
        # animator.h intends, which -Wextra would otherwise warn about.
        CXXFLAGS ?= -std=c++20 -Wall -Wextra -Wno-missing-field-initializers -O2
        # animator.h: from pkg-config when pipeline is installed with its uipipeline.pc, otherwise from
        # PIPELINE_INCLUDE (make PIPELINE_INCLUDE=/path/to/include), by default the headers of the
        # pipeline that generated this project.
        PIPELINE_INCLUDE ?= {{include}}
        PIPELINE_CFLAGS ?= $(shell pkg-config --cflags uipipeline 2>/dev/null || echo -I$(PIPELINE_INCLUDE))

        # -fvisibility=hidden: the library exports the entry (ANIM_EXPORT) and nothing else.
        {{name}}.so: {{name}}.cpp
        	$(CXX) $(CXXFLAGS) $(PIPELINE_CFLAGS) -fvisibility=hidden -shared -fPIC $< -o $@

        clean:
        	rm -f {{name}}.so

        .PHONY: clean

        """#

    static let build = #"""
        ## Build

        ```sh
        make
        ```

        builds `{{name}}.so` with `c++` (C++20: the descriptors use designated initialisers, which
        must name the fields in the order `animator.h` declares them). The compiler flags for
        `animator.h` come from `pkg-config --cflags uipipeline` when pipeline is installed; otherwise
        from `PIPELINE_INCLUDE`, by default `{{include}}`: `make PIPELINE_INCLUDE=/path/to/pipeline/include`.
        The plugin's functions are in an unnamed namespace and `noexcept`: only the entry,
        `anim_entry_v1`, has C linkage and is exported, and no exception may reach the host.
        """#

    static let animatorReadme = #"""
        # {{name}}

        An animator plugin for pipeline, in C++. `{{name}}.cpp` declares the animator `{{name}}`
        with one parameter, `angle`, and turns the layer by it; change `apply` for your own motion.
        `animator.h` documents every field.

        \#(build)

        \#(ReadmeBuildSections.madeAnimatorUse)

        \#(NewAnimatorUsage.readmeSection)

        """#

    static let effectReadme = #"""
        # {{name}}

        An effect plugin for pipeline, in C++. `{{name}}.cpp` declares the effect `{{name}}` with
        one parameter, `radius`, and blurs the layer by it; change `reach` and `apply` for your own
        filter. `animator_images.h` ("Effects (ABI 1.2)"), which `animator.h` includes, documents
        every field.

        \#(build)

        \#(ReadmeBuildSections.madeEffectUse)

        \#(NewEffectUsage.readmeSection)

        """#
}
