#include "shutter_encoding.h"

#include <pthread.h>
#include <string.h>

/* An opaque pixel's channel encoded from linear value l in [0, 1], as the average encodes it. */
static int opaque_encoding(double l) {
    const int v = (int)floor(linear_to_srgb(l) * 255 + 0.5);
    return v > 255 ? 255 : v;
}

double raster_opaque_thresholds[256];
uint8_t raster_opaque_starts[OPAQUE_STEPS + 1];
static pthread_once_t opaque_once = PTHREAD_ONCE_INIT;

static void find_opaque_thresholds(void) {
    raster_opaque_thresholds[0] = 0;
    for (int v = 1; v < 256; v++) {
        /* Bisection on the bit patterns of doubles in [0, 1], which order as the values do:
         * low encodes below v, high to v or above, until they are neighbours. */
        double zero = 0.0, one = 1.0;
        uint64_t low, high;
        memcpy(&low, &zero, sizeof low);
        memcpy(&high, &one, sizeof high);
        while (high - low > 1) {
            const uint64_t middle = low + (high - low) / 2;
            double value;
            memcpy(&value, &middle, sizeof value);
            if (opaque_encoding(value) >= v) {
                high = middle;
            } else {
                low = middle;
            }
        }
        memcpy(&raster_opaque_thresholds[v], &high, sizeof high);
    }
}

static void find_opaque_thresholds_and_starts(void) {
    find_opaque_thresholds();
    int v = 0;
    for (int i = 0; i <= OPAQUE_STEPS; i++) {
        const double l = (double)i / OPAQUE_STEPS;
        while (v < 255 && l >= raster_opaque_thresholds[v + 1]) v++;
        raster_opaque_starts[i] = (uint8_t)v;
    }
}

void raster_shutter_encoding_once(void) { pthread_once(&opaque_once, find_opaque_thresholds_and_starts); }
