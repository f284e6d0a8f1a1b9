#include "animator.h"
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

static void *shatter_create(const anim_create_args_t *args, char *error, uint32_t error_size) {
    (void)args, (void)error, (void)error_size;
    volatile int *nowhere = NULL; *nowhere = 1; return NULL;
}
static bool shatter_apply(const anim_apply_args_t *args, anim_layer_t *target, char *error, uint32_t error_size) {
    (void)error, (void)error_size;
    (void)target;
    target->opacity = 1 - args->progress / 2;
    return true;
}

static const anim_animator_desc_t shatter_desc = {
    .struct_size = sizeof(anim_animator_desc_t), .name = "shatter", .version = "1.0.0",
    .doc = "A bad-input case", .create = shatter_create, .apply = shatter_apply,
};

static bool shatter_init(const anim_host_t *host) { return host->register_animator(host, &shatter_desc); }

ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
    ANIM_ABI_MAJOR, ANIM_ABI_MINOR, sizeof(anim_entry_t), 0, "org.example.bad.create", "1.0.0", "A bad-input case",
    shatter_init, NULL,
};
