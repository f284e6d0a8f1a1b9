/*
 * matte.h — cutting a layer's picture by a track matte.
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

/* Writes into the A8 `coverage` (rows `coverage_stride` bytes apart) the coverage of width ×
 * height pixels of `matte` (rows `matte_stride` bytes apart) in `mode`, scaled by `opacity`
 * (0 to 255) as raster_matte_apply scales a pixel. */
void raster_matte_coverage_rows(const uint8_t *matte, uint32_t matte_stride, uint32_t width, uint32_t height,
                                raster_matte_mode mode, uint8_t opacity, uint8_t *coverage, uint32_t coverage_stride);

/* Scales each of width × height premultiplied ARGB32 pixels of `layer` (rows `layer_stride`
 * bytes apart) by the coverage of the pixel at the same place of `matte` (rows `matte_stride`
 * bytes apart) in `mode`, rounding to nearest: the layer as the matte lets it show. */
void raster_matte_apply(uint8_t *layer, uint32_t layer_stride, const uint8_t *matte, uint32_t matte_stride,
                        uint32_t width, uint32_t height, raster_matte_mode mode);

/* Composites width × height premultiplied ARGB32 pixels of `src` (rows `src_stride` bytes apart)
 * over those of `dst` through the coverage of the pixels of `matte` in `mode`, scaled by `opacity`
 * (0 to 255) as raster_matte_coverage_rows finds it: each source pixel scaled by its coverage,
 * then composited over the destination (Porter-Duff over), each step rounded to nearest. Where
 * the coverage is 0 the destination is left as it is. With `src_opaque` set, the source's alpha
 * bytes are not read and taken as 255 (Cairo's RGB24). */
void raster_matte_over(uint8_t *dst, uint32_t dst_stride, const uint8_t *src, uint32_t src_stride, int src_opaque,
                       const uint8_t *matte, uint32_t matte_stride, uint32_t width, uint32_t height,
                       raster_matte_mode mode, uint8_t opacity);

#ifdef __cplusplus
}
#endif
