#include "blur.h"

#include <math.h>
#include <stdlib.h>

#define PASSES 3

/* Box radii whose three passes approximate a Gaussian of sigma (Kutskir's "boxes for Gauss":
 * sizes wl and wl + 2 mixed so the summed variances equal sigma²). */
static void box_radii(double sigma, int radii[PASSES]) {
    double ideal = sqrt(12.0 * sigma * sigma / PASSES + 1.0);
    int lower = (int)floor(ideal);
    if (lower % 2 == 0) lower--;
    double m = (12.0 * sigma * sigma - PASSES * lower * lower - 4.0 * PASSES * lower - 3.0 * PASSES)
        / (-4.0 * lower - 4.0);
    int count_lower = (int)lround(m);
    for (int i = 0; i < PASSES; i++) {
        int size = i < count_lower ? lower : lower + 2;
        radii[i] = (size - 1) / 2;
    }
}

int raster_blur_extent(double sigma) {
    if (!(sigma > 0)) return 0;
    int radii[PASSES];
    box_radii(sigma, radii);
    return radii[0] + radii[1] + radii[2];
}

/* Unnormalised box sums over [i - r, i + r], zeros outside: kept exact in 64-bit integers so
 * only the final division rounds. */
static void box_pass(const uint64_t *src, uint64_t *dst, int n, int r) {
    uint64_t sum = 0;
    for (int j = 0; j < r && j < n; j++) sum += src[j];
    for (int i = 0; i < n; i++) {
        if (i + r < n) sum += src[i + r];
        dst[i] = sum;
        if (i - r >= 0) sum -= src[i - r];
    }
}

/* Blurs one line of n samples `step` bytes apart, using a and b as scratch. */
static void blur_line(uint8_t *line, int n, int step, const int radii[PASSES], uint64_t *a,
                      uint64_t *b) {
    uint64_t divisor = 1;
    for (int i = 0; i < n; i++) a[i] = line[(long)i * step];
    for (int p = 0; p < PASSES; p++) {
        box_pass(p % 2 == 0 ? a : b, p % 2 == 0 ? b : a, n, radii[p]);
        divisor *= (uint64_t)(2 * radii[p] + 1);
    }
    const uint64_t *result = PASSES % 2 == 0 ? a : b;
    for (int i = 0; i < n; i++) line[(long)i * step] = (uint8_t)((result[i] + divisor / 2) / divisor);
}

void raster_blur_a8(uint8_t *pixels, int width, int height, int stride, double sigma) {
    if (!(sigma > 0) || width <= 0 || height <= 0) return;
    int radii[PASSES];
    box_radii(sigma, radii);
    int longest = width > height ? width : height;
    uint64_t *scratch = malloc(sizeof(uint64_t) * 2 * (size_t)longest);
    if (scratch == NULL) return;
    for (int y = 0; y < height; y++)
        blur_line(pixels + (long)y * stride, width, 1, radii, scratch, scratch + longest);
    for (int x = 0; x < width; x++)
        blur_line(pixels + x, height, stride, radii, scratch, scratch + longest);
    free(scratch);
}
