#include "halve.h"

#include <stddef.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static void halve_row(const uint8_t *top, const uint8_t *bottom, uint32_t width, uint8_t *out) {
    const uint32_t out_width = (width + 1) / 2;
    uint32_t x = 0;
#if defined(__SSE2__)
    /* Four output pixels a step, from eight source pixels wholly inside the row: the rows are
     * summed in 16-bit lanes (two pixels per register), each pixel's lanes added to its right
     * neighbour's, and the sums rounded and packed back to bytes. */
    const __m128i zero = _mm_setzero_si128(), two = _mm_set1_epi16(2);
    for (; 2 * x + 8 <= width; x += 4) {
        __m128i halves[2];
        for (int i = 0; i < 2; i++) {
            const __m128i t = _mm_loadu_si128((const __m128i *)(top + 8 * (size_t)x + 16 * i));
            const __m128i b = _mm_loadu_si128((const __m128i *)(bottom + 8 * (size_t)x + 16 * i));
            const __m128i low = _mm_add_epi16(_mm_unpacklo_epi8(t, zero), _mm_unpacklo_epi8(b, zero));
            const __m128i high = _mm_add_epi16(_mm_unpackhi_epi8(t, zero), _mm_unpackhi_epi8(b, zero));
            const __m128i pair = _mm_unpacklo_epi64(_mm_add_epi16(low, _mm_srli_si128(low, 8)),
                                                    _mm_add_epi16(high, _mm_srli_si128(high, 8)));
            halves[i] = _mm_srli_epi16(_mm_add_epi16(pair, two), 2);
        }
        _mm_storeu_si128((__m128i *)(out + 4 * (size_t)x), _mm_packus_epi16(halves[0], halves[1]));
    }
#endif
    for (; x < out_width; x++) {
        const size_t left = 8 * (size_t)x, right = 4 * (size_t)(2 * x + 1 < width ? 2 * x + 1 : width - 1);
        for (int c = 0; c < 4; c++) {
            out[4 * (size_t)x + c] =
                (uint8_t)((top[left + c] + top[right + c] + bottom[left + c] + bottom[right + c] + 2) >> 2);
        }
    }
}

void raster_halve(const uint8_t *src, uint32_t src_stride, uint32_t width, uint32_t height, uint8_t *dst,
                  uint32_t dst_stride) {
    const uint32_t out_height = (height + 1) / 2;
    for (uint32_t y = 0; y < out_height; y++) {
        const uint8_t *top = src + (size_t)(2 * y) * src_stride;
        const uint8_t *bottom = src + (size_t)(2 * y + 1 < height ? 2 * y + 1 : height - 1) * src_stride;
        halve_row(top, bottom, width, dst + (size_t)y * dst_stride);
    }
}
