/* gpu_backend.c - contexts, memory and launches for CUDA and HIP, written
 * once against gpu_runtime.h (each backend's include path picks its own). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu_backend.h"
#include "fault.h"

/* Streaming kernels want enough threads per block to keep loads in flight. */
#define GPU_GROUP 256

smax_status smax_gpu_fail(smax_context ctx, smax_gpu_error err,
                          const char *what)
{
    smax_status st = SMAX_ERROR_BACKEND;
    if (SMAX_GPU_ERR_NO_DEVICE(err))
        st = SMAX_ERROR_NO_DEVICE;
    else if (SMAX_GPU_ERR_OUT_OF_MEMORY(err))
        st = SMAX_ERROR_OUT_OF_MEMORY;
    return smax_fail(ctx, st, "%s: %s: %s (%s)", what, SMAX_GPU_RUNTIME_NAME,
                     SMAX_GPU(GetErrorString)(err),
                     SMAX_GPU(GetErrorName)(err));
}

#define TRY(call, what)                                                     \
    do {                                                                    \
        smax_gpu_error e_ = (call);                                         \
        if (e_ != SMAX_GPU(Success))                                        \
            return smax_gpu_fail(ctx, e_, what);                            \
    } while (0)

#if SMAX_GPU_HAS_CLUSTERS
static int is_cluster_kernel(int k)
{
    return k == SMAX_KERNEL_MB_CLUSTER || k == SMAX_KERNEL_BWD_MB_CLUSTER;
}

/* Where the device launches thread-block clusters, the one-launch rows of
 * both directions are clusters that push their partials into each other's
 * on-chip memory (kernels/smax_cluster.h). On the H100 that ran 9-12
 * points of copy above the device-memory exchange forward (f32 1024 x
 * 262144 88.8 -> 98.7%, bf16 4096 x 128256 80.6 -> 97.7) and up to 19
 * in the gradient (bf16 1024 x 262144 73.4 -> 92.2, f32 8192 x 32768
 * 78.8 -> 93.1; bench/results/h100-2026-11-24b). Past the portable 8
 * groups, as many as the kernels may opt into (16 on the H100), which
 * SMAX_CLUSTERS in the environment caps or turns off (smax_cluster_cap,
 * common/plan.c); whether a cluster of a given size fits is asked per plan
 * (smax_backend_max_clusters). */
static smax_status smax_gpu_init_clusters(smax_context ctx)
{
    int launch = 0;
    TRY(cudaDeviceGetAttribute(&launch, cudaDevAttrClusterLaunch,
                               ctx->backend->device),
        "querying cluster launch");
    ctx->traits.max_cluster = 0;
    if (!launch)
        return SMAX_SUCCESS;
    int max = 16;
    for (int pair = 0; pair < SMAX_PAIR_COUNT; ++pair)
        for (int k = 0; k < SMAX_KERNEL_COUNT; ++k)
            if (is_cluster_kernel(k) &&
                cudaFuncSetAttribute(
                    smax_gpu_kernel_pairs[pair][k],
                    cudaFuncAttributeNonPortableClusterSizeAllowed,
                    1) != cudaSuccess) {
                cudaGetLastError(); /* not sticky: keep the portable 8 */
                max = 8;
            }
    ctx->traits.max_cluster = max;
    /* Bulk copies (kernels/smax_onchip.h) where the kernels' code is
     * sm_90's: a build for older devices only, JIT-compiled here, has none
     * (the sm_90 kernels then run their exchange without registers). */
    struct cudaFuncAttributes attr;
    if (cudaFuncGetAttributes(
            &attr, smax_gpu_kernel_pairs[0][SMAX_KERNEL_BWD_MB_ONCHIP_REGS]) ==
        cudaSuccess)
        ctx->traits.bulk_keep = attr.ptxVersion >= 90;
    else
        cudaGetLastError(); /* not sticky: no bulk copies */
    return SMAX_SUCCESS;
}

