/* opencl_init.c - device facts and kernels of an OpenCL context. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opencl_backend.h"
#include "problem.h"
#include "smax_geometry.h"

/* Work-group sizes for the streaming kernels: enough items per group to
 * keep a GPU's memory pipes busy; on a CPU (PoCL) a group is a loop run by
 * one thread, where fewer, longer items cost less barrier overhead. */
#define GPU_GROUP 256
#define CPU_GROUP 64
/* cl_nv_device_attribute_query's CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV
 * and _MINOR_NV (NVIDIA's cl_ext.h; spelled here so that the build needs
 * no vendor header). */
#define NV_COMPUTE_MAJOR 0x4000
#define NV_COMPUTE_MINOR 0x4001
#define NV_REGISTERS_PER_BLOCK 0x4002

/* An NVIDIA device's compute capability as 10 * major + minor, for the
 * inline PTX an architecture has (kernels/smax_dialect.h); 0 elsewhere. */
static unsigned nv_compute_capability(cl_device_id d)
{
    char ext[4096] = "";
    clGetDeviceInfo(d, CL_DEVICE_EXTENSIONS, sizeof ext - 1, ext, NULL);
    cl_uint major = 0, minor = 0;
    if (strstr(ext, "cl_nv_device_attribute_query") == NULL ||
        clGetDeviceInfo(d, NV_COMPUTE_MAJOR, sizeof major, &major, NULL) !=
            CL_SUCCESS ||
        clGetDeviceInfo(d, NV_COMPUTE_MINOR, sizeof minor, &minor, NULL) !=
            CL_SUCCESS)
        return 0;
    return 10 * major + minor;
}

/* Registers a group may take on an NVIDIA device (as many as a compute
 * unit has on every NVIDIA GPU since Kepler); 0 where not reported. */
static unsigned nv_registers(cl_device_id d)
{
    cl_uint regs = 0;
    if (clGetDeviceInfo(d, NV_REGISTERS_PER_BLOCK, sizeof regs, &regs,
                        NULL) != CL_SUCCESS)
        return 0;
    return regs;
}

/* Registers a group may take, for the register budgets (opencl_init.c's
 * budget programs): NVIDIA's figure; elsewhere none, but under the test
 * switch SMAX_TEST_BUDGET=1 the H100's, so that CPU devices build and
 * launch budget programs as NVIDIA does (tests/CMakeLists.txt). */
#define SMAX_TEST_BUDGET_REGISTERS 65536u
static unsigned budget_registers(const struct smax_backend *be)
{
    if (be->nv_registers > 0)
        return be->nv_registers;
    const char *test = getenv("SMAX_TEST_BUDGET");
    return test != NULL && strcmp(test, "1") == 0 ? SMAX_TEST_BUDGET_REGISTERS
                                                  : 0;
}

/* Local memory left to the driver, in bytes (see query_info). */
#define LOCAL_MEM_RESERVE 256

