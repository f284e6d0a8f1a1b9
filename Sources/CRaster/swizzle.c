#include "swizzle.h"

#include <stddef.h>

/* Byte by byte, reading a whole pixel before writing it, so in place works; compilers turn the
 * loop into vector shuffles. */
void raster_swap_red_blue(const uint8_t *src, uint32_t src_stride, uint8_t *dst, uint32_t dst_stride,
                          uint32_t width, uint32_t height) {
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *in = src + (size_t)y * src_stride;
        uint8_t *out = dst + (size_t)y * dst_stride;
        for (uint32_t x = 0; x < width; x++) {
            uint8_t b = in[4 * x], g = in[4 * x + 1], r = in[4 * x + 2], a = in[4 * x + 3];
            out[4 * x] = r;
            out[4 * x + 1] = g;
            out[4 * x + 2] = b;
            out[4 * x + 3] = a;
        }
    }
}
