#include "animator.h"
#include <stdio.h>
#include <stdlib.h>


static bool fixture_apply(const anim_apply_args_t *args, anim_layer_t *target, char *error, uint32_t error_size) {
    (void)args, (void)target, (void)error, (void)error_size;
    return true;
}

static const anim_animator_desc_t fixture_desc = {
    .struct_size = sizeof(anim_animator_desc_t), .name = "shared", .version = "1.0.0",
    .doc = "A corpus fixture", .apply = fixture_apply,
};

static bool fixture_init(const anim_host_t *host) {
    
    return host->register_animator(host, &fixture_desc);
}

ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
    ANIM_ABI_MAJOR, ANIM_ABI_MINOR, sizeof(anim_entry_t), 0, "org.example.shared", "1.0.0", "A corpus fixture",
    fixture_init, NULL,
};
