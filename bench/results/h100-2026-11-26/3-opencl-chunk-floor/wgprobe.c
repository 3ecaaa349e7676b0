/* Dev probe: CL_KERNEL_WORK_GROUP_SIZE per kernel of smax's OpenCL source under several option sets,
 * and the -cl-nv-verbose build log (registers per kernel). */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
extern const char smax_opencl_kernel_source[];

static const char *trivial = "__kernel void triv(__global float *x) { x[get_global_id(0)] *= 2.0f; }\n";
static const char *reqd = "__kernel __attribute__((reqd_work_group_size(1024,1,1))) void triv1024(__global float *x) { x[get_global_id(0)] *= 2.0f; }\n";
static const char *hint = "__kernel __attribute__((work_group_size_hint(1024,1,1))) void trivhint(__global float *x) { x[get_global_id(0)] *= 2.0f; }\n";
static void probe(cl_context c, cl_device_id d, const char *src, size_t len, const char *opts, int log)
{
    cl_int err;
    cl_program p = clCreateProgramWithSource(c, 1, &src, len ? &len : NULL, &err);
    err = clBuildProgram(p, 1, &d, opts, NULL, NULL);
    printf("== options '%s': build %d\n", opts, err);
    if (log || err) {
        size_t n = 0; clGetProgramBuildInfo(p, d, CL_PROGRAM_BUILD_LOG, 0, NULL, &n);
        char *b = malloc(n + 1); clGetProgramBuildInfo(p, d, CL_PROGRAM_BUILD_LOG, n, b, NULL); b[n] = 0;
        printf("%s\n", b); free(b);
    }
    if (err) return;
    cl_uint nk = 0; clCreateKernelsInProgram(p, 0, NULL, &nk);
    cl_kernel *k = malloc(nk * sizeof *k); clCreateKernelsInProgram(p, nk, k, NULL);
    if (src != smax_opencl_kernel_source) {
        cl_command_queue q = clCreateCommandQueue(c, d, 0, &err);
        cl_mem m = clCreateBuffer(c, CL_MEM_READ_WRITE, 4 * 4096, NULL, &err);
        clSetKernelArg(k[0], 0, sizeof m, &m);
        size_t gsz = 4096;
        for (size_t l = 256; l <= 1024; l *= 2) {
            size_t lsz = l;
            cl_int e = clEnqueueNDRangeKernel(q, k[0], 1, NULL, &gsz, &lsz, 0, NULL, NULL);
            cl_int f = clFinish(q);
            printf("  enqueue local %zu: %d, finish %d\n", l, e, f);
        }
    }
    for (cl_uint i = 0; i < nk; ++i) {
        char name[128]; size_t wg = 0; cl_ulong priv = 0, loc = 0;
        clGetKernelInfo(k[i], CL_KERNEL_FUNCTION_NAME, sizeof name, name, NULL);
        clGetKernelWorkGroupInfo(k[i], d, CL_KERNEL_WORK_GROUP_SIZE, sizeof wg, &wg, NULL);
        clGetKernelWorkGroupInfo(k[i], d, CL_KERNEL_PRIVATE_MEM_SIZE, sizeof priv, &priv, NULL);
        clGetKernelWorkGroupInfo(k[i], d, CL_KERNEL_LOCAL_MEM_SIZE, sizeof loc, &loc, NULL);
        printf("  %-28s wg %4zu private %llu local %llu\n", name, wg, (unsigned long long)priv, (unsigned long long)loc);
    }
}
int main(void)
{
    cl_platform_id pl[8]; cl_uint np = 0; clGetPlatformIDs(8, pl, &np);
    for (cl_uint i = 0; i < np; ++i) {
        cl_device_id d; if (clGetDeviceIDs(pl[i], CL_DEVICE_TYPE_GPU, 1, &d, NULL) != CL_SUCCESS) continue;
        char name[256]; size_t mwg = 0; clGetDeviceInfo(d, CL_DEVICE_NAME, sizeof name, name, NULL);
        clGetDeviceInfo(d, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof mwg, &mwg, NULL);
        printf("device %s, max work-group %zu\n", name, mwg);
        cl_int err; cl_context c = clCreateContext(NULL, 1, &d, NULL, NULL, &err);
        const char *base = "-cl-std=CL1.2 -DSMAX_OPENCL_C=1 -cl-fp32-correctly-rounded-divide-sqrt -DSMAX_CL_WORD64=1 -DSMAX_IN_DTYPE=0 -DSMAX_OUT_DTYPE=0";
        char o[512];
        probe(c, d, trivial, 0, "", 0);
        probe(c, d, reqd, 0, "", 0);
        probe(c, d, hint, 0, "", 0);
        return 0;
        probe(c, d, trivial, 0, "-cl-std=CL1.2 -cl-fp32-correctly-rounded-divide-sqrt", 0);
        snprintf(o, sizeof o, "%s -DSMAX_CL_NVIDIA=1 -cl-nv-verbose", base);
        probe(c, d, smax_opencl_kernel_source, 0, o, 1);
        snprintf(o, sizeof o, "%s", base);
        probe(c, d, smax_opencl_kernel_source, 0, o, 0);
        return 0;
    }
    return 1;
}
