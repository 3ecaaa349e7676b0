/* fake_runtime.c - stands for a vendor runtime (libcuda, libamdhip64,
 * libOpenCL) that a plugin needs and a machine may lack. */
int smax_fake_runtime(void);
int smax_fake_runtime(void)
{
    return 1;
}
