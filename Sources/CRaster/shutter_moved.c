/* Motion blur's samples that only move the layers above the static image (shutter.h), summed in
 * whole numbers. */
#include "shutter.h"

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "shutter_encoding.h"

void raster_shutter_table16(uint32_t *table) {
    for (int a = 0; a < 256; a++) {
        for (int c = 0; c < 256; c++) {
            const int k = c < a ? c : a;
            table[a * 256 + c] =
                a == 0 ? 0 : (uint32_t)floor(srgb_to_linear((double)k / a) * a / 255.0 * SHUTTER_LINEAR_ONE + 0.5);
        }
    }
}

/* pixman's rounded product of two bytes over 255. */
static inline uint32_t mul_un8(uint32_t a, uint32_t b) {
    const uint32_t t = a * b + 0x80;
    return (t + (t >> 8)) >> 8;
}

/* Source-over of premultiplied pixel `s` on `d`, channel by channel as pixman rounds it, each
 * channel kept to a byte. */
static inline uint32_t over_pixel(uint32_t s, uint32_t d) {
    const uint32_t keep = 255 - (s >> 24);
    uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        const uint32_t v = ((s >> shift) & 0xff) + mul_un8((d >> shift) & 0xff, keep);
        out |= (v > 255 ? 255 : v) << shift;
    }
    return out;
}

static inline uint32_t load_pixel(const uint8_t *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

/* The pixel between four at weights of 256ths, rounded to nearest once: `aa` and `ab` on the
 * upper row (weight wy), `aa` and `ba` in the left column (weight wx). Equal pixels give
 * themselves back, and two equal rows give their own two-pixel blend. */
static inline uint32_t bilinear(uint32_t aa, uint32_t ab, uint32_t ba, uint32_t bb, int wx, int wy) {
    const uint32_t w_aa = (uint32_t)(wx * wy), w_ab = (uint32_t)((256 - wx) * wy);
    const uint32_t w_ba = (uint32_t)(wx * (256 - wy)), w_bb = (uint32_t)((256 - wx) * (256 - wy));
    uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        const uint32_t v = ((aa >> shift) & 0xff) * w_aa + ((ab >> shift) & 0xff) * w_ab
            + ((ba >> shift) & 0xff) * w_ba + ((bb >> shift) & 0xff) * w_bb;
        out |= ((v + 32768) >> 16) << shift;
    }
    return out;
}

static inline bool rows_equal(const uint8_t *a, const uint8_t *b, int x0, int x1) {
    return memcmp(a + 4 * (size_t)x0, b + 4 * (size_t)x0, 4 * (size_t)(x1 - x0)) == 0;
}

static inline int clamp_index(int v, int limit) { return v < 0 ? 0 : v >= limit ? limit - 1 : v; }

void raster_shutter_runs(const uint8_t *picture, int width, int height, int stride, int px0, int py0, int px1,
                         int py1, int32_t *row_group, int32_t *bounds, int32_t *bound_span) {
    (void)width;
    int32_t used = 0;
    for (int y = 0; y < height; y++) {
        const uint8_t *row = picture + (size_t)y * stride;
        /* Outside the box every row is transparent, so equal to the one before. */
        const bool inside = y >= py0 && y < py1;
        const bool touches = y >= py0 && y <= py1 && y > 0;
        const bool same = !touches || rows_equal(row, row - stride, px0, px1);
        row_group[y] = y == 0 ? 0 : same ? row_group[y - 1] : y;
        if (!inside) continue;
        if (same && y > py0) {
            bound_span[2 * y] = bound_span[2 * y - 2];
            bound_span[2 * y + 1] = bound_span[2 * y - 1];
            continue;
        }
        bound_span[2 * y] = used;
        uint32_t before = 0;
        /* Changes at neighbouring columns are kept as one range, start..<end. */
        for (int x = px0; x <= px1; x++) {
            const uint32_t v = x < px1 ? load_pixel(row + 4 * (size_t)x) : 0;
            if (v != before) {
                if (used > bound_span[2 * y] && bounds[used - 1] == x) {
                    bounds[used - 1] = x + 1;
                } else {
                    bounds[used++] = x;
                    bounds[used++] = x + 1;
                }
            }
            before = v;
        }
        bound_span[2 * y + 1] = used;
    }
}

#if defined(__x86_64__)
#include <immintrin.h>
#define AVX2_BMI2 __attribute__((target("avx2,bmi2")))

