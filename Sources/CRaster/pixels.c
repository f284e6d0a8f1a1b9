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

/* round(c * 255 / a) with halves up, in integers: (2·255·c + a) / (2a). */
static inline uint8_t unpremultiply(uint32_t c, uint32_t a) {
    uint32_t v = (510u * c + a) / (2u * a);
    return v > 255u ? 255u : (uint8_t)v;
}

void px_unpremultiply_bgra(const uint8_t *src, size_t src_stride, uint8_t *dst, size_t dst_stride,
                           int32_t width, int32_t height, int32_t channels) {
    for (int32_t y = 0; y < height; y++) {
        const uint8_t *in = src + (size_t)y * src_stride;
        uint8_t *out = dst + (size_t)y * dst_stride;
        for (int32_t x = 0; x < width; x++, in += 4, out += channels) {
            uint8_t b = in[0], g = in[1], r = in[2], a = in[3];
            if (a == 0) {
                r = g = b = 0;
            } else if (a != 255) {
                r = unpremultiply(r, a);
                g = unpremultiply(g, a);
                b = unpremultiply(b, a);
            }
            out[0] = r;
            out[1] = g;
            out[2] = b;
            if (channels == 4) out[3] = a;
        }
    }
}
