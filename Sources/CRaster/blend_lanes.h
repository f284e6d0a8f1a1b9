/*
 * blend_lanes.h — the blend of a span of pixels, written once for vectors of LANES pixels with
 * Clang's vector extensions. blend.c includes it once for each width, with LANES,
 * LANE_NAME(name) (the width's own names) and LANE_TARGET (the width's target attribute, or
 * nothing) defined. Every lane computes what one lane alone computes, with the same operations:
 * each width gives the same bytes.
 *
 * Modes whose premultiplied formula is a sum of products of bytes (normal, add, multiply,
 * screen, overlay, darken, lighten, hard-light, difference, exclusion) are computed in 16-bit
 * integers, each channel in a lane of its own, and rounded exactly; the others (color-dodge,
 * color-burn, soft-light, hue, saturation, color, luminosity) in floats, a pixel a lane and a
 * channel a vector.
 */

#define F LANE_NAME(floats)
#define I LANE_NAME(ints)
#define W LANE_NAME(words)
#define B LANE_NAME(bytes)
#define H LANE_NAME(halves)
#define U LANE_NAME(wide)
#define INLINE static inline __attribute__((always_inline)) LANE_TARGET

/* A pixel a lane: a channel as floats or as integers, or the whole word. */
typedef float F __attribute__((vector_size(4 * LANES)));
typedef int32_t I __attribute__((vector_size(4 * LANES)));
typedef uint32_t W __attribute__((vector_size(4 * LANES)));
/* A channel a lane: the pixels' bytes, and the same widened to 16 and 32 bits. */
typedef uint8_t B __attribute__((vector_size(4 * LANES)));
typedef uint16_t H __attribute__((vector_size(8 * LANES)));
typedef uint32_t U __attribute__((vector_size(16 * LANES)));

/* `a` where `mask` is set (all ones), `b` where it is clear; either may be a float, which is
 * taken in every lane. */
#define SELECT(mask, a, b) ((F)(((mask) & (I)((F){0} + (a))) | (~(mask) & (I)((F){0} + (b)))))
#define MIN(a, b) SELECT((a) < (b), a, b)
#define MAX(a, b) SELECT((a) > (b), a, b)
#define HSELECT(mask, a, b) ((((H)(mask)) & (a)) | (~((H)(mask)) & (b)))
#define HMIN(a, b) HSELECT((a) < (b), a, b)
#define HMAX(a, b) HSELECT((a) > (b), a, b)

/* ---- Integers ---- */

/* Every byte of each word its alpha. */
INLINE W LANE_NAME(alphas)(W w) {
    B bytes = (B)w;
    return (W)__builtin_shufflevector(bytes, bytes, ALPHA_BYTES(LANES));
}

/* The words with each colour byte held to at most the alpha. */
INLINE W LANE_NAME(held)(W w) {
    B c = (B)w, a = (B)LANE_NAME(alphas)(w);
    B over = (B)(c > a);
    return (W)((over & a) | (~over & c));
}

INLINE H LANE_NAME(widen)(W w) { return __builtin_convertvector((B)w, H); }

/* x/255 rounded to nearest, for x ≤ 65152 (no sum reaching 2¹⁶). */
INLINE H LANE_NAME(div255)(H x) {
    x += 128;
    return (x + (x >> 8)) >> 8;
}

/* ⌊a·b/65536⌋. */
INLINE H LANE_NAME(mulhi)(H a, H b) {
    return __builtin_convertvector((__builtin_convertvector(a, U) * __builtin_convertvector(b, U)) >> 16, H);
}

