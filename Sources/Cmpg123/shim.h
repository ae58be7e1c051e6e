#ifndef PODLINE_CMPG123_SHIM_H
#define PODLINE_CMPG123_SHIM_H
#include <sys/types.h>
#include <stdio.h>
#include <mpg123.h>

/// Sets one integer parameter; mpg123_param's float argument is unused for these.
static inline int podline_mpg123_set_flag(mpg123_handle *mh, enum mpg123_parms type, long value) {
    return mpg123_param(mh, type, value, 0.0);
}
#endif
