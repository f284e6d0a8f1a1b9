/*
 * registration.c — a transition file's mixer: its descriptor and parameters, made from what the
 * host read from the file, and the mixer's create, destroy and mix.
 */
#define _POSIX_C_SOURCE 200809L

#include "gl_state.h"

#include <float.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define TRANSITION_MAGIC 0x676c736cu /* "glsl" */

/* One registered transition, as its mixer's user_data and instance. Lives as long as the
 * process, like everything it points to (the host keeps pointers into it). */
typedef struct transition {
    uint32_t magic;
    glsl_transition_spec_t spec;  /* every pointer the record's own */
    anim_mixer_desc_t *desc;      /* its descriptor, which the host reads and does not keep */
} transition_t;

static const transition_t *transition_of(const void *pointer) {
    const transition_t *transition = pointer;
    return transition != NULL && transition->magic == TRANSITION_MAGIC ? transition : NULL;
}

static void *mixer_create(const anim_create_args_t *args, char *error, uint32_t error_size) {
    const transition_t *transition =
        args != NULL && ANIM_HAS_FIELD(args, anim_create_args_t, user_data) ? transition_of(args->user_data) : NULL;
    if (transition == NULL) fail_with(error, error_size, "GLSL transition: create's user_data is not the adapter's");
    return (void *)transition;
}

static void mixer_destroy(void *instance) { (void)instance; }

static bool mixer_mix(const anim_mix_args_t *args, char *error, uint32_t error_size) {
    if (args == NULL || args->struct_size < offsetof(anim_mix_args_t, row_end) + sizeof args->row_end)
        return fail_with(error, error_size, "GLSL transition: mix arguments missing or too small");
    const transition_t *transition = transition_of(args->instance);
    if (transition == NULL) return fail_with(error, error_size, "GLSL transition: called without its instance");
    const glsl_transition_spec_t *spec = &transition->spec;
    if (ANIM_HAS_FIELD(args, anim_mix_args_t, pixel_order) && args->pixel_order != ANIM_PIXELS_RGBA)
        return fail_with(error, error_size, "%s: pixels must be RGBA", spec->path);
    const anim_image_t *from = args->from, *to = args->to;
    anim_image_t *out = args->out;
    if (from == NULL || to == NULL || out == NULL || from->width != out->width || from->height != out->height ||
        to->width != out->width || to->height != out->height || args->row_end > out->height ||
        args->param_count != spec->uniform_count)
        return fail_with(error, error_size, "%s: images or parameters not as registered", spec->path);
    return glsl_transition_mix_rows(spec, args->progress, args->params, from, to, out, args->row_begin, args->row_end,
                                    NULL, error, error_size);
}

static char *copy(const char *text) { return strdup(text != NULL ? text : ""); }

/* The range a number's components may take: any a GLSL float or int holds. */
static void set_range(anim_param_desc_t *param, uint32_t type) {
    bool integers = type == GLSL_UNIFORM_INT || (type >= GLSL_UNIFORM_IVEC2 && type <= GLSL_UNIFORM_IVEC4);
    bool ranged = integers || type == GLSL_UNIFORM_FLOAT || (type >= GLSL_UNIFORM_VEC2 && type <= GLSL_UNIFORM_VEC4);
    if (!ranged) return;
    param->min = integers ? (double)INT32_MIN : -(double)FLT_MAX;
    param->max = integers ? (double)INT32_MAX : (double)FLT_MAX;
}

bool glsl_transition_register(const glsl_transition_spec_t *spec, const anim_host_t *host, char *error,
                              uint32_t error_size) {
    if (spec == NULL || host == NULL || host->register_mixer == NULL)
        return fail_with(error, error_size, "no transition or no host to register it with");
    if (spec->uniform_count > GLSL_TRANSITION_MAX_UNIFORMS)
        return fail_with(error, error_size, "%s: %u uniforms; at most %u are allowed", spec->path,
                         (unsigned)spec->uniform_count, GLSL_TRANSITION_MAX_UNIFORMS);
    transition_t *transition = calloc(1, sizeof *transition);
    glsl_transition_uniform_t *uniforms = calloc(spec->uniform_count + 1, sizeof *uniforms);
    anim_param_desc_t *params = calloc(spec->uniform_count + 1, sizeof *params);
    anim_mixer_desc_t *desc = calloc(1, sizeof *desc);
    if (transition == NULL || uniforms == NULL || params == NULL || desc == NULL)
        return fail_with(error, error_size, "%s: out of memory", spec->path);
    transition->magic = TRANSITION_MAGIC;
    transition->spec = *spec;
    transition->spec.name = copy(spec->name);
    transition->spec.path = copy(spec->path);
    transition->spec.body = copy(spec->body);
    transition->spec.doc = copy(spec->doc);
    transition->spec.initializers = copy(spec->initializers);
    transition->spec.uniforms = uniforms;
    for (uint32_t i = 0; i < spec->uniform_count; i++) {
        uniforms[i] = spec->uniforms[i];
        uniforms[i].name = copy(spec->uniforms[i].name);
        uniforms[i].doc = copy(spec->uniforms[i].doc);
        anim_param_desc_t *param = &params[i];
        param->struct_size = sizeof *param;
        param->type = uniforms[i].type;
        param->id = uniforms[i].name;
        param->doc = uniforms[i].doc;
        param->flags = uniforms[i].has_default ? 0 : GLSL_PARAM_NO_DEFAULT;
        set_range(param, uniforms[i].type);
        memcpy(param->default_value, uniforms[i].default_value, sizeof param->default_value);
    }
    *desc = (anim_mixer_desc_t){
        .struct_size = sizeof *desc, .concurrency = ANIM_CONCURRENCY_REENTRANT, .name = transition->spec.name,
        .version = "", .doc = transition->spec.doc, .params = params, .param_count = spec->uniform_count,
        .user_data = transition, .create = mixer_create, .destroy = mixer_destroy, .mix = mixer_mix,
        .flags = 0, /* RGBA pixels */
    };
    transition->desc = desc;
    if (!host->register_mixer(host, desc))
        return fail_with(error, error_size, "%s: the host refused the mixer", spec->path);
    return true;
}
