/*
 * blend-floor — what a cross-dissolve and a frame copy cost with nothing around them: the floor
 * scripts/bench measures pipeline's cross-dissolve against.
 *
 * Reads two decoded frames (raw 8-bit, 4 bytes a pixel), then, timed with nothing else in the
 * loop: blends them FRAMES times at progress i / FRAMES (frame i of a dissolve as long as the
 * clip, as pipeline's frame i is) with the in-repo cross-dissolve plugin's own blend, its source
 * compiled into this program (the widest steps the CPU has), so the floor is that blend without
 * the host around it; then copies a frame FRAMES times with memcpy. Output buffers are touched before the clock
 * starts, so neither loop pays page faults, as a renderer reusing its frame buffers does not.
 *
 * Usage: blend-floor A.raw B.raw WIDTH HEIGHT FRAMES MIDDLE.raw
 * Prints "blend_ms_per_frame copy_ms_per_frame frames" and writes frame FRAMES / 2 of the
 * blend to MIDDLE.raw, so the bench can check it drew what pipeline draws.
 */
#define _POSIX_C_SOURCE 200112L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The plugin's static functions: `blend_bytes` and its 1.15 fixed-point weights (`ONE`). */
#include "cross-dissolve.c"

/* Keeps the compiler from merging or dropping loop iterations whose results it cannot see used. */
#define BARRIER(p) __asm__ volatile("" : : "r"(p) : "memory")

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static uint8_t *read_frame(const char *path, size_t bytes) {
    FILE *file = fopen(path, "rb");
    uint8_t *pixels = malloc(bytes);
    if (!file || !pixels || fread(pixels, 1, bytes, file) != bytes) {
        fprintf(stderr, "blend-floor: cannot read %zu bytes from %s\n", bytes, path);
        exit(1);
    }
    fclose(file);
    return pixels;
}

/* Frame i's weight: progress i / frames, rounded as the plugin rounds it. */
static uint32_t weight(int i, int frames) {
    return (uint32_t)((double)i / frames * ONE + 0.5);
}

int main(int argc, char **argv) {
    if (argc != 7) {
        fprintf(stderr, "usage: blend-floor A.raw B.raw WIDTH HEIGHT FRAMES MIDDLE.raw\n");
        return 2;
    }
    const size_t width = strtoul(argv[3], NULL, 10), height = strtoul(argv[4], NULL, 10);
    const int frames = atoi(argv[5]);
    const size_t bytes = 4 * width * height;
    if (bytes == 0 || frames < 1) {
        fprintf(stderr, "blend-floor: the size and frame count must be positive\n");
        return 2;
    }
    const uint8_t *a = read_frame(argv[1], bytes), *b = read_frame(argv[2], bytes);
    /* Two output buffers in turn, as a renderer keeps more than one frame in flight, each on a
     * 64-byte boundary as the renderer's frames are. */
    uint8_t *out[2] = {NULL, NULL}, *middle = malloc(bytes);
    if (posix_memalign((void **)&out[0], 64, bytes) || posix_memalign((void **)&out[1], 64, bytes) || !middle) {
        fprintf(stderr, "blend-floor: out of memory\n");
        return 1;
    }
    memset(out[0], 0, bytes), memset(out[1], 0, bytes), memset(middle, 0, bytes);

    /* A whole frame in one call, as the host mixes a frame whose images are opaque: streamed past
     * the cache when the plugin would stream it. */
    const bool stream = bytes >= STREAM_BYTES;
    double start = now_ms();
    for (int i = 0; i < frames; i++) {
        blend_bytes(a, b, out[i % 2], bytes, weight(i, frames), stream);
        BARRIER(out[i % 2]);
    }
#if defined(__SSE2__)
    if (stream)
        _mm_sfence();
#endif
    const double blend_ms = now_ms() - start;
    start = now_ms();
    for (int i = 0; i < frames; i++) {
        memcpy(out[i % 2], i % 2 ? b : a, bytes);
        BARRIER(out[i % 2]);
    }
    const double copy_ms = now_ms() - start;

    blend_bytes(a, b, middle, bytes, weight(frames / 2, frames), false);
    FILE *file = fopen(argv[6], "wb");
    if (!file || fwrite(middle, 1, bytes, file) != bytes || fclose(file) != 0) {
        fprintf(stderr, "blend-floor: cannot write %s\n", argv[6]);
        return 1;
    }
    printf("%.4f %.4f %d\n", blend_ms / frames, copy_ms / frames, frames);
    return 0;
}