static smax_status query_info(smax_context ctx)
{
    struct smax_backend *be = ctx->backend;
    smax_device_info *info = &ctx->info;
    cl_device_id d = be->device;
    cl_ulong global = 0, alloc = 0, local = 0;
    cl_uint units = 0;
    size_t group = 0;
    cl_device_type type = 0;
    cl_int err = clGetDeviceInfo(d, CL_DEVICE_NAME, sizeof info->name,
                                 info->name, NULL);
    err |= clGetDeviceInfo(d, CL_DEVICE_VENDOR, sizeof info->vendor,
                           info->vendor, NULL);
    err |= clGetDeviceInfo(d, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof global,
                           &global, NULL);
    err |= clGetDeviceInfo(d, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof alloc,
                           &alloc, NULL);
    err |= clGetDeviceInfo(d, CL_DEVICE_LOCAL_MEM_SIZE, sizeof local, &local,
                           NULL);
    err |= clGetDeviceInfo(d, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units,
                           &units, NULL);
    err |= clGetDeviceInfo(d, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof group,
                           &group, NULL);
    err |= clGetDeviceInfo(d, CL_DEVICE_TYPE, sizeof type, &type, NULL);
    cl_ulong cache = 0;
    err |= clGetDeviceInfo(d, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, sizeof cache,
                           &cache, NULL);
    ctx->traits.cache_bytes = cache;
    if (err != CL_SUCCESS)
        return smax_fail(ctx, SMAX_ERROR_BACKEND,
                         "querying the OpenCL device failed");
    info->global_mem_bytes = global;
    info->max_alloc_bytes = alloc;
    info->local_mem_bytes = local;
    info->compute_units = units;
    info->max_group_size = (uint32_t)group;
    ctx->backend->device_max_group = (unsigned)group;
    /* f16 moves through vload_half / vstore_half (core OpenCL 1.2, no
     * cl_khr_fp16), bf16 through integer bit operations: every device. */
    info->supports_f16 = 1;
    info->supports_bf16 = 1;
    ctx->traits.is_cpu = (type & CL_DEVICE_TYPE_CPU) != 0;
    /* NVIDIA GPUs of compute capability 8.0 and later keep on-chip rows by
     * asynchronous copies (cp.async as inline PTX, kernels/smax_dialect.h),
     * as the CUDA backend does there */
    ctx->backend->nv_sm = nv_compute_capability(d);
    ctx->backend->nv_registers = ctx->backend->nv_sm > 0 ? nv_registers(d)
                                                         : 0;
    ctx->backend->budget_registers = budget_registers(ctx->backend);
    ctx->traits.async_keep = ctx->backend->nv_sm >= 80;
    /* NVIDIA's OpenCL ran the narrow register kernel ahead only where the
     * usual one's smallest row slot is half empty: a slot of 4 lanes (f32
     * rows of 32 columns; 64 level, 128 and 256 lower;
     * kernels/smax_geometry.h) */
    ctx->traits.narrow_reg_lanes = SMAX_REG_MIN_LANES;
    /* and lost with the deep one's wider forms (f32 rows of 7500-8192
     * columns in 256 items 5-9 points, bf16 rows of 3800-4096 in four
     * vectors a lane 12-16; kernels/smax_geometry.h), which CUDA ran ahead:
     * deep_reg_wide stays 0; and it ran the re-read rows faster keeping no
     * head on-chip (common/plan.c): reread_keep_heads stays 0 */
    if (ctx->backend->nv_sm > 0) {
        const smax_cl_nv_memory_facts nv = smax_cl_nv_memory(d);
        ctx->traits.memory_bandwidth = nv.bandwidth;
        /* the L2 itself: NVIDIA's OpenCL reports 4 MB for the H100's 50 */
        if (nv.cache_bytes > 0)
            ctx->traits.cache_bytes = nv.cache_bytes;
    }
    smax_cl_nv_unit_local(ctx->backend->nv_sm, &ctx->traits);
    /* OpenCL C keeps the gradient's f32 chunks through registers even
     * where it has asynchronous copies (SMAX_BWD_ASYNC_KEEP) */
    ctx->traits.bwd_batch_keep_f32 = ctx->traits.async_keep;
    ctx->traits.preferred_group = ctx->traits.is_cpu ? CPU_GROUP : GPU_GROUP;
    /* A CPU device runs a group to its end before it starts the next on
     * that core, so groups that wait on each other could wait forever;
     * with no more of them per row than cores, PoCL runs them side by
     * side. SMAX_TEST_CPU_COOPERATIVE=1 allows that, for the conformance
     * suite to cover the one-launch kernels on a CPU (tests/CMakeLists.txt);
     * it is a test switch, not a tuning one. */
    const char *coop = getenv("SMAX_TEST_CPU_COOPERATIVE");
    ctx->traits.cooperative =
        !ctx->traits.is_cpu || (coop != NULL && strcmp(coop, "1") == 0);
    /* Drivers keep some local memory per group: on the H100, NVIDIA's
     * OpenCL failed a fused launch using exactly CL_DEVICE_LOCAL_MEM_SIZE
     * with CL_OUT_OF_RESOURCES. create_kernels() also takes the kernels'
     * own static local memory off. */
    const cl_ulong reserve = LOCAL_MEM_RESERVE;
    local = local > reserve ? local - reserve : 0;
    ctx->traits.max_local_dynamic = (uint32_t)(local > UINT32_MAX ? UINT32_MAX
                                                                  : local);
    return SMAX_SUCCESS;
}

