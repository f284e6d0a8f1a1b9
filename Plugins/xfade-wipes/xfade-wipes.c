/*
 * xfade-wipes — ffmpeg xfade's fade, wipes and slides as mixers, under xfade's own names: fade,
 * wipeleft, wiperight, wipeup, wipedown, slideleft, slideright, slideup, slidedown.
 *
 * Each is what xfade documents and draws, computed the way it computes it, so the frames are
 * xfade's: xfade's progress P runs from 1 (only `from`) down to 0 (only `to`), P = 1 − progress
 * here, in float as xfade has it; a wipe's edge or a slide's offset is the image's width or height
 * times P (or 1 − P), truncated to a whole pixel; fade mixes each channel as from·P + to·(1 − P)
 * and truncates. A slide shows both images moving together, `from` wrapping round behind `to`
 * until it has gone. The images are premultiplied and every rule treats the four channels alike
 * (on opaque images these are xfade's RGB frames), so any byte order will do. Positions are in
 * the images' pixels, which `--scale` scales with everything else.
 */
#include "animator.h"

#include <stdio.h>
#include <string.h>

typedef enum {
    FADE, WIPE_LEFT, WIPE_RIGHT, WIPE_UP, WIPE_DOWN, SLIDE_LEFT, SLIDE_RIGHT, SLIDE_UP, SLIDE_DOWN, KINDS
} kind_t;

/* xfade's progress: 1 at the start, 0 at the end. */
static float xfade_progress(const anim_mix_args_t *args) {
    const float p = 1.f - (float)args->progress;
    return p > 0.f ? (p < 1.f ? p : 1.f) : 0.f; /* NaN: 0, only `to` */
}

static const uint8_t *row(const anim_image_t *image, int32_t y) { return image->pixels + (size_t)y * image->stride; }

/* Pixels [x0, x1) of `source`'s row into `out`, whole pixels. */
static void copy_pixels(uint8_t *out, const uint8_t *source, int32_t x0, int32_t x1) {
    if (x1 > x0)
        memcpy(out + 4 * (size_t)x0, source + 4 * (size_t)x0, 4 * (size_t)(x1 - x0));
}

/* a mod n in [0, n). */
static int32_t wrap(int32_t a, int32_t n) { return (a % n + n) % n; }

/* The instance names the transition (its kind + 1: never NULL), from the descriptor's user_data. */
static void *xfade_create(const anim_create_args_t *args, char *error, uint32_t error_size) {
    (void)error, (void)error_size;
    return (void *)((intptr_t)args->user_data + 1);
}

static void xfade_destroy(void *instance) { (void)instance; }

/* xfade's float blend, built also for AVX2 (the loader picks it where the CPU has it): the same
 * operations in wider registers, so the same bytes. */
#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target_clones("avx2", "default")))
#endif
static void fade_row(const uint8_t *a, const uint8_t *b, uint8_t *out, size_t bytes, float p) {
    const float q = 1.f - p;
    for (size_t i = 0; i < bytes; i++)
        out[i] = (uint8_t)(a[i] * p + b[i] * q);
}

/* A row of a slide along x by z pixels (−width ≤ z ≤ width): the output at x shows pixel
 * x + z of `to` where that lies inside the image, and of `from`, wrapped round, where it does not. */
static void slide_row(const uint8_t *a, const uint8_t *b, uint8_t *out, int32_t width, int32_t z) {
    if (z <= 0) { /* `to` from −z on, `from`'s last −z pixels before it */
        memcpy(out + 4 * (size_t)-z, b, 4 * (size_t)(width + z));
        memcpy(out, a + 4 * (size_t)(width + z), 4 * (size_t)-z);
    } else { /* `to` up to width − z, `from`'s first z pixels after it */
        memcpy(out, b + 4 * (size_t)z, 4 * (size_t)(width - z));
        memcpy(out + 4 * (size_t)(width - z), a, 4 * (size_t)z);
    }
}

/* The transition a mixer is, from its instance (see xfade_create). */
static kind_t kind_of(const anim_mix_args_t *args) { return (kind_t)((intptr_t)args->instance - 1); }

