/*
 * slide — the layer slides into its current place from off screen (the bounce present: one
 * screen-height below, with a spring). It adds to the translation, so a spring's overshoot
 * carries the layer past its place and back.
 */
#include "animator.h"

#include <stddef.h>
#include <stdio.h>

enum { EDGE, OFFSET };

static const anim_param_desc_t slide_params[] = {
    [EDGE] = {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_ENUM, .id = "edge",
              .doc = "the canvas edge it enters from, one canvas size away; none: `offset` only",
              .default_string = "bottom", .choices = "none|left|right|top|bottom"},
    [OFFSET] = {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_POINT,
                .id = "offset", .doc = "displacement at the start, added to the edge's",
                .unit = "px", .min = -100000, .max = 100000, .default_value = {0, 0}},
};

/* Unit displacement per choice, in canvas sizes, in the order of `choices`. */
static const double edge_direction[][2] = {{0, 0}, {-1, 0}, {1, 0}, {0, -1}, {0, 1}};

static bool slide_apply(const anim_apply_args_t *args, anim_layer_t *target, char *error,
                        uint32_t error_size) {
    const int64_t edge = args->params[EDGE].i;
    if (edge < 0 || edge >= (int64_t)(sizeof edge_direction / sizeof edge_direction[0])) {
        snprintf(error, error_size, "`edge` has the unknown index %lld", (long long)edge);
        return false;
    }
    const double *d = edge_direction[edge], *offset = args->params[OFFSET].v;
    const double rest = 1 - args->progress;
    target->translation.x += rest * (d[0] * args->canvas.width + offset[0]);
    target->translation.y += rest * (d[1] * args->canvas.height + offset[1]);
    return true;
}

static const anim_animator_desc_t slide_desc = {
    .struct_size = sizeof(anim_animator_desc_t),
    .concurrency = ANIM_CONCURRENCY_REENTRANT,
    .name = "slide",
    .version = "1.0.0",
    .doc = "Slides the layer into its place from beyond `edge`, displaced by `offset`",
    .params = slide_params,
    .param_count = sizeof slide_params / sizeof slide_params[0],
    .apply = slide_apply,
    .flags = ANIM_ANIMATOR_BRINGS_IN,
};

static bool slide_init(const anim_host_t *host) {
    if (host->register_animator(host, &slide_desc))
        return true;
    const anim_log_service_v1_t *log = host->get_service(host, ANIM_SERVICE_LOG, 1);
    if (log)
        log->log(host, ANIM_LOG_ERROR, "the host refused the animator `slide`");
    return false;
}

ANIM_DEFINE_ENTRY("org.pipeline.slide", "1.0.0", "Slide in from an edge", slide_init, NULL);
