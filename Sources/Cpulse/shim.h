#ifndef PODLINE_CPULSE_SHIM_H
#define PODLINE_CPULSE_SHIM_H
#include <pulse/pulseaudio.h>
#endif