/* over_pixel on eight pixels whose colour is split into bytes 0 and 2 (`ve`) and 1 and 3 (`vo`),
 * a channel a 16-bit lane, over the pixels `under`. */
AVX2_BMI2 static inline __m256i over8(__m256i ve, __m256i vo, __m256i under) {
    const __m256i low = _mm256_set1_epi32(0x00ff00ff), round = _mm256_set1_epi16(0x80);
    const __m256i byte = _mm256_set1_epi16(255);
    const __m256i alpha = _mm256_srli_epi32(vo, 16);
    const __m256i keep = _mm256_sub_epi32(_mm256_set1_epi32(255), alpha);
    const __m256i keep16 = _mm256_or_si256(keep, _mm256_slli_epi32(keep, 16));
    const __m256i ue = _mm256_and_si256(under, low), uo = _mm256_and_si256(_mm256_srli_epi32(under, 8), low);
    __m256i te = _mm256_add_epi16(_mm256_mullo_epi16(ue, keep16), round);
    __m256i to = _mm256_add_epi16(_mm256_mullo_epi16(uo, keep16), round);
    te = _mm256_srli_epi16(_mm256_add_epi16(te, _mm256_srli_epi16(te, 8)), 8);
    to = _mm256_srli_epi16(_mm256_add_epi16(to, _mm256_srli_epi16(to, 8)), 8);
    const __m256i qe = _mm256_min_epu16(_mm256_add_epi16(ve, te), byte);
    const __m256i qo = _mm256_min_epu16(_mm256_add_epi16(vo, to), byte);
    return _mm256_or_si256(qe, _mm256_slli_epi32(qo, 8));
}

