/*
 * xfade-fades — ffmpeg xfade's fades and distortions as mixers, under xfade's own names:
 * fadeblack, fadewhite, fadegrays, fadefast, fadeslow, distance, dissolve, pixelize, hblur,
 * smoothleft, smoothright, smoothup, smoothdown, squeezeh, squeezev, zoomin.
 *
 * Each computes what xfade computes, with xfade's float operations in xfade's order, so the
 * frames are xfade's: P = 1 − progress runs from 1 (only `from`) to 0 (only `to`), a blend
 * mix(x, y, m) is x·m + y·(1 − m) in float truncated to a byte, and positions are truncated or
 * rounded where xfade's are. The loops are written so the compiler vectorises them, and built
 * twice, for the baseline and for AVX2 (picked at run time): the same float operations in wider
 * registers give the same bytes. The images are premultiplied (on opaque images these are xfade's
 * RGB frames); every rule treats the four channels alike except the grey of fadegrays (the mean
 * of red, green and blue; alpha stays), the opaque black of fadeblack, and the colour distance
 * of distance (red, green and blue), which take the channels' places from the pixel order.
 *
 * Sizes are xfade's, relative to the image: pixelize's blocks are 2·d·min(width, height)/20
 * pixels (d the distance to the nearer end, in steps of 1/50), hblur's box 1 + width/2·2d pixels
 * wide, so under `--scale` a block or a box covers the same part of the picture (its edges fall
 * on whole image pixels). dissolve's noise is xfade's: pixel (x, y) turns when 2·frand(x, y) +
 * 2P − 1.5 drops below 0.5, frand = fract(sin(12.9898x + 78.233y)·43758.545) in float with the
 * C library's sinf; it depends on image pixels, so another scale gives another grain. It is
 * computed once per step, at create, for the image size the step renders at.
 *
 * fadegrays takes the grey as the newer xfade does; older releases (5.1 among them) start its
 * sum from an uninitialised value, so their frames differ from these by a few levels.
 */
#include "animator.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK 256 /* pixels of a row a loop takes at a time (its buffers stay in L1) */

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* A loop the compiler vectorises, built for the baseline and for AVX2, the loader picking the
 * second where the CPU has it: the same operations in wider registers, so the same bytes. GCC
 * only: clang 21 crashes emitting this file's clones (the sanitizer builds use clang, and get
 * the baseline loops). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define VECTOR_LOOP __attribute__((target_clones("avx2", "default")))
#else
#define VECTOR_LOOP
#endif

typedef enum {
    FADEBLACK, FADEWHITE, FADEGRAYS, FADEFAST, FADESLOW, DISTANCE, DISSOLVE, PIXELIZE, HBLUR,
    SMOOTHLEFT, SMOOTHRIGHT, SMOOTHUP, SMOOTHDOWN, SQUEEZEH, SQUEEZEV, ZOOMIN, KINDS
} kind_t;

typedef struct channels {
    uint32_t red, green, blue, alpha; /* byte offsets in a pixel */
} channels_t;

static channels_t native = {2, 1, 0, 3}; /* the host's own order (set by init) */
static float unit[256];                  /* v / 255 in float: xfade's sample ÷ its maximum */

typedef struct instance {
    kind_t kind;
    int32_t width, height; /* the image size `noise` was made for */
    float *noise;          /* dissolve: frand(x, y) at y·width + x; NULL: computed as needed */
} instance_t;

/* One call: the images, xfade's progress and where the channels are. */
typedef struct frame {
    const anim_image_t *from, *to, *out;
    int32_t width, height;
    float p;
    channels_t at;
    const instance_t *instance;
    int32_t *scratch; /* hblur: its running sums */
} frame_t;

static const uint8_t *row(const anim_image_t *image, int32_t y) { return image->pixels + (size_t)y * image->stride; }
static uint8_t *out_row(const frame_t *f, int32_t y) { return f->out->pixels + (size_t)y * f->out->stride; }
static int32_t least(int32_t a, int32_t b) { return a < b ? a : b; }
static uint8_t byte(float v) { return (uint8_t)(int32_t)v; } /* xfade's float-to-sample: truncation */

