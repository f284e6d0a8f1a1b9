/*
 * program.c — a transition file wrapped into a fragment shader (the host's prelude, the file at
 * its own line numbers, the host's main), compiled and linked once per thread, and the
 * compiler's messages put in the file's terms.
 */
#define _POSIX_C_SOURCE 200809L

#include "gl_state.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The host's names start with `pipeline_`, which no transition of the collection uses. */
static const char vertex_es1[] = "attribute vec2 pipeline_position;\n"
                                 "varying vec2 pipeline_uv;\n"
                                 "void main() {\n"
                                 "    pipeline_uv = pipeline_position * 0.5 + 0.5;\n"
                                 "    gl_Position = vec4(pipeline_position, 0.0, 1.0);\n"
                                 "}\n";

static const char vertex_es3[] = "#version 300 es\n"
                                 "in vec2 pipeline_position;\n"
                                 "out vec2 pipeline_uv;\n"
                                 "void main() {\n"
                                 "    pipeline_uv = pipeline_position * 0.5 + 0.5;\n"
                                 "    gl_Position = vec4(pipeline_position, 0.0, 1.0);\n"
                                 "}\n";

static const char prelude_es1[] = "precision highp float;\n"
                                  "precision highp int;\n"
                                  "varying vec2 pipeline_uv;\n"
                                  "uniform sampler2D from, to;\n"
                                  "uniform float progress, ratio;\n"
                                  "vec4 getFromColor(vec2 uv) { return texture2D(from, uv); }\n"
                                  "vec4 getToColor(vec2 uv) { return texture2D(to, uv); }\n"
                                  "#line 1\n";

static const char main_es1[] = "gl_FragColor = transition(pipeline_uv);\n}\n";

static const char prelude_es3[] = "#version 300 es\n"
                                  "precision highp float;\n"
                                  "precision highp int;\n"
                                  "in vec2 pipeline_uv;\n"
                                  "out vec4 pipeline_color;\n"
                                  "uniform sampler2D from, to;\n"
                                  "uniform float progress, ratio;\n"
                                  "vec4 getFromColor(vec2 uv) { return texture(from, uv); }\n"
                                  "vec4 getToColor(vec2 uv) { return texture(to, uv); }\n"
                                  "#line 1\n";

static const char main_es3[] = "pipeline_color = transition(pipeline_uv);\n}\n";

/* How many lines the file has: a message past them is about the host's main. */
static unsigned long line_count(const char *text) {
    unsigned long lines = 1;
    for (const char *c = text; *c; c++) lines += *c == '\n';
    return lines;
}

/* The fragment shader's source: malloc'd, NULL when out of memory. */
static char *wrapped_source(const glsl_transition_spec_t *spec) {
    const char *prelude = spec->is_es3 ? prelude_es3 : prelude_es1;
    const char *main_part = spec->is_es3 ? main_es3 : main_es1;
    const char *initializers = spec->initializers != NULL ? spec->initializers : "";
    unsigned long after = line_count(spec->body) + 1;
    size_t size = strlen(prelude) + strlen(spec->body) + strlen(initializers) + strlen(main_part) + 64;
    char *source = malloc(size);
    /* main's own lines are numbered past the file's, so a message about them is the host's. */
    if (source != NULL)
        snprintf(source, size, "%s%s\n#line %lu\nvoid main() {\n%s#line %lu\n%s", prelude, spec->body, after,
                 initializers, after, main_part);
    return source;
}

/* FNV-1a, 64 bits. */
static uint64_t hash(const char *text) {
    uint64_t value = 0xcbf29ce484222325ull;
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) value = (value ^ *c) * 0x100000001b3ull;
    return value;
}

/* The column in the file of Mesa's column `reported` on line `line`: Mesa counts columns in
 * preprocessed text, where each run of spaces and tabs is one character. Unchanged when the line
 * is not found. */
static unsigned long file_column(const char *body, unsigned long line, unsigned long reported) {
    const char *text = body;
    for (unsigned long at = 1; at < line && text != NULL; at++) {
        text = strchr(text, '\n');
        if (text != NULL) text++;
    }
    if (text == NULL) return reported;
    unsigned long column = 1;
    const char *c = text;
    while (column < reported && *c != '\0' && *c != '\n') {
        if (*c == ' ' || *c == '\t')
            while (*c == ' ' || *c == '\t') c++;
        else
            c++;
        column++;
    }
    return (unsigned long)(c - text) + 1;
}

/* The first message of a compiler log in the file's terms: Mesa writes "0:LINE(COL): error: …",
 * others "ERROR: 0:LINE: …". */