/* The blend of source words `sw` over backdrop words `dw` for a mode computed in integers (a
 * constant once inlined). Colours are first held to at most their alpha, which bounds every sum:
 * 255·co is cs·(255 − αb) + cb·(255 − αs) + X, X being 255·αs·αb·B(Cb, Cs) in products of bytes,
 * and in every mode it and its every partial sum are at most 255² (255² + 1 once moved towards
 * the backdrop, below), so the 16 bits never overflow; the alpha lanes compute 255·αo with the
 * same formula (difference and exclusion take X = αs·αb there). At full opacity (`o16` 0) the
 * result is exactly rounded. Below it (`o16` the opacity in 65536ths) it is the full opacity's
 * sum moved towards the backdrop's, 255·(cb + o·(co − cb)), the formula being linear in the
 * opacity; add, whose sum is clamped, scales the source instead. `alpha_lane` marks the alpha
 * lanes. `opaque` (a constant once inlined) says every word of both is opaque: the same
 * arithmetic with the alphas known. */
INLINE W LANE_NAME(mix)(raster_blend_mode mode, W sw, W dw, uint16_t o16, H alpha_lane, int opaque) {
    if (!opaque) {
        sw = LANE_NAME(held)(sw);
        dw = LANE_NAME(held)(dw);
    }
    H s = LANE_NAME(widen)(sw), b = LANE_NAME(widen)(dw);
    H sa = (H){0} + 255, ba = sa;
    if (!opaque) {
        sa = LANE_NAME(widen)(LANE_NAME(alphas)(sw));
        ba = LANE_NAME(widen)(LANE_NAME(alphas)(dw));
    }
    /* The opacity made anew in each vector's block: hoisted out of the loop, it would reach the
     * multiplications already widened to 32 bits, which the compiler then no longer recognises as
     * ⌊a·b/65536⌋ of 16-bit lanes and computes at twice the width. */
    __asm__("" : "+r"(o16));
    H opacity = (H){0} + o16;
    H co;
    if (mode == RASTER_BLEND_ADD) {
        if (o16 != 0) s = (LANE_NAME(mulhi)(s << 8, opacity) + 128) >> 8;
        co = HMIN(s + b, 255);
    } else {
        H n;
        if (mode == RASTER_BLEND_NORMAL) {
            n = 255 * s + b * (255 - sa);
        } else if (mode == RASTER_BLEND_SCREEN) {
            n = 255 * s + b * (255 - s);
        } else {
            H x, s_b = s * ba, b_s = b * sa;
            switch (mode) {
            case RASTER_BLEND_MULTIPLY:
                x = s * b;
                break;
            case RASTER_BLEND_OVERLAY:
                /* Hard light with source and backdrop swapped. Products of the branch a lane does
                 * not take may wrap; they are not kept. */
                x = HSELECT(2 * b <= ba, 2 * s * b, sa * ba - 2 * (ba - b) * (sa - s));
                break;
            case RASTER_BLEND_HARD_LIGHT:
                /* Multiplied by 2Cs up to Cs = 1/2, screened with 2Cs − 1 above. */
                x = HSELECT(2 * s <= sa, 2 * s * b, sa * ba - 2 * (sa - s) * (ba - b));
                break;
            case RASTER_BLEND_DARKEN:
                x = HMIN(s_b, b_s);
                break;
            case RASTER_BLEND_LIGHTEN:
                x = HMAX(s_b, b_s);
                break;
            case RASTER_BLEND_DIFFERENCE:
                /* |cs·αb − cb·αs|. */
                x = HSELECT(alpha_lane, s_b, HMAX(s_b, b_s) - HMIN(s_b, b_s));
                break;
            default: /* exclusion: cs·(αb − cb) + cb·(αs − cs) */
                x = HSELECT(alpha_lane, s_b, s * (ba - b) + b * (sa - s));
                break;
            }
            n = s * (255 - ba) + b * (255 - sa) + x;
        }
        if (o16 != 0) {
            H whole = 255 * b;
            n = whole - LANE_NAME(mulhi)(whole, opacity) + LANE_NAME(mulhi)(n, opacity);
        }
        co = LANE_NAME(div255)(n);
    }
    W out = (W)__builtin_convertvector(co, B);
    /* The two roundings of a partial opacity may leave a colour a level above its alpha (not
     * 255, the alpha of opaque over opaque). */
    return o16 != 0 && !opaque ? LANE_NAME(held)(out) : out;
}

/* ---- Floats ---- */

INLINE F LANE_NAME(channel)(W words, int shift) { return __builtin_convertvector((words >> shift) & 255, F); }

