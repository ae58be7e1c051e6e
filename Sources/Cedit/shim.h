#ifndef PODLINE_CEDIT_SHIM_H
#define PODLINE_CEDIT_SHIM_H
#include <stdio.h>
#include <editline/readline.h>

/* Accessors for libedit's readline globals, which Swift cannot touch directly in strict concurrency mode. */
static inline const char *podline_rl_line_buffer(void) { return rl_line_buffer; }
static inline int podline_rl_point(void) { return rl_point; }
static inline void podline_rl_set_completion(rl_completion_func_t *function) { rl_attempted_completion_function = function; }
static inline void podline_rl_set_completion_over(int over) { rl_attempted_completion_over = over; }
static inline void podline_rl_set_completion_append_character(int character) { rl_completion_append_character = character; }
static inline void podline_rl_set_catch_signals(int value) { rl_catch_signals = value; }
static inline void podline_rl_set_name(const char *name) { rl_readline_name = name; }
#endif
