#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyze.h"
int main(void)
{
    cl_platform_id pl[8]; cl_uint np; clGetPlatformIDs(8, pl, &np);
    cl_device_id dev = 0;
    for (cl_uint i = 0; i < np && !dev; ++i) {
        char name[256]; clGetPlatformInfo(pl[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
        if (strstr(name, "NVIDIA")) clGetDeviceIDs(pl[i], CL_DEVICE_TYPE_GPU, 1, &dev, NULL);
    }
    if (!dev) { puts("no NVIDIA OpenCL device"); return 1; }
    cl_int e; cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &e);
    FILE *f = fopen("probe.cl", "rb"); char src[4096]; size_t len = fread(src, 1, sizeof src - 1, f); src[len] = 0; fclose(f);
    const char *s = src; cl_program p = clCreateProgramWithSource(ctx, 1, &s, &len, &e);
    if (clBuildProgram(p, 1, &dev, "-cl-std=CL1.2", NULL, NULL)) { char log[8192]; clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL); puts(log); return 1; }
    cl_kernel k = clCreateKernel(p, "probe", &e);
    const int n = 132 * 24; unsigned long long *h = malloc(sizeof *h * 3 * n);
    cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof *h * 3 * n, NULL, &e);
    const int groups[] = {128, 256, 512, 1024}; const size_t locals[] = {0, 8192, 17440, 24576, 34848, 40960, 45056, 48896};
    for (int gi = 0; gi < 4; ++gi) for (int li = 0; li < 8; ++li) {
        size_t G = groups[gi], L = locals[li] ? locals[li] : 4; int nl = (int)(L / 4); cl_ulong spin = 30000;
        clSetKernelArg(k, 0, sizeof out, &out); clSetKernelArg(k, 1, L, NULL);
        clSetKernelArg(k, 2, sizeof nl, &nl); clSetKernelArg(k, 3, sizeof spin, &spin);
        size_t gl = G * n;
        for (int rep = 0; rep < 2; ++rep) e = clEnqueueNDRangeKernel(q, k, 1, NULL, &gl, &G, 0, NULL, NULL);
        if (e) { printf("G %zu L %zu launch error %d\n", G, L, e); continue; }
        clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof *h * 3 * n, h, 0, NULL, NULL);
        int dyn = max_resident(h, n), st = -1;
        if (locals[li]) {
            char opt[128]; snprintf(opt, sizeof opt, "-cl-std=CL1.2 -DNSTATIC=%zu", locals[li] / 4);
            cl_program ps = clCreateProgramWithSource(ctx, 1, &s, &len, &e);
            if (clBuildProgram(ps, 1, &dev, opt, NULL, NULL) == 0) {
                cl_kernel ks = clCreateKernel(ps, "probe_static", &e);
                clSetKernelArg(ks, 0, sizeof out, &out); clSetKernelArg(ks, 1, sizeof spin, &spin);
                for (int rep = 0; rep < 2; ++rep) e = clEnqueueNDRangeKernel(q, ks, 1, NULL, &gl, &G, 0, NULL, NULL);
                if (!e) { clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof *h * 3 * n, h, 0, NULL, NULL); st = max_resident(h, n); }
                clReleaseKernel(ks);
            }
            clReleaseProgram(ps);
        }
        printf("opencl G %4zu local %6zu: max resident a SM: dynamic %d static %d\n", G, locals[li], dyn, st);
    }
    return 0;
}
