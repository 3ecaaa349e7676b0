/* wg_probe.c - what makes NVIDIA's OpenCL answer CL_KERNEL_WORK_GROUP_SIZE
 * 256 for every smax kernel. Builds a trivial kernel and smax's source
 * under option sets, prints each kernel's limits and the -cl-nv-verbose
 * log, launches the trivial kernel in groups of 1024, writes the PTX. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const char smax_opencl_kernel_source[];

static const char *trivial =
    "__kernel void triv(__global float *p) { p[get_global_id(0)] += 1.0f; }\n";
static const char *trivial_barrier =
    "__kernel void trivb(__global float *p, __local float *s) {\n"
    " s[get_local_id(0)] = p[get_global_id(0)]; barrier(CLK_LOCAL_MEM_FENCE);\n"
    " p[get_global_id(0)] = s[get_local_size(0) - 1 - get_local_id(0)]; }\n";
static const char *trivial_asm =
    "__kernel void triva(__global float *p) { __asm__ volatile(\"membar.gl;\" ::: \"memory\");"
    " p[get_global_id(0)] += 1.0f; }\n";

static cl_context ctx;
static cl_device_id dev;
static cl_command_queue q;
static const char *outdir;
static int nvdev;

static void report(cl_program prog, const char *tag, int launch)
{
    cl_uint n = 0;
    clCreateKernelsInProgram(prog, 0, NULL, &n);
    cl_kernel *ks = calloc(n, sizeof *ks);
    clCreateKernelsInProgram(prog, n, ks, NULL);
    for (cl_uint i = 0; i < n; ++i) {
        char name[128] = "";
        clGetKernelInfo(ks[i], CL_KERNEL_FUNCTION_NAME, sizeof name, name, NULL);
        size_t wg = 0, mult = 0;
        cl_ulong priv = 0, loc = 0;
        clGetKernelWorkGroupInfo(ks[i], dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof wg, &wg, NULL);
        clGetKernelWorkGroupInfo(ks[i], dev, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, sizeof mult, &mult, NULL);
        clGetKernelWorkGroupInfo(ks[i], dev, CL_KERNEL_PRIVATE_MEM_SIZE, sizeof priv, &priv, NULL);
        clGetKernelWorkGroupInfo(ks[i], dev, CL_KERNEL_LOCAL_MEM_SIZE, sizeof loc, &loc, NULL);
        printf("  %-8s %-40s wg %4zu mult %2zu private %6lu local %6lu\n", tag, name, wg, mult,
               (unsigned long)priv, (unsigned long)loc);
        if (launch && (strcmp(name, "triv") == 0 || strcmp(name, "triva") == 0)) {
            cl_int err;
            cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 1 << 20, NULL, &err);
            clSetKernelArg(ks[i], 0, sizeof m, &m);
            size_t gl = 1 << 16, lo = 1024;
            err = clEnqueueNDRangeKernel(q, ks[i], 1, NULL, &gl, &lo, 0, NULL, NULL);
            cl_int fin = clFinish(q);
            printf("  %-8s launch %s local 1024: enqueue %d finish %d\n", tag, name, err, fin);
            clReleaseMemObject(m);
        }
        clReleaseKernel(ks[i]);
    }
    free(ks);
}

static void dump_ptx(cl_program prog, const char *tag)
{
    size_t sz = 0;
    clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof sz, &sz, NULL);
    if (sz == 0)
        return;
    unsigned char *bin = malloc(sz + 1);
    unsigned char *bins[1] = {bin};
    clGetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof bins, bins, NULL);
    bin[sz] = 0;
    char path[512];
    snprintf(path, sizeof path, "%s/%s.ptx", outdir, tag);
    FILE *f = fopen(path, "wb");
    if (f) {
        fwrite(bin, 1, sz, f);
        fclose(f);
    }
    int maxntid = 0, reqntid = 0, maxnreg = 0, minncta = 0;
    for (char *p = (char *)bin; (p = strstr(p, ".max")) || 0;) {
        if (!strncmp(p, ".maxntid", 8)) maxntid++;
        if (!strncmp(p, ".maxnreg", 8)) maxnreg++;
        p += 4;
    }
    for (char *p = (char *)bin; (p = strstr(p, ".reqntid")); ++p) reqntid++;
    for (char *p = (char *)bin; (p = strstr(p, ".minnctapersm")); ++p) minncta++;
    printf("  %-8s ptx %zu bytes: .maxntid %d .reqntid %d .maxnreg %d .minnctapersm %d\n", tag, sz,
           maxntid, reqntid, maxnreg, minncta);
    free(bin);
}

static void probe(const char *tag, const char *src1, const char *src2, const char *options, int launch)
{
    const char *srcs[2] = {src1, src2};
    cl_int err;
    cl_program prog = clCreateProgramWithSource(ctx, src2 ? 2 : 1, srcs, NULL, &err);
    char opts[1024];
    snprintf(opts, sizeof opts, "%s%s", options, nvdev ? " -cl-nv-verbose" : "");
    err = clBuildProgram(prog, 1, &dev, opts, NULL, NULL);
    size_t logsz = 0;
    clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &logsz);
    char *log = calloc(1, logsz + 1);
    clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, logsz, log, NULL);
    printf("== %s: \"%s\" build %d\n", tag, opts, err);
    char path[512];
    snprintf(path, sizeof path, "%s/%s.log", outdir, tag);
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(log, f);
        fclose(f);
    }
    /* the ptxas lines that say registers */
    int shown = 0;
    for (char *line = strtok(log, "\n"); line && shown < 80; line = strtok(NULL, "\n"))
        if (strstr(line, "Used") || strstr(line, "Compiling entry") || strstr(line, "bytes stack")) {
            printf("    %s\n", line);
            shown++;
        }
    free(log);
    if (err == CL_SUCCESS) {
        report(prog, tag, launch);
        dump_ptx(prog, tag);
    }
    clReleaseProgram(prog);
    fflush(stdout);
}

