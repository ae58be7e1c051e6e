#ifndef PODLINE_LAZY_H
#define PODLINE_LAZY_H
#include "CLazyLibraries.h"

/* The address of `name` in `library`, loading it first; a missing library or symbol ends the process
   with one line, since callers check podline_library_load before the first call. */
void *podline_lazy_symbol(podline_library library, const char *name);

/* Defines `name` with the library's own prototype: the first call looks the real function up, later
   calls go straight to it. */
#define PODLINE_LAZY_REAL(library, name)                                                   \
    static __typeof__(&name) real;                                                         \
    __typeof__(&name) function = __atomic_load_n(&real, __ATOMIC_ACQUIRE);                 \
    if (!function) {                                                                       \
        function = (__typeof__(&name))podline_lazy_symbol(library, #name);                 \
        __atomic_store_n(&real, function, __ATOMIC_RELEASE);                               \
    }

#define PODLINE_LAZY(library, result, name, parameters, ...) \
    result name parameters {                                 \
        PODLINE_LAZY_REAL(library, name)                     \
        return function(__VA_ARGS__);                        \
    }

#define PODLINE_LAZY_VOID(library, name, parameters, ...) \
    void name parameters {                                \
        PODLINE_LAZY_REAL(library, name)                  \
        function(__VA_ARGS__);                            \
    }

/* The address of a variable `name` of `type` in `library`. */
#define PODLINE_LAZY_VARIABLE(library, type, name) ((type *)podline_lazy_symbol(library, #name))
#endif