/* Precise math only: no -cl-fast-relaxed-math, and correctly rounded
 * division where the device offers it (OpenCL 1.2 otherwise allows 2.5 ulp). */
static void build_options(smax_context ctx, char *out, size_t len)
{
    cl_device_fp_config fp = 0;
    clGetDeviceInfo(ctx->backend->device, CL_DEVICE_SINGLE_FP_CONFIG,
                    sizeof fp, &fp, NULL);
    /* 64-bit atomics: the one-launch kernels exchange their partials as
     * words that carry their epoch (kernels/smax_cooperative.h) */
    char ext[4096] = "";
    clGetDeviceInfo(ctx->backend->device, CL_DEVICE_EXTENSIONS,
                    sizeof ext - 1, ext, NULL);
    /* A CPU row's step: the device's native float vector, one AVX-512
     * register (16) or one AVX2 register (8) (kernels/smax_cpu_rows.h) */
    char cpu[64] = "";
    if (ctx->traits.is_cpu) {
        cl_uint native = 0;
        clGetDeviceInfo(ctx->backend->device,
                        CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT, sizeof native,
                        &native, NULL);
        snprintf(cpu, sizeof cpu, " -DSMAX_UNROLL= -DSMAX_CPU_DEVICE=1 "
                 "-DSMAX_CPU_W=%d", native >= 16 ? 16 : 8);
    }
    char nv_sm[32] = "";
    if (ctx->backend->nv_sm > 0)
        snprintf(nv_sm, sizeof nv_sm, " -DSMAX_CL_NV_SM=%u",
                 ctx->backend->nv_sm);
    /* SMAX_OPENCL_OPTIONS appends options, for diagnosing a driver. */
    const char *extra = getenv("SMAX_OPENCL_OPTIONS");
    /* -w: PoCL's and NVIDIA's compilers printed "N warnings generated." on
     * the embedding process's stderr at program builds (unroll hints they
     * could not follow), which nobody using the library can act on */
    snprintf(out, len, "-cl-std=CL1.2 -w -DSMAX_OPENCL_C=1%s%s%s%s%s %s",
             (fp & CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT)
                 ? " -cl-fp32-correctly-rounded-divide-sqrt"
                 : "",
             /* CPU compilers vectorise across work-items instead, and a
              * work-item's data stays in cache (kernels/smax_rows.h) */
             cpu,
             /* the device-wide fence as inline PTX (smax_dialect.h) */
             strstr(ctx->info.vendor, "NVIDIA") != NULL ? " -DSMAX_CL_NVIDIA=1"
                                                        : "",
             strstr(ext, "cl_khr_int64_base_atomics") != NULL
                 ? " -DSMAX_CL_WORD64=1"
                 : "",
             nv_sm, extra != NULL ? extra : "");
}

void smax_cl_release_pair(struct smax_backend *be, int pair)
{
    for (int k = 0; k < SMAX_KERNEL_COUNT; ++k) {
        if (be->kernels[pair][k] != NULL)
            clReleaseKernel(be->kernels[pair][k]);
        if (be->budget_programs[pair][k] != NULL)
            smax_cl_program_put(be->budget_programs[pair][k]);
        be->kernels[pair][k] = NULL;
        be->budget_programs[pair][k] = NULL;
        be->budget_caps[pair][k] = 0;
        be->max_groups[pair][k] = 0;
    }
    if (be->programs[pair] != NULL)
        smax_cl_program_put(be->programs[pair]);
    be->programs[pair] = NULL;
}

/* The groups a compute unit that kernel k of a pair with these element
 * sizes is compiled for, and its largest group (its register budget,
 * smax_geometry.h); 0 where it has none. */
static int budget_groups(smax_context ctx, int k, int in_bytes,
                         int out_bytes, int *items)
{
    switch (k) {
    case SMAX_KERNEL_MB_ONCHIP:
        /* the plan gives the exchange the usual group (common/plan.c) */
        *items = (int)ctx->traits.preferred_group;
        return SMAX_COOP_CL_GROUPS_PER_CU(in_bytes);
    case SMAX_KERNEL_FUSED_REGS:
        *items = SMAX_REG_GROUP;
        return SMAX_FWD_REG_GROUPS_PER_CU(in_bytes, out_bytes);
    case SMAX_KERNEL_FUSED_TILE:
        *items = SMAX_TILE_GROUP;
        return SMAX_TILE_GROUPS_PER_CU(in_bytes, out_bytes);
    case SMAX_KERNEL_MB_REREAD:
    case SMAX_KERNEL_BWD_MB_REREAD:
        *items = SMAX_REREAD_GROUP;
        return SMAX_REREAD_GROUPS_PER_CU;
    default:
        return 0;
    }
}