/* A launch configuration of `groups` groups in clusters of `cluster`. */
static cudaLaunchConfig_t cluster_config(smax_context ctx, int64_t groups,
                                         int cluster, int group_size,
                                         size_t local_bytes,
                                         cudaLaunchAttribute *attr)
{
    cudaLaunchConfig_t cfg;
    memset(&cfg, 0, sizeof cfg);
    memset(attr, 0, sizeof *attr);
    cfg.gridDim = (dim3){(unsigned)groups, 1, 1};
    cfg.blockDim = (dim3){(unsigned)group_size, 1, 1};
    cfg.dynamicSmemBytes = local_bytes;
    cfg.stream = ctx->backend->stream;
    attr->id = cudaLaunchAttributeClusterDimension;
    attr->val.clusterDim.x = (unsigned)cluster;
    attr->val.clusterDim.y = 1;
    attr->val.clusterDim.z = 1;
    cfg.attrs = attr;
    cfg.numAttrs = 1;
    return cfg;
}
#else
static smax_status smax_gpu_init_clusters(smax_context ctx)
{
    ctx->traits.max_cluster = 0;
    return SMAX_SUCCESS;
}
#endif

/* Peak bytes a second of the device's memory: double data rate at its
 * clock, over its bus; 0 where the runtime does not say (the planner then
 * keeps its default, common/plan.c). */
static uint64_t smax_gpu_memory_bandwidth(int device)
{
    int khz = 0, bits = 0;
    if (SMAX_GPU(DeviceGetAttribute)(&khz, SMAX_GPU_ATTR_MEMORY_CLOCK_KHZ,
                                     device) != SMAX_GPU(Success) ||
        SMAX_GPU(DeviceGetAttribute)(&bits, SMAX_GPU_ATTR_MEMORY_BUS_BITS,
                                     device) != SMAX_GPU(Success) ||
        khz <= 0 || bits <= 0) {
        (void)SMAX_GPU(GetLastError)(); /* not sticky; leave none behind */
        return 0;
    }
    return (uint64_t)khz * 1000u * 2u * (uint64_t)(bits / 8);
}

/* The on-chip memory a compute unit shares among its groups and what the
 * runtime reserves of it per group (common/plan.c, group_share_bytes);
 * both 0 where the runtime does not say. */
static void smax_gpu_unit_local(int device, smax_device_traits *traits)
{
    int unit = 0, reserved = 0;
    if (SMAX_GPU_UNIT_SMEM(&unit, device) != SMAX_GPU(Success) ||
        SMAX_GPU_GROUP_SMEM_RESERVED(&reserved, device) != SMAX_GPU(Success) ||
        unit <= 0 || reserved < 0 || reserved >= unit) {
        (void)SMAX_GPU(GetLastError)(); /* not sticky; leave none behind */
        unit = 0;
        reserved = 0;
    }
    traits->unit_local_bytes = (uint32_t)unit;
    traits->group_local_reserved = (uint32_t)reserved;
}

