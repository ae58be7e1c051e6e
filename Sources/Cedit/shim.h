#ifndef PODLINE_CEDIT_SHIM_H
#define PODLINE_CEDIT_SHIM_H
/* libedit's own interface (histedit.h); its functions are loaded on first use (CLazyLibraries). */
#include <stdio.h>
#include <histedit.h>
#endif
