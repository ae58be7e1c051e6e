#ifndef PODLINE_CSDBUS_SHIM_H
#define PODLINE_CSDBUS_SHIM_H
#include <systemd/sd-bus.h>
#endif