smax_status smax_gpu_init(smax_context ctx)
{
    struct smax_backend *be = ctx->backend;
    smax_gpu_props props;
    int smem_optin = 0;
    TRY(SMAX_GPU(GetDeviceProperties)(&props, be->device),
        "GetDeviceProperties");
    TRY(SMAX_GPU_SMEM_OPTIN(&smem_optin, be->device),
        "querying the opt-in shared memory");
    if (smem_optin < (int)props.sharedMemPerBlock)
        smem_optin = (int)props.sharedMemPerBlock;
    smax_device_info *info = &ctx->info;
    snprintf(info->name, sizeof info->name, "%s", props.name);
    snprintf(info->vendor, sizeof info->vendor, "%s", SMAX_GPU_RUNTIME_NAME);
    info->global_mem_bytes = props.totalGlobalMem;
    info->max_alloc_bytes = props.totalGlobalMem;
    info->compute_units = (uint32_t)props.multiProcessorCount;
    info->max_group_size = (uint32_t)props.maxThreadsPerBlock;
    info->local_mem_bytes = (uint64_t)smem_optin;
    info->supports_f16 = 1; /* every kernel is instantiated for each pair */
    info->supports_bf16 = 1;
    ctx->traits.is_cpu = 0;
    ctx->traits.cooperative = 1;
    ctx->traits.cache_bytes = (uint64_t)props.l2CacheSize;
    ctx->traits.memory_bandwidth = smax_gpu_memory_bandwidth(be->device);
    smax_gpu_unit_local(be->device, &ctx->traits);
    ctx->traits.preferred_group = GPU_GROUP;
    ctx->traits.max_local_dynamic = (uint32_t)smem_optin;
    ctx->traits.async_keep = SMAX_GPU_ASYNC_COPY && props.major >= 8;
    ctx->traits.carved_cache = SMAX_GPU_CARVED_CACHE;
    /* nvcc's narrow register kernel led up to a warp's row slot (H200,
     * f32 32-256 columns; kernels/smax_geometry.h) */
    ctx->traits.narrow_reg_lanes = 32;
    /* and its deep one in groups of 256 and with 16-bit pairs (H200, CUDA
     * and HIP on NVIDIA; kernels/smax_geometry.h) */
    ctx->traits.deep_reg_wide = 1;
    /* the re-read's heads kept on-chip gained 1.5-4 points of copy where
     * the tails then fit the L2 (H100, bench/results/h100-2026-11-25e) */
    ctx->traits.reread_keep_heads = 1;
    /* Dynamic shared memory past the default (48 KB on NVIDIA) must be
     * opted into per kernel; every kernel may get the full opt-in amount.
     * Slots of kernels this backend lacks are empty. */
    for (int pair = 0; smem_optin > (int)props.sharedMemPerBlock &&
                       pair < SMAX_PAIR_COUNT;
         ++pair)
        for (int k = 0; k < SMAX_KERNEL_COUNT; ++k)
            if (smax_gpu_kernel_pairs[pair][k] != NULL)
                TRY(SMAX_GPU(FuncSetAttribute)(smax_gpu_kernel_pairs[pair][k],
                                               SMAX_GPU_FUNC_ATTR_MAX_DYN_SMEM,
                                               smem_optin),
                    smax_kernel_names[k]);
    return smax_gpu_init_clusters(ctx);
}

smax_status smax_backend_create_default(smax_context ctx)
{
    struct smax_backend *be = calloc(1, sizeof *be);
    if (be == NULL)
        return SMAX_ERROR_OUT_OF_MEMORY;
    ctx->backend = be;
    int count = 0;
    smax_gpu_error err = SMAX_GPU(GetDeviceCount)(&count);
    if (err != SMAX_GPU(Success) || count == 0) {
        smax_status st = smax_fail(ctx, SMAX_ERROR_NO_DEVICE,
                                   "no %s device is present (%s)",
                                   SMAX_GPU_RUNTIME_NAME,
                                   SMAX_GPU(GetErrorString)(err));
        smax_backend_destroy(ctx);
        return st;
    }
    err = SMAX_GPU(GetDevice)(&be->device);
    if (err == SMAX_GPU(Success))
        err = SMAX_GPU(StreamCreateWithFlags)(&be->stream,
                                              SMAX_GPU(StreamNonBlocking));
    smax_status st = err == SMAX_GPU(Success)
                         ? SMAX_SUCCESS
                         : smax_gpu_fail(ctx, err, "creating a stream");
    be->owns_stream = st == SMAX_SUCCESS;
    if (st == SMAX_SUCCESS)
        st = smax_gpu_init(ctx);
    if (st != SMAX_SUCCESS)
        smax_backend_destroy(ctx);
    return st;
}

