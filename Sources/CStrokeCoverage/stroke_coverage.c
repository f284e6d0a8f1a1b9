#include "stroke_coverage.h"

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_STROKER_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Coordinates reach FreeType in 26.6 fixed point. Past 2¹⁷ pixels its stroker's products of two
 * coordinates could pass what its 32-bit-minded arithmetic keeps exact; FT_Span's x and an
 * outline's point count are shorts. */
#define FAR_PIXELS 131072.0
#define SHORT_LIMIT 32767

struct stroke_rasterizer {
    FT_Library library;
    FT_Stroker stroker;
    FT_Vector *points;
    char *tags;
    short *contours;
    size_t point_capacity, contour_capacity;
    uint8_t *coverage;
    size_t coverage_capacity;
};

stroke_rasterizer_t *stroke_rasterizer_create(void) {
    stroke_rasterizer_t *rasterizer = calloc(1, sizeof *rasterizer);
    if (!rasterizer) return NULL;
    if (FT_Init_FreeType(&rasterizer->library) != 0) {
        free(rasterizer);
        return NULL;
    }
    if (FT_Stroker_New(rasterizer->library, &rasterizer->stroker) != 0) {
        FT_Done_FreeType(rasterizer->library);
        free(rasterizer);
        return NULL;
    }
    return rasterizer;
}

void stroke_rasterizer_destroy(stroke_rasterizer_t *rasterizer) {
    if (!rasterizer) return;
    FT_Stroker_Done(rasterizer->stroker);
    FT_Done_FreeType(rasterizer->library);
    free(rasterizer->points);
    free(rasterizer->tags);
    free(rasterizer->contours);
    free(rasterizer->coverage);
    free(rasterizer);
}

/* Grows `*buffer` to hold `count` items of `size` bytes; false when memory ran out. */
static int reserve(void **buffer, size_t *capacity, size_t count, size_t size) {
    if (count <= *capacity) return 1;
    size_t wanted = count < 64 ? 64 : count + count / 2;
    void *grown = realloc(*buffer, wanted * size);
    if (!grown) return 0;
    *buffer = grown;
    *capacity = wanted;
    return 1;
}

/* Grows the points and their tags together to hold `count`; false when memory ran out. */
static int reserve_points(stroke_rasterizer_t *rasterizer, size_t count) {
    if (count <= rasterizer->point_capacity) return 1;
    size_t wanted = count < 64 ? 64 : count + count / 2;
    FT_Vector *points = realloc(rasterizer->points, wanted * sizeof *points);
    if (!points) return 0;
    rasterizer->points = points;
    char *tags = realloc(rasterizer->tags, wanted);
    if (!tags) return 0;
    rasterizer->tags = tags;
    rasterizer->point_capacity = wanted;
    return 1;
}

typedef struct {
    double scale; /* user units to stroking units (26.6 of about a device pixel) */
} stroking_space_t;

static FT_Vector stroking_point(const stroking_space_t *space, double x, double y) {
    FT_Vector v = {(FT_Pos)lround(x * space->scale), (FT_Pos)lround(y * space->scale)};
    return v;
}

/* Whether the cubic from p0 through c1, c2 to p3 is a straight run from p0 to p3 (its controls on
 * the segment between them), which is stroked as a line: the same outline, without the curve's
 * subdivision. */
static int is_straight(const double *p0, const double *c) {
    double dx = c[4] - p0[0], dy = c[5] - p0[1];
    double length2 = dx * dx + dy * dy;
    if (length2 == 0) return 0;
    for (int k = 0; k < 2; k++) {
        double ex = c[2 * k] - p0[0], ey = c[2 * k + 1] - p0[1];
        double cross = ex * dy - ey * dx, along = ex * dx + ey * dy;
        if (fabs(cross) > 1e-9 * length2 || along < 0 || along > length2) return 0;
    }
    return 1;
}

/* FreeType's stroker takes a segment within this many units of where it stands, in every
 * coordinate, for no segment at all (its FT_IS_SMALL); a subpath of only such segments has no
 * direction, and ending it would read a border that has no points. */
#define STROKER_SMALL 2

static int is_small(FT_Pos a, FT_Pos b) { return a - b > -STROKER_SMALL && a - b < STROKER_SMALL; }

static void add_spans(int y, int count, const FT_Span *spans, void *user) {
    stroke_coverage_t *coverage = user;
    if (y < 0 || y >= coverage->height) return;
    uint8_t *row = coverage->data + (size_t)y * (size_t)coverage->stride;
    for (int i = 0; i < count; i++) {
        int x = spans[i].x, length = spans[i].len;
        if (x < 0) {
            length += x;
            x = 0;
        }
        if (x + length > coverage->width) length = coverage->width - x;
        if (length > 0) memset(row + x, spans[i].coverage, (size_t)length);
    }
}