/* xfade's smoothstep, in its float operations. */
static float smoothstep(float edge0, float edge1, float x) {
    float t = (x - edge0) / (edge1 - edge0);
    t = t < 0.f ? 0.f : t > 1.f ? 1.f : t;
    return t * t * (3.f - 2.f * t);
}

/* xfade's pseudo-random number of a pixel, in [0, 1). */
static float frand(int32_t x, int32_t y) {
    const float r = sinf((float)x * 12.9898f + (float)y * 78.233f) * 43758.545f;
    return r - floorf(r);
}

/* --- kernels: each a loop the compiler vectorises ------------------------------------------- */

/* mix(x, y, m) over n bytes. */
VECTOR_LOOP static void blend_floats(const uint8_t *x, const uint8_t *y, uint8_t *out, size_t n, float m) {
    const float k = 1.f - m;
    for (size_t i = 0; i < n; i++)
        out[i] = byte(x[i] * m + y[i] * k);
}

/* mix(x, y, m) with one weight for all; weights 1 and 0 are exact copies. */
static void blend(const uint8_t *x, const uint8_t *y, uint8_t *out, size_t n, float m) {
    if (m == 1.f || m == 0.f)
        memcpy(out, m == 1.f ? x : y, n);
    else
        blend_floats(x, y, out, n, m);
}

/* mix(x, y, m[i]) with a weight per byte, k[i] = 1 − m[i]. */
VECTOR_LOOP static void blend_each(const uint8_t *x, const uint8_t *y, uint8_t *out, size_t n, const float *m,
                                   const float *k) {
    for (size_t i = 0; i < n; i++)
        out[i] = byte(x[i] * m[i] + y[i] * k[i]);
}

/* A fade through a background: mix(mix(a, ga, s1), mix(gb, b, s2), p). */
typedef struct through {
    float s1, k1, s2, k2, p, q; /* k = 1 − s, q = 1 − p */
} through_t;

static through_t through_weights(float p) {
    const float phase = 0.2f, s1 = smoothstep(1.f - phase, 1.f, p), s2 = smoothstep(phase, 1.f, p);
    return (through_t){s1, 1.f - s1, s2, 1.f - s2, p, 1.f - p};
}

VECTOR_LOOP static void through(const uint8_t *a, const uint8_t *ga, const uint8_t *gb, const uint8_t *b,
                                uint8_t *out, size_t n, through_t w) {
    for (size_t i = 0; i < n; i++)
        out[i] = byte((a[i] * w.s1 + ga[i] * w.k1) * w.p + (gb[i] * w.s2 + b[i] * w.k2) * w.q);
}

/* A row of hblur from the running sums of both rows (sums[i + 4] = sums[i] + row[i], then flat
 * past the row's end): each channel the mean of the box [x, x + size) cut at the row's end, of
 * `from` and of `to`, mixed. The sums are exact integers, as xfade's float running sums are. */
VECTOR_LOOP static void box_row(const int32_t *sa, const int32_t *sb, uint8_t *out, int32_t width, int32_t size,
                                float p) {
    const float q = 1.f - p, whole = (float)size;
    const int32_t reach = 4 * size, cut = 4 * (width - size + 1); /* boxes from x = width − size + 1 on are cut */
    for (int32_t i = 0; i < cut; i++)
        out[i] = byte((float)(sa[i + reach] - sa[i]) / whole * p + (float)(sb[i + reach] - sb[i]) / whole * q);
    for (int32_t i = cut; i < 4 * width; i++) {
        const float count = (float)(width - (i >> 2));
        out[i] = byte((float)(sa[i + reach] - sa[i]) / count * p + (float)(sb[i + reach] - sb[i]) / count * q);
    }
}

