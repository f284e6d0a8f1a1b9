#include "resample.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

enum { one = 1 << 14 };

/* The taps of one axis: output i reads `taps` source pixels from index[i × taps], with weights
 * weight[i × taps], an even count so the wide steps take them in pairs (a spare tap weighs 0). */
typedef struct {
    uint32_t taps;
    uint32_t *index;
    int16_t *weight;
} axis_t;

/* The source span [lo, hi) of each output, the parts outside [0, length) given to the edge pixels. */
static int axis_make(axis_t *axis, uint32_t count, uint32_t length, double origin, double step) {
    uint32_t taps = 1;
    for (uint32_t i = 0; i < count; i++) {
        const double lo = origin + i * step, hi = lo + step;
        const double first = floor(fmin(fmax(lo, 0), length - 1)), last = ceil(fmin(fmax(hi, 1), length)) - 1;
        const uint32_t span = (uint32_t)(last - first) + 1;
        if (span > taps) taps = span;
    }
    taps += taps & 1;
    axis->taps = taps;
    axis->index = malloc(sizeof(uint32_t) * count * taps);
    axis->weight = malloc(sizeof(int16_t) * count * taps);
    if (!axis->index || !axis->weight) return -1;
    for (uint32_t i = 0; i < count; i++) {
        const double lo = origin + i * step, hi = lo + step;
        const uint32_t first = (uint32_t)floor(fmin(fmax(lo, 0), length - 1));
        uint32_t *index = axis->index + (size_t)i * taps;
        int16_t *weight = axis->weight + (size_t)i * taps;
        int sum = 0, largest = 0;
        for (uint32_t t = 0; t < taps; t++) {
            const uint32_t k = first + t < length ? first + t : length - 1;
            double shared = 0;
            if (first + t < length) {
                /* The length pixel k shares with the span; the first and last pixels also take
                 * what lies beyond the source's edge on their side. */
                const double left = k == 0 ? lo : fmax(lo, k), right = k == length - 1 ? hi : fmin(hi, k + 1.0);
                shared = fmax(right - left, 0);
            }
            index[t] = k;
            weight[t] = (int16_t)lround(shared / step * one);
            sum += weight[t];
            if (weight[t] > weight[largest]) largest = (int)t;
        }
        weight[largest] = (int16_t)(weight[largest] + one - sum);
    }
    return 0;
}

static void axis_free(axis_t *axis) {
    free(axis->index);
    free(axis->weight);
}

/* One source row across: 4 × int16 per output pixel, the weighted sum in 2⁻⁷ of a level. */
static void pass_across(const uint8_t *row, const axis_t *across, uint32_t count, int16_t *out) {
    const uint32_t taps = across->taps;
    for (uint32_t i = 0; i < count; i++) {
        const uint32_t *index = across->index + (size_t)i * taps;
        const int16_t *weight = across->weight + (size_t)i * taps;
#if defined(__SSE2__)
        const __m128i zero = _mm_setzero_si128();
        __m128i sum = _mm_setzero_si128();
        for (uint32_t t = 0; t < taps; t += 2) {
            /* Two pixels' channels interleaved, b₀ b₁ g₀ g₁ r₀ r₁ a₀ a₁, times w₀ w₁ in pairs. */
            int32_t first, second;
            memcpy(&first, row + 4 * (size_t)index[t], 4);
            memcpy(&second, row + 4 * (size_t)index[t + 1], 4);
            const __m128i p0 = _mm_cvtsi32_si128(first), p1 = _mm_cvtsi32_si128(second);
            const __m128i wide = _mm_unpacklo_epi8(_mm_unpacklo_epi32(p0, p1), zero);
            const __m128i pairs = _mm_unpacklo_epi16(wide, _mm_srli_si128(wide, 8));
            const __m128i w = _mm_set1_epi32((int32_t)((uint32_t)(uint16_t)weight[t + 1] << 16 | (uint16_t)weight[t]));
            sum = _mm_add_epi32(sum, _mm_madd_epi16(pairs, w));
        }
        sum = _mm_srai_epi32(_mm_add_epi32(sum, _mm_set1_epi32(64)), 7);
        _mm_storel_epi64((__m128i *)(void *)(out + 4 * (size_t)i), _mm_packs_epi32(sum, sum));
#else
        int32_t sum[4] = {0, 0, 0, 0};
        for (uint32_t t = 0; t < taps; t++) {
            const uint8_t *pixel = row + 4 * (size_t)index[t];
            for (int c = 0; c < 4; c++) sum[c] += weight[t] * pixel[c];
        }
        for (int c = 0; c < 4; c++) out[4 * (size_t)i + c] = (int16_t)((sum[c] + 64) >> 7);
#endif
    }
}

