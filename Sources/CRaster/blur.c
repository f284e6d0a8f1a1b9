#include "blur.h"

#include <math.h>
#include <string.h>

#define PASSES 3
/* Keeps 255 · (product of the three box widths) inside 32 bits, so sums stay exact integers. */
#define MAX_SIGMA 100.0

/* Box radii whose three passes approximate a Gaussian of sigma (Kutskir's "boxes for Gauss":
 * sizes wl and wl + 2 mixed so the summed variances equal sigma²). */
static void box_radii(double sigma, int radii[PASSES]) {
    sigma = sigma > MAX_SIGMA ? MAX_SIGMA : sigma;
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

/* 1 / (product of the box widths): turns the exact sums back into averages. A multiply, because
 * a division per pixel costs more than the three passes together. */
static float normaliser(const int radii[PASSES]) {
    uint32_t product = 1;
    for (int p = 0; p < PASSES; p++) product *= (uint32_t)(2 * radii[p] + 1);
    return 1.0f / (float)product;
}

/* Unnormalised box sums over [i - r, i + r] of one row, zeros outside; only the final division
 * rounds. */
static void box_pass_row(const uint32_t *src, uint32_t *dst, int n, int r) {
    uint32_t sum = 0;
    for (int j = 0; j < r && j < n; j++) sum += src[j];
    for (int i = 0; i < n; i++) {
        if (i + r < n) sum += src[i + r];
        dst[i] = sum;
        if (i - r >= 0) sum -= src[i - r];
    }
}

/* The same sums down every column at once, a whole row at a time, so memory is read in order. */
static void box_pass_columns(const uint32_t *src, uint32_t *dst, uint32_t *sums, int width,
                             int height, int r) {
    memset(sums, 0, sizeof(uint32_t) * (size_t)width);
    for (int j = 0; j < r && j < height; j++)
        for (int x = 0; x < width; x++) sums[x] += src[(size_t)j * width + x];
    for (int y = 0; y < height; y++) {
        /* Row pointers are formed only inside the image: out-of-range pointers are UB. */
        if (y + r < height) {
            const uint32_t *enter = src + (size_t)(y + r) * width;
            for (int x = 0; x < width; x++) sums[x] += enter[x];
        }
        memcpy(dst + (size_t)y * width, sums, sizeof(uint32_t) * (size_t)width);
        if (y - r >= 0) {
            const uint32_t *leave = src + (size_t)(y - r) * width;
            for (int x = 0; x < width; x++) sums[x] -= leave[x];
        }
    }
}

static void blur_rows(uint8_t *pixels, int width, int height, int stride, const int radii[PASSES],
                      uint32_t *a, uint32_t *b) {
    float scale = normaliser(radii);
    for (int y = 0; y < height; y++) {
        uint8_t *row = pixels + (size_t)y * stride;
        for (int x = 0; x < width; x++) a[x] = row[x];
        box_pass_row(a, b, width, radii[0]);
        box_pass_row(b, a, width, radii[1]);
        box_pass_row(a, b, width, radii[2]);
        for (int x = 0; x < width; x++) row[x] = (uint8_t)((float)b[x] * scale + 0.5f);
    }
}

static void blur_columns(uint8_t *pixels, int width, int height, int stride,
                         const int radii[PASSES], uint32_t *a, uint32_t *b, uint32_t *sums) {
    float scale = normaliser(radii);
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++) a[(size_t)y * width + x] = pixels[(size_t)y * stride + x];
    box_pass_columns(a, b, sums, width, height, radii[0]);
    box_pass_columns(b, a, sums, width, height, radii[1]);
    box_pass_columns(a, b, sums, width, height, radii[2]);
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++)
            pixels[(size_t)y * stride + x] = (uint8_t)((float)b[(size_t)y * width + x] * scale + 0.5f);
}

size_t raster_blur_scratch_count(int width, int height) {
    if (width <= 0 || height <= 0) return 0;
    return 2 * (size_t)width * (size_t)height + (size_t)width;
}

void raster_blur_a8(uint8_t *pixels, int width, int height, int stride, double sigma, uint32_t *scratch) {
    if (!(sigma > 0) || width <= 0 || height <= 0) return;
    int radii[PASSES];
    box_radii(sigma, radii);
    size_t area = (size_t)width * height;
    blur_rows(pixels, width, height, stride, radii, scratch, scratch + width);
    blur_columns(pixels, width, height, stride, radii, scratch, scratch + area, scratch + 2 * area);
}

/* A fraction of a pixel in 256ths, kept below a whole pixel. */
static uint32_t shift_weight(double fraction) {
    const double scaled = floor(fraction * 256 + 0.5);
    return scaled < 0 ? 0 : scaled > 255 ? 255 : (uint32_t)scaled;
}

/* One row of a moved mask: the mix of source rows `lower` (weight kb) and `upper` (weight ku),
 * kb + ku = 256 (a missing row is passed as the other one with weight 0), rounded to a level,
 * then moved right by wx 256ths of a pixel (kx = 256 − wx) and rounded again. Every sum fits in
 * 16 bits and there are no branches, so the loop runs on 16-bit vector lanes. */
static void shift_row(const uint8_t *restrict lower, const uint8_t *restrict upper, uint16_t kb, uint16_t ku,
                      uint16_t kx, uint16_t wx, int width, uint8_t *restrict out) {
    uint16_t left = 0;
    out[0] = (uint8_t)((uint16_t)(kx * (uint16_t)((uint16_t)(kb * lower[0] + ku * upper[0] + 128) >> 8) + 128) >> 8);
    for (int i = 1; i < width; i++) {
        const uint16_t here = (uint16_t)(kb * lower[i] + ku * upper[i] + 128) >> 8;
        left = (uint16_t)(kb * lower[i - 1] + ku * upper[i - 1] + 128) >> 8;
        out[i] = (uint8_t)((uint16_t)(kx * here + wx * left + 128) >> 8);
    }
    left = (uint16_t)(kb * lower[width - 1] + ku * upper[width - 1] + 128) >> 8;
    out[width] = (uint8_t)((uint16_t)(wx * left + 128) >> 8);
}

void raster_shift_a8(const uint8_t *src, int width, int height, int src_stride, double fx, double fy, uint8_t *dst,
                     int dst_stride) {
    if (width <= 0 || height <= 0) return;
    const uint16_t wx = (uint16_t)shift_weight(fx), wy = (uint16_t)shift_weight(fy);
    const uint16_t kx = 256 - wx, ky = 256 - wy;
    /* Row j mixes source rows j (weight ky) and j − 1 (weight wy); missing rows are 0. */
    shift_row(src, src, ky, 0, kx, wx, width, dst);
    for (int j = 1; j < height; j++) {
        shift_row(src + (size_t)j * src_stride, src + (size_t)(j - 1) * src_stride, ky, wy, kx, wx, width,
                  dst + (size_t)j * dst_stride);
    }
    const uint8_t *last = src + (size_t)(height - 1) * src_stride;
    shift_row(last, last, 0, wy, kx, wx, width, dst + (size_t)height * dst_stride);
}
