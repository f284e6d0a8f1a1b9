/*
 * pixels.h — conversions from the compositor's pixel format to what encoders expect.
 *
 * Source frames are premultiplied BGRA bytes (Cairo ARGB32 on a little-endian machine), rows
 * `stride` bytes apart. PNG and ffmpeg want straight (unpremultiplied) RGBA or RGB.
 * All functions are pure and may run on several threads at once on disjoint buffers.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* True when every pixel's alpha is 255, so the frame can be stored without an alpha channel. */
bool px_bgra_is_opaque(const uint8_t *bgra, int32_t width, int32_t height, size_t stride);

/*
 * Writes straight-alpha pixels into `dst`: RGBA when `channels` is 4, RGB when it is 3 (alpha
 * dropped, meant for opaque frames). Each colour is round(c * 255 / a), halves rounded up and
 * clamped to 255; a fully transparent pixel becomes all zeros.
 */
void px_unpremultiply_bgra(const uint8_t *src, size_t src_stride, uint8_t *dst, size_t dst_stride,
                           int32_t width, int32_t height, int32_t channels);

/*
 * Multiplies every channel of premultiplied BGRA pixels in place by its weight out of 255:
 * `weights` are red, green, blue and alpha, each 0…255, and a channel v becomes
 * (v * weight + 127) / 255. With red, green and blue's weights at most alpha's, the pixels stay
 * premultiplied: the colour a tint multiplies a picture by (a replicator's copies).
 */
void px_multiply_bgra(uint8_t *bgra, int32_t width, int32_t height, size_t stride, const uint8_t weights[4]);