/* raster_shutter_composite's row, eight pixels at a time; returns where it stopped. */
AVX2_BMI2 static int composite_avx2(uint8_t *first, const uint8_t *under, const uint8_t *picture, int x, int x1) {
    const __m256i low = _mm256_set1_epi32(0x00ff00ff);
    for (; x + 8 <= x1; x += 8) {
        const __m256i p = _mm256_loadu_si256((const __m256i *)(picture + 4 * (size_t)x));
        const __m256i u = _mm256_loadu_si256((const __m256i *)(under + 4 * (size_t)x));
        const __m256i q =
            over8(_mm256_and_si256(p, low), _mm256_and_si256(_mm256_srli_epi32(p, 8), low), u);
        _mm256_storeu_si256((__m256i *)(first + 4 * (size_t)x), q);
    }
    return x;
}
static bool has_avx2_bmi2(void) { return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2"); }
#else
static int composite_avx2(uint8_t *first, const uint8_t *under, const uint8_t *picture, int x, int x1) {
    (void)first, (void)under, (void)picture, (void)x1;
    return x;
}
static bool has_avx2_bmi2(void) { return false; }
#endif

void raster_shutter_composite(uint8_t *first, const uint8_t *under, const uint8_t *picture, int stride, int x0,
                              int y0, int x1, int y1) {
    const bool vector = has_avx2_bmi2();
    for (int y = y0; y < y1; y++) {
        const size_t row = (size_t)y * stride;
        int x = vector ? composite_avx2(first + row, under + row, picture + row, x0, x1) : x0;
        for (; x < x1; x++) {
            const size_t at = row + 4 * (size_t)x;
            const uint32_t v = over_pixel(load_pixel(picture + at), load_pixel(under + at));
            memcpy(first + at, &v, 4);
        }
    }
}

/* Where the moved samples are summed: four planes of width · height integers (the three colours'
 * linear values, then alpha), the samples counted a byte a pixel. */
typedef struct {
    uint32_t *sums;
    size_t plane;
    uint8_t *counts;
    const uint32_t *table;
} moved_sums_t;

/* Adds sample pixel `q` at `at` (y · width + x) when it differs from the first sample's `f`. */
static inline void add_moved_pixel(const moved_sums_t *m, size_t at, uint32_t q, uint32_t f) {
    if (q == f) return;
    const uint32_t *t = m->table + 256 * (size_t)(q >> 24);
    const uint32_t keep = m->counts[at]++ == 0 ? 0 : ~0u;
    uint32_t *sum = m->sums + at;
    sum[0] = (sum[0] & keep) + t[q & 0xff];
    sum[m->plane] = (sum[m->plane] & keep) + t[(q >> 8) & 0xff];
    sum[2 * m->plane] = (sum[2 * m->plane] & keep) + t[(q >> 16) & 0xff];
    sum[3 * m->plane] = (sum[3 * m->plane] & keep) + (255 - (q >> 24));
}

/* Makes row `y`'s cleared columns hold x0..<x1, as cover_span does, for moved sums. */
static void cover_moved_span(int32_t *span, const moved_sums_t *m, size_t row, int x0, int x1) {
    int from[2] = {x0, 0}, to[2] = {x1, 0};
    int parts = 1;
    if (span[0] < span[1]) {
        parts = 0;
        if (x0 < span[0]) from[parts] = x0, to[parts++] = span[0];
        if (x1 > span[1]) from[parts] = span[1], to[parts++] = x1;
        span[0] = x0 < span[0] ? x0 : span[0];
        span[1] = x1 > span[1] ? x1 : span[1];
    } else {
        span[0] = x0;
        span[1] = x1;
    }
    /* A pixel's sums are written by its first count, so only the counts need clearing. */
    for (int i = 0; i < parts; i++) memset(m->counts + row + (size_t)from[i], 0, (size_t)(to[i] - from[i]));
}

/* One pixel of a row moved as a whole: the picture's row `p` blended between columns x - sx - ex
 * and x - sx, over `u`, against `f`. */
static inline void add_row_pixel(const moved_sums_t *m, size_t row, const uint8_t *p, const uint8_t *u,
                                 const uint8_t *f, int x, int sx, int ex, int wx, int width) {
    const uint32_t a = load_pixel(p + 4 * (size_t)clamp_index(x - sx - ex, width));
    const uint32_t b = load_pixel(p + 4 * (size_t)clamp_index(x - sx, width));
    const uint32_t q = over_pixel(bilinear(a, b, a, b, wx, 0), load_pixel(u + 4 * (size_t)x));
    add_moved_pixel(m, row + (size_t)x, q, load_pixel(f + 4 * (size_t)x));
}

/* One pixel of a row whose neighbours differ: the picture's rows `pa` and `pb` blended between
 * columns x - sx - ex and x - sx, over `u`, against `f`. */
static inline void add_rows_pixel(const moved_sums_t *m, size_t row, const uint8_t *pa, const uint8_t *pb,
                                  const uint8_t *u, const uint8_t *f, int x, int sx, int ex, int wx, int wy,
                                  int width) {
    const int a = clamp_index(x - sx - ex, width), c = clamp_index(x - sx, width);
    const uint32_t moved = bilinear(load_pixel(pa + 4 * (size_t)a), load_pixel(pa + 4 * (size_t)c),
                                    load_pixel(pb + 4 * (size_t)a), load_pixel(pb + 4 * (size_t)c), wx, wy);
    add_moved_pixel(m, row + (size_t)x, over_pixel(moved, load_pixel(u + 4 * (size_t)x)), load_pixel(f + 4 * (size_t)x));
}

#if defined(__x86_64__)
/* Adds eight samples' pixels `q` against the first's `fv` at columns x…x + 7 of `row`, as
 * add_moved_pixel does: opaque ones here, a group holding another pixel by pixel. */
AVX2_BMI2 static inline void accumulate8(const moved_sums_t *m, size_t row, int x, __m256i q, __m256i fv) {
    const __m256i same = _mm256_cmpeq_epi32(q, fv);
    const unsigned differs = ~(unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(same)) & 0xffu;
    if (differs == 0) return;
    const __m256i opaque = _mm256_set1_epi32((int)0xff000000u), bytes = _mm256_set1_epi32(0xff);
    const __m256i full = _mm256_cmpeq_epi32(_mm256_and_si256(q, opaque), opaque);
    const unsigned solid = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(full));
    if ((differs & ~solid) != 0) {
        uint32_t qs[8], fs[8];
        _mm256_storeu_si256((__m256i *)qs, q);
        _mm256_storeu_si256((__m256i *)fs, fv);
        for (int i = 0; i < 8; i++) add_moved_pixel(m, row + (size_t)x + (size_t)i, qs[i], fs[i]);
        return;
    }
    const int *table = (const int *)(m->table + 255 * 256);
    const size_t at = row + (size_t)x;
    const __m256i mask = _mm256_xor_si256(same, _mm256_set1_epi32(-1));
    const __m256i zero = _mm256_setzero_si256();
    uint64_t counts;
    memcpy(&counts, m->counts + at, 8);
    /* The sums of pixels not counted yet hold anything: they start from zero. */
    const __m256i keep = _mm256_xor_si256(
        _mm256_cvtepi8_epi32(_mm_cmpeq_epi8(_mm_cvtsi64_si128((long long)counts), _mm_setzero_si128())),
        _mm256_set1_epi32(-1));
    const __m256i l0 = _mm256_mask_i32gather_epi32(zero, table, _mm256_and_si256(q, bytes), mask, 4);
    const __m256i l1 =
        _mm256_mask_i32gather_epi32(zero, table, _mm256_and_si256(_mm256_srli_epi32(q, 8), bytes), mask, 4);
    const __m256i l2 =
        _mm256_mask_i32gather_epi32(zero, table, _mm256_and_si256(_mm256_srli_epi32(q, 16), bytes), mask, 4);
    __m256i *d0 = (__m256i *)(m->sums + at), *d1 = (__m256i *)(m->sums + m->plane + at),
            *d2 = (__m256i *)(m->sums + 2 * m->plane + at), *d3 = (__m256i *)(m->sums + 3 * m->plane + at);
    _mm256_storeu_si256(d0, _mm256_add_epi32(_mm256_and_si256(_mm256_loadu_si256(d0), keep), l0));
    _mm256_storeu_si256(d1, _mm256_add_epi32(_mm256_and_si256(_mm256_loadu_si256(d1), keep), l1));
    _mm256_storeu_si256(d2, _mm256_add_epi32(_mm256_and_si256(_mm256_loadu_si256(d2), keep), l2));
    /* Opaque samples add nothing to what alpha lacks: only pixels counted first start it. */
    const __m256i fresh = _mm256_andnot_si256(keep, mask);
    if (!_mm256_testz_si256(fresh, fresh)) _mm256_maskstore_epi32((int *)d3, fresh, zero);
    counts += _pdep_u64(differs, 0x0101010101010101ull);
    memcpy(m->counts + at, &counts, 8);
}