/* The build options of dtype pair `pair`'s program. */
static void pair_options(const struct smax_backend *be, int pair, char *out,
                         size_t len)
{
    snprintf(out, len, "%s -DSMAX_IN_DTYPE=%d -DSMAX_OUT_DTYPE=%d",
             be->options, pair / SMAX_DTYPE_COUNT, pair % SMAX_DTYPE_COUNT);
}

/* NVIDIA's OpenCL compiler caps registers only for a whole program, and a
 * cap that suits one kernel costs others (bf16 rows of 4096 columns, held
 * on-chip, lost 6 points under the short rows' cap). So a kernel with a
 * register budget comes from a program of its own, built with the cap
 * that lets its groups share a compute unit's registers, rounded down to
 * the 8 registers an item is given at a time; kernels with the same cap
 * share that program (the program cache). SMAX_CL_REGISTER_CAP tells the
 * kernels they are so built (kernels/smax_dialect.h: no inline ex2).
 * Here each budgeted kernel of a pair gets its cap, and the groups it may
 * have; its program is built on its first launch (smax_cl_kernel), since
 * each is a build of the whole source (13-35 s on NVIDIA's OpenCL
 * on a fresh machine) that most calls never need. */
static void plan_budgets(smax_context ctx, int pair)
{
    struct smax_backend *be = ctx->backend;
    const unsigned registers = be->budget_registers;
    if (registers == 0)
        return;
    const int in_bytes =
        (int)smax_dtype_bytes((smax_dtype)(pair / SMAX_DTYPE_COUNT));
    const int out_bytes =
        (int)smax_dtype_bytes((smax_dtype)(pair % SMAX_DTYPE_COUNT));
    for (int k = 0; k < SMAX_PORTABLE_KERNEL_COUNT; ++k) {
        int items = 0;
        const int groups =
            budget_groups(ctx, k, in_bytes, out_bytes, &items);
        if (groups <= 0)
            continue;
        const unsigned cap =
            registers / ((unsigned)items * (unsigned)groups) & ~7u;
        if (cap == 0) /* a register file too small for the budget */
            continue;
        be->budget_caps[pair][k] = cap;
        /* NVIDIA's OpenCL answers CL_KERNEL_WORK_GROUP_SIZE 256 for every
         * kernel, yet a kernel of 10 registers launches in groups of 1024
         * there (the probe of bench/results/h100-2026-12-06b): the groups
         * this kernel may have are those whose items share the registers
         * a group may take at the cap. */
        const unsigned items_at_cap = registers / cap & ~31u;
        be->max_groups[pair][k] = items_at_cap < be->device_max_group
                                      ? items_at_cap
                                      : be->device_max_group;
    }
}

/* Kernel k of a pair from the program of its register budget. On failure
 * the pair's kernel stays as it was, so that a later call tries again. */
static smax_status budget_kernel(smax_context ctx, int pair, int k)
{
    struct smax_backend *be = ctx->backend;
    char options[384], capped[448];
    pair_options(be, pair, options, sizeof options);
    /* elsewhere (the test switch) a program of its own all the same */
    snprintf(capped, sizeof capped, "%s %s=%u -DSMAX_CL_REGISTER_CAP", options,
             be->nv_registers > 0 ? "-cl-nv-maxrregcount"
                                  : "-DSMAX_CL_TEST_BUDGET",
             be->budget_caps[pair][k]);
    cl_program program;
    smax_status st = smax_cl_program_get(ctx, capped, &program);
    if (st != SMAX_SUCCESS)
        return st;
    cl_int err;
    cl_kernel kernel = clCreateKernel(program, smax_kernel_names[k], &err);
    if (err != CL_SUCCESS) {
        smax_cl_program_put(program);
        return smax_cl_fail(ctx, err, smax_kernel_names[k]);
    }
    clReleaseKernel(be->kernels[pair][k]);
    be->kernels[pair][k] = kernel;
    be->budget_programs[pair][k] = program;
    be->budget_caps[pair][k] = 0;
    return SMAX_SUCCESS;
}

