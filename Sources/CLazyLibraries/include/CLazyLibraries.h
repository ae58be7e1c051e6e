#ifndef PODLINE_CLAZYLIBRARIES_H
#define PODLINE_CLAZYLIBRARIES_H
/* The C libraries that only some commands need (audio, loudness, the line editor, the HTML parser) are loaded
   with dlopen when first used, so that a command that needs none of them starts without loading them
   and their dependencies. */
#include <stddef.h>
#include <wchar.h>

/* The libraries loaded on demand. */
typedef enum {
    PODLINE_LIBRARY_MPG123 = 0,
    PODLINE_LIBRARY_AO,
    PODLINE_LIBRARY_PULSE,
    PODLINE_LIBRARY_EDIT,
    PODLINE_LIBRARY_XML2,
    PODLINE_LIBRARY_SYSTEMD,
    PODLINE_LIBRARY_EBUR128,
    PODLINE_LIBRARY_AV,
    PODLINE_LIBRARY_COUNT
} podline_library;

/* Loads `library` if it is not loaded yet, with every symbol Podline uses in it: 0 on success, else -1 with the
   reason (dlerror's text, or the first symbol missing) in `message`. Nothing of a library is called before this. */
int podline_library_load(podline_library library, char *message, size_t size);

/* Opens `file` as `library` and looks up every symbol Podline uses in it, without keeping it: 0 when all are there,
   else -1 with the first one missing (or dlerror's text) in `message`. The loaded library, if any, is untouched. */
int podline_library_probe(podline_library library, const char *file, char *message, size_t size);

/* Writes out what C's stdout holds (Swift's print), and nothing else: fflush(NULL) would also take every other
   stream's lock, standard input's among them, which a thread blocked reading a line holds. */
void podline_flush_standard_output(void);

/* The full-screen view's terminal: podline_terminal_guard saves fd's modes and the bytes that leave the view, and
   restores both on exit and on a crash signal (then raised again); podline_terminal_restore does it now (once per
   arming), podline_terminal_rearm arms it again after a suspend; podline_terminal_raw sets raw mode. */
int podline_terminal_guard(int fd, const char *leave);
void podline_terminal_restore(void);
int podline_terminal_rearm(void);
int podline_terminal_raw(int fd);

/* memmem: where needle first occurs in haystack, or NULL. */
const void *podline_memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);

/* malloc_trim(0): every arena's free pages given back to the system; 1 when some were. */
int podline_malloc_trim(void);

/* The file name dlopen is given for `library` (its soname). */
const char *podline_library_soname(podline_library library);

/* libedit's own interface, behind opaque handles (EditLine *, HistoryW *), wide characters in the locale's encoding.
   `read_character` supplies every character the editor reads (1 with one, 0 at the end, -1 on error); `client` is
   handed back by podline_edit_client. */
void *podline_edit_open(const char *program, int (*read_character)(void *, wchar_t *), void *client);
void *podline_edit_client(void *editor);
void podline_edit_set_prompt(const char *prompt);
/* Names `action` and binds it to `key` (UTF-8); 0 on success. */
int podline_edit_bind(void *editor, const char *name, const char *key, unsigned char (*action)(void *, int));
/* Draws the prompt and the line again from the cursor's place, taken to be the start of an empty line. */
void podline_edit_refresh(void *editor);
/* Keeps libedit's screen at least as tall as the line being edited (call with each character before libedit takes it). */
void podline_edit_fit_height(void *editor);
/* The terminal was resized, or the process continued after a stop: its modes set again, its size read again. */
void podline_edit_terminal_changed(void *editor);
void podline_edit_use_history(void *editor, void *history);
void podline_edit_close(void *editor, void *history);
void *podline_history_open(int size);
int podline_history_load(void *history, const char *path);
int podline_history_save(void *history, const char *path);
int podline_history_add(void *history, const char *line);

/* FFmpeg's demuxers and decoders for every input that is not MPEG audio (MP4/M4A/MOV, Ogg Opus and Vorbis, FLAC, WAV),
   behind an opaque handle: 16-bit interleaved PCM out, mono or stereo (more channels folded into stereo). */
typedef struct podline_av_input podline_av_input;

/* Where a stream's bytes come from. `read`: bytes read (blocking until some arrive), 0 at the end, -1 on failure;
   `seek`: the new offset (whence as lseek's), or -1; `size`: the total, or -1 when unknown. */
