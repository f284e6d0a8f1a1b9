#include "matte.h"

#include <string.h>

/* Rec. 709's luma coefficients in 16-bit fixed point; they sum to 65536, so white stays 255. */
enum { LUMA_R = 13933, LUMA_G = 46871, LUMA_B = 4732 };

void raster_matte_coverage(const uint8_t *picture, uint32_t picture_stride, uint32_t width, uint32_t height,
                           raster_matte_mode mode, uint8_t *coverage, uint32_t coverage_stride) {
    const int luma = mode == RASTER_MATTE_LUMA || mode == RASTER_MATTE_LUMA_INVERTED;
    const uint8_t flip = (mode == RASTER_MATTE_ALPHA_INVERTED || mode == RASTER_MATTE_LUMA_INVERTED) ? 255 : 0;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *row = picture + (size_t)y * picture_stride;
        uint8_t *out = coverage + (size_t)y * coverage_stride;
        for (uint32_t x = 0; x < width; x++) {
            uint32_t word;
            memcpy(&word, row + 4 * (size_t)x, 4);
            uint32_t value;
            if (luma) {
                const uint32_t r = (word >> 16) & 0xff, g = (word >> 8) & 0xff, b = word & 0xff;
                value = (r * LUMA_R + g * LUMA_G + b * LUMA_B + 32768) >> 16;
            } else {
                value = word >> 24;
            }
            out[x] = (uint8_t)(value ^ flip);
        }
    }
}