/* The program and kernels of one dtype pair. */
static smax_status create_kernels(smax_context ctx, int pair)
{
    struct smax_backend *be = ctx->backend;
    char options[384];
    pair_options(be, pair, options, sizeof options);
    smax_status st = smax_cl_program_get(ctx, options, &be->programs[pair]);
    if (st != SMAX_SUCCESS)
        return st;
    for (int k = 0; k < SMAX_PORTABLE_KERNEL_COUNT && st == SMAX_SUCCESS;
         ++k) {
        cl_int err;
        be->kernels[pair][k] =
            clCreateKernel(be->programs[pair], smax_kernel_names[k], &err);
        if (err != CL_SUCCESS) {
            st = smax_cl_fail(ctx, err, smax_kernel_names[k]);
            break;
        }
        size_t wg = 0;
        if (clGetKernelWorkGroupInfo(be->kernels[pair][k], be->device,
                                     CL_KERNEL_WORK_GROUP_SIZE, sizeof wg,
                                     &wg, NULL) == CL_SUCCESS)
            be->max_groups[pair][k] = (unsigned)wg;
    }
    if (st == SMAX_SUCCESS)
        plan_budgets(ctx, pair);
    /* On failure the pair is left unbuilt, so a later call tries again. */
    if (st != SMAX_SUCCESS)
        smax_cl_release_pair(be, pair);
    return st;
}

smax_status smax_cl_pair_kernels(smax_context ctx, int pair, cl_kernel **out)
{
    struct smax_backend *be = ctx->backend;
    if (be->programs[pair] == NULL) {
        smax_status st = create_kernels(ctx, pair);
        if (st != SMAX_SUCCESS)
            return st;
    }
    *out = be->kernels[pair];
    return SMAX_SUCCESS;
}

smax_status smax_cl_kernel(smax_context ctx, int pair, smax_kernel_id kernel,
                           cl_kernel *out)
{
    cl_kernel *kernels;
    smax_status st = smax_cl_pair_kernels(ctx, pair, &kernels);
    if (st == SMAX_SUCCESS && ctx->backend->budget_caps[pair][kernel] > 0)
        st = budget_kernel(ctx, pair, (int)kernel);
    if (st == SMAX_SUCCESS)
        *out = kernels[kernel];
    return st;
}

/* Group size and on-chip memory limits, from the f32 kernels (every pair
 * has the same kernels with the same static local memory, none). */
static smax_status query_kernel_limits(smax_context ctx)
{
    struct smax_backend *be = ctx->backend;
    cl_ulong own_max = 0; /* static local memory of the hungriest kernel */
    for (int k = 0; k < SMAX_PORTABLE_KERNEL_COUNT; ++k) {
        const unsigned wg = be->max_groups[0][k];
        if (wg > 0 && wg < ctx->info.max_group_size)
            ctx->info.max_group_size = (uint32_t)wg;
        cl_ulong own = 0;
        const cl_int err = clGetKernelWorkGroupInfo(
            be->kernels[0][k], be->device, CL_KERNEL_LOCAL_MEM_SIZE,
            sizeof own, &own, NULL);
        if (err == CL_SUCCESS && own > own_max)
            own_max = own;
    }
    own_max = (own_max + 15) & ~(cl_ulong)15; /* the float4 argument follows */
    ctx->traits.max_local_dynamic =
        own_max < ctx->traits.max_local_dynamic
            ? ctx->traits.max_local_dynamic - (uint32_t)own_max
            : 0;
    return SMAX_SUCCESS;
}

smax_status smax_cl_init(smax_context ctx)
{
    smax_status st = query_info(ctx);
    if (st != SMAX_SUCCESS)
        return st;
    build_options(ctx, ctx->backend->options, sizeof ctx->backend->options);
    st = create_kernels(ctx, 0);
    if (st != SMAX_SUCCESS)
        return st;
    return query_kernel_limits(ctx);
}
