/*
 * CSwscale.h — premultiplied BGRA frames to yuv420p through libswscale, for encoders that take
 * yuv420p without alpha.
 *
 * The conversion is the one ffmpeg's `scale=out_color_matrix=bt709,format=yuv420p` filter makes
 * with its default settings: libswscale's default (bicubic) scaler, BT.709 coefficients, TV
 * range, alpha ignored (so premultiplied colours come out composited over black). Frames reach
 * the encoder byte for byte as they did when ffmpeg converted them itself.
 *
 * A converter keeps its own buffers: one thread at a time may use it. Different converters may
 * be used on different threads at once. One thread per conversion, so the bytes never depend on
 * a thread count.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct yuv420_converter yuv420_converter_t;

/* Why frames cannot be converted (libpipeline-yuv420.so, which holds the converter, cannot be
 * loaded), or NULL when they can. The first call loads the library. */
const char *yuv420_unavailable(void);

/* A converter from width × height BGRA frames to out_width × out_height yuv420p frames, where
 * out_width ≥ width and out_height ≥ height: the extra columns on the right and rows at the
 * bottom are black, as ffmpeg's `pad` filter makes them (H.264 needs even sizes). The last chroma
 * column of an odd out_width averages the last pixel with black. NULL when the sizes are invalid
 * or memory or libswscale fail. Each frame is converted by `threads` threads (at least 1), the
 * calling one among them, in slices that give the same bytes as one thread. */
yuv420_converter_t *yuv420_converter_create(int width, int height, int out_width, int out_height, int threads);

/* The bytes of one converted frame: the Y plane, then U, then V, each tightly packed (rows as
 * wide as the plane; U and V are half the size, rounded up), as ffmpeg's rawvideo input reads
 * `-pix_fmt yuv420p`. */
size_t yuv420_converter_frame_bytes(const yuv420_converter_t *converter);

/* Converts one frame (rows `stride` bytes apart) and returns the converted bytes
 * (yuv420_converter_frame_bytes of them), valid until the next call or until the converter is
 * destroyed. NULL when libswscale fails. */
const uint8_t *yuv420_converter_convert(yuv420_converter_t *converter, const uint8_t *bgra, size_t stride);

void yuv420_converter_destroy(yuv420_converter_t *converter);

#ifdef __cplusplus
}
#endif
