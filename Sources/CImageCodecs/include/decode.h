/*
 * decode.h — decoding PNG (libpng), JPEG (libjpeg-turbo) and WebP (libwebp) files into Cairo's
 * pixel layout.
 *
 * The format is chosen by the file's magic bytes, not its name. Every PNG colour type and bit
 * depth becomes 8-bit; WebP may be lossy or lossless, with or without alpha, but not animated.
 * The result is premultiplied B, G, R, A bytes per pixel (Cairo ARGB32 on a little-endian
 * machine). The size in the file's header is checked before the pixels are allocated.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The largest width and height the host accepts. */
#define DECODE_MAX_DIMENSION 16384u

/* A decoded image. `pixels` is malloc'd; release it with decode_image_free. */
typedef struct decoded_image {
    uint8_t *pixels;   /* premultiplied B, G, R, A; rows `stride` bytes apart */
    uint32_t width;
    uint32_t height;
    uint32_t stride;   /* 4 * width */
} decoded_image_t;

/* Decodes the file at `path` into `*image`. Images wider or taller than `max_dimension` are
 * refused. On failure returns false, leaves `*image` empty and writes a one-line lowercase reason
 * (at most error_size bytes, NUL-terminated) into `error`. */
bool decode_image_file(const char *path, uint32_t max_dimension, decoded_image_t *image,
                       char *error, size_t error_size);

/* Reads only as far as the image's size: the format, the header's checks and the size limit
 * are those of decode_image_file, but pixel data is not read, so a file cut off in its pixels
 * passes. Sets `*width` and `*height` (0 on failure); failures are reported as there. */
bool decode_image_header(const char *path, uint32_t max_dimension, uint32_t *width, uint32_t *height,
                         char *error, size_t error_size);

/* Frees what decode_image_file allocated; safe on an empty image. */
void decode_image_free(decoded_image_t *image);

#ifdef __cplusplus
}
#endif
