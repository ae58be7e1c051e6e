#ifndef PODLINE_CMPG123_FUNCTIONS_H
#define PODLINE_CMPG123_FUNCTIONS_H
/* The libmpg123 functions Podline calls, named once: CLazyLibraries resolves them all when it loads the library and
   defines each as podline_<name> (R: resolved for CLazyLibraries' own use only). */
#define PODLINE_MPG123_FUNCTIONS(F, V, R) \
    F(mpg123_handle *, mpg123_new, (const char *decoder, int *error), (decoder, error)) \
    V(mpg123_delete, (mpg123_handle *mh), (mh)) \
    F(int, mpg123_param2, (mpg123_handle *mh, int type, long value, double fvalue), (mh, type, value, fvalue)) \
    F(int, mpg123_open, (mpg123_handle *mh, const char *path), (mh, path)) \
    F(int, mpg123_open_feed, (mpg123_handle *mh), (mh)) \
    F(int, mpg123_close, (mpg123_handle *mh), (mh)) \
    F(int, mpg123_feed, (mpg123_handle *mh, const unsigned char *in, size_t size), (mh, in, size)) \
    F(off_t, mpg123_feedseek, (mpg123_handle *mh, off_t sampleoff, int whence, off_t *input_offset), (mh, sampleoff, whence, input_offset)) \
    F(int, mpg123_read, (mpg123_handle *mh, void *outmemory, size_t outmemsize, size_t *done), (mh, outmemory, outmemsize, done)) \
    F(off_t, mpg123_seek, (mpg123_handle *mh, off_t sampleoff, int whence), (mh, sampleoff, whence)) \
    F(off_t, mpg123_tell, (mpg123_handle *mh), (mh)) \
    F(off_t, mpg123_length, (mpg123_handle *mh), (mh)) \
    F(int, mpg123_set_filesize, (mpg123_handle *mh, off_t size), (mh, size)) \
    F(int, mpg123_index, (mpg123_handle *mh, off_t **offsets, off_t *step, size_t *fill), (mh, offsets, step, fill)) \
    F(int, mpg123_set_index, (mpg123_handle *mh, off_t *offsets, off_t step, size_t fill), (mh, offsets, step, fill)) \
    F(int, mpg123_spf, (mpg123_handle *mh), (mh)) \
    F(int, mpg123_info2, (mpg123_handle *mh, struct mpg123_frameinfo2 *mi), (mh, mi)) \
    F(int, mpg123_format_none, (mpg123_handle *mh), (mh)) \
    F(int, mpg123_format, (mpg123_handle *mh, long rate, int channels, int encodings), (mh, rate, channels, encodings)) \
    F(int, mpg123_getformat, (mpg123_handle *mh, long *rate, int *channels, int *encoding), (mh, rate, channels, encoding)) \
    F(int, mpg123_getstate2, (mpg123_handle *mh, int key, long *val, double *fval), (mh, key, val, fval)) \
    V(mpg123_rates, (const long **list, size_t *number), (list, number)) \
    F(const char *, mpg123_strerror, (mpg123_handle *mh), (mh)) \
    F(const char *, mpg123_plain_strerror, (int errcode), (errcode)) \
    F(int, mpg123_errcode, (mpg123_handle *mh), (mh))
#endif
