/*
 * color-effects — CSS's colour filter functions, each as browsers draw it (Filter Effects 1,
 * "Shorthands"): brightness, contrast, saturate, grayscale, sepia, invert, opacity, hue-rotate,
 * and SVG's feColorMatrix type="matrix" as `color-matrix`.
 *
 * Each effect turns its parameters into one 4×5 matrix on unpremultiplied RGBA in [0, 1] (the
 * fifth column an offset); one routine applies it to premultiplied pixels: unpremultiply, the
 * matrix, clamp to [0, 1], premultiply, round. The descriptors' user_data says which matrix.
 *
 * Opaque pixels take a fixed-point path when the matrix leaves alpha independent of colour (every
 * effect here, and most colour matrices): out = (Σ k_q·byte_q) >> s with 16-bit coefficients,
 * the input alpha byte (255) carrying offset and rounding, as pmaddwd computes it four (SSE2),
 * eight (AVX2) or sixteen (AVX-512) pixels at a time; the plain C below computes the same
 * integers. Other pixels go
 * through the float formula, one at a time; runs of transparent pixels get the matrix's result
 * for transparent black.
 */
#include "animator.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define COLOR_HAS_AVX2_PATH 1
#endif

enum { BRIGHTNESS, CONTRAST, SATURATE, GRAYSCALE, SEPIA, INVERT, OPACITY, HUE_ROTATE, COLOR_MATRIX, KINDS };

typedef double matrix_t[4][5]; /* rows R, G, B, A; columns R, G, B, A, offset */

/* Byte offsets of R, G, B, A in the compositor's native pixels (from the "native-pixels" service);
 * RGBA pixels are 0, 1, 2, 3. */
static uint32_t native_order[4] = {2, 1, 0, 3};

/* ---- The matrices (Filter Effects 1, "Shorthands") ------------------------------------- */

static void identity(matrix_t m) {
    memset(m, 0, sizeof(matrix_t));
    for (int i = 0; i < 4; i++)
        m[i][i] = 1;
}

/* Rows R, G, B of `a + b·t` with alpha and offsets untouched. */
static void rgb_rows(matrix_t m, const double a[3][3], const double b[3][3], double t) {
    identity(m);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            m[i][j] = a[i][j] + b[i][j] * t;
}

static void matrix_of(int kind, double amount, const double *values, matrix_t m) {
    identity(m);
    switch (kind) {
    case BRIGHTNESS: /* feComponentTransfer linear, slope amount */
        m[0][0] = m[1][1] = m[2][2] = amount;
        break;
    case CONTRAST: /* linear, slope amount, intercept −0.5·amount + 0.5 */
        m[0][0] = m[1][1] = m[2][2] = amount;
        m[0][4] = m[1][4] = m[2][4] = -0.5 * amount + 0.5;
        break;
    case INVERT: /* table [amount, 1 − amount] */
        m[0][0] = m[1][1] = m[2][2] = 1 - 2 * amount;
        m[0][4] = m[1][4] = m[2][4] = amount;
        break;
    case OPACITY: /* alpha table [0, amount] */
        m[3][3] = amount;
        break;
    case SATURATE: { /* feColorMatrix type="saturate" */
        static const double a[3][3] = {{0.213, 0.715, 0.072}, {0.213, 0.715, 0.072}, {0.213, 0.715, 0.072}};
        static const double b[3][3] = {{0.787, -0.715, -0.072}, {-0.213, 0.285, -0.072}, {-0.213, -0.715, 0.928}};
        rgb_rows(m, a, b, amount);
        break;
    }
    case GRAYSCALE: { /* the spec's matrix, [1 − amount] as t */
        static const double a[3][3] = {{0.2126, 0.7152, 0.0722}, {0.2126, 0.7152, 0.0722}, {0.2126, 0.7152, 0.0722}};
        static const double b[3][3] = {{0.7874, -0.7152, -0.0722}, {-0.2126, 0.2848, -0.0722}, {-0.2126, -0.7152, 0.9278}};
        rgb_rows(m, a, b, 1 - amount);
        break;
    }
    case SEPIA: {
        static const double a[3][3] = {{0.393, 0.769, 0.189}, {0.349, 0.686, 0.168}, {0.272, 0.534, 0.131}};
        static const double b[3][3] = {{0.607, -0.769, -0.189}, {-0.349, 0.314, -0.168}, {-0.272, -0.534, 0.869}};
        rgb_rows(m, a, b, 1 - amount);
        break;
    }
    case HUE_ROTATE: { /* feColorMatrix type="hueRotate" */
        static const double a[3][3] = {{0.213, 0.715, 0.072}, {0.213, 0.715, 0.072}, {0.213, 0.715, 0.072}};
        static const double c[3][3] = {{0.787, -0.715, -0.072}, {-0.213, 0.285, -0.072}, {-0.213, -0.715, 0.928}};
        static const double s[3][3] = {{-0.213, -0.715, 0.928}, {0.143, 0.140, -0.283}, {-0.787, 0.715, 0.072}};
        const double angle = fmod(amount, 360) * (3.14159265358979323846 / 180), cs = cos(angle), sn = sin(angle);
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                m[i][j] = a[i][j] + c[i][j] * cs + s[i][j] * sn;
        break;
    }
    case COLOR_MATRIX:
        for (int i = 0; i < 20; i++)
            m[i / 5][i % 5] = values[i];
        break;
    }
}

