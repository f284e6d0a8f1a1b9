/*
 * shadow-lift — the layer rises off the page: its drop shadow is set to lift level p, from none
 * at p = 0 to the full shadow at p = 1. Run with "reverse" it drops the layer back (steps 2 and
 * 4 of the poster transition). The shadow is overwritten, not blended with the current one, so
 * lift and drop are exact mirrors whatever ran before.
 */
#include "animator.h"

#include <stddef.h>

enum { OPACITY, RADIUS, OFFSET, COLOR };

static const anim_param_desc_t lift_params[] = {
    [OPACITY] = {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_NUMBER,
                 .id = "opacity", .doc = "shadow opacity when fully lifted",
                 .min = 0, .max = 1, .default_value = {0.5}},
    [RADIUS] = {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_NUMBER,
                .id = "radius", .doc = "shadow blur radius when fully lifted", .unit = "px",
                .min = 0, .max = 200, .default_value = {12}},
    [OFFSET] = {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_POINT,
                .id = "offset", .doc = "shadow offset when fully lifted", .unit = "px",
                .min = -500, .max = 500, .default_value = {0, 8}},
    [COLOR] = {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_COLOR,
               .id = "color", .doc = "shadow colour", .min = 0, .max = 1,
               .default_value = {0, 0, 0, 1}},
};

static double clamp(double v, double lo, double hi) { return v < lo ? lo : v > hi ? hi : v; }

static bool lift_apply(const anim_apply_args_t *args, anim_layer_t *target, char *error,
                       uint32_t error_size) {
    (void)error, (void)error_size;
    const anim_value_t *v = args->params;
    double p = args->progress;
    const double *c = v[COLOR].v;
    /* Geometry extrapolates with overshooting curves; opacity and blur radius have hard ranges. */
    target->shadow.color = (anim_color_t){c[0], c[1], c[2], c[3]};
    target->shadow.opacity = clamp(v[OPACITY].v[0] * p, 0, 1);
    double radius = v[RADIUS].v[0] * p;
    target->shadow.radius = radius < 0 ? 0 : radius;
    target->shadow.offset = (anim_point_t){v[OFFSET].v[0] * p, v[OFFSET].v[1] * p};
    return true;
}

static const anim_animator_desc_t lift_desc = {
    .struct_size = sizeof(anim_animator_desc_t),
    .concurrency = ANIM_CONCURRENCY_REENTRANT,
    .name = "shadow-lift",
    .version = "1.0.0",
    .doc = "Lifts the layer off the page by growing its shadow (reverse drops it)",
    .params = lift_params,
    .param_count = sizeof lift_params / sizeof lift_params[0],
    .apply = lift_apply,
};

static bool lift_init(const anim_host_t *host) {
    if (host->register_animator(host, &lift_desc))
        return true;
    const anim_log_service_v1_t *log = host->get_service(host, ANIM_SERVICE_LOG, 1);
    if (log)
        log->log(host, ANIM_LOG_ERROR, "the host refused the animator `shadow-lift`");
    return false;
}

ANIM_DEFINE_ENTRY("org.pipeline.shadow-lift", "1.0.0",
                  "Shadow lift and drop", lift_init, NULL);
