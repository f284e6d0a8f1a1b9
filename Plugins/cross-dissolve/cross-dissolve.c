/*
 * cross-dissolve — the `from` image fades into the `to` image (UIKit's cross-dissolve
 * transition), channel by channel on premultiplied pixels.
 */
#include "animator.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#endif

/* Weights are 1.15 fixed point: exact at both ends, and the blend is monotone in its inputs, so
 * a premultiplied channel never ends up above its alpha. */
#define ONE 32768u

static uint8_t blend(uint32_t from, uint32_t to, uint32_t w) {
    return (uint8_t)((from * (ONE - w) + to * w + ONE / 2) >> 15);
}

/* The wide steps below use this identity: from·(ONE − w) + to·w = from·ONE + (to − from)·w, and
 * from·ONE is a multiple of 2^15, so `blend` equals from + floor(((to − from)·w + 2^14) / 2^15):
 * exactly what pmulhrsw computes on 16-bit lanes, for w below ONE (w = ONE is a copy). Each
 * result lies between its two inputs, so it stays a byte without saturating. */

#if defined(__SSE2__)
/* Sixteen bytes a step (SSE2 has no pmulhrsw: pmaddwd sums (to − from)·w and 1·2^14 in 32
 * bits); returns how many bytes it blended (a multiple of 16). */
static size_t blend_sse2(const uint8_t *from, const uint8_t *to, uint8_t *out, size_t count, uint32_t w) {
    const __m128i weights = _mm_set_epi16((int16_t)(ONE / 2), (int16_t)w, (int16_t)(ONE / 2), (int16_t)w,
                                          (int16_t)(ONE / 2), (int16_t)w, (int16_t)(ONE / 2), (int16_t)w);
    const __m128i zero = _mm_setzero_si128(), one = _mm_set1_epi16(1);
    size_t i = 0;
    for (; i + 16 <= count; i += 16) {
        const __m128i f = _mm_loadu_si128((const __m128i *)(from + i));
        const __m128i t = _mm_loadu_si128((const __m128i *)(to + i));
        const __m128i f_low = _mm_unpacklo_epi8(f, zero), f_high = _mm_unpackhi_epi8(f, zero);
        const __m128i d_low = _mm_sub_epi16(_mm_unpacklo_epi8(t, zero), f_low);
        const __m128i d_high = _mm_sub_epi16(_mm_unpackhi_epi8(t, zero), f_high);
#define ANIM_STEP(d) _mm_srai_epi32(_mm_madd_epi16(d, weights), 15)
        const __m128i low = _mm_packs_epi32(ANIM_STEP(_mm_unpacklo_epi16(d_low, one)),
                                            ANIM_STEP(_mm_unpackhi_epi16(d_low, one)));
        const __m128i high = _mm_packs_epi32(ANIM_STEP(_mm_unpacklo_epi16(d_high, one)),
                                             ANIM_STEP(_mm_unpackhi_epi16(d_high, one)));
#undef ANIM_STEP
        _mm_storeu_si128((__m128i *)(out + i),
                         _mm_packus_epi16(_mm_add_epi16(f_low, low), _mm_add_epi16(f_high, high)));
    }
    return i;
}
#endif

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define ANIM_HAS_AVX2_PATH 1
/* 32 bytes a step for CPUs with AVX2 (chosen at run time, so the plugin still runs on any
 * x86-64), with no shuffles: the even bytes are masked into the low half of each 16-bit lane and
 * the odd ones shifted there, each half is blended with one pmulhrsw, and the halves are put
 * back together with a shift and an or. With `stream` (and `out` on a 32-byte boundary) the
 * results bypass the cache: an output larger than it is written without first being read in,
 * a quarter less memory traffic; the caller fences once after its last row. */
