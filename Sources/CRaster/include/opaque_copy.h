/*
 * opaque_copy.h — putting an opaque mixer output in a frame in one pass.
 *
 * A mixer writes premultiplied RGBA bytes; frames are premultiplied BGRA (Cairo ARGB32 on a
 * little-endian machine). When the output is opaque everywhere it hides all below it, so it can
 * simply be copied in, swapping red and blue; learning whether it is opaque in the same pass
 * spares a reading pass. Pure; may run on several threads at once on disjoint buffers.
 */
#pragma once

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Copies rows of width × height RGBA pixels from `src` into `dst` as BGRA, top first, and stops
 * after the first row holding a pixel whose alpha is not 255. Returns the number of rows copied
 * that were wholly opaque: `height` means all of `src` is opaque and `dst` holds it; less means
 * `dst` holds a partial copy the caller must draw over. Rows are `src_stride` and `dst_stride`
 * bytes apart; the buffers must not overlap. */
uint32_t raster_copy_opaque_rows(const uint8_t *src, uint32_t src_stride, uint8_t *dst, uint32_t dst_stride,
                                 uint32_t width, uint32_t height);

#ifdef __cplusplus
}
#endif
