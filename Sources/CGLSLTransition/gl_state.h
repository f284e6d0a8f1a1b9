/*
 * gl_state.h — what the adapter's files share: the EGL display, each thread's GL context with
 * what it keeps (compiled programs, textures, the framebuffer), and the shader programs.
 */
#pragma once

#include "gl_functions.h"
#include "failure_text.h"
#include "glsl_transition.h"

#include <stddef.h>

/* The texture unit textures are made and filled on, which no shader samples: units 0 and 1 are
 * `from` and `to`, 2 up to it image parameters'. */
#define GLSL_SCRATCH_UNIT 15

/* A linked program of one wrapped source, with where its uniforms are. */
typedef struct glsl_program {
    uint64_t key;                 /* hash of the wrapped source */
    GLuint program;
    GLint from, to, progress, ratio;
    GLint uniforms[GLSL_TRANSITION_MAX_UNIFORMS];
    struct glsl_program *next;
} glsl_program_t;

/* An image parameter's file as a texture. */
typedef struct glsl_image {
    char *path;
    GLuint texture;
    struct glsl_image *next;
} glsl_image_t;

/* One thread's context and what lives in it. */
typedef struct glsl_thread {
    EGLContext context;
    glsl_program_t *programs;
    glsl_image_t *images;
    GLuint inputs[2];             /* from, to */
    GLuint empty;                 /* 1 × 1 transparent: a sampler no file was given for */
    GLuint target, framebuffer;   /* the output texture and its framebuffer */
    uint32_t target_width, target_height;
    bool target_is_float;
    uint8_t *rows;                /* scratch: one image's pixels, flipped */
    size_t rows_capacity;
    struct glsl_thread *abandoned; /* the one abandoned before it (glsl_thread_abandon) */
} glsl_thread_t;

/* The calling thread's context, made current (made on first use): NULL with the reason when
 * there is no EGL/GLES driver or no context could be made. */
glsl_thread_t *glsl_thread_acquire(char *error, uint32_t error_size);

/* Gives up the calling thread's context after a call that did not finish: it is neither
 * destroyed nor used again (the driver may still run it), and the next call makes another. */
void glsl_thread_abandon(void);

/* The linked program of `spec` in `thread`, compiled on first use. NULL with the compiler's
 * message, in the file's lines and columns, in `error`, and in `failure` (optional) whether the
 * compiler refused the file and where. */
glsl_program_t *glsl_program_get(glsl_thread_t *thread, const glsl_transition_spec_t *spec,
                                 glsl_compile_failure_t *failure, char *error, uint32_t error_size);

/* Scratch of at least `bytes` in `thread`; NULL when out of memory. */
uint8_t *glsl_thread_rows(glsl_thread_t *thread, size_t bytes);

/* glsl_transition_render for rows [row_begin, row_end) of `out` only (the whole image is drawn). */
bool glsl_transition_mix_rows(const glsl_transition_spec_t *spec, double progress, const anim_value_t *values,
                              const anim_image_t *from, const anim_image_t *to, anim_image_t *out, uint32_t row_begin,
                              uint32_t row_end, float *float_out, char *error, uint32_t error_size);
