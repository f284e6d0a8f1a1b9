/*
 * frei0r_adapter.h — frei0r 1.x plugins (https://frei0r.dyne.org, Debian's frei0r-plugins) as
 * pipeline effects and mixers, through the plugin ABI of animator.h.
 *
 * The host dlopens a frei0r file (/usr/lib/frei0r-1/pixeliz0r.so) as it would a plugin of its
 * own and, where a plugin's `init` would run, calls frei0r_adapter_register. That registers
 *   - a frei0r filter as the effect "frei0r.<base_name>" (ANIM_EFFECT_WHOLE_IMAGE, RGBA pixels,
 *     no reach function: frei0r filters never draw outside the image they are given, so every
 *     margin is 0; but an output pixel may depend on any input pixel (a blur, pixeliz0r), which a
 *     reach's `read` of 0 does not say: the whole image is what such an effect reads);
 *   - a frei0r mixer2 as the mixer "frei0r.<base_name>" (RGBA pixels).
 * Sources and mixer3 plugins are refused: pipeline has nothing they would fit.
 *
 * Parameters keep frei0r's names and order. Types: bool → ANIM_PARAM_BOOL, double → NUMBER in
 * [0, 1], color → COLOR (alpha ignored), position → POINT in [0, 1]², string → STRING. Defaults
 * are read from an instance constructed at 64×64 (clamped into [0, 1] where a plugin's lies
 * outside, with a warning through the host's log service).
 *
 * Pixels: the host's premultiplied RGBA rows are unpremultiplied (round(c·255/a)) into a
 * 16-byte-aligned frame in the plugin's colour model (RGBA8888 and PACKED32: R,G,B,A bytes;
 * BGRA8888: B,G,R,A), with straight alpha and rows of exactly width × 4 bytes; the plugin's output
 * is premultiplied back (round(c·a/255)). frei0r wants widths and heights that are multiples of
 * 8 (plugins crash on frames 1 or 5 rows high): an image that is not is padded up to them with
 * copies of its rightmost column and bottom row, and the padding cropped from the output. A
 * plugin that works with positions (a vignette's centre) then sees the padded frame, up to 7
 * pixels larger. The output frame is zeroed before every call (some plugins draw over it).
 *
 * Instances: frei0r instances hold per-size scratch state and may be used by one thread at a
 * time, so every thread keeps its own instances, one per (plugin, padded width, padded height),
 * the eight it used last; a thread's instances are destructed when it ends. Every parameter is
 * set with f0r_set_param_value before every f0r_update / f0r_update2, from the call's values.
 * One image is always computed by one f0r_update call on one instance. f0r_construct and
 * f0r_destruct of one plugin never run while another thread sets its parameters: plugins built
 * on frei0r.hpp rebuild a table shared by all their instances in f0r_construct.
 *
 * Mixers write rows [row_begin, row_end) only, but frei0r computes whole images: a call for part
 * of the rows computes the whole image and copies the rows asked for (each band then costs a
 * whole image; pipeline's renderer asks RGBA mixers for whole images, one call per frame).
 *
 * frei0r plugins whose output depends on earlier frames or on chance (in Debian's set aech0r,
 * delaygrab, hqdn3d, tehroxx0r and vertigo remember frames; cluster and rgbnoise are random; delay0r,
 * baltan, nervous and others keep frames too) see whatever frames the thread's instance saw
 * before: pipeline renders frames in any order, so their output is not a function of the frame.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "animator.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The size of the instance constructed at registration to read the parameters' defaults. */
#define FREI0R_ADAPTER_PROBE_SIZE 64u

/* At most this many of a plugin's parameters are registered (the host's own limit); any past it
 * keep the values f0r_construct gave them. */
#define FREI0R_ADAPTER_MAX_PARAMS 64u

/* Registers what the frei0r plugin in `handle` (already dlopen'ed) provides with `host`, as a
 * plugin's init would: a filter as the effect "frei0r.<base_name>", a mixer2 as the mixer of that
 * name. Call it once per handle, from the thread a plugin's init would run on: it calls f0r_init.
 * Everything it allocates (descriptors, strings) lives as long as the process.
 * Returns false with a one-line reason in `error` (a missing symbol, f0r_init failing, a frei0r
 * major other than 1, a source or mixer3 plugin, an unknown colour model or parameter type,
 * f0r_construct returning NULL at the probe size, the host refusing the descriptor, ...). */
bool frei0r_adapter_register(void *handle, const char *base_name, const anim_host_t *host, char *error,
                             uint32_t error_size);

/* Destructs the calling thread's frei0r instances and frees its frames now rather than when the
 * thread ends (a worker thread that outlives a render, say). The next call constructs anew. */
void frei0r_adapter_release_thread_instances(void);

#ifdef __cplusplus
}
#endif
