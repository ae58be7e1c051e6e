#ifndef PODLINE_CSDBUS_FUNCTIONS_H
#define PODLINE_CSDBUS_FUNCTIONS_H
/* The libsystemd's sd-bus functions Podline calls, named once: CLazyLibraries resolves them all when it loads the library and
   defines each as podline_<name> (R: resolved for CLazyLibraries' own use only). */
#define PODLINE_SDBUS_FUNCTIONS(F, V, R) \
    F(int, sd_bus_open_user, (sd_bus **ret), (ret)) \
    F(int, sd_bus_request_name, (sd_bus *bus, const char *name, uint64_t flags), (bus, name, flags)) \
    F(int, sd_bus_add_object_vtable, (sd_bus *bus, sd_bus_slot **slot, const char *path, const char *interface, const sd_bus_vtable *vtable, void *userdata), (bus, slot, path, interface, vtable, userdata)) \
    F(int, sd_bus_process, (sd_bus *bus, sd_bus_message **r), (bus, r)) \
    F(int, sd_bus_get_fd, (sd_bus *bus), (bus)) \
    F(int, sd_bus_flush, (sd_bus *bus), (bus)) \
    F(sd_bus *, sd_bus_flush_close_unref, (sd_bus *bus), (bus)) \
    F(int, sd_bus_emit_properties_changed_strv, (sd_bus *bus, const char *path, const char *interface, char **names), (bus, path, interface, names)) \
    F(int, sd_bus_message_append_basic, (sd_bus_message *m, char type, const void *p), (m, type, p)) \
    F(int, sd_bus_message_open_container, (sd_bus_message *m, char type, const char *contents), (m, type, contents)) \
    F(int, sd_bus_message_close_container, (sd_bus_message *m), (m)) \
    F(int, sd_bus_message_read_basic, (sd_bus_message *m, char type, void *p), (m, type, p)) \
    F(const char *, sd_bus_message_get_member, (sd_bus_message *m), (m)) \
    F(int, sd_bus_error_set, (sd_bus_error *e, const char *name, const char *message), (e, name, message)) \
    F(int, sd_bus_message_new_method_call, (sd_bus *bus, sd_bus_message **m, const char *destination, const char *path, const char *interface, const char *member), (bus, m, destination, path, interface, member)) \
    F(int, sd_bus_call, (sd_bus *bus, sd_bus_message *m, uint64_t usec, sd_bus_error *ret_error, sd_bus_message **reply), (bus, m, usec, ret_error, reply)) \
    F(sd_bus_message *, sd_bus_message_unref, (sd_bus_message *m), (m)) \
    R(sd_bus_reply_method_return) \
    R(sd_bus_emit_signal) \
    R(sd_bus_object_vtable_format)
#endif
