/*
 * backend.h - the seam between the neutral front end (common/) and the one
 * backend a build contains (backends/cuda, backends/hip or backends/opencl).
 *
 * The front end has already checked every argument and made the plan when it
 * calls a backend: backends only move bytes and launch kernels, and report
 * vendor failures through smax_fail(). Each backend defines struct
 * smax_backend (its per-context state) and implements every function below.
 */
#ifndef SMAX_COMMON_BACKEND_H
#define SMAX_COMMON_BACKEND_H

#include "context.h"
#include "plan.h"
#include "smax_kernel_list.h"

/* Fills ctx->backend and ctx->info for the default device. */
smax_status smax_backend_create_default(smax_context ctx);
/* Waits for the queue and releases everything the backend owns. */
void smax_backend_destroy(smax_context ctx);
smax_status smax_backend_synchronize(smax_context ctx);

smax_status smax_backend_alloc(smax_context ctx, size_t bytes,
                               smax_native_mem *out);
void smax_backend_free(smax_context ctx, smax_native_mem mem);
/* Blocking transfers. */
smax_status smax_backend_write(smax_context ctx, smax_native_mem dst,
                               size_t dst_offset, const void *src,
                               size_t bytes);
smax_status smax_backend_read(smax_context ctx, smax_native_mem src,
                              size_t src_offset, void *dst, size_t bytes);
/* Enqueued device-to-device copy. */
smax_status smax_backend_copy(smax_context ctx, smax_native_mem dst,
                              size_t dst_offset, smax_native_mem src,
                              size_t src_offset, size_t bytes);
/* Enqueued: `bytes` of mem from byte dst_offset set to zero (a multiple of
 * 4 bytes at a 4-byte offset), ordered with the context's other work and
 * without waiting on the host. */
smax_status smax_backend_zero(smax_context ctx, smax_native_mem mem,
                              size_t dst_offset, size_t bytes);
/* The kernels of kernels/, by the names they have there (one list:
 * kernels/smax_kernel_list.h). */
#define SMAX_KERNEL_ENUM(id, name) SMAX_KERNEL_##id,
typedef enum smax_kernel_id {
    SMAX_KERNEL_LIST(SMAX_KERNEL_ENUM)
    SMAX_SM90_KERNEL_LIST(SMAX_KERNEL_ENUM) SMAX_KERNEL_COUNT
} smax_kernel_id;

extern const char *const smax_kernel_names[SMAX_KERNEL_COUNT];

/* The one-launch kernel of a device-memory exchange: the re-read rows' or
 * the held chunks', forward or gradient; the gradient's held partly in
 * registers where `regs`. */
static inline smax_kernel_id smax_exchange_kernel(smax_direction direction,
                                                  int reread, int regs)
{
    if (direction == SMAX_BACKWARD)
        return reread ? SMAX_KERNEL_BWD_MB_REREAD
               : regs ? SMAX_KERNEL_BWD_MB_ONCHIP_REGS
                      : SMAX_KERNEL_BWD_MB_ONCHIP;
    return reread ? SMAX_KERNEL_MB_REREAD : SMAX_KERNEL_MB_ONCHIP;
}

/* One kernel argument, in the order of the kernel's parameter list. */
typedef enum smax_arg_kind {
    SMAX_ARG_MEM,
    SMAX_ARG_I64,
    SMAX_ARG_I32,
    SMAX_ARG_F32
} smax_arg_kind;

typedef struct smax_arg {
    smax_arg_kind kind;
    union {
        smax_native_mem mem;
        int64_t i64;
        int32_t i32;
        float f32;
    } v;
} smax_arg;

/* The longest parameter list: the backward one-launch kernel's 21. */
#define SMAX_MAX_KERNEL_ARGS 24

/* Enqueues `groups` groups of `group_size` work-items of the kernel's
 * instantiation for dtype pair `pair` (3 * in + out, smax_kernel_list.h).
 * local_bytes > 0
 * gives the kernel that much dynamic on-chip memory (its last parameter in
 * OpenCL); kernels without SMAX_DYN_LOCAL_PARAM are launched with 0.
 * unit_local > 0 asks each compute unit for that much on-chip memory where
 * it is carved from the unit's cache (traits.carved_cache), the rest left
 * to the cache; elsewhere, and at 0, the runtime chooses. */
smax_status smax_backend_launch(smax_context ctx, smax_kernel_id kernel,
                                int pair, int64_t groups, int group_size,
                                size_t local_bytes, size_t unit_local,
                                const smax_arg *args, int nargs);

/* The most work-items a group of the kernel's instantiation may have:
 * info.max_group_size or more (kernels compiled for larger groups than
 * the device's hungriest kernel allows). */
int smax_backend_max_group(smax_context ctx, smax_kernel_id kernel, int pair);

/* How many groups of group_size work-items of the kernel's instantiation
 * a compute unit holds at once by their registers and items alone (no
 * dynamic on-chip memory): the runtime's occupancy query, where the
 * backend has one (CUDA, HIP); 0 where it does not (OpenCL). */
int smax_backend_unit_groups(smax_context ctx, smax_kernel_id kernel, int pair,
                             int group_size);

/* Thread-block clusters (CUDA on sm_90 and later, where the backend set
 * traits.max_cluster; kernels/smax_cluster.h). How many clusters of
 * `cluster` groups of the kernel's instantiation, each of group_size
 * work-items and local_bytes of dynamic on-chip memory, the device holds
 * at once: 0 where it cannot run one, and on every other backend. */
int smax_backend_max_clusters(smax_context ctx, smax_kernel_id kernel,
                              int pair, int cluster, int group_size,
                              size_t local_bytes);
/* As smax_backend_launch, with every `cluster` consecutive groups one
 * cluster (groups a multiple of cluster). */
smax_status smax_backend_launch_clusters(smax_context ctx,
                                         smax_kernel_id kernel, int pair,
                                         int64_t groups, int cluster,
                                         int group_size, size_t local_bytes,
                                         const smax_arg *args, int nargs);

#endif
