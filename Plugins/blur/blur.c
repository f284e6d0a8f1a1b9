/*
 * blur — CSS `blur(radius)`: a Gaussian blur of the layer's premultiplied pixels, of standard
 * deviation `radius`, as browsers draw it (Filter Effects 1, feGaussianBlur).
 *
 * From sigma 2 up it is the spec's approximation: three successive box blurs of size
 * d = floor(sigma·3·√(2π)/4 + 0.5) in x and in y (d odd: three boxes of d centred; d even: a box
 * of d centred half a pixel to the left, one half a pixel to the right, then one of d + 1
 * centred). Below sigma 2, where Skia (Chromium) draws a true Gaussian kernel, so does this.
 * Pixels outside the image are transparent (`edges` "transparent", as CSS), or the image's edge
 * pixels continued (`edges` "extend", as SVG's edgeMode="duplicate" and ffmpeg's gblur): the
 * host then hands over exactly the layer's picture, and a full-frame clip keeps its colours to
 * its edges. Sigma is clamped where the reach would pass ANIM_REACH_MAX (sigma ≈ 1450 image
 * pixels: the blur is flat long before).
 *
 * The three boxes are one filter: with Q the third running sum of a line of pixels, the three
 * boxes at n are (Q[m] − Q[m−3d−e]) + (Q[m−2d] − Q[m−d−e]) + 2·(Q[m−2d−e] − Q[m−d]) with
 * m = n + read and e = 1 for even d, 0 for odd d: six loads and a few additions per pixel
 * whatever the radius. The sums are exact integers (32-bit lanes wrap, harmlessly, as long as the
 * result fits), so a pixel's value does not depend on where a line's sums started: the bytes of
 * a row are the same however the host splits the image. One rounding to 8 bits between the
 * vertical and the horizontal pass (as Skia's), one at the end: each within ±1 of the exact
 * three-box result. Vertical first: the horizontal pass then runs over the call's rows only.
 *
 * Paths: SSE2 (and AVX2, or AVX-512 up to d = 128, where the CPU has it) on 32-bit lanes while
 * 255·d³ fits in 31 bits (sigma up to about 108 image pixels); the plain C below, on 64-bit
 * sums, otherwise and off x86. Every path computes the same bytes: the same exact sums,
 * normalised by the same float operations (sum · (1/d³) in float, rounded to the nearest
 * integer, ties to even).
 */
#include "animator.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define BLUR_HAS_AVX2_PATH 1
#endif

#define SMALL_SIGMA 2.0   /* below it: a true Gaussian kernel */
#define MAX_D_16 64u      /* the largest box of the AVX2 vertical pass in 16-bit lanes (see there) */
#define MAX_D_WIDE 128u   /* the largest of its wider variant (255·d fits int16; see box_wide_avx2) */
#define MAX_BOX 2731u     /* the largest box whose reach, 3·(d − 1)/2, is within ANIM_REACH_MAX */
#define STRIP 4u          /* pixels per column strip of the vertical pass */
#define AHEAD 32u         /* rows the AVX-512 vertical pass asks the cache for ahead of its reads */
#define ALIGN 64u         /* of the scratch memory and its rows: a cache line, an AVX-512 register */

typedef struct plan {
    uint32_t read;        /* how far an output pixel reads, in x and in y: every margin */
    uint32_t d, e;        /* boxes of d pixels (0: a kernel or a copy); e = 1 when d is even */
    uint32_t ring;        /* a power of two above the farthest tap, 3d + e */
    float scale;          /* 1 / the sum of the three boxes' weights, d·d·(d + e) */
    uint32_t weight[7];   /* kernel (sigma < 2): weight of the pixels k away, 2^16 in all */
} plan_t;

enum { EDGES_EXTEND = 0 }; /* the index of "extend" among the choices of `edges` (see blur_params) */

static bool extends_edges(const anim_effect_args_t *args) {
    return args->param_count > 1 && args->params[1].i == EDGES_EXTEND;
}

static double sigma_of(const anim_effect_args_t *args) {
    const double scale = args->render_scale > 0 ? args->render_scale : 1;
    const double sigma = args->param_count > 0 ? args->params[0].v[0] * scale : 0;
    return sigma > 0 ? sigma : 0; /* NaN too */
}

static void plan_make(double sigma, plan_t *p) {
    memset(p, 0, sizeof *p);
    if (sigma < SMALL_SIGMA) {
        if (!(sigma > 0))
            return; /* a copy */
        const uint32_t r = (uint32_t)ceil(3 * sigma);
        double w[7], sum = 0;
        for (uint32_t k = 0; k <= r; k++)
            sum += (k ? 2 : 1) * (w[k] = exp(-(double)(k * k) / (2 * sigma * sigma)));
        uint32_t rest = 65536;
        for (uint32_t k = r; k >= 1; k--)
            rest -= 2 * (p->weight[k] = (uint32_t)(w[k] / sum * 65536 + 0.5));
        p->weight[0] = rest;
        p->read = r;
        return;
    }
    const double box = floor(sigma * 3 * sqrt(2 * 3.14159265358979323846) / 4 + 0.5);
    const uint32_t d = box < MAX_BOX ? (uint32_t)box : MAX_BOX;
    p->d = d;
    p->e = d % 2 == 0;
    p->read = p->e ? 3 * d / 2 - 1 : 3 * (d - 1) / 2;
    p->scale = (float)(1.0 / ((double)d * d * (d + p->e)));
    for (p->ring = 1; p->ring < 3 * d + p->e + 1; p->ring *= 2) {}
}

/* Whether the sums fit 32-bit lanes: the largest result, 255·d·d·(d + e), below 2^31 (it goes
 * through a signed conversion to float). */
static bool fits_32(const plan_t *p) {
    return 255.0 * p->d * p->d * (p->d + p->e) < 2147483648.0;
}

/* sum / d·d·(d + e), rounded to the nearest (ties to even): lrintf is the conversion SSE2's
 * cvtps2dq makes, one instruction fewer than adding a half and truncating. */
static uint8_t normalise(uint64_t sum, float scale) {
    return (uint8_t)lrintf((float)sum * scale);
}

/* The smallest power of two above n: the rows of a ring that keeps a running sum's last n. */
static uint32_t power_above(uint32_t n) {
    uint32_t power = 1;
    while (power <= n)
        power *= 2;
    return power;
}

/* ---- Plain C, 64-bit sums --------------------------------------------------------------- */

/* The three boxes down columns [x0, x0 + n) (n ≤ STRIP) of `in`, rows [b, e) into `dst`.
 * `ring` holds p->ring · 4·STRIP sums. */
static void box_columns_c(const plan_t *p, const anim_image_t *in, uint32_t x0, uint32_t n, uint32_t b,
                          uint32_t e, uint8_t *dst, size_t pitch, uint64_t *ring) {
    enum { L = 4 * STRIP };
    const uint32_t d = p->d, E = p->e, mask = p->ring - 1, lanes = 4 * n;
    uint64_t q1[L] = {0}, q2[L] = {0}, q3[L] = {0};
    memset(ring, 0, (size_t)p->ring * L * sizeof *ring);
    for (uint32_t m = b > p->read ? b - p->read : 0; m < e + p->read; m++) {
        const uint8_t *src = m < in->height ? in->pixels + (size_t)m * in->stride + 4 * (size_t)x0 : NULL;
        uint64_t *q = ring + (size_t)(m & mask) * L;
        for (uint32_t l = 0; l < lanes; l++) {
            q1[l] += src ? src[l] : 0;
            q2[l] += q1[l];
            q[l] = q3[l] += q2[l];
        }
        if (m < b + p->read)
            continue;
        const uint64_t *q_d = ring + (size_t)((m - d) & mask) * L, *q_de = ring + (size_t)((m - d - E) & mask) * L;
        const uint64_t *q_2d = ring + (size_t)((m - 2 * d) & mask) * L;
        const uint64_t *q_2de = ring + (size_t)((m - 2 * d - E) & mask) * L;
        const uint64_t *q_3de = ring + (size_t)((m - 3 * d - E) & mask) * L;
        uint8_t *out = dst + (size_t)(m - p->read - b) * pitch + 4 * (size_t)x0;
        for (uint32_t l = 0; l < lanes; l++)
            out[l] = normalise((q[l] - q_3de[l]) + (q_2d[l] - q_de[l]) + 2 * (q_2de[l] - q_d[l]), p->scale);
    }
}

