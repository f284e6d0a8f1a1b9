#include "swizzle.h"

#include <stddef.h>
#include <string.h>

/* A pixel as one little-endian word swaps bytes 0 and 2 with shifts and masks, which compilers
 * vectorise four pixels at a time even without byte shuffles (a byte loop they do one by one). */
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "pixels are read as little-endian words");

/* Each pixel is read whole before it is written, so in place works. */
void raster_swap_red_blue(const uint8_t *src, uint32_t src_stride, uint8_t *dst, uint32_t dst_stride,
                          uint32_t width, uint32_t height) {
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *in = src + (size_t)y * src_stride;
        uint8_t *out = dst + (size_t)y * dst_stride;
        for (uint32_t x = 0; x < width; x++) {
            uint32_t p;
            memcpy(&p, in + 4 * (size_t)x, 4);
            p = (p & 0xff00ff00u) | ((p >> 16) & 0xffu) | ((p & 0xffu) << 16);
            memcpy(out + 4 * (size_t)x, &p, 4);
        }
    }
}