stroke_result_t stroke_rasterizer_stroke(
    stroke_rasterizer_t *rasterizer, const stroke_path_t *path, const stroke_style_t *style,
    stroke_coverage_t *coverage) {
    if (!rasterizer) return STROKE_UNSUPPORTED;
    double m[6] = {style->xx, style->yx, style->xy, style->yy, style->x0, style->y0};
    for (int k = 0; k < 6; k++) {
        if (!isfinite(m[k])) return STROKE_UNSUPPORTED;
    }
    double determinant = m[0] * m[3] - m[1] * m[2];
    double reach = fmax(hypot(m[0], m[1]), hypot(m[2], m[3]));
    if (!(fabs(determinant) > 1e-12) || !isfinite(style->width) || style->width * reach < 1.0 / 16) {
        return STROKE_UNSUPPORTED;
    }
    /* The path is stroked in user space enlarged to about device size (so the pen is a circle of
     * user space, an ellipse on the device, as Cairo's is), then mapped to the device. */
    stroking_space_t space = {reach * 64};
    const double radius = style->width / 2 * space.scale;
    if (radius > FAR_PIXELS * 64) return STROKE_UNSUPPORTED;

    size_t offset = 0;
    for (int32_t s = 0; s < path->subpaths; s++) {
        const double *p = path->points + offset;
        int32_t segments = path->segments[s];
        for (int32_t i = 0; i < 2 + 6 * segments; i += 2) {
            double x = p[i], y = p[i + 1];
            if (!isfinite(x) || !isfinite(y)) return STROKE_UNSUPPORTED;
            double dx = m[0] * x + m[2] * y + m[4], dy = m[1] * x + m[3] * y + m[5];
            if (fabs(dx) > FAR_PIXELS || fabs(dy) > FAR_PIXELS || fabs(x * reach) > FAR_PIXELS ||
                fabs(y * reach) > FAR_PIXELS) {
                return STROKE_UNSUPPORTED;
            }
        }
        offset += 2 + 6 * (size_t)segments;
    }

    FT_Stroker stroker = rasterizer->stroker;
    FT_Stroker_LineCap cap = style->cap == STROKE_CAP_ROUND    ? FT_STROKER_LINECAP_ROUND
                             : style->cap == STROKE_CAP_SQUARE ? FT_STROKER_LINECAP_SQUARE
                                                               : FT_STROKER_LINECAP_BUTT;
    /* Cairo's miter, as PostScript's: bevelled where the limit is passed. */
    FT_Stroker_LineJoin join = style->join == STROKE_JOIN_ROUND   ? FT_STROKER_LINEJOIN_ROUND
                               : style->join == STROKE_JOIN_BEVEL ? FT_STROKER_LINEJOIN_BEVEL
                                                                  : FT_STROKER_LINEJOIN_MITER_FIXED;
    double limit = isfinite(style->miter_limit) ? fmin(fmax(style->miter_limit, 1), 32767) : 10;
    FT_Stroker_Set(stroker, (FT_Fixed)lround(radius), cap, join, (FT_Fixed)lround(limit * 65536));

    offset = 0;
    int drawn = 0;
    for (int32_t s = 0; s < path->subpaths; s++) {
        const double *p = path->points + offset;
        int32_t segments = path->segments[s];
        offset += 2 + 6 * (size_t)segments;
        if (segments == 0) continue;
        FT_Vector start = stroking_point(&space, p[0], p[1]);
        if (FT_Stroker_BeginSubPath(stroker, &start, path->closed[s] ? 0 : 1) != 0) return STROKE_UNSUPPORTED;
        const double *from = p;
        /* Whether the stroker has drawn any of this subpath, and where it stands. */
        int moved = 0;
        FT_Vector centre = start;
        for (int32_t i = 0; i < segments; i++) {
            const double *c = p + 2 + 6 * i;
            FT_Vector end = stroking_point(&space, c[4], c[5]);
            FT_Error error;
            if (is_straight(from, c)) {
                moved |= end.x != centre.x || end.y != centre.y;
                error = FT_Stroker_LineTo(stroker, &end);
            } else {
                FT_Vector c1 = stroking_point(&space, c[0], c[1]), c2 = stroking_point(&space, c[2], c[3]);
                moved |= !(is_small(centre.x, c1.x) && is_small(centre.y, c1.y) && is_small(c1.x, c2.x) &&
                           is_small(c1.y, c2.y) && is_small(c2.x, end.x) && is_small(c2.y, end.y));
                error = FT_Stroker_CubicTo(stroker, &c1, &c2, &end);
            }
            if (error != 0) return STROKE_UNSUPPORTED;
            centre = end;
            from = c + 4;
        }
        if (path->closed[s] && !(is_small(centre.x, start.x) && is_small(centre.y, start.y))) moved = 1;
        if (!moved) {
            /* A subpath shorter than FreeType measures: a dot of its caps, which Cairo draws;
             * nothing where the caps are butt. The stroker starts afresh at the next subpath. */
            if (style->cap != STROKE_CAP_BUTT) return STROKE_UNSUPPORTED;
            continue;
        }
        if (FT_Stroker_EndSubPath(stroker) != 0) return STROKE_UNSUPPORTED;
        drawn = 1;
    }
    if (!drawn) return STROKE_NOTHING;

    FT_UInt points = 0, contours = 0;
    if (FT_Stroker_GetCounts(stroker, &points, &contours) != 0) return STROKE_UNSUPPORTED;
    if (points > SHORT_LIMIT || contours > SHORT_LIMIT) return STROKE_UNSUPPORTED;
    if (points == 0) return STROKE_NOTHING;
    if (!reserve_points(rasterizer, points)) return STROKE_UNSUPPORTED;
    if (!reserve((void **)&rasterizer->contours, &rasterizer->contour_capacity, contours, sizeof(short))) {
        return STROKE_UNSUPPORTED;
    }
    FT_Outline outline = {0};
    outline.points = rasterizer->points;
    outline.tags = rasterizer->tags;
    outline.contours = rasterizer->contours;
    FT_Stroker_Export(stroker, &outline);

    /* Stroking units to device 26.6, and the device box the outline's points span. */
    double to_user = 1 / space.scale;
    double left = INFINITY, top = INFINITY, right = -INFINITY, bottom = -INFINITY;
    for (int i = 0; i < outline.n_points; i++) {
        double x = (double)outline.points[i].x * to_user, y = (double)outline.points[i].y * to_user;
        double dx = (m[0] * x + m[2] * y + m[4]) * 64, dy = (m[1] * x + m[3] * y + m[5]) * 64;
        outline.points[i].x = (FT_Pos)lround(dx);
        outline.points[i].y = (FT_Pos)lround(dy);
        left = fmin(left, (double)outline.points[i].x);
        right = fmax(right, (double)outline.points[i].x);
        top = fmin(top, (double)outline.points[i].y);
        bottom = fmax(bottom, (double)outline.points[i].y);
    }
    /* The curves stay inside their points' box, so the pixels it touches hold the coverage. */
    long x0 = (long)floor(left / 64), x1 = (long)ceil(right / 64);
    long y0 = (long)floor(top / 64), y1 = (long)ceil(bottom / 64);
    if (x0 < style->clip_x0) x0 = style->clip_x0;
    if (y0 < style->clip_y0) y0 = style->clip_y0;
    if (x1 > style->clip_x1) x1 = style->clip_x1;
    if (y1 > style->clip_y1) y1 = style->clip_y1;
    if (x1 <= x0 || y1 <= y0) return STROKE_NOTHING;
    long width = x1 - x0, height = y1 - y0;
    if (width > SHORT_LIMIT || height > SHORT_LIMIT) return STROKE_UNSUPPORTED;
    long stride = (width + 3) & ~3L;
    size_t bytes = (size_t)stride * (size_t)height;
    if (!reserve((void **)&rasterizer->coverage, &rasterizer->coverage_capacity, bytes, 1)) return STROKE_UNSUPPORTED;
    memset(rasterizer->coverage, 0, bytes);
    FT_Outline_Translate(&outline, -x0 * 64, -y0 * 64);

    *coverage = (stroke_coverage_t){
        .x = (int32_t)x0,
        .y = (int32_t)y0,
        .width = (int32_t)width,
        .height = (int32_t)height,
        .stride = (int32_t)stride,
        .data = rasterizer->coverage,
    };
    FT_Raster_Params params;
    memset(&params, 0, sizeof params);
    params.source = &outline;
    params.flags = FT_RASTER_FLAG_AA | FT_RASTER_FLAG_DIRECT | FT_RASTER_FLAG_CLIP;
    params.gray_spans = add_spans;
    params.user = coverage;
    params.clip_box.xMin = 0;
    params.clip_box.yMin = 0;
    params.clip_box.xMax = width;
    params.clip_box.yMax = height;
    if (FT_Outline_Render(rasterizer->library, &outline, &params) != 0) return STROKE_UNSUPPORTED;
    return STROKE_COVERED;
}
