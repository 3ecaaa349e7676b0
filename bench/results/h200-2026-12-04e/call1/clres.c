/* clres: how many groups of G items and L bytes of local memory a compute unit of NVIDIA's OpenCL holds at once.
 * Each group reads %smid and %globaltimer, spins SPIN ns, records its start and end; the host counts per unit the
 * most groups whose intervals overlap. usage: clres G SPIN_NS L1 [L2 ...] (NVIDIA platform picked by name). */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char *src =
"__kernel void probe(__global uint *out, __local volatile uint *scratch, uint spin) {\n"
"  uint sm; __asm__ volatile(\"mov.u32 %0, %%smid;\" : \"=r\"(sm));\n"
"  ulong t0, t; __asm__ volatile(\"mov.u64 %0, %%globaltimer;\" : \"=l\"(t0));\n"
"  scratch[get_local_id(0)] = sm;\n"
"  do { __asm__ volatile(\"mov.u64 %0, %%globaltimer;\" : \"=l\"(t)); } while (t - t0 < spin);\n"
"  barrier(CLK_LOCAL_MEM_FENCE);\n"
"  if (get_local_id(0) == 0) { size_t g = get_group_id(0); out[5*g] = scratch[0];\n"
"    out[5*g+1] = (uint)t0; out[5*g+2] = (uint)(t0 >> 32); out[5*g+3] = (uint)t; out[5*g+4] = (uint)(t >> 32); }\n"
"}\n";
int main(int argc, char **argv)
{
    if (argc < 4) { fprintf(stderr, "usage: clres G SPIN_NS L...\n"); return 2; }
    size_t G = (size_t)atoi(argv[1]); cl_uint spin = (cl_uint)atoi(argv[2]);
    cl_platform_id ps[8]; cl_uint np = 0; clGetPlatformIDs(8, ps, &np);
    cl_platform_id p = NULL;
    for (cl_uint i = 0; i < np; ++i) { char n[256]; clGetPlatformInfo(ps[i], CL_PLATFORM_NAME, sizeof n, n, NULL); if (strstr(n, "NVIDIA")) p = ps[i]; }
    if (!p) { fprintf(stderr, "no NVIDIA platform\n"); return 77; }
    cl_device_id d; clGetDeviceIDs(p, CL_DEVICE_TYPE_GPU, 1, &d, NULL);
    cl_uint units = 0; clGetDeviceInfo(d, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units, &units, NULL);
    cl_ulong lmax = 0; clGetDeviceInfo(d, CL_DEVICE_LOCAL_MEM_SIZE, sizeof lmax, &lmax, NULL);
    cl_int e; cl_context c = clCreateContext(NULL, 1, &d, NULL, NULL, &e);
    cl_command_queue q = clCreateCommandQueue(c, d, 0, &e);
    cl_program pr = clCreateProgramWithSource(c, 1, &src, NULL, &e);
    e = clBuildProgram(pr, 1, &d, "", NULL, NULL);
    if (e) { char log[8192]; clGetProgramBuildInfo(pr, d, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL); fprintf(stderr, "%s\n", log); return 1; }
    cl_kernel k = clCreateKernel(pr, "probe", &e);
    printf("units %u, local %llu bytes a group at most; groups of %zu, spin %u ns\n", units, (unsigned long long)lmax, G, spin);
    for (int a = 3; a < argc; ++a) {
        size_t L = (size_t)atol(argv[a]); if (L < G * 4) L = G * 4;
        size_t ng = (size_t)units * 16; cl_uint *h = calloc(ng * 5, 4);
        cl_mem out = clCreateBuffer(c, CL_MEM_READ_WRITE, ng * 5 * 4, NULL, &e);
        clSetKernelArg(k, 0, sizeof out, &out); clSetKernelArg(k, 1, L, NULL); clSetKernelArg(k, 2, sizeof spin, &spin);
        size_t gl = ng * G;
        for (int rep = 0; rep < 2; ++rep) e = clEnqueueNDRangeKernel(q, k, 1, NULL, &gl, &G, 0, NULL, NULL);
        clEnqueueReadBuffer(q, out, CL_TRUE, 0, ng * 5 * 4, h, 0, NULL, NULL);
        int most = 0, least = 1 << 30; int hist[64] = {0};
        for (cl_uint s = 0; s < 256; ++s) {
            int best = 0, any = 0;
            for (size_t i = 0; i < ng; ++i) {
                if (h[5*i] != s) continue; any = 1;
                unsigned long long t0 = h[5*i+1] | (unsigned long long)h[5*i+2] << 32; int n = 0;
                for (size_t j = 0; j < ng; ++j) {
                    if (h[5*j] != s) continue;
                    unsigned long long a0 = h[5*j+1] | (unsigned long long)h[5*j+2] << 32, a1 = h[5*j+3] | (unsigned long long)h[5*j+4] << 32;
                    if (a0 <= t0 && t0 < a1) ++n;
                }
                if (n > best) best = n;
            }
            if (!any) continue;
            if (best > most) most = best; if (best < least) least = best; if (best < 64) hist[best]++;
        }
        printf("local %7zu bytes (err %d): groups a unit at once, most %d least %d;", L, (int)e, most, least);
        for (int i = 0; i < 64; ++i) if (hist[i]) printf(" %d:%d units", i, hist[i]);
        printf("\n"); clReleaseMemObject(out); free(h);
    }
    return 0;
}
