#include "jpeg_write.h"

#include <setjmp.h>
#include <stdio.h> /* before jpeglib.h, which uses FILE without including it */
#include <stdlib.h>

#include <jpeglib.h>

typedef struct write_failure {
    struct jpeg_error_mgr manager; /* first, so libjpeg's error pointer converts to this */
    jmp_buf jump;
    char *text;
    size_t size;
} write_failure_t;

static void on_error(j_common_ptr info) {
    write_failure_t *failure = (write_failure_t *)info->err;
    char message[JMSG_LENGTH_MAX];
    info->err->format_message(info, message);
    if (failure->size > 0) snprintf(failure->text, failure->size, "cannot encode a JPEG: %s", message);
    longjmp(failure->jump, 1);
}

static void quiet(j_common_ptr info, int level) {
    (void)info;
    (void)level;
}

int32_t jpeg_write_memory(const uint8_t *pixels, int32_t width, int32_t height, size_t stride, int32_t quality,
                          uint8_t **jpeg, size_t *size, char *error, size_t error_size) {
    if (error_size > 0) error[0] = '\0';
    *jpeg = NULL;
    *size = 0;
    if (width <= 0 || height <= 0 || width > JPEG_MAX_DIMENSION || height > JPEG_MAX_DIMENSION) {
        if (error_size > 0) snprintf(error, error_size, "a JPEG cannot be %d×%d pixels", width, height);
        return -1;
    }
    struct jpeg_compress_struct info;
    write_failure_t failure = {.text = error, .size = error_size};
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = on_error;
    failure.manager.emit_message = quiet;
    /* libjpeg grows the buffer as it writes; volatile so its value survives the longjmp. */
    unsigned char *volatile buffer = NULL;
    unsigned long length = 0;
    if (setjmp(failure.jump)) {
        jpeg_destroy_compress(&info);
        free(buffer);
        return -1;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, (unsigned char **)&buffer, &length);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    /* libjpeg-turbo reads Cairo's little-endian ARGB32 bytes as they are. */
    info.input_components = 4;
    info.in_color_space = JCS_EXT_BGRX;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality < 1 ? 1 : quality > 100 ? 100 : quality, TRUE);
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)info.next_scanline * stride);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    *jpeg = buffer;
    *size = length;
    return 0;
}