/* Lum, of blue, green, red. */
INLINE F LANE_NAME(lum)(const F c[3]) { return 0.3f * c[2] + 0.59f * c[1] + 0.11f * c[0]; }

INLINE F LANE_NAME(min3)(const F c[3]) { return MIN(MIN(c[0], c[1]), c[2]); }

INLINE F LANE_NAME(max3)(const F c[3]) { return MAX(MAX(c[0], c[1]), c[2]); }

/* ClipColor, for colours scaled by `top` (the backdrop's alpha in levels): `c` pulled towards its
 * luminance until it lies in [0, top]; each pull is skipped where no lane needs it. A quotient
 * whose denominator is not positive is taken only where all three channels are equal (a grey,
 * which the pull leaves alone), so its denominator becomes 1. */
INLINE void LANE_NAME(clip_color)(F c[3], F top) {
    F l = LANE_NAME(lum)(c), n = LANE_NAME(min3)(c), x = LANE_NAME(max3)(c);
    I low = n < 0.0f, high = x > top;
    if (__builtin_reduce_or(low) != 0) {
        F below = l - n;
        F scale = l / SELECT(below > 0.0f, below, 1.0f);
        for (int i = 0; i < 3; i++) c[i] = SELECT(low, l + (c[i] - l) * scale, c[i]);
    }
    if (__builtin_reduce_or(high) != 0) {
        F above = x - l;
        F scale = (top - l) / SELECT(above > 0.0f, above, 1.0f);
        for (int i = 0; i < 3; i++) c[i] = SELECT(high, l + (c[i] - l) * scale, c[i]);
    }
}

/* SetLum: `c` moved to luminance `l`, then clipped to [0, top]. */
INLINE void LANE_NAME(set_lum)(F c[3], F l, F top) {
    F d = l - LANE_NAME(lum)(c);
    for (int i = 0; i < 3; i++) c[i] += d;
    LANE_NAME(clip_color)(c, top);
}

/* SetSat: `c` with its smallest channel 0, its largest `s` ÷ `over`, the middle one in
 * proportion; a grey becomes black. SetSat does not change when `c` is scaled, so `c` may be
 * premultiplied. */
INLINE void LANE_NAME(set_sat)(F c[3], F s, F over) {
    F n = LANE_NAME(min3)(c), spread = LANE_NAME(max3)(c) - n;
    I coloured = spread > 0.0f;
    F scale = SELECT(coloured, s / SELECT(coloured, spread * over, 1.0f), 0.0f);
    for (int i = 0; i < 3; i++) c[i] = (c[i] - n) * scale;
}

/* The blend of source words `s` over backdrop words `d` for a mode computed in floats (a
 * constant once inlined). Colours are in levels (0…255); `fs` and `fb` are the two alphas as
 * fractions; `o` is the opacity and `k` the opacity over 255. Divisions by an alpha or a colour
 * take 1 for 0 where the mode does not use their quotient. The result is rounded half up, each
 * colour held between 0 and the rounded alpha (before it is rounded, to at most 255, so that
 * colours above their alpha in the inputs cannot make one too large to convert). `opaque` (a
 * constant once inlined) says which alphas are known to be 255: 1 every word of both, 2 every
 * word of the backdrop, 0 none. A known alpha is the constant 255, and each operation on it,
 * folded by the compiler, gives the value it gives at run time: the same bytes either way. */
