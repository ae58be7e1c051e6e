/* libmpg123, loaded when the first MP3 is opened. */
#include <mpg123.h>
#include "lazy.h"

#define LIB PODLINE_LIBRARY_MPG123
PODLINE_LAZY(LIB, mpg123_handle *, mpg123_new, (const char *decoder, int *error), decoder, error)
PODLINE_LAZY_VOID(LIB, mpg123_delete, (mpg123_handle *mh), mh)
PODLINE_LAZY(LIB, int, mpg123_param2, (mpg123_handle *mh, int type, long value, double fvalue), mh, type, value, fvalue)
PODLINE_LAZY(LIB, int, mpg123_open, (mpg123_handle *mh, const char *path), mh, path)
PODLINE_LAZY(LIB, int, mpg123_open_feed, (mpg123_handle *mh), mh)
PODLINE_LAZY(LIB, int, mpg123_close, (mpg123_handle *mh), mh)
PODLINE_LAZY(LIB, int, mpg123_feed, (mpg123_handle *mh, const unsigned char *in, size_t size), mh, in, size)
PODLINE_LAZY(LIB, off_t, mpg123_feedseek, (mpg123_handle *mh, off_t sampleoff, int whence, off_t *input_offset), mh,
             sampleoff, whence, input_offset)
PODLINE_LAZY(LIB, int, mpg123_read, (mpg123_handle *mh, void *outmemory, size_t outmemsize, size_t *done), mh,
             outmemory, outmemsize, done)
PODLINE_LAZY(LIB, off_t, mpg123_seek, (mpg123_handle *mh, off_t sampleoff, int whence), mh, sampleoff, whence)
PODLINE_LAZY(LIB, off_t, mpg123_tell, (mpg123_handle *mh), mh)
PODLINE_LAZY(LIB, off_t, mpg123_length, (mpg123_handle *mh), mh)
PODLINE_LAZY(LIB, int, mpg123_format_none, (mpg123_handle *mh), mh)
PODLINE_LAZY(LIB, int, mpg123_format, (mpg123_handle *mh, long rate, int channels, int encodings), mh, rate, channels,
             encodings)
PODLINE_LAZY(LIB, int, mpg123_getformat, (mpg123_handle *mh, long *rate, int *channels, int *encoding), mh, rate,
             channels, encoding)
PODLINE_LAZY(LIB, int, mpg123_getstate2, (mpg123_handle *mh, int key, long *val, double *fval), mh, key, val, fval)
PODLINE_LAZY_VOID(LIB, mpg123_rates, (const long **list, size_t *number), list, number)
PODLINE_LAZY(LIB, const char *, mpg123_strerror, (mpg123_handle *mh), mh)
PODLINE_LAZY(LIB, const char *, mpg123_plain_strerror, (int errcode), errcode)
PODLINE_LAZY(LIB, int, mpg123_errcode, (mpg123_handle *mh), mh)
