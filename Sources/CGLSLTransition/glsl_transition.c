/*
 * glsl_transition.c — a transition file registered as a mixer, and one mix: the inputs uploaded
 * as textures, one draw into the thread's framebuffer waited for against the time limit, and the
 * result read back. See glsl_transition.h for the conventions.
 */
#define _POSIX_C_SOURCE 200809L

#include "gl_state.h"

#include "decode.h"

#include <float.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------------------------------
 * Pixels
 * ------------------------------------------------------------------------------------------- */

/* Host rows (top first, `stride` apart) into `rows` as GL wants them: bottom first, packed. */
static void flip_in(const uint8_t *pixels, size_t stride, uint32_t width, uint32_t height, uint8_t *rows) {
    const size_t row_bytes = (size_t)width * 4;
    for (uint32_t y = 0; y < height; y++)
        memcpy(rows + (size_t)(height - 1 - y) * row_bytes, pixels + (size_t)y * stride, row_bytes);
}

/* Rows [begin, end) of the host image out of GL's rows (bottom first), each colour at most its
 * alpha, as premultiplied pixels must be. */
static void flip_out(const uint8_t *rows, uint32_t width, uint32_t height, uint32_t begin, uint32_t end,
                     uint8_t *pixels, size_t stride) {
    const size_t row_bytes = (size_t)width * 4;
    for (uint32_t y = begin; y < end; y++) {
        const uint8_t *in = rows + (size_t)(height - 1 - y) * row_bytes;
        uint8_t *out = pixels + (size_t)y * stride;
        for (uint32_t x = 0; x < width; x++, in += 4, out += 4) {
            uint8_t a = in[3];
            out[0] = in[0] < a ? in[0] : a;
            out[1] = in[1] < a ? in[1] : a;
            out[2] = in[2] < a ? in[2] : a;
            out[3] = a;
        }
    }
}

/* Fills `texture` with an image, on the scratch unit. */
static bool upload(glsl_thread_t *thread, GLuint texture, const uint8_t *pixels, size_t stride, uint32_t width,
                   uint32_t height) {
    uint8_t *rows = glsl_thread_rows(thread, (size_t)width * height * 4);
    if (rows == NULL) return false;
    flip_in(pixels, stride, width, height, rows);
    glActiveTexture(GL_TEXTURE0 + GLSL_SCRATCH_UNIT);
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, (GLsizei)width, (GLsizei)height, 0, GL_RGBA, GL_UNSIGNED_BYTE, rows);
    return true;
}

/* The texture of an image parameter's file, decoded on first use (BGRA → RGBA, both premultiplied). */
static GLuint image_texture(glsl_thread_t *thread, const char *path, const char *owner, char *error,
                            uint32_t error_size) {
    for (glsl_image_t *image = thread->images; image != NULL; image = image->next)
        if (strcmp(image->path, path) == 0) return image->texture;
    decoded_image_t decoded = {0};
    char reason[256] = "";
    if (!decode_image_file(path, DECODE_MAX_DIMENSION, &decoded, reason, sizeof reason)) {
        fail_with(error, error_size, "%s: image %s: %s", owner, path, reason);
        return 0;
    }
    for (size_t i = 0; i < (size_t)decoded.width * decoded.height; i++) {
        uint8_t *pixel = decoded.pixels + i * 4, blue = pixel[0];
        pixel[0] = pixel[2];
        pixel[2] = blue;
    }
    glsl_image_t *image = calloc(1, sizeof *image);
    char *copy = strdup(path);
    GLuint texture = 0;
    glGenTextures(1, &texture);
    glActiveTexture(GL_TEXTURE0 + GLSL_SCRATCH_UNIT);
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    bool uploaded = image != NULL && copy != NULL &&
                    upload(thread, texture, decoded.pixels, decoded.stride, decoded.width, decoded.height);
    decode_image_free(&decoded);
    if (!uploaded) {
        glDeleteTextures(1, &texture);
        free(image);
        free(copy);
        fail_with(error, error_size, "%s: out of memory", owner);
        return 0;
    }
    image->path = copy;
    image->texture = texture;
    image->next = thread->images;
    thread->images = image;
    return texture;
}

