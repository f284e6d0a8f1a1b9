/*
 * frei0r_adapter.c — the calls of frei0r filters and mixer2 plugins as pipeline effects and mixers
 * (frei0r_registration.c registers them); see frei0r_adapter.h for what is registered and how
 * pixels, parameters and instances are handled.
 *
 * Everything on this side of the frei0r calls checks what it is handed (the host's arguments,
 * what the plugin reports about itself) before using it: a frei0r plugin is native code from
 * elsewhere, and a crash inside it is the host's crash guard's business, a crash here would not be.
 */
#define _POSIX_C_SOURCE 200809L

#include "frei0r_plugin.h"
#include "failure_text.h"

#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------------------------------
 * Pixels
 * ------------------------------------------------------------------------------------------- */

/* unpremultiplied[a][c] = round(c · 255 / a) with halves up, at most 255; 0 for a = 0. The same
 * rounding as the host's own unpremultiply (CRaster's pixels.c). Filled once. */
static uint8_t unpremultiplied[256][256];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void fill_tables(void) {
    for (uint32_t a = 0; a < 256; a++)
        for (uint32_t c = 0; c < 256; c++) {
            uint32_t v = a == 0 ? 0 : (510u * c + a) / (2u * a);
            unpremultiplied[a][c] = (uint8_t)(v > 255u ? 255u : v);
        }
}

/* round(c · a / 255), exactly, for c and a in 0...255. */
static inline uint8_t premultiply(uint32_t c, uint32_t a) {
    uint32_t t = c * a + 128u;
    return (uint8_t)((t + (t >> 8)) >> 8);
}

/* Whether the plugin's pixels are B, G, R, A bytes (else R, G, B, A). PACKED32 plugins only move
 * pixels around, so any order serves; they get RGBA. */
static bool swaps_red_blue(const frei0r_plugin_t *plugin) { return plugin->color_model == F0R_COLOR_MODEL_BGRA8888; }

/* Host rows (premultiplied RGBA, `stride` apart, `width` × `height`) into a frei0r frame of
 * `padded_w` × `padded_h` pixels: straight alpha in the plugin's order, the last column repeated
 * into the padding on the right and the last row into the padding below. */
static void to_frei0r(const uint8_t *src, size_t stride, uint32_t width, uint32_t height, uint32_t padded_w,
                      uint32_t padded_h, bool swap, uint8_t *dst) {
    const uint32_t r_at = swap ? 2 : 0, b_at = swap ? 0 : 2;
    const size_t row_bytes = (size_t)padded_w * 4;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *in = src + (size_t)y * stride;
        uint8_t *out = dst + (size_t)y * row_bytes;
        for (uint32_t x = 0; x < width; x++, in += 4, out += 4) {
            uint8_t a = in[3];
            if (a == 255 && !swap) {
                memcpy(out, in, 4); /* opaque: premultiplied and straight agree */
                continue;
            }
            const uint8_t *table = unpremultiplied[a];
            out[r_at] = table[in[0]];
            out[1] = table[in[1]];
            out[b_at] = table[in[2]];
            out[3] = a;
        }
        for (uint32_t x = width; x < padded_w; x++, out += 4) memcpy(out, out - 4, 4);
    }
    for (uint32_t y = height; y < padded_h; y++)
        memcpy(dst + (size_t)y * row_bytes, dst + (size_t)(height - 1) * row_bytes, row_bytes);
}

/* Rows [row_begin, row_end) of a frei0r frame `padded_w` pixels wide into host rows: premultiplied
 * RGBA, the padding dropped. */
static void from_frei0r(const uint8_t *src, uint32_t padded_w, uint32_t width, uint32_t row_begin, uint32_t row_end,
                        bool swap, uint8_t *dst, size_t stride) {
    const uint32_t r_at = swap ? 2 : 0, b_at = swap ? 0 : 2;
    for (uint32_t y = row_begin; y < row_end; y++) {
        const uint8_t *in = src + (size_t)y * padded_w * 4;
        uint8_t *out = dst + (size_t)y * stride;
        for (uint32_t x = 0; x < width; x++, in += 4, out += 4) {
            uint32_t a = in[3];
            if (a == 255 && !swap) {
                memcpy(out, in, 4);
            } else if (a == 255) {
                out[0] = in[r_at];
                out[1] = in[1];
                out[2] = in[b_at];
            } else {
                out[0] = premultiply(in[r_at], a);
                out[1] = premultiply(in[1], a);
                out[2] = premultiply(in[b_at], a);
            }
            out[3] = (uint8_t)a;
        }
    }
}