/* The running sums of a row of `width` pixels, per channel, into sums[0 .. 4·(width + size + 1)). */
static void running_sums(const uint8_t *pixels, int32_t *sums, int32_t width, int32_t size) {
    int32_t x = 0, run[4] = {0, 0, 0, 0};
#if defined(__SSE2__) /* four pixels a step, the four channels' sums in one register */
    const __m128i zero = _mm_setzero_si128();
    __m128i sum = zero;
    for (; x + 4 <= width; x += 4) {
        const __m128i four = _mm_loadu_si128((const __m128i *)(const void *)(pixels + 4 * x));
        const __m128i low = _mm_unpacklo_epi8(four, zero), high = _mm_unpackhi_epi8(four, zero);
        const __m128i pixel[4] = {_mm_unpacklo_epi16(low, zero), _mm_unpackhi_epi16(low, zero),
                                  _mm_unpacklo_epi16(high, zero), _mm_unpackhi_epi16(high, zero)};
        for (int k = 0; k < 4; k++) {
            _mm_storeu_si128((__m128i *)(void *)(sums + 4 * (x + k)), sum);
            sum = _mm_add_epi32(sum, pixel[k]);
        }
    }
    _mm_storeu_si128((__m128i *)(void *)run, sum);
#endif
    for (; x < width; x++)
        for (int c = 0; c < 4; c++) {
            sums[4 * x + c] = run[c];
            run[c] += pixels[4 * x + c];
        }
    for (; x <= width + size; x++)
        for (int c = 0; c < 4; c++)
            sums[4 * x + c] = run[c];
}

/* Pixels map[0 .. n) of `source` into `out`, one after another. */
static void gather(const uint8_t *source, const int32_t *map, uint8_t *out, int32_t n) {
    for (int32_t i = 0; i < n; i++)
        memcpy(out + 4 * i, source + 4 * map[i], 4);
}

/* --- transitions: rows [y0, y1) of the output ------------------------------------------------ */

typedef void transition_fn(const frame_t *f, int32_t y0, int32_t y1);

/* `through` with one background for both pictures, its terms gathered into a constant per byte:
 * a·(s1·p) + b·(k2·q) + level·(k1·p + s2·q). Two products a byte instead of six; the sums round
 * differently from xfade's by at most one level, on a few pixels. */
VECTOR_LOOP static void through_level(const uint8_t *a, const uint8_t *b, const float *level, uint8_t *out, size_t n,
                                      float wa, float wb) {
    for (size_t i = 0; i < n; i++)
        out[i] = byte(a[i] * wa + b[i] * wb + level[i]);
}

/* Through black or white: opaque, whatever the pixel order. */
static void fade_through_level(const frame_t *f, int32_t y0, int32_t y1, uint8_t level) {
    const through_t w = through_weights(f->p);
    float background[4 * CHUNK];
    for (int i = 0; i < 4 * CHUNK; i++) {
        const float value = (uint32_t)i % 4 == f->at.alpha ? 255.f : (float)level;
        background[i] = value * (w.k1 * w.p + w.s2 * w.q);
    }
    for (int32_t y = y0; y < y1; y++)
        for (int32_t x = 0; x < f->width; x += CHUNK) {
            const size_t at = 4 * (size_t)x, n = 4 * (size_t)least(CHUNK, f->width - x);
            through_level(row(f->from, y) + at, row(f->to, y) + at, background, out_row(f, y) + at, n, w.s1 * w.p,
                          w.k2 * w.q);
        }
}

static void fadeblack(const frame_t *f, int32_t y0, int32_t y1) { fade_through_level(f, y0, y1, 0); }
static void fadewhite(const frame_t *f, int32_t y0, int32_t y1) { fade_through_level(f, y0, y1, 255); }

/* n pixels as xfade's greys: the integer mean of red, green and blue in each colour; alpha kept.
 * On whole pixels: the colours' sum is the four bytes' sum less alpha, whatever their order. */
VECTOR_LOOP static void greys_of(const uint8_t *pixels, uint8_t *out, int32_t n, uint32_t alpha_mask,
                                 uint32_t alpha_shift) {
    for (int32_t i = 0; i < n; i++) {
        uint32_t v;
        memcpy(&v, pixels + 4 * i, 4);
        const uint32_t bytes = (v & 255) + (v >> 8 & 255) + (v >> 16 & 255) + (v >> 24);
        const uint32_t sum = bytes - ((v & alpha_mask) >> alpha_shift);
        const uint32_t grey = (sum / 3) * 0x01010101u;
        v = (grey & ~alpha_mask) | (v & alpha_mask);
        memcpy(out + 4 * i, &v, 4);
    }
}