/* The thread's framebuffer at width × height, bytes or floats. */
static bool prepare_target(glsl_thread_t *thread, uint32_t width, uint32_t height, bool floats) {
    glBindFramebuffer(GL_FRAMEBUFFER, thread->framebuffer);
    if (thread->target_width != width || thread->target_height != height || thread->target_is_float != floats) {
        glActiveTexture(GL_TEXTURE0 + GLSL_SCRATCH_UNIT);
        glBindTexture(GL_TEXTURE_2D, thread->target);
        if (floats)
            glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, (GLsizei)width, (GLsizei)height, 0, GL_RGBA, GL_FLOAT, NULL);
        else
            glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, (GLsizei)width, (GLsizei)height, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                         NULL);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, thread->target, 0);
        thread->target_width = width, thread->target_height = height, thread->target_is_float = floats;
    }
    return glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
}

/* A component as a GLSL int: values the host never sends (NaN, beyond int) clamped, not undefined. */
static GLint to_int(double value) {
    if (!(value >= (double)INT32_MIN)) return value != value ? 0 : INT32_MIN;
    return value > (double)INT32_MAX ? INT32_MAX : (GLint)value;
}

/* Sets uniform `index` of `spec` from `value`; image parameters get texture unit `*unit`. */
static bool set_uniform(glsl_thread_t *thread, const glsl_transition_spec_t *spec, uint32_t index, GLint location,
                        const anim_value_t *value, GLint *unit, char *error, uint32_t error_size) {
    const double *v = value->v;
    const GLint i[4] = {to_int(v[0]), to_int(v[1]), to_int(v[2]), to_int(v[3])};
    switch (spec->uniforms[index].type) {
    case GLSL_UNIFORM_BOOL:
    case GLSL_UNIFORM_INT: glUniform1i(location, to_int((double)value->i)); break;
    case GLSL_UNIFORM_FLOAT: glUniform1f(location, (GLfloat)v[0]); break;
    case GLSL_UNIFORM_VEC2: glUniform2f(location, (GLfloat)v[0], (GLfloat)v[1]); break;
    case GLSL_UNIFORM_VEC3: glUniform3f(location, (GLfloat)v[0], (GLfloat)v[1], (GLfloat)v[2]); break;
    case GLSL_UNIFORM_VEC4: glUniform4f(location, (GLfloat)v[0], (GLfloat)v[1], (GLfloat)v[2], (GLfloat)v[3]); break;
    case GLSL_UNIFORM_IVEC2: glUniform2i(location, i[0], i[1]); break;
    case GLSL_UNIFORM_IVEC3: glUniform3i(location, i[0], i[1], i[2]); break;
    case GLSL_UNIFORM_IVEC4: glUniform4i(location, i[0], i[1], i[2], i[3]); break;
    case GLSL_UNIFORM_IMAGE: {
        GLuint texture = thread->empty;
        if (value->s != NULL && value->s[0] != '\0') {
            char owner[300];
            snprintf(owner, sizeof owner, "%s: parameter \"%s\"", spec->path, spec->uniforms[index].name);
            texture = image_texture(thread, value->s, owner, error, error_size);
            if (texture == 0) return false;
        }
        if (*unit >= GLSL_SCRATCH_UNIT)
            return fail_with(error, error_size, "%s: more image parameters than texture units", spec->path);
        glActiveTexture(GL_TEXTURE0 + (GLenum)*unit);
        glBindTexture(GL_TEXTURE_2D, texture);
        glUniform1i(location, *unit);
        (*unit)++;
        break;
    }
    default: return fail_with(error, error_size, "%s: uniform %s has an unknown type", spec->path,
                              spec->uniforms[index].name);
    }
    return true;
}

