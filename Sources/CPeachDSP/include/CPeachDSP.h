// CPeachDSP: the render path's conversions that Swift checks and C does not (inlined into the Swift caller).

#ifndef PEACH_DSP_H
#define PEACH_DSP_H

#include <stdint.h>

/// The whole part of a sample position, truncated toward zero without Swift's range check (a trap site and
/// eight instructions per frame of every sampled voice). The caller keeps `position` finite and inside its
/// sample: the renderer's loop and end checks, with every region's bounds checked when its SoundFont is read.
static inline intptr_t peach_dsp_whole(double position) { return (intptr_t)position; }

#endif
