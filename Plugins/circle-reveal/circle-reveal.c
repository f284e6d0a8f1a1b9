/*
 * circle-reveal — shows the target layer only inside a circle that grows from the tapped button
 * to the target's farthest corner (the articles' CAShapeLayer mask animated on "path", 0.5 s),
 * or, with "to": "diagonal", to the button's frame inset by the layer's diagonal, as article 000
 * does whatever the tap point. Run with "reverse" it shrinks back onto the button (pop, dismiss).
 */
#include "animator.h"

#include <math.h>
#include <stddef.h>

enum { FROM, TO };
enum { FARTHEST_CORNER, DIAGONAL }; /* the order of `choices` */

static const anim_param_desc_t circle_params[] = {
    [FROM] = {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_RECT,
              .flags = ANIM_PARAM_REQUIRED | ANIM_PARAM_ACCEPTS_LAYER, .id = "from",
              .doc = "the tapped button's frame in canvas coordinates, or a layer to start from",
              .unit = "px", .min = -100000, .max = 100000},
    [TO] = {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_ENUM, .id = "to",
            .doc = "the circle at the end: through the layer's farthest corner, or the button's "
                   "circle grown by the layer's diagonal (article 000: the screen is covered early)",
            .default_string = "farthest-corner", .choices = "farthest-corner|diagonal"},
};

/* A layer scaled to zero is invisible: any finite factor will do. */
static double nonzero(double s) { return s != 0 ? s : 1; }

/* Inverts the compositor's transform, translate(origin + anchor + translation) · rotate · scale ·
 * translate(−anchor), since mask shapes live in the layer's own coordinates. */
static anim_point_t canvas_to_layer(const anim_layer_t *l, double x, double y) {
    const double ax = l->anchor.x * l->frame.width, ay = l->anchor.y * l->frame.height;
    const double dx = x - l->frame.x - ax - l->translation.x;
    const double dy = y - l->frame.y - ay - l->translation.y;
    const double turn = l->rotation * (3.14159265358979323846 / 180);
    const double c = cos(turn), s = sin(turn);
    return (anim_point_t){ax + (c * dx + s * dy) / nonzero(l->scale.x),
                          ay + (c * dy - s * dx) / nonzero(l->scale.y)};
}

static bool circle_apply(const anim_apply_args_t *args, anim_layer_t *target, char *error,
                         uint32_t error_size) {
    (void)error, (void)error_size;
    const double *b = args->params[FROM].v;
    const anim_point_t c = canvas_to_layer(target, b[0] + b[2] / 2, b[1] + b[3] / 2);
    const double w = target->frame.width, h = target->frame.height;
    /* The button's circle in canvas pixels, converted to the layer's own (never larger). */
    const double scale = nonzero(fmax(fabs(target->scale.x), fabs(target->scale.y)));
    const double start = fmax(fabs(b[2]), fabs(b[3])) / 2 / scale;
    /* The farthest corner is the far one on each axis. The diagonal covers the layer from a
     * button inside it; from one outside, the circle still reaches the farthest corner. */
    const double farthest = hypot(fmax(c.x, w - c.x), fmax(c.y, h - c.y));
    const double end = args->params[TO].i == DIAGONAL ? fmax(start + hypot(w, h), farthest) : farthest;
    double r = start + (end - start) * args->progress;
    r = r < 0 ? 0 : r; /* an undershooting spring shrinks the circle to nothing, not inside out */

    target->mask = (anim_mask_t){.shape_count = 1, .fill_rule = ANIM_FILL_NONZERO};
    target->mask.shapes[0] = (anim_mask_shape_t){.kind = ANIM_MASK_SHAPE_CIRCLE,
                                                 .rect = {c.x - r, c.y - r, 2 * r, 2 * r}};
    return true;
}

static const anim_animator_desc_t circle_desc = {
    .struct_size = sizeof(anim_animator_desc_t),
    .concurrency = ANIM_CONCURRENCY_REENTRANT,
    .name = "circle-reveal",
    .version = "1.1.0",
    .doc = "Reveals the layer through a circle growing from `from` to its farthest corner or `to`",
    .params = circle_params,
    .param_count = sizeof circle_params / sizeof circle_params[0],
    .apply = circle_apply,
    .flags = ANIM_ANIMATOR_BRINGS_IN,
};

static bool circle_init(const anim_host_t *host) {
    if (host->register_animator(host, &circle_desc))
        return true;
    const anim_log_service_v1_t *log = host->get_service(host, ANIM_SERVICE_LOG, 1);
    if (log)
        log->log(host, ANIM_LOG_ERROR, "the host refused the animator `circle-reveal`");
    return false;
}

ANIM_DEFINE_ENTRY("org.pipeline.circle-reveal", "1.1.0",
                  "Circle reveal from a tapped button", circle_init, NULL);
