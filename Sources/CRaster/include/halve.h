/*
 * halve.h — an image at half its size, for a mipmap pyramid's next level.
 *
 * Pure; may run on several threads at once on disjoint buffers. The bytes do not depend on the
 * CPU: the wide steps compute what the plain loop does.
 */
#pragma once

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Writes ((width + 1) / 2) × ((height + 1) / 2) pixels into `dst`: each the per-byte mean of a
 * 2 × 2 block of `src` (4-byte pixels, any channel order), rounded half up, (a + b + c + d + 2) / 4;
 * a block cut by an odd right or bottom edge repeats the pixels it has. Rows are `src_stride` and
 * `dst_stride` bytes apart; the buffers must not overlap. */
void raster_halve(const uint8_t *src, uint32_t src_stride, uint32_t width, uint32_t height, uint8_t *dst,
                  uint32_t dst_stride);

#ifdef __cplusplus
}
#endif