/* Draws and waits for the draw against the time limit; false (the context abandoned) past it. */
static bool draw(const glsl_transition_spec_t *spec, char *error, uint32_t error_size) {
    static const GLfloat triangle[] = {-1.0f, -1.0f, 3.0f, -1.0f, -1.0f, 3.0f};
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, triangle);
    glEnableVertexAttribArray(0);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    GLsync fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    double limit = spec->time_limit > 0 ? spec->time_limit : 10.0;
    GLuint64 nanoseconds = (GLuint64)(limit * 1e9);
    GLenum waited = glClientWaitSync(fence, GL_SYNC_FLUSH_COMMANDS_BIT, nanoseconds);
    if (waited == GL_ALREADY_SIGNALED || waited == GL_CONDITION_SATISFIED) {
        glDeleteSync(fence);
        return true;
    }
    glsl_thread_abandon();
    if (waited == GL_TIMEOUT_EXPIRED)
        return fail_with(error, error_size, "%s: the shader did not finish within %g s (the limit is "
                         "PIPELINE_CALL_TIMEOUT)", spec->path, limit);
    return fail_with(error, error_size, "%s: waiting for the shader failed (GL error 0x%x)", spec->path,
                     (unsigned)glGetError());
}

/* Mixes into rows [row_begin, row_end) of `out` (or, with `float_out`, all of them as floats). */
bool glsl_transition_mix_rows(const glsl_transition_spec_t *spec, double progress, const anim_value_t *values,
                              const anim_image_t *from, const anim_image_t *to, anim_image_t *out, uint32_t row_begin,
                              uint32_t row_end, float *float_out, char *error, uint32_t error_size) {
    const uint32_t width = out->width, height = out->height;
    if (width == 0 || height == 0 || row_begin >= row_end) return true;
    glsl_thread_t *thread = glsl_thread_acquire(error, error_size);
    if (thread == NULL) return false;
    glsl_program_t *program = glsl_program_get(thread, spec, NULL, error, error_size);
    if (program == NULL) return false;
    glUseProgram(program->program);
    if (!upload(thread, thread->inputs[0], from->pixels, from->stride, width, height) ||
        !upload(thread, thread->inputs[1], to->pixels, to->stride, width, height))
        return fail_with(error, error_size, "%s: out of memory", spec->path);
    for (GLuint unit = 0; unit < 2; unit++) {
        glActiveTexture(GL_TEXTURE0 + unit);
        glBindTexture(GL_TEXTURE_2D, thread->inputs[unit]);
    }
    glUniform1i(program->from, 0);
    glUniform1i(program->to, 1);
    glUniform1f(program->progress, (GLfloat)progress);
    glUniform1f(program->ratio, (GLfloat)width / (GLfloat)height);
    GLint unit = 2;
    for (uint32_t i = 0; i < spec->uniform_count; i++)
        if (program->uniforms[i] >= 0 &&
            !set_uniform(thread, spec, i, program->uniforms[i], &values[i], &unit, error, error_size))
            return false;
    if (!prepare_target(thread, width, height, float_out != NULL))
        return fail_with(error, error_size, "%s: the GL framebuffer of %u × %u is incomplete", spec->path,
                         (unsigned)width, (unsigned)height);
    glViewport(0, 0, (GLsizei)width, (GLsizei)height);
    if (!draw(spec, error, error_size)) return false;
    if (float_out != NULL) {
        glReadPixels(0, 0, (GLsizei)width, (GLsizei)height, GL_RGBA, GL_FLOAT, float_out);
        return true;
    }
    uint8_t *rows = glsl_thread_rows(thread, (size_t)width * height * 4);
    if (rows == NULL) return fail_with(error, error_size, "%s: out of memory", spec->path);
    glReadPixels(0, 0, (GLsizei)width, (GLsizei)height, GL_RGBA, GL_UNSIGNED_BYTE, rows);
    GLenum problem = glGetError();
    if (problem != GL_NO_ERROR)
        return fail_with(error, error_size, "%s: GL error 0x%x while mixing", spec->path, (unsigned)problem);
    flip_out(rows, width, height, row_begin, row_end, out->pixels, out->stride);
    return true;
}

bool glsl_transition_render(const glsl_transition_spec_t *spec, double progress, const anim_value_t *values,
                            const anim_image_t *from, const anim_image_t *to, anim_image_t *out, float *float_out,
                            char *error, uint32_t error_size) {
    return glsl_transition_mix_rows(spec, progress, values, from, to, out, 0, out->height, float_out, error,
                                    error_size);
}
