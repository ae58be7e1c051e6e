#ifndef PODLINE_CEBUR128_SHIM_H
#define PODLINE_CEBUR128_SHIM_H
#include <ebur128.h>
#endif