/* The three boxes along one row of `width` pixels. `sums` holds 4·(width + p->read + p->ring). */
static void box_row_c(const plan_t *p, const uint8_t *src, uint8_t *out, uint32_t width, uint64_t *sums) {
    const uint32_t d = p->d, E = p->e, lead = p->ring;
    uint64_t q1[4] = {0}, q2[4] = {0}, q3[4] = {0};
    memset(sums, 0, 4 * (size_t)lead * sizeof *sums);
    for (uint32_t m = 0; m < width + p->read; m++) {
        uint64_t *q = sums + 4 * (size_t)(lead + m);
        for (uint32_t c = 0; c < 4; c++) {
            q1[c] += m < width ? src[4 * m + c] : 0;
            q2[c] += q1[c];
            q[c] = q3[c] += q2[c];
        }
        if (m < p->read)
            continue;
        const uint64_t *q_d = q - 4 * d, *q_de = q - 4 * (d + E), *q_2d = q - 8 * d;
        const uint64_t *q_2de = q - 4 * (2 * d + E), *q_3de = q - 4 * (3 * d + E);
        for (uint32_t c = 0; c < 4; c++)
            out[4 * (m - p->read) + c] =
                normalise((q[c] - q_3de[c]) + (q_2d[c] - q_de[c]) + 2 * (q_2de[c] - q_d[c]), p->scale);
    }
}

/* ---- SSE2, 32-bit sums: one pixel (four channels) per register ------------------------- */

#if defined(__SSE2__)
static __m128i normalise_sse2(__m128i sum, __m128 scale) {
    return _mm_cvtps_epi32(_mm_mul_ps(_mm_cvtepi32_ps(sum), scale));
}

/* The three-box result of six taps (see the top of the file). */
#define BOX_TAPS(add, sub, q, q_d, q_de, q_2d, q_2de, q_3de) \
    add(add(sub(q, q_3de), sub(q_2d, q_de)), add(sub(q_2de, q_d), sub(q_2de, q_d)))

/* As box_columns_c for four columns; `ring` holds p->ring · 4 registers. */
static void box_columns_sse2(const plan_t *p, const anim_image_t *in, uint32_t x0, uint32_t b, uint32_t e,
                             uint8_t *dst, size_t pitch, __m128i *ring) {
    const uint32_t d = p->d, E = p->e, mask = p->ring - 1;
    const __m128 scale = _mm_set1_ps(p->scale);
    const __m128i zero = _mm_setzero_si128();
    __m128i q1[4], q2[4], q3[4];
    for (int k = 0; k < 4; k++)
        q1[k] = q2[k] = q3[k] = zero;
    memset(ring, 0, (size_t)p->ring * 4 * sizeof *ring);
    for (uint32_t m = b > p->read ? b - p->read : 0; m < e + p->read; m++) {
        const __m128i v = m < in->height
            ? _mm_loadu_si128((const __m128i *)(in->pixels + (size_t)m * in->stride + 4 * (size_t)x0)) : zero;
        const __m128i lo = _mm_unpacklo_epi8(v, zero), hi = _mm_unpackhi_epi8(v, zero);
        const __m128i x[4] = {_mm_unpacklo_epi16(lo, zero), _mm_unpackhi_epi16(lo, zero),
                              _mm_unpacklo_epi16(hi, zero), _mm_unpackhi_epi16(hi, zero)};
        __m128i *q = ring + (size_t)(m & mask) * 4;
        for (int k = 0; k < 4; k++) {
            q1[k] = _mm_add_epi32(q1[k], x[k]);
            q2[k] = _mm_add_epi32(q2[k], q1[k]);
            q[k] = q3[k] = _mm_add_epi32(q3[k], q2[k]);
        }
        if (m < b + p->read)
            continue;
        const __m128i *q_d = ring + (size_t)((m - d) & mask) * 4, *q_de = ring + (size_t)((m - d - E) & mask) * 4;
        const __m128i *q_2d = ring + (size_t)((m - 2 * d) & mask) * 4;
        const __m128i *q_2de = ring + (size_t)((m - 2 * d - E) & mask) * 4;
        const __m128i *q_3de = ring + (size_t)((m - 3 * d - E) & mask) * 4;
        __m128i y[4];
        for (int k = 0; k < 4; k++)
            y[k] = normalise_sse2(BOX_TAPS(_mm_add_epi32, _mm_sub_epi32, q[k], q_d[k], q_de[k], q_2d[k],
                                           q_2de[k], q_3de[k]), scale);
        _mm_storeu_si128((__m128i *)(dst + (size_t)(m - p->read - b) * pitch + 4 * (size_t)x0),
                         _mm_packus_epi16(_mm_packs_epi32(y[0], y[1]), _mm_packs_epi32(y[2], y[3])));
    }
}

/* As box_row_c; `sums` holds width + p->read + p->ring + 4 registers. */
static void box_row_sse2(const plan_t *p, const uint8_t *src, uint8_t *out, uint32_t width, __m128i *sums) {
    const uint32_t d = p->d, E = p->e, lead = p->ring, end = width + p->read;
    const __m128 scale = _mm_set1_ps(p->scale);
    const __m128i zero = _mm_setzero_si128();
    __m128i q1 = zero, q2 = zero, q3 = zero;
    memset(sums, 0, (size_t)lead * sizeof *sums);
    for (uint32_t m = 0; m < end; m += 4) {
        /* Four pixels a step, from a zero-padded copy at the row's end. */
        uint8_t tail[16] = {0};
        const uint8_t *pixels = src + 4 * (size_t)m;
        if (m + 4 > width) {
            if (m < width)
                memcpy(tail, pixels, 4 * (size_t)(width - m));
            pixels = tail;
        }
        const __m128i v = _mm_loadu_si128((const __m128i *)pixels);
        const __m128i lo = _mm_unpacklo_epi8(v, zero), hi = _mm_unpackhi_epi8(v, zero);
        const __m128i x[4] = {_mm_unpacklo_epi16(lo, zero), _mm_unpackhi_epi16(lo, zero),
                              _mm_unpacklo_epi16(hi, zero), _mm_unpackhi_epi16(hi, zero)};
        __m128i y[4];
        for (uint32_t k = 0; k < 4; k++) {
            __m128i *q = sums + lead + m + k;
            q1 = _mm_add_epi32(q1, x[k]);
            q2 = _mm_add_epi32(q2, q1);
            *q = q3 = _mm_add_epi32(q3, q2);
            y[k] = normalise_sse2(BOX_TAPS(_mm_add_epi32, _mm_sub_epi32, q3, q[-(ptrdiff_t)d], q[-(ptrdiff_t)(d + E)],
                                           q[-(ptrdiff_t)(2 * d)], q[-(ptrdiff_t)(2 * d + E)],
                                           q[-(ptrdiff_t)(3 * d + E)]), scale);
        }
        /* Output pixels m − read ... m + 3 − read, those inside the row. */
        const __m128i bytes = _mm_packus_epi16(_mm_packs_epi32(y[0], y[1]), _mm_packs_epi32(y[2], y[3]));
        const int64_t n = (int64_t)m - p->read;
        if (n >= 0 && n + 4 <= width) {
            _mm_storeu_si128((__m128i *)(out + 4 * n), bytes);
        } else {
            uint8_t all[16];
            _mm_storeu_si128((__m128i *)all, bytes);
            for (int64_t k = n < 0 ? -n : 0; k < 4 && n + k < width; k++)
                memcpy(out + 4 * (n + k), all + 4 * k, 4);
        }
    }
}
#endif

/* ---- AVX2, 32-bit sums: two pixels per register ---------------------------------------- */

#if defined(BLUR_HAS_AVX2_PATH)
#define AVX2 __attribute__((target("avx2")))

AVX2 static __m256i normalise_avx2(__m256i sum, __m256 scale) {
    return _mm256_cvtps_epi32(_mm256_mul_ps(_mm256_cvtepi32_ps(sum), scale));
}

/* Bytes of pixels 0 ... 3 from four lanes of 32-bit results, y[k] holding pixel 2k low and
 * pixel 2k + 1 high (of a strip) ... or pixel k of two rows (of a row pair). */
AVX2 static __m256i pack_avx2(const __m256i y[4]) {
    return _mm256_packus_epi16(_mm256_packs_epi32(y[0], y[1]), _mm256_packs_epi32(y[2], y[3]));
}

