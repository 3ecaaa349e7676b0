/* fake_plugin.c - a "plugin" that needs fake_runtime.c's library and
 * exports none of smax's functions: where the runtime is missing it cannot
 * load (a machine without the driver); where it is found, it is not an
 * smax plugin. Both must be NO_DEVICE with the reason. */
int smax_fake_runtime(void);
int smax_fake_plugin(void);
int smax_fake_plugin(void)
{
    return smax_fake_runtime();
}
