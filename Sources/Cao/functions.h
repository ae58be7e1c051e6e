#ifndef PODLINE_CAO_FUNCTIONS_H
#define PODLINE_CAO_FUNCTIONS_H
/* The libao functions Podline calls, named once: CLazyLibraries resolves them all when it loads the library and
   defines each as podline_<name> (R: resolved for CLazyLibraries' own use only). */
#define PODLINE_AO_FUNCTIONS(F, V, R) \
    V(ao_initialize, (void), ()) \
    F(int, ao_default_driver_id, (void), ()) \
    F(int, ao_driver_id, (const char *short_name), (short_name)) \
    F(ao_info **, ao_driver_info_list, (int *driver_count), (driver_count)) \
    F(ao_device *, ao_open_live, (int driver_id, ao_sample_format *format, ao_option *option), (driver_id, format, option)) \
    F(ao_device *, ao_open_file, (int driver_id, const char *filename, int overwrite, ao_sample_format *format, ao_option *option), (driver_id, filename, overwrite, format, option)) \
    F(int, ao_play, (ao_device *device, char *output_samples, uint_32 num_bytes), (device, output_samples, num_bytes)) \
    F(int, ao_close, (ao_device *device), (device))
#endif