/* The width or height frei0r sees for an image's: the next multiple of 8. frei0r 1.2 requires
 * multiples of 8, and plugins rely on it (IIRblur, cairoimagegrid and tehroxx0r crash on frames
 * 1 or 5 rows high). */
static uint32_t padded(uint32_t size) { return (size + 7u) & ~7u; }

/* Zeroes an output frame before f0r_update: some plugins draw over what it holds (cairogradient
 * and cairoaffineblend blend into it), and a thread's frames last from call to call, so without
 * this their output would show the image the thread filtered before. */
static void clear_output(uint8_t *frame, uint32_t width, uint32_t height) {
    memset(frame, 0, (size_t)width * height * 4);
}

/* Whether `image` (a host's anim_image_t) can be read as `width` × `height` RGBA rows. */
static bool image_usable(const anim_image_t *image, const char *what, const char *plugin, char *error,
                         uint32_t error_size) {
    if (image == NULL) return fail_with(error, error_size, "%s: no %s image", plugin, what);
    if (image->struct_size < sizeof(anim_image_t))
        return fail_with(error, error_size, "%s: %s image struct_size %u is too small", plugin, what,
                         (unsigned)image->struct_size);
    if (image->width > 0 && image->height > 0) {
        if (image->pixels == NULL) return fail_with(error, error_size, "%s: %s image has no pixels", plugin, what);
        if ((uint64_t)image->stride < 4ull * image->width)
            return fail_with(error, error_size, "%s: %s image stride %u is less than 4 × width %u", plugin, what,
                             (unsigned)image->stride, (unsigned)image->width);
    }
    return true;
}

/* ---------------------------------------------------------------------------------------------
 * Each thread's instances and frames
 * ------------------------------------------------------------------------------------------- */

#define CACHED_INSTANCES 8u

typedef struct cached_instance {
    const frei0r_plugin_t *plugin;       /* NULL: the slot is free */
    uint32_t width, height;              /* as constructed (padded to multiples of 8) */
    f0r_instance_t instance;
    uint64_t last_use;
} cached_instance_t;

/* Frames for one call: two inputs (the second for mixers only) and an output, 16-byte aligned
 * (64, a cache line), frame i `capacities[i]` bytes. Shared by all of a thread's instances; they
 * grow to the largest image the thread has seen and stay until it ends (or
 * frei0r_adapter_release_thread_instances). */
typedef struct thread_state {
    cached_instance_t instances[CACHED_INSTANCES];
    uint64_t clock;
    uint8_t *frames[3];
    size_t capacities[3];
} thread_state_t;

static pthread_key_t state_key;
static bool state_key_made;
static pthread_once_t state_key_once = PTHREAD_ONCE_INIT;

static f0r_instance_t construct_locked(const frei0r_plugin_t *plugin, uint32_t width, uint32_t height) {
    pthread_rwlock_t *lock = (pthread_rwlock_t *)&plugin->table_lock;
    pthread_rwlock_wrlock(lock);
    f0r_instance_t instance = plugin->construct(width, height);
    pthread_rwlock_unlock(lock);
    return instance;
}

static void destruct_locked(const frei0r_plugin_t *plugin, f0r_instance_t instance) {
    pthread_rwlock_t *lock = (pthread_rwlock_t *)&plugin->table_lock;
    pthread_rwlock_wrlock(lock);
    plugin->destruct(instance);
    pthread_rwlock_unlock(lock);
}

static void release_state(thread_state_t *state) {
    for (uint32_t i = 0; i < CACHED_INSTANCES; i++) {
        cached_instance_t *slot = &state->instances[i];
        if (slot->plugin != NULL && slot->instance != NULL) destruct_locked(slot->plugin, slot->instance);
        slot->plugin = NULL;
        slot->instance = NULL;
    }
    for (int i = 0; i < 3; i++) free(state->frames[i]);
    free(state);
}

