#include "pixels.h"

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

void px_unpremultiply_bgra(const uint8_t *src, size_t src_stride, uint8_t *dst, size_t dst_stride,
                           int32_t width, int32_t height, int32_t channels) {
    uint64_t reciprocal[256];
    fill_reciprocals(reciprocal);
    for (int32_t y = 0; y < height; y++) {
        const uint8_t *in = src + (size_t)y * src_stride;
        uint8_t *out = dst + (size_t)y * dst_stride;
        for (int32_t x = 0; x < width; x++, in += 4, out += channels) {
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
        }
    }
}
