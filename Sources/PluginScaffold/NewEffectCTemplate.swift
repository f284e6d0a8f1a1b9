/// The parts of a C effect project that differ from an animator's (`NewAnimatorCTemplate` writes
/// the project, with the same Makefile): `NAME.c`'s blur and the README.
enum NewEffectCTemplate {
    static let source = #"""
        /*
         * {{name}} — an effect plugin for pipeline: blurs a layer by `radius` pixels (a box blur).
         * animator_images.h, "Effects (ABI 1.2)" (animator.h includes it), documents every type and
         * rule used here.
         */
        #include <animator.h>
        #include <stdio.h>
        #include <stdlib.h>

        /* The radius in image pixels. Parameters are in the layer's own pixels; the images have
         * render_scale image pixels to each (the render's --scale times the layer's scale), so a
         * radius of 4 on a layer drawn twice as large spreads 8. reach and apply agree on it. The
         * host passes values within the parameter's range; anything else (pipeline check-plugin
         * tries it) is 0, or the largest reach. */
        static uint32_t {{identifier}}_radius(const anim_effect_args_t *args) {
            double pixels = args->params[0].v[0] * args->render_scale + 0.5;
            if (!(pixels >= 0)) return 0; /* NaN too */
            return pixels < ANIM_REACH_MAX ? (uint32_t)pixels : ANIM_REACH_MAX;
        }

        /* How far the blur reaches: the host adds that many transparent pixels around the layer
         * before apply (the blur spreads past the layer's edges), and an output pixel reads input
         * pixels at most that far away. Pure and cheap: the host asks before every apply. */
        static bool {{identifier}}_reach(const anim_effect_args_t *args, anim_reach_t *reach, char *error,
                                 uint32_t error_size) {
            (void)error, (void)error_size;
            uint32_t r = {{identifier}}_radius(args);
            *reach = (anim_reach_t){.left = r, .top = r, .right = r, .bottom = r, .read = r};
            return true;
        }

        /* Adds row y of in to the four-channel column sums (sign 1) or takes it away (sign -1); a
         * row outside in adds nothing. */
        static void {{identifier}}_add_row(uint32_t *column, const anim_image_t *in, int y, int sign) {
            if (y < 0 || y >= (int)in->height) return;
            const uint8_t *row = in->pixels + (size_t)y * in->stride;
            for (size_t i = 0; i < 4 * (size_t)in->width; i++) column[i] += (uint32_t)(sign * row[i]);
        }

        /* Writes rows [row_begin, row_end) of out: each pixel the mean of the (2r + 1)² pixels of in
         * around it, those outside in counting as transparent. The host splits an image into row
         * ranges and runs them on several threads at once: read any row of in, write only your rows
         * of out, keep no state. A mean keeps premultiplied pixels valid, and treating the four
         * channels alike makes their byte order irrelevant. Sums that slide down the columns (a row
         * in, a row out) and along each row (a column in, a column out) make the cost of a pixel the
         * same whatever r is: a blur of 100 costs what a blur of 1 does. */
        static bool {{identifier}}_apply(const anim_effect_args_t *args, char *error, uint32_t error_size) {
            const anim_image_t *in = args->in;
            const int r = (int){{identifier}}_radius(args), w = (int)in->width;
            const int begin = (int)args->row_begin, end = (int)args->row_end;
            const uint64_t area = (uint64_t)(2 * r + 1) * (uint64_t)(2 * r + 1);
            if (w == 0 || begin >= end) return true;
            /* Each channel of each column summed over rows y - r to y + r. */
            uint32_t *column = calloc(4 * (size_t)w, sizeof *column);
            if (!column) {
                snprintf(error, error_size, "no memory for a row of %d pixels", w);
                return false;
            }
            for (int from = begin - r; from <= begin + r; from++) {{identifier}}_add_row(column, in, from, 1);
            for (int y = begin; y < end; y++) {
                if (y > begin) {
                    {{identifier}}_add_row(column, in, y + r, 1);
                    {{identifier}}_add_row(column, in, y - r - 1, -1);
                }
                uint8_t *out = args->out->pixels + (size_t)y * args->out->stride;
                for (int c = 0; c < 4; c++) {
                    uint64_t sum = 0; /* columns x - r to x + r of this channel */
                    for (int from = 0; from <= r && from < w; from++) sum += column[4 * from + c];
                    for (int x = 0; x < w; x++) {
                        out[4 * x + c] = (uint8_t)((sum + area / 2) / area);
                        if (x + r + 1 < w) sum += column[4 * (x + r + 1) + c];
                        if (x - r >= 0) sum -= column[4 * (x - r) + c];
                    }
                }
            }
            free(column);
            return true;
        }


        """#

    static let readme = #"""
        # {{name}}

        An effect plugin for pipeline, in C. `{{name}}.c` declares the effect `{{name}}` with one
        parameter, `radius`, and blurs the layer by it; change `{{identifier}}_reach` and
        `{{identifier}}_apply` for your own filter. `animator_images.h` ("Effects (ABI 1.2)"), which
        `animator.h` includes, documents every field.

        \#(ReadmeBuildSections.c)

        \#(ReadmeBuildSections.madeEffectUse)

        \#(NewEffectUsage.readmeSection)

        """#
}