static void release_state_at_exit(void *state) {
    if (state != NULL) release_state(state);
}

static void make_state_key(void) { state_key_made = pthread_key_create(&state_key, release_state_at_exit) == 0; }

void frei0r_adapter_release_thread_instances(void) {
    pthread_once(&state_key_once, make_state_key);
    if (!state_key_made) return;
    thread_state_t *state = pthread_getspecific(state_key);
    if (state == NULL) return;
    pthread_setspecific(state_key, NULL);
    release_state(state);
}

/* What one call works with: an instance of the plugin at the size, and frames for it. When the
 * thread has no state (no key, out of memory) the instance and frames are the call's own. */
typedef struct call_resources {
    f0r_instance_t instance;
    uint8_t *frames[3];
    thread_state_t *state;               /* NULL: everything above is the call's, freed by release_call */
    const frei0r_plugin_t *plugin;
    uint32_t width, height;              /* the host's image */
    uint32_t padded_w, padded_h;         /* the frames' size: the image padded to multiples of 8 */
    bool swap;                           /* whether the plugin's order swaps red and blue */
} call_resources_t;

static uint8_t *aligned_frame(size_t bytes) {
    void *memory = NULL;
    if (posix_memalign(&memory, 64, bytes == 0 ? 64 : bytes) != 0) return NULL;
    return memory;
}

static void release_call(call_resources_t *call) {
    if (call->state != NULL) return;
    if (call->instance != NULL) destruct_locked(call->plugin, call->instance);
    for (int i = 0; i < 3; i++) free(call->frames[i]);
}

#define NULL_SIZE_HINT ": the plugin does not work at this size (images are padded to multiples of 8)"

/* Finds or constructs `plugin`'s instance at width × height for this thread, with `frame_count`
 * frames of width × height pixels. */
static bool acquire(const frei0r_plugin_t *plugin, uint32_t width, uint32_t height, int frame_count,
                    call_resources_t *call, char *error, uint32_t error_size) {
    memset(call, 0, sizeof *call);
    call->plugin = plugin;
    if ((uint64_t)width * height > SIZE_MAX / 4 / 2)
        return fail_with(error, error_size, "%s: a %u × %u image is too large", plugin->name, (unsigned)width,
                         (unsigned)height);
    size_t bytes = (size_t)width * height * 4;

    pthread_once(&state_key_once, make_state_key);
    thread_state_t *state = state_key_made ? pthread_getspecific(state_key) : NULL;
    if (state == NULL && state_key_made) {
        state = calloc(1, sizeof *state);
        if (state != NULL && pthread_setspecific(state_key, state) != 0) {
            free(state);
            state = NULL;
        }
    }

    if (state != NULL) {
        for (int i = 0; i < 3; i++) {
            if ((i == 1 && frame_count < 3) || state->capacities[i] >= bytes) continue;
            free(state->frames[i]);
            state->capacities[i] = 0;
            state->frames[i] = aligned_frame(bytes);
            if (state->frames[i] == NULL)
                return fail_with(error, error_size, "%s: out of memory for %u × %u frames", plugin->name,
                                 (unsigned)width, (unsigned)height);
            state->capacities[i] = bytes;
        }
        cached_instance_t *found = NULL, *oldest = &state->instances[0];
        for (uint32_t i = 0; i < CACHED_INSTANCES && found == NULL; i++) {
            cached_instance_t *slot = &state->instances[i];
            if (slot->plugin == plugin && slot->width == width && slot->height == height) found = slot;
            else if (slot->plugin == NULL || (oldest->plugin != NULL && slot->last_use < oldest->last_use))
                oldest = slot;
        }
        if (found == NULL) {
            if (oldest->plugin != NULL && oldest->instance != NULL) destruct_locked(oldest->plugin, oldest->instance);
            oldest->plugin = NULL;
            oldest->instance = NULL;
            f0r_instance_t instance = construct_locked(plugin, width, height);
            if (instance == NULL)
                return fail_with(error, error_size,
                                 "%s: f0r_construct(%u, %u) returned NULL" NULL_SIZE_HINT, plugin->name,
                                 (unsigned)width, (unsigned)height);
            oldest->plugin = plugin;
            oldest->width = width;
            oldest->height = height;
            oldest->instance = instance;
            found = oldest;
        }
        found->last_use = ++state->clock;
        call->instance = found->instance;
        for (int i = 0; i < 3; i++) call->frames[i] = state->frames[i];
        call->state = state;
        return true;
    }

    /* No per-thread state: this call's own instance and frames. */
    for (int i = 0; i < 3; i++) {
        if (i == 1 && frame_count < 3) continue;
        call->frames[i] = aligned_frame(bytes);
        if (call->frames[i] == NULL) {
            release_call(call);
            return fail_with(error, error_size, "%s: out of memory for %u × %u frames", plugin->name, (unsigned)width,
                             (unsigned)height);
        }
    }
    call->instance = construct_locked(plugin, width, height);
    if (call->instance == NULL) {
        release_call(call);
        return fail_with(error, error_size,
                         "%s: f0r_construct(%u, %u) returned NULL" NULL_SIZE_HINT, plugin->name, (unsigned)width,
                         (unsigned)height);
    }
    return true;
}

