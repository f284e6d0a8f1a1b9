#ifndef CTEST_PNG_H
#define CTEST_PNG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A PNG file read by libpng as 8-bit straight RGBA, as a viewer shows it: palettes and grey
 * expanded, a tRNS chunk made alpha, no alpha taken as opaque, 16-bit samples scaled to 8 bits,
 * interlacing undone, gamma and colour profiles left as they are. The end-to-end tests read
 * what `pipeline` wrote through it, independently of the renderer's own decoder. */
typedef struct test_png {
    uint32_t width, height;
    uint8_t *rgba; /* width × height × 4 bytes, rows packed; free with test_png_free */
} test_png_t;

/* False with a message in `error` (`capacity` bytes) when the file is not a readable PNG. */
bool test_png_read(const char *path, test_png_t *image, char *error, size_t capacity);

void test_png_free(test_png_t *image);

#endif