/* ---- One matrix on premultiplied pixels ------------------------------------------------ */

typedef struct plan {
    float m[4][5];     /* the matrix by byte position: out byte i = Σ m[i][j]·in byte j (unpremultiplied) + m[i][4] */
    uint32_t alpha;    /* byte offset of alpha */
    uint8_t clear[4];  /* what a transparent pixel becomes */
    /* Opaque pixels, when `fast` (alpha at byte 3, output alpha independent of colour): colour
     * byte i = min(max((Σ k[i][j]·byte j) >> shift, 0), high[i]); alpha byte = high[3]. */
    bool fast;
    int shift;
    int16_t k[3][4];
    uint8_t high[4];
} plan_t;

static double clamp01(double v) { return v < 0 ? 0 : v > 1 ? 1 : v; }

static void plan_make(matrix_t cm, const uint32_t order[4], plan_t *p) {
    memset(p, 0, sizeof *p);
    p->alpha = order[3];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 5; j++)
            p->m[order[i]][j < 4 ? order[j] : 4] = (float)cm[i][j];
    for (int i = 0; i < 4; i++) {
        const double a = clamp01(cm[3][4]), c = i == 3 ? a : clamp01(cm[i][4]) * a;
        p->clear[order[i]] = (uint8_t)(c * 255 + 0.5);
    }
    if (order[3] != 3 || cm[3][0] != 0 || cm[3][1] != 0 || cm[3][2] != 0)
        return;
    /* Opaque pixels' alpha: alpha_out = clamp(m[A][A] + offset); colour byte i = 255·alpha_out ·
     * clamp(Σ m[i][j]·byte_j / 255 + m[i][A] + offset_i), the clamp's top folded into high[i]. */
    const double alpha = clamp01(cm[3][3] + cm[3][4]);
    double coefficient[3][4];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 4; j++)
            coefficient[i][j] = j < 3 ? alpha * p->m[i][j] : alpha * ((double)p->m[i][3] + p->m[i][4]);
    for (p->shift = 14; p->shift >= 12; p->shift--) {
        const double one = (double)(1 << p->shift);
        bool fits = true;
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 4; j++) {
                /* The alpha byte (255) carries offset and rounding: k·255 ≈ offset·255·2^s + 2^(s−1). */
                const double k = j < 3 ? coefficient[i][j] * one
                                       : (coefficient[i][j] * 255 * one + one / 2) / 255;
                fits = fits && fabs(floor(k + 0.5)) <= 32767;
                p->k[i][j] = fits ? (int16_t)floor(k + 0.5) : 0;
            }
        if (fits)
            break;
    }
    if (p->shift < 12)
        return; /* gains of 8 and more: the float path keeps their precision */
    p->fast = true;
    for (int i = 0; i < 4; i++)
        p->high[i] = (uint8_t)(alpha * 255 + 0.5);
}

