/*
 * shutter.h — motion blur's average of a frame's samples, in linear light.
 *
 * The samples are premultiplied 8-bit pixels (Cairo ARGB32: B, G, R, A bytes on a little-endian
 * machine; the colour channels are treated alike, the fourth byte is alpha) encoded in sRGB.
 * Each is taken to linear light (unpremultiplied, decoded, premultiplied again) and summed in
 * floats; the average is encoded back with rounding to nearest. A pixel equal in every sample
 * is never converted: it keeps its bytes. Pure; may run on several threads at once on disjoint
 * buffers; the bytes do not depend on the CPU or the thread count.
 */
#pragma once

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Fills `table` (65536 floats) with the linear-light premultiplied value of a channel byte c
 * under alpha byte a, at table[a * 256 + c]: 0 for a = 0; c above a is taken as a. */
void raster_shutter_table(float *table);

/* Adds one sample to a frame's sums. `first` holds the frame's first sample, `sample` a later
 * one, both width × height pixels, rows `stride` bytes apart, equal outside the box x0..<x1 by
 * y0..<y1 (clamped to the frame), the only pixels looked at. For each pixel of `sample` in the
 * box that differs from `first`, its linear colour values minus the first's, and its alpha byte
 * minus the first's (a whole number, summed exactly), are added to `sums` (4 floats a pixel,
 * rows width * 4 floats apart) and `differs` (a byte a pixel) set to 1. `spans` holds two
 * integers a row, the columns start..<end whose sums and marks are cleared (none when end <=
 * start: a frame's spans start so); a row that differs within the box has its span widened to
 * the box, the columns taken in cleared. Rows equal to the first sample's within the box cost a
 * comparison of the box's width. */
void raster_shutter_add(const uint8_t *first, const uint8_t *sample, int width, int height, int stride, int x0,
                        int y0, int x1, int y1, const float *table, float *sums, uint8_t *differs, int32_t *spans);

/* Writes into `first` the average of `count` samples at every pixel marked in `differs` within
 * its row's span in `spans`: `count` times the first sample plus the pixel's sums, averaged,
 * unpremultiplied, encoded in sRGB and premultiplied by the rounded alpha, each rounded to
 * nearest. Unmarked pixels keep the first sample's bytes. An opaque average is encoded by a
 * search among the least linear values of each byte, found once per process by bisection on the
 * encoding itself: the bytes the power function gives, for a fraction of its cost. */
void raster_shutter_resolve(uint8_t *first, int width, int height, int stride, int count, const float *table,
                            const float *sums, const uint8_t *differs, const int32_t *spans);

#ifdef __cplusplus
}
#endif