void smax_backend_destroy(smax_context ctx)
{
    struct smax_backend *be = ctx->backend;
    if (be == NULL)
        return;
    if (be->owns_stream) {
        SMAX_GPU(StreamSynchronize)(be->stream);
        SMAX_GPU(StreamDestroy)(be->stream);
    }
    free(be);
    ctx->backend = NULL;
}

smax_status smax_backend_synchronize(smax_context ctx)
{
    TRY(SMAX_GPU(StreamSynchronize)(ctx->backend->stream), "StreamSynchronize");
    return SMAX_SUCCESS;
}

smax_status smax_backend_alloc(smax_context ctx, size_t bytes,
                               smax_native_mem *out)
{
    SMAX_FAULT_POINT(ctx, SMAX_FAULT_ALLOC);
    TRY(SMAX_GPU(SetDevice)(ctx->backend->device), "SetDevice");
    smax_gpu_error err = SMAX_GPU(Malloc)(&out->handle, bytes);
    if (err != SMAX_GPU(Success)) {
        /* An allocation failure is not sticky, but the runtime would report
         * it again from the next GetLastError, blaming a later launch. */
        SMAX_GPU(GetLastError)();
        return smax_gpu_fail(ctx, err, "Malloc");
    }
    return SMAX_SUCCESS;
}

/* The free waits for the device, so work queued on mem has finished. */
void smax_backend_free(smax_context ctx, smax_native_mem mem)
{
    SMAX_GPU(SetDevice)(ctx->backend->device);
    SMAX_GPU(Free)(mem.handle);
}

smax_status smax_backend_write(smax_context ctx, smax_native_mem dst,
                               size_t dst_offset, const void *src,
                               size_t bytes)
{
    SMAX_FAULT_POINT(ctx, SMAX_FAULT_TRANSFER);
    smax_gpu_stream s = ctx->backend->stream;
    TRY(SMAX_GPU(MemcpyAsync)((char *)dst.handle + dst_offset, src, bytes,
                              SMAX_GPU(MemcpyHostToDevice), s),
        "MemcpyAsync to the device");
    TRY(SMAX_GPU(StreamSynchronize)(s), "StreamSynchronize");
    return SMAX_SUCCESS;
}

smax_status smax_backend_read(smax_context ctx, smax_native_mem src,
                              size_t src_offset, void *dst, size_t bytes)
{
    SMAX_FAULT_POINT(ctx, SMAX_FAULT_TRANSFER);
    smax_gpu_stream s = ctx->backend->stream;
    TRY(SMAX_GPU(MemcpyAsync)(dst, (const char *)src.handle + src_offset,
                              bytes, SMAX_GPU(MemcpyDeviceToHost), s),
        "MemcpyAsync to the host");
    TRY(SMAX_GPU(StreamSynchronize)(s), "StreamSynchronize");
    return SMAX_SUCCESS;
}

smax_status smax_backend_copy(smax_context ctx, smax_native_mem dst,
                              size_t dst_offset, smax_native_mem src,
                              size_t src_offset, size_t bytes)
{
    SMAX_FAULT_POINT(ctx, SMAX_FAULT_TRANSFER);
    TRY(SMAX_GPU(MemcpyAsync)((char *)dst.handle + dst_offset,
                              (const char *)src.handle + src_offset, bytes,
                              SMAX_GPU(MemcpyDeviceToDevice),
                              ctx->backend->stream),
        "MemcpyAsync on the device");
    return SMAX_SUCCESS;
}

smax_status smax_backend_zero(smax_context ctx, smax_native_mem mem,
                              size_t dst_offset, size_t bytes)
{
    SMAX_FAULT_POINT(ctx, SMAX_FAULT_LAUNCH);
    TRY(SMAX_GPU(MemsetAsync)((char *)mem.handle + dst_offset, 0, bytes,
                              ctx->backend->stream),
        "MemsetAsync");
    return SMAX_SUCCESS;
}

