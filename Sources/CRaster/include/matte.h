/*
 * matte.h — a track matte's coverage from the matte layer's picture.
 *
 * A layer seen through another (a track matte) keeps, at each pixel, the fraction the matte
 * layer's picture gives there: its alpha, or its luminance — Rec. 709's coefficients on the
 * encoded sRGB values, times alpha, which on premultiplied pixels is the same sum of the
 * premultiplied channels — or one minus either. Pure; may run on several threads at once on
 * disjoint buffers.
 */
#pragma once

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    RASTER_MATTE_ALPHA = 0,
    RASTER_MATTE_ALPHA_INVERTED = 1,
    RASTER_MATTE_LUMA = 2,
    RASTER_MATTE_LUMA_INVERTED = 3,
} raster_matte_mode;

/* Writes into the A8 `coverage` (rows `coverage_stride` bytes apart) the matte of width × height
 * premultiplied ARGB32 pixels of `picture` (Cairo's native-endian 0xAARRGGBB words, rows
 * `picture_stride` bytes apart) in `mode`: 0 transparent to 255 wholly kept. */
void raster_matte_coverage(const uint8_t *picture, uint32_t picture_stride, uint32_t width, uint32_t height,
                           raster_matte_mode mode, uint8_t *coverage, uint32_t coverage_stride);

#ifdef __cplusplus
}
#endif
