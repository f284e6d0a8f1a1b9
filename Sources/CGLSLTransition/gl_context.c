/*
 * gl_context.c — the EGL display (Mesa's surfaceless platform, made once per process) and each
 * thread's OpenGL ES 3 context, kept in a thread-specific slot and destroyed when the thread ends.
 */
#define _POSIX_C_SOURCE 200809L

#include "gl_state.h"

#include <EGL/eglext.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PACKAGES "libegl1, libgles2, libegl-mesa0 and libgl1-mesa-dri"


/* ---------------------------------------------------------------------------------------------
 * The display
 * ------------------------------------------------------------------------------------------- */

static EGLDisplay display = EGL_NO_DISPLAY;
static char display_problem[400];
static pthread_once_t display_once = PTHREAD_ONCE_INIT;

static const char *egl_error_name(EGLint code) {
    switch (code) {
    case EGL_NOT_INITIALIZED: return "EGL_NOT_INITIALIZED";
    case EGL_BAD_ACCESS: return "EGL_BAD_ACCESS";
    case EGL_BAD_ALLOC: return "EGL_BAD_ALLOC";
    case EGL_BAD_ATTRIBUTE: return "EGL_BAD_ATTRIBUTE";
    case EGL_BAD_CONFIG: return "EGL_BAD_CONFIG";
    case EGL_BAD_CONTEXT: return "EGL_BAD_CONTEXT";
    case EGL_BAD_DISPLAY: return "EGL_BAD_DISPLAY";
    case EGL_BAD_MATCH: return "EGL_BAD_MATCH";
    case EGL_BAD_PARAMETER: return "EGL_BAD_PARAMETER";
    default: return "an EGL error";
    }
}

static char shader_cache[1024];

void glsl_transition_set_shader_cache(const char *folder) {
    if (folder != NULL && shader_cache[0] == '\0') snprintf(shader_cache, sizeof shader_cache, "%s", folder);
}

static void open_display(void) {
    /* Mesa reads the variable when the driver loads: compiled shaders (llvmpipe's machine code
     * among them) then last from run to run in pipeline's cache folder. */
    if (shader_cache[0] != '\0') setenv("MESA_SHADER_CACHE_DIR", shader_cache, 0);
    char missing[300];
    if (!glsl_load_functions(missing, sizeof missing)) {
        snprintf(display_problem, sizeof display_problem,
                 "no OpenGL ES driver to run GLSL transitions (%s): install Debian's " PACKAGES, missing);
        return;
    }
    EGLDisplay opened = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    EGLint major = 0, minor = 0;
    const char *failed = NULL;
    if (opened == EGL_NO_DISPLAY) failed = "eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA)";
    else if (!eglInitialize(opened, &major, &minor)) failed = "eglInitialize";
    else if (!eglBindAPI(EGL_OPENGL_ES_API)) failed = "eglBindAPI(EGL_OPENGL_ES_API)";
    if (failed != NULL) {
        snprintf(display_problem, sizeof display_problem,
                 "no OpenGL ES driver to run GLSL transitions (%s failed: %s): install Debian's " PACKAGES, failed,
                 egl_error_name(eglGetError()));
        return;
    }
    display = opened;
}

bool glsl_transition_prepare(char *error, uint32_t error_size) {
    pthread_once(&display_once, open_display);
    return display != EGL_NO_DISPLAY || fail_with(error, error_size, "%s", display_problem);
}

/* ---------------------------------------------------------------------------------------------
 * Each thread's context
 * ------------------------------------------------------------------------------------------- */

static pthread_key_t thread_key;
static bool thread_key_made;
static pthread_once_t thread_key_once = PTHREAD_ONCE_INIT;

static void release(glsl_thread_t *thread) {
    if (eglGetCurrentContext() == thread->context) {
        for (glsl_program_t *program = thread->programs; program != NULL; program = program->next)
            glDeleteProgram(program->program);
        for (glsl_image_t *image = thread->images; image != NULL; image = image->next)
            glDeleteTextures(1, &image->texture);
        glDeleteTextures(2, thread->inputs);
        glDeleteTextures(1, &thread->empty);
        glDeleteTextures(1, &thread->target);
        glDeleteFramebuffers(1, &thread->framebuffer);
        eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    }
    eglDestroyContext(display, thread->context);
    for (glsl_program_t *program = thread->programs, *next; program != NULL; program = next) {
        next = program->next;
        free(program);
    }
    for (glsl_image_t *image = thread->images, *next; image != NULL; image = next) {
        next = image->next;
        free(image->path);
        free(image);
    }
    free(thread->rows);
    free(thread);
}

