/*
 * xfade-shapes — ffmpeg xfade's shapes, slices and winds as mixers, under xfade's own names: circlecrop,
 * rectcrop, circleopen, circleclose, vertopen, vertclose, horzopen, horzclose, radial, diagtl,
 * diagtr, diagbl, diagbr, hlslice, hrslice, vuslice, vdslice, hlwind, hrwind, vuwind, vdwind.
 *
 * Each computes what xfade computes, in float as xfade has it, so the frames are xfade's: xfade's
 * progress P runs from 1 (only `from`) down to 0 (only `to`), P = 1 − progress here; a shape gives
 * each pixel a value v from its position and P, and the pixel is xfade's mix(x, y, s) =
 * x·s + y·(1 − s) of the two images, truncated, with s = smoothstep(v) (x is `to`, y `from`, but
 * for circleopen); a slice's s is 1 where smoothstep(v) exceeds a sawtooth ten teeth across the
 * image, else 0. The crops show one image inside a shrinking or growing circle or rectangle on
 * opaque black. The winds' ragged edges are xfade's pseudo-random numbers, fract(sin(x·12.9898 +
 * y·78.233)·43758.545) of the row (hlwind, hrwind) or the column (vuwind, vdwind), computed as
 * xfade computes them, so they are the same on every run and match xfade's frames.
 *
 * Speed: s is computed once a pixel and applied to its four channels; where v is monotone along
 * a row (each half of it), the runs where s is 0 or 1 are found by bisection and copied, and only
 * the pixels between are computed. The images are premultiplied and every rule but the crops'
 * black treats the four channels alike, so any byte order will do. Positions are in the images'
 * pixels, which `--scale` scales with everything else.
 */
#include "animator.h"

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

typedef enum {
    CIRCLE_CROP, RECT_CROP, CIRCLE_OPEN, CIRCLE_CLOSE, VERT_OPEN, VERT_CLOSE, HORZ_OPEN, HORZ_CLOSE, RADIAL,
    DIAG_TL, DIAG_TR, DIAG_BL, DIAG_BR, HL_SLICE, HR_SLICE, VU_SLICE, VD_SLICE, HL_WIND, HR_WIND, VU_WIND,
    VD_WIND, KINDS
} kind_t;

#define PI 3.14159265358979323846
/* Pixels a row is worked on at a time (their weights live on the stack). */
#define CHUNK 256
/* Columns whose values mix_columns keeps at a time (a 4K image's row). */
#define COLUMNS 4096

/* One call's transition: the kind, xfade's progress and what follows from them. */
typedef struct shape {
    kind_t kind;
    float p;                /* xfade's progress: 1 at the start, 0 at the end */
    int32_t width, height;
    float w, h;             /* the same as floats */
    int32_t cx, cy;         /* the centre, width / 2 and height / 2 truncated, as xfade's */
    float radius;           /* circles: hypot(cx, cy) */
    float offset;           /* circleopen, circleclose: (P − 0.5)·3, (1 − P − 0.5)·3 */
    double turn;            /* radial: (P − 0.5)·2.5π, in double as xfade has it */
} shape_t;

/* xfade's smoothstep before its cubic: (v − e0) / (e1 − e0) clipped to [0, 1]. */
static float ramp(float e0, float e1, float v) {
    const float t = (v - e0) / (e1 - e0);
    return t < 0.f ? 0.f : t > 1.f ? 1.f : t;
}

static float cubic(float t) { return t * t * (3.f - 2.f * t); }

/* a − floor(a) for 0 ≤ a < 2³¹, where the truncation is the floor. */
static float fract(float a) { return a - (float)(int32_t)a; }

/* xfade's pseudo-random number of a pixel. */
static float noise(int32_t x, int32_t y) {
    const float r = sinf((float)x * 12.9898f + (float)y * 78.233f) * 43758.545f;
    return r - floorf(r);
}

/* A wind's ramp: its edge is position f along the wind, ragged by the random r. */
static float wind(float f, float r, float p) {
    return ramp(0.f, -0.2f, f * (1.f - 0.2f) + 0.2f * r - (1.f - p) * (1.f + 0.2f));
}

/* A slice's choice (0: `from`, 1: `to`) at position f along it. */
static float slice(float f, float tenth, float p) {
    return cubic(ramp(-0.5f, 0.f, f - p * 1.5f)) <= fract(tenth) ? 0.f : 1.f;
}

