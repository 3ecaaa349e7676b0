/* Dev probe: the PTX NVIDIA's OpenCL makes of smax's kernels for one dtype pair (argv[1], e.g.
 * "-DSMAX_IN_DTYPE=1 -DSMAX_OUT_DTYPE=1"), written to argv[2]. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
extern const char smax_opencl_kernel_source[];
int main(int argc, char **argv)
{
    cl_platform_id pl[8]; cl_uint np = 0; clGetPlatformIDs(8, pl, &np);
    for (cl_uint i = 0; i < np; ++i) {
        cl_device_id d; if (clGetDeviceIDs(pl[i], CL_DEVICE_TYPE_GPU, 1, &d, NULL) != CL_SUCCESS) continue;
        cl_int err; cl_context c = clCreateContext(NULL, 1, &d, NULL, NULL, &err);
        const char *src = smax_opencl_kernel_source;
        cl_program p = clCreateProgramWithSource(c, 1, &src, NULL, &err);
        char o[512];
        snprintf(o, sizeof o, "-cl-std=CL1.2 -DSMAX_OPENCL_C=1 -cl-fp32-correctly-rounded-divide-sqrt -DSMAX_CL_NVIDIA=1 -DSMAX_CL_WORD64=1 %s", argv[1]);
        err = clBuildProgram(p, 1, &d, o, NULL, NULL);
        if (err) { printf("build %d\n", err); return 1; }
        size_t n = 0; clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof n, &n, NULL);
        unsigned char *b = malloc(n); clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof b, &b, NULL);
        FILE *f = fopen(argv[2], "wb"); fwrite(b, 1, n, f); fclose(f);
        printf("%zu bytes\n", n);
        return 0;
    }
    return 1;
}
