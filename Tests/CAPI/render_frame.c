/*
 * render_frame.c — a program using libuipipeline as any C program would, built against the
 * installed prefix with `pkg-config --cflags --libs uipipeline` by scripts/test-library.
 *
 *     render_frame PIPELINE FRAME OUT.rgba
 *
 * writes frame FRAME as straight RGBA bytes (width × height × 4) and prints "WIDTH HEIGHT
 * FRAMES FPS". Before that it checks the answers to calls a careless caller makes: NULL
 * handles and buffers, a stride or buffer too small, an options struct from no version, a frame
 * out of range, a missing file. Exit status 0 when everything answered as uipipeline.h says.
 */
#include <uipipeline.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

static void expect(int condition, const char *what) {
    if (!condition) {
        fprintf(stderr, "render_frame: %s\n", what);
        failures++;
    }
}

/* A call that must fail with `status` and an error object of that status and a message. */
static void expect_failure(pipeline_status_t got, pipeline_error_t *error, pipeline_status_t status,
                           const char *what) {
    char line[300];
    snprintf(line, sizeof line, "%s: returned %d (wanted %d): %s", what, (int)got, (int)status,
             error != NULL ? pipeline_error_message(error) : "(no error object)");
    expect(got == status && error != NULL && pipeline_error_status(error) == status &&
               strlen(pipeline_error_message(error)) > 0,
           line);
    pipeline_error_free(error);
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: render_frame PIPELINE FRAME OUT.rgba\n");
        return 2;
    }
    pipeline_error_t *error = NULL;
    pipeline_t *pipeline = NULL;

    pipeline_status_t status = pipeline_open("no-such-pipeline.json", NULL, &pipeline, &error);
    expect_failure(status, error, PIPELINE_ERROR_INPUT, "opening a missing file");
    expect(pipeline == NULL, "a failed open left a pipeline");
    error = NULL;
    expect(pipeline_open(NULL, NULL, &pipeline, NULL) == PIPELINE_ERROR_ARGUMENT, "opening NULL");
    pipeline_open_options_t tiny = {.struct_size = 4};
    status = pipeline_open(argv[1], &tiny, &pipeline, &error);
    expect(error != NULL && strstr(pipeline_error_message(error), "pipeline_open_options_t.struct_size is 4") != NULL &&
               strstr(pipeline_error_message(error), "set it to sizeof(pipeline_open_options_t)") != NULL,
           "an options struct of 4 bytes: the message names the field and what to set it to");
    expect_failure(status, error, PIPELINE_ERROR_ARGUMENT, "an options struct of 4 bytes");
    error = NULL;
    expect(pipeline_frame_count(NULL) == -1, "the frame count of NULL");

    pipeline_open_options_t options = {.struct_size = sizeof options};
    status = pipeline_open(argv[1], &options, &pipeline, &error);
    if (status != PIPELINE_OK) {
        fprintf(stderr, "render_frame: %s\n", pipeline_error_message(error));
        pipeline_error_free(error);
        return 1;
    }
    uint32_t width = 0, height = 0;
    expect(pipeline_frame_size(pipeline, 1.0, &width, &height) == PIPELINE_OK && width > 0 && height > 0,
           "the frame size");
    const size_t stride = (size_t)width * 4, size = stride * height;
    uint8_t *pixels = malloc(size);
    if (pixels == NULL) return 1;

    status = pipeline_render_frame(pipeline, 0, NULL, stride, size, NULL, &error);
    expect_failure(status, error, PIPELINE_ERROR_ARGUMENT, "a NULL buffer");
    error = NULL;
    status = pipeline_render_frame(pipeline, 0, pixels, stride - 4, size, NULL, &error);
    expect_failure(status, error, PIPELINE_ERROR_ARGUMENT, "a stride one pixel short");
    error = NULL;
    status = pipeline_render_frame(pipeline, 0, pixels, stride, size - 1, NULL, &error);
    expect_failure(status, error, PIPELINE_ERROR_ARGUMENT, "a buffer one byte short");
    error = NULL;
    status = pipeline_render_frame(pipeline, pipeline_frame_count(pipeline), pixels, stride, size, NULL, &error);
    expect_failure(status, error, PIPELINE_ERROR_RANGE, "the frame after the last");
    error = NULL;
    status = pipeline_render_frame(NULL, 0, pixels, stride, size, NULL, &error);
    expect_failure(status, error, PIPELINE_ERROR_ARGUMENT, "a NULL pipeline");
    error = NULL;

    status = pipeline_render_frame(pipeline, atoll(argv[2]), pixels, stride, size, NULL, &error);
    if (status != PIPELINE_OK) {
        fprintf(stderr, "render_frame: %s\n", pipeline_error_message(error));
        pipeline_error_free(error);
        return 1;
    }
    FILE *out = fopen(argv[3], "wb");
    if (out == NULL || fwrite(pixels, 1, size, out) != size || fclose(out) != 0) {
        fprintf(stderr, "render_frame: cannot write %s\n", argv[3]);
        return 1;
    }
    printf("%u %u %lld %g\n", width, height, (long long)pipeline_frame_count(pipeline), pipeline_fps(pipeline));
    free(pixels);
    pipeline_close(pipeline);
    pipeline_close(NULL);
    return failures == 0 ? 0 : 1;
}
