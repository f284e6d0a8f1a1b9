/*
 * easing-curves — Penner-style timing curves, registered as plain C functions: the host calls
 * them through libffi from their signature strings, so none needs a wrapper. bounce-out is a
 * float function on purpose, to exercise the host's float path.
 */
#include "animator.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>

#define TWO_PI 6.28318530717958647692

/* Back curves overshoot by `s` (1.70158 gives a 10% overshoot). */
static double back_in(double t, double s) { return t * t * ((s + 1) * t - s); }

static double back_out(double t, double s) {
    double u = t - 1;
    return u * u * ((s + 1) * u + s) + 1;
}

static double elastic_out(double t, double amplitude, double period) {
    if (t <= 0 || t >= 1)
        return t <= 0 ? 0 : 1; /* exact ends: the sine term is not exactly zero there */
    if (!(period > 0))
        period = 0.3;
    /* An amplitude below 1 could not reach 1 at the first peak; the usual definition uses 1. */
    double a = amplitude < 1 ? 1 : amplitude;
    double shift = period / TWO_PI * asin(1 / a);
    return a * pow(2, -10 * t) * sin((t - shift) * TWO_PI / period) + 1;
}

/* Jump-end steps: holds each level until the next step begins, and reaches 1 only at t = 1. */
static double steps(double t, int32_t count) {
    double n = count < 1 ? 1 : count;
    return t >= 1 ? 1 : floor(t * n) / n;
}

/* Four parabolic arcs, each bounce a quarter of the height of the one before (7.5625 = 2.75²). */
static float bounce_out(float t) {
    const float k = 7.5625f, w = 2.75f;
    if (t < 1 / w)
        return k * t * t;
    if (t < 2 / w) {
        t -= 1.5f / w;
        return k * t * t + 0.75f;
    }
    if (t < 2.5f / w) {
        t -= 2.25f / w;
        return k * t * t + 0.9375f;
    }
    t -= 2.625f / w;
    return k * t * t + 0.984375f;
}

static const double overshoot_default[] = {1.70158};
static const double elastic_defaults[] = {1, 0.3};
static const double steps_default[] = {4};

#define CURVE(n, d, sig, names, defaults, fn)                                                     \
    {sizeof(anim_curve_desc_t), 0, n, d, sig, names, defaults, (anim_function_t)fn}

static const anim_curve_desc_t curves[] = {
    CURVE("back-in", "Pulls back by `overshoot`, then accelerates to the end", "d(d;d)",
          "overshoot", overshoot_default, back_in),
    CURVE("back-out", "Overshoots the end by `overshoot`, then settles", "d(d;d)", "overshoot",
          overshoot_default, back_out),
    CURVE("elastic-out", "Springs past the end and oscillates with a decaying sine", "d(d;dd)",
          "amplitude,period", elastic_defaults, elastic_out),
    CURVE("steps", "Jumps in `count` equal steps, each at the end of its interval", "d(d;i)",
          "count", steps_default, steps),
    CURVE("bounce-out", "Bounces on the end like a dropped ball (float precision)", "f(f)", NULL,
          NULL, bounce_out),
};

static bool easing_init(const anim_host_t *host) {
    for (size_t i = 0; i < sizeof curves / sizeof curves[0]; i++) {
        if (host->register_curve(host, &curves[i]))
            continue;
        const anim_log_service_v1_t *log = host->get_service(host, ANIM_SERVICE_LOG, 1);
        if (log) {
            char message[96];
            snprintf(message, sizeof message, "the host refused the timing curve `%s`", curves[i].name);
            log->log(host, ANIM_LOG_ERROR, message);
        }
        return false;
    }
    return true;
}

ANIM_DEFINE_ENTRY("org.pipeline.easing", "1.0.0",
                  "Back, elastic, steps and bounce timing curves", easing_init, NULL);
