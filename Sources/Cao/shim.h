#ifndef PODLINE_CAO_SHIM_H
#define PODLINE_CAO_SHIM_H
#include <ao/ao.h>
#include "functions.h"

/* The functions of ao Podline calls, as CLazyLibraries defines them: podline_<name>. */
#define PODLINE_DECLARE_F(result, name, parameters, arguments) result podline_##name parameters;
#define PODLINE_DECLARE_V(name, parameters, arguments) void podline_##name parameters;
#define PODLINE_DECLARE_R(name)
PODLINE_AO_FUNCTIONS(PODLINE_DECLARE_F, PODLINE_DECLARE_V, PODLINE_DECLARE_R)
#undef PODLINE_DECLARE_F
#undef PODLINE_DECLARE_V
#undef PODLINE_DECLARE_R
#endif