static bool xfade_mix(const anim_mix_args_t *args, char *error, uint32_t error_size) {
    const kind_t kind = kind_of(args);
    const anim_image_t *from = args->from, *to = args->to, *out = args->out;
    if (kind < 0 || kind >= KINDS || out->width != from->width || out->height != from->height || to->width != from->width ||
        to->height != from->height) {
        snprintf(error, error_size, "xfade: images of different sizes");
        return false;
    }
    const float p = xfade_progress(args);
    const int32_t width = (int32_t)out->width, height = (int32_t)out->height;
    for (int32_t y = (int32_t)args->row_begin; y < (int32_t)args->row_end; y++) {
        const uint8_t *a = row(from, y), *b = row(to, y);
        uint8_t *o = out->pixels + (size_t)y * out->stride;
        switch (kind) {
        case FADE:
            fade_row(a, b, o, 4 * (size_t)width, p);
            break;
        case WIPE_LEFT: { /* `to` right of the edge at width·P, which moves left */
            const int32_t z = (int32_t)((float)width * p), edge = z + 1 < width ? z + 1 : width;
            copy_pixels(o, a, 0, edge);
            copy_pixels(o, b, edge, width);
            break;
        }
        case WIPE_RIGHT: { /* `from` right of the edge at width·(1 − P), which moves right */
            const int32_t z = (int32_t)((float)width * (1.f - p)), edge = z + 1 < width ? z + 1 : width;
            copy_pixels(o, b, 0, edge);
            copy_pixels(o, a, edge, width);
            break;
        }
        case WIPE_UP: /* `to` below the edge at height·P, which moves up */
            memcpy(o, y > (int32_t)((float)height * p) ? b : a, 4 * (size_t)width);
            break;
        case WIPE_DOWN: /* `from` below the edge at height·(1 − P), which moves down */
            memcpy(o, y > (int32_t)((float)height * (1.f - p)) ? a : b, 4 * (size_t)width);
            break;
        case SLIDE_LEFT:
            slide_row(a, b, o, width, (int32_t)(-p * (float)width));
            break;
        case SLIDE_RIGHT:
            slide_row(a, b, o, width, (int32_t)(p * (float)width));
            break;
        case SLIDE_UP:
        case SLIDE_DOWN: { /* the row zy = y + z: of `to` inside the image, of `from` wrapped round */
            const int32_t z = (int32_t)((kind == SLIDE_UP ? -p : p) * (float)height), zy = y + z;
            const int32_t source = wrap(zy, height);
            memcpy(o, row(zy >= 0 && zy < height ? to : from, source), 4 * (size_t)width);
            break;
        }
        case KINDS:
            break;
        }
    }
    return true;
}

#define XFADE(kind, id, text)                                                                                     \
    {.struct_size = sizeof(anim_mixer_desc_t), .concurrency = ANIM_CONCURRENCY_REENTRANT, .name = id,            \
     .version = "1.0.0", .doc = text, .create = xfade_create, .destroy = xfade_destroy, .mix = xfade_mix,   \
     .user_data = (const void *)(intptr_t)(kind)}

/* Not const: init sets their flags. */
static anim_mixer_desc_t mixers[KINDS] = {
    XFADE(FADE, "fade", "ffmpeg xfade's fade: mixes `from` into `to`"),
    XFADE(WIPE_LEFT, "wipeleft", "ffmpeg xfade's wipeleft: `to` is uncovered by an edge moving left"),
    XFADE(WIPE_RIGHT, "wiperight", "ffmpeg xfade's wiperight: `to` is uncovered by an edge moving right"),
    XFADE(WIPE_UP, "wipeup", "ffmpeg xfade's wipeup: `to` is uncovered by an edge moving up"),
    XFADE(WIPE_DOWN, "wipedown", "ffmpeg xfade's wipedown: `to` is uncovered by an edge moving down"),
    XFADE(SLIDE_LEFT, "slideleft", "ffmpeg xfade's slideleft: `to` pushes `from` out to the left"),
    XFADE(SLIDE_RIGHT, "slideright", "ffmpeg xfade's slideright: `to` pushes `from` out to the right"),
    XFADE(SLIDE_UP, "slideup", "ffmpeg xfade's slideup: `to` pushes `from` out at the top"),
    XFADE(SLIDE_DOWN, "slidedown", "ffmpeg xfade's slidedown: `to` pushes `from` out at the bottom"),
};

static bool xfade_init(const anim_host_t *host) {
    const anim_log_service_v1_t *log = host->get_service(host, ANIM_SERVICE_LOG, 1);
    const bool native = host->get_service(host, ANIM_SERVICE_NATIVE_PIXELS, 1) != NULL;
    for (int i = 0; i < KINDS; i++) {
        /* Every rule treats the four channels alike: take the host's own pixels where it lends them. */
        mixers[i].flags = native ? ANIM_MIXER_NATIVE_PIXELS : 0;
        if (!host->register_mixer(host, &mixers[i])) {
            if (log)
                log->log(host, ANIM_LOG_ERROR, "the host refused an xfade mixer");
            return false;
        }
    }
    return true;
}

static const anim_requirement_t xfade_requirements[] = {
    {ANIM_SERVICE_EFFECTS, 1, 0}, /* ABI 1.2: the mixers' user_data */
    {NULL, 0, 0},
};

ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
    .abi_major = ANIM_ABI_MAJOR, .abi_minor = ANIM_ABI_MINOR, .struct_size = sizeof(anim_entry_t),
    .plugin_id = "org.pipeline.xfade-wipes", .plugin_version = "1.0.0",
    .description = "ffmpeg xfade's fade, wipes and slides, by xfade's names", .init = xfade_init,
    .requirements = xfade_requirements,
};
