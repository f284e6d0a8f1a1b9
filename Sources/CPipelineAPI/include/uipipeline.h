/*
 * uipipeline.h — pipeline's C API: open a pipeline (a JSON file describing layers and the
 * animations between them), ask its size and frames, render one frame into your own buffer, or
 * render the whole job into PNG frames and video as `pipeline run` does.
 *
 * Version 1.0. Link with `pkg-config --cflags --libs uipipeline` (libuipipeline.so). The library
 * finds the `pipeline` executable and its built-in plugins in the prefix it is installed in
 * (<prefix>/bin/pipeline, <prefix>/lib/pipeline/plugins); plugin files are scanned in child
 * processes running it, so a plugin that crashes while registering cannot end your program.
 *
 *     pipeline_t *p = NULL;
 *     pipeline_error_t *error = NULL;
 *     if (pipeline_open("pipeline.json", NULL, &p, &error) != PIPELINE_OK) {
 *         fprintf(stderr, "%s\n", pipeline_error_message(error));   // file:line:column: what
 *         pipeline_error_free(error);
 *         return 1;
 *     }
 *     uint32_t width, height;
 *     pipeline_frame_size(p, 1.0, &width, &height);
 *     uint8_t *rgba = malloc((size_t)width * height * 4);
 *     if (pipeline_render_frame(p, 30, rgba, (size_t)width * 4, (size_t)width * height * 4, NULL, &error)
 *         != PIPELINE_OK) { ... }
 *     pipeline_close(p);
 *
 * Rules every function keeps:
 * - Nothing here exits your process, writes to its standard streams or takes its signals
 *   (plugins' log lines reach standard error only with the environment variable PIPELINE_VERBOSE=1).
 * - A function that can fail returns a pipeline_status_t; on failure, when `error` is not NULL,
 *   it sets `*error` to a new error object (free it with pipeline_error_free), else to NULL.
 *   A NULL handle, a NULL buffer, a buffer or stride too small, an options struct smaller than
 *   version 1.0's: PIPELINE_ERROR_ARGUMENT, never a crash.
 * - Options structs begin with `struct_size`, set to sizeof the struct as you compiled it; later
 *   versions only ever add fields at the end, so a program built against this header keeps
 *   working with later libraries. Zeroed fields mean the defaults (write `= {sizeof x}`).
 *   Passing NULL for an options pointer means every default.
 * - Threads: pipeline_open and pipeline_open_bytes may run on any threads at once. One
 *   pipeline_t's calls are serialised: call it from any thread, and calls made at the same time
 *   wait for each other; different pipeline_t render in parallel. Error objects are read only
 *   and may be read from any thread.
 * - Strings are UTF-8 and NUL-terminated. Strings returned live as long as the object that
 *   returned them.
 */
#ifndef UIPIPELINE_H
#define UIPIPELINE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PIPELINE_API_VERSION_MAJOR 1
#define PIPELINE_API_VERSION_MINOR 1

/* An open pipeline: read, checked, its images decoded and its plugins found. Opaque. */
typedef struct pipeline pipeline_t;
/* Why a call failed: one or more problems, each with its place. Opaque. */
typedef struct pipeline_error pipeline_error_t;

/* What a call returns. */
typedef int32_t pipeline_status_t;
#define PIPELINE_OK 0
/* The pipeline, its props or one of its files is wrong (the error says where): fix the input. */
#define PIPELINE_ERROR_INPUT 1
/* A plugin failed, crashed or hung, or an output could not be written. */
#define PIPELINE_ERROR_RENDER 2
/* The call was given what it cannot take: a NULL handle or buffer, a stride or buffer too small,
 * an options struct too small, a closed pipeline, a value out of its range. */
#define PIPELINE_ERROR_ARGUMENT 3
/* A frame index outside 0 ... pipeline_frame_count() - 1. */
#define PIPELINE_ERROR_RANGE 4
/* The render's progress callback asked to stop; every file it finished is complete. */
#define PIPELINE_ERROR_CANCELLED 5

/* pipeline's version, the same as `pipeline --version` prints first (e.g. "0.2.0"); this API's
 * own version is PIPELINE_API_VERSION_MAJOR.MINOR above. Any thread. */
