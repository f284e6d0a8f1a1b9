#include "CTestPNG.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct failure {
    char *message;
    size_t capacity;
} failure_t;

static void on_error(png_structp png, png_const_charp message) {
    failure_t *failure = png_get_error_ptr(png);
    snprintf(failure->message, failure->capacity, "%s", message);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

bool test_png_read(const char *path, test_png_t *image, char *error, size_t capacity) {
    memset(image, 0, sizeof *image);
    FILE *file = fopen(path, "rb");
    if (file == NULL) {
        snprintf(error, capacity, "cannot open %s", path);
        return false;
    }
    failure_t failure = {error, capacity};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &failure, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        fclose(file);
        snprintf(error, capacity, "out of memory");
        return false;
    }
    uint8_t *volatile rgba = NULL;
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(rows);
        free(rgba);
        fclose(file);
        return false;
    }
    png_init_io(png, file);
    png_read_info(png, info);
    png_set_expand(png);
    png_set_scale_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    png_uint_32 width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) png_error(png, "not 8-bit RGBA after expansion");
    rgba = malloc((size_t)width * height * 4 + 1);
    rows = malloc(sizeof(png_bytep) * (height ? height : 1));
    if (rgba == NULL || rows == NULL) png_error(png, "out of memory");
    for (png_uint_32 y = 0; y < height; y++) rows[y] = rgba + (size_t)y * width * 4;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    fclose(file);
    image->width = width;
    image->height = height;
    image->rgba = rgba;
    return true;
}

void test_png_free(test_png_t *image) {
    free(image->rgba);
    image->rgba = NULL;
}
