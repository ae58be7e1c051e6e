#ifndef PODLINE_CSDBUS_SHIM_H
#define PODLINE_CSDBUS_SHIM_H
#include <systemd/sd-bus.h>
#include "functions.h"

/* The functions of sdbus Podline calls, as CLazyLibraries defines them: podline_<name>. */
#define PODLINE_DECLARE_F(result, name, parameters, arguments) result podline_##name parameters;
#define PODLINE_DECLARE_V(name, parameters, arguments) void podline_##name parameters;
#define PODLINE_DECLARE_R(name)
PODLINE_SDBUS_FUNCTIONS(PODLINE_DECLARE_F, PODLINE_DECLARE_V, PODLINE_DECLARE_R)
#undef PODLINE_DECLARE_F
#undef PODLINE_DECLARE_V
#undef PODLINE_DECLARE_R
#endif
