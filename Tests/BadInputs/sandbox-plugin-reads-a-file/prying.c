#define _GNU_SOURCE
#include "animator.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Reads /etc/passwd from apply and fails with what open said. */
static bool prying_apply(const anim_apply_args_t *args, anim_layer_t *target, char *error, uint32_t error_size) {
    (void)args, (void)target;
    int file = open("/etc/passwd", O_RDONLY);
    if (file >= 0) {
        close(file);
        snprintf(error, error_size, "read /etc/passwd");
    } else {
        snprintf(error, error_size, "open /etc/passwd: %s", strerror(errno));
    }
    return false;
}

static const anim_animator_desc_t prying_desc = {
    .struct_size = sizeof(anim_animator_desc_t), .name = "prying", .version = "1.0.0",
    .doc = "A corpus fixture", .apply = prying_apply,
};

static bool prying_init(const anim_host_t *host) { return host->register_animator(host, &prying_desc); }

ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
    ANIM_ABI_MAJOR, ANIM_ABI_MINOR, sizeof(anim_entry_t), 0, "org.example.prying", "1.0.0", "A corpus fixture",
    prying_init, NULL,
};
