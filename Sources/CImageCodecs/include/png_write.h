/*
 * png_write.h — writes one PNG, to a file or to any stdio stream (an in-memory one among them),
 * from straight-alpha RGB or RGBA rows through libpng.
 *
 * Safe to call from several threads at once for different files: all state lives on the stack.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * Writes `pixels` (rows `stride` bytes apart, `channels` 3 = RGB or 4 = RGBA, 8 bits each) to
 * `path`, replacing it. `compression_level` is zlib's 0–9; levels up to 3 use the cheap Sub
 * filter, higher levels let libpng pick a filter per row. Returns 0 on success; on failure
 * returns -1 and writes a short lowercase reason (no path) into `error` (always terminated).
 * A failed call may leave a partial file behind: the caller writes to a temporary name.
 */
int32_t png_write_file(const char *path, const uint8_t *pixels, int32_t width, int32_t height,
                       size_t stride, int32_t channels, int32_t compression_level,
                       char *error, size_t error_size);

/*
 * As png_write_file, into an open stream (e.g. one from open_memstream), which it flushes but
 * does not close. On failure the stream holds a partial PNG.
 */
int32_t png_write_stream(FILE *file, const uint8_t *pixels, int32_t width, int32_t height,
                         size_t stride, int32_t channels, int32_t compression_level,
                         char *error, size_t error_size);
