/* opencl_backend.h - the OpenCL backend's per-context state. */
#ifndef SMAX_OPENCL_BACKEND_H
#define SMAX_OPENCL_BACKEND_H

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include "backend.h"

#ifndef CL_PLATFORM_NOT_FOUND_KHR
#define CL_PLATFORM_NOT_FOUND_KHR -1001 /* from cl_icd / cl_ext.h */
#endif

struct smax_backend {
    cl_device_id device;
    cl_context context;
    cl_command_queue queue;
    char options[256]; /* build options common to every dtype pair     */
    unsigned nv_sm;    /* NVIDIA compute capability, 10 * major + minor;
                          0 on other devices (opencl_init.c)            */
    unsigned nv_registers; /* registers a group may take, on NVIDIA; 0
                              elsewhere (opencl_init.c)                 */
    unsigned budget_registers; /* the same for the register budgets: also
                                  the test switch's (opencl_init.c)     */
    /* One program per dtype pair (3 * in + out), built on first use. */
    cl_program programs[SMAX_PAIR_COUNT];
    /* The program a kernel with a register budget comes from where it is
     * not the pair's (NVIDIA; opencl_init.c), else NULL. */
    cl_program budget_programs[SMAX_PAIR_COUNT][SMAX_KERNEL_COUNT];
    /* The register cap of a budgeted kernel whose program is not built
     * yet (it is on the kernel's first launch: smax_cl_kernel), else 0. */
    unsigned budget_caps[SMAX_PAIR_COUNT][SMAX_KERNEL_COUNT];
    /* The most items a group of each kernel may have, found as the kernel
     * is made (opencl_init.c); 0 where the driver did not say. */
    unsigned max_groups[SMAX_PAIR_COUNT][SMAX_KERNEL_COUNT];
    /* CL_DEVICE_MAX_WORK_GROUP_SIZE (info.max_group_size is the smallest
     * kernel's) */
    unsigned device_max_group;
    cl_kernel kernels[SMAX_PAIR_COUNT][SMAX_KERNEL_COUNT];
};

/* The embedded kernel source (generated at build time by cmake/embed.cmake
 * from kernels/). */
extern const char smax_opencl_kernel_source[];

const char *smax_cl_error_string(cl_int err);
/* Maps an OpenCL error to a status and records `what` with its name. */
smax_status smax_cl_fail(smax_context ctx, cl_int err, const char *what);

/* Picks the device of a default context: SMAX_OPENCL_DEVICE if set, else the
 * first GPU, else the first device of any type. */
smax_status smax_cl_pick_device(smax_context ctx, cl_device_id *out);

/* What NVIDIA's driver libraries say of an NVIDIA device's memory
 * (nv_memory.c): peak bytes a second, from its management library, and
 * its last-level cache in bytes, from the CUDA driver; 0 where they cannot
 * say. */
typedef struct smax_cl_nv_memory_facts {
    uint64_t bandwidth;
    uint64_t cache_bytes;
} smax_cl_nv_memory_facts;
smax_cl_nv_memory_facts smax_cl_nv_memory(cl_device_id d);

/* The on-chip memory a compute unit of an NVIDIA device of compute
 * capability nv_sm (10 * major + minor) shares among its groups, and what
 * the driver reserves of it per group (nv_unit.c); both 0 where unknown. */
void smax_cl_nv_unit_local(unsigned nv_sm, smax_device_traits *traits);

/* Fills ctx->info and ctx->traits from device queries and builds (or finds
 * in the process-wide cache) the f32 program. Context and queue are set. */
smax_status smax_cl_init(smax_context ctx);
/* Releases the kernels and programs of dtype pair `pair`, leaving it
 * unbuilt. */
void smax_cl_release_pair(struct smax_backend *be, int pair);
/* The kernels of dtype pair `pair`, building its program on first use
 * (a budgeted kernel is the pair program's until smax_cl_kernel). */
smax_status smax_cl_pair_kernels(smax_context ctx, int pair,
                                 cl_kernel **out);
/* Kernel `kernel` of dtype pair `pair` as it launches: the pair built on
 * first use, and a kernel with a register budget from its own program,
 * built on its first launch. */
smax_status smax_cl_kernel(smax_context ctx, int pair, smax_kernel_id kernel,
                           cl_kernel *out);

/* The program for (context, device, options), built once per process and
 * shared by every smax context on the same OpenCL context and device. Each
 * get is matched by one put. */
smax_status smax_cl_program_get(smax_context ctx, const char *options,
                                cl_program *out);
void smax_cl_program_put(cl_program program);

#endif
