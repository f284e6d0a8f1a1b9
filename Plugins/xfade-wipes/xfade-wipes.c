/*
 * xfade-wipes — ffmpeg xfade's fade, wipes and slides as mixers, under xfade's own names: fade,
 * wipeleft, wiperight, wipeup, wipedown, wipetl, wipetr, wipebl, wipebr, slideleft, slideright,
 * slideup, slidedown, and the later releases' coverleft, coverright, coverup, coverdown,
 * revealleft, revealright, revealup, revealdown.
 *
 * Each is what xfade documents and draws, computed the way it computes it, so the frames are
 * xfade's: xfade's progress P runs from 1 (only `from`) down to 0 (only `to`), P = 1 − progress
 * here, in float as xfade has it; a wipe's edge or a slide's offset is the image's width or height
 * times P (or 1 − P), truncated to a whole pixel; fade mixes each channel as from·P + to·(1 − P)
 * and truncates. A corner wipe uncovers `to` outside a rectangle of `from` shrinking into that
 * corner. A slide shows both images moving together, `from` wrapping round behind `to` until it
 * has gone; a cover moves `to` in over `from`, which stays; a reveal moves `from` away off `to`,
 * which stays. The images are premultiplied and every rule treats the four channels alike (on
 * opaque images these are xfade's RGB frames), so any byte order will do. Positions are in the
 * images' pixels, which `--scale` scales with everything else.
 */
#include "animator.h"

#include <stdio.h>
#include <string.h>

typedef enum {
    FADE, WIPE_LEFT, WIPE_RIGHT, WIPE_UP, WIPE_DOWN, SLIDE_LEFT, SLIDE_RIGHT, SLIDE_UP, SLIDE_DOWN, WIPE_TL,
    WIPE_TR, WIPE_BL, WIPE_BR, COVER_LEFT, COVER_RIGHT, COVER_UP, COVER_DOWN, REVEAL_LEFT, REVEAL_RIGHT,
    REVEAL_UP, REVEAL_DOWN, KINDS
} kind_t;

/* How a slide, cover or reveal moves the images: both, only `to`, only `from`. */
typedef enum { SLIDE, COVER, REVEAL } motion_t;

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

/* A row of two pieces: pixels [0, cut) are `left`'s from its pixel l0 on, the rest `right`'s
 * from its pixel r0 on. */
static void two_pieces(uint8_t *out, int32_t width, int32_t cut, const uint8_t *left, int32_t l0,
                       const uint8_t *right, int32_t r0) {
    memcpy(out, left + 4 * (size_t)l0, 4 * (size_t)cut);
    memcpy(out + 4 * (size_t)cut, right + 4 * (size_t)r0, 4 * (size_t)(width - cut));
}

/* A row of a motion along x by z pixels (−width ≤ z ≤ width): the output at x shows pixel x + z
 * of `to` where that lies inside the image (a reveal: pixel x), and elsewhere pixel x of `from`
 * (a cover) or pixel x + z wrapped round (a slide or reveal). */
static void motion_row(const uint8_t *a, const uint8_t *b, uint8_t *out, int32_t width, int32_t z, motion_t m) {
    if (z <= 0) /* `to` from −z on */
        two_pieces(out, width, -z, a, m == COVER ? 0 : width + z, b, m == REVEAL ? -z : 0);
    else /* `to` up to width − z */
        two_pieces(out, width, width - z, b, m == REVEAL ? 0 : z, a, m == COVER ? width - z : 0);
}

/* The source row of a motion along y by z rows for output row y, as motion_row's pixels. */
static const uint8_t *motion_source(const anim_image_t *from, const anim_image_t *to, int32_t y, int32_t z,
                                    motion_t m) {
    const int32_t zy = y + z, height = (int32_t)to->height;
    if (zy >= 0 && zy < height)
        return row(to, m == REVEAL ? y : zy);
    return row(from, m == COVER ? y : wrap(zy, height));
}

/* A corner wipe's row: `from` on x ≤ zw (left) or x > zw (!left) where the row is in the
 * rectangle, `to` elsewhere. */
static void corner_row(const uint8_t *a, const uint8_t *b, uint8_t *o, int32_t width, bool in_rows, int32_t zw,
                       bool left) {
    const int32_t edge = zw + 1 < width ? zw + 1 : width; /* 0 ≤ zw */
    if (!in_rows)
        memcpy(o, b, 4 * (size_t)width);
    else if (left)
        two_pieces(o, width, edge, a, 0, b, edge);
    else
        two_pieces(o, width, edge, b, 0, a, edge);
}

