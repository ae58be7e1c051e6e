/* The MPRIS object's two interfaces (and Podline's own) as sd-bus vtables: every property is read, written and every method
   run by the callbacks podline_mpris_serve is given. sd-bus checks argument types before a callback runs. */
#include <systemd/sd-bus.h>
#include "../Csdbus/shim.h"
#include "lazy.h"


static podline_mpris_callbacks callbacks;

static int get(sd_bus *bus, const char *path, const char *interface, const char *property, sd_bus_message *reply,
               void *context, sd_bus_error *error) {
    (void)bus, (void)path;
    return callbacks.get(context, interface, property, reply, error);
}

static int set(sd_bus *bus, const char *path, const char *interface, const char *property, sd_bus_message *value,
               void *context, sd_bus_error *error) {
    (void)bus, (void)path;
    return callbacks.set(context, interface, property, value, error);
}

static int call(sd_bus_message *message, void *context, sd_bus_error *error) {
    return callbacks.call(context, podline_sd_bus_message_get_member(message), message, error);
}

/* SD_BUS_VTABLE_START names libsystemd's vtable format variable, which is only there once the library is
   loaded: the tables start without it, and copies with it filled in are registered. */
#define START                                                                                            \
    {                                                                                                    \
        .type = _SD_BUS_VTABLE_START, .flags = 0,                                                        \
        .x = {.start = {.element_size = sizeof(sd_bus_vtable), .features = _SD_BUS_VTABLE_PARAM_NAMES}}, \
    }
#define CONSTANT SD_BUS_VTABLE_PROPERTY_CONST
#define CHANGES SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE

static sd_bus_vtable root[] = {
    START,
    SD_BUS_METHOD("Raise", "", "", call, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Quit", "", "", call, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_PROPERTY("CanQuit", "b", get, 0, CONSTANT),
    SD_BUS_PROPERTY("CanRaise", "b", get, 0, CONSTANT),
    SD_BUS_PROPERTY("HasTrackList", "b", get, 0, CONSTANT),
    SD_BUS_PROPERTY("Identity", "s", get, 0, CONSTANT),
    SD_BUS_PROPERTY("SupportedUriSchemes", "as", get, 0, CONSTANT),
    SD_BUS_PROPERTY("SupportedMimeTypes", "as", get, 0, CONSTANT),
    SD_BUS_VTABLE_END,
};

static sd_bus_vtable player[] = {
    START,
    SD_BUS_METHOD("Next", "", "", call, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Previous", "", "", call, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Pause", "", "", call, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("PlayPause", "", "", call, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Stop", "", "", call, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Play", "", "", call, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Seek", "x", "", call, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("SetPosition", "ox", "", call, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("OpenUri", "s", "", call, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_SIGNAL("Seeked", "x", 0),
    SD_BUS_PROPERTY("PlaybackStatus", "s", get, 0, CHANGES),
    SD_BUS_WRITABLE_PROPERTY("Rate", "d", get, set, 0, CHANGES | SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_PROPERTY("Metadata", "a{sv}", get, 0, CHANGES),
    SD_BUS_WRITABLE_PROPERTY("Volume", "d", get, set, 0, CHANGES | SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_PROPERTY("Position", "x", get, 0, 0),
    SD_BUS_PROPERTY("MinimumRate", "d", get, 0, CONSTANT),
    SD_BUS_PROPERTY("MaximumRate", "d", get, 0, CONSTANT),
    SD_BUS_PROPERTY("CanGoNext", "b", get, 0, CHANGES),
    SD_BUS_PROPERTY("CanGoPrevious", "b", get, 0, CHANGES),
    SD_BUS_PROPERTY("CanPlay", "b", get, 0, CHANGES),
    SD_BUS_PROPERTY("CanPause", "b", get, 0, CHANGES),
    SD_BUS_PROPERTY("CanSeek", "b", get, 0, CHANGES),
    SD_BUS_PROPERTY("CanControl", "b", get, 0, CONSTANT),
    SD_BUS_VTABLE_END,
};

/* What MPRIS has no property for: Podline's own listening settings, and whether a live stream plays. */
static sd_bus_vtable podline[] = {
    START,
    SD_BUS_WRITABLE_PROPERTY("VoiceBoost", "b", get, set, 0, CHANGES | SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_WRITABLE_PROPERTY("SkipSilence", "b", get, set, 0, CHANGES | SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_WRITABLE_PROPERTY("Normalize", "b", get, set, 0, CHANGES | SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_PROPERTY("Live", "b", get, 0, CHANGES),
    SD_BUS_VTABLE_END,
};

int podline_mpris_serve(void *bus, const char *path, podline_mpris_callbacks given, void *context) {
    callbacks = given;
    const unsigned *format = podline_sd_bus_object_vtable_format();
    root[0].x.start.vtable_format_reference = format;
    player[0].x.start.vtable_format_reference = format;
    podline[0].x.start.vtable_format_reference = format;
    int result = podline_sd_bus_add_object_vtable(bus, NULL, path, "org.mpris.MediaPlayer2", root, context);
    if (result < 0) return result;
    result = podline_sd_bus_add_object_vtable(bus, NULL, path, "org.mpris.MediaPlayer2.Player", player, context);
    if (result < 0) return result;
    return podline_sd_bus_add_object_vtable(bus, NULL, path, "org.podline.Player1", podline, context);
}
