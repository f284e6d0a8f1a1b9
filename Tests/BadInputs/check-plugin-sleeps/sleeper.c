#define _POSIX_C_SOURCE 200809L
#include "animator.h"
#include <time.h>

/* Sleeps 200 ms half way through the step: far over a frame's time. */
static bool sleeper_apply(const anim_apply_args_t *args, anim_layer_t *target, char *error, uint32_t error_size) {
    (void)error, (void)error_size;
    if (args->progress == 0.5) {
        struct timespec pause = {0, 200000000};
        nanosleep(&pause, NULL);
    }
    target->translation.x += 10 * args->progress;
    return true;
}

static const anim_animator_desc_t sleeper_desc = {
    .struct_size = sizeof(anim_animator_desc_t), .name = "slow-fade", .version = "1.0.0",
    .doc = "A bad-input case", .apply = sleeper_apply,
};

static bool sleeper_init(const anim_host_t *host) { return host->register_animator(host, &sleeper_desc); }

ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
    ANIM_ABI_MAJOR, ANIM_ABI_MINOR, sizeof(anim_entry_t), 0, "org.example.bad.slow-fade", "1.0.0", "A bad-input case",
    sleeper_init, NULL,
};
