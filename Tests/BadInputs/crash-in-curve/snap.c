#include "animator.h"
#include <stddef.h>

/* An easing curve that writes through NULL once past the middle. */
static double snap(double t) {
    if (t > 0.5) {
        volatile int *nowhere = NULL;
        *nowhere = 1;
    }
    return t * t;
}

static const anim_curve_desc_t snap_desc = {
    sizeof(anim_curve_desc_t), 0, "snap", "Crashes past the middle", "d(d)", NULL, NULL, (anim_function_t)snap,
};

static bool snap_init(const anim_host_t *host) { return host->register_curve(host, &snap_desc); }

ANIM_EXPORT const anim_entry_t ANIM_ENTRY = {
    ANIM_ABI_MAJOR, ANIM_ABI_MINOR, sizeof(anim_entry_t), 0, "org.example.bad.curve", "1.0.0", "A bad-input case",
    snap_init, NULL,
};
