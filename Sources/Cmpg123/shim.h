#ifndef PODLINE_CMPG123_SHIM_H
#define PODLINE_CMPG123_SHIM_H
#include <sys/types.h>
#include <stdio.h>
#include <mpg123.h>
#include "functions.h"

/* The functions of mpg123 Podline calls, as CLazyLibraries defines them: podline_<name>. */
#define PODLINE_DECLARE_F(result, name, parameters, arguments) result podline_##name parameters;
#define PODLINE_DECLARE_V(name, parameters, arguments) void podline_##name parameters;
#define PODLINE_DECLARE_R(name)
PODLINE_MPG123_FUNCTIONS(PODLINE_DECLARE_F, PODLINE_DECLARE_V, PODLINE_DECLARE_R)
#undef PODLINE_DECLARE_F
#undef PODLINE_DECLARE_V
#undef PODLINE_DECLARE_R

/// Sets one integer parameter; mpg123_param's float argument is unused for these.
static inline int podline_mpg123_set_flag(mpg123_handle *mh, enum mpg123_parms type, long value) {
    return podline_mpg123_param2(mh, type, value, 0.0);
}
#endif
