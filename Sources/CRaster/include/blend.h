/*
 * blend.h — compositing with blend modes: W3C Compositing and Blending Level 1's sixteen modes
 * (source-over with the mode's mixing of colours) and add, on premultiplied ARGB32 as Cairo
 * stores it.
 *
 * Pure; may run on several threads at once on disjoint buffers. The bytes do not depend on the
 * CPU or on the path: normal, add, multiply, screen, overlay, darken, lighten, hard-light,
 * difference and exclusion are computed in integers, the other modes in single-precision floats
 * with the same operations in the same order on every path (none fused).
 */
#pragma once

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The modes, in the order of the Swift BlendMode's cases. */
typedef enum {
    RASTER_BLEND_NORMAL = 0,
    RASTER_BLEND_MULTIPLY = 1,
    RASTER_BLEND_SCREEN = 2,
    RASTER_BLEND_OVERLAY = 3,
    RASTER_BLEND_DARKEN = 4,
    RASTER_BLEND_LIGHTEN = 5,
    RASTER_BLEND_COLOR_DODGE = 6,
    RASTER_BLEND_COLOR_BURN = 7,
    RASTER_BLEND_HARD_LIGHT = 8,
    RASTER_BLEND_SOFT_LIGHT = 9,
    RASTER_BLEND_DIFFERENCE = 10,
    RASTER_BLEND_EXCLUSION = 11,
    RASTER_BLEND_HUE = 12,
    RASTER_BLEND_SATURATION = 13,
    RASTER_BLEND_COLOR = 14,
    RASTER_BLEND_LUMINOSITY = 15,
    RASTER_BLEND_ADD = 16,
} raster_blend_mode;

/* Composites `width` × `height` pixels of `src` (rows `src_stride` bytes apart) onto `dst` (rows
 * `dst_stride` apart), both premultiplied ARGB32 (native-endian 32-bit words 0xAARRGGBB), the
 * source's alpha and colour first scaled by `opacity` (clamped to the unit interval; at 0 nothing
 * changes).
 *
 * With the source (cs, αs) after that scaling, the backdrop (cb, αb), and B the mode's blend
 * function of the unpremultiplied colours Cb = cb/αb and Cs = cs/αs:
 *   co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs),  αo = αs + αb·(1 − αs),
 * with B as the specification defines it (soft-light's D(x) with a square root; hue, saturation,
 * color and luminosity by its Lum, ClipColor, SetLum, Sat and SetSat, luminance weights 0.3, 0.59,
 * 0.11). Normal is source-over; add (Cairo's ADD, CSS plus-lighter) is co = min(1, cs + cb),
 * αo = min(1, αs + αb). Each channel is within 0.51 of a level of that formula in exact
 * arithmetic (at full opacity the integer modes are exactly rounded). Colours above their alpha
 * are taken as equal to it, in the inputs by the integer modes and in every result, so a result
 * is always premultiplied-valid. Pixels whose source alpha is 0 are left as they are. Takes the
 * widest path the CPU has (see raster_blend_on). `src` and `dst` must not overlap. */
void raster_blend(uint8_t *dst, uint32_t dst_stride, const uint8_t *src, uint32_t src_stride, uint32_t width,
                  uint32_t height, raster_blend_mode mode, double opacity);

/* The same on path `path` at the widest (0 one pixel at a time; 1 four, SSE2's on x86-64; 2
 * AVX2's eight; 3 AVX-512's sixteen; a path this build or CPU lacks gives the next narrower),
 * so that tests can hold the paths to the same bytes. */
void raster_blend_on(int path, uint8_t *dst, uint32_t dst_stride, const uint8_t *src, uint32_t src_stride,
                     uint32_t width, uint32_t height, raster_blend_mode mode, double opacity);

#ifdef __cplusplus
}
#endif
