/*
 * opaque_copy.h — putting an opaque mixer output in a frame in one pass.
 *
 * A mixer writes premultiplied RGBA bytes, or the frames' own premultiplied BGRA (Cairo ARGB32
 * on a little-endian machine) when it takes native pixels. When the output is opaque everywhere
 * it hides all below it, so it can simply be copied in, swapping red and blue if it is RGBA;
 * learning whether it is opaque in the same pass
 * spares a reading pass. Pure; may run on several threads at once on disjoint buffers.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Copies rows of width × height pixels from `src` into `dst`, top first, swapping red and blue
 * (RGBA to BGRA) when `swap_red_blue` is true and as they are otherwise, and stops
 * after the first row holding a pixel whose alpha is not 255. Returns the number of rows copied
 * that were wholly opaque: `height` means all of `src` is opaque and `dst` holds it; less means
 * `dst` holds a partial copy the caller must draw over. Rows are `src_stride` and `dst_stride`
 * bytes apart; the buffers must not overlap. */
uint32_t raster_copy_opaque_rows(const uint8_t *src, uint32_t src_stride, uint8_t *dst, uint32_t dst_stride,
                                 uint32_t width, uint32_t height, bool swap_red_blue);

/* Whether every pixel of `height` rows of `width` pixels, `stride` bytes apart, has alpha 255
 * (the fourth byte of each pixel, in either byte order). Reads every byte: meant for rows still
 * in the cache, as a mixer that just wrote them leaves them. */
bool raster_rows_opaque(const uint8_t *pixels, uint32_t stride, uint32_t width, uint32_t height);

#ifdef __cplusplus
}
#endif
