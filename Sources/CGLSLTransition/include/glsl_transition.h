/*
 * glsl_transition.h — transitions written in the gl-transitions format (a GLSL fragment that
 * defines `vec4 transition(vec2 uv)`) as pipeline mixers, run through EGL and OpenGL ES on
 * Mesa's surfaceless platform (llvmpipe on any machine, a GPU where there is one).
 *
 * The host reads the file (its uniforms and their defaults, see GLSLTransitionFile.swift) and
 * hands what it found to glsl_transition_register, which registers the mixer "<base name>"
 * through the plugin ABI, as a plugin's init would. The mixer's parameters are the file's
 * uniforms, in their order, of the types below; the reserved names (progress, ratio, from, to)
 * are the host's.
 *
 * Wrapping: the file is compiled as written, after a prelude that declares `from`, `to`,
 * `progress`, `ratio`, getFromColor and getToColor and before a `main` that writes
 * transition(uv) to the pixel. A `#line` directive after the prelude keeps the file's own line
 * numbers, so the compiler's messages ("0:LINE(COL): …") are the file's. A GLSL ES 3.00 file
 * (`#version 300 es`) gets the directive back at the top and a prelude of `texture` and an `out`
 * colour; any other is GLSL ES 1.00, as the collection is written.
 *
 * Conventions (the collection's own renderer's): uv runs from (0, 0) at the bottom left of the
 * image to (1, 1) at the top right; ratio = width / height; `from` and `to` are sampled with
 * linear filtering, clamped to their edges. Pixels are the host's premultiplied RGBA: the shader
 * sees premultiplied colours (opaque images: the plain colours) and its result is taken as
 * premultiplied, each colour channel clamped to the alpha. Image parameters (sampler2D uniforms)
 * are files, decoded with the host's image decoders (CImageCodecs) and sampled like `from`.
 *
 * Contexts: each thread that mixes has its own GL context (OpenGL ES 3), made on its first call
 * and destroyed when the thread ends; programs are compiled once per thread and file. A call that
 * does not finish within the registered time limit (a GLES 3 fence waited on with a timeout)
 * fails, and its context is abandoned for good, neither destroyed nor made current again: the
 * driver's threads may still be running the shader. One call mixes the whole image and copies
 * the rows asked for (pipeline's renderer asks RGBA mixers for whole images).
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "animator.h"
#include "glsl_parameters.h"

#ifdef __cplusplus
extern "C" {
#endif

/* At most this many uniforms are parameters (the host's limit on a descriptor's parameters). */
#define GLSL_TRANSITION_MAX_UNIFORMS 64u

/* One uniform of the file: a parameter. */
typedef struct glsl_transition_uniform {
    const char *name;             /* the GLSL name, also the parameter's id */
    uint32_t type;                /* GLSL_UNIFORM_* */
    uint32_t has_default;         /* 0: the file gives none; the default is zero */
    double default_value[4];      /* numbers: the components, bool 0 or 1; images: unused */
    const char *doc;              /* one line; may be "" */
} glsl_transition_uniform_t;

/* What the host read from one file. Copied by glsl_transition_register. */
typedef struct glsl_transition_spec {
    const char *name;             /* the mixer's name: the file's base name */
    const char *path;             /* the file as messages name it */
    const char *body;             /* the file's text; for GLSL ES 3.00 with its #version line blanked */
    uint32_t is_es3;              /* 1: GLSL ES 3.00 (`#version 300 es`) */
    const glsl_transition_uniform_t *uniforms;
    uint32_t uniform_count;       /* GLSL_TRANSITION_MAX_UNIFORMS at most */
    double time_limit;            /* seconds one call may take; > 0 */
    const char *doc;              /* the mixer's doc line */
    /* Statements run at the start of `main`: the file's global initializers, which GLSL ES wants
     * constant and WebGL, which the collection is written for, does not (blanked from `body`). */
    const char *initializers;
} glsl_transition_spec_t;

/* Registers the transition `spec` describes as a mixer with `host`, as a plugin's init would.
 * Needs no GL (nothing is compiled here). Everything it allocates lives as long as the process.
 * Returns false with a one-line reason in `error` (the host refusing the descriptor, no memory). */
bool glsl_transition_register(const glsl_transition_spec_t *spec, const anim_host_t *host, char *error,
                              uint32_t error_size);

/* Why a shader was not compiled, beyond the message: whether the file is at fault, and where. */
typedef struct glsl_compile_failure {
    uint32_t refused;             /* 1: the compiler or linker refused the shader; 0: no GL context, no memory */
    uint32_t line;                /* the file's line of the compiler's first message; 0: none, or the host's main */
    uint32_t column;              /* its column in the file's bytes; 0: the compiler gave none */
} glsl_compile_failure_t;

/* Compiles and links `spec`'s shader on the calling thread's context (made if need be), without
 * drawing: what a scan does to a new or changed file. False with the reason in `error`:
 * "FILE:LINE:COL: message" for a compile error (the file's own line and column), or why no GL
 * context could be made; `failure` (optional) says which, and where. */
bool glsl_transition_compile(const glsl_transition_spec_t *spec, glsl_compile_failure_t *failure, char *error,
                             uint32_t error_size);

/* Mixes `from` into `to` at `progress` with `spec`'s shader and its `values` (one per uniform, in
 * order) into `out`, on the calling thread's context: three images of one size, premultiplied RGBA.
 * `float_out` (optional: width × height × 4 floats, bottom row first) receives the shader's results
 * as they are, before they become bytes, instead of `out`: NaN shows there. What check-plugin
 * calls; the mixer's `mix` does the same. */
bool glsl_transition_render(const glsl_transition_spec_t *spec, double progress, const anim_value_t *values,
                            const anim_image_t *from, const anim_image_t *to, anim_image_t *out, float *float_out,
                            char *error, uint32_t error_size);

/* Where Mesa keeps compiled shaders between runs (its MESA_SHADER_CACHE_DIR, unless the
 * environment sets it): call before any other function here; later calls change nothing. */
void glsl_transition_set_shader_cache(const char *folder);

/* Opens the EGL display and loads the driver now, before a sandbox that would keep the driver's
 * files from being read is entered. False with why there is no driver. */
bool glsl_transition_prepare(char *error, uint32_t error_size);

/* Destroys the calling thread's context now rather than when the thread ends. */
void glsl_transition_release_thread(void);

/* The renderer and version of the GL the calling thread's context runs on ("llvmpipe (LLVM 15…)
 * | OpenGL ES 3.2 Mesa 22.3.6"), or false with why there is none. */
bool glsl_transition_renderer(char *text, uint32_t text_size);

#ifdef __cplusplus
}
#endif
