/*
 * soft-wipe — the `to` image wipes over the `from` image behind a straight edge moving in
 * `direction`, blended over `softness` pixels. The soft band starts just outside the image and
 * ends just outside the opposite side, so p = 0 is all `from` and p = 1 all `to`.
 */
#include "animator.h"

#include <stddef.h>

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

static bool wipe_mix(const anim_mix_args_t *args, char *error, uint32_t error_size) {
    (void)error, (void)error_size;
    const int64_t direction = args->params[DIRECTION].i;
    /* `softness` is in canvas pixels, the images in render pixels (half as many at --scale 0.5). */
    const double scale =
        ANIM_HAS_FIELD(args, anim_mix_args_t, render_scale) && args->render_scale > 0 ? args->render_scale : 1;
    const double soft = args->params[SOFTNESS].v[0] * scale;
    const double p = args->progress < 0 ? 0 : args->progress > 1 ? 1 : args->progress;
    const int vertical = direction == UP || direction == DOWN;
    const int backwards = direction == LEFT || direction == UP;
    const double length = vertical ? args->out->height : args->out->width;
    const double lead = p * (length + soft);
    for (uint32_t y = args->row_begin; y < args->row_end; y++) {
        const uint8_t *from = args->from->pixels + (size_t)y * args->from->stride;
        const uint8_t *to = args->to->pixels + (size_t)y * args->to->stride;
        uint8_t *out = args->out->pixels + (size_t)y * args->out->stride;
        for (uint32_t x = 0; x < args->out->width; x++) {
            const double u = (vertical ? y : x) + 0.5;
            const uint32_t w = weight(lead, soft, backwards ? length - u : u);
            for (uint32_t i = 4 * x; i < 4 * x + 4; i++)
                out[i] = blend(from[i], to[i], w);
        }
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
