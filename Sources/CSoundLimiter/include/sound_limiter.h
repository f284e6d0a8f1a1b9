#ifndef SOUND_LIMITER_H
#define SOUND_LIMITER_H

#include <stddef.h>

/// The true-peak limiter of the host's sound mix: a peak detector that estimates the signal
/// between samples (4x oversampled), and the gain that keeps every estimate under a ceiling.
/// Every value depends only on the samples within a fixed reach of it, so a span of a mix
/// computed with enough samples on either side has the same values as the whole mix there.

/// Samples on either side of a frame that its peak estimate reads (the interpolator's reach).
#define SOUND_PEAK_REACH 7

/// The peak estimate of each of `count` stereo frames of `samples` (interleaved), each sample
/// times `gain`, into `peaks`: the largest magnitude of either channel at the frame and at the
/// three points a quarter, a half and three quarters of a sample from it towards each
/// neighbour, interpolated by a windowed sinc of 12 taps. Samples before the first frame and
/// after the last count as silence. Returns the largest estimate.
float sound_true_peaks(const float *samples, size_t count, float gain, float *peaks);

/// The limiter's gain for each of `count` frames, from their `peaks` (`sound_true_peaks`):
/// each frame's own gain brings its peak to `ceiling` (1 where it is below, quantised down to
/// a multiple of 2^-24); the gain of a frame is the least own gain within `reach` frames on either
/// side, averaged over the `reach / 2` frames on either side (windows cut at the ends), in
/// integers, so the result does not depend on where the frames begin. No frame's gain exceeds
/// its own. Returns 1 when some gain is below 1, 0 when every one is 1 (then `gains` are all 1).
int sound_limiter_gains(const float *peaks, size_t count, float ceiling, int reach, float *gains);

#endif
