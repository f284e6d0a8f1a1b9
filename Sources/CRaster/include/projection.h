/*
 * projection.h — drawing an image through a projective map (a layer turned in 3D and seen in
 * perspective), sampled bilinearly. Pure function of its inputs: deterministic.
 */
#pragma once

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Writes every pixel of the box [x0, x1) × [y0, y1) of `target` (premultiplied 32-bit pixels,
 * rows `target_stride` bytes apart): the source image sampled bilinearly at the point
 * `inverse` (a 3×3 matrix, row by row, from target pixel coordinates to source pixel
 * coordinates) maps the pixel's centre to, after dividing by w. The source is `width` ×
 * `height` premultiplied 32-bit pixels, rows `source_stride` bytes apart; outside it every
 * sample is transparent, as is a pixel whose w is not positive (at or behind the eye). The
 * four channels are interpolated alike, so any byte order works. */
void raster_project_bilinear(
    const uint8_t *source, int width, int height, int source_stride, uint8_t *target, int target_stride,
    int x0, int y0, int x1, int y1, const double inverse[9]);

#ifdef __cplusplus
}
#endif