/* What a slide, cover or reveal moves. */
static motion_t motion_of(kind_t kind) {
    return kind >= COVER_LEFT && kind <= COVER_DOWN ? COVER : kind >= REVEAL_LEFT ? REVEAL : SLIDE;
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
        case SLIDE_RIGHT:
        case COVER_LEFT:
        case COVER_RIGHT:
        case REVEAL_LEFT:
        case REVEAL_RIGHT: { /* to the left: z = −P·width; to the right: P·width */
            const bool leftwards = kind == SLIDE_LEFT || kind == COVER_LEFT || kind == REVEAL_LEFT;
            motion_row(a, b, o, width, (int32_t)((leftwards ? -p : p) * (float)width), motion_of(kind));
            break;
        }
        case SLIDE_UP:
        case SLIDE_DOWN:
        case COVER_UP:
        case COVER_DOWN:
        case REVEAL_UP:
        case REVEAL_DOWN: {
            const bool upwards = kind == SLIDE_UP || kind == COVER_UP || kind == REVEAL_UP;
            const int32_t z = (int32_t)((upwards ? -p : p) * (float)height);
            memcpy(o, motion_source(from, to, y, z, motion_of(kind)), 4 * (size_t)width);
            break;
        }
        case WIPE_TL: /* `from` in the rectangle x ≤ width·P, y ≤ height·P */
        case WIPE_TR: /* `from` in x > width·(1 − P), y ≤ height·P */
        case WIPE_BL: /* `from` in x ≤ width·P, y > height·(1 − P) */
        case WIPE_BR: { /* `from` in x > width·(1 − P), y > height·(1 − P) */
            const bool top = kind == WIPE_TL || kind == WIPE_TR, left = kind == WIPE_TL || kind == WIPE_BL;
            const int32_t zw = (int32_t)((float)width * (left ? p : 1.f - p));
            const int32_t zh = (int32_t)((float)height * (top ? p : 1.f - p));
            corner_row(a, b, o, width, top ? y <= zh : y > zh, zw, left);
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
    XFADE(WIPE_TL, "wipetl", "ffmpeg xfade's wipetl: `from` shrinks into the top left corner, uncovering `to`"),
    XFADE(WIPE_TR, "wipetr", "ffmpeg xfade's wipetr: `from` shrinks into the top right corner, uncovering `to`"),
    XFADE(WIPE_BL, "wipebl", "ffmpeg xfade's wipebl: `from` shrinks into the bottom left corner, uncovering `to`"),
    XFADE(WIPE_BR, "wipebr", "ffmpeg xfade's wipebr: `from` shrinks into the bottom right corner, uncovering `to`"),
    XFADE(COVER_LEFT, "coverleft", "ffmpeg xfade's coverleft: `to` moves in from the right over `from`"),
    XFADE(COVER_RIGHT, "coverright", "ffmpeg xfade's coverright: `to` moves in from the left over `from`"),
    XFADE(COVER_UP, "coverup", "ffmpeg xfade's coverup: `to` moves in from the bottom over `from`"),
    XFADE(COVER_DOWN, "coverdown", "ffmpeg xfade's coverdown: `to` moves in from the top over `from`"),
    XFADE(REVEAL_LEFT, "revealleft", "ffmpeg xfade's revealleft: `from` moves out to the left off `to`"),
    XFADE(REVEAL_RIGHT, "revealright", "ffmpeg xfade's revealright: `from` moves out to the right off `to`"),
    XFADE(REVEAL_UP, "revealup", "ffmpeg xfade's revealup: `from` moves out at the top off `to`"),
    XFADE(REVEAL_DOWN, "revealdown", "ffmpeg xfade's revealdown: `from` moves out at the bottom off `to`"),
};

static bool xfade_init(const anim_host_t *host) {
    const anim_log_service_v1_t *log = host->get_service(host, ANIM_SERVICE_LOG, 1);
    const bool native = host->get_service(host, ANIM_SERVICE_NATIVE_PIXELS, 1) != NULL;
    for (int i = 0; i < KINDS; i++) {
        /* Every rule treats the four channels alike: take the host's own pixels where it lends them.
         * Every rule but fade copies its pixels from the two images, so two opaque ones give an
         * opaque output; fade's float products can truncate 255 to 254. */
        mixers[i].flags = (native ? ANIM_MIXER_NATIVE_PIXELS : 0) | (i == FADE ? 0 : ANIM_MIXER_KEEPS_OPAQUE);
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
    .description = "ffmpeg xfade's fade, wipes, slides, covers and reveals, by xfade's names", .init = xfade_init,
    .requirements = xfade_requirements,
};