static void greys(const uint8_t *pixels, uint8_t *out, int32_t n, channels_t at) {
    uint8_t bytes[4] = {0, 0, 0, 0};
    bytes[at.alpha] = 255;
    uint32_t alpha_mask, shift = 0;
    memcpy(&alpha_mask, bytes, 4);
    while (!(alpha_mask >> shift & 1))
        shift++;
    greys_of(pixels, out, n, alpha_mask, shift);
}

static void fadegrays(const frame_t *f, int32_t y0, int32_t y1) {
    uint8_t ga[4 * CHUNK], gb[4 * CHUNK];
    const through_t w = through_weights(f->p);
    for (int32_t y = y0; y < y1; y++)
        for (int32_t x = 0; x < f->width; x += CHUNK) {
            const int32_t n = least(CHUNK, f->width - x);
            const uint8_t *a = row(f->from, y) + 4 * (size_t)x, *b = row(f->to, y) + 4 * (size_t)x;
            greys(a, ga, n, f->at);
            greys(b, gb, n, f->at);
            through(a, ga, gb, b, out_row(f, y) + 4 * (size_t)x, 4 * (size_t)n, w);
        }
}

/* fadefast and fadeslow: each channel mixes with weight P^(1 + log(1 ± |a − b|/255)), so where
 * the images differ more the mix runs earlier (fast) or later (slow); one weight per difference. */
static void fade_by_difference(const frame_t *f, int32_t y0, int32_t y1, bool fast) {
    float m[256], k[256];
    const float imax = 1.f / 255.f;
    for (int d = 0; d < 256; d++) {
        m[d] = powf(f->p, 1.f + logf(fast ? 1.f + (float)d * imax : 2.f - (float)d * imax));
        k[d] = 1.f - m[d];
    }
    const size_t bytes = 4 * (size_t)f->width;
    for (int32_t y = y0; y < y1; y++) {
        const uint8_t *a = row(f->from, y), *b = row(f->to, y);
        uint8_t *o = out_row(f, y);
        for (size_t i = 0; i < bytes; i++) {
            const int d = abs(a[i] - b[i]);
            o[i] = byte(a[i] * m[d] + b[i] * k[d]);
        }
    }
}

static void fadefast(const frame_t *f, int32_t y0, int32_t y1) { fade_by_difference(f, y0, y1, true); }
static void fadeslow(const frame_t *f, int32_t y0, int32_t y1) { fade_by_difference(f, y0, y1, false); }

/* The squared distance of two pixels' colours in [0, 1] units, summed as xfade sums its planes
 * (green, blue, red). */
static float colour_distance(const uint8_t *a, const uint8_t *b, channels_t at) {
    const uint32_t order[3] = {at.green, at.blue, at.red};
    float sum = 0.f;
    for (int i = 0; i < 3; i++) {
        const float d = unit[a[order[i]]] - unit[b[order[i]]];
        sum += d * d;
    }
    return sum;
}

/* `from` where the colours lie within P of each other, else `to`, then mixed with `to` by P. */
static void distance(const frame_t *f, int32_t y0, int32_t y1) {
    uint8_t near[4 * CHUNK];
    for (int32_t y = y0; y < y1; y++)
        for (int32_t x = 0; x < f->width; x += CHUNK) {
            const int32_t n = least(CHUNK, f->width - x);
            const uint8_t *a = row(f->from, y) + 4 * (size_t)x, *b = row(f->to, y) + 4 * (size_t)x;
            for (int32_t i = 0; i < n; i++)
                memcpy(near + 4 * i, (sqrtf(colour_distance(a + 4 * i, b + 4 * i, f->at)) <= f->p ? a : b) + 4 * i, 4);
            blend(near, b, out_row(f, y) + 4 * (size_t)x, 4 * (size_t)n, f->p);
        }
}

