#include "yuv420.h"

#include <stddef.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#define YUV_HAVE_AVX2_PATH 1
#endif

/* The paths, each computing the bytes of the one before it in the same integers. */
enum { path_plain = 0, path_sse2 = 1, path_avx2 = 2 };

/* BT.709 in TV range, in multiples of 2⁻¹⁵: luma's 219/255 × (0.2126, 0.7152, 0.0722), and
 * chroma's 224/255 × (−0.2126, −0.7152, 0.9278)/1.8556 and (0.7874, −0.7152, −0.0722)/1.5748.
 * Each chroma triple sums to zero (V's blue rounded towards it), so greys have no colour. */
enum {
    luma_red = 5983, luma_green = 20127, luma_blue = 2032,
    blue_red = -3298, blue_green = -11094, blue_blue = 14392,
    red_red = 14392, red_green = -13073, red_blue = -1319,
};
/* 16 and the half for rounding, in luma's fixed point; 128 and the half in chroma's, whose
 * sums are of four pixels (two more bits). */
enum { luma_offset = (16 << 15) + (1 << 14), chroma_offset = (128 << 17) + (1 << 16) };

static inline uint8_t luma(int red, int green, int blue) {
    return (uint8_t)((luma_red * red + luma_green * green + luma_blue * blue + luma_offset) >> 15);
}

/* From the sums of a 2 × 2 block's channels. */
static inline uint8_t chroma_blue(int red, int green, int blue) {
    return (uint8_t)((blue_red * red + blue_green * green + blue_blue * blue + chroma_offset) >> 17);
}

static inline uint8_t chroma_red(int red, int green, int blue) {
    return (uint8_t)((red_red * red + red_green * green + red_blue * blue + chroma_offset) >> 17);
}

#if defined(__SSE2__)
/* Two multiply-adds give each pixel's weighted blue + green and red (+ alpha × 0) as pairs of
 * 32-bit lanes; the pairs of four pixels are then gathered into even and odd lanes and added. */
static inline __m128i weigh4(__m128i low_pair, __m128i high_pair, __m128i weights) {
    __m128 low = _mm_castsi128_ps(_mm_madd_epi16(low_pair, weights));
    __m128 high = _mm_castsi128_ps(_mm_madd_epi16(high_pair, weights));
    __m128i even = _mm_castps_si128(_mm_shuffle_ps(low, high, _MM_SHUFFLE(2, 0, 2, 0)));
    __m128i odd = _mm_castps_si128(_mm_shuffle_ps(low, high, _MM_SHUFFLE(3, 1, 3, 1)));
    return _mm_add_epi32(even, odd);
}

/* The luma of four pixels, as 32-bit lanes. */
static inline __m128i luma4(const uint8_t *in, __m128i weights) {
    const __m128i zero = _mm_setzero_si128();
    __m128i pixels = _mm_loadu_si128((const __m128i *)in);
    __m128i sums = weigh4(_mm_unpacklo_epi8(pixels, zero), _mm_unpackhi_epi8(pixels, zero), weights);
    return _mm_srai_epi32(_mm_add_epi32(sums, _mm_set1_epi32(luma_offset)), 15);
}

/* Returns how many pixels of the row it converted: a multiple of 16. */
static uint32_t luma_row_wide(const uint8_t *in, uint8_t *out, uint32_t width) {
    const __m128i weights = _mm_setr_epi16(luma_blue, luma_green, luma_red, 0, luma_blue, luma_green, luma_red, 0);
    uint32_t x = 0;
    for (; x + 16 <= width; x += 16) {
        const uint8_t *p = in + 4 * (size_t)x;
        __m128i low = _mm_packs_epi32(luma4(p, weights), luma4(p + 16, weights));
        __m128i high = _mm_packs_epi32(luma4(p + 32, weights), luma4(p + 48, weights));
        _mm_storeu_si128((__m128i *)(out + x), _mm_packus_epi16(low, high));
    }
    return x;
}

/* The channel sums of 2 × 2 blocks as 16-bit lanes, from a vector's width of pixels of each row
 * (no second row: zeros): blue, green, red, alpha of one block, then of the next. SSE2's and
 * AVX2's intrinsics have the same names but for their prefix (`mm`) and vector type (`si`), and
 * AVX2's work within 128-bit halves: the same steps make two blocks of SSE2's four pixels a row
 * and four (two in each half) of AVX2's eight. */
