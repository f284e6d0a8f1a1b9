#include "pixels.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#define PX_HAVE_AVX2_PATH 1
#endif

bool px_bgra_is_opaque(const uint8_t *bgra, int32_t width, int32_t height, size_t stride) {
    for (int32_t y = 0; y < height; y++) {
        const uint8_t *row = bgra + (size_t)y * stride;
        uint8_t all = 255;
        for (int32_t x = 0; x < width; x++) all &= row[4 * x + 3];
        if (all != 255) return false;
    }
    return true;
}

/*
 * round(c * 255 / a) with halves up is (510c + a) / (2a). The division becomes a multiply by
 * ceil(2^32 / 2a), which is exact because the numerator stays below 2^17 and 2a below 2^9.
 */
static void fill_reciprocals(uint64_t reciprocal[256]) {
    reciprocal[0] = 0;
    for (uint64_t a = 1; a < 256; a++) reciprocal[a] = ((1ull << 32) + 2 * a - 1) / (2 * a);
}

static inline uint8_t unpremultiply(uint32_t c, uint32_t a, const uint64_t reciprocal[256]) {
    uint64_t v = ((uint64_t)(510u * c + a) * reciprocal[a]) >> 32;
    return v > 255u ? 255u : (uint8_t)v;
}

/* Swaps blue and red of four opaque BGRA pixels at a time into RGBA, from pixel `x` of the row,
 * while all four are opaque; returns the first pixel it left (where a non-opaque run starts or
 * fewer than four remain). Opaque pixels need no division, and most frames are opaque. */
#if defined(PX_HAVE_AVX2_PATH)
/* The same eight pixels at a time, on CPUs with AVX2: one byte shuffle swaps red and blue. */
__attribute__((target("avx2"))) static int32_t opaque_rgba_run_avx2(const uint8_t *in, uint8_t *out, int32_t x,
                                                                    int32_t width) {
    const __m256i alpha = _mm256_set1_epi32((int)0xFF000000u);
    const __m256i order = _mm256_setr_epi8(2, 1, 0, 3, 6, 5, 4, 7, 10, 9, 8, 11, 14, 13, 12, 15, 2, 1, 0, 3, 6, 5,
                                           4, 7, 10, 9, 8, 11, 14, 13, 12, 15);
    for (; x + 8 <= width; x += 8) {
        const __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(in + 4 * (size_t)x));
        if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(_mm256_and_si256(v, alpha), alpha)) != -1) break;
        _mm256_storeu_si256((__m256i *)(void *)(out + 4 * (size_t)x), _mm256_shuffle_epi8(v, order));
    }
    return x;
}

/* A bit of the CPU description the runtime fills in at start-up: a load and a test. */
static bool cpu_has_avx2(void) { return __builtin_cpu_supports("avx2"); }
#endif

static int32_t opaque_rgba_run(const uint8_t *in, uint8_t *out, int32_t x, int32_t width, bool avx2) {
#if defined(PX_HAVE_AVX2_PATH)
    if (avx2) x = opaque_rgba_run_avx2(in, out, x, width);
#else
    (void)avx2;
#endif
#if defined(__SSE2__)
    const __m128i alpha = _mm_set1_epi32((int)0xFF000000u), green = _mm_set1_epi32(0x0000FF00);
    const __m128i low = _mm_set1_epi32(0x000000FF);
    for (; x + 4 <= width; x += 4) {
        const __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(in + 4 * (size_t)x));
        if (_mm_movemask_epi8(_mm_cmpeq_epi32(_mm_and_si128(v, alpha), alpha)) != 0xFFFF) break;
        const __m128i swapped = _mm_or_si128(
            _mm_or_si128(_mm_and_si128(v, _mm_or_si128(alpha, green)), _mm_and_si128(_mm_srli_epi32(v, 16), low)),
            _mm_slli_epi32(_mm_and_si128(v, low), 16));
        _mm_storeu_si128((__m128i *)(void *)(out + 4 * (size_t)x), swapped);
    }
#else
    (void)in;
    (void)out;
    (void)width;
#endif
    return x;
}

void px_unpremultiply_bgra(const uint8_t *src, size_t src_stride, uint8_t *dst, size_t dst_stride,
                           int32_t width, int32_t height, int32_t channels) {
    uint64_t reciprocal[256];
    fill_reciprocals(reciprocal);
#if defined(PX_HAVE_AVX2_PATH)
    const bool avx2 = cpu_has_avx2();
#else
    const bool avx2 = false;
#endif
    for (int32_t y = 0; y < height; y++) {
        const uint8_t *row_in = src + (size_t)y * src_stride;
        uint8_t *row_out = dst + (size_t)y * dst_stride;
        /* Where a run failed, the next four pixels go one by one before a run is tried again:
         * translucent areas do not pay for a failed vector try at every pixel. */
        int32_t one_by_one_until = 0;
        for (int32_t x = 0; x < width;) {
            if (channels == 4 && x >= one_by_one_until) {
                const int32_t next = opaque_rgba_run(row_in, row_out, x, width, avx2);
                if (next > x) {
                    x = next;
                    continue;
                }
                one_by_one_until = x + 4;
            }
            const uint8_t *in = row_in + 4 * (size_t)x;
            uint8_t *out = row_out + (size_t)channels * (size_t)x;
            uint8_t b = in[0], g = in[1], r = in[2], a = in[3];
            if (a == 0) {
                r = g = b = 0;
            } else if (a != 255) {
                r = unpremultiply(r, a, reciprocal);
                g = unpremultiply(g, a, reciprocal);
                b = unpremultiply(b, a, reciprocal);
            }
            out[0] = r;
            out[1] = g;
            out[2] = b;
            if (channels == 4) out[3] = a;
            x++;
        }
    }
}

void px_multiply_bgra(uint8_t *bgra, int32_t width, int32_t height, size_t stride, const uint8_t weights[4]) {
    const unsigned blue = weights[2], green = weights[1], red = weights[0], alpha = weights[3];
    for (int32_t y = 0; y < height; y++) {
        uint8_t *pixel = bgra + (size_t)y * stride;
        for (int32_t x = 0; x < width; x++, pixel += 4) {
            if (pixel[3] == 0) continue;
            pixel[0] = (uint8_t)((pixel[0] * blue + 127) / 255);
            pixel[1] = (uint8_t)((pixel[1] * green + 127) / 255);
            pixel[2] = (uint8_t)((pixel[2] * red + 127) / 255);
            pixel[3] = (uint8_t)((pixel[3] * alpha + 127) / 255);
        }
    }
}
