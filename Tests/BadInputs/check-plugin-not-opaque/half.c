/* A mixer that declares ANIM_MIXER_KEEPS_OPAQUE but halves every pixel: premultiplied and well
 * formed, yet translucent where both its images are opaque. */
#include "animator.h"

static bool half_mix(const anim_mix_args_t *args, char *error, uint32_t error_size) {
    (void)error, (void)error_size;
    for (uint32_t y = args->row_begin; y < args->row_end; y++) {
        const uint8_t *from = args->from->pixels + (size_t)y * args->from->stride;
        uint8_t *out = args->out->pixels + (size_t)y * args->out->stride;
        for (uint32_t i = 0; i < 4 * args->out->width; i++)
            out[i] = (uint8_t)(from[i] / 2);
    }
    return true;
}

static const anim_mixer_desc_t half_desc = {
    .struct_size = sizeof(anim_mixer_desc_t),
    .concurrency = ANIM_CONCURRENCY_REENTRANT,
    .name = "half",
    .version = "1.0.0",
    .doc = "Halves the from image, alpha too",
    .mix = half_mix,
    .flags = ANIM_MIXER_KEEPS_OPAQUE,
};

static bool half_init(const anim_host_t *host) { return host->register_mixer(host, &half_desc); }

ANIM_DEFINE_ENTRY("org.example.half", "1.0.0", "A mixer that breaks its opacity promise", half_init, NULL);