#define BLOCK_SUMS(name, attributes, vector, mm, si)                                                   \
    attributes static inline vector name(const uint8_t *row0, const uint8_t *row1) {                   \
        const vector zero = mm##_setzero_##si();                                                       \
        vector top = mm##_loadu_##si((const vector *)row0);                                            \
        vector bottom = row1 != NULL ? mm##_loadu_##si((const vector *)row1) : zero;                   \
        vector first = mm##_add_epi16(mm##_unpacklo_epi8(top, zero), mm##_unpacklo_epi8(bottom, zero)); \
        vector second = mm##_add_epi16(mm##_unpackhi_epi8(top, zero), mm##_unpackhi_epi8(bottom, zero)); \
        first = mm##_add_epi16(first, mm##_srli_##si(first, 8));                                       \
        second = mm##_add_epi16(second, mm##_srli_##si(second, 8));                                    \
        return mm##_unpacklo_epi64(first, second);                                                     \
    }

BLOCK_SUMS(block_sums2, , __m128i, _mm, si128)

/* Returns how many blocks of the row pair it converted: a multiple of 8. */
static uint32_t chroma_row_wide(const uint8_t *row0, const uint8_t *row1, uint8_t *u, uint8_t *v,
                                uint32_t whole_blocks) {
    const __m128i blue_weights =
        _mm_setr_epi16(blue_blue, blue_green, blue_red, 0, blue_blue, blue_green, blue_red, 0);
    const __m128i red_weights = _mm_setr_epi16(red_blue, red_green, red_red, 0, red_blue, red_green, red_red, 0);
    const __m128i offset = _mm_set1_epi32(chroma_offset);
    uint32_t x = 0;
    for (; x + 8 <= whole_blocks; x += 8) {
        __m128i blue[2], red[2];
        for (int half = 0; half < 2; half++) {
            size_t at = 8 * ((size_t)x + 4 * (size_t)half);
            __m128i blocks01 = block_sums2(row0 + at, row1 != NULL ? row1 + at : NULL);
            __m128i blocks23 = block_sums2(row0 + at + 16, row1 != NULL ? row1 + at + 16 : NULL);
            blue[half] = _mm_srai_epi32(_mm_add_epi32(weigh4(blocks01, blocks23, blue_weights), offset), 17);
            red[half] = _mm_srai_epi32(_mm_add_epi32(weigh4(blocks01, blocks23, red_weights), offset), 17);
        }
        __m128i blues = _mm_packs_epi32(blue[0], blue[1]), reds = _mm_packs_epi32(red[0], red[1]);
        _mm_storel_epi64((__m128i *)(u + x), _mm_packus_epi16(blues, blues));
        _mm_storel_epi64((__m128i *)(v + x), _mm_packus_epi16(reds, reds));
    }
    return x;
}
#endif

#if defined(YUV_HAVE_AVX2_PATH)
#define AVX2 __attribute__((target("avx2")))

/* weigh4 on two sets of four pixels, one in each 128-bit half. */
AVX2 static inline __m256i weigh8(__m256i low_pair, __m256i high_pair, __m256i weights) {
    __m256 low = _mm256_castsi256_ps(_mm256_madd_epi16(low_pair, weights));
    __m256 high = _mm256_castsi256_ps(_mm256_madd_epi16(high_pair, weights));
    __m256i even = _mm256_castps_si256(_mm256_shuffle_ps(low, high, _MM_SHUFFLE(2, 0, 2, 0)));
    __m256i odd = _mm256_castps_si256(_mm256_shuffle_ps(low, high, _MM_SHUFFLE(3, 1, 3, 1)));
    return _mm256_add_epi32(even, odd);
}

/* The luma of eight pixels, in order, as 32-bit lanes. */
AVX2 static inline __m256i luma8(const uint8_t *in, __m256i weights) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i pixels = _mm256_loadu_si256((const __m256i *)in);
    __m256i sums = weigh8(_mm256_unpacklo_epi8(pixels, zero), _mm256_unpackhi_epi8(pixels, zero), weights);
    return _mm256_srai_epi32(_mm256_add_epi32(sums, _mm256_set1_epi32(luma_offset)), 15);
}

