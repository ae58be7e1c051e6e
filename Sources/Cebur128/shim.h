#ifndef PODLINE_CEBUR128_SHIM_H
#define PODLINE_CEBUR128_SHIM_H
#include <ebur128.h>
#include "functions.h"

/* The functions of ebur128 Podline calls, as CLazyLibraries defines them: podline_<name>. */
#define PODLINE_DECLARE_F(result, name, parameters, arguments) result podline_##name parameters;
#define PODLINE_DECLARE_V(name, parameters, arguments) void podline_##name parameters;
#define PODLINE_DECLARE_R(name)
PODLINE_EBUR128_FUNCTIONS(PODLINE_DECLARE_F, PODLINE_DECLARE_V, PODLINE_DECLARE_R)
#undef PODLINE_DECLARE_F
#undef PODLINE_DECLARE_V
#undef PODLINE_DECLARE_R
#endif
