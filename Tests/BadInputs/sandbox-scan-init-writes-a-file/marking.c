#define _GNU_SOURCE
#include "animator.h"
#include <fcntl.h>
#include <unistd.h>

/* Its constructor and init each try to create a file in the current folder. */
__attribute__((constructor)) static void marking_loaded(void) {
    int file = open("written-by-constructor", O_WRONLY | O_CREAT, 0644);
    if (file >= 0) close(file);
}

static bool marking_apply(const anim_apply_args_t *args, anim_layer_t *target, char *error, uint32_t error_size) {
    (void)args, (void)target, (void)error, (void)error_size;
    return true;
}

static const anim_animator_desc_t marking_desc = {
    .struct_size = sizeof(anim_animator_desc_t), .name = "marking", .version = "1.0.0",
    .doc = "A corpus fixture", .apply = marking_apply,
};

static bool marking_init(const anim_host_t *host) {
    int file = open("written-by-init", O_WRONLY | O_CREAT, 0644);
    if (file >= 0) close(file);
    return host->register_animator(host, &marking_desc);
}

ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
    ANIM_ABI_MAJOR, ANIM_ABI_MINOR, sizeof(anim_entry_t), 0, "org.example.marking", "1.0.0", "A corpus fixture",
    marking_init, NULL,
};
