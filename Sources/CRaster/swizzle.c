#include "swizzle.h"

#include <stddef.h>
#include <string.h>

/* A pixel as one little-endian word swaps bytes 0 and 2 with shifts and masks, which compilers
 * vectorise four pixels at a time even without byte shuffles (a byte loop they do one by one). */
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "pixels are read as little-endian words");

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

/* Eight pixels at a time with one byte shuffle, on CPUs with AVX2; returns the pixels done. */
__attribute__((target("avx2"))) static uint32_t swap_row_avx2(const uint8_t *in, uint8_t *out, uint32_t width) {
    const __m256i order = _mm256_setr_epi8(2, 1, 0, 3, 6, 5, 4, 7, 10, 9, 8, 11, 14, 13, 12, 15, 2, 1, 0, 3, 6, 5,
                                           4, 7, 10, 9, 8, 11, 14, 13, 12, 15);
    uint32_t x = 0;
    for (; x + 8 <= width; x += 8) {
        const __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(in + 4 * (size_t)x));
        _mm256_storeu_si256((__m256i *)(void *)(out + 4 * (size_t)x), _mm256_shuffle_epi8(v, order));
    }
    return x;
}
#define SWAP_ROW_AVX2(in, out, width) (__builtin_cpu_supports("avx2") ? swap_row_avx2(in, out, width) : 0)
#else
#define SWAP_ROW_AVX2(in, out, width) 0u
#endif

/* Each pixel is read whole before it is written, so in place works. */
void raster_swap_red_blue(const uint8_t *src, uint32_t src_stride, uint8_t *dst, uint32_t dst_stride,
                          uint32_t width, uint32_t height) {
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *in = src + (size_t)y * src_stride;
        uint8_t *out = dst + (size_t)y * dst_stride;
        for (uint32_t x = SWAP_ROW_AVX2(in, out, width); x < width; x++) {
            uint32_t p;
            memcpy(&p, in + 4 * (size_t)x, 4);
            p = (p & 0xff00ff00u) | ((p >> 16) & 0xffu) | ((p & 0xffu) << 16);
            memcpy(out + 4 * (size_t)x, &p, 4);
        }
    }
}
