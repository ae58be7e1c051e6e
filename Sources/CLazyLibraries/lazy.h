#ifndef PODLINE_LAZY_H
#define PODLINE_LAZY_H
#include <dlfcn.h>
#include <stddef.h>
#include "CLazyLibraries.h"

/* One table a library: every function Podline calls in it, resolved together right after dlopen.
   A library's list is a macro `LIST(F, V, R)` naming each function once:
     F(result, name, parameters, arguments)  a function with a result, called as podline_<name>
     V(name, parameters, arguments)          one without a result, called as podline_<name>
     R(name)                                 resolved only (variadic functions, variables): used as table.name here
   PODLINE_TABLE(library, LIST) defines the table, its resolver `podline_resolve_<library>` (NULL when every symbol
   was found, else the name of the first missing one; the table is filled only when all were found and `keep` is set)
   and the wrappers. The wrappers never look anything up: callers
   load the library first (podline_library_load), which fails, with a message, when a symbol is missing. */
#define PODLINE_TABLE_FIELD_F(result, name, parameters, arguments) __typeof__(&name) name;
#define PODLINE_TABLE_FIELD_V(name, parameters, arguments) __typeof__(&name) name;
#define PODLINE_TABLE_FIELD_R(name) __typeof__(&name) name;
#define PODLINE_TABLE_RESOLVE_R(name) \
    if (!(found.name = (__typeof__(&name))dlsym(handle, #name))) return #name;
#define PODLINE_TABLE_RESOLVE_F(result, name, parameters, arguments) PODLINE_TABLE_RESOLVE_R(name)
#define PODLINE_TABLE_RESOLVE_V(name, parameters, arguments) PODLINE_TABLE_RESOLVE_R(name)
#define PODLINE_TABLE_WRAP_F(result, name, parameters, arguments) \
    result podline_##name parameters { return table.name arguments; }
#define PODLINE_TABLE_WRAP_V(name, parameters, arguments) \
    void podline_##name parameters { table.name arguments; }
#define PODLINE_TABLE_NONE_R(name)

#define PODLINE_TABLE(library, LIST)                                                                \
    static struct { LIST(PODLINE_TABLE_FIELD_F, PODLINE_TABLE_FIELD_V, PODLINE_TABLE_FIELD_R) } table; \
    const char *podline_resolve_##library(void *handle, int keep) {                                \
        __typeof__(table) found;                                                                    \
        LIST(PODLINE_TABLE_RESOLVE_F, PODLINE_TABLE_RESOLVE_V, PODLINE_TABLE_RESOLVE_R)              \
        if (keep) table = found;                                                                    \
        return NULL;                                                                                \
    }                                                                                               \
    LIST(PODLINE_TABLE_WRAP_F, PODLINE_TABLE_WRAP_V, PODLINE_TABLE_NONE_R)

/* The resolvers, one a library (in the order of podline_library). */
const char *podline_resolve_mpg123(void *handle, int keep);
const char *podline_resolve_ao(void *handle, int keep);
const char *podline_resolve_pulse(void *handle, int keep);
const char *podline_resolve_edit(void *handle, int keep);
const char *podline_resolve_xml2(void *handle, int keep);
const char *podline_resolve_systemd(void *handle, int keep);
const char *podline_resolve_ebur128(void *handle, int keep);
const char *podline_resolve_av(void *handle, int keep);

/* sd-bus's vtable format variable, from the systemd table (MPRIS's vtables name it). */
const unsigned *podline_sd_bus_object_vtable_format(void);
#endif
