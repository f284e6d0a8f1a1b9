/*
 * vector_loader.c — the vector graphics API (vector_graphics.h), forwarded to
 * libpipeline-vector.so, which is loaded on first use.
 *
 * The implementation (Libraries/vector-graphics) links librsvg, libxml2 and rlottie and, through
 * librsvg, GLib, GIO, GdkPixbuf and Pango: linked into the executable, they would add milliseconds
 * to the start of every command, whether or not its pipeline shows an SVG or a Lottie animation.
 * Its functions carry a prefix of their own (pipeline_vector_…), so they never clash with these.
 */
#define _GNU_SOURCE
#include "library_loader.h"
#include "vector_graphics.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct {
    vector_svg_t *(*svg_open)(const uint8_t *, size_t, const char *, char **);
    int (*svg_size)(vector_svg_t *, double *, double *);
    int (*svg_render)(vector_svg_t *, void *, double, double, char **);
    void (*svg_close)(vector_svg_t *);
    int (*svg_references)(const uint8_t *, size_t, char ***, int **, size_t *, char **);
    int (*svg_shapes)(const uint8_t *, size_t, vector_svg_shape_t **, size_t *, char ***, size_t *, double *, double *,
                      char **);
    void (*svg_shapes_free)(vector_svg_shape_t *, size_t, char **, size_t);
    vector_lottie_t *(*lottie_open)(const char *, const char *);
    void (*lottie_info)(vector_lottie_t *, size_t *, double *, size_t *, size_t *);
    void (*lottie_render)(vector_lottie_t *, size_t, uint32_t *, size_t, size_t, size_t);
    void (*lottie_close)(vector_lottie_t *);
    bool loaded;
    char failure[1024]; /* why the library could not be loaded */
} library;

static pthread_once_t loading = PTHREAD_ONCE_INIT;

static void load(void) {
    void *handle = pipeline_library_open("libpipeline-vector.so", "PIPELINE_VECTOR_LIBRARY",
                                         "drawing SVG and Lottie", library.failure, sizeof library.failure);
    if (handle == NULL) return;
#define ANIM_FIND(field, name) *(void **)&library.field = dlsym(handle, "pipeline_vector_" name)
    ANIM_FIND(svg_open, "svg_open");
    ANIM_FIND(svg_size, "svg_size");
    ANIM_FIND(svg_render, "svg_render");
    ANIM_FIND(svg_close, "svg_close");
    ANIM_FIND(svg_references, "svg_references");
    ANIM_FIND(svg_shapes, "svg_shapes");
    ANIM_FIND(svg_shapes_free, "svg_shapes_free");
    ANIM_FIND(lottie_open, "lottie_open");
    ANIM_FIND(lottie_info, "lottie_info");
    ANIM_FIND(lottie_render, "lottie_render");
    ANIM_FIND(lottie_close, "lottie_close");
#undef ANIM_FIND
    library.loaded = library.svg_open && library.svg_size && library.svg_render && library.svg_close &&
                     library.svg_references && library.svg_shapes && library.svg_shapes_free &&
                     library.lottie_open && library.lottie_info && library.lottie_render && library.lottie_close;
    if (!library.loaded) {
        snprintf(library.failure, sizeof library.failure,
                 "drawing SVG and Lottie is unavailable: the libpipeline-vector.so found lacks its functions "
                 "(built from another version of pipeline?)");
    }
}

const char *vector_unavailable(void) {
    pthread_once(&loading, load);
    return library.loaded ? NULL : library.failure;
}

/* Both sides allocate with the C library's malloc. */
void vector_free(void *pointer) { free(pointer); }

static bool available(char **error) {
    const char *failure = vector_unavailable();
    if (failure != NULL && error != NULL) *error = strdup(failure);
    return failure == NULL;
}

vector_svg_t *vector_svg_open(const uint8_t *bytes, size_t length, const char *base_path, char **error) {
    return available(error) ? library.svg_open(bytes, length, base_path, error) : NULL;
}

int vector_svg_references(const uint8_t *bytes, size_t length, char ***references, int **lines, size_t *count,
                          char **error) {
    if (!available(error)) {
        *references = NULL, *lines = NULL, *count = 0;
        return -1;
    }
    return library.svg_references(bytes, length, references, lines, count, error);
}

int vector_svg_shapes(const uint8_t *bytes, size_t length, vector_svg_shape_t **shapes, size_t *count,
                      char ***warnings, size_t *warning_count, double *width, double *height, char **error) {
    if (!available(error)) {
        *shapes = NULL, *count = 0, *warnings = NULL, *warning_count = 0, *width = 0, *height = 0;
        return -1;
    }
    return library.svg_shapes(bytes, length, shapes, count, warnings, warning_count, width, height, error);
}

vector_lottie_t *vector_lottie_open(const char *json, const char *resource_folder) {
    return available(NULL) ? library.lottie_open(json, resource_folder) : NULL;
}

/* The functions below take a document or an animation, which only an open through the library
 * can have made. */

int vector_svg_size(vector_svg_t *svg, double *width, double *height) {
    return library.svg_size(svg, width, height);
}

int vector_svg_render(vector_svg_t *svg, void *cairo, double width, double height, char **error) {
    return library.svg_render(svg, cairo, width, height, error);
}

void vector_svg_close(vector_svg_t *svg) {
    if (svg != NULL) library.svg_close(svg);
}

void vector_svg_shapes_free(vector_svg_shape_t *shapes, size_t count, char **warnings, size_t warning_count) {
    if (shapes != NULL || warnings != NULL) library.svg_shapes_free(shapes, count, warnings, warning_count);
}

void vector_lottie_info(vector_lottie_t *lottie, size_t *frames, double *frame_rate, size_t *width, size_t *height) {
    library.lottie_info(lottie, frames, frame_rate, width, height);
}

void vector_lottie_render(vector_lottie_t *lottie, size_t frame, uint32_t *pixels, size_t width, size_t height,
                          size_t stride) {
    library.lottie_render(lottie, frame, pixels, width, height, stride);
}

void vector_lottie_close(vector_lottie_t *lottie) {
    if (lottie != NULL) library.lottie_close(lottie);
}