/* An opaque pixel through the fixed-point formula (p->fast). */
static void opaque_pixel(const plan_t *p, const uint8_t in[4], uint8_t out[4]) {
    for (int i = 0; i < 3; i++) {
        const int32_t v = p->k[i][0] * in[0] + p->k[i][1] * in[1] + p->k[i][2] * in[2] + p->k[i][3] * in[3];
        const int32_t c = v < 0 ? 0 : v >> p->shift;
        out[i] = (uint8_t)(c < p->high[i] ? c : p->high[i]);
    }
    out[3] = p->high[3];
}

/* Any pixel through the float formula; opaque ones through the fixed-point one where it applies. */
static void one_pixel(const plan_t *p, const uint8_t in[4], uint8_t out[4]) {
    const uint32_t a = in[p->alpha];
    if (a == 255 && p->fast) {
        opaque_pixel(p, in, out);
        return;
    }
    if (a == 0) {
        memcpy(out, p->clear, 4);
        return;
    }
    float v[4], r[4];
    for (int j = 0; j < 4; j++)
        v[j] = (uint32_t)j == p->alpha ? a / 255.0f : (in[j] < a ? in[j] : a) / (float)a;
    for (int i = 0; i < 4; i++) {
        const float s = p->m[i][0] * v[0] + p->m[i][1] * v[1] + p->m[i][2] * v[2] + p->m[i][3] * v[3] + p->m[i][4];
        r[i] = s < 0 ? 0 : s > 1 ? 1 : s;
    }
    const float alpha = r[p->alpha];
    for (int i = 0; i < 4; i++)
        out[i] = (uint8_t)(((uint32_t)i == p->alpha ? alpha : r[i] * alpha) * 255 + 0.5f);
}

/* The SIMD rows below: steps of N pixels, each all opaque (the fixed-point formula), all
 * transparent (`clear`) or neither (one_pixel for each). They return how many pixels they did. */

#if defined(__SSE2__)
static uint32_t row_sse2(const plan_t *p, const uint8_t *in, uint8_t *out, uint32_t count) {
    const __m128i alpha = _mm_set1_epi32((int)0xff000000u), low = _mm_set1_epi16(0xff), zero = _mm_setzero_si128();
    uint32_t clear;
    memcpy(&clear, p->clear, 4);
    __m128i k02[3], k13[3];
    for (int i = 0; i < 3; i++) {
        k02[i] = _mm_set1_epi32((int)((uint16_t)p->k[i][0] | (uint32_t)(uint16_t)p->k[i][2] << 16));
        k13[i] = _mm_set1_epi32((int)((uint16_t)p->k[i][1] | (uint32_t)(uint16_t)p->k[i][3] << 16));
    }
    /* Bytes come out as 0 0 0 0 2 2 2 2 1 1 1 1 3 3 3 3 (four pixels' byte 0, ...). */
    const __m128i high = _mm_set_epi32((int)(0x01010101u * 255), (int)(0x01010101u * p->high[1]),
                                       (int)(0x01010101u * p->high[2]), (int)(0x01010101u * p->high[0]));
    const __m128i opaque_alpha = _mm_set1_epi32(p->high[3]);
    uint32_t x = 0;
    for (; x + 4 <= count; x += 4) {
        const __m128i v = _mm_loadu_si128((const __m128i *)(in + 4 * (size_t)x));
        const __m128i a = _mm_and_si128(v, alpha);
        if (_mm_movemask_epi8(_mm_cmpeq_epi8(a, zero)) == 0xffff) {
            _mm_storeu_si128((__m128i *)(out + 4 * (size_t)x), _mm_set1_epi32((int)clear));
            continue;
        }
        if (_mm_movemask_epi8(_mm_cmpeq_epi8(a, alpha)) != 0xffff) {
            for (uint32_t i = x; i < x + 4; i++)
                one_pixel(p, in + 4 * (size_t)i, out + 4 * (size_t)i);
            continue;
        }
        /* 16-bit lanes: bytes 0 and 2 of each pixel, bytes 1 and 3. */
        const __m128i even = _mm_and_si128(v, low), odd = _mm_srli_epi16(v, 8);
        __m128i c[3];
        for (int i = 0; i < 3; i++)
            c[i] = _mm_srai_epi32(_mm_add_epi32(_mm_madd_epi16(even, k02[i]), _mm_madd_epi16(odd, k13[i])), p->shift);
        const __m128i bytes = _mm_min_epu8(
            _mm_packus_epi16(_mm_packs_epi32(c[0], c[2]), _mm_packs_epi32(c[1], opaque_alpha)), high);
        const __m128i pairs = _mm_unpacklo_epi8(bytes, _mm_srli_si128(bytes, 8));
        _mm_storeu_si128((__m128i *)(out + 4 * (size_t)x), _mm_unpacklo_epi16(pairs, _mm_srli_si128(pairs, 8)));
    }
    return x;
}
#endif

