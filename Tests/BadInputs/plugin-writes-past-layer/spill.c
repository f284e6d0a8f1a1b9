#include "animator.h"
#include <string.h>

/* Writes 16 bytes past the end of the layer it is given, as a plugin built against a header
 * whose anim_layer_t is larger would. */
static bool spill_apply(const anim_apply_args_t *args, anim_layer_t *target, char *error, uint32_t error_size) {
    (void)args, (void)error, (void)error_size;
    target->opacity = 0.5;
    memset((char *)(target + 1), 0x55, 16);
    return true;
}

static const anim_animator_desc_t spill_desc = {
    .struct_size = sizeof(anim_animator_desc_t), .name = "spill", .version = "1.0.0",
    .doc = "A corpus fixture", .apply = spill_apply,
};

static bool spill_init(const anim_host_t *host) { return host->register_animator(host, &spill_desc); }

ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
    ANIM_ABI_MAJOR, ANIM_ABI_MINOR, sizeof(anim_entry_t), 0, "org.example.spill", "1.0.0", "A corpus fixture",
    spill_init, NULL,
};
