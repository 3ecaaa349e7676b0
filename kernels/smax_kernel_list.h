/*
 * smax_kernel_list.h - every kernel of kernels/, once: X(ID, name) for the
 * host's kernel ids and names (common/backend.h, common/launch.c) and for
 * the CUDA/HIP launch tables. Compiles as host C, CUDA and HIP.
 */
#ifndef SMAX_KERNEL_LIST_H
#define SMAX_KERNEL_LIST_H

#define SMAX_KERNEL_LIST(X)                   \
    X(FUSED, smax_fused)                      \
    X(FUSED_REGS, smax_fused_regs)            \
    X(FUSED_REGS_DEEP, smax_fused_regs_deep)  \
    X(FUSED_REGS_NARROW, smax_fused_regs_narrow) \
    X(FUSED_TILE, smax_fused_tile)            \
    X(FUSED_SPLIT, smax_fused_split)          \
    X(FUSED_SPLIT_WIDE, smax_fused_split_wide) \
    X(ONLINE, smax_online)                    \
    X(MB_PARTIALS, smax_mb_partials)          \
    X(MB_MERGE, smax_mb_merge)                \
    X(MB_NORMALIZE, smax_mb_normalize)        \
    X(BWD_FUSED, smax_bwd_fused)              \
    X(BWD_FUSED_REGS, smax_bwd_fused_regs)    \
    X(BWD_FUSED_TILE, smax_bwd_fused_tile)    \
    X(BWD_FUSED_DEEP, smax_bwd_fused_deep)    \
    X(BWD_FUSED_SPLIT, smax_bwd_fused_split)  \
    X(BWD_ONLINE, smax_bwd_online)            \
    X(BWD_MB_PARTIALS, smax_bwd_mb_partials)  \
    X(BWD_MB_WRITE, smax_bwd_mb_write)        \
    X(MB_ONCHIP, smax_mb_onchip)              \
    X(BWD_MB_ONCHIP, smax_bwd_mb_onchip)      \
    X(MB_REREAD, smax_mb_reread)              \
    X(BWD_MB_REREAD, smax_bwd_mb_reread)      \
    X(CPU_ROWS, smax_cpu_rows)                \
    X(BWD_CPU_ROWS, smax_bwd_cpu_rows)        \
    X(SHARD_COLLECT, smax_shard_collect)      \
    X(SHARD_MERGE, smax_shard_merge)          \
    X(SHARD_BWD_WRITE, smax_shard_bwd_write)

/* Kernels only some backends have, after the portable ones: CUDA's for
 * sm_90 and later, the thread-block cluster kernels
 * (smax_multiblock_cluster.h) and the gradient's exchange that holds part
 * of each chunk in registers beside what bulk copies keep on-chip
 * (smax_backward_exchange_regs.h). Other backends leave their slots empty
 * and never plan them. */
#define SMAX_SM90_KERNEL_LIST(X)              \
    X(MB_CLUSTER, smax_mb_cluster)            \
    X(BWD_MB_CLUSTER, smax_bwd_mb_cluster)    \
    X(BWD_MB_ONCHIP_REGS, smax_bwd_mb_onchip_regs)

#define SMAX_COUNT_KERNEL(id, name) +1
/* The kernels every backend has: the first ones of smax_kernel_id. */
#define SMAX_PORTABLE_KERNEL_COUNT (0 SMAX_KERNEL_LIST(SMAX_COUNT_KERNEL))

/* Instantiations: one per (input dtype, output dtype), index
 * 3 * in + out with the values of smax_dtype. */
#define SMAX_DTYPE_COUNT 3
#define SMAX_PAIR_COUNT (SMAX_DTYPE_COUNT * SMAX_DTYPE_COUNT)

#endif /* SMAX_KERNEL_LIST_H */
