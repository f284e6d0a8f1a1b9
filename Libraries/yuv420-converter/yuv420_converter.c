#include "CSwscale.h"

#include <libavutil/pixfmt.h>
#include <libswscale/swscale.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* libswscale's SIMD wants 16-byte aligned rows; ffmpeg's frames are 64-byte aligned. */
enum { alignment = 64 };

struct yuv420_converter {
    struct SwsContext *context;
    int width, height, out_width, out_height;
    /* A padded or aligned copy of the source, when the frame cannot be read as it is. */
    uint8_t *source;
    size_t source_stride;
    /* The converted planes, rows aligned, then the same packed for the encoder. */
    uint8_t *planes[3];
    int plane_strides[3];
    uint8_t *packed;
    size_t packed_bytes;
};

static size_t aligned(size_t bytes) {
    return (bytes + alignment - 1) / alignment * alignment;
}

static int plane_width(const yuv420_converter_t *c, int plane) {
    return plane == 0 ? c->out_width : (c->out_width + 1) / 2;
}

static int plane_height(const yuv420_converter_t *c, int plane) {
    return plane == 0 ? c->out_height : (c->out_height + 1) / 2;
}

/* The colour settings ffmpeg's scale filter applies for `out_color_matrix=bt709`: the
 * context's own input settings and range, BT.709 output coefficients. */
static bool use_bt709(struct SwsContext *context) {
    int *inverse, *table, source_range, destination_range, brightness, contrast, saturation;
    if (sws_getColorspaceDetails(context, &inverse, &source_range, &table, &destination_range, &brightness,
                                 &contrast, &saturation) < 0) {
        return false;
    }
    return sws_setColorspaceDetails(context, inverse, source_range, sws_getCoefficients(SWS_CS_ITU709),
                                    destination_range, brightness, contrast, saturation) >= 0;
}

/* Fills the padding of the source copy with opaque black, once: frames only overwrite the rest. */
static void fill_black(uint8_t *pixels, size_t stride, int width, int height) {
    static const uint8_t black[4] = {0, 0, 0, 255};
    for (int y = 0; y < height; y++) {
        for (int x = 0; x < width; x++) memcpy(pixels + (size_t)y * stride + (size_t)x * 4, black, 4);
    }
}

static bool allocate(yuv420_converter_t *c) {
    c->source_stride = aligned((size_t)c->out_width * 4);
    c->source = aligned_alloc(alignment, c->source_stride * (size_t)c->out_height);
    if (c->source == NULL) return false;
    fill_black(c->source, c->source_stride, c->out_width, c->out_height);
    c->packed_bytes = 0;
    for (int plane = 0; plane < 3; plane++) {
        c->plane_strides[plane] = (int)aligned((size_t)plane_width(c, plane));
        /* A spare row, as ffmpeg's own frames have: vector code may reach past a row's end. */
        size_t bytes = (size_t)c->plane_strides[plane] * ((size_t)plane_height(c, plane) + 1);
        c->planes[plane] = aligned_alloc(alignment, bytes);
        if (c->planes[plane] == NULL) return false;
        c->packed_bytes += (size_t)plane_width(c, plane) * (size_t)plane_height(c, plane);
    }
    c->packed = malloc(c->packed_bytes);
    return c->packed != NULL;
}

yuv420_converter_t *yuv420_converter_create(int width, int height, int out_width, int out_height) {
    if (width <= 0 || height <= 0 || out_width < width || out_height < height) return NULL;
    yuv420_converter_t *c = calloc(1, sizeof *c);
    if (c == NULL) return NULL;
    *c = (yuv420_converter_t){.width = width, .height = height, .out_width = out_width, .out_height = out_height};
    c->context = sws_getContext(out_width, out_height, AV_PIX_FMT_BGRA, out_width, out_height, AV_PIX_FMT_YUV420P,
                                SWS_BICUBIC, NULL, NULL, NULL);
    if (c->context == NULL || !use_bt709(c->context) || !allocate(c)) {
        yuv420_converter_destroy(c);
        return NULL;
    }
    return c;
}

size_t yuv420_converter_frame_bytes(const yuv420_converter_t *converter) {
    return converter->packed_bytes;
}

/* The frame itself when libswscale can read it as it is, else its rows copied into the
 * aligned, black-padded source buffer. */
static const uint8_t *readable_source(yuv420_converter_t *c, const uint8_t *bgra, size_t stride, size_t *used_stride) {
    bool padded = c->out_width != c->width || c->out_height != c->height;
    if (!padded && (uintptr_t)bgra % 16 == 0 && stride % 16 == 0) {
        *used_stride = stride;
        return bgra;
    }
    for (int y = 0; y < c->height; y++) {
        memcpy(c->source + (size_t)y * c->source_stride, bgra + (size_t)y * stride, (size_t)c->width * 4);
    }
    *used_stride = c->source_stride;
    return c->source;
}

const uint8_t *yuv420_converter_convert(yuv420_converter_t *converter, const uint8_t *bgra, size_t stride) {
    yuv420_converter_t *c = converter;
    size_t source_stride;
    const uint8_t *source[4] = {readable_source(c, bgra, stride, &source_stride), NULL, NULL, NULL};
    int source_strides[4] = {(int)source_stride, 0, 0, 0};
    uint8_t *planes[4] = {c->planes[0], c->planes[1], c->planes[2], NULL};
    int strides[4] = {c->plane_strides[0], c->plane_strides[1], c->plane_strides[2], 0};
    if (sws_scale(c->context, source, source_strides, 0, c->out_height, planes, strides) != c->out_height) {
        return NULL;
    }
    uint8_t *out = c->packed;
    for (int plane = 0; plane < 3; plane++) {
        size_t row = (size_t)plane_width(c, plane);
        for (int y = 0; y < plane_height(c, plane); y++) {
            memcpy(out, c->planes[plane] + (size_t)y * (size_t)c->plane_strides[plane], row);
            out += row;
        }
    }
    return c->packed;
}

void yuv420_converter_destroy(yuv420_converter_t *converter) {
    if (converter == NULL) return;
    sws_freeContext(converter->context);
    free(converter->source);
    for (int plane = 0; plane < 3; plane++) free(converter->planes[plane]);
    free(converter->packed);
    free(converter);
}
