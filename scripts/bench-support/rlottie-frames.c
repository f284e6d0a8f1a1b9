/*
 * rlottie-frames — rlottie rendering a Lottie file's frames, the side scripts/bench holds
 * pipeline's shape layers against.
 *
 * Reads the file into memory and hands it to rlottie's C API (lottie_animation_from_data), then
 * renders its frames 0 … FRAMES − 1 with lottie_animation_render into one W × H buffer, as a
 * player reusing its frame buffer does. The bench times the whole process and subtracts the same
 * process rendering one frame, so parsing and start-up are not per-frame work.
 *
 * Usage: rlottie-frames FILE.json WIDTH HEIGHT FRAMES [MIDDLE.rgba]
 * With MIDDLE.rgba, writes frame FRAMES / 2 there as straight (not premultiplied) RGBA bytes,
 * so the bench can compare it with pipeline's PNG of the same frame.
 */
#include <rlottie_capi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static char *read_file(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    rewind(file);
    char *text = malloc((size_t)size + 1);
    if (!text || fread(text, 1, (size_t)size, file) != (size_t)size) return NULL;
    text[size] = 0;
    fclose(file);
    return text;
}

/* rlottie's buffer holds premultiplied ARGB32 words; the file gets straight R, G, B, A bytes. */
static int write_straight(const char *path, const uint32_t *pixels, size_t count) {
    FILE *file = fopen(path, "wb");
    if (!file) return 0;
    for (size_t i = 0; i < count; i++) {
        uint32_t a = pixels[i] >> 24;
        uint8_t rgba[4] = {0, 0, 0, (uint8_t)a};
        for (int c = 0; c < 3 && a > 0; c++) {
            uint32_t premultiplied = (pixels[i] >> (16 - 8 * c)) & 0xFF;
            rgba[c] = (uint8_t)((premultiplied * 255 + a / 2) / a);
        }
        if (fwrite(rgba, 1, 4, file) != 4) return 0;
    }
    return fclose(file) == 0;
}

int main(int argc, char **argv) {
    if (argc != 5 && argc != 6) {
        fprintf(stderr, "usage: rlottie-frames FILE.json WIDTH HEIGHT FRAMES [MIDDLE.rgba]\n");
        return 2;
    }
    char *json = read_file(argv[1]);
    Lottie_Animation *animation = json ? lottie_animation_from_data(json, argv[1], "") : NULL;
    if (!animation) {
        fprintf(stderr, "rlottie-frames: rlottie cannot read %s\n", argv[1]);
        return 1;
    }
    size_t width = strtoul(argv[2], NULL, 10), height = strtoul(argv[3], NULL, 10);
    size_t frames = strtoul(argv[4], NULL, 10);
    uint32_t *pixels = calloc(width * height, 4);
    if (!pixels) return 1;
    for (size_t frame = 0; frame < frames; frame++) {
        lottie_animation_render(animation, frame, pixels, width, height, width * 4);
        if (argc == 6 && frame == frames / 2 && !write_straight(argv[5], pixels, width * height)) {
            fprintf(stderr, "rlottie-frames: cannot write %s\n", argv[5]);
            return 1;
        }
    }
    lottie_animation_destroy(animation);
    free(pixels);
    free(json);
    return 0;
}
