#include "animator.h"
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>


static bool quitter_apply(const anim_apply_args_t *args, anim_layer_t *target, char *error, uint32_t error_size) {
    (void)error, (void)error_size;
    if (args->time > 0.45) exit(0);
    target->opacity = 1 - args->progress / 2;
    return true;
}

static const anim_animator_desc_t quitter_desc = {
    .struct_size = sizeof(anim_animator_desc_t), .name = "quitter", .version = "1.0.0",
    .doc = "A bad-input case", .apply = quitter_apply,
};

static bool quitter_init(const anim_host_t *host) { return host->register_animator(host, &quitter_desc); }

ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
    ANIM_ABI_MAJOR, ANIM_ABI_MINOR, sizeof(anim_entry_t), 0, "org.example.bad.exit", "1.0.0", "A bad-input case",
    quitter_init, NULL,
};
