/*
 * gl_functions.h — the EGL and OpenGL ES functions the adapter calls, loaded with dlopen when the
 * first GLSL transition runs rather than linked: pipeline starts, and every step that uses no
 * GLSL renders, on a machine without libEGL or libGLESv2. Each is a pointer of the function's own
 * name, hidden inside the executable, so the code calls them as it would the functions.
 */
#pragma once

#define EGL_EGL_PROTOTYPES 0
#define GL_GLES_PROTOTYPES 0
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stdbool.h>
#include <stdint.h>

/* X(type, name) for every EGL function used, then every OpenGL ES one. */
#define GLSL_EGL_FUNCTIONS(X) \
    X(PFNEGLBINDAPIPROC, eglBindAPI) \
    X(PFNEGLCREATECONTEXTPROC, eglCreateContext) \
    X(PFNEGLDESTROYCONTEXTPROC, eglDestroyContext) \
    X(PFNEGLGETCURRENTCONTEXTPROC, eglGetCurrentContext) \
    X(PFNEGLGETERRORPROC, eglGetError) \
    X(PFNEGLGETPLATFORMDISPLAYPROC, eglGetPlatformDisplay) \
    X(PFNEGLINITIALIZEPROC, eglInitialize) \
    X(PFNEGLMAKECURRENTPROC, eglMakeCurrent)

#define GLSL_GL_FUNCTIONS(X) \
    X(PFNGLACTIVETEXTUREPROC, glActiveTexture) \
    X(PFNGLATTACHSHADERPROC, glAttachShader) \
    X(PFNGLBINDATTRIBLOCATIONPROC, glBindAttribLocation) \
    X(PFNGLBINDFRAMEBUFFERPROC, glBindFramebuffer) \
    X(PFNGLBINDTEXTUREPROC, glBindTexture) \
    X(PFNGLCHECKFRAMEBUFFERSTATUSPROC, glCheckFramebufferStatus) \
    X(PFNGLCLIENTWAITSYNCPROC, glClientWaitSync) \
    X(PFNGLCOMPILESHADERPROC, glCompileShader) \
    X(PFNGLCREATEPROGRAMPROC, glCreateProgram) \
    X(PFNGLCREATESHADERPROC, glCreateShader) \
    X(PFNGLDELETEFRAMEBUFFERSPROC, glDeleteFramebuffers) \
    X(PFNGLDELETEPROGRAMPROC, glDeleteProgram) \
    X(PFNGLDELETESHADERPROC, glDeleteShader) \
    X(PFNGLDELETESYNCPROC, glDeleteSync) \
    X(PFNGLDELETETEXTURESPROC, glDeleteTextures) \
    X(PFNGLDRAWARRAYSPROC, glDrawArrays) \
    X(PFNGLENABLEVERTEXATTRIBARRAYPROC, glEnableVertexAttribArray) \
    X(PFNGLFENCESYNCPROC, glFenceSync) \
    X(PFNGLFRAMEBUFFERTEXTURE2DPROC, glFramebufferTexture2D) \
    X(PFNGLGENFRAMEBUFFERSPROC, glGenFramebuffers) \
    X(PFNGLGENTEXTURESPROC, glGenTextures) \
    X(PFNGLGETERRORPROC, glGetError) \
    X(PFNGLGETPROGRAMINFOLOGPROC, glGetProgramInfoLog) \
    X(PFNGLGETPROGRAMIVPROC, glGetProgramiv) \
    X(PFNGLGETSHADERINFOLOGPROC, glGetShaderInfoLog) \
    X(PFNGLGETSHADERIVPROC, glGetShaderiv) \
    X(PFNGLGETSTRINGPROC, glGetString) \
    X(PFNGLGETUNIFORMLOCATIONPROC, glGetUniformLocation) \
    X(PFNGLLINKPROGRAMPROC, glLinkProgram) \
    X(PFNGLPIXELSTOREIPROC, glPixelStorei) \
    X(PFNGLREADPIXELSPROC, glReadPixels) \
    X(PFNGLSHADERSOURCEPROC, glShaderSource) \
    X(PFNGLTEXIMAGE2DPROC, glTexImage2D) \
    X(PFNGLTEXPARAMETERIPROC, glTexParameteri) \
    X(PFNGLUNIFORM1FPROC, glUniform1f) \
    X(PFNGLUNIFORM1IPROC, glUniform1i) \
    X(PFNGLUNIFORM2FPROC, glUniform2f) \
    X(PFNGLUNIFORM2IPROC, glUniform2i) \
    X(PFNGLUNIFORM3FPROC, glUniform3f) \
    X(PFNGLUNIFORM3IPROC, glUniform3i) \
    X(PFNGLUNIFORM4FPROC, glUniform4f) \
    X(PFNGLUNIFORM4IPROC, glUniform4i) \
    X(PFNGLUSEPROGRAMPROC, glUseProgram) \
    X(PFNGLVERTEXATTRIBPOINTERPROC, glVertexAttribPointer) \
    X(PFNGLVIEWPORTPROC, glViewport)

#define GLSL_DECLARE_FUNCTION(type, name) extern __attribute__((visibility("hidden"))) type name;
GLSL_EGL_FUNCTIONS(GLSL_DECLARE_FUNCTION)
GLSL_GL_FUNCTIONS(GLSL_DECLARE_FUNCTION)
#undef GLSL_DECLARE_FUNCTION

/* Opens libEGL.so.1 and libGLESv2.so.2 and finds every function above, once per process. False
 * with what is missing in `error`. */
bool glsl_load_functions(char *error, uint32_t error_size);
