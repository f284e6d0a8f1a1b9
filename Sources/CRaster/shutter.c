#include "shutter.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

static double srgb_to_linear(double s) { return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4); }

static double linear_to_srgb(double l) { return l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055; }

void raster_shutter_table(float *table) {
    for (int a = 0; a < 256; a++) {
        for (int c = 0; c < 256; c++) {
            const int k = c < a ? c : a;
            table[a * 256 + c] = a == 0 ? 0.0f : (float)(srgb_to_linear((double)k / a) * a / 255.0);
        }
    }
}

void raster_shutter_add(const uint8_t *first, const uint8_t *sample, int width, int height, int stride,
                        const float *table, float *sums, uint8_t *differs, uint8_t *touched) {
    const size_t row_bytes = 4 * (size_t)width;
    for (int y = 0; y < height; y++) {
        const uint8_t *f = first + (size_t)y * stride, *s = sample + (size_t)y * stride;
        if (memcmp(f, s, row_bytes) == 0) continue;
        float *sum = sums + (size_t)y * width * 4;
        uint8_t *mark = differs + (size_t)y * width;
        if (!touched[y]) {
            memset(sum, 0, row_bytes * sizeof(float));
            memset(mark, 0, (size_t)width);
            touched[y] = 1;
        }
        for (int x = 0; x < width; x++) {
            const uint8_t *p = f + 4 * (size_t)x, *q = s + 4 * (size_t)x;
            if (memcmp(p, q, 4) == 0) continue;
            mark[x] = 1;
            const float *tp = table + 256 * (size_t)p[3], *tq = table + 256 * (size_t)q[3];
            float *out = sum + 4 * (size_t)x;
            for (int c = 0; c < 3; c++) out[c] += tq[q[c]] - tp[p[c]];
            /* Alpha in bytes: whole numbers, summed exactly. */
            out[3] += (float)((int)q[3] - (int)p[3]);
        }
    }
}

void raster_shutter_resolve(uint8_t *first, int width, int height, int stride, int count, const float *table,
                            const float *sums, const uint8_t *differs, const uint8_t *touched) {
    for (int y = 0; y < height; y++) {
        if (!touched[y]) continue;
        uint8_t *row = first + (size_t)y * stride;
        const float *sum = sums + (size_t)y * width * 4;
        const uint8_t *mark = differs + (size_t)y * width;
        for (int x = 0; x < width; x++) {
            if (!mark[x]) continue;
            uint8_t *p = row + 4 * (size_t)x;
            const float *s = sum + 4 * (size_t)x;
            const float *t = table + 256 * (size_t)p[3];
            const long alpha_sum = (long)count * p[3] + (long)s[3];
            const double alpha = alpha_sum / 255.0;
            /* The mean alpha byte, rounded half up in integers. */
            const long rounded = (2 * alpha_sum + count) / (2 * (long)count);
            const int out_alpha = rounded < 0 ? 0 : rounded > 255 ? 255 : (int)rounded;
            if (out_alpha == 0 || alpha_sum <= 0) {
                memset(p, 0, 4);
                continue;
            }
            for (int c = 0; c < 3; c++) {
                double l = ((double)count * t[p[c]] + s[c]) / alpha;
                l = l < 0 ? 0 : l > 1 ? 1 : l;
                const int v = (int)floor(linear_to_srgb(l) * out_alpha + 0.5);
                p[c] = (uint8_t)(v > out_alpha ? out_alpha : v);
            }
            p[3] = (uint8_t)out_alpha;
        }
    }
}