/* The value of the row's random number the horizontal winds use. */
static float row_value(const shape_t *s, int32_t y) {
    return s->kind == HL_WIND || s->kind == HR_WIND ? noise(0, y) : 0.f;
}

/* The column's value the vertical winds (its random number) and horizontal slices (the choice)
 * use. */
static float column_value(const shape_t *s, int32_t x) {
    const float f = (s->kind == HR_SLICE ? s->w - 1 - (float)x : (float)x) / s->w;
    switch (s->kind) {
    case HL_SLICE: return slice(f, 10.f * (float)x / s->w, s->p);
    case HR_SLICE: return slice(f, 10.f * f, s->p);
    default: return noise(x, 0);
    }
}

/* The ramps t in [0, 1] of pixels [x0, x0 + n) of row y, s = cubic(t) being each one's mix weight
 * of `to` (of `from` for circleopen); rv is the row's value, cv[i] pixel x0 + i's column's. */
static void ramps(const shape_t *s, int32_t y, float rv, const float *cv, int32_t x0, int32_t n, float *t) {
    const float fy = (float)y, p = s->p, w = s->w, h = s->h;
    const bool across = s->kind == VERT_OPEN || s->kind == VERT_CLOSE; /* the open/close line's half */
    const float half = (float)((across ? s->width : s->height) / 2.0);
    switch (s->kind) {
    case CIRCLE_OPEN:
    case CIRCLE_CLOSE: { /* hypotf's value, the nearest float to the distance */
        const double dy = y - s->cy;
        for (int32_t i = 0; i < n; i++) {
            const double dx = x0 + i - s->cx;
            t[i] = ramp(0.f, 1.f, (float)sqrt(dx * dx + dy * dy) / s->radius + s->offset);
        }
        return;
    }
    case RADIAL: /* the angle less the turn, in double as xfade has it */
        for (int32_t i = 0; i < n; i++)
            t[i] = ramp(0.f, 1.f, (float)((double)atan2f((float)(x0 + i - s->cx), (float)(y - s->cy)) - s->turn));
        return;
    case VERT_OPEN:
    case VERT_CLOSE: /* 2 − |x − w/2| / (w/2) − 2P, or 1 + … */
        for (int32_t i = 0; i < n; i++) {
            const float d = fabsf(((float)(x0 + i) - half) / half);
            t[i] = ramp(0.f, 1.f, s->kind == VERT_OPEN ? 2.f - d - p * 2.f : 1.f + d - p * 2.f);
        }
        return;
    case HORZ_OPEN:
    case HORZ_CLOSE: {
        const float d = fabsf((fy - half) / half);
        const float v = ramp(0.f, 1.f, s->kind == HORZ_OPEN ? 2.f - d - p * 2.f : 1.f + d - p * 2.f);
        for (int32_t i = 0; i < n; i++)
            t[i] = v;
        return;
    }
    case DIAG_TL: /* 1 + x/w · y/h − 2P, x or y counted from the corner's sides */
    case DIAG_TR:
    case DIAG_BL:
    case DIAG_BR: {
        const bool right = s->kind == DIAG_TR || s->kind == DIAG_BR, bottom = s->kind == DIAG_BL || s->kind == DIAG_BR;
        const float dy = bottom ? h - 1 - fy : fy;
        for (int32_t i = 0; i < n; i++) {
            const float dx = right ? w - 1 - (float)(x0 + i) : (float)(x0 + i);
            t[i] = ramp(0.f, 1.f, 1.f + dx / w * dy / h - p * 2.f);
        }
        return;
    }
    case VU_SLICE:
    case VD_SLICE: {
        const float f = s->kind == VU_SLICE ? fy / h : (h - 1 - fy) / h;
        const float v = slice(f, s->kind == VU_SLICE ? 10.f * fy / h : 10.f * f, p);
        for (int32_t i = 0; i < n; i++)
            t[i] = v;
        return;
    }
    case HL_WIND:
    case HR_WIND:
        for (int32_t i = 0; i < n; i++) {
            const float f = (float)(x0 + i) / (float)s->width;
            t[i] = wind(s->kind == HL_WIND ? 1.f - f : f, rv, p);
        }
        return;
    case VU_WIND:
    case VD_WIND: {
        const float f = fy / (float)s->height, along = s->kind == VU_WIND ? 1.f - f : f;
        for (int32_t i = 0; i < n; i++)
            t[i] = wind(along, cv[i], p);
        return;
    }
    default: /* the horizontal slices: their columns' choices */
        memcpy(t, cv, sizeof *t * (size_t)n);
        return;
    }
}

