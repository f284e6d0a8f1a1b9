#define _POSIX_C_SOURCE 200809L /* fdopen under -std=c99 (scripts/fuzz) */

#include "decode.h"

#include <errno.h>
#include <setjmp.h>
#include <stdio.h>  /* before jpeglib.h, which uses FILE without including it */

#include <jpeglib.h>
#include <jerror.h>  /* after jpeglib.h: the message codes, for JWRN_JPEG_EOF */
#include <png.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <webp/decode.h>

#include "regular_file.h"

typedef struct failure {
    char *text;
    size_t size;
} failure_t;

static bool fits(uint32_t width, uint32_t height, uint32_t limit, failure_t *failure) {
    if (width <= limit && height <= limit) return true;
    snprintf(failure->text, failure->size, "image is %u×%u, larger than the %u×%u limit", width,
             height, limit, limit);
    return false;
}

/* What header mode gives: the size, no pixels. */
static bool size_only(decoded_image_t *image, uint32_t width, uint32_t height) {
    *image = (decoded_image_t){.width = width, .height = height, .stride = 4 * width};
    return true;
}

static bool allocate(decoded_image_t *image, uint32_t width, uint32_t height) {
    image->width = width;
    image->height = height;
    image->stride = 4 * width;
    image->pixels = malloc((size_t)image->stride * height);
    return image->pixels != NULL;
}

/* Cairo's rounding of c · a / 255, so decoded pixels match what Cairo itself would produce. */
static uint8_t premultiply(uint8_t alpha, uint8_t color) {
    unsigned temp = (unsigned)alpha * color + 0x80;
    return (uint8_t)(((temp >> 8) + temp) >> 8);
}

static void premultiply_rows(decoded_image_t *image) {
    for (uint32_t y = 0; y < image->height; y++) {
        uint8_t *p = image->pixels + (size_t)y * image->stride;
        for (uint32_t x = 0; x < image->width; x++, p += 4) {
            if (p[3] == 255) continue;
            for (int c = 0; c < 3; c++) p[c] = premultiply(p[3], p[c]);
        }
    }
}

/* ---- PNG ----------------------------------------------------------------------------------- */

static void on_png_error(png_structp png, png_const_charp message) {
    failure_t *failure = png_get_error_ptr(png);
    snprintf(failure->text, failure->size, "corrupt PNG: %s", message);
    png_longjmp(png, 1);
}

static void on_png_warning(png_structp png, png_const_charp message) {
    (void)png, (void)message;  /* warnings are about recoverable oddities; the image is usable */
}

/* libpng's own reader says only "Read Error" for a short file. */
static void read_png_bytes(png_structp png, png_bytep data, size_t length) {
    if (fread(data, 1, length, png_get_io_ptr(png)) != length) png_error(png, "the file ends early");
}

static void png_to_bgra(png_structp png, png_infop info) {
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    png_set_bgr(png);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
}

static uint32_t big_endian(const unsigned char *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
}

/* The size comes from the IHDR chunk, which the PNG format puts right after the signature:
 * libpng itself would read every chunk up to the pixel data before telling it. */
static bool png_header_fits(const unsigned char header[24], uint32_t limit, failure_t *failure) {
    if (memcmp(header + 12, "IHDR", 4) != 0) return true;  /* libpng reports the broken file */
    return fits(big_endian(header + 16), big_endian(header + 20), limit, failure);
}

/* The ancillary chunks whose size is up to the file: text, ICC profile, palettes, Exif. The
 * decoder needs none of them (pixels are taken as sRGB). Ignored chunks are skipped in small
 * reads; handled ones are first read whole, and libpng 1.6.39 allocated whatever length a chunk
 * declared: 2 GB for a 75-byte file declaring a 2 GB zTXt chunk (found by fuzz/image). */
static const png_byte unused_chunks[] = "tEXt\0zTXt\0iTXt\0iCCP\0sPLT\0eXIf";

/* With `header_only`, stops after the header and sets only the image's width and height. */
static bool decode_png(FILE *file, bool header_only, decoded_image_t *image, failure_t *failure) {
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, failure, on_png_error,
                                             on_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    png_bytep *volatile rows = NULL;
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        snprintf(failure->text, failure->size, "out of memory");
        return false;
    }
    if (setjmp(png_jmpbuf(png))) {
        free(rows);
        decode_image_free(image);
        png_destroy_read_struct(&png, &info, NULL);
        return false;
    }
    png_set_read_fn(png, file, read_png_bytes);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, unused_chunks, (int)(sizeof unused_chunks / 5));
    png_read_info(png, info);
    uint32_t width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    if (header_only) {
        png_destroy_read_struct(&png, &info, NULL);
        return size_only(image, width, height);
    }
    png_to_bgra(png, info);
    rows = malloc(sizeof(png_bytep) * height);
    if (rows == NULL || !allocate(image, width, height)) png_error(png, "out of memory");
    for (uint32_t y = 0; y < height; y++) rows[y] = image->pixels + (size_t)y * image->stride;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    premultiply_rows(image);
    return true;
}