/* ---------------------------------------------------------------------------------------------
 * Parameters
 * ------------------------------------------------------------------------------------------- */

static const char *param_type_name(uint32_t type) {
    switch (type) {
    case ANIM_PARAM_BOOL: return "bool";
    case ANIM_PARAM_NUMBER: return "number";
    case ANIM_PARAM_COLOR: return "color";
    case ANIM_PARAM_POINT: return "point";
    case ANIM_PARAM_STRING: return "string";
    default: return "other";
    }
}


/* Checks the call's values against the plugin's parameters before any of them reaches it. */
static bool params_usable(const frei0r_plugin_t *plugin, uint32_t count, const anim_value_t *values, char *error,
                          uint32_t error_size) {
    if (count != plugin->param_count)
        return fail_with(error, error_size, "%s: %u parameter values for %u parameters", plugin->name, (unsigned)count,
                         (unsigned)plugin->param_count);
    if (count > 0 && values == NULL) return fail_with(error, error_size, "%s: no parameter values", plugin->name);
    for (uint32_t i = 0; i < count; i++) {
        uint32_t expected = anim_type_of(plugin->param_types[i]);
        if (values[i].type != expected)
            return fail_with(error, error_size, "%s: parameter %u is a %s but its value a %s", plugin->name,
                             (unsigned)i + 1, param_type_name(expected), param_type_name(values[i].type));
    }
    return true;
}

/* Sets every parameter of `instance` from the call's values (checked by params_usable). Values
 * outside frei0r's [0, 1] (an animation overshooting) are clamped: frei0r plugins scale them into
 * table indices and sizes without checking. */
static void set_params(const frei0r_plugin_t *plugin, f0r_instance_t instance, const anim_value_t *values) {
    pthread_rwlock_t *lock = (pthread_rwlock_t *)&plugin->table_lock;
    pthread_rwlock_rdlock(lock);
    for (uint32_t i = 0; i < plugin->param_count; i++) {
        const anim_value_t *value = &values[i];
        switch (plugin->param_types[i]) {
        case F0R_PARAM_BOOL: {
            f0r_param_bool flag = value->i != 0 ? 1.0 : 0.0;
            plugin->set_param_value(instance, &flag, (int)i);
            break;
        }
        case F0R_PARAM_DOUBLE: {
            f0r_param_double number = unit(value->v[0]);
            plugin->set_param_value(instance, &number, (int)i);
            break;
        }
        case F0R_PARAM_COLOR: {
            f0r_param_color_t color = {(float)unit(value->v[0]), (float)unit(value->v[1]), (float)unit(value->v[2])};
            plugin->set_param_value(instance, &color, (int)i);
            break;
        }
        case F0R_PARAM_POSITION: {
            f0r_param_position_t position = {unit(value->v[0]), unit(value->v[1])};
            plugin->set_param_value(instance, &position, (int)i);
            break;
        }
        case F0R_PARAM_STRING: {
            /* frei0r takes a pointer to its string type and copies the text. */
            f0r_param_string text = (char *)(uintptr_t)(value->s != NULL ? value->s : "");
            plugin->set_param_value(instance, &text, (int)i);
            break;
        }
        default: break;
        }
    }
    pthread_rwlock_unlock(lock);
}

