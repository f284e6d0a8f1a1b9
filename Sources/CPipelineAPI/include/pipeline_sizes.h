/* pipeline_sizes.h — for the library itself, not installed: the smallest struct_size each options
 * struct may have (its size in version 1.0). */
#pragma once

#include "uipipeline.h"

#include <stddef.h>
#include <stdint.h>

static inline uint32_t pipeline_open_options_size_1_0(void) {
    return (uint32_t)(offsetof(pipeline_open_options_t, image_memory_limit) + sizeof(uint64_t));
}
static inline uint32_t pipeline_frame_options_size_1_0(void) {
    return (uint32_t)(offsetof(pipeline_frame_options_t, scale) + sizeof(double));
}
static inline uint32_t pipeline_render_options_size_1_0(void) {
    return (uint32_t)(offsetof(pipeline_render_options_t, user_data) + sizeof(void *));
}