/* A row of dissolve from its noise: pixel x is still `from`'s while 2·r[x] + 2P − 1.5 ≥ 0.5. */
VECTOR_LOOP static void dissolve_row(const uint8_t *a, const uint8_t *b, uint8_t *out, const float *r, int32_t width,
                                     float p2) {
    for (int32_t x = 0; x < width; x++) {
        uint32_t from, to;
        memcpy(&from, a + 4 * x, 4);
        memcpy(&to, b + 4 * x, 4);
        const uint32_t pixel = r[x] * 2.f + p2 - 1.5f >= 0.5f ? from : to;
        memcpy(out + 4 * x, &pixel, 4);
    }
}

static void dissolve(const frame_t *f, int32_t y0, int32_t y1) {
    const float p2 = f->p * 2.f, *noise = f->instance->noise;
    float r[CHUNK];
    for (int32_t y = y0; y < y1; y++)
        for (int32_t x = 0; x < f->width; x += CHUNK) {
            const int32_t n = least(CHUNK, f->width - x);
            if (!noise) /* made for another size, or no memory for it */
                for (int32_t i = 0; i < n; i++)
                    r[i] = frand(x + i, y);
            const size_t at = 4 * (size_t)x;
            const float *noise_row = noise ? noise + (size_t)y * (size_t)f->width + (size_t)x : r;
            dissolve_row(row(f->from, y) + at, row(f->to, y) + at, out_row(f, y) + at, noise_row, n, p2);
        }
}

/* The pixel pixelize shows for position v: the middle of v's block of `size`, at most n − 1. */
static int32_t block_middle(int32_t v, float size, int32_t n) {
    const float middle = (floorf((float)v / size) + .5f) * size;
    return (int32_t)(middle > (float)(n - 1) ? (float)(n - 1) : middle);
}

/* Both images in blocks, each the pixel at its middle, mixed by P; blocks grow to the middle of
 * the transition and shrink after. Rows of one block repeat the row above. */
static void pixelize(const frame_t *f, int32_t y0, int32_t y1) {
    const float d = fminf(f->p, 1.f - f->p), dist = ceilf(d * 50.f) / 50.f;
    const float size = 2.f * dist * (float)least(f->width, f->height) / 20.f;
    if (!(dist > 0.f)) { /* blocks of one pixel */
        for (int32_t y = y0; y < y1; y++)
            blend(row(f->from, y), row(f->to, y), out_row(f, y), 4 * (size_t)f->width, f->p);
        return;
    }
    int32_t map[CHUNK];
    for (int32_t x = 0; x < f->width; x += CHUNK) {
        const int32_t n = least(CHUNK, f->width - x);
        for (int32_t i = 0; i < n; i++)
            map[i] = block_middle(x + i, size, f->width);
        for (int32_t y = y0, previous = -1; y < y1; y++) {
            const int32_t sy = block_middle(y, size, f->height);
            uint8_t *o = out_row(f, y) + 4 * (size_t)x;
            if (sy == previous) {
                memcpy(o, out_row(f, y - 1) + 4 * (size_t)x, 4 * (size_t)n);
                continue;
            }
            previous = sy;
            for (int32_t i = 0, from = -1; i < n; i++) { /* a block's pixels are one pixel */
                if (map[i] == from) {
                    memcpy(o + 4 * i, o + 4 * (i - 1), 4);
                    continue;
                }
                from = map[i];
                const size_t at = 4 * (size_t)from;
                blend_floats(row(f->from, sy) + at, row(f->to, sy) + at, o + 4 * i, 4, f->p);
            }
        }
    }
}

/* Both images blurred by a box that widens to half their width in the middle of the transition,
 * mixed by P. The running sums come from `f->scratch`, 8·(width + size + 1) integers. */
static int32_t hblur_size(const frame_t *f) {
    const float prog = f->p <= 0.5f ? f->p * 2.f : (1.f - f->p) * 2.f;
    return (int32_t)(1.f + (float)(f->width / 2) * prog);
}

static void hblur(const frame_t *f, int32_t y0, int32_t y1) {
    const int32_t size = hblur_size(f);
    int32_t *sa = f->scratch, *sb = sa + 4 * (f->width + size + 1);
    for (int32_t y = y0; y < y1; y++) {
        running_sums(row(f->from, y), sa, f->width, size);
        running_sums(row(f->to, y), sb, f->width, size);
        box_row(sa, sb, out_row(f, y), f->width, size, f->p);
    }
}

