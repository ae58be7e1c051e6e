/* libao, loaded when an output other than PulseAudio is opened. */
#include <ao/ao.h>
#include "lazy.h"

#define LIB PODLINE_LIBRARY_AO
PODLINE_LAZY_VOID(LIB, ao_initialize, (void))
PODLINE_LAZY(LIB, int, ao_default_driver_id, (void))
PODLINE_LAZY(LIB, int, ao_driver_id, (const char *short_name), short_name)
PODLINE_LAZY(LIB, ao_info **, ao_driver_info_list, (int *driver_count), driver_count)
PODLINE_LAZY(LIB, ao_device *, ao_open_live, (int driver_id, ao_sample_format *format, ao_option *option), driver_id,
             format, option)
PODLINE_LAZY(LIB, ao_device *, ao_open_file,
             (int driver_id, const char *filename, int overwrite, ao_sample_format *format, ao_option *option),
             driver_id, filename, overwrite, format, option)
PODLINE_LAZY(LIB, int, ao_play, (ao_device *device, char *output_samples, uint_32 num_bytes), device, output_samples,
             num_bytes)
PODLINE_LAZY(LIB, int, ao_close, (ao_device *device), device)
