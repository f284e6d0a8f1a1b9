/*
 * resample.h — an image made smaller by area averaging, for drawing a pyramid level at the
 * device's pixels without rotation or skew.
 *
 * Pure; may run on several threads at once on disjoint buffers. The bytes do not depend on the
 * CPU: the wide steps compute what the plain loop does, in the same integers.
 */
#pragma once

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Writes `dst_width` × `dst_height` pixels into `dst`, each the mean of the source over the area
 * one destination pixel covers: column i covers source x from `origin_x + i × step_x` to
 * `origin_x + (i + 1) × step_x`, row j likewise in y, and every source pixel counts by the length
 * (across, then down) it shares with that span — the box filter Cairo's GOOD filter applies
 * when it shrinks an image. Outside the source its edge pixels repeat (Cairo's EXTEND_PAD).
 * Pixels are 4 bytes, any channel order, premultiplied, so a mean of them is premultiplied too;
 * weights are multiples of 2⁻¹⁴ that sum to one, a pass across is rounded to 2⁻⁷ of a level and
 * the pass down to whole levels, half up. `step_x` and `step_y` must be positive and finite.
 * Returns 0, or -1 when memory for the pass across could not be had (nothing is written). */
int raster_resample_area(const uint8_t *src, uint32_t src_stride, uint32_t src_width, uint32_t src_height,
                         uint8_t *dst, uint32_t dst_stride, uint32_t dst_width, uint32_t dst_height,
                         double origin_x, double step_x, double origin_y, double step_y);

#ifdef __cplusplus
}
#endif