static void describe_log(const glsl_transition_spec_t *spec, const char *log, glsl_compile_failure_t *failure,
                         char *error, uint32_t error_size) {
    size_t length = strcspn(log, "\n");
    char first[512];
    snprintf(first, sizeof first, "%.*s", (int)(length < sizeof first ? length : sizeof first - 1), log);
    unsigned long line = 0, column = 0;
    int consumed = 0;
    const char *message = first;
    if (sscanf(first, "%*u:%lu(%lu): %n", &line, &column, &consumed) == 2 && consumed > 0) {
        message = first + consumed;
    } else if (sscanf(first, "ERROR: %*u:%lu: %n", &line, &consumed) == 1 && consumed > 0) {
        message = first + consumed;
    } else {
        line = 0;
    }
    if (strncmp(message, "error: ", 7) == 0) message += 7;
    if (column > 0) column = file_column(spec->body, line, column);
    if (failure != NULL && line <= line_count(spec->body)) {
        failure->line = (uint32_t)line;
        failure->column = (uint32_t)column;
    }
    if (line == 0) {
        fail_with(error, error_size, "%s: the shader does not compile: %s", spec->path, message);
    } else if (line > line_count(spec->body)) {
        fail_with(error, error_size, "%s: the host's call transition(uv) does not compile: %s (declare "
                  "`vec4 transition(vec2 uv)`)", spec->path, message);
    } else if (column > 0) {
        fail_with(error, error_size, "%s:%lu:%lu: %s", spec->path, line, column, message);
    } else {
        fail_with(error, error_size, "%s:%lu: %s", spec->path, line, message);
    }
}

/* Whether a shader compiled or a program linked (`status` of `object`, read with `get`); if not,
 * its log in `log` (`get_log`) and the object deleted (`delete_object`). Shaders and programs
 * have calls of their own for each, with the same signatures. */
static bool built(GLuint object, GLenum status, PFNGLGETSHADERIVPROC get, PFNGLGETSHADERINFOLOGPROC get_log,
                  PFNGLDELETESHADERPROC delete_object, char *log, GLsizei log_size) {
    GLint ok = GL_FALSE;
    get(object, status, &ok);
    if (ok == GL_TRUE) return true;
    get_log(object, log_size, NULL, log);
    delete_object(object);
    return false;
}

static GLuint compile(GLenum kind, const char *source, const glsl_transition_spec_t *spec,
                      glsl_compile_failure_t *failure, char *error, uint32_t error_size) {
    GLuint shader = glCreateShader(kind);
    glShaderSource(shader, 1, &source, NULL);
    glCompileShader(shader);
    char log[2048] = "";
    if (built(shader, GL_COMPILE_STATUS, glGetShaderiv, glGetShaderInfoLog, glDeleteShader, log, sizeof log))
        return shader;
    if (kind == GL_FRAGMENT_SHADER) {
        if (failure != NULL) failure->refused = 1;
        describe_log(spec, log, failure, error, error_size);
    } else
        fail_with(error, error_size, "%s: the host's vertex shader does not compile: %s", spec->path, log);
    return 0;
}

static GLuint link(const glsl_transition_spec_t *spec, const char *fragment_source, glsl_compile_failure_t *failure,
                   char *error, uint32_t error_size) {
    GLuint vertex =
        compile(GL_VERTEX_SHADER, spec->is_es3 ? vertex_es3 : vertex_es1, spec, failure, error, error_size);
    if (vertex == 0) return 0;
    GLuint fragment = compile(GL_FRAGMENT_SHADER, fragment_source, spec, failure, error, error_size);
    if (fragment == 0) {
        glDeleteShader(vertex);
        return 0;
    }
    GLuint program = glCreateProgram();
    glAttachShader(program, vertex);
    glAttachShader(program, fragment);
    glBindAttribLocation(program, 0, "pipeline_position");
    glLinkProgram(program);
    glDeleteShader(vertex);
    glDeleteShader(fragment);
    char log[1024] = "";
    if (built(program, GL_LINK_STATUS, glGetProgramiv, glGetProgramInfoLog, glDeleteProgram, log, sizeof log))
        return program;
    log[strcspn(log, "\n")] = '\0';
    if (failure != NULL) failure->refused = 1;
    fail_with(error, error_size, "%s: the shader does not link: %s", spec->path, log);
    return 0;
}

glsl_program_t *glsl_program_get(glsl_thread_t *thread, const glsl_transition_spec_t *spec,
                                 glsl_compile_failure_t *failure, char *error, uint32_t error_size) {
    char *source = wrapped_source(spec);
    if (source == NULL) {
        fail_with(error, error_size, "%s: out of memory", spec->path);
        return NULL;
    }
    uint64_t key = hash(source);
    for (glsl_program_t *found = thread->programs; found != NULL; found = found->next)
        if (found->key == key) {
            free(source);
            return found;
        }
    glsl_program_t *made = calloc(1, sizeof *made);
    if (made == NULL) {
        free(source);
        fail_with(error, error_size, "%s: out of memory", spec->path);
        return NULL;
    }
    made->program = link(spec, source, failure, error, error_size);
    free(source);
    if (made->program == 0) {
        free(made);
        return NULL;
    }
    made->key = key;
    made->from = glGetUniformLocation(made->program, "from");
    made->to = glGetUniformLocation(made->program, "to");
    made->progress = glGetUniformLocation(made->program, "progress");
    made->ratio = glGetUniformLocation(made->program, "ratio");
    for (uint32_t i = 0; i < spec->uniform_count && i < GLSL_TRANSITION_MAX_UNIFORMS; i++)
        made->uniforms[i] = glGetUniformLocation(made->program, spec->uniforms[i].name);
    made->next = thread->programs;
    thread->programs = made;
    return made;
}

bool glsl_transition_compile(const glsl_transition_spec_t *spec, glsl_compile_failure_t *failure, char *error,
                             uint32_t error_size) {
    if (failure != NULL) *failure = (glsl_compile_failure_t){0};
    glsl_thread_t *thread = glsl_thread_acquire(error, error_size);
    return thread != NULL && glsl_program_get(thread, spec, failure, error, error_size) != NULL;
}