/* n pixels, each xfade's mix(x, y, cubic(t)) = x·m + y·(1 − m) on every channel, truncated: x
 * where t is 1, y where it is 0. Four pixels a step where SSE2 is, with the same float
 * operations in the same order, so the bytes are the same. */
static void mix_pixels(const uint8_t *x, const uint8_t *y, uint8_t *out, const float *t, int32_t n) {
    float m[CHUNK], k[CHUNK];
    for (int32_t i = 0; i < n; i++)
        m[i] = cubic(t[i]), k[i] = 1.f - m[i];
    int32_t i = 0;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    for (; i + 4 <= n; i += 4) {
        const __m128i a = _mm_loadu_si128((const __m128i *)(x + 4 * i));
        const __m128i b = _mm_loadu_si128((const __m128i *)(y + 4 * i));
        const __m128i a16[2] = {_mm_unpacklo_epi8(a, zero), _mm_unpackhi_epi8(a, zero)};
        const __m128i b16[2] = {_mm_unpacklo_epi8(b, zero), _mm_unpackhi_epi8(b, zero)};
        const __m128 ms = _mm_loadu_ps(m + i), ks = _mm_loadu_ps(k + i);
        const int only_y = _mm_movemask_ps(_mm_cmpeq_ps(ms, _mm_setzero_ps())) == 15;
        if (only_y || _mm_movemask_ps(_mm_cmpeq_ps(ks, _mm_setzero_ps())) == 15) { /* m = 0 or 1 − m = 0 */
            _mm_storeu_si128((__m128i *)(out + 4 * i), only_y ? b : a);
            continue;
        }
        __m128i pixels[4];
        for (int j = 0; j < 4; j++) { /* pixel i + j */
            const __m128i a32 = j % 2 ? _mm_unpackhi_epi16(a16[j / 2], zero) : _mm_unpacklo_epi16(a16[j / 2], zero);
            const __m128i b32 = j % 2 ? _mm_unpackhi_epi16(b16[j / 2], zero) : _mm_unpacklo_epi16(b16[j / 2], zero);
            const __m128 mj = _mm_set1_ps(m[i + j]), kj = _mm_set1_ps(k[i + j]);
            pixels[j] = _mm_cvttps_epi32(
                _mm_add_ps(_mm_mul_ps(_mm_cvtepi32_ps(a32), mj), _mm_mul_ps(_mm_cvtepi32_ps(b32), kj)));
        }
        _mm_storeu_si128((__m128i *)(out + 4 * i), _mm_packus_epi16(_mm_packs_epi32(pixels[0], pixels[1]),
                                                                     _mm_packs_epi32(pixels[2], pixels[3])));
    }
#endif
    for (; i < n; i++)
        for (int c = 0; c < 4; c++)
            out[4 * i + c] = (uint8_t)(x[4 * i + c] * m[i] + y[4 * i + c] * k[i]);
}

/* The rows of one call and the images in xfade's mix order. */
typedef struct rows {
    const shape_t *shape;
    const anim_image_t *x, *y, *out;
} rows_t;

static const uint8_t *row_of(const anim_image_t *image, int32_t y) { return image->pixels + (size_t)y * image->stride; }

/* Pixels [x0, x1) of row y, each computed. */
static void mix_span(const rows_t *r, int32_t y, float rv, int32_t x0, int32_t x1) {
    float t[CHUNK];
    for (int32_t a = x0; a < x1; a += CHUNK) {
        const int32_t n = x1 - a < CHUNK ? x1 - a : CHUNK;
        ramps(r->shape, y, rv, NULL, a, n, t);
        mix_pixels(row_of(r->x, y) + 4 * (size_t)a, row_of(r->y, y) + 4 * (size_t)a,
                   r->out->pixels + (size_t)y * r->out->stride + 4 * (size_t)a, t, n);
    }
}

/* 0 where s is 0 (`y` shows), 2 where it is 1 (`x` shows), 1 between. */
static int class_at(const shape_t *s, int32_t x, int32_t y, float rv) {
    float t;
    ramps(s, y, rv, NULL, x, 1, &t);
    return t <= 0.f ? 0 : t >= 1.f ? 2 : 1;
}

