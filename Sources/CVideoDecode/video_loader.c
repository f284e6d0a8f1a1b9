/*
 * video_loader.c — the video decoder's API (CVideoDecode.h), forwarded to libpipeline-video.so,
 * which is loaded on first use.
 *
 * The decoder (Libraries/video-decoder) links libavformat and libavcodec and, through them, about
 * a hundred shared libraries: linked into the executable, loading them would cost every command
 * tens of milliseconds at start, whether or not its pipeline shows a video. So the decoder is a
 * library of its own (built by `make plugins` beside the in-repo plugins; installed in
 * <prefix>/lib/pipeline), opened with dlopen the first time a clip is opened. Its functions carry
 * a prefix of their own (pipeline_video_…), so they never clash with these.
 */
#define _GNU_SOURCE
#include "CVideoDecode.h"
#include "library_loader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

typedef video_status_t (*open_fn)(const char *, uint32_t, video_decoder_t **, video_info_t *, char *, size_t);
typedef const double *(*times_fn)(const video_decoder_t *);
typedef video_status_t (*frame_fn)(video_decoder_t *, size_t, uint8_t *, size_t, char *, size_t);
typedef uint64_t (*count_fn)(const video_decoder_t *);
typedef size_t (*passage_fn)(const video_decoder_t *, size_t);
typedef void (*close_fn)(video_decoder_t *);
typedef void (*threads_fn)(video_decoder_t *, int);
typedef video_status_t (*picture_fn)(video_decoder_t *, size_t, video_picture_t **, char *, size_t);
typedef video_status_t (*convert_fn)(const video_picture_t *, video_converter_t *, uint8_t *, size_t, char *, size_t);
typedef video_status_t (*convert_sized_fn)(const video_picture_t *, video_converter_t *, int, int, uint8_t *, size_t,
                                           char *, size_t);
typedef void (*picture_free_fn)(video_picture_t *);
typedef video_converter_t *(*converter_create_fn)(void);
typedef void (*converter_free_fn)(video_converter_t *);
typedef video_status_t (*probe_fn)(const char *, audio_info_t *, char *, size_t);
typedef video_status_t (*decode_fn)(const char *, int, float **, size_t *, char *, size_t);
typedef video_status_t (*clone_fn)(const video_decoder_t *, video_decoder_t **);

static struct {
    open_fn open;
    clone_fn clone;
    times_fn times;
    frame_fn frame;
    picture_fn picture;
    convert_fn convert;
    convert_sized_fn convert_sized;
    picture_free_fn picture_free;
    converter_create_fn converter_create;
    converter_free_fn converter_free;
    count_fn decoded_count;
    passage_fn passage;
    close_fn release;
    threads_fn set_threads;
    close_fn close;
    probe_fn audio_probe;
    decode_fn audio_decode;
    char failure[1024]; /* why the library could not be loaded; empty once it is */
} library;

static pthread_once_t loading = PTHREAD_ONCE_INIT;

static void load(void) {
    void *handle = pipeline_library_open("libpipeline-video.so", "PIPELINE_VIDEO_LIBRARY", "video decoding",
                                         library.failure, sizeof library.failure);
    if (handle == NULL) return;
    library.open = (open_fn)dlsym(handle, "pipeline_video_open");
    library.clone = (clone_fn)dlsym(handle, "pipeline_video_clone");
    library.times = (times_fn)dlsym(handle, "pipeline_video_times");
    library.frame = (frame_fn)dlsym(handle, "pipeline_video_frame");
    library.picture = (picture_fn)dlsym(handle, "pipeline_video_picture");
    library.convert = (convert_fn)dlsym(handle, "pipeline_video_picture_convert");
    library.convert_sized = (convert_sized_fn)dlsym(handle, "pipeline_video_picture_convert_sized");
    library.picture_free = (picture_free_fn)dlsym(handle, "pipeline_video_picture_free");
    library.converter_create = (converter_create_fn)dlsym(handle, "pipeline_video_converter_create");
    library.converter_free = (converter_free_fn)dlsym(handle, "pipeline_video_converter_free");
    library.decoded_count = (count_fn)dlsym(handle, "pipeline_video_decoded_count");
    library.passage = (passage_fn)dlsym(handle, "pipeline_video_passage");
    library.release = (close_fn)dlsym(handle, "pipeline_video_release");
    library.set_threads = (threads_fn)dlsym(handle, "pipeline_video_set_threads");
    library.close = (close_fn)dlsym(handle, "pipeline_video_close");
    library.audio_probe = (probe_fn)dlsym(handle, "pipeline_video_audio_probe");
    library.audio_decode = (decode_fn)dlsym(handle, "pipeline_video_audio_decode");
    if (!library.open || !library.clone || !library.times || !library.frame || !library.picture || !library.convert ||
        !library.picture_free || !library.converter_create || !library.converter_free || !library.decoded_count || !library.passage ||
        !library.convert_sized || !library.release || !library.set_threads || !library.close ||
        !library.audio_probe || !library.audio_decode) {
        library.open = NULL;
        library.audio_probe = NULL;
        library.audio_decode = NULL;
        snprintf(library.failure, sizeof library.failure,
                 "video decoding is unavailable: the libpipeline-video.so found lacks its functions "
                 "(built from another version of pipeline?)");
    }
}

