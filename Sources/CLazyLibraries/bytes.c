// memmem, a GNU extension Swift's Glibc module does not show: the list filter's search through its titles.
#define _GNU_SOURCE
#include <string.h>

#include "CLazyLibraries.h"

const void *podline_memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length) {
    return memmem(haystack, haystack_length, needle, needle_length);
}