/* As box_columns_sse2 for the 2·K columns from x0 (K = 4 or 8), register k holding pixels 2k and
 * 2k + 1; `ring` holds p->ring · K registers. Rows past the image's end read a row of zeros, and
 * rows before `first` are zero in the ring only where a tap reaches them, so the loop has no test
 * but its end. For d above MAX_D_WIDE, where the running sums of box_wide_avx2 no longer fit
 * 16-bit lanes. */
AVX2 static inline __attribute__((always_inline)) void
box_ring_avx2(const plan_t *p, const anim_image_t *in, uint32_t x0, uint32_t first, uint32_t b, uint32_t e,
              uint8_t *dst, size_t pitch, __m256i *ring, const int K) {
    static const uint8_t zeros[64];
    const uint32_t d = p->d, E = p->e, mask = p->ring - 1, read = p->read;
    const uint32_t emit = b + read, last = e + read;
    const uint32_t filled = last < in->height ? last : in->height;
    const __m256 scale = _mm256_set1_ps(p->scale);
    const __m256i zero = _mm256_setzero_si256(), order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    /* The first row emitted reads back to row emit − (3d + e) (see the top). */
    for (int64_t r = (int64_t)emit - (3 * d + E); r < (int64_t)first; r++)
        memset(ring + (size_t)((uint64_t)r & mask) * K, 0, K * sizeof *ring);
    __m256i q1[8], q2[8], q3[8], y[8];
    for (int k = 0; k < K; k++)
        q1[k] = q2[k] = q3[k] = zero;
    const uint8_t *src = in->pixels + (size_t)first * in->stride + 4 * (size_t)x0;
    size_t step = in->stride;
    for (uint32_t m = first; m < last; m++, src += step) {
        if (m == filled)
            src = zeros, step = 0;
        __m256i *q = ring + (size_t)(m & mask) * K;
        for (int k = 0; k < K; k++) {
            q1[k] = _mm256_add_epi32(q1[k], _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(src + 8 * k))));
            q2[k] = _mm256_add_epi32(q2[k], q1[k]);
            q[k] = q3[k] = _mm256_add_epi32(q3[k], q2[k]);
        }
        if (m < emit)
            continue;
        const __m256i *q_d = ring + (size_t)((m - d) & mask) * K, *q_de = ring + (size_t)((m - d - E) & mask) * K;
        const __m256i *q_2d = ring + (size_t)((m - 2 * d) & mask) * K;
        const __m256i *q_2de = ring + (size_t)((m - 2 * d - E) & mask) * K;
        const __m256i *q_3de = ring + (size_t)((m - 3 * d - E) & mask) * K;
        for (int k = 0; k < K; k++)
            y[k] = normalise_avx2(BOX_TAPS(_mm256_add_epi32, _mm256_sub_epi32, q3[k], q_d[k], q_de[k], q_2d[k],
                                           q_2de[k], q_3de[k]), scale);
        /* pack_avx2 leaves pixels 0 2 4 6 | 1 3 5 7. */
        for (int k = 0; k < K; k += 4)
            _mm256_storeu_si256((__m256i *)(dst + (size_t)(m - emit) * pitch + 4 * (size_t)x0 + 8 * k),
                                _mm256_permutevar8x32_epi32(pack_avx2(y + k), order));
    }
}

/* Sixteen columns (K = 8, n = 2) where they are all there: at large d the row loop's cost is in
 * the loads of each row's line and of the ring more than in the spills of its twenty-four sums
 * (5 to 9% faster than eight columns). */
AVX2 static void box_columns_ring_avx2(const plan_t *p, const anim_image_t *in, uint32_t x0, uint32_t n,
                                       uint32_t first, uint32_t b, uint32_t e, uint8_t *dst, size_t pitch,
                                       __m256i *ring) {
    if (n == 2)
        box_ring_avx2(p, in, x0, first, b, e, dst, pitch, ring, 8);
    else
        box_ring_avx2(p, in, x0, first, b, e, dst, pitch, ring, 4);
}

/* The vertical pass on the eight columns [x0, x0 + 8) for d ≤ MAX_D_16, as box_columns_sse2
 * computes it but with the three boxes one after the other, each a running sum that adds the row
 * entering its window and subtracts the row leaving: a = Σ d input rows, b = Σ d rows of a,
 * c = Σ d + e rows of b, the same exact integers as the third sums' six taps (one filter), with
 * fewer instructions and loads a row. `a` is at most 255·d and a − a[m − d] within ±255·d, so
 * both take 16-bit lanes (sixteen a register) while d ≤ 128; b and c take 32-bit ones. Rings
 * (`ring`, at least 6·p->ring registers) keep a's last rows and b's; a row before `first` reads
 * as zeros (the sums start there), as does a row past the image. Register k of b and c holds
 * pixels 2k and 2k + 1: ten registers of running sums for the strip. The sums start at row
 * `first` (see box_strip_avx2). */
AVX2 static void box_columns_avx2(const plan_t *p, const anim_image_t *in, uint32_t x0, uint32_t first,
                                  uint32_t b, uint32_t e, uint8_t *dst, size_t pitch, __m256i *ring) {
    static const uint8_t zero_row[32];
    static const __m256i zero_sums[4];
    const uint32_t d = p->d, D = p->d + p->e, read = p->read;
    const uint32_t emit = b + read, last = e + read;
    const uint32_t filled = last < in->height ? last : in->height;
    const uint32_t ring_a = power_above(d), ring_b = power_above(D);
    __m256i *rows_a = ring, *rows_b = ring + 2 * (size_t)ring_a;
    const __m256 scale = _mm256_set1_ps(p->scale);
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    __m256i sa[2], sb[4], sc[4], y[4];
    for (int k = 0; k < 4; k++)
        sa[k / 2] = sb[k] = sc[k] = _mm256_setzero_si256();
    const uint8_t *column = in->pixels + 4 * (size_t)x0;
    for (uint32_t m = first; m < last; m++) {
        const bool left_a = m >= first + d, left_b = m >= first + D; /* a row leaves a's window, b's */
        const uint8_t *enter = m < filled ? column + (size_t)m * in->stride : zero_row;
        const uint8_t *leave = left_a && m - d < filled ? column + (size_t)(m - d) * in->stride : zero_row;
        __m256i *qa = rows_a + (size_t)(m & (ring_a - 1)) * 2, *qb = rows_b + (size_t)(m & (ring_b - 1)) * 4;
        const __m256i *qa_d = left_a ? rows_a + (size_t)((m - d) & (ring_a - 1)) * 2 : zero_sums;
        const __m256i *qb_D = left_b ? rows_b + (size_t)((m - D) & (ring_b - 1)) * 4 : zero_sums;
        for (int k = 0; k < 2; k++) {
            /* Pixels 4k ... 4k + 3: 2k and 2k + 1 in the low half, 2k + 2 and 2k + 3 in the high. */
            const __m256i x = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(enter + 16 * k)));
            const __m256i x_d = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(leave + 16 * k)));
            sa[k] = _mm256_add_epi16(sa[k], _mm256_sub_epi16(x, x_d));
            const __m256i step = _mm256_sub_epi16(sa[k], qa_d[k]);
            qa[k] = sa[k];
            sb[2 * k] = _mm256_add_epi32(sb[2 * k], _mm256_cvtepi16_epi32(_mm256_castsi256_si128(step)));
            sb[2 * k + 1] = _mm256_add_epi32(sb[2 * k + 1], _mm256_cvtepi16_epi32(_mm256_extracti128_si256(step, 1)));
        }
        for (int k = 0; k < 4; k++) {
            sc[k] = _mm256_add_epi32(sc[k], _mm256_sub_epi32(sb[k], qb_D[k]));
            qb[k] = sb[k];
        }
        if (m < emit)
            continue;
        for (int k = 0; k < 4; k++)
            y[k] = normalise_avx2(sc[k], scale);
        /* pack_avx2 leaves pixels 0 2 4 6 | 1 3 5 7. */
        _mm256_storeu_si256((__m256i *)(dst + (size_t)(m - emit) * pitch + 4 * (size_t)x0),
                            _mm256_permutevar8x32_epi32(pack_avx2(y), order));
    }
}

