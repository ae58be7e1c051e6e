#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lazy.h"

static const char *const sonames[PODLINE_LIBRARY_COUNT] = {
    "libmpg123.so.0", "libao.so.4", "libpulse.so.0", "libedit.so.2", "libxml2.so.2", "libsystemd.so.0", "libebur128.so.1", "libavformat.so.59",
};

static const char *(*const resolvers[PODLINE_LIBRARY_COUNT])(void *, int) = {
    podline_resolve_mpg123, podline_resolve_ao,      podline_resolve_pulse,   podline_resolve_edit,
    podline_resolve_xml2,   podline_resolve_systemd, podline_resolve_ebur128, podline_resolve_av,
};

static void *handles[PODLINE_LIBRARY_COUNT];
static pthread_mutex_t loading = PTHREAD_MUTEX_INITIALIZER;

const char *podline_library_soname(podline_library library) { return sonames[library]; }

void podline_flush_standard_output(void) { fflush(stdout); }

/* Opens `file` and looks up `library`'s symbols in it, filling its table when `keep`: the handle, or NULL with the
   reason in `message`. */
static void *open_and_resolve(podline_library library, const char *file, int keep, char *message, size_t size) {
    void *handle = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *error = dlerror();
        if (message && size) snprintf(message, size, "%s", error ? error : "cannot load the library");
        return NULL;
    }
    const char *missing = resolvers[library](handle, keep);
    if (missing) {
        if (message && size) snprintf(message, size, "%s has no %s", file, missing);
        dlclose(handle);
        return NULL;
    }
    return handle;
}

int podline_library_load(podline_library library, char *message, size_t size) {
    if (__atomic_load_n(&handles[library], __ATOMIC_ACQUIRE)) return 0;
    pthread_mutex_lock(&loading);
    int result = 0;
    if (!handles[library]) {
        void *handle = open_and_resolve(library, sonames[library], 1, message, size);
        if (handle) __atomic_store_n(&handles[library], handle, __ATOMIC_RELEASE);
        else result = -1;
    }
    pthread_mutex_unlock(&loading);
    return result;
}

int podline_library_probe(podline_library library, const char *file, char *message, size_t size) {
    void *handle = open_and_resolve(library, file, 0, message, size);
    if (!handle) return -1;
    dlclose(handle);
    return 0;
}