INLINE W LANE_NAME(blend)(raster_blend_mode mode, W s, W d, float o, float k, int opaque) {
    const float level = 1.0f / 255.0f;
    /* Blue, green, red: the source's bytes, the same scaled by the opacity, the backdrop's. */
    F s8[3], cs[3], cb[3];
    for (int i = 0; i < 3; i++) {
        s8[i] = LANE_NAME(channel)(s, 8 * i);
        cs[i] = s8[i] * o;
        cb[i] = LANE_NAME(channel)(d, 8 * i);
    }
    F s8a = (F){0} + 255.0f, ab = s8a;
    if (opaque != 1) s8a = LANE_NAME(channel)(s, 24);
    if (opaque == 0) ab = LANE_NAME(channel)(d, 24);
    F as = s8a * o, fs = s8a * k, fb = ab * level;
    /* αs·αb in levels: the weight of the mixed colour B. */
    F both = as * fb;
    /* mixed[i] = αs·αb·B(Cb, Cs), in levels. */
    F mixed[3];
    if (mode >= RASTER_BLEND_HUE && mode <= RASTER_BLEND_LUMINOSITY) {
        /* B(Cb, Cs) times αb, in levels of the premultiplied colours: SetSat does not change
         * when its colour is scaled, and Lum, SetSat's saturation and ClipColor scale with αb
         * (ClipColor then clips to [0, αb]), so only the source's unpremultiplied colours
         * (colour and luminosity) or saturation (saturation) take a division. */
        F c[3], sb = LANE_NAME(max3)(cb) - LANE_NAME(min3)(cb), l;
        if (mode == RASTER_BLEND_HUE) {
            for (int i = 0; i < 3; i++) c[i] = s8[i];
            LANE_NAME(set_sat)(c, sb, (F){0} + 1.0f);
            l = LANE_NAME(lum)(cb);
        } else if (mode == RASTER_BLEND_SATURATION) {
            for (int i = 0; i < 3; i++) c[i] = cb[i];
            LANE_NAME(set_sat)(c, ab * (LANE_NAME(max3)(s8) - LANE_NAME(min3)(s8)), MAX(s8a, 1.0f));
            l = LANE_NAME(lum)(cb);
        } else {
            F scaled = ab / MAX(s8a, 1.0f);
            F us[3];
            for (int i = 0; i < 3; i++) us[i] = s8[i] * scaled;
            if (mode == RASTER_BLEND_COLOR) {
                for (int i = 0; i < 3; i++) c[i] = us[i];
                l = LANE_NAME(lum)(cb);
            } else {
                for (int i = 0; i < 3; i++) c[i] = cb[i];
                l = LANE_NAME(lum)(us);
            }
        }
        LANE_NAME(set_lum)(c, l, ab);
        F weight = as * level;
        for (int i = 0; i < 3; i++) mixed[i] = weight * c[i];
    } else {
        F rb = 1.0f / MAX(ab, 1.0f);
        for (int i = 0; i < 3; i++) {
            if (mode == RASTER_BLEND_COLOR_DODGE) {
                /* Cb = 0: 0; Cs = 1: 1; else min(1, Cb/(1 − Cs)), which weighted is at most αs·αb
                 * and αs·cb·αs/(αs − cs) (the opacity cancelling from Cs). */
                F divided = fs * cb[i] * s8a / MAX(s8a - s8[i], 1.0f);
                F dodged = SELECT(s8[i] >= s8a, both, MIN(both, divided));
                mixed[i] = SELECT(cb[i] == 0.0f, 0.0f, dodged);
            } else if (mode == RASTER_BLEND_COLOR_BURN) {
                /* Cb = 1: 1; Cs = 0: 0; else 1 − min(1, (1 − Cb)/Cs), which weighted is αs·αb less
                 * at most αs·αb and αs·(αb − cb)·αs/cs. */
                F divided = fs * (ab - cb[i]) * s8a / MAX(s8[i], 1.0f);
                F burnt = SELECT(s8[i] == 0.0f, 0.0f, both - MIN(both, divided));
                mixed[i] = SELECT(cb[i] >= ab, both, burnt);
            } else {
                /* Soft light. Cs ≤ 1/2: Cb − (1 − 2Cs)·Cb·(1 − Cb); else Cb + (2Cs − 1)·(D(Cb) − Cb),
                 * with D(x) = ((16x − 12)x + 4)x up to x = 1/4 and √x above. */
                F ub = cb[i] * rb, b_s = cb[i] * fs;
                F dx = SELECT(4.0f * cb[i] <= ab, ((16.0f * ub - 12.0f) * ub + 4.0f) * ub,
                              __builtin_elementwise_sqrt(ub));
                F darker = b_s - (as - 2.0f * cs[i]) * cb[i] * (1.0f - ub) * level;
                F lighter = b_s + (2.0f * cs[i] - as) * (ab * dx - cb[i]) * level;
                mixed[i] = SELECT(2.0f * s8[i] <= s8a, darker, lighter);
            }
        }
    }

    I alpha = __builtin_convertvector(as + ab * (1.0f - fs) + 0.5f, I);
    W out = (W)alpha << 24;
    for (int i = 0; i < 3; i++) {
        F co = cs[i] * (1.0f - fb) + cb[i] * (1.0f - fs) + mixed[i];
        I c = __builtin_convertvector(MIN(MAX(co, 0.0f), 255.0f) + 0.5f, I);
        I over = c > alpha;
        out |= (W)((over & alpha) | (~over & c)) << (8 * i);
    }
    return out;
}