/* One output row down, from the rows across that its taps name, rounded to whole levels. */
static void pass_down(const int16_t *const *rows, const int16_t *weight, uint32_t taps, uint32_t count,
                      uint8_t *out) {
    uint32_t i = 0;
#if defined(__SSE2__)
    const __m128i half = _mm_set1_epi32(1 << 20);
    for (; i + 2 <= count; i += 2) {
        __m128i first = _mm_setzero_si128(), second = _mm_setzero_si128();
        for (uint32_t t = 0; t < taps; t += 2) {
            const __m128i a = _mm_loadu_si128((const __m128i *)(const void *)(rows[t] + 4 * (size_t)i));
            const __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(rows[t + 1] + 4 * (size_t)i));
            const __m128i w = _mm_set1_epi32((int32_t)((uint32_t)(uint16_t)weight[t + 1] << 16 | (uint16_t)weight[t]));
            first = _mm_add_epi32(first, _mm_madd_epi16(_mm_unpacklo_epi16(a, b), w));
            second = _mm_add_epi32(second, _mm_madd_epi16(_mm_unpackhi_epi16(a, b), w));
        }
        first = _mm_srai_epi32(_mm_add_epi32(first, half), 21);
        second = _mm_srai_epi32(_mm_add_epi32(second, half), 21);
        const __m128i words = _mm_packs_epi32(first, second);
        _mm_storel_epi64((__m128i *)(void *)(out + 4 * (size_t)i), _mm_packus_epi16(words, words));
    }
#endif
    for (; i < count; i++) {
        int32_t sum[4] = {0, 0, 0, 0};
        for (uint32_t t = 0; t < taps; t++) {
            for (int c = 0; c < 4; c++) sum[c] += weight[t] * rows[t][4 * (size_t)i + c];
        }
        for (int c = 0; c < 4; c++) out[4 * (size_t)i + c] = (uint8_t)((sum[c] + (1 << 20)) >> 21);
    }
}

int raster_resample_area(const uint8_t *src, uint32_t src_stride, uint32_t src_width, uint32_t src_height,
                         uint8_t *dst, uint32_t dst_stride, uint32_t dst_width, uint32_t dst_height,
                         double origin_x, double step_x, double origin_y, double step_y) {
    if (dst_width == 0 || dst_height == 0 || src_width == 0 || src_height == 0) return 0;
    axis_t across = {0}, down = {0};
    int16_t *sums = NULL;
    const int16_t **rows = NULL;
    int status = -1;
    if (axis_make(&across, dst_width, src_width, origin_x, step_x) != 0) goto done;
    if (axis_make(&down, dst_height, src_height, origin_y, step_y) != 0) goto done;
    /* The source rows the taps down name, a contiguous run since spans move down with j. */
    uint32_t top = down.index[0], bottom = 0;
    for (size_t t = 0; t < (size_t)dst_height * down.taps; t++) {
        if (down.index[t] < top) top = down.index[t];
        if (down.index[t] > bottom) bottom = down.index[t];
    }
    const size_t row_size = 4 * (size_t)dst_width;
    sums = malloc(sizeof(int16_t) * row_size * (bottom - top + 1));
    rows = malloc(sizeof(int16_t *) * down.taps);
    if (!sums || !rows) goto done;
    for (uint32_t y = top; y <= bottom; y++) {
        pass_across(src + (size_t)y * src_stride, &across, dst_width, sums + (y - top) * row_size);
    }
    for (uint32_t j = 0; j < dst_height; j++) {
        for (uint32_t t = 0; t < down.taps; t++) rows[t] = sums + (down.index[(size_t)j * down.taps + t] - top) * row_size;
        pass_down(rows, down.weight + (size_t)j * down.taps, down.taps, dst_width, dst + (size_t)j * dst_stride);
    }
    status = 0;
done:
    axis_free(&across);
    axis_free(&down);
    free(sums);
    free(rows);
    return status;
}
