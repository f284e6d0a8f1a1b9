/*
 * swizzle.h — between Cairo's pixel byte order and the plugin ABI's.
 *
 * The compositor's frames are premultiplied BGRA bytes (Cairo ARGB32 on a little-endian
 * machine); mixers read and write premultiplied RGBA bytes. The two differ only by the places
 * of red and blue, so one function converts both ways. Pure; may run on several threads at
 * once on disjoint rows.
 */
#pragma once

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Copies width × height pixels of 4 bytes from `src` to `dst`, swapping bytes 0 and 2 of each
 * (BGRA ↔ RGBA). Rows are `src_stride` and `dst_stride` bytes apart; bytes past 4 × width in a
 * row are left untouched. `src == dst` (with equal strides) converts in place; other overlaps
 * are not allowed. */
void raster_swap_red_blue(const uint8_t *src, uint32_t src_stride, uint8_t *dst, uint32_t dst_stride,
                          uint32_t width, uint32_t height);

#ifdef __cplusplus
}
#endif