#if defined(COLOR_HAS_AVX2_PATH)
#define AVX2 __attribute__((target("avx2")))

/* The fixed-point formula on eight opaque pixels. */
AVX2 static inline __attribute__((always_inline)) __m256i opaque_avx2(__m256i v, const __m256i k02[3],
                                                                       const __m256i k13[3], int shift,
                                                                       __m256i opaque_alpha) {
    const __m256i even = _mm256_and_si256(v, _mm256_set1_epi16(0xff)), odd = _mm256_srli_epi16(v, 8);
    __m256i c[3];
    for (int i = 0; i < 3; i++)
        c[i] = _mm256_srai_epi32(_mm256_add_epi32(_mm256_madd_epi16(even, k02[i]), _mm256_madd_epi16(odd, k13[i])),
                                 shift);
    /* Per 128-bit half, bytes 0 0 0 0 2 2 2 2 1 1 1 1 3 3 3 3 (four pixels' byte 0, ...). */
    return _mm256_packus_epi16(_mm256_packs_epi32(c[0], c[2]), _mm256_packs_epi32(c[1], opaque_alpha));
}

/* As row_sse2, sixteen pixels a step (eight where a step of sixteen is mixed); `clamp` whether
 * the output alpha is below 1, so that colour bytes need clamping to it; `shift` p->shift, a
 * constant in each copy (row_avx2) so that the shifts take an immediate: a tenth faster than a
 * shift by a register's count. */
AVX2 static inline __attribute__((always_inline)) uint32_t
row_avx2_with(const plan_t *p, const uint8_t *in, uint8_t *out, uint32_t count, const bool clamp, const int shift) {
    const __m256i alpha = _mm256_set1_epi32((int)0xff000000u);
    uint32_t clear;
    memcpy(&clear, p->clear, 4);
    __m256i k02[3], k13[3];
    for (int i = 0; i < 3; i++) {
        k02[i] = _mm256_set1_epi32((int)((uint16_t)p->k[i][0] | (uint32_t)(uint16_t)p->k[i][2] << 16));
        k13[i] = _mm256_set1_epi32((int)((uint16_t)p->k[i][1] | (uint32_t)(uint16_t)p->k[i][3] << 16));
    }
    const __m256i high = _mm256_set1_epi8((char)p->high[3]), opaque_alpha = _mm256_set1_epi32(p->high[3]);
    const __m256i order = _mm256_setr_epi8(0, 8, 4, 12, 1, 9, 5, 13, 2, 10, 6, 14, 3, 11, 7, 15,
                                           0, 8, 4, 12, 1, 9, 5, 13, 2, 10, 6, 14, 3, 11, 7, 15);
    uint32_t x = 0;
    while (x + 8 <= count) {
        const uint8_t *src = in + 4 * (size_t)x;
        uint8_t *dst = out + 4 * (size_t)x;
        const __m256i v = _mm256_loadu_si256((const __m256i *)src);
        if (x + 16 <= count) {
            const __m256i w = _mm256_loadu_si256((const __m256i *)(src + 32));
            if (_mm256_testc_si256(_mm256_and_si256(v, w), alpha)) {
                __m256i a = opaque_avx2(v, k02, k13, shift, opaque_alpha);
                __m256i b = opaque_avx2(w, k02, k13, shift, opaque_alpha);
                if (clamp)
                    a = _mm256_min_epu8(a, high), b = _mm256_min_epu8(b, high);
                _mm256_storeu_si256((__m256i *)dst, _mm256_shuffle_epi8(a, order));
                _mm256_storeu_si256((__m256i *)(dst + 32), _mm256_shuffle_epi8(b, order));
                x += 16;
                continue;
            }
        }
        if (_mm256_testz_si256(v, alpha)) {
            _mm256_storeu_si256((__m256i *)dst, _mm256_set1_epi32((int)clear));
        } else if (_mm256_testc_si256(v, alpha)) {
            __m256i a = opaque_avx2(v, k02, k13, shift, opaque_alpha);
            if (clamp)
                a = _mm256_min_epu8(a, high);
            _mm256_storeu_si256((__m256i *)dst, _mm256_shuffle_epi8(a, order));
        } else {
            for (uint32_t i = 0; i < 8; i++)
                one_pixel(p, src + 4 * i, dst + 4 * i);
        }
        x += 8;
    }
    return x;
}