/* add_row_pixel for columns x..<stop, eight at a time while every load stays in the row (the
 * caller's columns x - sx - ex ≥ 0 and stop - sx ≤ width); returns where it stopped. */
AVX2_BMI2 static int add_row_avx2(const moved_sums_t *m, size_t row, const uint8_t *p, const uint8_t *u,
                                  const uint8_t *f, int x, int stop, int sx, int ex, int wx) {
    const __m256i low = _mm256_set1_epi32(0x00ff00ff), half = _mm256_set1_epi16(128);
    const __m256i wa = _mm256_set1_epi16((short)wx), wb = _mm256_set1_epi16((short)(256 - wx));
    for (; x + 8 <= stop; x += 8) {
        const __m256i a = _mm256_loadu_si256((const __m256i *)(p + 4 * (size_t)(x - sx - ex)));
        const __m256i b = _mm256_loadu_si256((const __m256i *)(p + 4 * (size_t)(x - sx)));
        const __m256i ae = _mm256_and_si256(a, low), ao = _mm256_and_si256(_mm256_srli_epi32(a, 8), low);
        const __m256i be = _mm256_and_si256(b, low), bo = _mm256_and_si256(_mm256_srli_epi32(b, 8), low);
        const __m256i ve = _mm256_srli_epi16(
            _mm256_add_epi16(_mm256_add_epi16(_mm256_mullo_epi16(ae, wa), _mm256_mullo_epi16(be, wb)), half), 8);
        const __m256i vo = _mm256_srli_epi16(
            _mm256_add_epi16(_mm256_add_epi16(_mm256_mullo_epi16(ao, wa), _mm256_mullo_epi16(bo, wb)), half), 8);
        const __m256i q = over8(ve, vo, _mm256_loadu_si256((const __m256i *)(u + 4 * (size_t)x)));
        accumulate8(m, row, x, q, _mm256_loadu_si256((const __m256i *)(f + 4 * (size_t)x)));
    }
    return x;
}

/* The four-pixel blend of add_moved_row for columns x..<stop from rows `pa` and `pb`, eight at a
 * time while every load stays in the row; returns where it stopped. */
