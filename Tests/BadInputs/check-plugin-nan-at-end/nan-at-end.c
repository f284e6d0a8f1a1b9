#include "animator.h"
#include <math.h>

/* Divides by (1 - p): NaN opacity, and a NaN curve value, exactly at the end. */
static bool nan_apply(const anim_apply_args_t *args, anim_layer_t *target, char *error, uint32_t error_size) {
    (void)error, (void)error_size;
    double rest = 1 - args->progress;
    target->opacity = args->progress == 1 ? rest / rest : 0.5;
    return true;
}

static double nan_curve(double t) { return t == 1 ? (1 - t) / (1 - t) : t * t; }

static const anim_animator_desc_t nan_desc = {
    .struct_size = sizeof(anim_animator_desc_t), .name = "nan-at-end", .version = "1.0.0",
    .doc = "A bad-input case", .apply = nan_apply,
};

static const anim_curve_desc_t nan_curve_desc = {
    sizeof(anim_curve_desc_t), 0, "nan-ease", "A bad-input case", "d(d)", NULL, NULL, (anim_function_t)nan_curve,
};

static bool nan_init(const anim_host_t *host) {
    return host->register_animator(host, &nan_desc) && host->register_curve(host, &nan_curve_desc);
}

ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
    ANIM_ABI_MAJOR, ANIM_ABI_MINOR, sizeof(anim_entry_t), 0, "org.example.bad.nan-at-end", "1.0.0", "A bad-input case",
    nan_init, NULL,
};