const char *pipeline_version(void);

/* ---------------------------------------------------------------------------------------------
 * Opening
 * ------------------------------------------------------------------------------------------- */

/* pipeline_open_options_t.flags */
#define PIPELINE_OPEN_ALLOW_OUTSIDE_FILES 0x1u /* images, footage, sound, fonts may be outside the
                                                 pipeline file's folder */
#define PIPELINE_OPEN_ISOLATE_PLUGINS 0x2u     /* plugin code runs in child processes: a crash or
                                                 hang fails the render instead of your process */
#define PIPELINE_OPEN_SANDBOX_PLUGINS 0x4u     /* as ISOLATE, and plugins cannot reach your files,
                                                 the network or start programs */

typedef struct pipeline_open_options {
    uint32_t struct_size;               /* sizeof(pipeline_open_options_t) */
    uint32_t flags;                     /* PIPELINE_OPEN_* */
    const char *const *plugin_folders;  /* folders searched for plugins before PIPELINE_PLUGIN_PATH,
                                           plugins/ beside the file and the built-in folder */
    uint32_t plugin_folder_count;
    uint32_t set_count;
    const char *const *set;             /* "PATH=VALUE" changes applied last, as `--set`:
                                           "canvas.fps=30", "layers[2].text.string=Hello",
                                           "layers[\"title\"].text.string=Hello" (by name) */
    const char *props_json;             /* a JSON merge patch applied before the pipeline is read
                                           (as `--props`, given as JSON text), or NULL */
    const char *props_file;             /* a props file, applied before props_json, or NULL */
    uint64_t image_memory_limit;        /* the most bytes all images may take decoded; 0: 2 GiB */
} pipeline_open_options_t;

/* Opens the pipeline file at `path`: every problem it has is reported at once in `*error`
 * (PIPELINE_ERROR_INPUT). On success `*pipeline` is an open pipeline for pipeline_close. */
pipeline_status_t pipeline_open(const char *path, const pipeline_open_options_t *options, pipeline_t **pipeline,
                                pipeline_error_t **error);

/* Opens a pipeline from `size` bytes of JSON. `name` names it in messages, and the relative
 * paths in it (images, fonts, plugins/) resolve from `name`'s folder. */
pipeline_status_t pipeline_open_bytes(const void *bytes, size_t size, const char *name,
                                      const pipeline_open_options_t *options, pipeline_t **pipeline,
                                      pipeline_error_t **error);

/* Ends the pipeline: its plugin instances and child processes go, its memory is freed. NULL is
 * ignored. Not while another thread uses the same pipeline. */
void pipeline_close(pipeline_t *pipeline);

/* ---------------------------------------------------------------------------------------------
 * What it is
 * ------------------------------------------------------------------------------------------- */

/* The frames of a whole render at the canvas's fps; -1 for NULL. */
int64_t pipeline_frame_count(pipeline_t *pipeline);
/* Frames per second; 0 for NULL. */
double pipeline_fps(pipeline_t *pipeline);
/* Seconds; 0 for NULL. */
double pipeline_duration(pipeline_t *pipeline);
/* The scales pipeline draws at, in pixels per canvas point: a `scale` outside `*lowest` to
 * `*highest` (both included) is PIPELINE_ERROR_ARGUMENT. Either pointer may be NULL. Any thread.
 * Since 1.1. */
void pipeline_scale_range(double *lowest, double *highest);
/* The frame's size in pixels at `scale` pixels per canvas point (1: the canvas's own size;
 * within pipeline_scale_range). */
pipeline_status_t pipeline_frame_size(pipeline_t *pipeline, double scale, uint32_t *width, uint32_t *height);

/* ---------------------------------------------------------------------------------------------
 * One frame
 * ------------------------------------------------------------------------------------------- */

/* pipeline_frame_options_t.flags */
#define PIPELINE_FRAME_PREMULTIPLIED 0x1u /* colour multiplied by alpha; by default straight, as
                                             in the PNG files `pipeline run` writes */

typedef struct pipeline_frame_options {
    uint32_t struct_size; /* sizeof(pipeline_frame_options_t) */
    uint32_t flags;       /* PIPELINE_FRAME_* */
    double scale;         /* pixels per canvas point; 0: 1 */
} pipeline_frame_options_t;

