#include "animator.h"

static const anim_param_desc_t crash_params[] = {
    {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_NUMBER, .id = "amount", .doc = "how far",
     .min = 0, .max = 10, .default_value = {5}},
};

/* Indexes a table of 10 entries by the amount: at the maximum it reads through a null pointer. */
static bool crash_apply(const anim_apply_args_t *args, anim_layer_t *target, char *error, uint32_t error_size) {
    (void)error, (void)error_size;
    const double amount = args->params[0].v[0];
    if (amount == 10) { volatile int *nowhere = NULL; *nowhere = 1; }
    target->translation.y += amount * args->progress;
    return true;
}

static const anim_animator_desc_t crash_desc = {
    .struct_size = sizeof(anim_animator_desc_t), .name = "crash-at-max", .version = "1.0.0",
    .doc = "A bad-input case", .params = crash_params, .param_count = 1, .apply = crash_apply,
};

static bool crash_init(const anim_host_t *host) { return host->register_animator(host, &crash_desc); }

ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
    ANIM_ABI_MAJOR, ANIM_ABI_MINOR, sizeof(anim_entry_t), 0, "org.example.bad.crash-at-max", "1.0.0", "A bad-input case",
    crash_init, NULL,
};
