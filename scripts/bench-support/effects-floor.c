/*
 * effects-floor — what each colour effect costs against a plain copy of the same pixels: the row
 * of scripts/bench that holds the colour effects to a small multiple of memcpy.
 *
 * Loads the built color-effects plugin with dlopen, registers its effects through a minimal
 * host (the native-pixels and effects services), and times, on one decoded 1080p frame (raw
 * BGRA, opaque), FRAMES applications of each effect over the whole frame in the bands of 64 rows
 * the host calls it in, its amount changing every frame (so nothing could be reused), then FRAMES
 * memcpys of the frame. Output buffers are touched before the clock starts.
 *
 * Usage: effects-floor PLUGIN.so FRAME.raw WIDTH HEIGHT FRAMES
 * Prints one line per effect: "name effect_ms_per_frame copy_ms_per_frame".
 */
#define _POSIX_C_SOURCE 199309L
#include "animator.h"
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BARRIER(p) __asm__ volatile("" : : "r"(p) : "memory")

static const anim_effect_desc_t *registered[32];
static int registered_count;

static bool register_effect(const anim_host_t *host, const anim_effect_desc_t *desc) {
    (void)host;
    if (registered_count == 32) return false;
    registered[registered_count++] = desc;
    return true;
}

static const anim_native_pixels_v1_t native = {sizeof native, 2, 1, 0, 3, 0};
static const anim_effects_v1_t effects = {sizeof effects, ANIM_REACH_MAX};

static const void *service(const anim_host_t *host, const char *id, uint32_t version) {
    (void)host;
    if (version == 1 && !strcmp(id, ANIM_SERVICE_NATIVE_PIXELS)) return &native;
    if (version == 1 && !strcmp(id, ANIM_SERVICE_EFFECTS)) return &effects;
    return NULL;
}

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: effects-floor PLUGIN.so FRAME.raw WIDTH HEIGHT FRAMES\n");
        return 2;
    }
    const uint32_t width = (uint32_t)strtoul(argv[3], NULL, 10), height = (uint32_t)strtoul(argv[4], NULL, 10);
    const int frames = atoi(argv[5]);
    const size_t bytes = (size_t)4 * width * height;
    void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    const anim_entry_t *entry = library ? dlsym(library, ANIM_ENTRY_SYMBOL) : NULL;
    anim_host_t host = {.struct_size = sizeof host, .abi_major = ANIM_ABI_MAJOR, .abi_minor = ANIM_ABI_MINOR,
                        .host_name = "effects-floor", .host_version = "1", .get_service = service,
                        .register_effect = register_effect};
    if (!entry || !entry->init(&host)) {
        fprintf(stderr, "effects-floor: %s is not a usable effect plugin\n", argv[1]);
        return 1;
    }
    uint8_t *frame = malloc(bytes), *out = malloc(bytes);
    FILE *file = fopen(argv[2], "rb");
    if (!frame || !out || !file || fread(frame, 1, bytes, file) != bytes || frames < 1) {
        fprintf(stderr, "effects-floor: cannot read %zu bytes from %s\n", bytes, argv[2]);
        return 1;
    }
    fclose(file);
    memset(out, 0, bytes);
    anim_image_t in_image = {sizeof in_image, width, height, 4 * width, frame};
    anim_image_t out_image = {sizeof out_image, width, height, 4 * width, out};
    for (int e = 0; e < registered_count; e++) {
        const anim_effect_desc_t *desc = registered[e];
        if (desc->param_count != 1 || desc->params[0].type != ANIM_PARAM_NUMBER) continue;
        const anim_param_desc_t *param = &desc->params[0];
        anim_value_t value = {.type = ANIM_PARAM_NUMBER, .is_set = 1};
        anim_effect_args_t args = {
            .struct_size = sizeof args, .param_count = 1, .params = &value, .user_data = desc->user_data,
            .canvas = {width, height}, .render_scale = 1, .in = &in_image, .out = &out_image,
            .pixel_order = (desc->flags & ANIM_EFFECT_NATIVE_PIXELS) ? ANIM_PIXELS_NATIVE : ANIM_PIXELS_RGBA};
        char error[512] = "";
        double start = now_ms();
        for (int i = 0; i < frames; i++) {
            /* From a third to two thirds of the parameter's range (within 0 ... 2 for the open ones). */
            const double high = param->max < 2 ? param->max : 2, low = param->min;
            value.v[0] = low + (high - low) * (1.0 + (double)i / frames) / 3;
            for (uint32_t row = 0; row < height; row += 64) {
                args.row_begin = row;
                args.row_end = row + 64 < height ? row + 64 : height;
                if (!desc->apply(&args, error, sizeof error)) {
                    fprintf(stderr, "effects-floor: %s: %s\n", desc->name, error);
                    return 1;
                }
            }
            BARRIER(out);
        }
        const double effect_ms = now_ms() - start;
        start = now_ms();
        for (int i = 0; i < frames; i++) {
            memcpy(out, frame, bytes);
            BARRIER(out);
        }
        printf("%s %.4f %.4f\n", desc->name, effect_ms / frames, (now_ms() - start) / frames);
    }
    return 0;
}
