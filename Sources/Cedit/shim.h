#ifndef PODLINE_CEDIT_SHIM_H
#define PODLINE_CEDIT_SHIM_H
#include <stdio.h>
#include <editline/readline.h>
#endif