/* The first x in [a, b) whose class is c (want) or is not c (!want), where that holds from some
 * x on: the class is monotone there. */
static int32_t bisect(const shape_t *s, int32_t y, float rv, int32_t a, int32_t b, int c, bool want) {
    while (a < b) {
        const int32_t m = a + (b - a) / 2;
        if ((class_at(s, m, y, rv) == c) == want)
            b = m;
        else
            a = m + 1;
    }
    return a;
}

/* Pixels [a, b) of row y, where the shape's class is monotone: a run like a's, the pixels
 * between, a run like b − 1's. */
static void mix_monotone(const rows_t *r, int32_t y, float rv, int32_t a, int32_t b) {
    if (a >= b)
        return;
    const int first = class_at(r->shape, a, y, rv), last = class_at(r->shape, b - 1, y, rv);
    const int32_t i = bisect(r->shape, y, rv, a, b, first, false), j = bisect(r->shape, y, rv, i, b, last, true);
    const int32_t ends[3][2] = {{a, i}, {i, j}, {j, b}};
    const int classes[3] = {first, 1, last};
    uint8_t *out = r->out->pixels + (size_t)y * r->out->stride;
    for (int k = 0; k < 3; k++) {
        const int32_t x0 = ends[k][0], x1 = ends[k][1];
        if (x1 <= x0)
            continue;
        if (classes[k] == 1)
            mix_span(r, y, rv, x0, x1);
        else
            memcpy(out + 4 * (size_t)x0, row_of(classes[k] == 2 ? r->x : r->y, y) + 4 * (size_t)x0,
                   4 * (size_t)(x1 - x0));
    }
}

/* The kinds whose value changes along a row without order (the horizontal slices, the vertical
 * winds): a block of columns at a time, their values computed once for all the rows. */
static void mix_columns(const rows_t *r, int32_t y0, int32_t y1) {
    const shape_t *s = r->shape;
    float cv[COLUMNS];
    for (int32_t a = 0; a < s->width; a += COLUMNS) {
        const int32_t b = s->width - a < COLUMNS ? s->width : a + COLUMNS;
        for (int32_t x = a; x < b; x++)
            cv[x - a] = column_value(s, x);
        for (int32_t y = y0; y < y1; y++)
            for (int32_t x = a; x < b; x += CHUNK) {
                float t[CHUNK];
                const int32_t n = b - x < CHUNK ? b - x : CHUNK;
                ramps(s, y, 0.f, cv + (x - a), x, n, t);
                mix_pixels(row_of(r->x, y) + 4 * (size_t)x, row_of(r->y, y) + 4 * (size_t)x,
                           r->out->pixels + (size_t)y * r->out->stride + 4 * (size_t)x, t, n);
            }
    }
}

/* Opaque black in the pixels' byte order (init sets it). */
static uint8_t black[4] = {0, 0, 0, 255};

/* A crop's row: `image` on [x0, x1), black elsewhere. */
static void crop_row(uint8_t *out, const uint8_t *image, int32_t width, int32_t x0, int32_t x1) {
    x0 = x0 < 0 ? 0 : x0 > width ? width : x0, x1 = x1 < x0 ? x0 : x1 > width ? width : x1;
    for (int32_t x = 0; x < x0; x++)
        memcpy(out + 4 * (size_t)x, black, 4);
    memcpy(out + 4 * (size_t)x0, image + 4 * (size_t)x0, 4 * (size_t)(x1 - x0));
    for (int32_t x = x1; x < width; x++)
        memcpy(out + 4 * (size_t)x, black, 4);
}

/* circlecrop's row y: `image` where hypot(x − cx, y − cy) ≤ radius·|2P − 1|³, a run about the
 * centre whose half-width is found by bisection. */
static void circle_crop_row(const shape_t *s, uint8_t *out, const uint8_t *image, int32_t y) {
    const float z = powf(2.f * fabsf(s->p - 0.5f), 3.f) * s->radius;
    const float dy = (float)(y - s->cy);
    int32_t lo = 0, hi = s->cx > s->width - 1 - s->cx ? s->cx : s->width - 1 - s->cx; /* |dx| ≤ hi */
    if (z < hypotf(0.f, dy)) {
        crop_row(out, image, s->width, 0, 0);
        return;
    }
    while (lo < hi) { /* the largest |dx| inside */
        const int32_t m = lo + (hi - lo + 1) / 2;
        if (z < hypotf((float)m, dy))
            hi = m - 1;
        else
            lo = m;
    }
    crop_row(out, image, s->width, s->cx - lo, s->cx + lo + 1);
}

