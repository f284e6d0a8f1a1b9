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

#ifdef __cplusplus
}
#endif
