/* libebur128, loaded when loudness is first measured (normalisation). */
#include <ebur128.h>
#include "lazy.h"

#define LIB PODLINE_LIBRARY_EBUR128
PODLINE_LAZY(LIB, ebur128_state *, ebur128_init, (unsigned int channels, unsigned long samplerate, int mode), channels,
             samplerate, mode)
PODLINE_LAZY_VOID(LIB, ebur128_destroy, (ebur128_state **st), st)
PODLINE_LAZY(LIB, int, ebur128_add_frames_short, (ebur128_state *st, const short *src, size_t frames), st, src, frames)
PODLINE_LAZY(LIB, int, ebur128_loudness_global, (ebur128_state *st, double *out), st, out)
PODLINE_LAZY(LIB, int, ebur128_true_peak, (ebur128_state *st, unsigned int channel_number, double *out), st,
             channel_number, out)
PODLINE_LAZY(LIB, int, ebur128_set_channel, (ebur128_state *st, unsigned int channel_number, int value), st, channel_number,
             value)
