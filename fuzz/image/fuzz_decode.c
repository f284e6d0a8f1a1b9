/*
 * libFuzzer target: any bytes, decoded by decode_image_file (Sources/CImageCodecs/decode.c) as
 * the file an image layer names. Decoding must either fail with a reason and an empty image, or
 * return an image within the size limit whose buffer holds every row, in premultiplied form
 * (no colour above its alpha). A crash, a sanitizer report or a broken promise is a finding.
 *
 * Built by scripts/fuzz with clang -fsanitize=fuzzer,address; libFuzzer supplies main.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "decode.h"

/* Smaller than the host's DECODE_MAX_DIMENSION so that a header claiming a large image costs
 * milliseconds, not a gigabyte: the check before allocating is the same code either way. */
#define FUZZ_MAX_DIMENSION 512u

static void fail(const char *what) {
    fprintf(stderr, "fuzz-image: %s\n", what);
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* The decoder reads a path; an in-memory file spares the disk. */
    static int fd = -1;
    static char path[64];
    if (fd < 0) {
        fd = memfd_create("fuzz-image", 0);
        if (fd < 0) fail("memfd_create failed");
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    }
    if (ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != (ssize_t)size) fail("cannot write the input");

    decoded_image_t image;
    char error[256];
    memset(error, 'x', sizeof error);
    if (!decode_image_file(path, FUZZ_MAX_DIMENSION, &image, error, sizeof error)) {
        if (memchr(error, '\0', sizeof error) == NULL || error[0] == '\0') fail("failed without a reason");
        if (image.pixels != NULL || image.width != 0 || image.height != 0) fail("failed but left an image");
        return 0;
    }
    if (image.pixels == NULL || image.width == 0 || image.height == 0) fail("decoded an empty image");
    if (image.width > FUZZ_MAX_DIMENSION || image.height > FUZZ_MAX_DIMENSION) fail("decoded past the size limit");
    if (image.stride != 4 * image.width) fail("stride is not 4 × width");
    for (uint32_t y = 0; y < image.height; y++) {
        const uint8_t *p = image.pixels + (size_t)y * image.stride;
        for (uint32_t x = 0; x < image.width; x++, p += 4)
            if (p[0] > p[3] || p[1] > p[3] || p[2] > p[3]) fail("a colour exceeds its alpha: not premultiplied");
    }
    decode_image_free(&image);
    return 0;
}