/* One copy of the row per shift (12 to 14, see plan_make) and clamp. */
#define ROW_COPIES(row, p, in, out, count)                                                              \
    switch ((p)->shift * 2 + ((p)->high[3] != 255)) {                                                 \
    case 28: return row(p, in, out, count, false, 14);                                                \
    case 29: return row(p, in, out, count, true, 14);                                                 \
    case 26: return row(p, in, out, count, false, 13);                                                \
    case 27: return row(p, in, out, count, true, 13);                                                 \
    case 24: return row(p, in, out, count, false, 12);                                                \
    default: return row(p, in, out, count, true, 12);                                                 \
    }

AVX2 static uint32_t row_avx2(const plan_t *p, const uint8_t *in, uint8_t *out, uint32_t count) {
    ROW_COPIES(row_avx2_with, p, in, out, count)
}

/* AVX-512 (BW and VNNI): the same integers, sixteen pixels a register, and vpdpwssd adds the odd
 * bytes' products to the even ones' in the multiply. On an opaque 1080p frame in the host's bands
 * it takes a quarter less time than AVX2 (the rows are then about 1.3 times a memcpy instead of
 * 1.7; the 64-byte loads and stores are whole cache lines). Clang's generic tuning splits
 * vpdpwssd into vpmaddwd and vpaddd, one instruction more a channel; tuned for Zen 4 (whose
 * VNNI is as fast as vpmaddwd) it keeps it. */
#if defined(__clang__) && __clang_major__ >= 16
#define AVX512 __attribute__((target("avx2,avx512f,avx512bw,avx512vnni,tune=znver4")))
#else
#define AVX512 __attribute__((target("avx2,avx512f,avx512bw,avx512vnni")))
#endif

/* The fixed-point formula on sixteen opaque pixels (as opaque_avx2 per 128-bit quarter). */
AVX512 static inline __attribute__((always_inline)) __m512i opaque_avx512(__m512i v, const __m512i k02[3],
                                                                           const __m512i k13[3], const int shift,
                                                                           __m512i opaque_alpha) {
    const __m512i even = _mm512_and_si512(v, _mm512_set1_epi16(0xff)), odd = _mm512_srli_epi16(v, 8);
    __m512i c[3];
    for (int i = 0; i < 3; i++)
        c[i] = _mm512_srai_epi32(_mm512_dpwssd_epi32(_mm512_madd_epi16(even, k02[i]), odd, k13[i]), shift);
    return _mm512_packus_epi16(_mm512_packs_epi32(c[0], c[2]), _mm512_packs_epi32(c[1], opaque_alpha));
}

/* As row_avx2_with, thirty-two pixels a step, a step not all opaque through row_avx2; returns
 * how many pixels it did (a multiple of 32). */
