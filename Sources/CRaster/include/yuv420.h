/*
 * yuv420.h — premultiplied BGRA frames to yuv420p with BT.709 coefficients in TV range, for
 * encoders that take yuv420p without alpha.
 *
 * Pure; may run on several threads at once on disjoint buffers. The bytes do not depend on the
 * CPU: the wide steps compute what the plain loop does, in the same integers.
 */
#pragma once

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Converts a `width` × `height` frame of premultiplied BGRA (rows `src_stride` bytes apart) into
 * `out_width` × `out_height` planes (out_width ≥ width, out_height ≥ height; the extra columns on
 * the right and rows at the bottom are black, as ffmpeg's `pad` filter makes them): `y` holds
 * out_width × out_height luma samples, `u` and `v` each ⌈out_width/2⌉ × ⌈out_height/2⌉ chroma
 * samples, rows `y_stride` and `uv_stride` bytes apart. Alpha is ignored, which for premultiplied
 * colours is compositing over black.
 *
 * Luma is 16 + 219/255 (0.2126 R + 0.7152 G + 0.0722 B); chroma is 128 + 224/255 of BT.709's
 * (B − Y)/1.8556 and (R − Y)/1.5748 of the mean of each 2 × 2 block of the padded frame (sited
 * at its centre, as JPEG and MPEG-1 site it; at an odd out_width or out_height the last blocks
 * are one column or row, the mean of the pixels they have). Coefficients are multiples of 2⁻¹⁵
 * (chroma's sum to zero, so greys have no colour), rounded half up: a sample is within 0.53 of
 * the exact value. Takes the widest path the CPU has: SSE2, or AVX2 on CPUs with it. */
void raster_bgra_to_yuv420(const uint8_t *src, uint32_t src_stride, uint32_t width, uint32_t height, uint8_t *y,
                           uint32_t y_stride, uint8_t *u, uint8_t *v, uint32_t uv_stride, uint32_t out_width,
                           uint32_t out_height);

/* The same on path `path` at the widest (0 the plain loop, 1 SSE2, 2 AVX2; a path this build or
 * CPU lacks gives the next narrower), so that tests can hold the paths to the same bytes. */
void raster_bgra_to_yuv420_on(int path, const uint8_t *src, uint32_t src_stride, uint32_t width, uint32_t height,
                              uint8_t *y, uint32_t y_stride, uint8_t *u, uint8_t *v, uint32_t uv_stride,
                              uint32_t out_width, uint32_t out_height);

#ifdef __cplusplus
}
#endif