/* The packs work within 128-bit halves; this puts their 64-bit quarters back in order. */
#define IN_ORDER(v) _mm256_permute4x64_epi64((v), _MM_SHUFFLE(3, 1, 2, 0))

/* Returns how many pixels of the row it converted: a multiple of 32. */
AVX2 static uint32_t luma_row_avx2(const uint8_t *in, uint8_t *out, uint32_t width) {
    const __m256i weights = _mm256_setr_epi16(luma_blue, luma_green, luma_red, 0, luma_blue, luma_green, luma_red, 0,
                                              luma_blue, luma_green, luma_red, 0, luma_blue, luma_green, luma_red, 0);
    uint32_t x = 0;
    for (; x + 32 <= width; x += 32) {
        const uint8_t *p = in + 4 * (size_t)x;
        __m256i low = IN_ORDER(_mm256_packs_epi32(luma8(p, weights), luma8(p + 32, weights)));
        __m256i high = IN_ORDER(_mm256_packs_epi32(luma8(p + 64, weights), luma8(p + 96, weights)));
        _mm256_storeu_si256((__m256i *)(out + x), IN_ORDER(_mm256_packus_epi16(low, high)));
    }
    return x;
}

/* Blocks 0 and 1 in the low half, 2 and 3 in the high. */
BLOCK_SUMS(block_sums4, AVX2, __m256i, _mm256, si256)

/* Eight chroma samples (32-bit lanes, in order) of the eight blocks whose sums are `early`
 * (blocks 0–3) and `late` (4–7). */
AVX2 static inline __m256i chroma8(__m256i early, __m256i late, __m256i weights) {
    __m256i pairs01 = _mm256_permute2x128_si256(early, late, 0x20), pairs23 = _mm256_permute2x128_si256(early, late, 0x31);
    __m256i sums = weigh8(pairs01, pairs23, weights);
    return _mm256_srai_epi32(_mm256_add_epi32(sums, _mm256_set1_epi32(chroma_offset)), 17);
}

/* Eight 32-bit samples as eight bytes. */
AVX2 static inline void store8(uint8_t *out, __m256i samples) {
    __m256i words = IN_ORDER(_mm256_packs_epi32(samples, samples));
    _mm_storel_epi64((__m128i *)out, _mm256_castsi256_si128(_mm256_packus_epi16(words, words)));
}

/* Returns how many blocks of the row pair it converted: a multiple of 8. */
AVX2 static uint32_t chroma_row_avx2(const uint8_t *row0, const uint8_t *row1, uint8_t *u, uint8_t *v,
                                     uint32_t whole_blocks) {
    const __m256i blue_weights =
        _mm256_setr_epi16(blue_blue, blue_green, blue_red, 0, blue_blue, blue_green, blue_red, 0, blue_blue,
                          blue_green, blue_red, 0, blue_blue, blue_green, blue_red, 0);
    const __m256i red_weights = _mm256_setr_epi16(red_blue, red_green, red_red, 0, red_blue, red_green, red_red, 0,
                                                  red_blue, red_green, red_red, 0, red_blue, red_green, red_red, 0);
    uint32_t x = 0;
    for (; x + 8 <= whole_blocks; x += 8) {
        size_t at = 8 * (size_t)x;
        __m256i early = block_sums4(row0 + at, row1 != NULL ? row1 + at : NULL);
        __m256i late = block_sums4(row0 + at + 32, row1 != NULL ? row1 + at + 32 : NULL);
        store8(u + x, chroma8(early, late, blue_weights));
        store8(v + x, chroma8(early, late, red_weights));
    }
    return x;
}
#endif

static void luma_row(const uint8_t *in, uint8_t *out, uint32_t width, uint32_t out_width, int path) {
    uint32_t x = 0;
#if defined(YUV_HAVE_AVX2_PATH)
    if (path >= path_avx2) x = luma_row_avx2(in, out, width);
#endif
#if defined(__SSE2__)
    if (path >= path_sse2) x += luma_row_wide(in + 4 * (size_t)x, out + x, width - x);
#endif
    for (; x < width; x++) {
        const uint8_t *p = in + 4 * (size_t)x;
        out[x] = luma(p[2], p[1], p[0]);
    }
    memset(out + width, 16, out_width - width);
}

