/*
 * shake: shakes the target layer along an axis, `amplitude` pixels at `frequency` hertz, dying
 * away by `decay` per second. examples/shake.rs is the same animator in Rust; the two draw the
 * same frames. Build with the documented line:
 *   cc -std=c11 -D_DEFAULT_SOURCE -Wall -Wextra -shared -fPIC -I .../Sources/CAnimatorABI/include \
 *       shake.c -o shake.so -lm
 */
#include <animator.h>
#include <math.h>
#include <string.h>

enum { AMPLITUDE, FREQUENCY, DECAY, AXIS };

static const anim_param_desc_t shake_params[] = {
    [AMPLITUDE] = {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_NUMBER, .id = "amplitude",
                   .doc = "how far the layer swings at first", .unit = "px", .max = 1000, .default_value = {10}},
    [FREQUENCY] = {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_NUMBER, .id = "frequency",
                   .doc = "swings per second", .unit = "Hz", .max = 100, .default_value = {8}},
    [DECAY] = {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_NUMBER, .id = "decay",
               .doc = "how fast the swing dies away, per second", .unit = "1/s", .max = 100,
               .default_value = {4}},
    [AXIS] = {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_ENUM, .id = "axis",
              .doc = "the direction of the swing", .default_string = "x", .choices = "x|y|both"},
};

/* Pure: the host calls it for any frame, on any thread. The offset at t seconds into the step
 * (progress × duration) is amplitude × e^(−decay × t) × sin(2π × frequency × t). */
static bool shake_apply(const anim_apply_args_t *args, anim_layer_t *layer, char *error, uint32_t error_size) {
    (void)error, (void)error_size;
    const anim_value_t *p = args->params;
    double t = args->progress * args->duration;
    double offset = p[AMPLITUDE].v[0] * exp(-p[DECAY].v[0] * t) * sin(2 * M_PI * p[FREQUENCY].v[0] * t);
    const char *axis = p[AXIS].s;
    if (strcmp(axis, "y") != 0) layer->translation.x += offset;
    if (strcmp(axis, "x") != 0) layer->translation.y += offset;
    return true;
}

static const anim_animator_desc_t shake = {
    .struct_size = sizeof(anim_animator_desc_t),
    .concurrency = ANIM_CONCURRENCY_REENTRANT,
    .name = "shake",
    .version = "1.0.0",
    .doc = "Shakes the layer along an axis, dying away",
    .params = shake_params,
    .param_count = sizeof shake_params / sizeof shake_params[0],
    .apply = shake_apply,
};

static bool shake_init(const anim_host_t *host) {
    return host->register_animator(host, &shake);
}

ANIM_DEFINE_ENTRY("org.example.shake", "1.0.0", "Shakes layers, in C", shake_init, NULL);
