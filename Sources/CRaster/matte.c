#include "matte.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "pixels are read as B, G, R, A bytes");

/* Rec. 709's luma coefficients in 15-bit fixed point (they fit signed 16-bit multipliers);
 * they sum to 32768, so white stays 255. */
enum { LUMA_R = 6966, LUMA_G = 23436, LUMA_B = 2366 };

static inline uint32_t coverage_of(uint32_t word, int luma, uint32_t flip) {
    uint32_t value;
    if (luma) {
        const uint32_t r = (word >> 16) & 0xff, g = (word >> 8) & 0xff, b = word & 0xff;
        value = (r * LUMA_R + g * LUMA_G + b * LUMA_B + 16384) >> 15;
    } else {
        value = word >> 24;
    }
    return value ^ flip;
}

/* x · c / 255 rounded to nearest, for x and c in 0…255. */
static inline uint32_t scale(uint32_t x, uint32_t c) {
    const uint32_t t = x * c + 128;
    return (t + (t >> 8)) >> 8;
}

static inline void apply_pixel(uint8_t *pixel, const uint8_t *cut, int luma, uint32_t flip) {
    uint32_t word, value;
    memcpy(&word, cut, 4);
    memcpy(&value, pixel, 4);
    const uint32_t c = coverage_of(word, luma, flip);
    value = scale(value >> 24, c) << 24 | scale((value >> 16) & 0xff, c) << 16 | scale((value >> 8) & 0xff, c) << 8 |
            scale(value & 0xff, c);
    memcpy(pixel, &value, 4);
}

#if defined(__SSE2__)
/* The coverages of four matte pixels `m` in 32-bit lanes, as coverage_of finds them. */
static inline __m128i coverage_of_four(__m128i m, int luma, __m128i flip) {
    __m128i c;
    if (luma) {
        const __m128i zero = _mm_setzero_si128();
        const __m128i weights = _mm_set_epi16(0, LUMA_R, LUMA_G, LUMA_B, 0, LUMA_R, LUMA_G, LUMA_B);
        /* Per pixel, B·wB + G·wG and R·wR in neighbouring lanes, added. */
        const __m128i low = _mm_madd_epi16(_mm_unpacklo_epi8(m, zero), weights);
        const __m128i high = _mm_madd_epi16(_mm_unpackhi_epi8(m, zero), weights);
        const __m128i low_sums = _mm_add_epi32(low, _mm_shuffle_epi32(low, _MM_SHUFFLE(2, 3, 0, 1)));
        const __m128i high_sums = _mm_add_epi32(high, _mm_shuffle_epi32(high, _MM_SHUFFLE(2, 3, 0, 1)));
        const __m128i sums = _mm_castps_si128(
            _mm_shuffle_ps(_mm_castsi128_ps(low_sums), _mm_castsi128_ps(high_sums), _MM_SHUFFLE(2, 0, 2, 0)));
        c = _mm_srli_epi32(_mm_add_epi32(sums, _mm_set1_epi32(16384)), 15);
    } else {
        c = _mm_srli_epi32(m, 24);
    }
    return _mm_xor_si128(c, flip);
}

static inline __m128i coverage_four(const uint8_t *cut, int luma, __m128i flip) {
    return coverage_of_four(_mm_loadu_si128((const __m128i *)cut), luma, flip);
}

/* x · c / 255 rounded to nearest in each 16-bit lane, as scale() finds it. */
static inline __m128i scale_lanes(__m128i x, __m128i c) {
    const __m128i t = _mm_add_epi16(_mm_mullo_epi16(x, c), _mm_set1_epi16(128));
    return _mm_srli_epi16(_mm_add_epi16(t, _mm_srli_epi16(t, 8)), 8);
}

/* Four pixels at once, with the same arithmetic as apply_pixel. */
static inline void apply_four(uint8_t *pixels, const uint8_t *cut, int luma, __m128i flip) {
    const __m128i zero = _mm_setzero_si128();
    const __m128i c = coverage_four(cut, luma, flip);
    /* Each pixel's coverage in the four 16-bit lanes of its channels. */
    const __m128i doubled = _mm_or_si128(c, _mm_slli_epi32(c, 16));
    const __m128i p = _mm_loadu_si128((const __m128i *)pixels);
    const __m128i low = scale_lanes(_mm_unpacklo_epi8(p, zero), _mm_unpacklo_epi32(doubled, doubled));
    const __m128i high = scale_lanes(_mm_unpackhi_epi8(p, zero), _mm_unpackhi_epi32(doubled, doubled));
    _mm_storeu_si128((__m128i *)pixels, _mm_packus_epi16(low, high));
}

