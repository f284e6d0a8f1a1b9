/*
 * ripple-reveal — cuts a growing circular hole in the target layer so that what lies below shows
 * through (step 5 of the poster transition: the article's even-odd CAShapeLayer mask). At p = 1
 * the hole reaches the farthest corner of the layer, which is then fully cleared, or, with
 * "to": "diagonal", the layer's diagonal, as the article's code grows it whatever the centre.
 */
#include "animator.h"

#include <math.h>
#include <stddef.h>

enum { CENTER, FROM, TO };
enum { FARTHEST_CORNER, DIAGONAL }; /* the order of `choices` */

static const anim_param_desc_t ripple_params[] = {
    [CENTER] = {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_POINT,
                .flags = ANIM_PARAM_REQUIRED | ANIM_PARAM_ACCEPTS_LAYER, .id = "center",
                .doc = "centre of the hole in canvas coordinates, or a layer to centre it on",
                .unit = "px", .min = -100000, .max = 100000},
    [FROM] = {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_NUMBER, .id = "from",
              .doc = "hole radius at the start, in the layer's own pixels", .unit = "px",
              .min = 0, .max = 100000, .default_value = {0}},
    [TO] = {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_ENUM, .id = "to",
            .doc = "hole radius at the end: the distance to the layer's farthest corner, or its "
                   "diagonal (the article's: the layer clears before the end)",
            .default_string = "farthest-corner", .choices = "farthest-corner|diagonal"},
};

/* Mask shapes live in the layer's own coordinates, so undo the layer's transform (translation,
 * then rotation and scale about the anchor) to keep the hole on the given canvas point. */
static anim_point_t canvas_to_layer(const anim_layer_t *l, anim_point_t c) {
    double ax = l->anchor.x * l->frame.width, ay = l->anchor.y * l->frame.height;
    double dx = c.x - (l->frame.x + ax + l->translation.x);
    double dy = c.y - (l->frame.y + ay + l->translation.y);
    double a = l->rotation * 3.14159265358979323846 / 180, cs = cos(a), sn = sin(a);
    /* A layer scaled to zero is invisible: any finite point will do. */
    double sx = l->scale.x != 0 ? l->scale.x : 1, sy = l->scale.y != 0 ? l->scale.y : 1;
    return (anim_point_t){ax + (dx * cs + dy * sn) / sx, ay + (dy * cs - dx * sn) / sy};
}

static bool ripple_apply(const anim_apply_args_t *args, anim_layer_t *target, char *error,
                         uint32_t error_size) {
    (void)error, (void)error_size;
    const anim_point_t c = canvas_to_layer(
        target, (anim_point_t){args->params[CENTER].v[0], args->params[CENTER].v[1]});
    const double w = target->frame.width, h = target->frame.height;
    /* The farthest corner is the far one on each axis. The diagonal clears the layer from a
     * centre inside it; from one outside, the hole still reaches the farthest corner. */
    const double farthest = hypot(fmax(c.x, w - c.x), fmax(c.y, h - c.y));
    const double end = args->params[TO].i == DIAGONAL ? fmax(hypot(w, h), farthest) : farthest;
    const double from = args->params[FROM].v[0];
    double r = from + (end - from) * args->progress;
    r = r < 0 ? 0 : r; /* an undershooting curve must not turn the hole inside out */

    anim_mask_t *m = &target->mask;
    *m = (anim_mask_t){.shape_count = 2, .fill_rule = ANIM_FILL_EVEN_ODD, .inverted = 0};
    m->shapes[0] = (anim_mask_shape_t){.kind = ANIM_MASK_SHAPE_RECT, .rect = {0, 0, w, h}};
    m->shapes[1] = (anim_mask_shape_t){.kind = ANIM_MASK_SHAPE_CIRCLE,
                                       .rect = {c.x - r, c.y - r, 2 * r, 2 * r}};
    return true;
}

static const anim_animator_desc_t ripple_desc = {
    .struct_size = sizeof(anim_animator_desc_t),
    .concurrency = ANIM_CONCURRENCY_REENTRANT,
    .name = "ripple-reveal",
    .version = "1.1.0",
    .doc = "Cuts a circular hole growing from `center` until the layer is cleared",
    .params = ripple_params,
    .param_count = sizeof ripple_params / sizeof ripple_params[0],
    .apply = ripple_apply,
};

static bool ripple_init(const anim_host_t *host) {
    if (host->register_animator(host, &ripple_desc))
        return true;
    const anim_log_service_v1_t *log = host->get_service(host, ANIM_SERVICE_LOG, 1);
    if (log)
        log->log(host, ANIM_LOG_ERROR, "the host refused the animator `ripple-reveal`");
    return false;
}

ANIM_DEFINE_ENTRY("org.pipeline.ripple-reveal", "1.1.0",
                  "Circular ripple reveal", ripple_init, NULL);
