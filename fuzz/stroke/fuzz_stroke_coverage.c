/*
 * libFuzzer target: any bytes, read as a shape stroke (a style, a user-to-device matrix, a clip
 * and subpaths of cubic segments) for stroke_rasterizer_stroke (Sources/CStrokeCoverage), which
 * hands it to FreeType's stroker and rasteriser. Shape paths come from files and from steps that
 * trim, morph and scale them, so tiny, coincident, crossing, huge and non-finite points all reach
 * it. It must never crash or read or write out of bounds, and what it reports must hold: a
 * coverage inside the clip, as wide and tall as it says, rows of at least its width. A crash, a
 * sanitizer report or a broken promise is a finding.
 *
 * Built by scripts/fuzz with clang -fsanitize=fuzzer,address; libFuzzer supplies main.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stroke_coverage.h"

enum { max_subpaths = 64, max_numbers = 4096 };

typedef struct {
    const uint8_t *data;
    size_t size, at;
} reader_t;

static uint8_t byte(reader_t *r) { return r->at < r->size ? r->data[r->at++] : 0; }

static int16_t word(reader_t *r) {
    uint16_t low = byte(r), high = byte(r);
    return (int16_t)(uint16_t)(low | high << 8);
}

/* A coordinate: sixteenths of a unit, so points meet, nearly meet and fall on one line often;
 * 0x7fff and 0x8000 stand for a non-finite number and a far one. */
static double coordinate(reader_t *r) {
    int16_t v = word(r);
    if (v == INT16_MAX) return NAN;
    if (v == INT16_MIN) return 1e9;
    return v / 16.0;
}

static void fail(const char *what) {
    fprintf(stderr, "fuzz-stroke: %s\n", what);
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static stroke_rasterizer_t *rasterizer;
    if (!rasterizer && !(rasterizer = stroke_rasterizer_create())) fail("FreeType did not start");
    reader_t r = {data, size, 0};
    stroke_style_t style;
    memset(&style, 0, sizeof style);
    uint8_t kind = byte(&r);
    style.cap = kind % 3;
    style.join = kind / 3 % 3;
    style.width = byte(&r) / 8.0;
    style.miter_limit = 1 + byte(&r) / 16.0;
    double scale = (byte(&r) + 1) / 64.0, turn = byte(&r) / 256.0 * 6.283185307179586;
    style.xx = scale * cos(turn);
    style.yx = scale * sin(turn);
    style.xy = -scale * sin(turn);
    style.yy = scale * cos(turn);
    if (kind >= 128) {
        /* Any matrix: stretched, skewed, flat. */
        style.xx = word(&r) / 256.0;
        style.yx = word(&r) / 256.0;
        style.xy = word(&r) / 256.0;
        style.yy = word(&r) / 256.0;
    }
    style.x0 = word(&r) / 4.0;
    style.y0 = word(&r) / 4.0;
    style.clip_x0 = word(&r) / 8;
    style.clip_y0 = word(&r) / 8;
    style.clip_x1 = style.clip_x0 + (uint16_t)word(&r) / 64;
    style.clip_y1 = style.clip_y0 + (uint16_t)word(&r) / 64;

    static double points[max_numbers];
    int32_t segments[max_subpaths];
    uint8_t closed[max_subpaths];
    int32_t subpaths = 0;
    size_t used = 0;
    while (r.at < r.size && subpaths < max_subpaths) {
        uint8_t head = byte(&r);
        int32_t count = head % 8;
        if (used + 2 + 6 * (size_t)count > max_numbers) break;
        segments[subpaths] = count;
        closed[subpaths] = head / 8 % 2;
        for (int32_t i = 0; i < 2 + 6 * count; i++) points[used++] = coordinate(&r);
        subpaths++;
    }
    stroke_path_t path = {points, segments, closed, subpaths};
    stroke_coverage_t coverage;
    memset(&coverage, 0, sizeof coverage);
    stroke_result_t result = stroke_rasterizer_stroke(rasterizer, &path, &style, &coverage);
    switch (result) {
    case STROKE_COVERED: {
        if (coverage.width <= 0 || coverage.height <= 0) fail("an empty coverage reported as covered");
        if (coverage.stride < coverage.width || coverage.stride % 4 != 0) fail("rows narrower than the coverage");
        if (coverage.x < style.clip_x0 || coverage.y < style.clip_y0 ||
            (int64_t)coverage.x + coverage.width > style.clip_x1 ||
            (int64_t)coverage.y + coverage.height > style.clip_y1) {
            fail("a coverage outside the clip");
        }
        /* Every byte it reports is readable (AddressSanitizer checks the reads). */
        unsigned sum = 0;
        for (int32_t y = 0; y < coverage.height; y++) {
            for (int32_t x = 0; x < coverage.stride; x++) sum += coverage.data[(size_t)y * coverage.stride + x];
        }
        (void)sum;
        break;
    }
    case STROKE_NOTHING:
    case STROKE_UNSUPPORTED:
        break;
    default:
        fail("a result that is none of the three");
    }
    return 0;
}
