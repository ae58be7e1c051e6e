#ifndef PODLINE_CAO_SHIM_H
#define PODLINE_CAO_SHIM_H
#include <ao/ao.h>
#endif