/* Soft light over an opaque backdrop, in the fewer operations an opaque backdrop allows: with
 * αb = 1 the result is Cb + (2cs − αs)·H, H = Cb·(1 − Cb) where 2Cs ≤ 1 and D(Cb) − Cb above
 * (`cs`, `αs` the source's premultiplied colour and alpha at the opacity). Every pixel over an
 * opaque backdrop is blended by it, whatever the vector holds besides, so its bytes never depend
 * on its neighbours. */
INLINE W LANE_NAME(soft_light_opaque)(W s, W d, float o) {
    const float level = 1.0f / 255.0f;
    F s8a = LANE_NAME(channel)(s, 24), as = s8a * o;
    W out = (W){0} + 0xFF000000u;
    for (int i = 0; i < 3; i++) {
        F s8 = LANE_NAME(channel)(s, 8 * i), cb = LANE_NAME(channel)(d, 8 * i);
        F ub = cb * level;
        F dx = SELECT(4.0f * cb <= 255.0f, ((16.0f * ub - 12.0f) * ub + 4.0f) * ub, __builtin_elementwise_sqrt(ub));
        /* 2cs ≤ αs exactly where 2Cs ≤ 1 (doubling is exact and rounding keeps the order). */
        F t = 2.0f * (s8 * o) - as;
        F h = SELECT(t <= 0.0f, ub - ub * ub, dx - ub);
        F co = cb + t * h;
        I c = __builtin_convertvector(MIN(MAX(co, 0.0f), 255.0f) + 0.5f, I);
        out |= (W)c << (8 * i);
    }
    return out;
}

/* ---- Spans ---- */

/* `out`, with the backdrop's word `d` kept where the source word `s` is transparent. */
INLINE W LANE_NAME(kept_where_clear)(W out, W s, W d) {
    I clear = (I)(s < 0x01000000u);
    return (W)((clear & (I)d) | (~clear & (I)out));
}

/* Blends the whole vectors at the start of a row of `count` pixels; returns how many pixels it
 * blended (a multiple of LANES). Vectors whose source is all transparent are skipped, vectors
 * opaque in both taken with their alphas known (in normal at full opacity, an opaque source is
 * copied), as are, in the modes computed in floats, vectors whose backdrop alone is opaque; soft
 * light takes each pixel over an opaque backdrop by soft_light_opaque; transparent source pixels
 * keep the backdrop's word. */
