#include "animator.h"
#include <stdlib.h>
#include <string.h>

/* Copies `to` until progress passes 0.36 (frame 15 of this 4 s run), then aborts. */
static bool shatter_mix(const anim_mix_args_t *args, char *error, uint32_t error_size) {
    (void)error, (void)error_size;
    if (args->progress > 0.36) abort();
    for (uint32_t row = args->row_begin; row < args->row_end; row++)
        memcpy(args->out->pixels + row * args->out->stride, args->to->pixels + row * args->to->stride, args->out->width * 4u);
    return true;
}

static const anim_mixer_desc_t shatter = {
    .struct_size = sizeof(anim_mixer_desc_t), .name = "shatter", .version = "1.0.0",
    .doc = "Aborts part way", .mix = shatter_mix,
};

static bool shatter_init(const anim_host_t *host) { return host->register_mixer(host, &shatter); }

ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
    ANIM_ABI_MAJOR, ANIM_ABI_MINOR, sizeof(anim_entry_t), 0, "org.example.bad.mixer", "1.0.0", "A bad-input case",
    shatter_init, NULL,
};
