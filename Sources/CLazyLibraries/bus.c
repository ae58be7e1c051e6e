/* sd-bus from libsystemd, loaded when the desktop's media controls (MPRIS) are offered. */
#include <systemd/sd-bus.h>
#include "../Csdbus/functions.h"
#include "lazy.h"

PODLINE_TABLE(systemd, PODLINE_SDBUS_FUNCTIONS)

/* The variadic calls, with the arguments MPRIS needs. */
int podline_bus_reply_empty(void *call) {
    return table.sd_bus_reply_method_return(call, NULL);
}

int podline_bus_emit_int64(void *bus, const char *path, const char *interface, const char *member, long long value) {
    return table.sd_bus_emit_signal(bus, path, interface, member, "x", (int64_t)value);
}

const unsigned *podline_sd_bus_object_vtable_format(void) { return table.sd_bus_object_vtable_format; }