INLINE uint32_t LANE_NAME(span_in)(raster_blend_mode mode, uint8_t *dst, const uint8_t *src, uint32_t count,
                                   const struct blend_opacity *opacity) {
    const int in_floats = mode == RASTER_BLEND_COLOR_DODGE || mode == RASTER_BLEND_COLOR_BURN ||
                          mode == RASTER_BLEND_SOFT_LIGHT ||
                          (mode >= RASTER_BLEND_HUE && mode <= RASTER_BLEND_LUMINOSITY);
    const float o = opacity->unit, k = opacity->unit_per_level;
    const uint16_t o16 = opacity->fraction;
    const H alpha_lane = (H)(LANE_NAME(widen)((W){0} + 0xFF000000u) != 0);
    uint32_t x = 0;
    for (; x + LANES <= count; x += LANES) {
        W s, d, out;
        __builtin_memcpy(&s, src + 4 * (size_t)x, sizeof s);
        if (__builtin_reduce_or(s & 0xFF000000u) == 0) continue;
        if (mode == RASTER_BLEND_NORMAL && o16 == 0 && __builtin_reduce_and(s) >= 0xFF000000u) {
            /* An opaque source over anything is itself. */
            __builtin_memcpy(dst + 4 * (size_t)x, &s, sizeof s);
            continue;
        }
        __builtin_memcpy(&d, dst + 4 * (size_t)x, sizeof d);
        if (mode == RASTER_BLEND_SOFT_LIGHT) {
            I opaque = (I)(d >= 0xFF000000u);
            /* At full opacity the multiplications by it fold away. */
            out = o == 1.0f ? LANE_NAME(soft_light_opaque)(s, d, 1.0f) : LANE_NAME(soft_light_opaque)(s, d, o);
            if (__builtin_reduce_and(opaque) == 0) {
                W general = LANE_NAME(blend)(mode, s, d, o, k, 0);
                out = (W)((opaque & (I)out) | (~opaque & (I)general));
            }
            out = LANE_NAME(kept_where_clear)(out, s, d);
        } else if (__builtin_reduce_and(s & d) >= 0xFF000000u) {
            out = in_floats ? LANE_NAME(blend)(mode, s, d, o, k, 1) : LANE_NAME(mix)(mode, s, d, o16, alpha_lane, 1);
        } else if (in_floats && __builtin_reduce_and(d) >= 0xFF000000u) {
            out = LANE_NAME(kept_where_clear)(LANE_NAME(blend)(mode, s, d, o, k, 2), s, d);
        } else {
            out = in_floats ? LANE_NAME(blend)(mode, s, d, o, k, 0) : LANE_NAME(mix)(mode, s, d, o16, alpha_lane, 0);
            out = LANE_NAME(kept_where_clear)(out, s, d);
        }
        __builtin_memcpy(dst + 4 * (size_t)x, &out, sizeof out);
    }
    return x;
}

/* span_in with the mode made a constant, so that each mode's loop holds that mode's arithmetic
 * alone. */
LANE_TARGET static uint32_t LANE_NAME(span)(raster_blend_mode mode, uint8_t *dst, const uint8_t *src, uint32_t count,
                                            const struct blend_opacity *opacity) {
#define SPAN_CASE(m) \
    case m:          \
        return LANE_NAME(span_in)(m, dst, src, count, opacity);
    switch (mode) {
        SPAN_CASE(RASTER_BLEND_NORMAL)
        SPAN_CASE(RASTER_BLEND_MULTIPLY)
        SPAN_CASE(RASTER_BLEND_SCREEN)
        SPAN_CASE(RASTER_BLEND_OVERLAY)
        SPAN_CASE(RASTER_BLEND_DARKEN)
        SPAN_CASE(RASTER_BLEND_LIGHTEN)
        SPAN_CASE(RASTER_BLEND_COLOR_DODGE)
        SPAN_CASE(RASTER_BLEND_COLOR_BURN)
        SPAN_CASE(RASTER_BLEND_HARD_LIGHT)
        SPAN_CASE(RASTER_BLEND_SOFT_LIGHT)
        SPAN_CASE(RASTER_BLEND_DIFFERENCE)
        SPAN_CASE(RASTER_BLEND_EXCLUSION)
        SPAN_CASE(RASTER_BLEND_HUE)
        SPAN_CASE(RASTER_BLEND_SATURATION)
        SPAN_CASE(RASTER_BLEND_COLOR)
        SPAN_CASE(RASTER_BLEND_LUMINOSITY)
        SPAN_CASE(RASTER_BLEND_ADD)
    }
#undef SPAN_CASE
    return 0;
}

#undef F
#undef I
#undef W
#undef B
#undef H
#undef U
#undef INLINE
#undef SELECT
#undef MIN
#undef MAX
#undef HSELECT
#undef HMIN
#undef HMAX
