/* clregs SRC OPTIONS...: builds SRC once per OPTIONS string on the first NVIDIA OpenCL device with
 * -cl-nv-verbose and prints the build log (ptxas's registers and spills per kernel). Dev tool. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc < 3) { fprintf(stderr, "usage: clregs SRC OPTIONS...\n"); return 2; }
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 2; }
    fseek(f, 0, SEEK_END); long n = ftell(f); fseek(f, 0, SEEK_SET);
    char *src = calloc(1, n + 1); fread(src, 1, n, f); fclose(f);
    cl_platform_id p[8]; cl_uint np = 0; clGetPlatformIDs(8, p, &np);
    cl_device_id d = NULL;
    for (cl_uint i = 0; i < np && !d; ++i) {
        char name[256] = ""; clGetPlatformInfo(p[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
        if (strstr(name, "NVIDIA")) clGetDeviceIDs(p[i], CL_DEVICE_TYPE_GPU, 1, &d, NULL);
    }
    if (!d) { fprintf(stderr, "no NVIDIA device\n"); return 1; }
    {
        cl_ulong cache = 0, line = 0, lmem = 0; cl_uint cl = 0, cu = 0; size_t wg = 0; cl_uint regs = 0;
        clGetDeviceInfo(d, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, sizeof cache, &cache, NULL);
        clGetDeviceInfo(d, CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE, sizeof cl, &cl, NULL); line = cl;
        clGetDeviceInfo(d, CL_DEVICE_LOCAL_MEM_SIZE, sizeof lmem, &lmem, NULL);
        clGetDeviceInfo(d, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cu, &cu, NULL);
        clGetDeviceInfo(d, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof wg, &wg, NULL);
        clGetDeviceInfo(d, 0x4002, sizeof regs, &regs, NULL);
        printf("device: global mem cache %llu bytes, cache line %llu, local mem %llu, compute units %u, max work-group %zu, registers per block %u\n",
               (unsigned long long)cache, (unsigned long long)line, (unsigned long long)lmem, cu, wg, regs);
    }
    cl_int err; cl_context c = clCreateContext(NULL, 1, &d, NULL, NULL, &err);
    for (int a = 2; a < argc; ++a) {
        const char *s = src;
        cl_program prog = clCreateProgramWithSource(c, 1, &s, NULL, &err);
        char opts[2048]; snprintf(opts, sizeof opts, "%s -cl-nv-verbose", argv[a]);
        err = clBuildProgram(prog, 1, &d, opts, NULL, NULL);
        size_t len = 0; clGetProgramBuildInfo(prog, d, CL_PROGRAM_BUILD_LOG, 0, NULL, &len);
        char *log = calloc(1, len + 1); clGetProgramBuildInfo(prog, d, CL_PROGRAM_BUILD_LOG, len, log, NULL);
        printf("=== options: %s (build %d)\n%s\n", opts, err, log);
        if (getenv("CLREGS_WG") && err == CL_SUCCESS) { /* every kernel's CL_KERNEL_WORK_GROUP_SIZE */
            cl_kernel ks[64]; cl_uint nk = 0; clCreateKernelsInProgram(prog, 64, ks, &nk);
            for (cl_uint i = 0; i < nk; ++i) {
                char kn[128] = ""; size_t wg = 0; cl_ulong lm = 0, pm = 0;
                clGetKernelInfo(ks[i], CL_KERNEL_FUNCTION_NAME, sizeof kn, kn, NULL);
                clGetKernelWorkGroupInfo(ks[i], d, CL_KERNEL_WORK_GROUP_SIZE, sizeof wg, &wg, NULL);
                clGetKernelWorkGroupInfo(ks[i], d, CL_KERNEL_LOCAL_MEM_SIZE, sizeof lm, &lm, NULL);
                clGetKernelWorkGroupInfo(ks[i], d, CL_KERNEL_PRIVATE_MEM_SIZE, sizeof pm, &pm, NULL);
                printf("kernel %s: work-group size %zu, local %llu, private %llu\n", kn, wg, (unsigned long long)lm, (unsigned long long)pm);
                clReleaseKernel(ks[i]);
            }
        }
        const char *ptx = getenv("CLREGS_PTX"); /* write the program binary (PTX on NVIDIA) to $CLREGS_PTX.N */
        if (ptx && err == CL_SUCCESS) {
            size_t bs = 0; clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof bs, &bs, NULL);
            unsigned char *bin = malloc(bs); unsigned char *bins[1] = {bin};
            clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof bins, bins, NULL);
            char fn[512]; snprintf(fn, sizeof fn, "%s.%d", ptx, a - 2);
            FILE *o = fopen(fn, "wb"); if (o) { fwrite(bin, 1, bs, o); fclose(o); }
            free(bin);
        }
        free(log); clReleaseProgram(prog);
    }
    return 0;
}
