/*
 * cross-dissolve — the `from` image fades into the `to` image (UIKit's cross-dissolve
 * transition), channel by channel on premultiplied pixels.
 */
#include "animator.h"

#include <stddef.h>

/* Weights are 16.16 fixed point: exact at both ends, and the blend is monotone in its inputs, so
 * a premultiplied channel never ends up above its alpha. */
#define ONE 65536u

static uint8_t blend(uint32_t from, uint32_t to, uint32_t w) {
    return (uint8_t)((from * (ONE - w) + to * w + ONE / 2) >> 16);
}

static bool dissolve_mix(const anim_mix_args_t *args, char *error, uint32_t error_size) {
    (void)error, (void)error_size;
    const double p = args->progress < 0 ? 0 : args->progress > 1 ? 1 : args->progress;
    const uint32_t w = (uint32_t)(p * ONE + 0.5), bytes = 4 * args->out->width;
    for (size_t y = args->row_begin; y < args->row_end; y++) {
        const uint8_t *from = args->from->pixels + y * args->from->stride;
        const uint8_t *to = args->to->pixels + y * args->to->stride;
        uint8_t *out = args->out->pixels + y * args->out->stride;
        for (uint32_t i = 0; i < bytes; i++)
            out[i] = blend(from[i], to[i], w);
    }
    return true;
}

/* Not const: init sets its flags. */
static anim_mixer_desc_t dissolve_desc = {
    .struct_size = sizeof(anim_mixer_desc_t),
    .concurrency = ANIM_CONCURRENCY_REENTRANT,
    .name = "cross-dissolve",
    .version = "1.0.0",
    .doc = "Fades the `from` image into the `to` image",
    .mix = dissolve_mix,
};

static bool dissolve_init(const anim_host_t *host) {
    /* The blend treats the four channels alike, so any byte order will do: where the host lends
     * its own pixels, take them and spare it two conversions per frame. */
    if (host->get_service(host, ANIM_SERVICE_NATIVE_PIXELS, 1))
        dissolve_desc.flags = ANIM_MIXER_NATIVE_PIXELS;
    if (host->register_mixer(host, &dissolve_desc))
        return true;
    const anim_log_service_v1_t *log = host->get_service(host, ANIM_SERVICE_LOG, 1);
    if (log)
        log->log(host, ANIM_LOG_ERROR, "the host refused the mixer `cross-dissolve`");
    return false;
}

ANIM_DEFINE_ENTRY("org.pipeline.cross-dissolve", "1.0.0",
                  "Cross-dissolve of two images", dissolve_init, NULL);