/* Each pixel's alpha lane (the fourth of its four 16-bit lanes) in all four. */
static inline __m128i alpha_lanes(__m128i x) {
    return _mm_shufflehi_epi16(_mm_shufflelo_epi16(x, _MM_SHUFFLE(3, 3, 3, 3)), _MM_SHUFFLE(3, 3, 3, 3));
}

/* Four source pixels `s` through coverages `c` (32-bit lanes) over four of `dst`, with the same
 * arithmetic as over_pixel. */
static inline void over_four(uint8_t *dst, __m128i s, __m128i c) {
    const __m128i zero = _mm_setzero_si128(), full = _mm_set1_epi16(255);
    const __m128i doubled = _mm_or_si128(c, _mm_slli_epi32(c, 16));
    const __m128i d = _mm_loadu_si128((const __m128i *)dst);
    const __m128i s_low = scale_lanes(_mm_unpacklo_epi8(s, zero), _mm_unpacklo_epi32(doubled, doubled));
    const __m128i s_high = scale_lanes(_mm_unpackhi_epi8(s, zero), _mm_unpackhi_epi32(doubled, doubled));
    const __m128i d_low = scale_lanes(_mm_unpacklo_epi8(d, zero), _mm_sub_epi16(full, alpha_lanes(s_low)));
    const __m128i d_high = scale_lanes(_mm_unpackhi_epi8(d, zero), _mm_sub_epi16(full, alpha_lanes(s_high)));
    _mm_storeu_si128((__m128i *)dst, _mm_packus_epi16(_mm_add_epi16(s_low, d_low), _mm_add_epi16(s_high, d_high)));
}

/* The coverages of sixteen pixels scaled by the opacity (in each 32-bit lane), as bytes. */
static inline void coverage_sixteen(uint8_t *out, const uint8_t *cut, int luma, __m128i flip, __m128i opacity) {
    __m128i c[4];
    for (int i = 0; i < 4; i++) c[i] = scale_lanes(coverage_four(cut + 16 * i, luma, flip), opacity);
    _mm_storeu_si128((__m128i *)out, _mm_packus_epi16(_mm_packs_epi32(c[0], c[1]), _mm_packs_epi32(c[2], c[3])));
}
#endif

void raster_matte_coverage_rows(const uint8_t *matte, uint32_t matte_stride, uint32_t width, uint32_t height,
                                raster_matte_mode mode, uint8_t opacity, uint8_t *coverage, uint32_t coverage_stride) {
    const int luma = mode == RASTER_MATTE_LUMA || mode == RASTER_MATTE_LUMA_INVERTED;
    const uint32_t flip = (mode == RASTER_MATTE_ALPHA_INVERTED || mode == RASTER_MATTE_LUMA_INVERTED) ? 255 : 0;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *m = matte + (size_t)y * matte_stride;
        uint8_t *out = coverage + (size_t)y * coverage_stride;
        uint32_t x = 0;
#if defined(__SSE2__)
        const __m128i flips = _mm_set1_epi32((int)flip), opacities = _mm_set1_epi32(opacity);
        for (; x + 16 <= width; x += 16) coverage_sixteen(out + x, m + 4 * (size_t)x, luma, flips, opacities);
#endif
        for (; x < width; x++) {
            uint32_t word;
            memcpy(&word, m + 4 * (size_t)x, 4);
            out[x] = (uint8_t)scale(coverage_of(word, luma, flip), opacity);
        }
    }
}

/* One source pixel `s` through coverage `c` over one of `dst`: the source scaled by c, then the
 * destination by what the scaled source's alpha leaves, the two added. */
static inline void over_pixel(uint8_t *dst, uint32_t s, uint32_t c) {
    uint32_t d;
    memcpy(&d, dst, 4);
    uint32_t out = 0;
    const uint32_t left = 255 - scale(s >> 24, c);
    for (int shift = 0; shift < 32; shift += 8) {
        /* At most 255 unless a colour exceeds its alpha; held there as the vectors' packing holds it. */
        const uint32_t sum = scale((s >> shift) & 0xff, c) + scale((d >> shift) & 0xff, left);
        out |= (sum > 255 ? 255 : sum) << shift;
    }
    memcpy(dst, &out, 4);
}

