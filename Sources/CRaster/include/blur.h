/*
 * blur.h — a Gaussian-looking blur of 8-bit alpha masks, used for drop shadows.
 *
 * Three box-blur passes in each direction approximate a Gaussian of the given sigma. Pixels
 * outside the mask count as 0, so callers pad the mask by raster_blur_extent(sigma) pixels on
 * every side to keep the whole blurred shape. Pure functions of their inputs: deterministic.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* How far, in pixels, the blur of one pixel spreads in each direction. */
int raster_blur_extent(double sigma);

/* How many 32-bit sums raster_blur_a8 needs as scratch for a width × height mask. */
size_t raster_blur_scratch_count(int width, int height);

/* Blurs an A8 mask of width × height pixels in place (rows `stride` bytes apart), using
 * `scratch` (raster_blur_scratch_count(width, height) sums, owned by the caller so that a mask
 * blurred every frame allocates nothing). Sigma above 100 is treated as 100. Does nothing when
 * sigma is not positive. */
void raster_blur_a8(uint8_t *pixels, int width, int height, int stride, double sigma, uint32_t *scratch);

/* Writes into `dst` ((width + 1) × (height + 1) pixels, rows `dst_stride` bytes apart) the A8
 * mask `src` (width × height, rows `src_stride` apart) moved right by `fx` and down by `fy`
 * pixels, both in [0, 1): dst(i, j) is the bilinear interpolation of src at (i − fx, j − fy),
 * pixels outside src counting as 0. The fractions are taken in 256ths of a pixel (rounded to
 * nearest; a fraction that rounds to a whole pixel moves by 255/256); rows are mixed first, then
 * columns, each mix of integers rounded half up to a level: deterministic, the same bytes on
 * every CPU. */
void raster_shift_a8(const uint8_t *src, int width, int height, int src_stride, double fx, double fy, uint8_t *dst,
                     int dst_stride);

#ifdef __cplusplus
}
#endif
