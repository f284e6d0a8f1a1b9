/* The sRGB encoding of motion blur's averages, shared by both ways of summing a frame's samples
 * (shutter.c: any samples; shutter_moved.c: samples that only move the layers above the static
 * image): the conversions, and the bytes of opaque averages from thresholds found once per process
 * (raster_shutter_encoding_once, before any average is encoded). */
#pragma once

#include <math.h>
#include <stdint.h>

static inline double srgb_to_linear(double s) { return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4); }

static inline double linear_to_srgb(double l) {
    return l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055;
}

/* raster_opaque_thresholds[v]: the least linear value in [0, 1] that encodes, opaque, to v or
 * above (v = 1…255; [0] is 0). The encoding only grows with l, so the byte of any l is the largest
 * v whose threshold is at most l: a search of 8 steps in place of a power. */
extern double raster_opaque_thresholds[256] __attribute__((visibility("hidden")));

/* raster_opaque_starts[i]: the byte of linear value i / OPAQUE_STEPS. Two thresholds are further
 * apart than a step (the closest, at black, are 1 / (255 · 12.92) apart), so the byte of any l in
 * step i is that or the next. */
#define OPAQUE_STEPS 16384
extern uint8_t raster_opaque_starts[OPAQUE_STEPS + 1] __attribute__((visibility("hidden")));

/* Finds the thresholds and starts, once per process; any thread may call it. */
__attribute__((visibility("hidden"))) void raster_shutter_encoding_once(void);

/* The byte an opaque pixel's channel of linear value l in [0, 1] encodes to, from the thresholds. */
static inline uint8_t opaque_byte(double l) {
    int v = raster_opaque_starts[(int)(l * OPAQUE_STEPS)];
    if (v < 255 && l >= raster_opaque_thresholds[v + 1]) v++;
    return (uint8_t)v;
}

/* The byte of an average's channel of linear value l (unpremultiplied) under alpha byte
 * out_alpha: encoded, premultiplied and rounded to nearest. */
static inline uint8_t encoded_channel(double l, int out_alpha) {
    l = l < 0 ? 0 : l > 1 ? 1 : l;
    if (out_alpha == 255) return opaque_byte(l);
    const int v = (int)floor(linear_to_srgb(l) * out_alpha + 0.5);
    return (uint8_t)(v > out_alpha ? out_alpha : v);
}
