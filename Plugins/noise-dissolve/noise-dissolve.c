/*
 * noise-dissolve — each pixel turns from the `from` image to the `to` image when the progress
 * passes that pixel's own random threshold, a hash of its position and `seed`: a dissolve
 * through noise, which no layer property can express. Same seed, same pattern, every frame.
 */
#include "animator.h"

#include <stddef.h>
#include <string.h>

enum { SOFTNESS, SEED };

static const anim_param_desc_t noise_params[] = {
    [SOFTNESS] = {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_NUMBER,
                  .id = "softness", .doc = "span of progress over which each pixel blends; 0 switches",
                  .min = 0, .max = 1, .default_value = {0.1}},
    [SEED] = {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_INTEGER, .id = "seed",
              .doc = "picks the noise pattern", .min = 0, .max = 1000000, .default_value = {1}},
};

/* 16.16 fixed-point weights: exact at both ends, monotone, so premultiplied stays valid. */
#define ONE 65536u

/* A multiply-xorshift bijection of 32 bits with good avalanche. */
static uint32_t scramble(uint32_t h) {
    h ^= h >> 16;
    h *= 0x7feb352du;
    h ^= h >> 15;
    h *= 0x846ca68bu;
    return h ^ (h >> 16);
}

static uint8_t blend(uint32_t from, uint32_t to, uint32_t w) {
    return (uint8_t)((from * (ONE - w) + to * w + ONE / 2) >> 16);
}

/* Pixel with threshold h blends over p in [h·(1 − s), h·(1 − s) + s]: every band lies inside
 * [0, 1], so p = 0 is all `from` and p = 1 all `to`. `row` is the row's hash,
 * scramble(y ^ scramble(seed)). The weight is w = (p − h·(1 − s)) / s clamped to [0, 1]; the
 * tests before the division give the clamped ends exactly (a ≤ 0 gives w ≤ 0, a ≥ s gives
 * w ≥ 1), so only pixels inside their band pay for it. */
static uint32_t weight(double p, double soft, uint32_t x, uint32_t row) {
    const double h = (scramble(x ^ row) >> 8) / 16777216.0;
    if (soft <= 0)
        return p > h ? ONE : 0;
    const double a = p - h * (1 - soft);
    if (a <= 0)
        return 0;
    if (a >= soft)
        return ONE;
    const double w = a / soft;
    return w >= 1 ? ONE : (uint32_t)(w * ONE + 0.5);
}

static bool noise_mix(const anim_mix_args_t *args, char *error, uint32_t error_size) {
    (void)error, (void)error_size;
    const double soft = args->params[SOFTNESS].v[0];
    const uint32_t seed = scramble((uint32_t)args->params[SEED].i);
    for (uint32_t y = args->row_begin; y < args->row_end; y++) {
        const uint8_t *from = args->from->pixels + (size_t)y * args->from->stride;
        const uint8_t *to = args->to->pixels + (size_t)y * args->to->stride;
        uint8_t *out = args->out->pixels + (size_t)y * args->out->stride;
        const uint32_t row = scramble(y ^ seed);
        for (uint32_t x = 0; x < args->out->width; x++) {
            const uint32_t w = weight(args->progress, soft, x, row);
            const size_t i = 4 * (size_t)x;
            /* The blend's ends are its inputs: copy them. */
            if (w == 0) {
                memcpy(out + i, from + i, 4);
            } else if (w == ONE) {
                memcpy(out + i, to + i, 4);
            } else {
                for (size_t c = i; c < i + 4; c++)
                    out[c] = blend(from[c], to[c], w);
            }
        }
    }
    return true;
}

/* Not const: init sets its flags. */
static anim_mixer_desc_t noise_desc = {
    .struct_size = sizeof(anim_mixer_desc_t),
    .concurrency = ANIM_CONCURRENCY_REENTRANT,
    .name = "noise-dissolve",
    .version = "1.0.0",
    .doc = "Turns each pixel from `from` to `to` at its own random moment",
    .params = noise_params,
    .param_count = sizeof noise_params / sizeof noise_params[0],
    .mix = noise_mix,
};

static bool noise_init(const anim_host_t *host) {
    /* The blend treats the four channels alike, so any byte order will do: where the host lends
     * its own pixels, take them and spare it two conversions per frame. */
    if (host->get_service(host, ANIM_SERVICE_NATIVE_PIXELS, 1))
        noise_desc.flags = ANIM_MIXER_NATIVE_PIXELS;
    if (host->register_mixer(host, &noise_desc))
        return true;
    const anim_log_service_v1_t *log = host->get_service(host, ANIM_SERVICE_LOG, 1);
    if (log)
        log->log(host, ANIM_LOG_ERROR, "the host refused the mixer `noise-dissolve`");
    return false;
}

ANIM_DEFINE_ENTRY("org.pipeline.noise-dissolve", "1.0.0",
                  "Dissolve through per-pixel noise", noise_init, NULL);