/* smoothleft and smoothright: `to` over `from` with a weight per column, smoothstep(0, 1, s) of
 * s = 1 + x/w − 2P (left) or 1 + (w − 1 − x)/w − 2P (right). */
static void smooth_columns(const frame_t *f, int32_t y0, int32_t y1, bool left) {
    float m[4 * CHUNK], k[4 * CHUNK];
    const float w = (float)f->width;
    for (int32_t x = 0; x < f->width; x += CHUNK) {
        const int32_t n = least(CHUNK, f->width - x);
        for (int32_t i = 0; i < n; i++) {
            const float position = left ? (float)(x + i) / w : (w - 1 - (float)(x + i)) / w;
            const float s = smoothstep(0.f, 1.f, 1.f + position - f->p * 2.f);
            for (int c = 0; c < 4; c++)
                m[4 * i + c] = s, k[4 * i + c] = 1.f - s;
        }
        for (int32_t y = y0; y < y1; y++) {
            const size_t at = 4 * (size_t)x;
            blend_each(row(f->to, y) + at, row(f->from, y) + at, out_row(f, y) + at, 4 * (size_t)n, m, k);
        }
    }
}

static void smoothleft(const frame_t *f, int32_t y0, int32_t y1) { smooth_columns(f, y0, y1, true); }
static void smoothright(const frame_t *f, int32_t y0, int32_t y1) { smooth_columns(f, y0, y1, false); }

/* smoothup and smoothdown: the same with a weight per row, from y/h or (h − 1 − y)/h. */
static void smooth_rows(const frame_t *f, int32_t y0, int32_t y1, bool up) {
    const float h = (float)f->height;
    for (int32_t y = y0; y < y1; y++) {
        const float position = up ? (float)y / h : (h - 1 - (float)y) / h;
        const float s = smoothstep(0.f, 1.f, 1.f + position - f->p * 2.f);
        blend(row(f->to, y), row(f->from, y), out_row(f, y), 4 * (size_t)f->width, s);
    }
}

static void smoothup(const frame_t *f, int32_t y0, int32_t y1) { smooth_rows(f, y0, y1, true); }
static void smoothdown(const frame_t *f, int32_t y0, int32_t y1) { smooth_rows(f, y0, y1, false); }

/* Where `from`, squeezed to P of its size about the middle, covers position v of n: the position
 * it shows there (v/n − 0.5 stretched by 1/P, rounded to a pixel), or −1 where `to` shows. */
static int32_t squeezed(int32_t v, int32_t n, float p) {
    const float size = (float)n, z = .5f + ((float)v / size - .5f) / p;
    return z >= 0.f && z <= 1.f ? (int32_t)lrintf(z * (size - 1.f)) : -1;
}

static void squeezeh(const frame_t *f, int32_t y0, int32_t y1) {
    for (int32_t y = y0; y < y1; y++) {
        const int32_t sy = squeezed(y, f->height, f->p);
        memcpy(out_row(f, y), sy >= 0 ? row(f->from, sy) : row(f->to, y), 4 * (size_t)f->width);
    }
}

static void squeezev(const frame_t *f, int32_t y0, int32_t y1) {
    int32_t map[CHUNK];
    for (int32_t x = 0; x < f->width; x += CHUNK) {
        const int32_t n = least(CHUNK, f->width - x);
        for (int32_t i = 0; i < n; i++)
            map[i] = squeezed(x + i, f->width, f->p);
        for (int32_t y = y0; y < y1; y++) {
            const uint8_t *a = row(f->from, y), *b = row(f->to, y) + 4 * (size_t)x;
            uint8_t *o = out_row(f, y) + 4 * (size_t)x;
            for (int32_t i = 0; i < n; i++)
                memcpy(o + 4 * i, map[i] >= 0 ? a + 4 * (size_t)map[i] : b + 4 * (size_t)i, 4);
        }
    }
}

/* Where `from`, zoomed by 1/z about the middle, shows position v of n (xfade rounds up). */
static int32_t zoomed(int32_t v, int32_t n, float z) {
    const float size = (float)n, u = 0.5f + (((float)v / size - 0.5f) * z);
    return (int32_t)ceilf(u * (size - 1));
}

