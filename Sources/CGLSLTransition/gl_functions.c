/*
 * gl_functions.c — finds the EGL and OpenGL ES functions in Debian's libEGL and libGLESv2 (the
 * GL vendor-neutral dispatch, which loads Mesa or a GPU's driver). The libraries stay open for
 * the life of the process.
 */
#define _POSIX_C_SOURCE 200809L

#include "gl_functions.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#define GLSL_DEFINE_FUNCTION(type, name) type name;
GLSL_EGL_FUNCTIONS(GLSL_DEFINE_FUNCTION)
GLSL_GL_FUNCTIONS(GLSL_DEFINE_FUNCTION)
#undef GLSL_DEFINE_FUNCTION

static char load_problem[400];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

/* dlsym's result as a function pointer, which ISO C has no cast for. */
static void *find(void *library, const char *name) { return library != NULL ? dlsym(library, name) : NULL; }

static void load(void) {
    void *egl = dlopen("libEGL.so.1", RTLD_NOW | RTLD_LOCAL);
    if (egl == NULL) {
        snprintf(load_problem, sizeof load_problem, "%s", dlerror()); /* names the library */
        return;
    }
    void *gles = dlopen("libGLESv2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (gles == NULL) {
        snprintf(load_problem, sizeof load_problem, "%s", dlerror());
        return;
    }
    const char *missing = NULL;
#define GLSL_FIND(library, name)                                                                                   \
    if (missing == NULL) {                                                                                         \
        void *found = find(library, #name);                                                                        \
        if (found == NULL) missing = #name;                                                                        \
        else *(void **)&name = found;                                                                              \
    }
#define GLSL_FIND_EGL(type, name) GLSL_FIND(egl, name)
#define GLSL_FIND_GL(type, name) GLSL_FIND(gles, name)
    GLSL_EGL_FUNCTIONS(GLSL_FIND_EGL)
    GLSL_GL_FUNCTIONS(GLSL_FIND_GL)
#undef GLSL_FIND_GL
#undef GLSL_FIND_EGL
#undef GLSL_FIND
    if (missing != NULL) snprintf(load_problem, sizeof load_problem, "%s is missing from libEGL/libGLESv2", missing);
}

bool glsl_load_functions(char *error, uint32_t error_size) {
    pthread_once(&load_once, load);
    if (load_problem[0] == '\0') return true;
    if (error != NULL && error_size > 0) snprintf(error, error_size, "%s", load_problem);
    return false;
}
