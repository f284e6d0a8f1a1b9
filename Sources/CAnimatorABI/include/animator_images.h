/* SPDX-License-Identifier: MIT */
/*
 * animator_images.h — the plugins of the pipeline animator ABI that work on images: mixers and
 * effects (ABI 1.2).
 *
 * Part of animator.h, which includes it after the types it builds on (parameters, values, create
 * arguments) and whose rules hold here too: a plugin includes animator.h, never this header alone.
 */
#pragma once

#ifndef ANIM_ABI_MAJOR
#error "animator_images.h is part of animator.h: include animator.h"
#endif

/* ---------------------------------------------------------------------------------------------
 * Mixers
 * ------------------------------------------------------------------------------------------- */

/* An image as the host lends it: premultiplied, 8 bits per channel, origin top left, `stride`
 * bytes between rows (stride >= 4 * width). Host-owned. Its pixels are RGBA bytes (R, G, B, A in
 * memory order) unless the mixer takes native pixels (ANIM_MIXER_NATIVE_PIXELS): then they are
 * in the compositor's own order, which the "native-pixels" service describes. */
typedef struct anim_image {
    uint32_t struct_size;
    uint32_t width;
    uint32_t height;
    uint32_t stride;
    uint8_t *pixels;
} anim_image_t;

typedef struct anim_mix_args {
    uint32_t struct_size;
    uint32_t param_count;
    double progress;                     /* as in anim_apply_args_t */
    double time;
    double duration;
    const anim_value_t *params;
    void *instance;
    const anim_image_t *from;            /* read only */
    const anim_image_t *to;              /* read only; same size as from */
    anim_image_t *out;                   /* write rows [row_begin, row_end) only */
    uint32_t row_begin;
    uint32_t row_end;
    /* ABI 1.1. The canvas in canvas pixels; the images are canvas × render_scale, rounded. */
    anim_size_t canvas;
    /* ABI 1.1. Image pixels per canvas pixel, as in anim_create_args_t: multiply a parameter
     * in canvas pixels (a soft edge's width) by it. Absent (a 1.0 host): 1. */
    double render_scale;
    /* ABI 1.1. ANIM_PIXELS_RGBA or ANIM_PIXELS_NATIVE: the order of from, to and out. Absent: RGBA. */
    uint32_t pixel_order;
    uint32_t reserved;                   /* 0 */
} anim_mix_args_t;

/* Byte orders of a mixer's images. */
#define ANIM_PIXELS_RGBA 0u
#define ANIM_PIXELS_NATIVE 1u

/* Flags of a mixer descriptor. */
/* The mixer reads and writes the compositor's native pixels (premultiplied, in the byte order
 * the "native-pixels" service gives), so the host hands over its own buffers without converting
 * them to RGBA and back. Set it only when that service is offered (or list it in `requirements`):
 * a host without it ignores the flag and lends RGBA images. */
#define ANIM_MIXER_NATIVE_PIXELS 1u
/* A promise the host may rely on: mixing two opaque images (every alpha 255) gives an opaque
 * output, at every progress and parameter value (a cross-dissolve, a wipe, a slide whose parts
 * come from the two images). Where the output would replace the whole frame, the host then skips
 * reading it back to find out; `pipeline check-plugin` tests the promise. A hint: a host that
 * does not know it checks the output as before, so no newer ABI is required. */
#define ANIM_MIXER_KEEPS_OPAQUE 2u

typedef struct anim_mixer_desc {
    uint32_t struct_size;
    uint32_t concurrency;                /* ANIM_CONCURRENCY_* */
    const char *name;                    /* used in pipeline files: [a-z][a-z0-9-]*, unique */
    const char *version;
    const char *doc;
    const anim_param_desc_t *params;     /* as for animators */
    uint32_t param_count;
    uint32_t reserved;
    /* create/destroy: as for animators. */
    void *(*create)(const anim_create_args_t *args, char *error, uint32_t error_size);
    void (*destroy)(void *instance);
    /* Required. Writes every pixel of rows [row_begin, row_end) of `out`, which holds anything
     * before the call (it may be the frame being composed). The host splits a frame into row
     * ranges and may call mix for different ranges and frames on several threads at once.
     * Returns false on failure after writing a reason into `error`. */
    bool (*mix)(const anim_mix_args_t *args, char *error, uint32_t error_size);
    uint32_t flags;                      /* ABI 1.1: ANIM_MIXER_* */
    uint32_t reserved2;                  /* ABI 1.1: 0 */
    /* ABI 1.2. Handed to `create` in its args' `user_data`, untouched: lets one set of functions
     * serve several registered mixers. */
    const void *user_data;
} anim_mixer_desc_t;

/* ---------------------------------------------------------------------------------------------
 * Effects (ABI 1.2)
 * ------------------------------------------------------------------------------------------- */

/* How far an effect reaches, in image pixels. The host asks for it before every call of
 * `apply` with the same parameters, and relies on it:
 *   - left, top, right, bottom: how far the output may extend beyond the input's pixels on each
 *     side (a blur spreads by about 3 sigma; a colour effect by 0). The host surrounds the
 *     layer's pixels with at least that many transparent pixels before the call (more where
 *     several effects run in a chain, or to keep an image's size from frame to frame), so `in`
 *     and `out` are larger than the layer, and whatever the effect writes outside the margins
 *     is never shown. For an effect with ANIM_EFFECT_TRANSPARENT_EDGES, the margins that could
 *     not show are left out.
 *   - read: an output pixel depends only on input pixels at most this far away in x and in y.
 *     The host uses it to decide which pixels it must supply (a backdrop is read this far
 *     beyond the layer) and which it may reuse. Pixels outside `in` do not exist: an effect
 *     clamps or treats them as transparent, as its documentation says.
 * A reach larger than ANIM_REACH_MAX is refused. Never grows (see the rules at the top). */
