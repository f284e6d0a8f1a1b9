#include "shutter.h"

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "shutter_encoding.h"

void raster_shutter_table(float *table) {
    for (int a = 0; a < 256; a++) {
        for (int c = 0; c < 256; c++) {
            const int k = c < a ? c : a;
            table[a * 256 + c] = a == 0 ? 0.0f : (float)(srgb_to_linear((double)k / a) * a / 255.0);
        }
    }
}

/* Makes row `y`'s cleared columns hold x0..<x1: columns newly taken in get their sums and
 * marks cleared. */
static void cover_span(int32_t *span, int x0, int x1, float *sum, uint8_t *mark) {
    if (span[0] >= span[1]) {
        memset(sum + 4 * (size_t)x0, 0, 4 * sizeof(float) * (size_t)(x1 - x0));
        memset(mark + x0, 0, (size_t)(x1 - x0));
        span[0] = x0;
        span[1] = x1;
        return;
    }
    if (x0 < span[0]) {
        memset(sum + 4 * (size_t)x0, 0, 4 * sizeof(float) * (size_t)(span[0] - x0));
        memset(mark + x0, 0, (size_t)(span[0] - x0));
        span[0] = x0;
    }
    if (x1 > span[1]) {
        memset(sum + 4 * (size_t)span[1], 0, 4 * sizeof(float) * (size_t)(x1 - span[1]));
        memset(mark + span[1], 0, (size_t)(x1 - span[1]));
        span[1] = x1;
    }
}

void raster_shutter_add(const uint8_t *first, const uint8_t *sample, int width, int height, int stride, int x0,
                        int y0, int x1, int y1, const float *table, float *sums, uint8_t *differs, int32_t *spans) {
    x0 = x0 < 0 ? 0 : x0;
    y0 = y0 < 0 ? 0 : y0;
    x1 = x1 > width ? width : x1;
    y1 = y1 > height ? height : y1;
    if (x0 >= x1 || y0 >= y1) return;
    const size_t box_bytes = 4 * (size_t)(x1 - x0);
    for (int y = y0; y < y1; y++) {
        const uint8_t *f = first + (size_t)y * stride, *s = sample + (size_t)y * stride;
        if (memcmp(f + 4 * (size_t)x0, s + 4 * (size_t)x0, box_bytes) == 0) continue;
        float *sum = sums + (size_t)y * width * 4;
        uint8_t *mark = differs + (size_t)y * width;
        cover_span(spans + 2 * (size_t)y, x0, x1, sum, mark);
        for (int x = x0; x < x1; x++) {
            /* Runs of equal pixels (most of a moving layer's inside) are passed four at a time. */
            while (x + 4 <= x1 && memcmp(f + 4 * (size_t)x, s + 4 * (size_t)x, 16) == 0) x += 4;
            if (x >= x1) break;
            const uint8_t *p = f + 4 * (size_t)x, *q = s + 4 * (size_t)x;
            uint32_t pv, qv;
            memcpy(&pv, p, 4);
            memcpy(&qv, q, 4);
            if (pv == qv) continue;
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
                            const float *sums, const uint8_t *differs, const int32_t *spans) {
    raster_shutter_encoding_once();
    for (int y = 0; y < height; y++) {
        const int32_t *span = spans + 2 * (size_t)y;
        if (span[0] >= span[1]) continue;
        uint8_t *row = first + (size_t)y * stride;
        const float *sum = sums + (size_t)y * width * 4;
        const uint8_t *mark = differs + (size_t)y * width;
        for (int x = span[0]; x < span[1]; x++) {
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
            for (int c = 0; c < 3; c++) p[c] = encoded_channel(((double)count * t[p[c]] + s[c]) / alpha, out_alpha);
            p[3] = (uint8_t)out_alpha;
        }
    }
}