/* The runtime copies each argument from the address given here. */
static void arg_slots(const smax_arg *args, int nargs, void **slots)
{
    for (int i = 0; i < nargs; ++i) {
        const smax_arg *a = &args[i];
        slots[i] = a->kind == SMAX_ARG_MEM   ? (void *)&a->v.mem.handle
                   : a->kind == SMAX_ARG_I64 ? (void *)&a->v.i64
                   : a->kind == SMAX_ARG_I32 ? (void *)&a->v.i32
                                             : (void *)&a->v.f32;
    }
}

/* The share of a unit's on-chip memory that unit_local bytes are, in
 * percent of the most it may have (the runtime rounds it up to a split it
 * has); 0 where none is asked (the planner asks only where
 * traits.carved_cache says the unit's store is split). */
static int carveout_percent(smax_context ctx, size_t unit_local)
{
    const uint64_t unit = ctx->traits.unit_local_bytes;
    if (unit_local == 0 || unit == 0)
        return 0;
    const uint64_t percent = (100u * (uint64_t)unit_local + unit - 1) / unit;
    return percent >= 100 ? 0 : (int)percent;
}

/* A launch whose units keep `percent` of their most on-chip memory, the
 * rest cache: by launch attribute where the runtime has one; else by the
 * kernel's attribute, set for this launch and cleared after it (another
 * thread's launch of the same kernel in between may get the split too:
 * its speed, never its result, changes). */
static smax_gpu_error smax_gpu_launch_carved(const void *kernel, dim3 grid,
                                             dim3 block, void **slots,
                                             size_t local_bytes,
                                             smax_gpu_stream stream,
                                             int percent)
{
#if SMAX_GPU_CARVEOUT_LAUNCH_ATTR
    cudaLaunchConfig_t cfg;
    cudaLaunchAttribute attr;
    memset(&cfg, 0, sizeof cfg);
    memset(&attr, 0, sizeof attr);
    cfg.gridDim = grid;
    cfg.blockDim = block;
    cfg.dynamicSmemBytes = local_bytes;
    cfg.stream = stream;
    attr.id = cudaLaunchAttributePreferredSharedMemoryCarveout;
    attr.val.sharedMemCarveout = (unsigned)percent;
    cfg.attrs = &attr;
    cfg.numAttrs = 1;
    return cudaLaunchKernelExC(&cfg, kernel, slots);
#else
    const smax_gpu_error set = SMAX_GPU(FuncSetAttribute)(
        kernel, SMAX_GPU(FuncAttributePreferredSharedMemoryCarveout), percent);
    if (set != SMAX_GPU(Success))
        return set;
    const smax_gpu_error err = SMAX_GPU(LaunchKernel)(kernel, grid, block,
                                                      slots, local_bytes,
                                                      stream);
    /* -1: no preference, the runtime's default */
    const smax_gpu_error clear = SMAX_GPU(FuncSetAttribute)(
        kernel, SMAX_GPU(FuncAttributePreferredSharedMemoryCarveout), -1);
    return err != SMAX_GPU(Success) ? err : clear;
#endif
}

smax_status smax_backend_launch(smax_context ctx, smax_kernel_id kernel,
                                int pair, int64_t groups, int group_size,
                                size_t local_bytes, size_t unit_local,
                                const smax_arg *args, int nargs)
{
    SMAX_FAULT_POINT(ctx, SMAX_FAULT_LAUNCH);
    void *slots[SMAX_MAX_KERNEL_ARGS];
    arg_slots(args, nargs, slots);
    dim3 grid = {(unsigned)groups, 1, 1};
    dim3 block = {(unsigned)group_size, 1, 1};
    const void *k = smax_gpu_kernel_pairs[pair][kernel];
    const int percent = carveout_percent(ctx, unit_local);
    const smax_gpu_error err =
        percent > 0 ? smax_gpu_launch_carved(k, grid, block, slots,
                                             local_bytes,
                                             ctx->backend->stream, percent)
                    : SMAX_GPU(LaunchKernel)(k, grid, block, slots,
                                             local_bytes, ctx->backend->stream);
    if (err != SMAX_GPU(Success)) {
        /* A refused launch (out of resources) is not sticky, but the
         * runtime would report it again from the next GetLastError,
         * blaming a later launch that ran. */
        SMAX_GPU(GetLastError)();
        return smax_gpu_fail(ctx, err, smax_kernel_names[kernel]);
    }
    TRY(SMAX_GPU(GetLastError)(), smax_kernel_names[kernel]);
    return SMAX_SUCCESS;
}

