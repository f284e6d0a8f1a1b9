/*
 * fade — animates a layer's opacity from its current value to `to`.
 * In the poster transition it fades the full-screen mask in (step 1) and hides the list at once
 * (a zero-duration step).
 */
#include "animator.h"

#include <stddef.h>

static const anim_param_desc_t fade_params[] = {
    {
        .struct_size = sizeof(anim_param_desc_t),
        .type = ANIM_PARAM_NUMBER,
        .id = "to",
        .doc = "opacity at the end",
        .min = 0, .max = 1,
        .default_value = {1},
    },
};

static double clamp(double v, double lo, double hi) { return v < lo ? lo : v > hi ? hi : v; }

static bool fade_apply(const anim_apply_args_t *args, anim_layer_t *target, char *error,
                       uint32_t error_size) {
    (void)error, (void)error_size;
    double to = args->params[0].v[0];
    /* Overshooting curves may push the value past `to`; opacity itself has a hard range. */
    target->opacity = clamp(target->opacity + (to - target->opacity) * args->progress, 0, 1);
    return true;
}

static const anim_animator_desc_t fade_desc = {
    .struct_size = sizeof(anim_animator_desc_t),
    .concurrency = ANIM_CONCURRENCY_REENTRANT,
    .name = "fade",
    .version = "1.0.0",
    .doc = "Fades the layer's opacity from its current value to `to`",
    .params = fade_params,
    .param_count = sizeof fade_params / sizeof fade_params[0],
    .apply = fade_apply,
};

static bool fade_init(const anim_host_t *host) {
    if (host->register_animator(host, &fade_desc))
        return true;
    const anim_log_service_v1_t *log = host->get_service(host, ANIM_SERVICE_LOG, 1);
    if (log)
        log->log(host, ANIM_LOG_ERROR, "the host refused the animator `fade`");
    return false;
}

ANIM_DEFINE_ENTRY("org.pipeline.fade", "1.0.0", "Opacity fades", fade_init, NULL);
