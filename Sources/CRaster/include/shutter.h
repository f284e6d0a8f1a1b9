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

#include <stdbool.h>
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

/* A sample that differs from the first only in that the layers drawn over the static image have
 * moved: the frame's first sample is `picture` (those layers drawn alone over transparent
 * pixels, transparent outside the box px0..<px1 by py0..<py1 and in the frame's first and last
 * rows and columns) composited over `under` (the static image), and a later one
 * is `picture` moved by (sx + wx / 256, sy + wy / 256) pixels (wx, wy in 0…255), resampled
 * bilinearly in 8-bit fixed point, composited over `under` the same way. Such samples are summed
 * in whole numbers: each colour's linear value in units of 1 / SHUTTER_LINEAR_ONE. */
#define SHUTTER_LINEAR_ONE 65535

/* Fills `table` (65536 integers) as raster_shutter_table does, in units of 1 / SHUTTER_LINEAR_ONE,
 * rounded to nearest. */
void raster_shutter_table16(uint32_t *table);

/* Finds what the moves need to know of `picture`: `row_group[y]`, the first row r for which rows
 * r…y of the picture are equal (for every row of the frame), and for each row y of the box the
 * columns j where the row changes (its pixel at j differs from the one at j - 1, the box's edges
 * included where the row is not transparent there), in `bounds` from `bound_span[2y]` to
 * `bound_span[2y + 1]`, as pairs start, end of columns that change side by side. `bounds` holds
 * room for (px1 - px0 + 2) · (py1 - py0) integers; rows equal to the one before share its pairs. */
void raster_shutter_runs(const uint8_t *picture, int width, int height, int stride, int px0, int py0, int px1,
                         int py1, int32_t *row_group, int32_t *bounds, int32_t *bound_span);

/* Writes `picture` over `under` into `first` within the box x0..<x1 by y0..<y1 (the source-over
 * operator, each product rounded to nearest as pixman rounds it, each channel kept to a byte). */
void raster_shutter_composite(uint8_t *first, const uint8_t *under, const uint8_t *picture, int stride, int x0,
                              int y0, int x1, int y1);

/* Writes into `first` (the first sample, `picture` over `under`) the average of it and the
 * `move_count` samples that are `picture` moved by (sx + wx / 256, sy + wy / 256) over `under`
 * (`moves` holds sx, sy, wx, wy for each), in linear light as raster_shutter_resolve averages.
 * With `first_is_sample` 0, `first` is only what the samples are compared with and is not one
 * of them: the average is of the `move_count` moved samples alone (as when `picture` was drawn
 * with its edges on whole pixels and every sample, the frame's first included, is it moved).
 * Only the pixels a move can change are looked at: on a row whose neighbourhood in the picture
 * is rows all equal, the columns within the move's reach of the row's changes; elsewhere the
 * columns the picture covers before or after the move. A pixel of a sample that differs from
 * the first adds its linear colours (from `table16`) and what its alpha lacks of 255 to the
 * row's sums, and 1 to its count; the row's average is written once every sample has been
 * added, from the sums and the first sample for each sample not counted. Pixels no sample
 * changes keep their bytes. `row_sums` holds 4 · width integers and `row_counts` width bytes,
 * used for one row at a time. The bytes do not depend on the CPU: the vector code computes what
 * the plain code does. */
void raster_shutter_average_moved(uint8_t *first, const uint8_t *under, const uint8_t *picture, int width,
                                  int height, int stride, int px0, int py0, int px1, int py1, const int32_t *moves,
                                  int move_count, int first_is_sample, const int32_t *row_group,
                                  const int32_t *bounds, const int32_t *bound_span, const uint32_t *table16,
                                  uint32_t *row_sums, uint8_t *row_counts);

/* The frame's edges where `picture`, drawn only within the box x0..<x1 by y0..<y1, is not
 * transparent (premultiplied pixels: alpha 0 is nothing at all), as a sum of SHUTTER_EDGE_LEFT
 * (its first column), SHUTTER_EDGE_RIGHT (its last), SHUTTER_EDGE_TOP and SHUTTER_EDGE_BOTTOM
 * (its first and last rows); 0 when it is transparent on all four. */
enum { SHUTTER_EDGE_LEFT = 1, SHUTTER_EDGE_RIGHT = 2, SHUTTER_EDGE_TOP = 4, SHUTTER_EDGE_BOTTOM = 8 };
int raster_shutter_edges_touched(const uint8_t *picture, int width, int height, int stride, int x0, int y0, int x1,
                                 int y1);

#ifdef __cplusplus
}
#endif