int main(int argc, char **argv)
{
    outdir = argc > 1 ? argv[1] : ".";
    cl_platform_id plats[8];
    cl_uint np = 0;
    clGetPlatformIDs(8, plats, &np);
    for (cl_uint i = 0; i < np && !dev; ++i) {
        char name[256] = "";
        clGetPlatformInfo(plats[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
        if (strstr(name, "NVIDIA"))
            clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_GPU, 1, &dev, NULL);
    }
    if (!dev && np > 0)
        clGetDeviceIDs(plats[0], CL_DEVICE_TYPE_ALL, 1, &dev, NULL);
    if (!dev) {
        printf("no device\n");
        return 1;
    }
    char dname[256] = "", dver[256] = "";
    size_t maxwg = 0;
    clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof dname, dname, NULL);
    clGetDeviceInfo(dev, CL_DRIVER_VERSION, sizeof dver, dver, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof maxwg, &maxwg, NULL);
    cl_uint regs = 0;
    clGetDeviceInfo(dev, 0x4002 /* CL_DEVICE_REGISTERS_PER_BLOCK_NV */, sizeof regs, &regs, NULL);
    nvdev = getenv("PROBE_NOT_NV") == NULL;
    printf("device %s driver %s max wg %zu registers/block %u\n", dname, dver, maxwg, regs);
    cl_int err;
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    q = clCreateCommandQueue(ctx, dev, 0, &err);

    const char *base = "-cl-std=CL1.2 -w -DSMAX_OPENCL_C=1";
    const char *crdiv = " -cl-fp32-correctly-rounded-divide-sqrt";
    const char *nv = " -DSMAX_CL_NVIDIA=1";
    const char *w64 = " -DSMAX_CL_WORD64=1";
    const char *sm = " -DSMAX_CL_NV_SM=90";
    const char *pair = " -DSMAX_IN_DTYPE=0 -DSMAX_OUT_DTYPE=0";
    char o[1024];

    probe("t-none", trivial, trivial_barrier, "", 1);
    probe("t-asm", trivial_asm, NULL, "", 1);
    snprintf(o, sizeof o, "%s%s%s%s%s%s", base, crdiv, nv, w64, sm, pair);
    probe("t-full", trivial, trivial_barrier, o, 1);
    probe("s-full", smax_opencl_kernel_source, trivial, o, 1);
    snprintf(o, sizeof o, "%s%s%s%s%s", base, crdiv, w64, sm, pair);
    probe("s-no-nv", smax_opencl_kernel_source, trivial, o, 1);
    snprintf(o, sizeof o, "%s%s%s%s%s", base, crdiv, nv, w64, pair);
    probe("s-no-sm", smax_opencl_kernel_source, trivial, o, 1);
    snprintf(o, sizeof o, "%s%s%s%s%s", base, nv, w64, sm, pair);
    probe("s-no-div", smax_opencl_kernel_source, trivial, o, 1);
    snprintf(o, sizeof o, "%s%s%s%s%s", base, crdiv, nv, sm, pair);
    probe("s-no-w64", smax_opencl_kernel_source, trivial, o, 1);
    snprintf(o, sizeof o, "-DSMAX_OPENCL_C=1%s", pair);
    probe("s-bare", smax_opencl_kernel_source, trivial, o, 1);
    snprintf(o, sizeof o, "%s%s%s%s%s%s -cl-nv-maxrregcount=32", base, crdiv, nv, w64, sm, pair);
    probe("s-r32", smax_opencl_kernel_source, trivial, o, 1);
    return 0;
}
