#include "blend.h"

#include <stddef.h>

/* A multiply and an add stay two roundings on every CPU: fused, they would round once where
 * the CPU has fused multiply-adds (AVX-512's path, or any ARM), and the bytes would depend on
 * it. */
#pragma STDC FP_CONTRACT OFF

/* The helpers take and return vectors wider than the baseline's registers, but every one is
 * inlined into its caller: no vector crosses a call, so the ABI the warning is about is never
 * used. */
#pragma clang diagnostic ignored "-Wpsabi"

/* The paths, each computing the bytes of the one before it with the same operations. */
enum { path_plain = 0, path_four = 1, path_avx2 = 2, path_avx512 = 3 };

/* The opacity as the float paths take it (itself, and over 255) and as the integer paths do
 * (in 65536ths, 0 for full opacity). */
struct blend_opacity {
    float unit, unit_per_level;
    uint16_t fraction;
};

/* The byte indices of every pixel's alpha, four times each, in a vector of `lanes` pixels. */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define ALPHA_OF(pixel) 4 * (pixel) + 3, 4 * (pixel) + 3, 4 * (pixel) + 3, 4 * (pixel) + 3
#else
#define ALPHA_OF(pixel) 4 * (pixel), 4 * (pixel), 4 * (pixel), 4 * (pixel)
#endif
#define ALPHA_BYTES_1 ALPHA_OF(0)
#define ALPHA_BYTES_4 ALPHA_BYTES_1, ALPHA_OF(1), ALPHA_OF(2), ALPHA_OF(3)
#define ALPHA_BYTES_8 ALPHA_BYTES_4, ALPHA_OF(4), ALPHA_OF(5), ALPHA_OF(6), ALPHA_OF(7)
#define ALPHA_BYTES_16 \
    ALPHA_BYTES_8, ALPHA_OF(8), ALPHA_OF(9), ALPHA_OF(10), ALPHA_OF(11), ALPHA_OF(12), ALPHA_OF(13), ALPHA_OF(14), \
        ALPHA_OF(15)
#define ALPHA_BYTES_OF(lanes) ALPHA_BYTES_##lanes
#define ALPHA_BYTES(lanes) ALPHA_BYTES_OF(lanes)

/* One pixel at a time, and four (SSE2 on x86-64, the baseline's vectors elsewhere). */
#define LANES 1
#define LANE_NAME(name) name##_1
#define LANE_TARGET
#include "blend_lanes.h"
#undef LANES
#undef LANE_NAME
#undef LANE_TARGET

#define LANES 4
#define LANE_NAME(name) name##_4
#define LANE_TARGET
#include "blend_lanes.h"
#undef LANES
#undef LANE_NAME
#undef LANE_TARGET

/* Eight (AVX2) and sixteen (AVX-512) on x86-64 CPUs that have them. */
#if defined(__x86_64__)
#define BLEND_HAVE_WIDE_PATHS 1
#define LANES 8
#define LANE_NAME(name) name##_8
#define LANE_TARGET __attribute__((target("avx2")))
#include "blend_lanes.h"
#undef LANES
#undef LANE_NAME
#undef LANE_TARGET

#define LANES 16
#define LANE_NAME(name) name##_16
#define LANE_TARGET __attribute__((target("avx512f,avx512bw,avx512vl,avx512dq")))
#include "blend_lanes.h"
#undef LANES
#undef LANE_NAME
#undef LANE_TARGET
#endif

/* The widest path this build and CPU have, at most `path`. */
static int usable(int path) {
#if defined(BLEND_HAVE_WIDE_PATHS)
    if (path >= path_avx512 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq")) {
        return path_avx512;
    }
    if (path >= path_avx2 && __builtin_cpu_supports("avx2")) return path_avx2;
#endif
    return path >= path_four ? path_four : path_plain;
}

void raster_blend(uint8_t *dst, uint32_t dst_stride, const uint8_t *src, uint32_t src_stride, uint32_t width,
                  uint32_t height, raster_blend_mode mode, double opacity) {
    raster_blend_on(path_avx512, dst, dst_stride, src, src_stride, width, height, mode, opacity);
}

/* Each row is taken by the widest path's vectors, what is left of it by the next narrower
 * path's, and so on down to single pixels. */
void raster_blend_on(int path, uint8_t *dst, uint32_t dst_stride, const uint8_t *src, uint32_t src_stride,
                     uint32_t width, uint32_t height, raster_blend_mode mode, double opacity) {
    if (!(opacity > 0.0) || (unsigned)mode > RASTER_BLEND_ADD) return;
    if (opacity > 1.0) opacity = 1.0;
    path = usable(path);
    double fraction = opacity * 65536.0 + 0.5;
    const struct blend_opacity o = {
        .unit = (float)opacity,
        .unit_per_level = (float)(opacity / 255.0),
        .fraction = opacity == 1.0 ? 0 : fraction >= 65535.0 ? 65535 : fraction < 1.0 ? 1 : (uint16_t)fraction,
    };
    for (uint32_t y = 0; y < height; y++) {
        uint8_t *out = dst + (size_t)y * dst_stride;
        const uint8_t *in = src + (size_t)y * src_stride;
        uint32_t x = 0;
#if defined(BLEND_HAVE_WIDE_PATHS)
        if (path >= path_avx512) x = span_16(mode, out, in, width, &o);
        if (path >= path_avx2) x += span_8(mode, out + 4 * (size_t)x, in + 4 * (size_t)x, width - x, &o);
#endif
        if (path >= path_four) x += span_4(mode, out + 4 * (size_t)x, in + 4 * (size_t)x, width - x, &o);
        span_1(mode, out + 4 * (size_t)x, in + 4 * (size_t)x, width - x, &o);
    }
}
