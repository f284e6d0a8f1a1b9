#include "png_write.h"

#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

typedef struct png_failure {
    jmp_buf jump;
    char *error;
    size_t error_size;
    /* errno when libpng gave up: after a failed fwrite it is the system's reason ("no space
     * left on device"), which libpng's own message ("Write Error") does not say. */
    int system_error;
} png_failure_t;

static void report(png_failure_t *failure, const char *message) {
    if (failure->error_size == 0) return;
    snprintf(failure->error, failure->error_size, "%s", message);
}

static void on_png_error(png_structp png, png_const_charp message) {
    png_failure_t *failure = png_get_error_ptr(png);
    failure->system_error = errno;
    report(failure, message);
    longjmp(failure->jump, 1);
}

/* Warnings (e.g. about ancillary chunks) do not make the file wrong; stay quiet. */
static void on_png_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void configure(png_structp png, png_infop info, int32_t width, int32_t height,
                      int32_t channels, int32_t level) {
    int color = channels == 4 ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB;
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, color, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, level);
    /* Per-row filter search costs more than the deflate itself at fast levels. */
    png_set_filter(png, PNG_FILTER_TYPE_BASE, level <= 3 ? PNG_FILTER_SUB : PNG_ALL_FILTERS);
}

/* Everything that can longjmp lives here, so the caller's locals are never clobbered. */
static int32_t encode(FILE *file, const uint8_t *pixels, int32_t width, int32_t height,
                      size_t stride, int32_t channels, int32_t level, png_failure_t *failure) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, failure, on_png_error,
                                              on_png_warning);
    if (png == NULL) {
        report(failure, "out of memory");
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        report(failure, "out of memory");
        return -1;
    }
    /* png_destroy_write_struct clears `info`: the message libpng gave is kept as it is. */
    if (setjmp(failure->jump)) {
        png_destroy_write_struct(&png, &info);
        return -1;
    }
    png_init_io(png, file);
    configure(png, info, width, height, channels, level);
    png_write_info(png, info);
    for (int32_t y = 0; y < height; y++) png_write_row(png, pixels + (size_t)y * stride);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return 0;
}

int32_t png_write_stream(FILE *file, const uint8_t *pixels, int32_t width, int32_t height,
                         size_t stride, int32_t channels, int32_t compression_level,
                         char *error, size_t error_size) {
    png_failure_t failure = {.error = error, .error_size = error_size};
    if (error_size > 0) error[0] = '\0';
    if (channels != 3 && channels != 4) {
        report(&failure, "channels must be 3 (rgb) or 4 (rgba)");
        return -1;
    }
    errno = 0;
    int32_t status = encode(file, pixels, width, height, stride, channels, compression_level,
                            &failure);
    if (status != 0 && ferror(file) && failure.system_error != 0) {
        report(&failure, strerror(failure.system_error));
        return -1;
    }
    if (status == 0 && (fflush(file) != 0 || ferror(file))) {
        report(&failure, strerror(errno));
        return -1;
    }
    return status;
}

int32_t png_write_file(const char *path, const uint8_t *pixels, int32_t width, int32_t height,
                       size_t stride, int32_t channels, int32_t compression_level,
                       char *error, size_t error_size) {
    FILE *file = fopen(path, "wb");
    if (file == NULL) {
        if (error_size > 0) snprintf(error, error_size, "%s", strerror(errno));
        return -1;
    }
    int32_t status = png_write_stream(file, pixels, width, height, stride, channels,
                                      compression_level, error, error_size);
    if (fclose(file) != 0 && status == 0) {
        if (error_size > 0) snprintf(error, error_size, "%s", strerror(errno));
        return -1;
    }
    return status;
}
