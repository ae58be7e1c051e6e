#ifndef PODLINE_CEDIT_SHIM_H
#define PODLINE_CEDIT_SHIM_H
/* libedit's readline interface; its functions are loaded on first use (CLazyLibraries), and its
   globals are reached through CLazyLibraries' podline_rl_* accessors. */
#include <stdio.h>
#include <editline/readline.h>
#endif
