#ifndef PODLINE_CEBUR128_FUNCTIONS_H
#define PODLINE_CEBUR128_FUNCTIONS_H
/* The libebur128 functions Podline calls, named once: CLazyLibraries resolves them all when it loads the library and
   defines each as podline_<name> (R: resolved for CLazyLibraries' own use only). */
#define PODLINE_EBUR128_FUNCTIONS(F, V, R) \
    F(ebur128_state *, ebur128_init, (unsigned int channels, unsigned long samplerate, int mode), (channels, samplerate, mode)) \
    V(ebur128_destroy, (ebur128_state **st), (st)) \
    F(int, ebur128_add_frames_short, (ebur128_state *st, const short *src, size_t frames), (st, src, frames)) \
    F(int, ebur128_loudness_global, (ebur128_state *st, double *out), (st, out)) \
    F(int, ebur128_true_peak, (ebur128_state *st, unsigned int channel_number, double *out), (st, channel_number, out)) \
    F(int, ebur128_set_channel, (ebur128_state *st, unsigned int channel_number, int value), (st, channel_number, value))
#endif