/* Over the first half `from` zooms in to its middle pixel, which then fades into `to`. */
static void zoomin(const frame_t *f, int32_t y0, int32_t y1) {
    const float zoom = smoothstep(0.5f, 1.f, f->p), s = smoothstep(0.f, 0.5f, f->p);
    int32_t map[CHUNK];
    uint8_t zoomed_row[4 * CHUNK];
    for (int32_t x = 0; x < f->width; x += CHUNK) {
        const int32_t n = least(CHUNK, f->width - x);
        for (int32_t i = 0; i < n; i++)
            map[i] = zoomed(x + i, f->width, zoom);
        for (int32_t y = y0; y < y1; y++) {
            const size_t at = 4 * (size_t)x;
            uint8_t *o = out_row(f, y) + at;
            const uint8_t *a = row(f->from, zoomed(y, f->height, zoom));
            if (s == 1.f) { /* only `from`, zoomed */
                gather(a, map, o, n);
            } else {
                gather(a, map, zoomed_row, n);
                blend(zoomed_row, row(f->to, y) + at, o, 4 * (size_t)n, s);
            }
        }
    }
}

/* --- the mixers --------------------------------------------------------------------------- */

typedef struct transition {
    const char *name, *doc;
    transition_fn *run;
} transition_t;

static const transition_t transitions[KINDS] = {
    [FADEBLACK] = {"fadeblack", "ffmpeg xfade's fadeblack: `from` fades to black, black to `to`", fadeblack},
    [FADEWHITE] = {"fadewhite", "ffmpeg xfade's fadewhite: `from` fades to white, white to `to`", fadewhite},
    [FADEGRAYS] = {"fadegrays", "ffmpeg xfade's fadegrays: `from` fades to its greys, `to`'s greys to `to`", fadegrays},
    [FADEFAST] = {"fadefast", "ffmpeg xfade's fadefast: a fade, sooner where the images differ more", fadefast},
    [FADESLOW] = {"fadeslow", "ffmpeg xfade's fadeslow: a fade, later where the images differ more", fadeslow},
    [DISTANCE] = {"distance", "ffmpeg xfade's distance: pixels of like colour turn first, through a fade", distance},
    [DISSOLVE] = {"dissolve", "ffmpeg xfade's dissolve: pixels turn one by one, in xfade's random order", dissolve},
    [PIXELIZE] = {"pixelize", "ffmpeg xfade's pixelize: a fade through blocks that grow and shrink", pixelize},
    [HBLUR] = {"hblur", "ffmpeg xfade's hblur: a fade through a horizontal blur that widens and narrows", hblur},
    [SMOOTHLEFT] = {"smoothleft", "ffmpeg xfade's smoothleft: `to` comes in from the right, softly", smoothleft},
    [SMOOTHRIGHT] = {"smoothright", "ffmpeg xfade's smoothright: `to` comes in from the left, softly", smoothright},
    [SMOOTHUP] = {"smoothup", "ffmpeg xfade's smoothup: `to` comes in from the bottom, softly", smoothup},
    [SMOOTHDOWN] = {"smoothdown", "ffmpeg xfade's smoothdown: `to` comes in from the top, softly", smoothdown},
    [SQUEEZEH] = {"squeezeh", "ffmpeg xfade's squeezeh: `from` is squeezed to a line across the middle", squeezeh},
    [SQUEEZEV] = {"squeezev", "ffmpeg xfade's squeezev: `from` is squeezed to a line down the middle", squeezev},
    [ZOOMIN] = {"zoomin", "ffmpeg xfade's zoomin: `from` zooms in to its middle while `to` fades in", zoomin},
};

/* xfade's progress: 1 at the start, 0 at the end. */
static float xfade_progress(const anim_mix_args_t *args) {
    const float p = 1.f - (float)args->progress;
    return p > 0.f ? (p < 1.f ? p : 1.f) : 0.f; /* NaN: 0, only `to` */
}

/* The image size of a render: the canvas × render_scale, rounded as the host rounds it. */
static int32_t image_size(double canvas, double scale) {
    const double size = round(canvas * (scale > 0 ? scale : 1));
    return size >= 1 && size < 1e5 ? (int32_t)size : 1;
}

