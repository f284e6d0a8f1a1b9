#include "animator.h"

/* Counts its calls: each one moves the layer a little further, whatever the progress. */
static int calls;

static bool counter_apply(const anim_apply_args_t *args, anim_layer_t *target, char *error, uint32_t error_size) {
    (void)error, (void)error_size;
    calls++;
    target->translation.x += 10 * args->progress + calls;
    return true;
}

static const anim_animator_desc_t counter_desc = {
    .struct_size = sizeof(anim_animator_desc_t), .name = "counter", .version = "1.0.0",
    .doc = "A bad-input case", .apply = counter_apply,
};

static bool counter_init(const anim_host_t *host) { return host->register_animator(host, &counter_desc); }

ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
    ANIM_ABI_MAJOR, ANIM_ABI_MINOR, sizeof(anim_entry_t), 0, "org.example.bad.counter", "1.0.0", "A bad-input case",
    counter_init, NULL,
};