AVX2_BMI2 static int add_rows_avx2(const moved_sums_t *m, size_t row, const uint8_t *pa, const uint8_t *pb,
                                   const uint8_t *u, const uint8_t *f, int x, int stop, int sx, int ex, int wx,
                                   int wy) {
    const __m256i byte = _mm256_set1_epi32(0xff), half = _mm256_set1_epi32(32768);
    const __m256i w_aa = _mm256_set1_epi32(wx * wy), w_ab = _mm256_set1_epi32((256 - wx) * wy);
    const __m256i w_ba = _mm256_set1_epi32(wx * (256 - wy)), w_bb = _mm256_set1_epi32((256 - wx) * (256 - wy));
    for (; x + 8 <= stop; x += 8) {
        const __m256i aa = _mm256_loadu_si256((const __m256i *)(pa + 4 * (size_t)(x - sx - ex)));
        const __m256i ab = _mm256_loadu_si256((const __m256i *)(pa + 4 * (size_t)(x - sx)));
        const __m256i ba = _mm256_loadu_si256((const __m256i *)(pb + 4 * (size_t)(x - sx - ex)));
        const __m256i bb = _mm256_loadu_si256((const __m256i *)(pb + 4 * (size_t)(x - sx)));
        __m256i channels[4];
        for (int c = 0; c < 4; c++) {
            const int shift = 8 * c;
            __m256i v = _mm256_mullo_epi32(_mm256_and_si256(_mm256_srli_epi32(aa, shift), byte), w_aa);
            v = _mm256_add_epi32(v, _mm256_mullo_epi32(_mm256_and_si256(_mm256_srli_epi32(ab, shift), byte), w_ab));
            v = _mm256_add_epi32(v, _mm256_mullo_epi32(_mm256_and_si256(_mm256_srli_epi32(ba, shift), byte), w_ba));
            v = _mm256_add_epi32(v, _mm256_mullo_epi32(_mm256_and_si256(_mm256_srli_epi32(bb, shift), byte), w_bb));
            channels[c] = _mm256_srli_epi32(_mm256_add_epi32(v, half), 16);
        }
        const __m256i ve = _mm256_or_si256(channels[0], _mm256_slli_epi32(channels[2], 16));
        const __m256i vo = _mm256_or_si256(channels[1], _mm256_slli_epi32(channels[3], 16));
        const __m256i q = over8(ve, vo, _mm256_loadu_si256((const __m256i *)(u + 4 * (size_t)x)));
        accumulate8(m, row, x, q, _mm256_loadu_si256((const __m256i *)(f + 4 * (size_t)x)));
    }
    return x;
}
#endif

/* add_row_pixel for columns x..<stop, through the vector code where it may load. */
static void add_row(const moved_sums_t *m, size_t row, const uint8_t *p, const uint8_t *u, const uint8_t *f, int x,
                    int stop, int sx, int ex, int wx, int width, bool vector) {
#if defined(__x86_64__)
    if (vector) {
        const int from = x > sx + ex ? x : sx + ex, until = stop < width + sx ? stop : width + sx;
        if (from < until) {
            for (; x < from; x++) add_row_pixel(m, row, p, u, f, x, sx, ex, wx, width);
            x = add_row_avx2(m, row, p, u, f, x, until, sx, ex, wx);
        }
    }
#else
    (void)vector;
#endif
    for (; x < stop; x++) add_row_pixel(m, row, p, u, f, x, sx, ex, wx, width);
}

