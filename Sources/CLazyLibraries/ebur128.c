/* libebur128, loaded when loudness is first measured (normalisation). */
#include <ebur128.h>
#include "../Cebur128/functions.h"
#include "lazy.h"

PODLINE_TABLE(ebur128, PODLINE_EBUR128_FUNCTIONS)
