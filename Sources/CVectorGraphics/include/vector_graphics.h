#ifndef PIPELINE_VECTOR_GRAPHICS_H
#define PIPELINE_VECTOR_GRAPHICS_H

#include <stddef.h>
#include <stdint.h>

/// SVG documents drawn as vectors (librsvg), the files and addresses they refer to (libxml2),
/// and Lottie animations rendered to pixels (rlottie). Every message a function returns through
/// `error` is allocated; free it with `vector_free`. Plain C types only, so the Swift side needs
/// none of the libraries' headers.

void vector_free(void *pointer);

/// Why SVG and Lottie cannot be drawn (libpipeline-vector.so, which holds them, cannot be
/// loaded), or NULL when they can. The first call loads the library.
const char *vector_unavailable(void);

/// A parsed SVG document. One thread at a time: each compositor keeps its own.
typedef struct vector_svg vector_svg_t;

/// Parses `length` bytes of SVG; relative references resolve against `base_path` (the file's
/// path). librsvg's default limits stay on (no RSVG_HANDLE_FLAG_UNLIMITED). NULL on failure.
vector_svg_t *vector_svg_open(const uint8_t *bytes, size_t length, const char *base_path, char **error);

/// The document's own size in pixels, from its width and height, else from its viewBox.
/// Returns 0 when it gives neither (it is then drawn to fill whatever it is given).
int vector_svg_size(vector_svg_t *svg, double *width, double *height);

/// Draws the document into the rectangle (0, 0, width, height) of the current user space of
/// `cairo` (a cairo_t *). Returns 0 on success, -1 with `error` set.
int vector_svg_render(vector_svg_t *svg, void *cairo, double width, double height, char **error);

void vector_svg_close(vector_svg_t *svg);

/// Every reference in an SVG document that could make a reader load something: href, xlink:href,
/// src and xml:base attributes, url(...) in any attribute and in <style> text, @import in <style>, and
/// external entities. `references` receives an allocated array of `*count` allocated strings,
/// `lines` their line numbers (free each string, then both arrays, with `vector_free`).
/// Returns 0, or -1 with `error` set when the bytes are not well-formed XML.
int vector_svg_references(
    const uint8_t *bytes, size_t length, char ***references, int **lines, size_t *count, char **error);

/// A Lottie animation. One thread at a time: each compositor keeps its own.
typedef struct vector_lottie vector_lottie_t;

/// Parses the Lottie JSON in `json` (NUL-terminated); image assets resolve against
/// `resource_folder`. NULL when rlottie cannot read it as an animation. Any thread.
vector_lottie_t *vector_lottie_open(const char *json, const char *resource_folder);

/// The animation's frame count, frame rate and size in pixels.
void vector_lottie_info(vector_lottie_t *lottie, size_t *frames, double *frame_rate, size_t *width, size_t *height);

/// Renders frame `frame` (0 is the animation's first, whatever its in-point) into `pixels`:
/// `width` × `height` premultiplied ARGB32 in native byte order (Cairo's CAIRO_FORMAT_ARGB32),
/// `stride` bytes a row; the animation is scaled to the size, keeping its aspect ratio.
void vector_lottie_render(
    vector_lottie_t *lottie, size_t frame, uint32_t *pixels, size_t width, size_t height, size_t stride);

void vector_lottie_close(vector_lottie_t *lottie);

#endif