/* Adds, to row y, the sample that is the picture moved by (sx + wx / 256, sy + wy / 256). */
static void add_moved_row(const moved_sums_t *m, const uint8_t *first, const uint8_t *under, const uint8_t *picture,
                          int width, int height, int stride, int px0, int py0, int px1, int py1, int sx, int sy,
                          int wx, int wy, const int32_t *row_group, const int32_t *bounds,
                          const int32_t *bound_span, int32_t *span, bool vector, int y) {
    const int ex = wx > 0, ey = wy > 0;
    /* A change of a row at column j reaches these columns of it moved as a whole. */
    const int lo = sx < 0 ? sx : 0, hi = sx + ex - 1 > -1 ? sx + ex - 1 : -1;
    const int ra = clamp_index(y - sy - ey, height), rb = clamp_index(y - sy, height);
    const int top = ra < y ? ra : y, bottom = rb > y ? rb : y;
    const uint8_t *f = first + (size_t)y * stride, *u = under + (size_t)y * stride;
    /* The sums are the row's own. */
    const size_t row = 0;
    if (row_group[bottom] <= top) {
        /* Rows all equal: only columns near the row's changes can differ. */
        if (y < py0 || y >= py1 || (sx == 0 && ex == 0)) return;
        const int32_t *b = bounds + bound_span[2 * y], *end = bounds + bound_span[2 * y + 1];
        if (b == end) return;
        int start = b[0] + lo, stop = end[-1] + hi;
        start = start < 0 ? 0 : start;
        stop = stop > width ? width : stop;
        if (start >= stop) return;
        cover_moved_span(span, m, row, start, stop);
        const uint8_t *p = picture + (size_t)y * stride;
        /* The columns the changes reach, merged into runs, each run a whole number of eight
         * columns where the row allows (the columns taken in are left as they are). */
        int run_start = -1, run_end = -1;
        for (; b <= end; b += 2) {
            int from = b < end ? b[0] + lo : width, until = b < end ? b[1] + hi : width;
            from = from < 0 ? 0 : from;
            until = until > width ? width : until;
            if (b < end && run_start >= 0 && from <= run_start + ((run_end - run_start + 7) & ~7)) {
                run_end = until > run_end ? until : run_end;
                continue;
            }
            if (run_start >= 0 && run_start < run_end) {
                int whole = run_start + ((run_end - run_start + 7) & ~7);
                whole = whole > width ? width : whole;
                add_row(m, row, p, u, f, run_start, whole, sx, ex, wx, width, vector);
            }
            run_start = from;
            run_end = until;
        }
        return;
    }
    /* The columns the picture covers before or after the move. */
    const int cx0 = clamp_index(px0 < px0 + sx ? px0 : px0 + sx, width);
    const int cx1 = px1 > px1 + sx + ex ? px1 : px1 + sx + ex;
    const int col_end = cx1 > width ? width : cx1;
    if (cx0 >= col_end) return;
    cover_moved_span(span, m, row, cx0, col_end);
    const uint8_t *pa = picture + (size_t)ra * stride, *pb = picture + (size_t)rb * stride;
    int x = cx0;
#if defined(__x86_64__)
    if (vector) {
        const int from = x > sx + ex ? x : sx + ex, until = col_end < width + sx ? col_end : width + sx;
        if (from < until) {
            for (; x < from; x++) add_rows_pixel(m, row, pa, pb, u, f, x, sx, ex, wx, wy, width);
            x = add_rows_avx2(m, row, pa, pb, u, f, x, until, sx, ex, wx, wy);
        }
    }
#endif
    for (; x < col_end; x++) add_rows_pixel(m, row, pa, pb, u, f, x, sx, ex, wx, wy, width);
}

/* Writes into row `f` the average of `count` samples at every pixel of `span` counted in the
 * row's sums: the sums plus the first sample for each sample not counted. */
static void resolve_row(uint8_t *f, const int32_t *span, const moved_sums_t *m, int count, const uint64_t *limits,
                        double to_step) {
    const uint32_t *sums = m->sums, *table16 = m->table;
    const uint8_t *counts = m->counts;
    const size_t plane = m->plane;
    const double one = SHUTTER_LINEAR_ONE;
    for (int x = span[0]; x < span[1]; x++) {
        const size_t at = (size_t)x;
        /* Most of a span is not counted: eight at a time. */
        uint64_t eight;
        if (x + 8 <= span[1] && (memcpy(&eight, counts + at, 8), eight == 0)) {
            x += 7;
            continue;
        }
        if (counts[at] == 0) continue;
        uint8_t *p = f + 4 * (size_t)x;
        /* The samples that did not differ are the first's. */
        const uint32_t rest = (uint32_t)count - counts[at];
        const uint32_t *t = table16 + 256 * (size_t)p[3];
        const uint64_t alpha_sum = 255 * (uint64_t)counts[at] - sums[3 * plane + at] + (uint64_t)rest * p[3];
        if (alpha_sum == 255 * (uint64_t)count) {
            /* Opaque in every sample, as a picture moved over an opaque page is. */
            for (int c = 0; c < 3; c++) {
                const uint64_t total = (uint64_t)sums[c * plane + at] + (uint64_t)rest * t[p[c]];
                const double step = (double)total * to_step;
                int v = raster_opaque_starts[step >= OPAQUE_STEPS ? OPAQUE_STEPS : (int)step];
                while (total >= limits[v + 1]) v++;
                while (v > 0 && total < limits[v]) v--;
                p[c] = (uint8_t)v;
            }
            p[3] = 255;
            continue;
        }
        const uint64_t rounded = (2 * alpha_sum + (uint64_t)count) / (2 * (uint64_t)count);
        const int out_alpha = rounded > 255 ? 255 : (int)rounded;
        if (out_alpha == 0 || alpha_sum == 0) {
            memset(p, 0, 4);
            continue;
        }
        const double alpha = (double)alpha_sum / 255.0;
        for (int c = 0; c < 3; c++) {
            const uint64_t total = (uint64_t)sums[c * plane + at] + (uint64_t)rest * t[p[c]];
            p[c] = encoded_channel((double)total / one / alpha, out_alpha);
        }
        p[3] = (uint8_t)out_alpha;
    }
}

