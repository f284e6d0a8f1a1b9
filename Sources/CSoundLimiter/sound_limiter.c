#include "sound_limiter.h"

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

/// Taps of each fractional phase: the sinc's reach of 6 samples on either side.
#define TAPS 12
#define PHASES 3

/// The interpolator's coefficients: phase p gives the value (p + 1) / 4 of a sample after frame
/// i from frames i - 5 … i + 6, a sinc under a Hann window 12 samples wide, normalised so a
/// constant signal keeps its value.
static float coefficients[PHASES][TAPS];
static pthread_once_t coefficients_once = PTHREAD_ONCE_INIT;

static void prepare_coefficients(void) {
    for (int phase = 0; phase < PHASES; phase++) {
        double offset = (phase + 1) / 4.0;
        double sum = 0;
        double values[TAPS];
        for (int tap = 0; tap < TAPS; tap++) {
            double u = offset - (tap - 5);
            double sinc = sin(M_PI * u) / (M_PI * u);
            double window = 0.5 + 0.5 * cos(M_PI * u / 6.0);
            values[tap] = sinc * window;
            sum += values[tap];
        }
        for (int tap = 0; tap < TAPS; tap++) coefficients[phase][tap] = (float)(values[tap] / sum);
    }
}

/// Frames of a block: the block's samples, one channel at a time, stay in the first-level cache.
#define BLOCK 1024

float sound_true_peaks(const float *samples, size_t count, float gain, float *peaks) {
    pthread_once(&coefficients_once, prepare_coefficients);
    // One channel of a block with the interpolator's reach on either side (silence outside the
    // frames), and the values it interpolates: loops over a block's frames, which vectorise.
    float input[BLOCK + TAPS];
    float value[BLOCK];
    float here[BLOCK];
    float largest = 0, previous = 0;
    for (size_t start = 0; start < count; start += BLOCK) {
        size_t length = count - start < BLOCK ? count - start : BLOCK;
        for (size_t index = 0; index < length; index++) here[index] = 0;
        for (int channel = 0; channel < 2; channel++) {
            for (size_t index = 0; index < length + TAPS - 1; index++) {
                ptrdiff_t frame = (ptrdiff_t)(start + index) - 5;
                input[index] = frame >= 0 && frame < (ptrdiff_t)count ? samples[2 * frame + channel] * gain : 0.0f;
            }
            for (size_t index = 0; index < length; index++) {
                float magnitude = fabsf(input[index + 5]);
                here[index] = magnitude > here[index] ? magnitude : here[index];
            }
            for (int phase = 0; phase < PHASES; phase++) {
                for (size_t index = 0; index < length; index++) value[index] = 0;
                for (int tap = 0; tap < TAPS; tap++) {
                    float coefficient = coefficients[phase][tap];
                    for (size_t index = 0; index < length; index++) value[index] += coefficient * input[index + tap];
                }
                for (size_t index = 0; index < length; index++) {
                    float magnitude = fabsf(value[index]);
                    here[index] = magnitude > here[index] ? magnitude : here[index];
                }
            }
        }
        // `here`: the largest magnitude at each frame and the three points after it; a frame's
        // estimate is the largest of its own, its predecessor's and its successor's.
        for (size_t index = 0; index < length; index++) {
            size_t frame = start + index;
            float own = here[index];
            peaks[frame] = own > previous ? own : previous;
            if (frame > 0 && own > peaks[frame - 1]) peaks[frame - 1] = own;
            if (own > largest) largest = own;
            previous = own;
        }
    }
    return largest;
}

/// One, in the limiter's fixed point.
#define UNITY ((int64_t)1 << 24)

int sound_limiter_gains(const float *peaks, size_t count, float ceiling, int reach, float *gains) {
    int over = 0;
    for (size_t index = 0; index < count; index++) {
        if (peaks[index] > ceiling) {
            over = 1;
            break;
        }
    }
    if (!over) {
        for (size_t index = 0; index < count; index++) gains[index] = 1.0f;
        return 0;
    }
    int32_t *own = malloc(count * sizeof *own);
    int32_t *least = malloc(count * sizeof *least);
    size_t *queue = malloc(count * sizeof *queue);
    if (!own || !least || !queue) abort();
    for (size_t index = 0; index < count; index++) {
        own[index] = peaks[index] > ceiling ? (int32_t)floor((double)ceiling / (double)peaks[index] * (double)UNITY)
                                            : (int32_t)UNITY;
    }
    // The least own gain within `reach` on either side: a queue of rising minima.
    size_t head = 0, tail = 0, next = 0;
    size_t span = (size_t)reach;
    for (size_t index = 0; index < count; index++) {
        size_t last = index + span < count ? index + span : count - 1;
        while (next <= last) {
            while (tail > head && own[queue[tail - 1]] >= own[next]) tail--;
            queue[tail++] = next++;
        }
        while (queue[head] + span < index) head++;
        least[index] = own[queue[head]];
    }
    // Averaged over `reach / 2` on either side, summed in integers.
    size_t half = (size_t)(reach / 2);
    int64_t sum = 0;
    size_t low = 0, high = 0;  // the window is low..<high
    for (size_t index = 0; index < count; index++) {
        size_t want_high = index + half + 1 < count ? index + half + 1 : count;
        size_t want_low = index > half ? index - half : 0;
        while (high < want_high) sum += least[high++];
        while (low < want_low) sum -= least[low++];
        int64_t gain = sum / (int64_t)(high - low);
        if (gain > own[index]) gain = own[index];
        gains[index] = (float)gain / (float)UNITY;
    }
    free(own);
    free(least);
    free(queue);
    return 1;
}
