#ifndef PIPELINE_VECTOR_GRAPHICS_H
#define PIPELINE_VECTOR_GRAPHICS_H

#include <stddef.h>
#include <stdint.h>

/// SVG documents drawn as vectors (librsvg), the files and addresses they refer to and the shapes
/// they draw (libxml2), and Lottie animations rendered to pixels (rlottie). Every message a
/// function returns through `error` is allocated; free it with `vector_free`. Plain C types only,
/// so the Swift side needs none of the libraries' headers.

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

/// One drawable element of an SVG document (a path or a basic shape) with the style it resolves to,
/// for shape layers, which draw and morph the paths themselves.
typedef struct vector_svg_shape {
    /// SVG path data: a <path>'s `d` as written; rect (rx and ry included), circle, ellipse, line,
    /// polyline and polygon written as path data, starting where SVG 2 says their paths start.
    char *path_data;
    /// a b c d e f (x' = a x + c y + e, y' = b x + d y + f): the element's transform composed with
    /// every ancestor's and <use>'s, the root <svg>'s viewBox mapping included.
    double matrix[6];
    /// Style from presentation attributes and the `style` attribute (`style` wins), inherited
    /// through groups as SVG's properties are. Colours are RGBA from 0 to 1, each opacity folded
    /// in: fill-opacity or stroke-opacity, and the element's and every ancestor's `opacity`.
    int has_fill;
    double fill[4];
    int fill_rule; /* 0 nonzero, 1 evenodd */
    int has_stroke;
    double stroke[4];
    double stroke_width, miter_limit, dash_offset;
    int line_cap;  /* 0 butt, 1 round, 2 square */
    int line_join; /* 0 miter, 1 round, 2 bevel */
    /// The dash lengths, an odd list already repeated to an even one; NULL and 0 for a solid line.
    double *dashes;
    size_t dash_count;
    /// The line the element's start tag begins on, for messages.
    int line;
} vector_svg_shape_t;

/// The shapes an SVG document draws, in painting order, read through libxml2 with no network and
/// no external or internal entity expanded. <defs>, <symbol>, <title>, <desc>, <metadata> and
/// elements of other namespaces are not drawn (a <use> of a local element or <symbol> is); hidden
/// elements (display:none, visibility:hidden) are skipped. Lengths are in px, pt, pc, in, cm or mm,
/// or percentages of the viewport. Whatever the document asks for that is
/// not drawn as asked (text, images, gradients or patterns as paint, filters, masks, clip paths,
/// markers, paint-order, vector-effect, blend modes, CSS style sheets, units relative to fonts,
/// unknown elements, values that cannot be read) gives one warning per kind, "line N: …", allocated, in `*warnings`. `*width` and
/// `*height` receive the document's size in pixels (its width and height, else its viewBox's),
/// 0 when it gives none. A group's opacity is folded into each of its shapes' colours (where they
/// overlap, SVG would composite the group as one), and nothing is clipped to a viewport.
/// Returns 0, or -1 with `error` ("line N: …") and nothing else allocated. Free the results with
/// `vector_svg_shapes_free`.
int vector_svg_shapes(const uint8_t *bytes, size_t length, vector_svg_shape_t **shapes, size_t *count,
                      char ***warnings, size_t *warning_count, double *width, double *height, char **error);

/// Frees what `vector_svg_shapes` returned: each shape's path data and dashes, the shapes, each
/// warning and the warnings' array.
void vector_svg_shapes_free(vector_svg_shape_t *shapes, size_t count, char **warnings, size_t warning_count);

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
