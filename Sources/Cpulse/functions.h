#ifndef PODLINE_CPULSE_FUNCTIONS_H
#define PODLINE_CPULSE_FUNCTIONS_H
/* The libpulse functions Podline calls, named once: CLazyLibraries resolves them all when it loads the library and
   defines each as podline_<name> (R: resolved for CLazyLibraries' own use only). */
#define PODLINE_PULSE_FUNCTIONS(F, V, R) \
    F(pa_threaded_mainloop *, pa_threaded_mainloop_new, (void), ()) \
    V(pa_threaded_mainloop_free, (pa_threaded_mainloop *m), (m)) \
    F(int, pa_threaded_mainloop_start, (pa_threaded_mainloop *m), (m)) \
    V(pa_threaded_mainloop_stop, (pa_threaded_mainloop *m), (m)) \
    V(pa_threaded_mainloop_lock, (pa_threaded_mainloop *m), (m)) \
    V(pa_threaded_mainloop_unlock, (pa_threaded_mainloop *m), (m)) \
    V(pa_threaded_mainloop_wait, (pa_threaded_mainloop *m), (m)) \
    V(pa_threaded_mainloop_signal, (pa_threaded_mainloop *m, int wait_for_accept), (m, wait_for_accept)) \
    F(pa_mainloop_api *, pa_threaded_mainloop_get_api, (pa_threaded_mainloop *m), (m)) \
    F(pa_context *, pa_context_new, (pa_mainloop_api *mainloop, const char *name), (mainloop, name)) \
    F(int, pa_context_connect, (pa_context *c, const char *server, pa_context_flags_t flags, const pa_spawn_api *api), (c, server, flags, api)) \
    V(pa_context_disconnect, (pa_context *c), (c)) \
    V(pa_context_unref, (pa_context *c), (c)) \
    F(int, pa_context_errno, (const pa_context *c), (c)) \
    F(pa_context_state_t, pa_context_get_state, (const pa_context *c), (c)) \
    V(pa_context_set_state_callback, (pa_context *c, pa_context_notify_cb_t cb, void *userdata), (c, cb, userdata)) \
    F(pa_operation_state_t, pa_operation_get_state, (const pa_operation *o), (o)) \
    V(pa_operation_unref, (pa_operation *o), (o)) \
    F(pa_stream *, pa_stream_new, (pa_context *c, const char *name, const pa_sample_spec *ss, const pa_channel_map *map), (c, name, ss, map)) \
    F(int, pa_stream_connect_playback, (pa_stream *s, const char *dev, const pa_buffer_attr *attr, pa_stream_flags_t flags, const pa_cvolume *volume, pa_stream *sync_stream), (s, dev, attr, flags, volume, sync_stream)) \
    F(int, pa_stream_disconnect, (pa_stream *s), (s)) \
    V(pa_stream_unref, (pa_stream *s), (s)) \
    F(pa_stream_state_t, pa_stream_get_state, (const pa_stream *p), (p)) \
    V(pa_stream_set_state_callback, (pa_stream *s, pa_stream_notify_cb_t cb, void *userdata), (s, cb, userdata)) \
    V(pa_stream_set_write_callback, (pa_stream *p, pa_stream_request_cb_t cb, void *userdata), (p, cb, userdata)) \
    F(size_t, pa_stream_writable_size, (const pa_stream *p), (p)) \
    F(int, pa_stream_write, (pa_stream *p, const void *data, size_t nbytes, pa_free_cb_t free_cb, int64_t offset, pa_seek_mode_t seek), (p, data, nbytes, free_cb, offset, seek)) \
    F(pa_operation *, pa_stream_flush, (pa_stream *s, pa_stream_success_cb_t cb, void *userdata), (s, cb, userdata)) \
    F(pa_operation *, pa_stream_cork, (pa_stream *s, int b, pa_stream_success_cb_t cb, void *userdata), (s, b, cb, userdata)) \
    F(int, pa_stream_get_latency, (pa_stream *s, pa_usec_t *r_usec, int *negative), (s, r_usec, negative)) \
    F(const pa_timing_info *, pa_stream_get_timing_info, (pa_stream *s), (s)) \
    F(pa_operation *, pa_stream_update_timing_info, (pa_stream *p, pa_stream_success_cb_t cb, void *userdata), (p, cb, userdata)) \
    F(const char *, pa_strerror, (int error), (error))
#endif
