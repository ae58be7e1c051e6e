// memmem and malloc_trim, GNU extensions Swift's Glibc module does not show: the list filter's search through its
// titles, and the engine's return of what an episode's decoding freed.
#define _GNU_SOURCE
#include <malloc.h>
#include <string.h>

#include "CLazyLibraries.h"

const void *podline_memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length) {
    return memmem(haystack, haystack_length, needle, needle_length);
}

int podline_malloc_trim(void) {
    return malloc_trim(0);
}
