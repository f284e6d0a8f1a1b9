/*
 * dim — a dimming layer's opacity from `from` to `to`, whatever it was before (the transition
 * coordinator's dimming view, animated 0 → 0.5 alongside a presentation).
 */
#include "animator.h"

#include <stddef.h>

enum { FROM, TO };

static const anim_param_desc_t dim_params[] = {
    [FROM] = {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_NUMBER, .id = "from",
              .doc = "opacity at the start", .min = 0, .max = 1, .default_value = {0}},
    [TO] = {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_NUMBER, .id = "to",
            .doc = "opacity at the end", .min = 0, .max = 1, .default_value = {0.5}},
};

static double clamp(double v, double lo, double hi) { return v < lo ? lo : v > hi ? hi : v; }

static bool dim_apply(const anim_apply_args_t *args, anim_layer_t *target, char *error,
                      uint32_t error_size) {
    (void)error, (void)error_size;
    const double from = args->params[FROM].v[0], to = args->params[TO].v[0];
    target->opacity = clamp(from + (to - from) * args->progress, 0, 1);
    return true;
}

static const anim_animator_desc_t dim_desc = {
    .struct_size = sizeof(anim_animator_desc_t),
    .concurrency = ANIM_CONCURRENCY_REENTRANT,
    .name = "dim",
    .version = "1.0.0",
    .doc = "Sets the layer's opacity from `from` to `to`, ignoring its current value",
    .params = dim_params,
    .param_count = sizeof dim_params / sizeof dim_params[0],
    .apply = dim_apply,
};

static bool dim_init(const anim_host_t *host) {
    if (host->register_animator(host, &dim_desc))
        return true;
    const anim_log_service_v1_t *log = host->get_service(host, ANIM_SERVICE_LOG, 1);
    if (log)
        log->log(host, ANIM_LOG_ERROR, "the host refused the animator `dim`");
    return false;
}

ANIM_DEFINE_ENTRY("org.pipeline.dim", "1.0.0", "Dimming views", dim_init, NULL);
