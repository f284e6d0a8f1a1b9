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

/// Sample `channel` of frame `frame`, silence outside the frames.
static inline float at(const float *samples, ptrdiff_t count, ptrdiff_t frame, int channel) {
    return frame >= 0 && frame < count ? samples[2 * frame + channel] : 0.0f;
}

float sound_true_peaks(const float *samples, size_t count, float gain, float *peaks) {
    pthread_once(&coefficients_once, prepare_coefficients);
    ptrdiff_t frames = (ptrdiff_t)count;
    float largest = 0;
    // `here`: the largest magnitude at the frame and the three points after it; a frame's
    // estimate is the largest of its own, its predecessor's and its successor's.
    float previous = 0;
    for (ptrdiff_t frame = 0; frame < frames; frame++) {
        float here = 0;
        for (int channel = 0; channel < 2; channel++) {
            float value = fabsf(samples[2 * frame + channel] * gain);
            if (value > here) here = value;
            float window[TAPS];
            if (frame >= 5 && frame + 6 < frames) {
                for (int tap = 0; tap < TAPS; tap++) window[tap] = samples[2 * (frame - 5 + tap) + channel];
            } else {
                for (int tap = 0; tap < TAPS; tap++) window[tap] = at(samples, frames, frame - 5 + tap, channel);
            }
            for (int phase = 0; phase < PHASES; phase++) {
                float sum = 0;
                for (int tap = 0; tap < TAPS; tap++) sum += coefficients[phase][tap] * window[tap];
                float magnitude = fabsf(sum * gain);
                if (magnitude > here) here = magnitude;
            }
        }
        peaks[frame] = here > previous ? here : previous;
        if (frame > 0 && here > peaks[frame - 1]) peaks[frame - 1] = here;
        if (here > largest) largest = here;
        previous = here;
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