/* dissolve's noise for the image size the step renders at (NULL when memory is short: then each
 * frame computes it). */
static float *make_noise(int32_t width, int32_t height) {
    float *noise = malloc((size_t)width * (size_t)height * sizeof *noise);
    for (int32_t y = 0; noise && y < height; y++)
        for (int32_t x = 0; x < width; x++)
            noise[(size_t)y * (size_t)width + (size_t)x] = frand(x, y);
    return noise;
}

static void *xfade_create(const anim_create_args_t *args, char *error, uint32_t error_size) {
    const kind_t kind = (kind_t)(intptr_t)args->user_data;
    instance_t *instance = calloc(1, sizeof *instance);
    if (!instance) {
        snprintf(error, error_size, "%s: out of memory", transitions[kind].name);
        return NULL;
    }
    instance->kind = kind;
    if (kind == DISSOLVE) {
        instance->width = image_size(args->canvas.width, args->render_scale);
        instance->height = image_size(args->canvas.height, args->render_scale);
        instance->noise = make_noise(instance->width, instance->height);
    }
    return instance;
}

static void xfade_destroy(void *opaque) {
    instance_t *instance = opaque;
    if (instance)
        free(instance->noise);
    free(instance);
}

static bool xfade_mix(const anim_mix_args_t *args, char *error, uint32_t error_size) {
    instance_t *instance = args->instance;
    const anim_image_t *from = args->from, *to = args->to, *out = args->out;
    if (!instance || instance->kind >= KINDS || out->width != from->width || out->height != from->height ||
        to->width != from->width || to->height != from->height) {
        snprintf(error, error_size, "xfade: images of different sizes");
        return false;
    }
    const channels_t rgba = {0, 1, 2, 3};
    frame_t frame = {.from = from, .to = to, .out = out, .width = (int32_t)out->width, .height = (int32_t)out->height,
                     .p = xfade_progress(args), .at = args->pixel_order == ANIM_PIXELS_NATIVE ? native : rgba,
                     .instance = instance};
    instance_t sized = *instance;
    if (instance->noise && (instance->width != frame.width || instance->height != frame.height)) {
        sized.noise = NULL; /* made for another size */
        frame.instance = &sized;
    }
    if (instance->kind == HBLUR) {
        frame.scratch = malloc(8 * ((size_t)frame.width + (size_t)hblur_size(&frame) + 1) * sizeof(int32_t));
        if (!frame.scratch) {
            snprintf(error, error_size, "hblur: out of memory for a row of %d pixels", frame.width);
            return false;
        }
    }
    transitions[instance->kind].run(&frame, (int32_t)args->row_begin, (int32_t)args->row_end);
    free(frame.scratch);
    return true;
}

/* Not const: init sets their flags. */
static anim_mixer_desc_t mixers[KINDS];

static bool xfade_init(const anim_host_t *host) {
    const anim_log_service_v1_t *log = host->get_service(host, ANIM_SERVICE_LOG, 1);
    const anim_native_pixels_v1_t *order = host->get_service(host, ANIM_SERVICE_NATIVE_PIXELS, 1);
    if (order)
        native = (channels_t){order->red, order->green, order->blue, order->alpha};
    for (int v = 0; v < 256; v++)
        unit[v] = (float)v / 255.f;
    for (int i = 0; i < KINDS; i++) {
        mixers[i] = (anim_mixer_desc_t){
            .struct_size = sizeof(anim_mixer_desc_t), .concurrency = ANIM_CONCURRENCY_REENTRANT,
            .name = transitions[i].name, .version = "1.0.0", .doc = transitions[i].doc, .create = xfade_create,
            .destroy = xfade_destroy, .mix = xfade_mix, .flags = order ? ANIM_MIXER_NATIVE_PIXELS : 0,
            .user_data = (const void *)(intptr_t)i};
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
    .plugin_id = "org.pipeline.xfade-fades", .plugin_version = "1.0.0",
    .description = "ffmpeg xfade's fades and distortions, by xfade's names", .init = xfade_init,
    .requirements = xfade_requirements,
};
