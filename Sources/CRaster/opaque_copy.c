#include "opaque_copy.h"

#include "swizzle.h"

#include <stddef.h>
#include <string.h>

/* Row by row, so a translucent image is found out after one row, not after a whole frame. */
uint32_t raster_copy_opaque_rows(const uint8_t *src, uint32_t src_stride, uint8_t *dst, uint32_t dst_stride,
                                 uint32_t width, uint32_t height, bool swap_red_blue) {
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *in = src + (size_t)y * src_stride;
        uint8_t *out = dst + (size_t)y * dst_stride;
        if (swap_red_blue)
            raster_swap_red_blue(in, src_stride, out, dst_stride, width, 1);
        else
            memcpy(out, in, (size_t)width * 4);
        if (!raster_rows_opaque(in, src_stride, width, 1)) return y;
    }
    return height;
}

bool raster_rows_opaque(const uint8_t *pixels, uint32_t stride, uint32_t width, uint32_t height) {
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *row = pixels + (size_t)y * stride;
        /* Whole pixels ANDed together (a loop the compiler vectorises); the fourth byte of the
         * result is the AND of every alpha. */
        uint32_t all = 0xffffffffu;
        for (uint32_t x = 0; x < width; x++) {
            uint32_t pixel;
            memcpy(&pixel, row + 4 * (size_t)x, 4);
            all &= pixel;
        }
        uint8_t bytes[4];
        memcpy(bytes, &all, 4);
        if (bytes[3] != 255) return false;
    }
    return true;
}
