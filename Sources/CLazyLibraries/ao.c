/* libao, loaded when an output other than PulseAudio is opened. */
#include <ao/ao.h>
#include "../Cao/functions.h"
#include "lazy.h"

PODLINE_TABLE(ao, PODLINE_AO_FUNCTIONS)
