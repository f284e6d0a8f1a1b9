/*
 * soft-wipe — the `to` image wipes over the `from` image behind a straight edge moving in
 * `direction`, blended over `softness` pixels. The soft band starts just outside the image and
 * ends just outside the opposite side, so p = 0 is all `from` and p = 1 all `to`.
 */
#include "animator.h"

#include <stddef.h>
#include <string.h>

enum { DIRECTION, SOFTNESS };
enum { LEFT, RIGHT, UP, DOWN }; /* the order of `choices` */

static const anim_param_desc_t wipe_params[] = {
    [DIRECTION] = {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_ENUM,
                   .id = "direction", .doc = "where the edge moves; right: `to` enters at the left",
                   .default_string = "right", .choices = "left|right|up|down"},
    [SOFTNESS] = {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_NUMBER,
                  .id = "softness", .doc = "width of the blended band at the edge; 0 is a hard cut",
                  .unit = "px", .min = 0, .max = 2000, .default_value = {40}},
};

/* 16.16 fixed-point weights: exact at both ends, monotone, so premultiplied stays valid. */
#define ONE 65536u

static uint8_t blend(uint32_t from, uint32_t to, uint32_t w) {
    return (uint8_t)((from * (ONE - w) + to * w + ONE / 2) >> 16);
}

/* `u` is a pixel centre's distance behind the entering side; the edge's leading point sits at
 * `lead` and the band of width `soft` trails it. */
static uint32_t weight(double lead, double soft, double u) {
    if (soft <= 0)
        return u < lead ? ONE : 0;
    const double w = (lead - u) / soft;
    return w <= 0 ? 0 : w >= 1 ? ONE : (uint32_t)(w * ONE + 0.5);
}

/* The edge of one call: column (or row) i's weight is `weight(lead, soft, u)` at its centre. */
typedef struct edge {
    double lead, soft, length;
    int backwards;
} edge_t;

static uint32_t weight_at(const edge_t *edge, uint32_t i) {
    const double u = i + 0.5;
    return weight(edge->lead, edge->soft, edge->backwards ? edge->length - u : u);
}

/* `count` bytes, all with weight w: copies where w is 0 or ONE, which is most of a wipe. */
static void mix_run(const uint8_t *from, const uint8_t *to, uint8_t *out, size_t count, uint32_t w) {
    if (w == 0) {
        memcpy(out, from, count);
    } else if (w == ONE) {
        memcpy(out, to, count);
    } else {
        for (size_t i = 0; i < count; i++)
            out[i] = blend(from[i], to[i], w);
    }
}

static bool wipe_mix(const anim_mix_args_t *args, char *error, uint32_t error_size) {
    (void)error, (void)error_size;
    const int64_t direction = args->params[DIRECTION].i;
    /* `softness` is in canvas pixels, the images in render pixels (half as many at --scale 0.5). */
    const double scale =
        ANIM_HAS_FIELD(args, anim_mix_args_t, render_scale) && args->render_scale > 0 ? args->render_scale : 1;
    const double soft = args->params[SOFTNESS].v[0] * scale;
    const double p = args->progress < 0 ? 0 : args->progress > 1 ? 1 : args->progress;
    const int vertical = direction == UP || direction == DOWN;
    const uint32_t width = args->out->width;
    const double length = vertical ? args->out->height : width;
    const edge_t edge = {.lead = p * (length + soft), .soft = soft, .length = length,
                         .backwards = direction == LEFT || direction == UP};
    const edge_t *e = &edge;
    /* A horizontal wipe's columns: a run with the first column's weight, the band where the
     * weight changes, then a run with the last column's weight. Every row has the same. */
    uint32_t band_begin = 0, band_end = 0;
    if (!vertical && width > 0) {
        const uint32_t first = weight_at(e, 0), last = weight_at(e, width - 1);
        while (band_begin < width && weight_at(e, band_begin) == first) band_begin++;
        band_end = width;
        while (band_end > band_begin && weight_at(e, band_end - 1) == last) band_end--;
    }
    for (uint32_t y = args->row_begin; y < args->row_end; y++) {
        const uint8_t *from = args->from->pixels + (size_t)y * args->from->stride;
        const uint8_t *to = args->to->pixels + (size_t)y * args->to->stride;
        uint8_t *out = args->out->pixels + (size_t)y * args->out->stride;
        if (vertical) {
            mix_run(from, to, out, 4 * (size_t)width, weight_at(e, y));
            continue;
        }
        mix_run(from, to, out, 4 * (size_t)band_begin, weight_at(e, 0));
        for (uint32_t x = band_begin; x < band_end; x++)
            mix_run(from + 4 * x, to + 4 * x, out + 4 * x, 4, weight_at(e, x));
        if (band_end < width)
            mix_run(from + 4 * (size_t)band_end, to + 4 * (size_t)band_end, out + 4 * (size_t)band_end,
                    4 * (size_t)(width - band_end), weight_at(e, width - 1));
    }
    return true;
}

/* Not const: init sets its flags. */
static anim_mixer_desc_t wipe_desc = {
    .struct_size = sizeof(anim_mixer_desc_t),
    .concurrency = ANIM_CONCURRENCY_REENTRANT,
    .name = "soft-wipe",
    .version = "1.0.0",
    .doc = "Wipes `to` over `from` behind a straight, soft edge moving in `direction`",
    .params = wipe_params,
    .param_count = sizeof wipe_params / sizeof wipe_params[0],
    .mix = wipe_mix,
};

static bool wipe_init(const anim_host_t *host) {
    /* The blend treats the four channels alike, so any byte order will do: where the host lends
     * its own pixels, take them and spare it two conversions per frame. */
    if (host->get_service(host, ANIM_SERVICE_NATIVE_PIXELS, 1))
        wipe_desc.flags = ANIM_MIXER_NATIVE_PIXELS;
    if (host->register_mixer(host, &wipe_desc))
        return true;
    const anim_log_service_v1_t *log = host->get_service(host, ANIM_SERVICE_LOG, 1);
    if (log)
        log->log(host, ANIM_LOG_ERROR, "the host refused the mixer `soft-wipe`");
    return false;
}

ANIM_DEFINE_ENTRY("org.pipeline.soft-wipe", "1.0.0",
                  "Soft-edged straight wipe", wipe_init, NULL);
