#ifndef PODLINE_CSONIC_SHIM_H
#define PODLINE_CSONIC_SHIM_H
#include <sonic.h>
#endif