/* As box_columns_avx2, for MAX_D_16 < d ≤ MAX_D_WIDE, on 8·G columns from x0 (G = 1 or 2, two
 * registers of 32-bit sums per 8 columns). There, a's and b's rings and the input rows leaving
 * a's window, read again from the image d rows back, outgrow the L1 cache. Here the rows entering
 * are kept in a ring of their own, and b's ring gives way to one of b's steps (a[m] − a[m − d],
 * 16-bit like a): with e = b[m] − b[m − D] a running sum (e += step[m] − step[m − D]) and
 * c += e, the same exact integers in rings a third the size, and sixteen columns (a whole cache
 * line of each row) at once. At sigma 50 this takes 60% of the ring kernel's time; below
 * MAX_D_16, box_columns_avx2 is faster. */
AVX2 static inline __attribute__((always_inline)) void
box_wide_avx2(const plan_t *p, const anim_image_t *in, uint32_t x0, uint32_t first, uint32_t b, uint32_t e,
              uint8_t *dst, size_t pitch, __m256i *ring, const int G) {
    const uint32_t d = p->d, D = p->d + p->e, read = p->read;
    const uint32_t emit = b + read, last = e + read;
    const uint32_t filled = last < in->height ? last : in->height;
    const uint32_t ring_a = power_above(d), ring_b = power_above(D);
    __m256i *rows_in = ring, *rows_a = ring + G * (size_t)ring_a, *steps = rows_a + 2 * G * (size_t)ring_a;
    const __m256 scale = _mm256_set1_ps(p->scale);
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7), zero = _mm256_setzero_si256();
    __m256i sa[4], se[8], sc[8], y[8];
    for (int k = 0; k < 4 * G; k++)
        sa[k / 2] = se[k] = sc[k] = zero;
    const uint8_t *column = in->pixels + 4 * (size_t)x0;
    for (uint32_t m = first; m < last; m++) {
        const bool left_a = m >= first + d, left_b = m >= first + D; /* a row leaves a's window, b's */
        __m128i enter[4], leave[4];
        for (int g = 0; g < G; g++) {
            const __m256i x =
                m < filled ? _mm256_loadu_si256((const __m256i *)(column + (size_t)m * in->stride + 32 * g)) : zero;
            const __m256i x_d = left_a ? rows_in[(size_t)((m - d) & (ring_a - 1)) * G + g] : zero;
            rows_in[(size_t)(m & (ring_a - 1)) * G + g] = x;
            enter[2 * g] = _mm256_castsi256_si128(x), enter[2 * g + 1] = _mm256_extracti128_si256(x, 1);
            leave[2 * g] = _mm256_castsi256_si128(x_d), leave[2 * g + 1] = _mm256_extracti128_si256(x_d, 1);
        }
        __m256i *qa = rows_a + (size_t)(m & (ring_a - 1)) * 2 * G;
        __m256i *qs = steps + (size_t)(m & (ring_b - 1)) * 2 * G;
        const __m256i *qa_d = rows_a + (size_t)((m - d) & (ring_a - 1)) * 2 * G;
        const __m256i *qs_D = steps + (size_t)((m - D) & (ring_b - 1)) * 2 * G;
        for (int k = 0; k < 2 * G; k++) {
            /* Pixels 4k ... 4k + 3, as in box_columns_avx2. */
            const __m256i x = _mm256_cvtepu8_epi16(enter[k]), x_d = _mm256_cvtepu8_epi16(leave[k]);
            sa[k] = _mm256_add_epi16(sa[k], _mm256_sub_epi16(x, x_d));
            const __m256i step = _mm256_sub_epi16(sa[k], left_a ? qa_d[k] : zero);
            const __m256i gone = left_b ? qs_D[k] : zero;
            qa[k] = sa[k];
            qs[k] = step;
            for (int h = 0; h < 2; h++) {
                const __m128i now = h ? _mm256_extracti128_si256(step, 1) : _mm256_castsi256_si128(step);
                const __m128i then = h ? _mm256_extracti128_si256(gone, 1) : _mm256_castsi256_si128(gone);
                se[2 * k + h] = _mm256_add_epi32(
                    se[2 * k + h], _mm256_sub_epi32(_mm256_cvtepi16_epi32(now), _mm256_cvtepi16_epi32(then)));
            }
        }
        for (int k = 0; k < 4 * G; k++)
            sc[k] = _mm256_add_epi32(sc[k], se[k]);
        if (m < emit)
            continue;
        for (int k = 0; k < 4 * G; k++)
            y[k] = normalise_avx2(sc[k], scale);
        /* pack_avx2 leaves pixels 0 2 4 6 | 1 3 5 7. */
        for (int g = 0; g < G; g++)
            _mm256_storeu_si256((__m256i *)(dst + (size_t)(m - emit) * pitch + 4 * (size_t)x0 + 32 * g),
                                _mm256_permutevar8x32_epi32(pack_avx2(y + 4 * g), order));
    }
}

AVX2 static void box_columns_wide_avx2(const plan_t *p, const anim_image_t *in, uint32_t x0, uint32_t n,
                                       uint32_t first, uint32_t b, uint32_t e, uint8_t *dst, size_t pitch,
                                       __m256i *ring) {
    if (n == 2)
        box_wide_avx2(p, in, x0, first, b, e, dst, pitch, ring, 2);
    else
        box_wide_avx2(p, in, x0, first, b, e, dst, pitch, ring, 1);
}

/* The first row of [first, filled) whose 8·n pixels from x0 are not all zeros; filled if none. */
AVX2 static uint32_t first_ink_avx2(const anim_image_t *in, uint32_t x0, uint32_t n, uint32_t first,
                                    uint32_t filled) {
    const uint8_t *row = in->pixels + (size_t)first * in->stride + 4 * (size_t)x0;
    for (; first < filled; first++, row += in->stride) {
        __m256i v = _mm256_loadu_si256((const __m256i *)row);
        for (uint32_t k = 1; k < n; k++)
            v = _mm256_or_si256(v, _mm256_loadu_si256((const __m256i *)(row + 32 * k)));
        if (!_mm256_testz_si256(v, v))
            break;
    }
    return first;
}

/* Rows [b, e) of the vertical pass on the 8·n columns from x0 (n = 2 only above MAX_D_16). The
 * host may surround a layer with transparent pixels (a blur's margins), which sum to zero: a strip's
 * sums start at its first row with anything in it (or where its first output needs them, if
 * sooner: the same exact sums, as any start before an output's reach), and a strip with nothing
 * within reach of the rows (a margin's columns) is zeros. */
AVX2 static void box_strip_avx2(const plan_t *p, const anim_image_t *in, uint32_t x0, uint32_t n, uint32_t b,
                                uint32_t e, uint8_t *dst, size_t pitch, __m256i *ring) {
    const uint32_t read = p->read, first = b > read ? b - read : 0, last = e + read;
    const uint32_t filled = last < in->height ? last : in->height;
    const uint32_t ink = first_ink_avx2(in, x0, n, first, filled);
    if (ink == filled) {
        for (uint32_t y = b; y < e; y++)
            memset(dst + (size_t)(y - b) * pitch + 4 * (size_t)x0, 0, 32 * (size_t)n);
        return;
    }
    const uint32_t start = ink < b + read ? ink : b + read;
    if (p->d <= MAX_D_16)
        box_columns_avx2(p, in, x0, start, b, e, dst, pitch, ring);
    else if (p->d <= MAX_D_WIDE)
        box_columns_wide_avx2(p, in, x0, n, start, b, e, dst, pitch, ring);
    else
        box_columns_ring_avx2(p, in, x0, n, start, b, e, dst, pitch, ring);
}

/* As box_row_sse2 for two rows at once, row a in the low half of each register and row b in
 * the high half. The rows' leading transparent pixels (the host's margin) sum to zero: the sums
 * start at the first four pixels with anything in either row, and the outputs that reach no
 * further are zeros. */
