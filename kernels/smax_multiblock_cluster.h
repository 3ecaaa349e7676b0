/*
 * smax_multiblock_cluster.h - the one-launch multi-block kernels, forward
 * and backward, with each row's groups forming a thread-block cluster
 * (CUDA, sm_90 and later): the phases of smax_multiblock_onchip.h and
 * smax_backward_multiblock_onchip.h around the cluster's exchange
 * (smax_cluster.h) instead of the device-memory one. Dynamic on-chip
 * memory: what the portable kernels take, then the exchange area
 * (smax_cluster_area).
 */
#ifndef SMAX_MULTIBLOCK_CLUSTER_H
#define SMAX_MULTIBLOCK_CLUSTER_H

#ifndef SMAX_OPENCL_C
#include "smax_backward_multiblock_onchip.h"
#include "smax_cluster.h"
#include "smax_multiblock_onchip.h"
#endif

#if defined(SMAX_HAVE_CLUSTER)
#if defined(SMAX_FWD_BULK_KEEP)
#define SMAX_FWD_CLUSTER_BOUNDS SMAX_REGISTERS_AT_MOST(SMAX_BULK_KEEP_REGISTERS)
#else
#define SMAX_FWD_CLUSTER_BOUNDS
#endif
SMAX_KERNEL void SMAX_FWD_CLUSTER_BOUNDS SMAX_KNAME(smax_mb_cluster)(
    const SMAX_GLOBAL smax_in_t *x, smax_i64 x_off, smax_i64 x_stride,
    SMAX_GLOBAL smax_out_t *y, smax_i64 y_off, smax_i64 y_stride,
    int cols, int chunk_len, int chunks, int chunk_pitch, float scale,
    int flags)
{
#if defined(SMAX_CLUSTER_ARCH)
    SMAX_DYN_LOCAL_DECL
    const int lid = SMAX_LOCAL_ID();
    const int lanes = SMAX_GROUP_SIZE();
    smax_onchip_t *chunk = (smax_onchip_t *)smax_dyn_local;
    float *red = smax_onchip_after(chunk, 1, chunk_pitch);
    const smax_cluster_area area = smax_cluster_area_at(red + 2 * lanes);
    smax_cluster_begin(area, lid);
    const smax_chunk c = smax_chunk_of(SMAX_GROUP_ID(), cols, chunk_len, chunks);
    const smax_in_t *xr = x + x_off + c.row * x_stride;
    smax_out_t *yr = y + y_off + c.row * y_stride;
    const smax_held h = smax_fwd_held_on_grid(c, xr, yr);
    const float lift = smax_held_lift(flags, 0);
#if defined(SMAX_FWD_BULK_KEEP)
    const smax_partial mine = smax_held_keep_bulk(
        xr, h, chunk, red, scale, lift, area.load, lid, lanes);
#else
    const smax_partial mine =
        smax_held_keep(xr, h, chunk, red, scale, 0, lift, lid, lanes);
#endif
    const smax_partial total = smax_cluster_exchange(
        mine, chunks, c.index, area, lid);
    smax_held_write(yr, h, chunk, total, scale, flags, lift, lid, lanes);
#endif
}

/* Kept by bulk copies, at most SMAX_BULK_KEEP_REGISTERS an item, so that
 * a compute unit holds 3 groups of 512 items (f32 rows of 128256 columns
 * in 16 chunks of 64 KB) or 6 of 256: nvcc took 47 for f32, which held 2
 * of 512, and those rows ran 3 points of copy below the register keep
 * (H200, f32 523 x 128256 82.1, 82.0 -> 79.0, 78.1; bench/results/
 * h200-2026-11-29d, call 2); at 40 it spills nothing. Through registers,
 * f32 y, dy and dx: compiled for SMAX_BWD_CLUSTER_GROUPS_PER_CU groups of
 * SMAX_CLUSTER_BOUND_ITEMS (smax_geometry.h), 64 registers an item, what
 * nvcc took unasked until the chunks' edges moved onto the grid
 * (smax_chunk_on_grid) made it take 72, with which 256-item groups lost one
 * group of four a compute unit (H100, f32 1335 x 50256 2941 -> 2553 GB/s;
 * bench/results/h100-2026-11-27f, call 7). The other pairs are left to
 * nvcc: their counts kept their groups a unit, and the bound raised bf16's
 * from 56 to 64. */
#if defined(SMAX_BULK_KEEP)
#define SMAX_BWD_CLUSTER_BOUNDS SMAX_REGISTERS_AT_MOST(SMAX_BULK_KEEP_REGISTERS)
#elif SMAX_BWD_CLUSTER_GROUPS_PER_CU(SMAX_IN_BYTES, SMAX_OUT_BYTES) > 0
#define SMAX_BWD_CLUSTER_BOUNDS                                               \
    SMAX_GROUPS_PER_CU(SMAX_CLUSTER_BOUND_ITEMS,                              \
                       SMAX_BWD_CLUSTER_GROUPS_PER_CU(SMAX_IN_BYTES,          \
                                                      SMAX_OUT_BYTES))
#else
#define SMAX_BWD_CLUSTER_BOUNDS
#endif
SMAX_KERNEL void SMAX_BWD_CLUSTER_BOUNDS SMAX_KNAME(smax_bwd_mb_cluster)(
    const SMAX_GLOBAL smax_in_t *y, smax_i64 y_off, smax_i64 y_stride,
    const SMAX_GLOBAL smax_in_t *dy, smax_i64 dy_off, smax_i64 dy_stride,
    SMAX_GLOBAL smax_out_t *dx, smax_i64 dx_off, smax_i64 dx_stride,
    int cols, int chunk_len, int chunks, int chunk_pitch, float scale,
    int flags)
{
#if defined(SMAX_CLUSTER_ARCH)
    SMAX_DYN_LOCAL_DECL
    const int lid = SMAX_LOCAL_ID();
    const int lanes = SMAX_GROUP_SIZE();
    smax_onchip_t *ky = (smax_onchip_t *)smax_dyn_local;
    smax_onchip_t *kd = ky + chunk_pitch;
    float *red = smax_onchip_after(ky, 2, chunk_pitch);
    const smax_cluster_area area = smax_cluster_area_at(red + 2 * lanes);
    smax_cluster_begin(area, lid);
    const smax_chunk c = smax_chunk_of(SMAX_GROUP_ID(), cols, chunk_len, chunks);
    const smax_in_t *yr = y + y_off + c.row * y_stride;
    const smax_in_t *dyr = dy + dy_off + c.row * dy_stride;
    smax_out_t *dxr = dx + dx_off + c.row * dx_stride;
    const smax_held h = smax_bwd_held_on_grid(c, yr, dyr, dxr);
#if defined(SMAX_BULK_KEEP)
    const smax_partial mine = smax_bwd_held_keep_bulk(
        yr, dyr, h, ky, kd, red, area.load, flags, lid, lanes);
#else
    const smax_partial mine =
        smax_bwd_held_keep(yr, dyr, h, ky, kd, red,
                           SMAX_BWD_KEEP_BATCH(SMAX_BWD_CLUSTER_KEEP_BATCH),
                           flags, lid, lanes);
#endif
    const float total = smax_bwd_total(
        smax_cluster_exchange(mine, chunks, c.index, area, lid).s);
    smax_bwd_held_write(dxr, h, ky, kd, total, scale, flags, lid, lanes);
#endif
}
#endif /* SMAX_HAVE_CLUSTER */

#endif /* SMAX_MULTIBLOCK_CLUSTER_H */