__attribute__((target("avx2"))) static size_t blend_avx2(const uint8_t *from, const uint8_t *to, uint8_t *out,
                                                         size_t count, uint32_t w, bool stream) {
    const __m256i weight = _mm256_set1_epi16((int16_t)w), low_bytes = _mm256_set1_epi16(0x00ff);
    size_t i = 0;
    if (stream && ((uintptr_t)out & 31) == 0) {
        for (; i + 32 <= count; i += 32) {
            const __m256i f = _mm256_loadu_si256((const __m256i *)(from + i));
            const __m256i t = _mm256_loadu_si256((const __m256i *)(to + i));
            const __m256i f_even = _mm256_and_si256(f, low_bytes), f_odd = _mm256_srli_epi16(f, 8);
            const __m256i t_even = _mm256_and_si256(t, low_bytes), t_odd = _mm256_srli_epi16(t, 8);
            const __m256i even =
                _mm256_add_epi16(f_even, _mm256_mulhrs_epi16(_mm256_sub_epi16(t_even, f_even), weight));
            const __m256i odd = _mm256_add_epi16(f_odd, _mm256_mulhrs_epi16(_mm256_sub_epi16(t_odd, f_odd), weight));
            _mm256_stream_si256((__m256i *)(out + i), _mm256_or_si256(even, _mm256_slli_epi16(odd, 8)));
        }
        return i;
    }
    for (; i + 32 <= count; i += 32) {
        const __m256i f = _mm256_loadu_si256((const __m256i *)(from + i));
        const __m256i t = _mm256_loadu_si256((const __m256i *)(to + i));
        const __m256i f_even = _mm256_and_si256(f, low_bytes), f_odd = _mm256_srli_epi16(f, 8);
        const __m256i t_even = _mm256_and_si256(t, low_bytes), t_odd = _mm256_srli_epi16(t, 8);
        const __m256i even = _mm256_add_epi16(f_even, _mm256_mulhrs_epi16(_mm256_sub_epi16(t_even, f_even), weight));
        const __m256i odd = _mm256_add_epi16(f_odd, _mm256_mulhrs_epi16(_mm256_sub_epi16(t_odd, f_odd), weight));
        _mm256_storeu_si256((__m256i *)(out + i), _mm256_or_si256(even, _mm256_slli_epi16(odd, 8)));
    }
    return i;
}
#endif

/* Blends `count` bytes with weight w in [0, ONE], byte for byte as `blend` does: the widest steps
 * the CPU has, then narrower ones for what is left; `stream` as for blend_avx2. */
static void blend_bytes(const uint8_t *from, const uint8_t *to, uint8_t *out, size_t count, uint32_t w,
                        bool stream) {
    size_t i = 0;
    (void)stream;
    if (w < ONE) {
#if defined(ANIM_HAS_AVX2_PATH)
        if (__builtin_cpu_supports("avx2"))
            i = blend_avx2(from, to, out, count, w, stream);
#endif
#if defined(__SSE2__)
        i += blend_sse2(from + i, to + i, out + i, count - i, w);
#endif
    }
    for (; i < count; i++)
        out[i] = blend(from[i], to[i], w);
}

/* Calls writing at least this many bytes stream them past the cache (see blend_avx2): more than
 * a core's cache holds, so the host, which asks for a band of rows it reads back at once in far
 * smaller calls, never has them streamed away. */
#define STREAM_BYTES (4u << 20)

static bool dissolve_mix(const anim_mix_args_t *args, char *error, uint32_t error_size) {
    (void)error, (void)error_size;
    const double p = args->progress < 0 ? 0 : args->progress > 1 ? 1 : args->progress;
    const uint32_t w = (uint32_t)(p * ONE + 0.5), bytes = 4 * args->out->width;
    const bool stream = (size_t)(args->row_end - args->row_begin) * bytes >= STREAM_BYTES;
    for (size_t y = args->row_begin; y < args->row_end; y++) {
        const uint8_t *from = args->from->pixels + y * args->from->stride;
        const uint8_t *to = args->to->pixels + y * args->to->stride;
        uint8_t *out = args->out->pixels + y * args->out->stride;
        if (w == 0 || w == ONE)
            memcpy(out, w == 0 ? from : to, bytes);
        else
            blend_bytes(from, to, out, bytes, w, stream);
    }
#if defined(__SSE2__)
    /* Streamed stores are weakly ordered: all of them land before the host reads the rows. */
    if (stream)
        _mm_sfence();
#endif
    return true;
}

/* Not const: init sets its flags. */
static anim_mixer_desc_t dissolve_desc = {
    .struct_size = sizeof(anim_mixer_desc_t),
    .concurrency = ANIM_CONCURRENCY_REENTRANT,
    .name = "cross-dissolve",
    .version = "1.1.0",
    .doc = "Fades the `from` image into the `to` image",
    .mix = dissolve_mix,
};

static bool dissolve_init(const anim_host_t *host) {
    /* The blend treats the four channels alike, so any byte order will do: where the host lends
     * its own pixels, take them and spare it two conversions per frame. */
    if (host->get_service(host, ANIM_SERVICE_NATIVE_PIXELS, 1))
        dissolve_desc.flags = ANIM_MIXER_NATIVE_PIXELS;
    /* A blend of two opaque pixels is opaque: both ends of each weight are exact. */
    dissolve_desc.flags |= ANIM_MIXER_KEEPS_OPAQUE;
    if (host->register_mixer(host, &dissolve_desc))
        return true;
    const anim_log_service_v1_t *log = host->get_service(host, ANIM_SERVICE_LOG, 1);
    if (log)
        log->log(host, ANIM_LOG_ERROR, "the host refused the mixer `cross-dissolve`");
    return false;
}

ANIM_DEFINE_ENTRY("org.pipeline.cross-dissolve", "1.1.0",
                  "Cross-dissolve of two images", dissolve_init, NULL);
