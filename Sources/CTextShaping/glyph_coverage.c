#include "glyph_coverage.h"
#include "text_face.h"

#include <cairo.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include FT_OUTLINE_H
#include FT_SYNTHESIS_H

/// A 16.16 fixed-point value, saturated.
static FT_Fixed fixed(double value) {
    double scaled = round(value * 65536.0);
    if (scaled > 2147483647.0) scaled = 2147483647.0;
    if (scaled < -2147483647.0) scaled = -2147483647.0;
    return (FT_Fixed)scaled;
}

int glyph_coverage_render(text_face_t *text_face, uint32_t index, const double matrix[4], double x, double y,
                          int embolden, glyph_coverage_t *coverage) {
    memset(coverage, 0, sizeof *coverage);
    if (!isfinite(x) || !isfinite(y) || fabs(x) > 1e6 || fabs(y) > 1e6) return 0;
    FT_Face face = text_face_freetype(text_face);
    if (!face) return 0;
    int rendered = 0;
    FT_Outline outline;
    int copied = 0;
    if (FT_Load_Glyph(face, index, FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP) != 0) goto done;
    FT_GlyphSlot slot = face->glyph;
    if (slot->format != FT_GLYPH_FORMAT_OUTLINE || slot->outline.n_points == 0) goto done;
    if (embolden) FT_GlyphSlot_Embolden(slot);
    if (FT_Outline_New(slot->library, slot->outline.n_points, slot->outline.n_contours, &outline) != 0) goto done;
    copied = 1;
    FT_Outline_Copy(&slot->outline, &outline);
    // FreeType's outlines and rasters are y up: a device point (dx, dy) is (dx, -dy) there, so
    // the glyph's y-up point (X, Y) maps to (xx X - xy Y + x, -(yx X - yy Y + y)).
    FT_Matrix transform = {fixed(matrix[0]), fixed(-matrix[2]), fixed(-matrix[1]), fixed(matrix[3])};
    FT_Outline_Transform(&outline, &transform);
    FT_Outline_Translate(&outline, (FT_Pos)lround(x * 64), (FT_Pos)lround(-y * 64));
    FT_BBox box;
    FT_Outline_Get_CBox(&outline, &box);
    long left = (long)floor(box.xMin / 64.0), right = (long)ceil(box.xMax / 64.0);
    long bottom = (long)floor(box.yMin / 64.0), top = (long)ceil(box.yMax / 64.0);
    if (right <= left || top <= bottom || right - left > 8192 || top - bottom > 8192) goto done;
    int width = (int)(right - left), height = (int)(top - bottom);
    int stride = cairo_format_stride_for_width(CAIRO_FORMAT_A8, width);
    unsigned char *pixels = calloc((size_t)stride, (size_t)height);
    if (!pixels) goto done;
    FT_Outline_Translate(&outline, -left * 64, -bottom * 64);
    FT_Bitmap bitmap;
    memset(&bitmap, 0, sizeof bitmap);
    bitmap.rows = (unsigned)height;
    bitmap.width = (unsigned)width;
    bitmap.pitch = stride;  // positive: the first row is the top one
    bitmap.buffer = pixels;
    bitmap.num_grays = 256;
    bitmap.pixel_mode = FT_PIXEL_MODE_GRAY;
    if (FT_Outline_Get_Bitmap(slot->library, &outline, &bitmap) != 0) {
        free(pixels);
        goto done;
    }
    coverage->left = (int)left;
    coverage->top = (int)-top;
    coverage->width = width;
    coverage->height = height;
    coverage->stride = stride;
    coverage->pixels = pixels;
    rendered = 1;
done:
    if (copied) FT_Outline_Done(face->glyph->library, &outline);
    return rendered;
}

void glyph_coverage_free(glyph_coverage_t *coverage) {
    free(coverage->pixels);
    coverage->pixels = NULL;
}
