/*
 * yuv420_loader.c — the converter's API (CSwscale.h), forwarded to libpipeline-yuv420.so, which
 * holds it (Libraries/yuv420-converter) and is loaded on first use: libswscale and libavutil,
 * with the hardware-acceleration libraries libavutil pulls in, would add milliseconds to the
 * start of every command, whether or not it writes a video. Its functions carry a prefix of
 * their own (pipeline_yuv420_…), so they never clash with these.
 */
#define _GNU_SOURCE
#include "CSwscale.h"
#include "library_loader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>

static struct {
    yuv420_converter_t *(*create)(int, int, int, int, int);
    size_t (*frame_bytes)(const yuv420_converter_t *);
    const uint8_t *(*convert)(yuv420_converter_t *, const uint8_t *, size_t);
    void (*destroy)(yuv420_converter_t *);
    bool loaded;
    char failure[1024]; /* why the library could not be loaded */
} library;

static pthread_once_t loading = PTHREAD_ONCE_INIT;

static void load(void) {
    void *handle = pipeline_library_open("libpipeline-yuv420.so", "PIPELINE_YUV420_LIBRARY", "converting to yuv420p",
                                         library.failure, sizeof library.failure);
    if (handle == NULL) return;
    *(void **)&library.create = dlsym(handle, "pipeline_yuv420_converter_create");
    *(void **)&library.frame_bytes = dlsym(handle, "pipeline_yuv420_converter_frame_bytes");
    *(void **)&library.convert = dlsym(handle, "pipeline_yuv420_converter_convert");
    *(void **)&library.destroy = dlsym(handle, "pipeline_yuv420_converter_destroy");
    library.loaded = library.create && library.frame_bytes && library.convert && library.destroy;
    if (!library.loaded) {
        snprintf(library.failure, sizeof library.failure,
                 "converting to yuv420p is unavailable: the libpipeline-yuv420.so found lacks its functions "
                 "(built from another version of pipeline?)");
    }
}

const char *yuv420_unavailable(void) {
    pthread_once(&loading, load);
    return library.loaded ? NULL : library.failure;
}

yuv420_converter_t *yuv420_converter_create(int width, int height, int out_width, int out_height, int threads) {
    return yuv420_unavailable() == NULL ? library.create(width, height, out_width, out_height, threads) : NULL;
}

/* The functions below take a converter, which only a create through the library can have made. */

size_t yuv420_converter_frame_bytes(const yuv420_converter_t *converter) {
    return library.frame_bytes(converter);
}

const uint8_t *yuv420_converter_convert(yuv420_converter_t *converter, const uint8_t *bgra, size_t stride) {
    return library.convert(converter, bgra, stride);
}

void yuv420_converter_destroy(yuv420_converter_t *converter) {
    if (converter != NULL) library.destroy(converter);
}
