#ifndef GLYPH_COVERAGE_H
#define GLYPH_COVERAGE_H

#include <stdint.h>

#include "text_face.h"

/// A glyph's coverage in device pixels: `height` rows of `width` bytes (0 to 255), `stride`
/// bytes apart (Cairo's stride for an A8 surface of that width), the first at (`left`, `top`).
typedef struct {
    int left, top, width, height, stride;
    unsigned char *pixels;
} glyph_coverage_t;

/// Rasterises the outline of glyph `index` of `face` (at the text's size) through `matrix` (xx, yx, xy, yy: the glyph's own space, y down,
/// in pixels at the font's size, to device pixels, y down) with its origin at device point
/// (`x`, `y`), by FreeType's anti-aliasing rasteriser, unhinted; `embolden` thickens it as
/// FreeType's synthetic bold (the one Cairo applies). Returns 1 and fills `coverage` (freed
/// with `glyph_coverage_free`), or 0 when the glyph has no outline or covers no pixel.
int glyph_coverage_render(text_face_t *face, uint32_t index, const double matrix[4], double x, double y,
                          int embolden, glyph_coverage_t *coverage);

void glyph_coverage_free(glyph_coverage_t *coverage);

#endif
