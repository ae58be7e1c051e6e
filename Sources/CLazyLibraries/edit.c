/* libedit's own interface (wide characters, buffered el_wgets), loaded when the REPL reads from a terminal. */
#include <histedit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include "../Cedit/functions.h"
#include "lazy.h"

PODLINE_TABLE(edit, PODLINE_EDIT_FUNCTIONS)

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
    EditLine *editor = table.el_init(program, stdin, stdout, stderr);
    if (!editor) return NULL;
    table.el_wset(editor, EL_EDITOR, L"emacs");
    /* No signal handlers of libedit's: they run on whichever thread takes the signal, and its resize there frees the
       screen copy the editing thread is drawing from. Resizes and continuing after Ctrl-Z come as keys instead. */
    table.el_wset(editor, EL_SIGNAL, 0);
    table.el_wset(editor, EL_PROMPT, prompt_of);
    table.el_wset(editor, EL_CLIENTDATA, client);
    table.el_wset(editor, EL_GETCFN, (el_rfunc_t)read_character);
    /* libedit's extended command (M-x, M-X) hands what is typed after it to its own parser, which reads an argument
       vector that was never set when the quotes do not match (M-x then "abc crashes in el_wparse). Unbound, M-x is
       nothing. */
    table.el_wset(editor, EL_BIND, L"\033x", L"ed-unassigned", NULL);
    table.el_wset(editor, EL_BIND, L"\033X", L"ed-unassigned", NULL);
    return editor;
}

void *podline_edit_client(void *editor) {
    void *client = NULL;
    table.el_wget((EditLine *)editor, EL_CLIENTDATA, &client);
    return client;
}

int podline_edit_bind(void *editor, const char *name, const char *key, unsigned char (*action)(void *, int)) {
    wchar_t *wide_name = wide_copy(name), *wide_key = wide_copy(key);
    int result = table.el_wset((EditLine *)editor, EL_ADDFN, wide_name, wide_name, (unsigned char (*)(EditLine *, int))action);
    if (result == 0) result = table.el_wset((EditLine *)editor, EL_BIND, wide_key, wide_name, NULL);
    free(wide_key);
    return result;
}

void podline_edit_refresh(void *editor) {
    table.el_wset((EditLine *)editor, EL_REFRESH);
}

/* libedit redraws a line taller than the screen by scrolling its own copy of the screen, and with the cursor moved
   above the screen's top (Ctrl-A in a long paste) it then writes outside that copy and crashes. Told that the screen has
   as many lines as the line needs, it never scrolls: the terminal clamps the cursor at its top and the line stays
   whole. The line grows a character at a time, and a resize gives libedit the real height again
   (podline_edit_terminal_changed), so this runs for every character libedit reads. */
void podline_edit_fit_height(void *editor) {
    int lines = 0, columns = 0;
    if (table.el_wget((EditLine *)editor, EL_GETTC, "li", &lines) != 0) return;
    if (table.el_wget((EditLine *)editor, EL_GETTC, "co", &columns) != 0 || columns <= 0) return;
    const LineInfoW *line = table.el_wline((EditLine *)editor);
    if (!line) return;
    /* At most two columns a character, the prompt included, and a line to spare. */
    long characters = (long)(line->lastchar - line->buffer) + (prompt_text ? (long)wcslen(prompt_text) : 0);
    long needed = 2 * characters / columns + 2;
    if (needed <= lines) return;
    wchar_t height[24];
    swprintf(height, 24, L"%ld", needed * 2);
    table.el_wset((EditLine *)editor, EL_SETTC, L"li", height, NULL);
}

void podline_edit_terminal_changed(void *editor) {
    table.el_wset((EditLine *)editor, EL_PREP_TERM, 0);
    table.el_wset((EditLine *)editor, EL_PREP_TERM, 1);
    table.el_resize((EditLine *)editor);
    podline_edit_fit_height(editor);
}

void podline_edit_use_history(void *editor, void *history) {
    table.el_wset((EditLine *)editor, EL_HIST, table.history_w, history);
}

void *podline_history_open(int size) {
    HistoryW *history = table.history_winit();
    if (!history) return NULL;
    HistEventW event;
    table.history_w(history, &event, H_SETSIZE, size);
    table.history_w(history, &event, H_SETUNIQUE, 1);
    return history;
}

int podline_history_load(void *history, const char *path) {
    HistEventW event;
    return table.history_w((HistoryW *)history, &event, H_LOAD, path);
}

int podline_history_save(void *history, const char *path) {
    HistEventW event;
    return table.history_w((HistoryW *)history, &event, H_SAVE, path);
}

int podline_history_add(void *history, const char *line) {
    HistEventW event;
    wchar_t *wide = wide_copy(line);
    int result = table.history_w((HistoryW *)history, &event, H_ENTER, wide);
    free(wide);
    return result;
}

void podline_edit_close(void *editor, void *history) {
    if (editor) table.el_end((EditLine *)editor);
    if (history) table.history_wend((HistoryW *)history);
}