AVX512 static inline __attribute__((always_inline)) uint32_t
row_avx512_with(const plan_t *p, const uint8_t *in, uint8_t *out, uint32_t count, const bool clamp, const int shift) {
    const __m512i colour = _mm512_set1_epi32(0x00ffffff), ones = _mm512_set1_epi32(-1);
    __m512i k02[3], k13[3];
    for (int i = 0; i < 3; i++) {
        k02[i] = _mm512_set1_epi32((int)((uint16_t)p->k[i][0] | (uint32_t)(uint16_t)p->k[i][2] << 16));
        k13[i] = _mm512_set1_epi32((int)((uint16_t)p->k[i][1] | (uint32_t)(uint16_t)p->k[i][3] << 16));
    }
    const __m512i high = _mm512_set1_epi8((char)p->high[3]), opaque_alpha = _mm512_set1_epi32(p->high[3]);
    const __m512i order = _mm512_broadcast_i32x4(_mm_setr_epi8(0, 8, 4, 12, 1, 9, 5, 13, 2, 10, 6, 14, 3, 11, 7, 15));
    uint32_t x = 0;
    while (x + 32 <= count) {
        /* The opaque steps in a loop of their own, which calls nothing: the constants stay in
         * registers (across a call they would be reloaded every step). */
        for (; x + 32 <= count; x += 32) {
            const uint8_t *src = in + 4 * (size_t)x;
            uint8_t *dst = out + 4 * (size_t)x;
            const __m512i v = _mm512_loadu_si512(src), w = _mm512_loadu_si512(src + 64);
            /* (v & w) | colour (ternary logic 0xea) is all ones where both pixels are opaque. */
            if (_mm512_cmpneq_epi32_mask(_mm512_ternarylogic_epi32(v, w, colour, 0xea), ones))
                break;
            __m512i a = opaque_avx512(v, k02, k13, shift, opaque_alpha);
            __m512i b = opaque_avx512(w, k02, k13, shift, opaque_alpha);
            if (clamp)
                a = _mm512_min_epu8(a, high), b = _mm512_min_epu8(b, high);
            _mm512_storeu_si512(dst, _mm512_shuffle_epi8(a, order));
            _mm512_storeu_si512(dst + 64, _mm512_shuffle_epi8(b, order));
        }
        if (x + 32 <= count) {
            row_avx2(p, in + 4 * (size_t)x, out + 4 * (size_t)x, 32);
            x += 32;
        }
    }
    return x;
}

AVX512 static uint32_t row_avx512(const plan_t *p, const uint8_t *in, uint8_t *out, uint32_t count) {
    ROW_COPIES(row_avx512_with, p, in, out, count)
}
#endif

/* `count` pixels: the widest steps the CPU has, then one at a time; the same bytes whichever path
 * a pixel takes. */
