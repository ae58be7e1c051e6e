/* libpulse (and its two dozen dependencies), loaded when PulseAudio output is opened. */
#include <pulse/pulseaudio.h>
#include "../Cpulse/functions.h"
#include "lazy.h"

PODLINE_TABLE(pulse, PODLINE_PULSE_FUNCTIONS)
