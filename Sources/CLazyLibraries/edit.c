/* libedit's own interface (wide characters, buffered el_wgets), loaded when the REPL reads from a terminal. */
#include <histedit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include "lazy.h"

#define LIB PODLINE_LIBRARY_EDIT
PODLINE_LAZY(LIB, EditLine *, el_init, (const char *program, FILE *in, FILE *out, FILE *err), program, in, out, err)
PODLINE_LAZY_VOID(LIB, el_end, (EditLine *editor), editor)
PODLINE_LAZY(LIB, const wchar_t *, el_wgets, (EditLine *editor, int *count), editor, count)
PODLINE_LAZY(LIB, const LineInfoW *, el_wline, (EditLine *editor), editor)
PODLINE_LAZY(LIB, int, el_winsertstr, (EditLine *editor, const wchar_t *text), editor, text)
PODLINE_LAZY_VOID(LIB, el_deletestr, (EditLine *editor, int count), editor, count)
PODLINE_LAZY_VOID(LIB, el_resize, (EditLine *editor), editor)
PODLINE_LAZY(LIB, HistoryW *, history_winit, (void))
PODLINE_LAZY_VOID(LIB, history_wend, (HistoryW *history), history)

/* A copy of UTF-8 `text` as wide characters, kept for the life of the process (libedit keeps some names it is given). */
static wchar_t *wide_copy(const char *text) {
    size_t length = mbstowcs(NULL, text, 0);
    if (length == (size_t)-1) length = 0;
    wchar_t *copy = calloc(length + 1, sizeof(wchar_t));
    if (copy && length) mbstowcs(copy, text, length + 1);
    return copy;
}

/* The prompt libedit draws; one editor a process. */
static wchar_t *prompt_text;
static wchar_t *prompt_of(EditLine *editor) {
    (void)editor;
    return prompt_text ? prompt_text : L"";
}

void podline_edit_set_prompt(const char *prompt) {
    wchar_t *previous = prompt_text;
    prompt_text = wide_copy(prompt);
    free(previous);
}

void *podline_edit_open(const char *program, int (*read_character)(void *, wchar_t *), void *client) {
    EditLine *editor = el_init(program, stdin, stdout, stderr);
    if (!editor) return NULL;
    PODLINE_LAZY_REAL(LIB, el_wset)
    function(editor, EL_EDITOR, L"emacs");
    /* No signal handlers of libedit's: they run on whichever thread takes the signal, and its resize there frees the
       screen copy the editing thread is drawing from. Resizes and continuing after Ctrl-Z come as keys instead. */
    function(editor, EL_SIGNAL, 0);
    function(editor, EL_PROMPT, prompt_of);
    function(editor, EL_CLIENTDATA, client);
    function(editor, EL_GETCFN, (el_rfunc_t)read_character);
    return editor;
}

void *podline_edit_client(void *editor) {
    PODLINE_LAZY_REAL(LIB, el_wget)
    void *client = NULL;
    function((EditLine *)editor, EL_CLIENTDATA, &client);
    return client;
}

int podline_edit_bind(void *editor, const char *name, const char *key, unsigned char (*action)(void *, int)) {
    PODLINE_LAZY_REAL(LIB, el_wset)
    wchar_t *wide_name = wide_copy(name), *wide_key = wide_copy(key);
    int result = function((EditLine *)editor, EL_ADDFN, wide_name, wide_name, (unsigned char (*)(EditLine *, int))action);
    if (result == 0) result = function((EditLine *)editor, EL_BIND, wide_key, wide_name, NULL);
    free(wide_key);
    return result;
}

void podline_edit_refresh(void *editor) {
    PODLINE_LAZY_REAL(LIB, el_wset)
    function((EditLine *)editor, EL_REFRESH);
}

static void podline_edit_set_height(void *editor, const wchar_t *height) {
    PODLINE_LAZY_REAL(LIB, el_wset)
    function((EditLine *)editor, EL_SETTC, L"li", height, NULL);
}

/* libedit redraws a line taller than the screen by scrolling its own copy of the screen, and with the cursor moved
   above the screen's top (Ctrl-A in a long paste) it then writes outside that copy and crashes. Told that the screen has
   as many lines as the line needs, it never scrolls: the terminal clamps the cursor at its top and the line stays
   whole. A resize gives libedit the real height again, so this runs before every character. */
void podline_edit_fit_height(void *editor) {
    PODLINE_LAZY_REAL(LIB, el_wget)
    int lines = 0, columns = 0;
    if (function((EditLine *)editor, EL_GETTC, "li", &lines) != 0) return;
    if (function((EditLine *)editor, EL_GETTC, "co", &columns) != 0 || columns <= 0) return;
    const LineInfoW *line = el_wline((EditLine *)editor);
    if (!line) return;
    /* At most two columns a character, the prompt included, and a line to spare. */
    long characters = (long)(line->lastchar - line->buffer) + (prompt_text ? (long)wcslen(prompt_text) : 0);
    long needed = 2 * characters / columns + 2;
    if (needed <= lines) return;
    wchar_t height[24];
    swprintf(height, 24, L"%ld", needed * 2);
    podline_edit_set_height(editor, height);
}

void podline_edit_terminal_changed(void *editor) {
    PODLINE_LAZY_REAL(LIB, el_wset)
    function((EditLine *)editor, EL_PREP_TERM, 0);
    function((EditLine *)editor, EL_PREP_TERM, 1);
    el_resize((EditLine *)editor);
    podline_edit_fit_height(editor);
}

void podline_edit_use_history(void *editor, void *history) {
    PODLINE_LAZY_REAL(LIB, el_wset)
    function((EditLine *)editor, EL_HIST, (__typeof__(&history_w))podline_lazy_symbol(LIB, "history_w"), history);
}

void *podline_history_open(int size) {
    HistoryW *history = history_winit();
    if (!history) return NULL;
    PODLINE_LAZY_REAL(LIB, history_w)
    HistEventW event;
    function(history, &event, H_SETSIZE, size);
    function(history, &event, H_SETUNIQUE, 1);
    return history;
}

int podline_history_load(void *history, const char *path) {
    PODLINE_LAZY_REAL(LIB, history_w)
    HistEventW event;
    return function((HistoryW *)history, &event, H_LOAD, path);
}

int podline_history_save(void *history, const char *path) {
    PODLINE_LAZY_REAL(LIB, history_w)
    HistEventW event;
    return function((HistoryW *)history, &event, H_SAVE, path);
}

int podline_history_add(void *history, const char *line) {
    PODLINE_LAZY_REAL(LIB, history_w)
    HistEventW event;
    wchar_t *wide = wide_copy(line);
    int result = function((HistoryW *)history, &event, H_ENTER, wide);
    free(wide);
    return result;
}

void podline_edit_close(void *editor, void *history) {
    if (editor) el_end((EditLine *)editor);
    if (history) history_wend((HistoryW *)history);
}