static void apply_row(const plan_t *p, const uint8_t *in, uint8_t *out, uint32_t count) {
    uint32_t x = 0;
    if (p->fast) {
#if defined(COLOR_HAS_AVX2_PATH)
        if (__builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vnni"))
            x = row_avx512(p, in, out, count);
        if (__builtin_cpu_supports("avx2"))
            x += row_avx2(p, in + 4 * (size_t)x, out + 4 * (size_t)x, count - x);
#endif
#if defined(__SSE2__)
        x += row_sse2(p, in + 4 * (size_t)x, out + 4 * (size_t)x, count - x);
#endif
    }
    for (; x < count; x++)
        one_pixel(p, in + 4 * (size_t)x, out + 4 * (size_t)x);
}

/* ---- The effects ------------------------------------------------------------------------ */

typedef struct kind {
    int kind;
} kind_t;

static const kind_t kinds[KINDS] = {{BRIGHTNESS}, {CONTRAST}, {SATURATE}, {GRAYSCALE}, {SEPIA},
                                    {INVERT}, {OPACITY}, {HUE_ROTATE}, {COLOR_MATRIX}};

/* color-matrix: parses "values" into 20 numbers (the instance); none at all is the identity. */
static void *matrix_create(const anim_create_args_t *args, char *error, uint32_t error_size) {
    const char *text = args->param_count > 0 && args->params[0].s ? args->params[0].s : "";
    double *values = malloc(20 * sizeof *values);
    if (!values) {
        snprintf(error, error_size, "color-matrix: out of memory");
        return NULL;
    }
    int count = 0;
    for (const char *c = text;;) {
        while (*c == ' ' || *c == '\t' || *c == '\n' || *c == '\r' || *c == ',')
            c++;
        if (!*c)
            break;
        char *end;
        const double v = strtod(c, &end);
        if (end == c || !isfinite(v) || (*end && !strchr(" \t\n\r,", *end))) {
            snprintf(error, error_size, "color-matrix: `values` has \"%.*s\" where a number should be (number %d)",
                     (int)strcspn(c, " \t\n\r,"), c, count + 1);
            free(values);
            return NULL;
        }
        if (count == 20) {
            snprintf(error, error_size, "color-matrix: `values` has more than 20 numbers (a 4×5 matrix, row by row)");
            free(values);
            return NULL;
        }
        values[count++] = v;
        c = end;
    }
    /* As SVG's feColorMatrix without a values attribute: the identity. */
    if (count == 0) {
        for (int i = 0; i < 20; i++)
            values[i] = i % 6 == 0 ? 1 : 0;
        return values;
    }
    if (count != 20) {
        snprintf(error, error_size, "color-matrix: `values` has %d number%s, not 20 (a 4×5 matrix, row by row)",
                 count, count == 1 ? "" : "s");
        free(values);
        return NULL;
    }
    return values;
}

static void matrix_destroy(void *instance) { free(instance); }

static bool color_apply(const anim_effect_args_t *args, char *error, uint32_t error_size) {
    const anim_image_t *in = args->in, *out = args->out;
    if (!in || !out || in->width != out->width || in->height != out->height || args->row_begin > args->row_end ||
        args->row_end > out->height) {
        snprintf(error, error_size, "images of different sizes or rows outside them");
        return false;
    }
    static const uint32_t rgba[4] = {0, 1, 2, 3};
    const int kind = ((const kind_t *)args->user_data)->kind;
    matrix_t m;
    matrix_of(kind, kind == COLOR_MATRIX ? 0 : args->params[0].v[0], args->instance, m);
    plan_t p;
    plan_make(m, args->pixel_order == ANIM_PIXELS_NATIVE ? native_order : rgba, &p);
    for (uint32_t y = args->row_begin; y < args->row_end; y++)
        apply_row(&p, in->pixels + (size_t)y * in->stride, out->pixels + (size_t)y * out->stride, in->width);
    return true;
}

#define PARAM(name, what, u, lo, hi, initial)                                                           \
    {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_NUMBER, .id = name, .doc = what,       \
     .unit = u, .min = lo, .max = hi, .default_value = {initial}}

static const anim_param_desc_t brightness_params[] = {PARAM("amount", "1 unchanged, 0 black, 2 twice as bright", "", 0, 100, 1)};
static const anim_param_desc_t contrast_params[] = {PARAM("amount", "1 unchanged, 0 all grey", "", 0, 100, 1)};
static const anim_param_desc_t saturate_params[] = {PARAM("amount", "1 unchanged, 0 grey, above 1 more saturated", "", 0, 100, 1)};
static const anim_param_desc_t grayscale_params[] = {PARAM("amount", "1 grey, 0 unchanged", "", 0, 1, 1)};
static const anim_param_desc_t sepia_params[] = {PARAM("amount", "1 sepia, 0 unchanged", "", 0, 1, 1)};
static const anim_param_desc_t invert_params[] = {PARAM("amount", "1 inverted, 0 unchanged", "", 0, 1, 1)};
static const anim_param_desc_t opacity_params[] = {PARAM("amount", "1 unchanged, 0 transparent", "", 0, 1, 1)};
static const anim_param_desc_t hue_params[] = {PARAM("angle", "hue rotation, clockwise", "deg", -36000, 36000, 0)};
static const anim_param_desc_t matrix_params[] = {
    {.struct_size = sizeof(anim_param_desc_t), .type = ANIM_PARAM_STRING, .id = "values",
     .doc = "20 numbers, a 4×5 matrix row by row on unpremultiplied RGBA in [0, 1], as SVG feColorMatrix (empty: identity)",
     .default_string = "1 0 0 0 0  0 1 0 0 0  0 0 1 0 0  0 0 0 1 0"},
};

#define EFFECT(effect, what, list, k, make, unmake)                                                     \
    {.struct_size = sizeof(anim_effect_desc_t), .concurrency = ANIM_CONCURRENCY_REENTRANT, .name = effect, \
     .version = "1.0.0", .doc = what, .params = list, .param_count = 1, .create = make,                  \
     .destroy = unmake, .apply = color_apply, .user_data = &kinds[k]}

/* Not const: init sets their flags. */
static anim_effect_desc_t effects[KINDS] = {
    EFFECT("brightness", "CSS brightness(amount)", brightness_params, BRIGHTNESS, NULL, NULL),
    EFFECT("contrast", "CSS contrast(amount)", contrast_params, CONTRAST, NULL, NULL),
    EFFECT("saturate", "CSS saturate(amount)", saturate_params, SATURATE, NULL, NULL),
    EFFECT("grayscale", "CSS grayscale(amount)", grayscale_params, GRAYSCALE, NULL, NULL),
    EFFECT("sepia", "CSS sepia(amount)", sepia_params, SEPIA, NULL, NULL),
    EFFECT("invert", "CSS invert(amount)", invert_params, INVERT, NULL, NULL),
    EFFECT("opacity", "CSS opacity(amount), as a filter", opacity_params, OPACITY, NULL, NULL),
    EFFECT("hue-rotate", "CSS hue-rotate(angle)", hue_params, HUE_ROTATE, NULL, NULL),
    EFFECT("color-matrix", "SVG feColorMatrix type=\"matrix\"", matrix_params, COLOR_MATRIX, matrix_create,
           matrix_destroy),
};

static bool color_init(const anim_host_t *host) {
    const anim_log_service_v1_t *log = host->get_service(host, ANIM_SERVICE_LOG, 1);
    if (!ANIM_HAS_FIELD(host, anim_host_t, register_effect)) {
        if (log)
            log->log(host, ANIM_LOG_ERROR, "the host is older than ABI 1.2 and takes no effects");
        return false;
    }
    const anim_native_pixels_v1_t *native = host->get_service(host, ANIM_SERVICE_NATIVE_PIXELS, 1);
    const bool usable = native && native->red < 4 && native->green < 4 && native->blue < 4 && native->alpha < 4 &&
                        (1u << native->red | 1u << native->green | 1u << native->blue | 1u << native->alpha) == 15;
    if (usable) {
        native_order[0] = native->red, native_order[1] = native->green;
        native_order[2] = native->blue, native_order[3] = native->alpha;
    }
    for (int i = 0; i < KINDS; i++) {
        /* Each pixel from itself alone: what lies outside the image never matters. */
        effects[i].flags = (usable ? ANIM_EFFECT_NATIVE_PIXELS : 0) | ANIM_EFFECT_TRANSPARENT_EDGES;
        if (!host->register_effect(host, &effects[i])) {
            if (log) {
                char message[96];
                snprintf(message, sizeof message, "the host refused the effect `%s`", effects[i].name);
                log->log(host, ANIM_LOG_ERROR, message);
            }
            return false;
        }
    }
    return true;
}

static const anim_requirement_t color_requirements[] = {
    {ANIM_SERVICE_EFFECTS, 1, 0},
    {ANIM_SERVICE_NATIVE_PIXELS, 1, 0},
    {NULL, 0, 0},
};

ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
    .abi_major = ANIM_ABI_MAJOR, .abi_minor = ANIM_ABI_MINOR, .struct_size = sizeof(anim_entry_t),
    .plugin_id = "org.pipeline.color-effects", .plugin_version = "1.0.0",
    .description = "CSS colour filters and SVG's colour matrix", .init = color_init,
    .requirements = color_requirements,
};
