#ifndef PODLINE_CEDIT_SHIM_H
#define PODLINE_CEDIT_SHIM_H
/* libedit's own interface (histedit.h); its functions are resolved when CLazyLibraries loads it. */
#include <stdio.h>
#include <histedit.h>
#include "functions.h"

/* The functions of edit Podline calls, as CLazyLibraries defines them: podline_<name>. */
#define PODLINE_DECLARE_F(result, name, parameters, arguments) result podline_##name parameters;
#define PODLINE_DECLARE_V(name, parameters, arguments) void podline_##name parameters;
#define PODLINE_DECLARE_R(name)
PODLINE_EDIT_FUNCTIONS(PODLINE_DECLARE_F, PODLINE_DECLARE_V, PODLINE_DECLARE_R)
#undef PODLINE_DECLARE_F
#undef PODLINE_DECLARE_V
#undef PODLINE_DECLARE_R
#endif
