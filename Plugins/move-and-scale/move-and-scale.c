/*
 * move-and-scale — moves and scales a layer so that its visual frame goes from where it is now
 * to `to` (step 3 of the poster transition). It writes only `scale` and `translation`, never the
 * frame, so the corner radius and the shadow scale with the layer as they do in Core Animation.
 * Rotation is ignored: with rotation the visual frame is not a rectangle.
 */
#include "animator.h"

#include <stddef.h>
#include <stdio.h>

static const anim_param_desc_t move_params[] = {
    {
        .struct_size = sizeof(anim_param_desc_t),
        .type = ANIM_PARAM_RECT,
        .flags = ANIM_PARAM_REQUIRED | ANIM_PARAM_ACCEPTS_LAYER,
        .id = "to",
        .doc = "visual frame at the end [x, y, width, height], or a layer whose frame to match",
        .unit = "px",
        .min = -100000, .max = 100000,
    },
};

static double lerp(double a, double b, double p) { return a + (b - a) * p; }

/* One axis. The visual origin is A - anchor·size·scale, with the anchor position
 * A = origin + anchor·size + translation; solving it for the target origin gives the target
 * translation. Visual origin and size are linear in (scale, translation), so lerping those two
 * lerps the visual frame exactly. */
static void move_axis(double origin, double size, double anchor, double to_origin, double to_size,
                      double p, double *scale, double *translation) {
    double target_scale = to_size / size;
    double target_translation = to_origin - origin - anchor * size * (1 - target_scale);
    *scale = lerp(*scale, target_scale, p);
    *translation = lerp(*translation, target_translation, p);
}

static bool move_apply(const anim_apply_args_t *args, anim_layer_t *target, char *error,
                       uint32_t error_size) {
    const double *to = args->params[0].v;
    const anim_rect_t f = target->frame;
    if (!(f.width > 0 && f.height > 0)) {
        snprintf(error, error_size, "the target's frame is %gx%g; it cannot be scaled to a size",
                 f.width, f.height);
        return false;
    }
    if (to[2] < 0 || to[3] < 0) {
        snprintf(error, error_size, "`to` has a negative size %gx%g", to[2], to[3]);
        return false;
    }
    move_axis(f.x, f.width, target->anchor.x, to[0], to[2], args->progress, &target->scale.x,
              &target->translation.x);
    move_axis(f.y, f.height, target->anchor.y, to[1], to[3], args->progress, &target->scale.y,
              &target->translation.y);
    return true;
}

static const anim_animator_desc_t move_desc = {
    .struct_size = sizeof(anim_animator_desc_t),
    .concurrency = ANIM_CONCURRENCY_REENTRANT,
    .name = "move-and-scale",
    .version = "1.0.0",
    .doc = "Moves and scales the layer (through its transform) until its visual frame is `to`",
    .params = move_params,
    .param_count = sizeof move_params / sizeof move_params[0],
    .apply = move_apply,
};

static bool move_init(const anim_host_t *host) {
    if (host->register_animator(host, &move_desc))
        return true;
    const anim_log_service_v1_t *log = host->get_service(host, ANIM_SERVICE_LOG, 1);
    if (log)
        log->log(host, ANIM_LOG_ERROR, "the host refused the animator `move-and-scale`");
    return false;
}

ANIM_DEFINE_ENTRY("org.pipeline.move-and-scale", "1.0.0",
                  "Move and scale to a frame", move_init, NULL);