/* rectcrop's row y: `image` where |x − cx| < |P − 0.5|·width and |y − cy| < |P − 0.5|·height. */
static void rect_crop_row(const shape_t *s, uint8_t *out, const uint8_t *image, int32_t y) {
    const int32_t zw = (int32_t)(fabsf(s->p - 0.5f) * (float)s->width);
    const int32_t zh = (int32_t)(fabsf(s->p - 0.5f) * (float)s->height);
    const bool inside = abs(y - s->cy) < zh;
    crop_row(out, image, s->width, inside ? s->cx - zw + 1 : 0, inside ? s->cx + zw : 0);
}

/* The instance names the transition (its kind + 1: never NULL), from the descriptor's user_data. */
static void *shape_create(const anim_create_args_t *args, char *error, uint32_t error_size) {
    (void)error, (void)error_size;
    return (void *)((intptr_t)args->user_data + 1);
}

static void shape_destroy(void *instance) { (void)instance; }

static shape_t shape_of(const anim_mix_args_t *args) {
    const float p = 1.f - (float)args->progress;
    shape_t s = {.kind = (kind_t)((intptr_t)args->instance - 1), .p = p > 0.f ? (p < 1.f ? p : 1.f) : 0.f,
                 .width = (int32_t)args->out->width, .height = (int32_t)args->out->height};
    s.w = (float)s.width, s.h = (float)s.height, s.cx = s.width / 2, s.cy = s.height / 2;
    s.radius = hypotf((float)s.cx, (float)s.cy);
    s.offset = s.kind == CIRCLE_OPEN ? (s.p - 0.5f) * 3.f : (1.f - s.p - 0.5f) * 3.f;
    s.turn = (double)(s.p - 0.5f) * (PI * 2.5f);
    return s;
}

static bool shape_mix(const anim_mix_args_t *args, char *error, uint32_t error_size) {
    const anim_image_t *from = args->from, *to = args->to, *out = args->out;
    const shape_t s = shape_of(args);
    if (s.kind < 0 || s.kind >= KINDS || out->width != from->width || out->height != from->height ||
        to->width != from->width || to->height != from->height) {
        snprintf(error, error_size, "xfade: images of different sizes");
        return false;
    }
    const int32_t y0 = (int32_t)args->row_begin, y1 = (int32_t)args->row_end;
    const rows_t r = {.shape = &s, .x = s.kind == CIRCLE_OPEN ? from : to, .y = s.kind == CIRCLE_OPEN ? to : from,
                      .out = out};
    if (s.kind == HL_SLICE || s.kind == HR_SLICE || s.kind == VU_WIND || s.kind == VD_WIND) {
        mix_columns(&r, y0, y1);
        return true;
    }
    for (int32_t y = y0; y < y1; y++) {
        uint8_t *o = out->pixels + (size_t)y * out->stride;
        const uint8_t *shown = row_of(s.p < 0.5f ? to : from, y); /* the crops' image */
        if (s.kind == CIRCLE_CROP) {
            circle_crop_row(&s, o, shown, y);
        } else if (s.kind == RECT_CROP) {
            rect_crop_row(&s, o, shown, y);
        } else { /* each half of the row is monotone */
            const float rv = row_value(&s, y);
            mix_monotone(&r, y, rv, 0, s.cx);
            mix_monotone(&r, y, rv, s.cx, s.width);
        }
    }
    return true;
}

#define SHAPE(kind, id, text)                                                                                 \
    {.struct_size = sizeof(anim_mixer_desc_t), .concurrency = ANIM_CONCURRENCY_REENTRANT, .name = id,        \
     .version = "1.0.0", .doc = text, .create = shape_create, .destroy = shape_destroy, .mix = shape_mix, \
     .user_data = (const void *)(intptr_t)(kind)}

