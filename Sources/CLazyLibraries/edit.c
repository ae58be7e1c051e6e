/* libedit's readline interface, loaded when the REPL reads from a terminal. */
#include <stdio.h>
#include <editline/readline.h>
#include "lazy.h"

#define LIB PODLINE_LIBRARY_EDIT
PODLINE_LAZY(LIB, int, add_history, (const char *line), line)
PODLINE_LAZY(LIB, int, read_history, (const char *file), file)
PODLINE_LAZY(LIB, int, write_history, (const char *file), file)
PODLINE_LAZY_VOID(LIB, stifle_history, (int count), count)
PODLINE_LAZY_VOID(LIB, rl_callback_handler_install, (const char *prompt, rl_vcpfunc_t *handler), prompt, handler)
PODLINE_LAZY_VOID(LIB, rl_callback_handler_remove, (void))
PODLINE_LAZY_VOID(LIB, rl_callback_read_char, (void))
PODLINE_LAZY(LIB, char **, rl_completion_matches, (const char *text, rl_compentry_func_t *generate), text, generate)
PODLINE_LAZY_VOID(LIB, rl_forced_update_display, (void))
PODLINE_LAZY_VOID(LIB, rl_replace_line, (const char *text, int clear_undo), text, clear_undo)
PODLINE_LAZY(LIB, int, rl_set_prompt, (const char *prompt), prompt)

const char *podline_rl_line_buffer(void) { return *PODLINE_LAZY_VARIABLE(LIB, char *, rl_line_buffer); }
int podline_rl_point(void) { return *PODLINE_LAZY_VARIABLE(LIB, int, rl_point); }
void podline_rl_set_completion(char **(*function)(const char *, int, int)) {
    *PODLINE_LAZY_VARIABLE(LIB, rl_completion_func_t *, rl_attempted_completion_function) = function;
}
void podline_rl_set_completion_over(int over) { *PODLINE_LAZY_VARIABLE(LIB, int, rl_attempted_completion_over) = over; }
void podline_rl_set_completion_append_character(int character) {
    *PODLINE_LAZY_VARIABLE(LIB, int, rl_completion_append_character) = character;
}
void podline_rl_set_catch_signals(int value) { *PODLINE_LAZY_VARIABLE(LIB, int, rl_catch_signals) = value; }
void podline_rl_set_name(const char *name) { *PODLINE_LAZY_VARIABLE(LIB, const char *, rl_readline_name) = name; }
