#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lazy.h"

static const char *const sonames[PODLINE_LIBRARY_COUNT] = {
    "libmpg123.so.0", "libao.so.4", "libpulse.so.0", "libedit.so.2", "libxml2.so.2", "libsystemd.so.0", "libebur128.so.1",
};

static void *handles[PODLINE_LIBRARY_COUNT];

const char *podline_library_soname(podline_library library) { return sonames[library]; }

int podline_library_load(podline_library library, char *message, size_t size) {
    if (__atomic_load_n(&handles[library], __ATOMIC_ACQUIRE)) return 0;
    void *handle = dlopen(sonames[library], RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *error = dlerror();
        if (message && size) snprintf(message, size, "%s", error ? error : "cannot load the library");
        return -1;
    }
    void *expected = NULL;
    if (!__atomic_compare_exchange_n(&handles[library], &expected, handle, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        dlclose(handle); /* another thread loaded it first; dlopen counts references */
    }
    return 0;
}

void *podline_lazy_symbol(podline_library library, const char *name) {
    char message[512];
    if (podline_library_load(library, message, sizeof message) != 0) {
        fprintf(stderr, "podline: %s\n", message);
        exit(3);
    }
    void *symbol = dlsym(__atomic_load_n(&handles[library], __ATOMIC_ACQUIRE), name);
    if (!symbol) {
        fprintf(stderr, "podline: %s has no %s\n", sonames[library], name);
        exit(3);
    }
    return symbol;
}