/* Not const: init sets their flags. */
static anim_mixer_desc_t mixers[KINDS] = {
    SHAPE(CIRCLE_CROP, "circlecrop", "ffmpeg xfade's circlecrop: a circle on black closes on `from`, opens on `to`"),
    SHAPE(RECT_CROP, "rectcrop", "ffmpeg xfade's rectcrop: a rectangle on black closes on `from`, opens on `to`"),
    SHAPE(CIRCLE_OPEN, "circleopen", "ffmpeg xfade's circleopen: `to` shows in a soft circle growing from the centre"),
    SHAPE(CIRCLE_CLOSE, "circleclose", "ffmpeg xfade's circleclose: `from` stays in a soft circle shrinking away"),
    SHAPE(VERT_OPEN, "vertopen", "ffmpeg xfade's vertopen: `to` opens from a vertical centre line outwards"),
    SHAPE(VERT_CLOSE, "vertclose", "ffmpeg xfade's vertclose: `to` closes in from the left and right sides"),
    SHAPE(HORZ_OPEN, "horzopen", "ffmpeg xfade's horzopen: `to` opens from a horizontal centre line outwards"),
    SHAPE(HORZ_CLOSE, "horzclose", "ffmpeg xfade's horzclose: `to` closes in from the top and bottom"),
    SHAPE(RADIAL, "radial", "ffmpeg xfade's radial: `to` is swept in by a soft hand turning about the centre"),
    SHAPE(DIAG_TL, "diagtl", "ffmpeg xfade's diagtl: `to` spreads from the top left corner"),
    SHAPE(DIAG_TR, "diagtr", "ffmpeg xfade's diagtr: `to` spreads from the top right corner"),
    SHAPE(DIAG_BL, "diagbl", "ffmpeg xfade's diagbl: `to` spreads from the bottom left corner"),
    SHAPE(DIAG_BR, "diagbr", "ffmpeg xfade's diagbr: `to` spreads from the bottom right corner"),
    SHAPE(HL_SLICE, "hlslice", "ffmpeg xfade's hlslice: `to` comes in vertical slices moving left"),
    SHAPE(HR_SLICE, "hrslice", "ffmpeg xfade's hrslice: `to` comes in vertical slices moving right"),
    SHAPE(VU_SLICE, "vuslice", "ffmpeg xfade's vuslice: `to` comes in horizontal slices moving up"),
    SHAPE(VD_SLICE, "vdslice", "ffmpeg xfade's vdslice: `to` comes in horizontal slices moving down"),
    SHAPE(HL_WIND, "hlwind", "ffmpeg xfade's hlwind: `to` blows in from the right behind a ragged edge moving left"),
    SHAPE(HR_WIND, "hrwind", "ffmpeg xfade's hrwind: `to` blows in from the left behind a ragged edge moving right"),
    SHAPE(VU_WIND, "vuwind", "ffmpeg xfade's vuwind: `to` blows in from the bottom behind a ragged edge moving up"),
    SHAPE(VD_WIND, "vdwind", "ffmpeg xfade's vdwind: `to` blows in from the top behind a ragged edge moving down"),
};

static bool shape_init(const anim_host_t *host) {
    const anim_log_service_v1_t *log = host->get_service(host, ANIM_SERVICE_LOG, 1);
    const anim_native_pixels_v1_t *native = host->get_service(host, ANIM_SERVICE_NATIVE_PIXELS, 1);
    if (native && native->alpha < 4) { /* the crops' black: 0 but the alpha, wherever it sits */
        memset(black, 0, sizeof black);
        black[native->alpha] = 255;
    }
    for (int i = 0; i < KINDS; i++) {
        /* Every rule treats the four channels alike, but for black: take the host's own pixels where it lends them. */
        mixers[i].flags = native ? ANIM_MIXER_NATIVE_PIXELS : 0;
        if (!host->register_mixer(host, &mixers[i])) {
            if (log)
                log->log(host, ANIM_LOG_ERROR, "the host refused an xfade mixer");
            return false;
        }
    }
    return true;
}

static const anim_requirement_t shape_requirements[] = {
    {ANIM_SERVICE_EFFECTS, 1, 0}, /* ABI 1.2: the mixers' user_data */
    {NULL, 0, 0},
};

ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
    .abi_major = ANIM_ABI_MAJOR, .abi_minor = ANIM_ABI_MINOR, .struct_size = sizeof(anim_entry_t),
    .plugin_id = "org.pipeline.xfade-shapes", .plugin_version = "1.0.0",
    .description = "ffmpeg xfade's shapes, slices and winds, by xfade's names", .init = shape_init,
    .requirements = shape_requirements,
};