/* Every kernel may have the device's largest group: those planned with
 * it are compiled for it (SMAX_GROUPS_PER_CU). */
int smax_backend_max_group(smax_context ctx, smax_kernel_id kernel, int pair)
{
    (void)kernel, (void)pair;
    return (int)ctx->info.max_group_size;
}

int smax_backend_unit_groups(smax_context ctx, smax_kernel_id kernel, int pair,
                             int group_size)
{
    (void)ctx;
    const void *k = smax_gpu_kernel_pairs[pair][kernel];
    int n = 0;
    if (k == NULL ||
        SMAX_GPU(OccupancyMaxActiveBlocksPerMultiprocessor)(
            &n, k, group_size, 0) != SMAX_GPU(Success)) {
        SMAX_GPU(GetLastError)(); /* not sticky: the answer is "unknown" */
        return 0;
    }
    return n;
}

int smax_backend_max_clusters(smax_context ctx, smax_kernel_id kernel,
                              int pair, int cluster, int group_size,
                              size_t local_bytes)
{
#if SMAX_GPU_HAS_CLUSTERS
    if (ctx->traits.max_cluster < cluster ||
        smax_gpu_kernel_pairs[pair][kernel] == NULL)
        return 0;
    cudaLaunchAttribute attr;
    const cudaLaunchConfig_t cfg =
        cluster_config(ctx, cluster, cluster, group_size, local_bytes, &attr);
    int n = 0;
    if (cudaOccupancyMaxActiveClusters(&n, smax_gpu_kernel_pairs[pair][kernel],
                                       &cfg) != cudaSuccess) {
        cudaGetLastError(); /* not sticky: the answer is "none" */
        return 0;
    }
    return n;
#else
    (void)ctx, (void)kernel, (void)pair, (void)cluster, (void)group_size,
        (void)local_bytes;
    return 0;
#endif
}

smax_status smax_backend_launch_clusters(smax_context ctx,
                                         smax_kernel_id kernel, int pair,
                                         int64_t groups, int cluster,
                                         int group_size, size_t local_bytes,
                                         const smax_arg *args, int nargs)
{
    SMAX_FAULT_POINT(ctx, SMAX_FAULT_LAUNCH);
#if SMAX_GPU_HAS_CLUSTERS
    void *slots[SMAX_MAX_KERNEL_ARGS];
    arg_slots(args, nargs, slots);
    cudaLaunchAttribute attr;
    const cudaLaunchConfig_t cfg = cluster_config(ctx, groups, cluster,
                                                  group_size, local_bytes, &attr);
    const cudaError_t err =
        cudaLaunchKernelExC(&cfg, smax_gpu_kernel_pairs[pair][kernel], slots);
    if (err != cudaSuccess) {
        cudaGetLastError(); /* not sticky: as in smax_backend_launch */
        return smax_gpu_fail(ctx, err, smax_kernel_names[kernel]);
    }
    TRY(cudaGetLastError(), smax_kernel_names[kernel]);
    return SMAX_SUCCESS;
#else
    (void)pair, (void)groups, (void)cluster, (void)group_size,
        (void)local_bytes, (void)args, (void)nargs;
    return smax_fail(ctx, SMAX_ERROR_NOT_SUPPORTED,
                     "%s: %s has no thread-block clusters",
                     smax_kernel_names[kernel], SMAX_GPU_RUNTIME_NAME);
#endif
}
