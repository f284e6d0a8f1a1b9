#include "CSwscale.h"

#include <libavutil/buffer.h>
#include <libavutil/frame.h>
#include <libavutil/opt.h>
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

/* The context ffmpeg's scale filter makes (bicubic, the default flags), converting in `threads`
 * slices at once; libswscale's slices give the same bytes as one pass, whatever their number. */
static struct SwsContext *make_context(int width, int height, int threads) {
    struct SwsContext *context = sws_alloc_context();
    if (context == NULL) return NULL;
    const struct {
        const char *name;
        int64_t value;
    } options[] = {
        {"srcw", width},         {"srch", height},        {"src_format", AV_PIX_FMT_BGRA},
        {"dstw", width},         {"dsth", height},        {"dst_format", AV_PIX_FMT_YUV420P},
        {"sws_flags", SWS_BICUBIC}, {"threads", threads},
    };
    for (size_t i = 0; i < sizeof options / sizeof options[0]; i++) {
        if (av_opt_set_int(context, options[i].name, options[i].value, 0) < 0) {
            sws_freeContext(context);
            return NULL;
        }
    }
    if (sws_init_context(context, NULL, NULL) < 0) {
        sws_freeContext(context);
        return NULL;
    }
    return context;
}

yuv420_converter_t *yuv420_converter_create(int width, int height, int out_width, int out_height, int threads) {
    if (width <= 0 || height <= 0 || out_width < width || out_height < height || threads < 1) return NULL;
    yuv420_converter_t *c = calloc(1, sizeof *c);
    if (c == NULL) return NULL;
    *c = (yuv420_converter_t){.width = width, .height = height, .out_width = out_width, .out_height = out_height};
    c->context = make_context(out_width, out_height, threads);
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

static void keep(void *opaque, uint8_t *data) {
    (void)opaque;
    (void)data;
}

/* A frame over pixels this converter owns or borrows: a buffer reference that frees nothing, so
 * libswscale refers to the pixels instead of copying them. */
static AVFrame *frame_over(uint8_t *const planes[4], const int strides[4], int width, int height,
                           enum AVPixelFormat format) {
    AVFrame *frame = av_frame_alloc();
    if (frame == NULL) return NULL;
    frame->buf[0] = av_buffer_create(planes[0], (size_t)strides[0] * (size_t)height, keep, NULL, 0);
    if (frame->buf[0] == NULL) {
        av_frame_free(&frame);
        return NULL;
    }
    for (int plane = 0; plane < 4; plane++) {
        frame->data[plane] = planes[plane];
        frame->linesize[plane] = strides[plane];
    }
    frame->width = width;
    frame->height = height;
    frame->format = format;
    return frame;
}

/* The whole frame through sws_scale_frame, the call that runs libswscale's slice threads
 * (sws_scale runs one). */
static bool scale(yuv420_converter_t *c, const uint8_t *source, int source_stride, uint8_t *planes[4],
                  int strides[4]) {
    uint8_t *source_planes[4] = {(uint8_t *)source, NULL, NULL, NULL};
    int source_strides[4] = {source_stride, 0, 0, 0};
    AVFrame *in = frame_over(source_planes, source_strides, c->out_width, c->out_height, AV_PIX_FMT_BGRA);
    AVFrame *out = frame_over(planes, strides, c->out_width, c->out_height, AV_PIX_FMT_YUV420P);
    bool scaled = in != NULL && out != NULL && sws_scale_frame(c->context, out, in) >= 0;
    av_frame_free(&in);
    av_frame_free(&out);
    return scaled;
}

const uint8_t *yuv420_converter_convert(yuv420_converter_t *converter, const uint8_t *bgra, size_t stride) {
    yuv420_converter_t *c = converter;
    size_t source_stride;
    const uint8_t *source[4] = {readable_source(c, bgra, stride, &source_stride), NULL, NULL, NULL};
    int source_strides[4] = {(int)source_stride, 0, 0, 0};
    uint8_t *planes[4] = {c->planes[0], c->planes[1], c->planes[2], NULL};
    int strides[4] = {c->plane_strides[0], c->plane_strides[1], c->plane_strides[2], 0};
    if (!scale(c, source[0], source_strides[0], planes, strides)) return NULL;
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
