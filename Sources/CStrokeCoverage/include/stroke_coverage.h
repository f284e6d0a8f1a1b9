#ifndef STROKE_COVERAGE_H
#define STROKE_COVERAGE_H

#include <stdint.h>

/* A stroke's coverage: how much of each device pixel a line of some width along a path covers,
 * measured by FreeType (its stroker outlines the line, its smooth rasteriser measures the outline's
 * area in each pixel). The caller composites the coverage with its own source, as a mask. */

typedef struct stroke_rasterizer stroke_rasterizer_t;

enum { STROKE_CAP_BUTT = 0, STROKE_CAP_ROUND = 1, STROKE_CAP_SQUARE = 2 };
enum { STROKE_JOIN_MITER = 0, STROKE_JOIN_ROUND = 1, STROKE_JOIN_BEVEL = 2 };

typedef struct {
    /* The line's width, in user units. */
    double width;
    int cap, join;
    /* Where a miter join, its length over the line's width, would pass this, the join is bevelled. */
    double miter_limit;
    /* User space to device pixels: x' = xx·x + xy·y + x0, y' = yx·x + yy·y + y0 (Cairo's order). */
    double xx, yx, xy, yy, x0, y0;
    /* The device pixels the coverage may reach: [clip_x0, clip_x1) × [clip_y0, clip_y1). */
    int clip_x0, clip_y0, clip_x1, clip_y1;
} stroke_style_t;

/* The path: `subpaths` subpaths, subpath i with `segments[i]` cubic segments and closed when
 * `closed[i]` is non-zero. `points` holds, for each subpath in turn, its start (x, y) and then each
 * segment's two controls and end (six numbers), in user units. */
typedef struct {
    const double *points;
    const int32_t *segments;
    const uint8_t *closed;
    int32_t subpaths;
} stroke_path_t;

/* Coverage of `width` × `height` device pixels whose top left is (x, y): one byte a pixel,
 * rows `stride` bytes apart (a multiple of 4, as Cairo's A8 images have). It belongs to the
 * rasterizer and stays valid until its next stroke. */
typedef struct {
    int32_t x, y, width, height, stride;
    uint8_t *data;
} stroke_coverage_t;

typedef enum {
    /* `coverage` holds the stroke. */
    STROKE_COVERED = 0,
    /* The stroke reaches no pixel of the clip. */
    STROKE_NOTHING = 1,
    /* Not measured here, the caller strokes the path itself: a subpath shorter than a
     * thirty-second of a pixel with round or square caps (a dot of its caps), a line thinner than
     * a sixteenth of a pixel, a degenerate or non-finite matrix, coordinates past ±2¹⁷ device
     * pixels, a coverage wider or taller than 32,767 pixels or an outline of more than 32,767
     * points (FreeType's limits), or memory that ran out. */
    STROKE_UNSUPPORTED = 2,
} stroke_result_t;

/* A rasterizer, for one thread at a time; NULL when FreeType cannot start. */
stroke_rasterizer_t *stroke_rasterizer_create(void);
void stroke_rasterizer_destroy(stroke_rasterizer_t *rasterizer);

stroke_result_t stroke_rasterizer_stroke(
    stroke_rasterizer_t *rasterizer, const stroke_path_t *path, const stroke_style_t *style,
    stroke_coverage_t *coverage);

#endif
