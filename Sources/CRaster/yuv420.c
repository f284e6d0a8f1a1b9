#include "yuv420.h"

#include <stddef.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

/* The channel sums of two 2 × 2 blocks (four pixels of each row) as 16-bit lanes: blue, green,
 * red, alpha of the first, then of the second. */
static inline __m128i block_sums2(const uint8_t *row0, const uint8_t *row1) {
    const __m128i zero = _mm_setzero_si128();
    __m128i top = _mm_loadu_si128((const __m128i *)row0);
    __m128i bottom = row1 != NULL ? _mm_loadu_si128((const __m128i *)row1) : zero;
    __m128i first = _mm_add_epi16(_mm_unpacklo_epi8(top, zero), _mm_unpacklo_epi8(bottom, zero));
    __m128i second = _mm_add_epi16(_mm_unpackhi_epi8(top, zero), _mm_unpackhi_epi8(bottom, zero));
    first = _mm_add_epi16(first, _mm_srli_si128(first, 8));
    second = _mm_add_epi16(second, _mm_srli_si128(second, 8));
    return _mm_unpacklo_epi64(first, second);
}

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

static void luma_row(const uint8_t *in, uint8_t *out, uint32_t width, uint32_t out_width) {
    uint32_t x = 0;
#if defined(__SSE2__)
    x = luma_row_wide(in, out, width);
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
                       uint32_t out_width) {
    uint32_t x = 0, blocks = (out_width + 1) / 2;
#if defined(__SSE2__)
    x = chroma_row_wide(row0, row1, u, v, width / 2);
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

/* Row pairs in turn, so the chroma pass reads the two rows the luma pass has just brought into
 * the cache. */
void raster_bgra_to_yuv420(const uint8_t *src, uint32_t src_stride, uint32_t width, uint32_t height, uint8_t *y,
                           uint32_t y_stride, uint8_t *u, uint8_t *v, uint32_t uv_stride, uint32_t out_width,
                           uint32_t out_height) {
    uint32_t blocks = (out_width + 1) / 2;
    for (uint32_t pair = 0; pair < (out_height + 1) / 2; pair++) {
        for (uint32_t row = 2 * pair; row < 2 * pair + 2 && row < out_height; row++) {
            uint8_t *out = y + (size_t)row * y_stride;
            if (row < height) {
                luma_row(src + (size_t)row * src_stride, out, width, out_width);
            } else {
                memset(out, 16, out_width);
            }
        }
        uint8_t *u_row = u + (size_t)pair * uv_stride, *v_row = v + (size_t)pair * uv_stride;
        if (2 * pair < height) {
            /* The second row: the next, black padding, or (an odd out_height's last) the first again. */
            const uint8_t *row0 = src + (size_t)(2 * pair) * src_stride;
            const uint8_t *row1 = 2 * pair + 1 == out_height ? row0 : 2 * pair + 1 < height ? row0 + src_stride : NULL;
            chroma_row(row0, row1, u_row, v_row, width, out_width);
        } else {
            memset(u_row, 128, blocks);
            memset(v_row, 128, blocks);
        }
    }
}
