#include "projection.h"

#include <math.h>
#include <string.h>

/* The source pixel at (x, y), or transparent outside the image. */
static inline uint32_t texel(const uint8_t *source, int width, int height, int stride, int x, int y) {
    if (x < 0 || y < 0 || x >= width || y >= height) return 0;
    uint32_t value;
    memcpy(&value, source + (size_t)y * (size_t)stride + (size_t)x * 4, 4);
    return value;
}

void raster_project_bilinear(
    const uint8_t *source, int width, int height, int source_stride, uint8_t *target, int target_stride,
    int x0, int y0, int x1, int y1, const double inverse[9]) {
    for (int y = y0; y < y1; y++) {
        uint8_t *row = target + (size_t)y * (size_t)target_stride;
        double cy = y + 0.5;
        for (int x = x0; x < x1; x++) {
            double cx = x + 0.5;
            double w = inverse[6] * cx + inverse[7] * cy + inverse[8];
            uint32_t out = 0;
            if (w > 0) {
                /* Source pixel centres lie at half-integers: shift so the four neighbours are integers. */
                double u = (inverse[0] * cx + inverse[1] * cy + inverse[2]) / w - 0.5;
                double v = (inverse[3] * cx + inverse[4] * cy + inverse[5]) / w - 0.5;
                if (u > -1 && v > -1 && u < width && v < height) {
                    double fu = floor(u), fv = floor(v);
                    int iu = (int)fu, iv = (int)fv;
                    /* Weights in 1/256 steps, as pixman's bilinear filter quantises them. */
                    uint32_t wx = (uint32_t)lrint((u - fu) * 256), wy = (uint32_t)lrint((v - fv) * 256);
                    uint32_t p00 = texel(source, width, height, source_stride, iu, iv);
                    uint32_t p10 = texel(source, width, height, source_stride, iu + 1, iv);
                    uint32_t p01 = texel(source, width, height, source_stride, iu, iv + 1);
                    uint32_t p11 = texel(source, width, height, source_stride, iu + 1, iv + 1);
                    for (int shift = 0; shift < 32; shift += 8) {
                        uint32_t a = (p00 >> shift) & 255, b = (p10 >> shift) & 255;
                        uint32_t c = (p01 >> shift) & 255, d = (p11 >> shift) & 255;
                        uint32_t top = a * (256 - wx) + b * wx;
                        uint32_t bottom = c * (256 - wx) + d * wx;
                        uint32_t value = (top * (256 - wy) + bottom * wy + 32768) >> 16;
                        out |= (value > 255 ? 255 : value) << shift;
                    }
                }
            }
            memcpy(row + (size_t)x * 4, &out, 4);
        }
    }
}