/* Renders frame `frame` (0 ... frame_count - 1, in any order) into `pixels`: RGBA, 4 bytes a
 * pixel, rows `stride` bytes apart (at least 4 × width), top row first; `size` is the buffer's
 * size in bytes (at least stride × (height - 1) + 4 × width). The bytes equal those of the
 * frame's PNG from `pipeline run`. */
pipeline_status_t pipeline_render_frame(pipeline_t *pipeline, int64_t frame, void *pixels, size_t stride,
                                        size_t size, const pipeline_frame_options_t *options,
                                        pipeline_error_t **error);

/* ---------------------------------------------------------------------------------------------
 * A whole render
 * ------------------------------------------------------------------------------------------- */

/* Called on the thread that called pipeline_render after each frame every output has; return
 * nonzero to stop the render at the next frame (it then returns PIPELINE_ERROR_CANCELLED). */
typedef int (*pipeline_progress_fn)(void *user_data, int64_t frames_done, int64_t frames_total);

/* pipeline_render_options_t.flags */
#define PIPELINE_RENDER_DISCARD 0x1u         /* render every frame, write nothing (timing) */
#define PIPELINE_RENDER_RESUME 0x2u          /* keep an interrupted run's complete files, render the rest */
#define PIPELINE_RENDER_WAIT_FOR_FOLDER 0x4u /* wait for another run writing into the folder */

typedef struct pipeline_render_options {
    uint32_t struct_size;          /* sizeof(pipeline_render_options_t) */
    uint32_t flags;                /* PIPELINE_RENDER_* */
    const char *directory;         /* the output folder instead of the file's output.dir, or NULL */
    const char *formats;           /* "png,mp4" instead of the file's formats (a preview as
                                      "webp:scale=0.33:fps=15"), or NULL */
    const char *frames;            /* "A-B", "A-" or "N", as `run --frames`, or NULL for all */
    const char *shard;             /* "I/N", as `run --shard`, or NULL */
    double scale;                  /* pixels per canvas point; 0: 1 */
    double fps;                    /* frames per second instead of the canvas's; 0: the canvas's */
    int32_t quality;               /* video quality 1 ... 100; 0: the file's or the default */
    int32_t threads;               /* rendering threads; 0: one per core */
    pipeline_progress_fn progress; /* or NULL */
    void *user_data;               /* passed to progress */
} pipeline_render_options_t;

/* Renders the pipeline into its outputs, as `pipeline run` does. PIPELINE_ERROR_RENDER with an
 * error saying which output when one could not be written (the others are). */
pipeline_status_t pipeline_render(pipeline_t *pipeline, const pipeline_render_options_t *options,
                                  pipeline_error_t **error);

/* ---------------------------------------------------------------------------------------------
 * Errors
 * ------------------------------------------------------------------------------------------- */

/* Every problem, one line each, as the CLI prints them ("pipeline.json:12:5: timeline[2].duration:
 * ..."). "" for NULL. */
const char *pipeline_error_message(const pipeline_error_t *error);
/* The status the failing call returned. */
pipeline_status_t pipeline_error_status(const pipeline_error_t *error);
/* How many problems (at least 1); 0 for NULL. */
uint32_t pipeline_error_count(const pipeline_error_t *error);
/* Problem `index`'s message without its place, its file, line and column (from 1; 0 when it has
 * no place in a file) and the JSON path of the value ("timeline[2].duration"; "" when none).
 * "" and 0 for an index out of range. */
const char *pipeline_error_problem(const pipeline_error_t *error, uint32_t index);
const char *pipeline_error_file(const pipeline_error_t *error, uint32_t index);
uint32_t pipeline_error_line(const pipeline_error_t *error, uint32_t index);
uint32_t pipeline_error_column(const pipeline_error_t *error, uint32_t index);
const char *pipeline_error_json_path(const pipeline_error_t *error, uint32_t index);
/* Frees an error; NULL is ignored. */
void pipeline_error_free(pipeline_error_t *error);

#ifdef __cplusplus
}
#endif

#endif /* UIPIPELINE_H */
