/* Diagnostic (bench/results/h200-2026-12-01g call 5): builds smax's OpenCL source on NVIDIA with -cl-nv-verbose, prints the build log (ptxas register
 * counts) and writes the PTX. usage: clregs IN OUT [extra options] */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
extern const char smax_opencl_kernel_source[];
int main(int argc, char **argv)
{
    cl_platform_id pl[8]; cl_uint np = 0; clGetPlatformIDs(8, pl, &np);
    cl_device_id dev = 0;
    for (cl_uint i = 0; i < np && !dev; ++i) {
        char name[256]; clGetPlatformInfo(pl[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
        if (strstr(name, "NVIDIA")) clGetDeviceIDs(pl[i], CL_DEVICE_TYPE_GPU, 1, &dev, NULL);
    }
    if (!dev) { fprintf(stderr, "no NVIDIA device\n"); return 1; }
    cl_int err; cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    const char *src = smax_opencl_kernel_source;
    cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
    char opts[2048];
    snprintf(opts, sizeof opts, "-cl-std=CL1.2 -DSMAX_OPENCL_C=1 -cl-fp32-correctly-rounded-divide-sqrt "
             "-DSMAX_CL_NVIDIA=1 -DSMAX_CL_WORD64=1 -DSMAX_CL_NV_SM=90 -DSMAX_IN_DTYPE=%s -DSMAX_OUT_DTYPE=%s "
             "-cl-nv-verbose %s", argv[1], argv[2], argc > 3 ? argv[3] : "");
    err = clBuildProgram(prog, 1, &dev, opts, NULL, NULL);
    size_t n = 0; clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &n);
    char *log = malloc(n + 1); clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, n, log, NULL); log[n] = 0;
    printf("build %d options: %s\n%s\n", err, opts, log);
    size_t bs = 0; clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof bs, &bs, NULL);
    unsigned char *bin = malloc(bs); clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL);
    char path[256]; snprintf(path, sizeof path, "%s/ocl_%s_%s.ptx", getenv("OUT") ? getenv("OUT") : ".", argv[1], argv[2]);
    FILE *f = fopen(path, "wb"); if (f) { fwrite(bin, 1, bs, f); fclose(f); }
    return err != CL_SUCCESS;
}