static void release_at_exit(void *thread) {
    if (thread != NULL) release(thread);
}

static void make_thread_key(void) { thread_key_made = pthread_key_create(&thread_key, release_at_exit) == 0; }

static GLuint make_texture(GLint filter) {
    GLuint texture = 0;
    glActiveTexture(GL_TEXTURE0 + GLSL_SCRATCH_UNIT);
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filter);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filter);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    return texture;
}

/* The objects every call uses, made once in a new context. */
static void prepare(glsl_thread_t *thread) {
    thread->inputs[0] = make_texture(GL_LINEAR);
    thread->inputs[1] = make_texture(GL_LINEAR);
    thread->empty = make_texture(GL_NEAREST);
    const uint8_t transparent[4] = {0, 0, 0, 0};
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, transparent);
    thread->target = make_texture(GL_NEAREST);
    glGenFramebuffers(1, &thread->framebuffer);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
}

glsl_thread_t *glsl_thread_acquire(char *error, uint32_t error_size) {
    pthread_once(&display_once, open_display);
    if (display == EGL_NO_DISPLAY) {
        fail_with(error, error_size, "%s", display_problem);
        return NULL;
    }
    pthread_once(&thread_key_once, make_thread_key);
    if (!thread_key_made) {
        fail_with(error, error_size, "cannot keep a GL context per thread (pthread_key_create failed)");
        return NULL;
    }
    glsl_thread_t *thread = pthread_getspecific(thread_key);
    if (thread != NULL) {
        if (eglGetCurrentContext() != thread->context &&
            !eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, thread->context)) {
            fail_with(error, error_size, "eglMakeCurrent failed: %s", egl_error_name(eglGetError()));
            return NULL;
        }
        return thread;
    }
    thread = calloc(1, sizeof *thread);
    if (thread == NULL) {
        fail_with(error, error_size, "out of memory");
        return NULL;
    }
    const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE};
    thread->context = eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes);
    if (thread->context == EGL_NO_CONTEXT) {
        fail_with(error, error_size,
                  "no OpenGL ES 3 context (eglCreateContext failed: %s): GLSL transitions need OpenGL ES 3.0 "
                  "(Debian's " PACKAGES " give it on any machine)",
                  egl_error_name(eglGetError()));
        free(thread);
        return NULL;
    }
    if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, thread->context)) {
        fail_with(error, error_size, "eglMakeCurrent without a surface failed: %s", egl_error_name(eglGetError()));
        eglDestroyContext(display, thread->context);
        free(thread);
        return NULL;
    }
    prepare(thread);
    if (pthread_setspecific(thread_key, thread) != 0) {
        release(thread);
        fail_with(error, error_size, "cannot keep a GL context per thread (pthread_setspecific failed)");
        return NULL;
    }
    return thread;
}

/* Contexts given up on, kept for the life of the process (a shader past its time limit may still
 * run in them), each record linked to the one before: held, not lost. */
static glsl_thread_t *abandoned_threads;
static pthread_mutex_t abandoned_lock = PTHREAD_MUTEX_INITIALIZER;

void glsl_thread_abandon(void) {
    if (!thread_key_made) return;
    /* Left current and alive: releasing it would make the driver flush, and destroying it wait
     * for, a shader that may never end. The thread's next call makes another context current. */
    glsl_thread_t *thread = pthread_getspecific(thread_key);
    pthread_setspecific(thread_key, NULL);
    if (thread == NULL) return;
    pthread_mutex_lock(&abandoned_lock);
    thread->abandoned = abandoned_threads;
    abandoned_threads = thread;
    pthread_mutex_unlock(&abandoned_lock);
}

void glsl_transition_release_thread(void) {
    if (!thread_key_made) return;
    glsl_thread_t *thread = pthread_getspecific(thread_key);
    if (thread == NULL) return;
    pthread_setspecific(thread_key, NULL);
    release(thread);
}

uint8_t *glsl_thread_rows(glsl_thread_t *thread, size_t bytes) {
    if (thread->rows_capacity >= bytes) return thread->rows;
    free(thread->rows);
    thread->rows = malloc(bytes);
    thread->rows_capacity = thread->rows != NULL ? bytes : 0;
    return thread->rows;
}

bool glsl_transition_renderer(char *text, uint32_t text_size) {
    glsl_thread_t *thread = glsl_thread_acquire(text, text_size);
    if (thread == NULL) return false;
    snprintf(text, text_size, "%s | %s", (const char *)glGetString(GL_RENDERER),
             (const char *)glGetString(GL_VERSION));
    return true;
}