/* `row1` is NULL where the block's second row is black padding. Columns past `width` are black
 * padding up to `out_width`; an odd `out_width` leaves the last block one column, counted twice. */
static void chroma_row(const uint8_t *row0, const uint8_t *row1, uint8_t *u, uint8_t *v, uint32_t width,
                       uint32_t out_width, int path) {
    uint32_t x = 0, blocks = (out_width + 1) / 2;
#if defined(YUV_HAVE_AVX2_PATH)
    if (path >= path_avx2) x = chroma_row_avx2(row0, row1, u, v, width / 2);
#endif
#if defined(__SSE2__)
    if (path >= path_sse2) {
        x += chroma_row_wide(row0 + 8 * (size_t)x, row1 != NULL ? row1 + 8 * (size_t)x : NULL, u + x, v + x,
                             width / 2 - x);
    }
#endif
    for (; x < blocks; x++) {
        int sums[3] = {0, 0, 0};
        for (uint32_t column = 2 * x; column < 2 * x + 2; column++) {
            uint32_t source = column < out_width ? column : 2 * x;
            if (source >= width) continue;
            for (int channel = 0; channel < 3; channel++) {
                sums[channel] += row0[4 * (size_t)source + channel];
                if (row1 != NULL) sums[channel] += row1[4 * (size_t)source + channel];
            }
        }
        u[x] = chroma_blue(sums[2], sums[1], sums[0]);
        v[x] = chroma_red(sums[2], sums[1], sums[0]);
    }
}

/* The widest path this build and CPU have, at most `path`. */
static int usable(int path) {
#if defined(YUV_HAVE_AVX2_PATH)
    if (path >= path_avx2 && __builtin_cpu_supports("avx2")) return path_avx2;
#endif
#if defined(__SSE2__)
    if (path >= path_sse2) return path_sse2;
#endif
    return path_plain;
}

void raster_bgra_to_yuv420(const uint8_t *src, uint32_t src_stride, uint32_t width, uint32_t height, uint8_t *y,
                           uint32_t y_stride, uint8_t *u, uint8_t *v, uint32_t uv_stride, uint32_t out_width,
                           uint32_t out_height) {
    raster_bgra_to_yuv420_on(path_avx2, src, src_stride, width, height, y, y_stride, u, v, uv_stride, out_width,
                             out_height);
}

/* Row pairs in turn, so the chroma pass reads the two rows the luma pass has just brought into
 * the cache. */
void raster_bgra_to_yuv420_on(int path, const uint8_t *src, uint32_t src_stride, uint32_t width, uint32_t height,
                              uint8_t *y, uint32_t y_stride, uint8_t *u, uint8_t *v, uint32_t uv_stride,
                              uint32_t out_width, uint32_t out_height) {
    path = usable(path);
    uint32_t blocks = (out_width + 1) / 2;
    for (uint32_t pair = 0; pair < (out_height + 1) / 2; pair++) {
        for (uint32_t row = 2 * pair; row < 2 * pair + 2 && row < out_height; row++) {
            uint8_t *out = y + (size_t)row * y_stride;
            if (row < height) {
                luma_row(src + (size_t)row * src_stride, out, width, out_width, path);
            } else {
                memset(out, 16, out_width);
            }
        }
        uint8_t *u_row = u + (size_t)pair * uv_stride, *v_row = v + (size_t)pair * uv_stride;
        if (2 * pair < height) {
            /* The second row: the next, black padding, or (an odd out_height's last) the first again. */
            const uint8_t *row0 = src + (size_t)(2 * pair) * src_stride;
            const uint8_t *row1 = 2 * pair + 1 == out_height ? row0 : 2 * pair + 1 < height ? row0 + src_stride : NULL;
            chroma_row(row0, row1, u_row, v_row, width, out_width, path);
        } else {
            memset(u_row, 128, blocks);
            memset(v_row, 128, blocks);
        }
    }
}