video_status_t video_decoder_open(const char *path, uint32_t max_dimension, video_decoder_t **decoder,
                                  video_info_t *info, char *detail, size_t detail_size) {
    pthread_once(&loading, load);
    if (library.open == NULL) {
        *decoder = NULL;
        memset(info, 0, sizeof *info);
        snprintf(detail, detail_size, "%s", library.failure);
        return VIDEO_UNAVAILABLE;
    }
    return library.open(path, max_dimension, decoder, info, detail, detail_size);
}

video_status_t video_audio_probe(const char *path, audio_info_t *info, char *detail, size_t detail_size) {
    pthread_once(&loading, load);
    if (library.audio_probe == NULL) {
        memset(info, 0, sizeof *info);
        snprintf(detail, detail_size, "%s", library.failure);
        return VIDEO_UNAVAILABLE;
    }
    return library.audio_probe(path, info, detail, detail_size);
}

video_status_t video_audio_decode(const char *path, int sample_rate, float **samples, size_t *count, char *detail,
                                  size_t detail_size) {
    pthread_once(&loading, load);
    if (library.audio_decode == NULL) {
        *samples = NULL;
        *count = 0;
        snprintf(detail, detail_size, "%s", library.failure);
        return VIDEO_UNAVAILABLE;
    }
    return library.audio_decode(path, sample_rate, samples, count, detail, detail_size);
}

/* The functions below take a decoder, which only an open through the library can have made. */

video_status_t video_decoder_clone(const video_decoder_t *source, video_decoder_t **decoder) {
    return library.clone(source, decoder);
}

const double *video_decoder_times(const video_decoder_t *decoder) {
    return library.times(decoder);
}

video_status_t video_decoder_frame(video_decoder_t *decoder, size_t index, uint8_t *bgra, size_t stride,
                                   char *detail, size_t detail_size) {
    return library.frame(decoder, index, bgra, stride, detail, detail_size);
}

uint64_t video_decoder_decoded_count(const video_decoder_t *decoder) {
    return library.decoded_count(decoder);
}

size_t video_decoder_passage(const video_decoder_t *decoder, size_t index) {
    return library.passage(decoder, index);
}

void video_decoder_release(video_decoder_t *decoder) {
    library.release(decoder);
}

void video_decoder_set_threads(video_decoder_t *decoder, int threads) {
    library.set_threads(decoder, threads);
}

void video_decoder_close(video_decoder_t *decoder) {
    if (decoder != NULL) library.close(decoder);
}

video_status_t video_decoder_picture(video_decoder_t *decoder, size_t index, video_picture_t **picture,
                                     char *detail, size_t detail_size) {
    return library.picture(decoder, index, picture, detail, detail_size);
}

video_status_t video_picture_convert(const video_picture_t *picture, video_converter_t *converter, uint8_t *bgra,
                                     size_t stride, char *detail, size_t detail_size) {
    return library.convert(picture, converter, bgra, stride, detail, detail_size);
}

video_status_t video_picture_convert_sized(const video_picture_t *picture, video_converter_t *converter, int width,
                                           int height, uint8_t *bgra, size_t stride, char *detail, size_t detail_size) {
    return library.convert_sized(picture, converter, width, height, bgra, stride, detail, detail_size);
}

void video_picture_free(video_picture_t *picture) {
    if (picture != NULL) library.picture_free(picture);
}

/* Takes no decoder: it may come first, and then finds the library as an open does. */
video_converter_t *video_converter_create(void) {
    pthread_once(&loading, load);
    return library.converter_create == NULL || library.open == NULL ? NULL : library.converter_create();
}

void video_converter_free(video_converter_t *converter) {
    if (converter != NULL) library.converter_free(converter);
}