AVX2 static void box_rows_avx2(const plan_t *p, const uint8_t *src_a, const uint8_t *src_b, uint8_t *out_a,
                               uint8_t *out_b, uint32_t width, __m256i *sums) {
    const uint32_t d = p->d, E = p->e, lead = p->ring, end = width + p->read;
    const __m256 scale = _mm256_set1_ps(p->scale);
    const __m256i zero = _mm256_setzero_si256();
    __m256i q1 = zero, q2 = zero, q3 = zero;
    uint32_t start = 0;
    while (start + 4 <= width &&
           _mm_testz_si128(_mm_or_si128(_mm_loadu_si128((const __m128i *)(src_a + 4 * (size_t)start)),
                                        _mm_loadu_si128((const __m128i *)(src_b + 4 * (size_t)start))),
                           _mm_set1_epi8(-1)))
        start += 4;
    if (start > p->read) {
        memset(out_a, 0, 4 * (size_t)(start - p->read));
        memset(out_b, 0, 4 * (size_t)(start - p->read));
    }
    memset(sums, 0, (size_t)lead * sizeof *sums);
    for (uint32_t m = start; m < end; m += 4) {
        uint8_t tail_a[16] = {0}, tail_b[16] = {0};
        const uint8_t *a = src_a + 4 * (size_t)m, *b = src_b + 4 * (size_t)m;
        if (m + 4 > width) {
            if (m < width) {
                memcpy(tail_a, a, 4 * (size_t)(width - m));
                memcpy(tail_b, b, 4 * (size_t)(width - m));
            }
            a = tail_a, b = tail_b;
        }
        const __m128i va = _mm_loadu_si128((const __m128i *)a), vb = _mm_loadu_si128((const __m128i *)b);
        const __m128i lo = _mm_unpacklo_epi32(va, vb), hi = _mm_unpackhi_epi32(va, vb);
        const __m256i x[4] = {_mm256_cvtepu8_epi32(lo), _mm256_cvtepu8_epi32(_mm_srli_si128(lo, 8)),
                              _mm256_cvtepu8_epi32(hi), _mm256_cvtepu8_epi32(_mm_srli_si128(hi, 8))};
        __m256i y[4];
        for (uint32_t k = 0; k < 4; k++) {
            __m256i *q = sums + lead + (m - start) + k;
            q1 = _mm256_add_epi32(q1, x[k]);
            q2 = _mm256_add_epi32(q2, q1);
            *q = q3 = _mm256_add_epi32(q3, q2);
            y[k] = normalise_avx2(BOX_TAPS(_mm256_add_epi32, _mm256_sub_epi32, q3, q[-(ptrdiff_t)d],
                                           q[-(ptrdiff_t)(d + E)], q[-(ptrdiff_t)(2 * d)],
                                           q[-(ptrdiff_t)(2 * d + E)], q[-(ptrdiff_t)(3 * d + E)]), scale);
        }
        /* Low half: row a's pixels m − read ... m + 3 − read; high half: row b's. */
        const __m256i bytes = pack_avx2(y);
        const int64_t n = (int64_t)m - p->read;
        if (n >= 0 && n + 4 <= width) {
            _mm_storeu_si128((__m128i *)(out_a + 4 * n), _mm256_castsi256_si128(bytes));
            _mm_storeu_si128((__m128i *)(out_b + 4 * n), _mm256_extracti128_si256(bytes, 1));
        } else {
            uint8_t all[32];
            _mm256_storeu_si256((__m256i *)all, bytes);
            for (int64_t k = n < 0 ? -n : 0; k < 4 && n + k < width; k++) {
                memcpy(out_a + 4 * (n + k), all + 4 * k, 4);
                memcpy(out_b + 4 * (n + k), all + 16 + 4 * k, 4);
            }
        }
    }
}
#endif

/* ---- AVX-512, 32-bit sums: four pixels or four rows per register ------------------------- */

/* As the AVX2 kernels, at twice the width (AVX-512F and BW): where the CPU executes 512-bit
 * operations at full width, each step does twice the work for the same instructions. Sums and
 * normalisation are the same operations lane for lane, so the bytes are those of the other
 * paths. Every load and store of a register is unaligned: the rings and sums are 64-byte aligned
 * (see ALIGN), the image's rows need not be. */
#if defined(BLUR_HAS_AVX2_PATH)
#define AVX512 __attribute__((target("avx512f,avx512bw")))

AVX512 static __m512i normalise_avx512(__m512i sum, __m512 scale) {
    return _mm512_cvtps_epi32(_mm512_mul_ps(_mm512_cvtepi32_ps(sum), scale));
}

/* Bytes of the pixels of four registers of 32-bit results, 128-bit lane i of y[j] holding
 * pixel 4j + i (of a strip). The packs leave, in lane i, pixels i, 4 + i, 8 + i and 12 + i. */
