/*
 * jpeg_write.h — encodes one opaque picture as a baseline JPEG in memory through libjpeg(-turbo):
 * what the studio sends while it plays, fewer bytes than a PNG and quicker to make.
 *
 * Safe to call from several threads at once: all state lives on the stack and in the result.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

/*
 * Encodes `pixels` (B, G, R, X bytes per pixel, the fourth ignored: Cairo's ARGB32 of an opaque
 * frame; rows `stride` bytes apart) at `quality` (1–100, libjpeg's scale) with 4:2:0 chroma.
 * On success returns 0 and stores a malloc'd buffer in `*jpeg` (the caller frees it) and its
 * length in `*size`. On failure returns -1 and writes a short lowercase reason into `error`.
 */
int32_t jpeg_write_memory(const uint8_t *pixels, int32_t width, int32_t height, size_t stride, int32_t quality,
                          uint8_t **jpeg, size_t *size, char *error, size_t error_size);