/* ---- JPEG ---------------------------------------------------------------------------------- */

typedef struct jpeg_failure {
    struct jpeg_error_mgr manager;  /* first, so libjpeg's error pointer converts to this */
    jmp_buf jump;
    failure_t *failure;
    bool truncated;                 /* the data ended before the last row */
} jpeg_failure_t;

static void on_jpeg_error(j_common_ptr info) {
    jpeg_failure_t *jpeg = (jpeg_failure_t *)info->err;
    char message[JMSG_LENGTH_MAX];
    info->err->format_message(info, message);
    snprintf(jpeg->failure->text, jpeg->failure->size, "corrupt JPEG: %s", message);
    longjmp(jpeg->jump, 1);
}

/* Warnings are not printed: a damaged scan still decodes. A file cut short is different: libjpeg
 * would fill the missing rows with grey, so it is noted and refused. */
static void on_jpeg_warning(j_common_ptr info, int level) {
    if (level < 0 && info->err->msg_code == JWRN_JPEG_EOF) ((jpeg_failure_t *)info->err)->truncated = true;
}

static bool decode_jpeg(FILE *file, uint32_t limit, bool header_only, decoded_image_t *image,
                        failure_t *failure) {
    struct jpeg_decompress_struct info;
    jpeg_failure_t errors = {.failure = failure};
    info.err = jpeg_std_error(&errors.manager);
    errors.manager.error_exit = on_jpeg_error;
    errors.manager.emit_message = on_jpeg_warning;
    if (setjmp(errors.jump)) {
        decode_image_free(image);
        jpeg_destroy_decompress(&info);
        return false;
    }
    jpeg_create_decompress(&info);
    jpeg_stdio_src(&info, file);
    jpeg_read_header(&info, TRUE);
    if (!fits(info.image_width, info.image_height, limit, failure)) longjmp(errors.jump, 1);
    if (header_only) {
        jpeg_destroy_decompress(&info);
        return size_only(image, info.image_width, info.image_height);
    }
    info.out_color_space = JCS_EXT_BGRA;  /* opaque, so already premultiplied */
    jpeg_start_decompress(&info);
    if (!allocate(image, info.output_width, info.output_height)) {
        snprintf(failure->text, failure->size, "out of memory");
        longjmp(errors.jump, 1);
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = image->pixels + (size_t)info.output_scanline * image->stride;
        jpeg_read_scanlines(&info, &row, 1);
    }
    if (errors.truncated) {
        snprintf(failure->text, failure->size, "truncated JPEG: the file ends before the image's last row");
        longjmp(errors.jump, 1);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return true;
}

/* ---- WebP --------------------------------------------------------------------------------- */

static uint32_t little_endian(const uint8_t *bytes) {
    return (uint32_t)bytes[3] << 24 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[1] << 8 | bytes[0];
}

/* libwebp decodes from memory. The file is read in doubling steps up to the length its RIFF
 * header declares, so a small file declaring 4 GB costs at most twice its own size; in header
 * mode only until libwebp can tell the features. Sets `*features` by the bytes read. */
static VP8StatusCode read_webp(FILE *file, bool header_only, uint8_t **data, size_t *size,
                               WebPBitstreamFeatures *features) {
    size_t capacity = 64, length = 0, declared = SIZE_MAX;
    VP8StatusCode status = VP8_STATUS_NOT_ENOUGH_DATA;
    *data = NULL;
    while (length < declared) {
        uint8_t *grown = realloc(*data, capacity);
        if (grown == NULL) return VP8_STATUS_OUT_OF_MEMORY;
        *data = grown;
        size_t wanted = (capacity < declared ? capacity : declared) - length;
        size_t got = fread(*data + length, 1, wanted, file);
        length += got;
        if (declared == SIZE_MAX && length >= 8) declared = (size_t)little_endian(*data + 4) + 8;
        status = WebPGetFeatures(*data, length, features);
        if (got < wanted || (header_only && status != VP8_STATUS_NOT_ENOUGH_DATA)) break;
        capacity *= 2;
    }
    *size = length;
    return status;
}

static void describe_webp_status(VP8StatusCode status, failure_t *failure) {
    const char *reason = "corrupt WebP: the bitstream is invalid";
    if (status == VP8_STATUS_OUT_OF_MEMORY) reason = "out of memory";
    if (status == VP8_STATUS_NOT_ENOUGH_DATA) reason = "truncated WebP: the file ends before the image does";
    snprintf(failure->text, failure->size, "%s", reason);
}

/* Decoded straight into B, G, R, A rows and premultiplied as the PNG path does, so a lossless
 * WebP gives the same pixels as the PNG it was made from. */
static bool decode_webp_pixels(const uint8_t *data, size_t size, WebPDecoderConfig *config,
                               decoded_image_t *image, failure_t *failure) {
    if (!allocate(image, (uint32_t)config->input.width, (uint32_t)config->input.height)) {
        snprintf(failure->text, failure->size, "out of memory");
        return false;
    }
    config->output.colorspace = MODE_BGRA;
    config->output.is_external_memory = 1;
    config->output.u.RGBA = (WebPRGBABuffer){image->pixels, image->stride, (size_t)image->stride * image->height};
    VP8StatusCode status = WebPDecode(data, size, config);
    if (status != VP8_STATUS_OK) {
        describe_webp_status(status, failure);
        decode_image_free(image);
        return false;
    }
    premultiply_rows(image);
    return true;
}

/* Animated files are refused rather than shown by their first frame: a still would hide that
 * the rest never plays. */
static bool decode_webp(FILE *file, uint32_t limit, bool header_only, decoded_image_t *image,
                        failure_t *failure) {
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) {
        snprintf(failure->text, failure->size, "libwebp is not the version pipeline was built with");
        return false;
    }
    uint8_t *data = NULL;
    size_t size = 0;
    VP8StatusCode status = read_webp(file, header_only, &data, &size, &config.input);
    uint32_t width = (uint32_t)config.input.width, height = (uint32_t)config.input.height;
    bool decoded = false;
    if (ferror(file))
        snprintf(failure->text, failure->size, "cannot read the file: %s", strerror(errno));
    else if (status != VP8_STATUS_OK)
        describe_webp_status(status, failure);
    else if (config.input.has_animation)
        snprintf(failure->text, failure->size,
                 "animated WebP: only still images are supported (its frames can play as a sequence)");
    else if (fits(width, height, limit, failure))
        decoded = header_only ? size_only(image, width, height)
                              : decode_webp_pixels(data, size, &config, image, failure);
    free(data);
    return decoded;
}