AVX512 static __m512i pack_strip_avx512(const __m512i y[4]) {
    const __m512i order = _mm512_setr_epi32(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
    const __m512i bytes = _mm512_packus_epi16(_mm512_packs_epi32(y[0], y[1]), _mm512_packs_epi32(y[2], y[3]));
    return _mm512_permutexvar_epi32(order, bytes);
}

/* The vertical pass on the sixteen columns [x0, x0 + 16) for d ≤ MAX_D_WIDE: a whole cache line
 * of each row. As box_columns_avx2, a = Σ d input rows in 16-bit lanes (two registers); of b,
 * only its steps a[m] − a[m − d] are kept, 16-bit like a (as box_wide_avx2 keeps them), with
 * f = b[m] − b[m − D] = Σ D steps, a running sum: f changes by step[m] − step[m − D], within
 * ±2·255·d, which fits 16-bit lanes too while d ≤ MAX_D_16 (`narrow`), else is taken in 32-bit
 * lanes. c += f. The same exact integers, with four registers of 32-bit sums for f and c each,
 * register k holding pixels 4k ... 4k + 3 in order.
 *
 * One ring (`ring`, power_above(d + e) rows of five registers: 20 KB at sigma 20) keeps each
 * row's input line, a and the step, so that the row leaving a's window is read from the ring
 * rather than again from the image, d rows (pages) back: a fifth less time for the whole blur at
 * sigma 20 and 50. The rows entering come from the L3 cache or memory, each a cache line in
 * another page, where the hardware's prefetchers do not follow: the loop asks for the row AHEAD
 * rows down (an eighth less time for the whole blur at sigma 20). Rows before `first` and past
 * the image read as zeros; so do the ring's rows before `first`, zeroed where a tap reaches
 * them, so that the loop tests nothing but whether a row is in the image. */
AVX512 static inline __attribute__((always_inline)) void
box_columns_avx512(const plan_t *p, const anim_image_t *in, uint32_t x0, uint32_t first, uint32_t b, uint32_t e,
                   uint8_t *dst, size_t pitch, __m512i *ring, const bool narrow) {
    const uint32_t d = p->d, D = p->d + p->e, read = p->read;
    const uint32_t emit = b + read, last = e + read;
    const uint32_t filled = last < in->height ? last : in->height;
    const uint32_t mask = power_above(D) - 1;
    /* A ring row: the input row's 64 bytes, a's two registers, the step's two. */
    enum { ROW = 5 };
    for (uint32_t r = first - D; r != first; r++)
        memset(ring + (size_t)(r & mask) * ROW, 0, ROW * sizeof *ring);
    const __m512 scale = _mm512_set1_ps(p->scale);
    const __m512i zero = _mm512_setzero_si512();
    __m512i sa[2] = {zero, zero}, ss[2] = {zero, zero}, sf[4], sc[4], y[4];
    for (int k = 0; k < 4; k++)
        sf[k] = sc[k] = zero;
    const size_t stride = in->stride;
    const uint8_t *column = in->pixels + 4 * (size_t)x0;
    for (uint32_t m = first; m < last; m++) {
        if (m + AHEAD < filled)
            _mm_prefetch((const char *)(column + (size_t)(m + AHEAD) * stride), _MM_HINT_T0);
        __m512i *q = ring + (size_t)(m & mask) * ROW;
        const __m512i *q_d = ring + (size_t)((m - d) & mask) * ROW, *q_D = ring + (size_t)((m - D) & mask) * ROW;
        const __m512i row = m < filled ? _mm512_loadu_si512(column + (size_t)m * stride) : zero;
        const __m512i row_d = _mm512_loadu_si512(q_d);
        _mm512_storeu_si512(q, row);
        for (int k = 0; k < 2; k++) {
            /* Pixels 8k ... 8k + 7: the low half of the change goes to f's register 2k, the high to
             * 2k + 1. */
            const __m256i line = k ? _mm512_extracti64x4_epi64(row, 1) : _mm512_castsi512_si256(row);
            const __m256i line_d = k ? _mm512_extracti64x4_epi64(row_d, 1) : _mm512_castsi512_si256(row_d);
            const __m512i x = _mm512_cvtepu8_epi16(line), x_d = _mm512_cvtepu8_epi16(line_d);
            sa[k] = _mm512_add_epi16(sa[k], _mm512_sub_epi16(x, x_d));
            ss[k] = _mm512_sub_epi16(sa[k], _mm512_loadu_si512(q_d + 1 + k));
            const __m512i gone = _mm512_loadu_si512(q_D + 3 + k);
            _mm512_storeu_si512(q + 1 + k, sa[k]);
            _mm512_storeu_si512(q + 3 + k, ss[k]);
            if (narrow) {
                const __m512i change = _mm512_sub_epi16(ss[k], gone);
                sf[2 * k] = _mm512_add_epi32(sf[2 * k], _mm512_cvtepi16_epi32(_mm512_castsi512_si256(change)));
                sf[2 * k + 1] =
                    _mm512_add_epi32(sf[2 * k + 1], _mm512_cvtepi16_epi32(_mm512_extracti64x4_epi64(change, 1)));
            } else {
                for (int h = 0; h < 2; h++) {
                    const __m256i now = h ? _mm512_extracti64x4_epi64(ss[k], 1) : _mm512_castsi512_si256(ss[k]);
                    const __m256i then = h ? _mm512_extracti64x4_epi64(gone, 1) : _mm512_castsi512_si256(gone);
                    sf[2 * k + h] = _mm512_add_epi32(
                        sf[2 * k + h], _mm512_sub_epi32(_mm512_cvtepi16_epi32(now), _mm512_cvtepi16_epi32(then)));
                }
            }
        }
        for (int k = 0; k < 4; k++)
            sc[k] = _mm512_add_epi32(sc[k], sf[k]);
        if (m < emit)
            continue;
        for (int k = 0; k < 4; k++)
            y[k] = normalise_avx512(sc[k], scale);
        _mm512_storeu_si512(dst + (size_t)(m - emit) * pitch + 4 * (size_t)x0, pack_strip_avx512(y));
    }
}

/* As box_strip_avx2 for the sixteen columns from x0, d ≤ MAX_D_WIDE. */
AVX512 static void box_strip_avx512(const plan_t *p, const anim_image_t *in, uint32_t x0, uint32_t b, uint32_t e,
                                    uint8_t *dst, size_t pitch, __m512i *ring) {
    const uint32_t read = p->read, first = b > read ? b - read : 0, last = e + read;
    const uint32_t filled = last < in->height ? last : in->height;
    const uint32_t ink = first_ink_avx2(in, x0, 2, first, filled);
    if (ink == filled) {
        for (uint32_t y = b; y < e; y++)
            memset(dst + (size_t)(y - b) * pitch + 4 * (size_t)x0, 0, 64);
        return;
    }
    const uint32_t start = ink < b + read ? ink : b + read;
    if (p->d <= MAX_D_16)
        box_columns_avx512(p, in, x0, start, b, e, dst, pitch, ring, true);
    else
        box_columns_avx512(p, in, x0, start, b, e, dst, pitch, ring, false);
}

/* As box_rows_avx2 for the four rows from `src` (`pitch` bytes apart) into those from `out`
 * (`stride` apart), at once: 128-bit lane r of each register holds row r's pixel. The four pixels
 * loaded from each row at a step are spread to 32-bit lanes by one in-lane byte shuffle each.
 * `sums` holds width + p->read + p->ring + 4 registers. Each tap has a pointer of its own, moving
 * with the sums (offsets from one pointer, GCC kept on the stack and reloaded at every tap). */
AVX512 static void box_rows_avx512(const plan_t *p, const uint8_t *src, size_t pitch, uint8_t *out, size_t stride,
                                   uint32_t width, __m512i *sums) {
    const uint32_t end = width + p->read;
    const __m512 scale = _mm512_set1_ps(p->scale);
    const __m512i zero = _mm512_setzero_si512();
    __m512i q1 = zero, q2 = zero, q3 = zero, spread[4];
    /* Pixel k's byte c to lane c's low byte; control bytes with the top bit set write zeros. */
    for (int k = 0; k < 4; k++)
        spread[k] = _mm512_set4_epi32((int)(0x80808000u | (4u * k + 3)), (int)(0x80808000u | (4u * k + 2)),
                                      (int)(0x80808000u | (4u * k + 1)), (int)(0x80808000u | (4u * k)));
    uint32_t start = 0;
    while (start + 4 <= width) {
        __m128i any = _mm_setzero_si128();
        for (int r = 0; r < 4; r++)
            any = _mm_or_si128(any, _mm_loadu_si128((const __m128i *)(src + r * pitch + 4 * (size_t)start)));
        if (!_mm_testz_si128(any, any))
            break;
        start += 4;
    }
    if (start > p->read)
        for (int r = 0; r < 4; r++)
            memset(out + r * stride, 0, 4 * (size_t)(start - p->read));
    /* Sums before the first are zeros (see box_rows_avx2). */
    memset(sums, 0, (size_t)p->ring * sizeof *sums);
    /* The sums at m and at each tap back (see the top of the file). */
    __m512i *q = sums + p->ring;
    const __m512i *q_d = q - p->d, *q_de = q_d - p->e, *q_2d = q_d - p->d, *q_2de = q_2d - p->e;
    const __m512i *q_3de = q_2de - p->d;
    for (uint32_t m = start; m < end; m += 4, q += 4, q_d += 4, q_de += 4, q_2d += 4, q_2de += 4, q_3de += 4) {
        __m128i v[4];
        if (m + 4 <= width) {
            for (int r = 0; r < 4; r++)
                v[r] = _mm_loadu_si128((const __m128i *)(src + r * pitch + 4 * (size_t)m));
        } else {
            /* Four pixels a step, from a zero-padded copy at the row's end. */
            for (int r = 0; r < 4; r++) {
                uint8_t tail[16] = {0};
                if (m < width)
                    memcpy(tail, src + r * pitch + 4 * (size_t)m, 4 * (size_t)(width - m));
                v[r] = _mm_loadu_si128((const __m128i *)tail);
            }
        }
        const __m512i rows = _mm512_inserti32x4(
            _mm512_inserti32x4(_mm512_inserti32x4(_mm512_castsi128_si512(v[0]), v[1], 1), v[2], 2), v[3], 3);
        __m512i y[4];
        for (uint32_t k = 0; k < 4; k++) {
            q1 = _mm512_add_epi32(q1, _mm512_shuffle_epi8(rows, spread[k]));
            q2 = _mm512_add_epi32(q2, q1);
            q3 = _mm512_add_epi32(q3, q2);
            _mm512_storeu_si512(q + k, q3);
            y[k] = normalise_avx512(BOX_TAPS(_mm512_add_epi32, _mm512_sub_epi32, q3, _mm512_loadu_si512(q_d + k),
                                             _mm512_loadu_si512(q_de + k), _mm512_loadu_si512(q_2d + k),
                                             _mm512_loadu_si512(q_2de + k), _mm512_loadu_si512(q_3de + k)),
                                    scale);
        }
        /* Lane r: row r's pixels m − read ... m + 3 − read. */
        const __m512i bytes = _mm512_packus_epi16(_mm512_packs_epi32(y[0], y[1]), _mm512_packs_epi32(y[2], y[3]));
        const int64_t n = (int64_t)m - p->read;
        if (n >= 0 && n + 4 <= width) {
            _mm_storeu_si128((__m128i *)(out + 4 * n), _mm512_castsi512_si128(bytes));
            _mm_storeu_si128((__m128i *)(out + stride + 4 * n), _mm512_extracti32x4_epi32(bytes, 1));
            _mm_storeu_si128((__m128i *)(out + 2 * stride + 4 * n), _mm512_extracti32x4_epi32(bytes, 2));
            _mm_storeu_si128((__m128i *)(out + 3 * stride + 4 * n), _mm512_extracti32x4_epi32(bytes, 3));
        } else {
            uint8_t all[64];
            _mm512_storeu_si512(all, bytes);
            for (int64_t k = n < 0 ? -n : 0; k < 4 && n + k < width; k++)
                for (int r = 0; r < 4; r++)
                    memcpy(out + r * stride + 4 * (n + k), all + 16 * r + 4 * k, 4);
        }
    }
}
#endif

/* ---- The kernel below sigma 2 (plain C the compiler vectorises) ------------------------- */

/* acc[i] += w·(a[i] + b[i]) over `lanes` bytes: the kernel's weight w for the two pixels k away
 * on either side (b = NULL: the centre, once). The one loop both kernel passes spend their time
 * in, compiled twice: for the baseline and for AVX2, the same integers either way. */
static inline void taps_add(uint32_t *acc, const uint8_t *a, const uint8_t *b, uint32_t w, size_t lanes) {
    if (b)
        for (size_t i = 0; i < lanes; i++)
            acc[i] += w * (uint32_t)(uint16_t)(a[i] + b[i]);
    else
        for (size_t i = 0; i < lanes; i++)
            acc[i] += w * (uint32_t)a[i];
}

static void taps_add_base(uint32_t *acc, const uint8_t *a, const uint8_t *b, uint32_t w, size_t lanes) {
    taps_add(acc, a, b, w, lanes);
}

#if defined(BLUR_HAS_AVX2_PATH)
AVX2 static void taps_add_avx2(uint32_t *acc, const uint8_t *a, const uint8_t *b, uint32_t w, size_t lanes) {
    taps_add(acc, a, b, w, lanes);
}
#endif

typedef void taps_add_fn(uint32_t *, const uint8_t *, const uint8_t *, uint32_t, size_t);

/* out[i] = the sum rounded from 16 fractional bits. */
static void taps_store(const uint32_t *acc, uint8_t *out, size_t lanes) {
    for (size_t i = 0; i < lanes; i++)
        out[i] = (uint8_t)((acc[i] + 32768) >> 16);
}

/* Rows [b, e) of the vertical kernel into `dst`; `acc` holds 4·width sums. */
static void kernel_columns(const plan_t *p, const anim_image_t *in, uint32_t b, uint32_t e, uint8_t *dst,
                           size_t pitch, uint32_t *acc, taps_add_fn *add) {
    const size_t lanes = 4 * (size_t)in->width;
    for (uint32_t n = b; n < e; n++) {
        add(memset(acc, 0, lanes * sizeof *acc), in->pixels + (size_t)n * in->stride, NULL, p->weight[0], lanes);
        for (uint32_t k = 1; k <= p->read; k++) {
            const bool above = n >= k, below = n + k < in->height;
            if (above || below)
                add(acc, in->pixels + (size_t)(above ? n - k : n + k) * in->stride,
                    above && below ? in->pixels + (size_t)(n + k) * in->stride : NULL, p->weight[k], lanes);
        }
        taps_store(acc, dst + (size_t)(n - b) * pitch, lanes);
    }
}

/* One row of the horizontal kernel; `padded` holds 4·(width + 2·read) bytes, `acc` 4·width sums. */
static void kernel_row(const plan_t *p, const uint8_t *src, uint8_t *out, uint32_t width, uint8_t *padded,
                       uint32_t *acc, taps_add_fn *add) {
    const size_t lanes = 4 * (size_t)width, r = p->read;
    memset(padded, 0, 4 * r);
    memcpy(padded + 4 * r, src, lanes);
    memset(padded + 4 * r + lanes, 0, 4 * r);
    add(memset(acc, 0, lanes * sizeof *acc), padded + 4 * r, NULL, p->weight[0], lanes);
    for (size_t k = 1; k <= r; k++)
        add(acc, padded + 4 * (r - k), padded + 4 * (r + k), p->weight[k], lanes);
    taps_store(acc, out, lanes);
}

/* ---- The effect ------------------------------------------------------------------------- */

#if defined(BLUR_HAS_AVX2_PATH)
static bool has_avx2(void) { return __builtin_cpu_supports("avx2"); }
static bool has_avx512(void) { return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw"); }
#endif

static taps_add_fn *kernel_taps(void) {
#if defined(BLUR_HAS_AVX2_PATH)
    if (has_avx2())
        return taps_add_avx2;
#endif
    return taps_add_base;
}

/* Rows [b, e) of the vertical pass into `tmp` (width·4 bytes a row), `scratch` as large as
 * scratch_size says. */
static void vertical(const plan_t *p, const anim_image_t *in, uint32_t b, uint32_t e, uint8_t *tmp,
                     size_t pitch, void *scratch) {
    uint32_t x0 = 0;
    if (p->d == 0) {
        kernel_columns(p, in, b, e, tmp, pitch, scratch, kernel_taps());
        return;
    }
    if (fits_32(p)) {
#if defined(BLUR_HAS_AVX2_PATH)
        if (p->d <= MAX_D_WIDE && has_avx512())
            for (; x0 + 16 <= in->width; x0 += 16)
                box_strip_avx512(p, in, x0, b, e, tmp, pitch, scratch);
        if (has_avx2()) {
            if (p->d > MAX_D_16)
                for (; x0 + 16 <= in->width; x0 += 16)
                    box_strip_avx2(p, in, x0, 2, b, e, tmp, pitch, scratch);
            for (; x0 + 8 <= in->width; x0 += 8)
                box_strip_avx2(p, in, x0, 1, b, e, tmp, pitch, scratch);
        }
#endif
#if defined(__SSE2__)
        for (; x0 + 4 <= in->width; x0 += 4)
            box_columns_sse2(p, in, x0, b, e, tmp, pitch, scratch);
#endif
    }
    for (; x0 < in->width; x0 += STRIP) {
        const uint32_t n = in->width - x0 < STRIP ? in->width - x0 : STRIP;
        box_columns_c(p, in, x0, n, b, e, tmp, pitch, scratch);
    }
}

/* Rows [b, e) of the horizontal pass from `tmp` into `out`. */
static void horizontal(const plan_t *p, const uint8_t *tmp, size_t pitch, const anim_image_t *out, uint32_t b,
                       uint32_t e, void *scratch) {
    const uint32_t width = out->width;
    uint32_t y = b;
    if (p->d == 0) {
        uint8_t *padded = (uint8_t *)scratch + 16 * (size_t)width;
        for (; y < e; y++)
            kernel_row(p, tmp + (size_t)(y - b) * pitch, out->pixels + (size_t)y * out->stride, width, padded,
                       scratch, kernel_taps());
        return;
    }
    if (fits_32(p)) {
#if defined(BLUR_HAS_AVX2_PATH)
        if (has_avx512())
            for (; y + 4 <= e; y += 4)
                box_rows_avx512(p, tmp + (size_t)(y - b) * pitch, pitch, out->pixels + (size_t)y * out->stride,
                                out->stride, width, scratch);
        if (has_avx2()) {
            for (; y < e; y += 2) {
                /* An odd last row goes through as both rows of the pair. */
                const uint32_t z = y + 1 < e ? y + 1 : y;
                box_rows_avx2(p, tmp + (size_t)(y - b) * pitch, tmp + (size_t)(z - b) * pitch,
                              out->pixels + (size_t)y * out->stride, out->pixels + (size_t)z * out->stride, width,
                              scratch);
            }
        }
#endif
#if defined(__SSE2__)
        for (; y < e; y++)
            box_row_sse2(p, tmp + (size_t)(y - b) * pitch, out->pixels + (size_t)y * out->stride, width, scratch);
#endif
    }
    for (; y < e; y++)
        box_row_c(p, tmp + (size_t)(y - b) * pitch, out->pixels + (size_t)y * out->stride, width, scratch);
}

/* Bytes of scratch the passes need (the largest of the two). */
static size_t scratch_size(const plan_t *p, uint32_t width) {
    if (p->d == 0)
        return 16 * (size_t)width + 4 * ((size_t)width + 2 * p->read) + 32;
    const size_t rings = (size_t)p->ring * 8 * 32;                      /* ≥ every AVX2 ring */
    const size_t rings_512 = (size_t)power_above(p->d + p->e) * 5 * 64; /* box_columns_avx512's */
    const size_t rows = ((size_t)width + p->read + p->ring + 8) * 64;   /* ≥ 4 rows · 16 bytes a pixel */
    const size_t columns = rings > rings_512 ? rings : rings_512;
    return columns > rows ? columns : rows;
}

/* The margins are the read in either edge mode: continuing the edge pixels spreads nothing past
 * them, but the host then keeps that much of a layer reaching past the frame, for the pixels
 * that show to read its own pixels there. */
static bool blur_reach(const anim_effect_args_t *args, anim_reach_t *reach, char *error, uint32_t error_size) {
    (void)error, (void)error_size;
    plan_t p;
    plan_make(sigma_of(args), &p);
    *reach = (anim_reach_t){p.read, p.read, p.read, p.read, p.read, 0};
    return true;
}

/* Each thread's scratch memory, kept from call to call and grown as needed: a band's scratch is
 * about a megabyte, and memory that large, freed, goes back to the kernel, so that every call paid
 * for fresh zeroed pages (a fifth of a 1080p blur). Only memory is kept, never anything a result
 * depends on; a thread's scratch is freed when it ends. */
static pthread_key_t scratch_key;
static pthread_once_t scratch_once = PTHREAD_ONCE_INIT;

typedef struct {
    size_t size;
    uint8_t *memory;
} scratch_t;

static void scratch_free(void *kept) {
    scratch_t *scratch = kept;
    free(scratch->memory);
    free(scratch);
}

static void scratch_key_make(void) { (void)pthread_key_create(&scratch_key, scratch_free); }

/* At least `size` bytes of this thread's scratch, or NULL when there is no memory for it. */
static uint8_t *scratch_memory(size_t size) {
    pthread_once(&scratch_once, scratch_key_make);
    scratch_t *scratch = pthread_getspecific(scratch_key);
    if (scratch == NULL) {
        scratch = calloc(1, sizeof *scratch);
        if (scratch == NULL || pthread_setspecific(scratch_key, scratch) != 0) {
            free(scratch);
            return NULL;
        }
    }
    if (scratch->size < size) {
        /* Half as much again: a radius that grows a little every frame grows it rarely. */
        const size_t grown = size + size / 2;
        free(scratch->memory);
        scratch->memory = malloc(grown);
        scratch->size = scratch->memory ? grown : 0;
    }
    return scratch->memory;
}

/* Rows [b, e) of `in` blurred with its edge pixels continued past its edges: the rows the passes
 * read, each row and the image's first and last rows continued `read` pixels, are copied into
 * `padded`, which the transparent-edged passes then blur without ever reaching past it; the middle
 * of each blurred row is the result. `memory` holds extended_size bytes, ALIGN-byte aligned. */
static void blur_extended(const plan_t *p, const anim_image_t *in, const anim_image_t *out, uint32_t b, uint32_t e,
                          uint8_t *memory) {
    const uint32_t r = p->read, width = in->width + 2 * r, rows = e - b + 2 * r;
    const size_t pitch = (4 * (size_t)width + ALIGN - 1) & ~(size_t)(ALIGN - 1);
    anim_image_t padded = {.struct_size = sizeof padded, .width = width, .height = rows, .stride = (uint32_t)pitch,
                           .pixels = memory};
    for (uint32_t y = 0; y < rows; y++) {
        const int64_t wanted = (int64_t)b - r + y;
        const uint32_t from = wanted < 0 ? 0 : wanted >= in->height ? in->height - 1 : (uint32_t)wanted;
        const uint8_t *src = in->pixels + (size_t)from * in->stride;
        uint8_t *row = memory + (size_t)y * pitch;
        for (uint32_t x = 0; x < r; x++) {
            memcpy(row + 4 * (size_t)x, src, 4);
            memcpy(row + 4 * ((size_t)r + in->width + x), src + 4 * ((size_t)in->width - 1), 4);
        }
        memcpy(row + 4 * (size_t)r, src, 4 * (size_t)in->width);
    }
    uint8_t *tmp = memory + pitch * rows, *scratch = tmp + pitch * (e - b);
    vertical(p, &padded, r, r + (e - b), tmp, pitch, scratch);
    /* The padded rows are read no more: the horizontal pass writes its rows over them. */
    anim_image_t wide = {.struct_size = sizeof wide, .width = width, .height = e - b, .stride = (uint32_t)pitch,
                         .pixels = memory};
    horizontal(p, tmp, pitch, &wide, 0, e - b, scratch);
    for (uint32_t y = b; y < e; y++)
        memcpy(out->pixels + (size_t)y * out->stride, memory + (size_t)(y - b) * pitch + 4 * (size_t)r,
               4 * (size_t)in->width);
}

static size_t extended_size(const plan_t *p, uint32_t width, uint32_t b, uint32_t e) {
    const size_t pitch = (4 * ((size_t)width + 2 * p->read) + ALIGN - 1) & ~(size_t)(ALIGN - 1);
    return pitch * (2 * (size_t)(e - b) + 2 * p->read) + scratch_size(p, width + 2 * p->read);
}

static bool blur_apply(const anim_effect_args_t *args, char *error, uint32_t error_size) {
    const anim_image_t *in = args->in, *out = args->out;
    const uint32_t b = args->row_begin, e = args->row_end;
    if (!in || !out || in->width != out->width || in->height != out->height || b > e || e > out->height) {
        snprintf(error, error_size, "blur: images of different sizes or rows outside them");
        return false;
    }
    plan_t p;
    plan_make(sigma_of(args), &p);
    if (p.read == 0) {
        for (uint32_t y = b; y < e; y++)
            memcpy(out->pixels + (size_t)y * out->stride, in->pixels + (size_t)y * in->stride, 4 * (size_t)in->width);
        return true;
    }
    if (b == e || in->width == 0)
        return true;
    if (extends_edges(args)) {
        const size_t size = extended_size(&p, in->width, b, e);
        uint8_t *memory = scratch_memory(size + ALIGN);
        if (!memory) {
            snprintf(error, error_size, "blur: out of memory (%zu bytes)", size + ALIGN);
            return false;
        }
        blur_extended(&p, in, out, b, e, (uint8_t *)(((uintptr_t)memory + ALIGN - 1) & ~(uintptr_t)(ALIGN - 1)));
        return true;
    }
    const size_t pitch = (4 * (size_t)in->width + ALIGN - 1) & ~(size_t)(ALIGN - 1), tmp_size = pitch * (e - b);
    const size_t scratch = scratch_size(&p, in->width);
    uint8_t *memory = scratch_memory(tmp_size + scratch + ALIGN);
    if (!memory) {
        snprintf(error, error_size, "blur: out of memory (%zu bytes)", tmp_size + scratch + ALIGN);
        return false;
    }
    uint8_t *tmp = (uint8_t *)(((uintptr_t)memory + ALIGN - 1) & ~(uintptr_t)(ALIGN - 1));
    vertical(&p, in, b, e, tmp, pitch, tmp + tmp_size);
    horizontal(&p, tmp, pitch, out, b, e, tmp + tmp_size);
    return true;
}

static const anim_param_desc_t blur_params[] = {
    {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_NUMBER, .id = "radius",
     .doc = "standard deviation of the Gaussian, as CSS blur()", .unit = "px", .min = 0, .max = 1000,
     .default_value = {0}},
    /* "extend" first: EDGES_EXTEND is its index. */
    {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_ENUM, .id = ANIM_EFFECT_EDGES_PARAM,
     .doc = "what lies past the picture's edges: its edge pixels continued, or nothing (the host picks the "
            "default by what the layer shows)",
     .default_string = "transparent", .choices = "extend|transparent"},
};

/* Not const: init sets its flags. */
static anim_effect_desc_t blur_desc = {
    .struct_size = sizeof(anim_effect_desc_t),
    .concurrency = ANIM_CONCURRENCY_REENTRANT,
    .name = "blur",
    .version = "1.0.0",
    .doc = "Gaussian blur of the layer, as CSS blur(radius)",
    .params = blur_params,
    .param_count = sizeof blur_params / sizeof blur_params[0],
    .reach = blur_reach,
    .apply = blur_apply,
};

static bool blur_init(const anim_host_t *host) {
    const anim_log_service_v1_t *log = host->get_service(host, ANIM_SERVICE_LOG, 1);
    if (!ANIM_HAS_FIELD(host, anim_host_t, register_effect)) {
        if (log)
            log->log(host, ANIM_LOG_ERROR, "the host is older than ABI 1.2 and takes no effects");
        return false;
    }
    /* The blur treats the four channels alike, so any byte order will do; pixels outside the
     * image are transparent to it (see the top), so a full-frame layer needs no margins. */
    blur_desc.flags = ANIM_EFFECT_TRANSPARENT_EDGES;
    if (host->get_service(host, ANIM_SERVICE_NATIVE_PIXELS, 1))
        blur_desc.flags |= ANIM_EFFECT_NATIVE_PIXELS;
    if (host->register_effect(host, &blur_desc))
        return true;
    if (log)
        log->log(host, ANIM_LOG_ERROR, "the host refused the effect `blur`");
    return false;
}

static const anim_requirement_t blur_requirements[] = {
    {ANIM_SERVICE_EFFECTS, 1, 0},
    {ANIM_SERVICE_NATIVE_PIXELS, 1, 0},
    {NULL, 0, 0},
};

ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
    .abi_major = ANIM_ABI_MAJOR, .abi_minor = ANIM_ABI_MINOR, .struct_size = sizeof(anim_entry_t),
    .plugin_id = "org.pipeline.blur", .plugin_version = "1.0.0",
    .description = "Gaussian blur (CSS blur())", .init = blur_init,
    .requirements = blur_requirements,
};