/* Checks a call's band of rows within `out` and its parameters, then takes the plugin's instance
 * with `frame_count` frames at out's padded size and sets the parameters: 1 when ready (end with
 * release_call), 0 when there is nothing to do (an empty image or band), -1 when it failed, with
 * why in `error`. */
static int begin_call(const frei0r_plugin_t *plugin, const anim_image_t *out, uint32_t row_begin, uint32_t row_end,
                      uint32_t param_count, const anim_value_t *params, int frame_count, call_resources_t *call,
                      char *error, uint32_t error_size) {
    if (row_begin > row_end || row_end > out->height) {
        fail_with(error, error_size, "%s: rows %u..<%u outside an image %u high", plugin->name, (unsigned)row_begin,
                  (unsigned)row_end, (unsigned)out->height);
        return -1;
    }
    if (!params_usable(plugin, param_count, params, error, error_size)) return -1;
    if (out->width == 0 || out->height == 0 || row_begin == row_end) return 0;
    pthread_once(&tables_once, fill_tables);
    const uint32_t padded_w = padded(out->width), padded_h = padded(out->height);
    if (!acquire(plugin, padded_w, padded_h, frame_count, call, error, error_size)) return -1;
    call->width = out->width;
    call->height = out->height;
    call->padded_w = padded_w;
    call->padded_h = padded_h;
    call->swap = swaps_red_blue(plugin);
    set_params(plugin, call->instance, params);
    return 1;
}

/* ---------------------------------------------------------------------------------------------
 * Effects (frei0r filters)
 * ------------------------------------------------------------------------------------------- */

static const frei0r_plugin_t *plugin_of(const void *user_data) {
    const frei0r_plugin_t *plugin = user_data;
    return plugin != NULL && plugin->magic == PLUGIN_MAGIC ? plugin : NULL;
}

bool frei0r_effect_apply(const anim_effect_args_t *args, char *error, uint32_t error_size) {
    if (args == NULL) return fail_with(error, error_size, "frei0r effect called without arguments");
    if (args->struct_size < offsetof(anim_effect_args_t, out) + sizeof args->out)
        return fail_with(error, error_size, "frei0r effect: arguments struct_size %u is older than ABI 1.2",
                         (unsigned)args->struct_size);
    const frei0r_plugin_t *plugin = plugin_of(args->user_data);
    if (plugin == NULL) return fail_with(error, error_size, "frei0r effect: user_data is not this adapter's");
    if (args->pixel_order != ANIM_PIXELS_RGBA)
        return fail_with(error, error_size, "%s: pixels must be RGBA (pixel order %u)", plugin->name,
                         (unsigned)args->pixel_order);
    if (!image_usable(args->in, "input", plugin->name, error, error_size) ||
        !image_usable(args->out, "output", plugin->name, error, error_size))
        return false;
    const anim_image_t *in = args->in;
    anim_image_t *out = args->out;
    if (in->width != out->width || in->height != out->height)
        return fail_with(error, error_size, "%s: input %u × %u and output %u × %u differ", plugin->name,
                         (unsigned)in->width, (unsigned)in->height, (unsigned)out->width, (unsigned)out->height);
    call_resources_t call;
    const int ready = begin_call(plugin, out, args->row_begin, args->row_end, args->param_count, args->params, 2,
                                 &call, error, error_size);
    if (ready <= 0) return ready == 0;
    uint8_t *source = call.frames[0], *result = call.frames[2];
    to_frei0r(in->pixels, in->stride, call.width, call.height, call.padded_w, call.padded_h, call.swap, source);
    clear_output(result, call.padded_w, call.padded_h);
    plugin->update(call.instance, args->time, (const uint32_t *)(const void *)source, (uint32_t *)(void *)result);
    /* Whatever rows the host asks for, the whole image was computed (ANIM_EFFECT_WHOLE_IMAGE
     * makes that one call per image). */
    from_frei0r(result, call.padded_w, call.width, args->row_begin, args->row_end, call.swap, out->pixels,
                out->stride);
    release_call(&call);
    return true;
}

/* ---------------------------------------------------------------------------------------------
 * Mixers (frei0r mixer2)
 * ------------------------------------------------------------------------------------------- */

