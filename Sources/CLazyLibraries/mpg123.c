/* libmpg123, loaded when the first MP3 is opened. */
#include <mpg123.h>
#include "../Cmpg123/functions.h"
#include "lazy.h"

PODLINE_TABLE(mpg123, PODLINE_MPG123_FUNCTIONS)
