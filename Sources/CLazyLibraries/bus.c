/* sd-bus from libsystemd, loaded when the desktop's media controls (MPRIS) are offered. */
#include <systemd/sd-bus.h>
#include "lazy.h"

#define LIB PODLINE_LIBRARY_SYSTEMD
PODLINE_LAZY(LIB, int, sd_bus_open_user, (sd_bus **ret), ret)
PODLINE_LAZY(LIB, int, sd_bus_request_name, (sd_bus *bus, const char *name, uint64_t flags), bus, name, flags)
PODLINE_LAZY(LIB, int, sd_bus_add_object_vtable,
             (sd_bus *bus, sd_bus_slot **slot, const char *path, const char *interface, const sd_bus_vtable *vtable,
              void *userdata),
             bus, slot, path, interface, vtable, userdata)
PODLINE_LAZY(LIB, int, sd_bus_process, (sd_bus *bus, sd_bus_message **r), bus, r)
PODLINE_LAZY(LIB, int, sd_bus_get_fd, (sd_bus *bus), bus)
PODLINE_LAZY(LIB, int, sd_bus_flush, (sd_bus *bus), bus)
PODLINE_LAZY(LIB, sd_bus *, sd_bus_flush_close_unref, (sd_bus *bus), bus)
PODLINE_LAZY(LIB, int, sd_bus_emit_properties_changed_strv,
             (sd_bus *bus, const char *path, const char *interface, char **names), bus, path, interface, names)
PODLINE_LAZY(LIB, int, sd_bus_message_append_basic, (sd_bus_message *m, char type, const void *p), m, type, p)
PODLINE_LAZY(LIB, int, sd_bus_message_open_container, (sd_bus_message *m, char type, const char *contents), m, type,
             contents)
PODLINE_LAZY(LIB, int, sd_bus_message_close_container, (sd_bus_message *m), m)
PODLINE_LAZY(LIB, int, sd_bus_message_read_basic, (sd_bus_message *m, char type, void *p), m, type, p)
PODLINE_LAZY(LIB, const char *, sd_bus_message_get_member, (sd_bus_message *m), m)
PODLINE_LAZY(LIB, int, sd_bus_error_set, (sd_bus_error *e, const char *name, const char *message), e, name, message)

/* The variadic calls, with the arguments MPRIS needs. */
int podline_bus_reply_empty(void *call) {
    int (*reply)(sd_bus_message *, const char *, ...) = podline_lazy_symbol(LIB, "sd_bus_reply_method_return");
    return reply(call, NULL);
}

int podline_bus_emit_int64(void *bus, const char *path, const char *interface, const char *member, long long value) {
    int (*emit)(sd_bus *, const char *, const char *, const char *, const char *, ...) =
        podline_lazy_symbol(LIB, "sd_bus_emit_signal");
    return emit(bus, path, interface, member, "x", (int64_t)value);
}