void raster_matte_over(uint8_t *dst, uint32_t dst_stride, const uint8_t *src, uint32_t src_stride, int src_opaque,
                       const uint8_t *matte, uint32_t matte_stride, uint32_t width, uint32_t height,
                       raster_matte_mode mode, uint8_t opacity) {
    const uint32_t set_alpha = src_opaque ? 0xff000000u : 0;
    const int luma = mode == RASTER_MATTE_LUMA || mode == RASTER_MATTE_LUMA_INVERTED;
    const uint32_t flip = (mode == RASTER_MATTE_ALPHA_INVERTED || mode == RASTER_MATTE_LUMA_INVERTED) ? 255 : 0;
    for (uint32_t y = 0; y < height; y++) {
        uint8_t *out = dst + (size_t)y * dst_stride;
        const uint8_t *in = src + (size_t)y * src_stride;
        const uint8_t *cut = matte + (size_t)y * matte_stride;
        uint32_t x = 0;
#if defined(__SSE2__)
        const __m128i flips = _mm_set1_epi32((int)flip), opacities = _mm_set1_epi32(opacity);
        const __m128i zero = _mm_setzero_si128(), opaque = _mm_set1_epi32((int)0xff000000u);
        for (; x + 4 <= width; x += 4) {
            const __m128i m = _mm_loadu_si128((const __m128i *)(cut + 4 * (size_t)x));
            /* Nothing shows where no pixel is covered (a transparent matte pixel covers nothing
             * unless the mode inverts); a source fully covered and opaque is itself. */
            if (!flip && _mm_movemask_epi8(_mm_cmpeq_epi32(m, zero)) == 0xffff) continue;
            const __m128i c = scale_lanes(coverage_of_four(m, luma, flips), opacities);
            if (_mm_movemask_epi8(_mm_cmpeq_epi32(c, zero)) == 0xffff) continue;
            const __m128i s =
                _mm_or_si128(_mm_loadu_si128((const __m128i *)(in + 4 * (size_t)x)), _mm_set1_epi32((int)set_alpha));
            if (_mm_movemask_epi8(_mm_cmpeq_epi32(c, _mm_set1_epi32(255))) == 0xffff &&
                _mm_movemask_epi8(_mm_cmpeq_epi32(_mm_and_si128(s, opaque), opaque)) == 0xffff) {
                _mm_storeu_si128((__m128i *)(out + 4 * (size_t)x), s);
                continue;
            }
            over_four(out + 4 * (size_t)x, s, c);
        }
#endif
        for (; x < width; x++) {
            uint32_t word, s;
            memcpy(&word, cut + 4 * (size_t)x, 4);
            memcpy(&s, in + 4 * (size_t)x, 4);
            const uint32_t c = scale(coverage_of(word, luma, flip), opacity);
            if (c != 0) over_pixel(out + 4 * (size_t)x, s | set_alpha, c);
        }
    }
}

void raster_matte_apply(uint8_t *layer, uint32_t layer_stride, const uint8_t *matte, uint32_t matte_stride,
                        uint32_t width, uint32_t height, raster_matte_mode mode) {
    const int luma = mode == RASTER_MATTE_LUMA || mode == RASTER_MATTE_LUMA_INVERTED;
    const uint32_t flip = (mode == RASTER_MATTE_ALPHA_INVERTED || mode == RASTER_MATTE_LUMA_INVERTED) ? 255 : 0;
    for (uint32_t y = 0; y < height; y++) {
        uint8_t *row = layer + (size_t)y * layer_stride;
        const uint8_t *cut = matte + (size_t)y * matte_stride;
        uint32_t x = 0;
#if defined(__SSE2__)
        const __m128i flips = _mm_set1_epi32((int)flip);
        for (; x + 4 <= width; x += 4) apply_four(row + 4 * (size_t)x, cut + 4 * (size_t)x, luma, flips);
#endif
        for (; x < width; x++) apply_pixel(row + 4 * (size_t)x, cut + 4 * (size_t)x, luma, flip);
    }
}