typedef struct {
    void *context;
    int (*read)(void *context, unsigned char *buffer, int size);
    long long (*seek)(void *context, long long offset, int whence);
    long long (*size)(void *context);
} podline_av_io;

/* Opens a file, or a stream read through `io`, and its first audio track: NULL with the reason in `message`. */
podline_av_input *podline_av_open_file(const char *path, char *message, size_t size);
podline_av_input *podline_av_open_stream(podline_av_io io, char *message, size_t size);
void podline_av_close(podline_av_input *input);
int podline_av_sample_rate(const podline_av_input *input);
/* Channels of the PCM `read` gives: 1 or 2. */
int podline_av_channels(const podline_av_input *input);
/* Frames in the track, encoder delay and padding left out; -1 when unknown. */
long long podline_av_frames(const podline_av_input *input);
/* Frames from the start to the next frame `read` gives. */
long long podline_av_position(const podline_av_input *input);
const char *podline_av_codec_name(const podline_av_input *input);
/* Decodes up to `max_frames` frames into `out`: the count, 0 at the end, -1 on failure (the reason in `message`). */
int podline_av_read(podline_av_input *input, short *out, int max_frames, char *message, size_t size);
/* Moves to `frame` frames from the start: what `read` gives next starts there. 0, or a negative error. */
int podline_av_seek(podline_av_input *input, long long frame);
/* The value of tag `key` (any case) of the audio track, else of the container; NULL when neither has it. Valid while
   the input is open. MP4's freeform atoms are named without their domain (`replaygain_track_gain`). */
const char *podline_av_tag(const podline_av_input *input, const char *key);
/* FFmpeg's name for the container's demuxer (`mov,mp4,m4a,3gp,3g2,mj2`, `ogg`, `flac`, `wav`, `aac`). */
const char *podline_av_container(const podline_av_input *input);
/* The container's chapters (MP4 Nero `chpl` or a QuickTime chapter track, Ogg `CHAPTERxxx` comments). */
int podline_av_chapter_count(const podline_av_input *input);
/* Chapter `index`: its start and end in seconds, and its title (NULL when it has none; valid while open). */
void podline_av_chapter(const podline_av_input *input, int index, double *start, double *end, const char **title);

/* libxml2's lenient HTML parser, behind opaque handles. */
typedef enum { PODLINE_HTML_OTHER = 0, PODLINE_HTML_ELEMENT, PODLINE_HTML_TEXT } podline_html_kind;

/* Parses `length` bytes of UTF-8 HTML, recovering from faults, without network access; NULL if nothing came of it. */
void *podline_html_parse(const char *bytes, int length);
void podline_html_free(void *document);
void *podline_html_root(void *document);
podline_html_kind podline_html_kind_of(const void *node);
/* The element's name, or the text node's content (owned by the document). */
const char *podline_html_name(const void *node);
const char *podline_html_text(const void *node);
void *podline_html_first_child(const void *node);
void *podline_html_next(const void *node);
/* An attribute's value, to be freed with podline_html_free_string, or NULL. */
char *podline_html_attribute(const void *node, const char *name);
void podline_html_free_string(char *value);

/* The MPRIS object's callbacks (handles are sd_bus_message * and sd_bus_error *): `get` appends a property's
   value to `reply`; `set` reads the new value from `value`; `call` runs method `member` and replies. Each
   returns a negative errno (with `error` set) on failure. */
typedef struct {
    int (*get)(void *context, const char *interface, const char *property, void *reply, void *error);
    int (*set)(void *context, const char *interface, const char *property, void *value, void *error);
    int (*call)(void *context, const char *member, void *message, void *error);
} podline_mpris_callbacks;

/* Registers the org.mpris.MediaPlayer2, org.mpris.MediaPlayer2.Player and org.podline.Player1 interfaces at `path` on `bus` (an
   sd_bus *), answered by `callbacks` with `context`; a negative errno on failure. */
int podline_mpris_serve(void *bus, const char *path, podline_mpris_callbacks callbacks, void *context);

/* sd-bus's variadic calls, in the forms MPRIS uses: an empty method reply, and a signal with one int64. */
int podline_bus_reply_empty(void *call);
int podline_bus_emit_int64(void *bus, const char *path, const char *interface, const char *member, long long value);
#endif
