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
 * one, both width × height pixels, rows `stride` bytes apart. For each pixel of `sample` that
 * differs from `first`, its linear colour values minus the first's, and its alpha byte minus the
 * first's (a whole number, summed exactly), are added to `sums` (4 floats a pixel, rows
 * width * 4 floats apart) and `differs` (a byte a pixel) set to 1. A row whose `touched`
 * byte is 0 has sums and marks not yet cleared: they are cleared, and the byte set, when the
 * row first differs; rows equal to the first sample's cost a comparison. */
void raster_shutter_add(const uint8_t *first, const uint8_t *sample, int width, int height, int stride,
                        const float *table, float *sums, uint8_t *differs, uint8_t *touched);

/* Writes into `first` the average of `count` samples at every pixel marked in `differs` (rows
 * marked in `touched` only): `count` times the first sample plus the pixel's sums, averaged,
 * unpremultiplied, encoded in sRGB and premultiplied by the rounded alpha, each rounded to
 * nearest. Unmarked pixels keep the first sample's bytes. */
void raster_shutter_resolve(uint8_t *first, int width, int height, int stride, int count, const float *table,
                            const float *sums, const uint8_t *differs, const uint8_t *touched);

#ifdef __cplusplus
}
#endif