void *frei0r_mixer_create(const anim_create_args_t *args, char *error, uint32_t error_size) {
    if (args == NULL) {
        fail_with(error, error_size, "frei0r mixer created without arguments");
        return NULL;
    }
    const frei0r_plugin_t *plugin =
        ANIM_HAS_FIELD(args, anim_create_args_t, user_data) ? plugin_of(args->user_data) : NULL;
    if (plugin == NULL) {
        fail_with(error, error_size,
                  "frei0r mixer: create's user_data is not this adapter's (a host older than ABI 1.2?)");
        return NULL;
    }
    mixer_instance_t *instance = malloc(sizeof *instance);
    if (instance == NULL) {
        fail_with(error, error_size, "%s: out of memory", plugin->name);
        return NULL;
    }
    instance->magic = MIXER_INSTANCE_MAGIC;
    instance->plugin = plugin;
    return instance;
}

void frei0r_mixer_destroy(void *instance) {
    mixer_instance_t *mixer = instance;
    if (mixer == NULL || mixer->magic != MIXER_INSTANCE_MAGIC) return;
    mixer->magic = 0;
    free(mixer);
}

bool frei0r_mixer_mix(const anim_mix_args_t *args, char *error, uint32_t error_size) {
    if (args == NULL) return fail_with(error, error_size, "frei0r mixer called without arguments");
    if (args->struct_size < offsetof(anim_mix_args_t, row_end) + sizeof args->row_end)
        return fail_with(error, error_size, "frei0r mixer: arguments struct_size %u is too small",
                         (unsigned)args->struct_size);
    const mixer_instance_t *mixer = args->instance;
    if (mixer == NULL || mixer->magic != MIXER_INSTANCE_MAGIC)
        return fail_with(error, error_size, "frei0r mixer: called without the instance its create returned");
    const frei0r_plugin_t *plugin = mixer->plugin;
    if (ANIM_HAS_FIELD(args, anim_mix_args_t, pixel_order) && args->pixel_order != ANIM_PIXELS_RGBA)
        return fail_with(error, error_size, "%s: pixels must be RGBA (pixel order %u)", plugin->name,
                         (unsigned)args->pixel_order);
    if (!image_usable(args->from, "from", plugin->name, error, error_size) ||
        !image_usable(args->to, "to", plugin->name, error, error_size) ||
        !image_usable(args->out, "output", plugin->name, error, error_size))
        return false;
    const anim_image_t *from = args->from, *to = args->to;
    anim_image_t *out = args->out;
    if (from->width != out->width || from->height != out->height || to->width != out->width ||
        to->height != out->height)
        return fail_with(error, error_size, "%s: from %u × %u, to %u × %u and output %u × %u differ", plugin->name,
                         (unsigned)from->width, (unsigned)from->height, (unsigned)to->width, (unsigned)to->height,
                         (unsigned)out->width, (unsigned)out->height);
    call_resources_t call;
    const int ready = begin_call(plugin, out, args->row_begin, args->row_end, args->param_count, args->params, 3,
                                 &call, error, error_size);
    if (ready <= 0) return ready == 0;
    const uint32_t width = call.width, height = call.height, padded_w = call.padded_w, padded_h = call.padded_h;
    to_frei0r(from->pixels, from->stride, width, height, padded_w, padded_h, call.swap, call.frames[0]);
    to_frei0r(to->pixels, to->stride, width, height, padded_w, padded_h, call.swap, call.frames[1]);
    clear_output(call.frames[2], padded_w, padded_h);
    /* frei0r mixes whole images: a call for a band of rows computes all of them and keeps its
     * band, so a frame mixed in n bands costs n whole mixes. pipeline's renderer mixes RGBA
     * mixers whole (it bands only mixers that take its native pixels). */
    plugin->update2(call.instance, args->time, (const uint32_t *)(const void *)call.frames[0],
                    (const uint32_t *)(const void *)call.frames[1], NULL, (uint32_t *)(void *)call.frames[2]);
    from_frei0r(call.frames[2], padded_w, width, args->row_begin, args->row_end, call.swap, out->pixels, out->stride);
    release_call(&call);
    return true;
}