void raster_shutter_average_moved(uint8_t *first, const uint8_t *under, const uint8_t *picture, int width,
                                  int height, int stride, int px0, int py0, int px1, int py1, const int32_t *moves,
                                  int move_count, int first_is_sample, const int32_t *row_group,
                                  const int32_t *bounds, const int32_t *bound_span, const uint32_t *table16,
                                  uint32_t *row_sums, uint8_t *row_counts) {
    raster_shutter_encoding_once();
    const moved_sums_t m = {row_sums, (size_t)width, row_counts, table16};
    const bool vector = has_avx2_bmi2();
    const int count = move_count + (first_is_sample != 0);
    /* An opaque average's byte from its integer sum: limits[v], the least sum of `count` samples
     * whose average encodes to v or above (raster_opaque_thresholds scaled), found from a step
     * of raster_opaque_starts. */
    const double full = (double)SHUTTER_LINEAR_ONE * count, to_step = OPAQUE_STEPS / full;
    uint64_t limits[257];
    for (int v = 0; v < 256; v++) limits[v] = (uint64_t)ceil(raster_opaque_thresholds[v] * full);
    limits[256] = UINT64_MAX;
    /* The rows the picture covers before or after any move. */
    int ry0 = py0, ry1 = py1;
    for (int k = 0; k < move_count; k++) {
        const int sy = moves[4 * k + 1], ey = moves[4 * k + 3] > 0;
        ry0 = py0 + sy < ry0 ? py0 + sy : ry0;
        ry1 = py1 + sy + ey > ry1 ? py1 + sy + ey : ry1;
    }
    /* Row by row, every sample in turn, then the row's average: a row's pixels and sums stay in
     * the cache, and one row's sums are all there are. */
    for (int y = ry0 < 0 ? 0 : ry0; y < ry1 && y < height; y++) {
        int32_t span[2] = {0, 0};
        for (int k = 0; k < move_count; k++) {
            const int32_t *move = moves + 4 * k;
            const int sy = move[1], ey = move[3] > 0;
            if (y < (py0 < py0 + sy ? py0 : py0 + sy) || y >= (py1 > py1 + sy + ey ? py1 : py1 + sy + ey)) continue;
            add_moved_row(&m, first, under, picture, width, height, stride, px0, py0, px1, py1, move[0], sy, move[2],
                          move[3], row_group, bounds, bound_span, span, vector, y);
        }
        if (span[0] < span[1]) resolve_row(first + (size_t)y * stride, span, &m, count, limits, to_step);
    }
}

int raster_shutter_edges_touched(const uint8_t *picture, int width, int height, int stride, int x0, int y0, int x1,
                                 int y1) {
    int touched = 0;
    if (x0 >= x1 || y0 >= y1) return touched;
    for (int y = y0; y < y1; y++) {
        const uint8_t *row = picture + (size_t)y * stride;
        if (y == 0 || y == height - 1) {
            for (int x = x0; x < x1; x++) {
                if (row[4 * (size_t)x + 3] != 0) {
                    touched |= y == 0 ? SHUTTER_EDGE_TOP : 0;
                    touched |= y == height - 1 ? SHUTTER_EDGE_BOTTOM : 0;
                    break;
                }
            }
        }
        if (x0 == 0 && row[3] != 0) touched |= SHUTTER_EDGE_LEFT;
        if (x1 == width && row[4 * (size_t)(width - 1) + 3] != 0) touched |= SHUTTER_EDGE_RIGHT;
    }
    return touched;
}