typedef struct anim_reach {
    uint32_t left, top, right, bottom;
    uint32_t read;
    uint32_t reserved;                   /* 0 */
} anim_reach_t;

#define ANIM_REACH_MAX 4096u

typedef struct anim_effect_args {
    uint32_t struct_size;
    uint32_t param_count;
    const anim_value_t *params;          /* in descriptor order, current values (animated ones too) */
    void *instance;                      /* what `create` returned; NULL if there is no create */
    const void *user_data;               /* the descriptor's `user_data` */
    double time;                         /* seconds since the pipeline start */
    anim_size_t canvas;                  /* the canvas in canvas pixels */
    /* Image pixels per layer unit: the render's scale times the layer's own scale, so a blur of
     * 6 on a layer drawn at twice its size, or under `--scale 2`, is 12 image pixels. Multiply
     * every parameter in pixels by it. */
    double render_scale;
    uint32_t pixel_order;                /* ANIM_PIXELS_RGBA or ANIM_PIXELS_NATIVE: the order of in and out */
    uint32_t row_begin;                  /* apply: write rows [row_begin, row_end) of out */
    uint32_t row_end;
    uint32_t reserved;                   /* 0 */
    /* apply: the layer's pixels, premultiplied, with the reach's margins around them. Read only;
     * every row may be read, whatever the row range. NULL when the host asks for the reach. */
    const anim_image_t *in;
    /* apply: the same size as in, pixel (x, y) of out lying over pixel (x, y) of in. Host-owned;
     * it holds anything before the call and never overlaps in. NULL when the host asks for the
     * reach. */
    anim_image_t *out;
} anim_effect_args_t;

/* Flags of an effect descriptor. */
/* The effect reads and writes the compositor's native pixels, as ANIM_MIXER_NATIVE_PIXELS. */
#define ANIM_EFFECT_NATIVE_PIXELS 1u
/* The effect must see whole images: the host calls `apply` once per image with every row, never
 * splitting one image between calls (frei0r filters keep scratch state per image). */
#define ANIM_EFFECT_WHOLE_IMAGE 2u
/* The effect's output depends on `time` (grain, a flicker), not only on its parameters and
 * pixels: the host then draws the layer anew every frame, as it does a video layer. Without the
 * flag the host may reuse a layer's filtered pixels from frame to frame while nothing about the
 * layer changes (a static blurred background is blurred once per render). */
#define ANIM_EFFECT_USES_TIME 4u
/* Pixels outside `in` are transparent to the effect (a blur fades into nothing there, as CSS
 * blur() does), and its output at a pixel depends on nothing but the pixels within `read` and
 * its parameters. The host may then hand it a picture cut to what can show, without the
 * transparent margins a layer reaching past the frame's edge would otherwise be given: a
 * full-frame layer is filtered at the frame's size. `pipeline check-plugin` checks the promise
 * (for an effect with an edge mode, while it is "transparent"). */
#define ANIM_EFFECT_TRANSPARENT_EDGES 8u

/* An effect's edge mode: a parameter of type ANIM_PARAM_ENUM with id "edges" and exactly the
 * choices "extend" and "transparent" (in any order), as SVG feGaussianBlur's edgeMode. With
 * "transparent", pixels outside `in` are transparent to the effect, as above. With "extend", the
 * effect reads the edge pixels of `in` wherever it reaches past them (a blurred clip keeps its
 * colours to its edges, as ffmpeg's gblur), and the host hands over exactly the picture to extend
 * (the layer's bounds, or a backdrop's box), never surrounded by margins; it clears whatever the
 * effect leaves around it. The host picks the default when the pipeline gives none: "extend" for
 * a layer showing footage or an image that covers it, and for backdrops; "transparent" otherwise.
 * The descriptor's own default is what `pipeline check-plugin` uses. */
#define ANIM_EFFECT_EDGES_PARAM "edges"

typedef struct anim_effect_desc {
    uint32_t struct_size;
    uint32_t concurrency;                /* ANIM_CONCURRENCY_* */
    const char *name;                    /* used in pipeline files: [a-z][a-z0-9-]*, unique */
    const char *version;
    const char *doc;
    const anim_param_desc_t *params;     /* as for animators */
    uint32_t param_count;
    uint32_t flags;                      /* ANIM_EFFECT_* */
    /* create/destroy: as for animators; `args->target` is the layer the effect filters, as the
     * pipeline file describes it, and `args->user_data` this descriptor's. */
    void *(*create)(const anim_create_args_t *args, char *error, uint32_t error_size);
    void (*destroy)(void *instance);
    /* Optional (NULL: the effect reaches nowhere, every margin and read 0). Writes the reach for
     * `args`, whose images are NULL and rows 0. Pure and cheap: the host calls it often, from
     * any thread. Returns false on failure after writing a reason into `error`. */
    bool (*reach)(const anim_effect_args_t *args, anim_reach_t *reach, char *error, uint32_t error_size);
    /* Required. Writes every pixel of rows [row_begin, row_end) of `out` from `in`. The host splits
     * an image into row ranges (unless ANIM_EFFECT_WHOLE_IMAGE) and may call apply for different
     * ranges, layers and frames on several threads at once; the bytes must not depend on how it
     * splits. Returns false on failure after writing a reason into `error`. */
    bool (*apply)(const anim_effect_args_t *args, char *error, uint32_t error_size);
    /* Handed back in every call's args, untouched: lets one set of functions serve several
     * registered effects. */
    const void *user_data;
} anim_effect_desc_t;