/* ---- Entry --------------------------------------------------------------------------------- */

static bool read_image_file(const char *path, uint32_t max_dimension, bool header_only,
                            decoded_image_t *image, char *error, size_t error_size) {
    failure_t failure = {error, error_size};
    *image = (decoded_image_t){0};
    const char *kind;
    int descriptor = regular_file_open(path, &kind);
    FILE *file = descriptor < 0 ? NULL : fdopen(descriptor, "rb");
    if (file == NULL) {
        if (kind != NULL)
            snprintf(error, error_size, "it is %s, not a regular file", kind);
        else
            snprintf(error, error_size, "cannot open the file: %s", strerror(errno));
        if (descriptor >= 0) close(descriptor);
        return false;
    }
    unsigned char header[24] = {0};
    size_t count = fread(header, 1, sizeof header, file);
    int read_error = ferror(file) ? errno : 0;
    rewind(file);
    bool decoded = false;
    if (read_error != 0)
        snprintf(error, error_size, "cannot read the file: %s", strerror(read_error));
    else if (count == 0)
        snprintf(error, error_size, "the file is empty");
    else if (count >= 8 && png_sig_cmp(header, 0, 8) == 0)
        decoded = png_header_fits(header, max_dimension, &failure)
                  && decode_png(file, header_only, image, &failure);
    else if (count >= 3 && header[0] == 0xFF && header[1] == 0xD8 && header[2] == 0xFF)
        decoded = decode_jpeg(file, max_dimension, header_only, image, &failure);
    else if (count >= 12 && memcmp(header, "RIFF", 4) == 0 && memcmp(header + 8, "WEBP", 4) == 0)
        decoded = decode_webp(file, max_dimension, header_only, image, &failure);
    else
        snprintf(error, error_size, "not a PNG, JPEG or WebP file");
    fclose(file);
    return decoded;
}

bool decode_image_file(const char *path, uint32_t max_dimension, decoded_image_t *image,
                       char *error, size_t error_size) {
    return read_image_file(path, max_dimension, false, image, error, error_size);
}

bool decode_image_header(const char *path, uint32_t max_dimension, uint32_t *width, uint32_t *height,
                         char *error, size_t error_size) {
    decoded_image_t image;
    bool read = read_image_file(path, max_dimension, true, &image, error, error_size);
    *width = image.width;
    *height = image.height;
    return read;
}

void decode_image_free(decoded_image_t *image) {
    free(image->pixels);
    *image = (decoded_image_t){0};
}
