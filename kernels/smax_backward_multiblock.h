/*
 * smax_backward_multiblock.h - the gradient of few long rows and single
 * huge vectors in three phases, as the forward one: per-chunk sums, the
 * merge tree of smax_multiblock.h, then every chunk writes dx. A sum
 * travels as the partial (0, sum): THE merge operator then adds the sums
 * exactly as written (exp(0 - 0) = 1), so one merge kernel and one tree
 * serve both directions.
 */
#ifndef SMAX_BACKWARD_MULTIBLOCK_H
#define SMAX_BACKWARD_MULTIBLOCK_H

#ifndef SMAX_OPENCL_C
#include "smax_backward.h"
#include "smax_backward_cpu_rows.h"
#include "smax_multiblock.h"
#endif

SMAX_KERNEL void SMAX_KNAME(smax_bwd_mb_partials)(
    const SMAX_GLOBAL smax_in_t *y, smax_i64 y_off, smax_i64 y_stride,
    const SMAX_GLOBAL smax_in_t *dy, smax_i64 dy_off, smax_i64 dy_stride,
    int cols, int chunk_len, int chunks, int flags,
    SMAX_GLOBAL float *partials, smax_i64 partials_off SMAX_DYN_LOCAL_PARAM)
{
    SMAX_DYN_LOCAL_DECL
    const int lid = SMAX_LOCAL_ID();
    const int lanes = SMAX_GROUP_SIZE();
    const smax_i64 g = SMAX_GROUP_ID();
    const smax_chunk c = smax_chunk_of(g, cols, chunk_len, chunks);
    const SMAX_GLOBAL smax_in_t *yr = y + y_off + c.row * y_stride;
    const SMAX_GLOBAL smax_in_t *dyr = dy + dy_off + c.row * dy_stride;
#if defined(SMAX_CPU_DEVICE)
    /* CPU devices: one item a group, which walks its chunk in the device's
     * vector width (smax_backward_cpu_rows.h), as smax_mb_partials. */
    if (lanes == 1) {
        smax_partial p;
        p.m = 0.0f;
        p.s = smax_cpu_bwd_row_sum(yr + c.begin, dyr + c.begin,
                                   c.end - c.begin, flags);
        smax_put_partial(partials + partials_off, g, p);
        return;
    }
#endif

    float s = smax_bwd_slice_sum(
        yr, dyr, smax_row_shift_in2(yr + c.begin, dyr + c.begin), c.begin,
        c.end, lid, lanes, flags);
    s = smax_reduce_float(smax_dyn_local, s, 1, lid, lid, lanes);
    if (lid == 0) {
        smax_partial p;
        p.m = 0.0f;
        p.s = s;
        smax_put_partial(partials + partials_off, g, p);
    }
}

/* Every chunk writes dx with its row's S, the merge of the n_in partials
 * of its row at totals[totals_off] (smax_mb_normalize's last level). */
SMAX_KERNEL void SMAX_KNAME(smax_bwd_mb_write)(
    const SMAX_GLOBAL smax_in_t *y, smax_i64 y_off, smax_i64 y_stride,
    const SMAX_GLOBAL smax_in_t *dy, smax_i64 dy_off, smax_i64 dy_stride,
    SMAX_GLOBAL smax_out_t *dx, smax_i64 dx_off, smax_i64 dx_stride,
    int cols, int chunk_len, int chunks, float scale, int flags,
    const SMAX_GLOBAL float *totals, smax_i64 totals_off,
    int n_in SMAX_DYN_LOCAL_PARAM)
{
    SMAX_DYN_LOCAL_DECL
    const int lid = SMAX_LOCAL_ID();
    const int lanes = SMAX_GROUP_SIZE();
    const smax_chunk c =
        smax_chunk_of(smax_second_pass_chunk(), cols, chunk_len, chunks);
    const SMAX_GLOBAL smax_in_t *yr = y + y_off + c.row * y_stride;
    const SMAX_GLOBAL smax_in_t *dyr = dy + dy_off + c.row * dy_stride;
    SMAX_GLOBAL smax_out_t *dxr = dx + dx_off + c.row * dx_stride;
    const smax_partial total = smax_merge_run(
        smax_dyn_local, totals + totals_off, c.row, n_in, 0, n_in, lid, lanes);
#if defined(SMAX_CPU_DEVICE)
    if (lanes == 1) { /* as in smax_bwd_mb_partials */
        smax_cpu_bwd_row_write(yr + c.begin, dyr + c.begin, dxr + c.begin,
                               c.end - c.begin, smax_bwd_total(total.s), scale,
                               flags);
        return;
    }
#endif
    smax_bwd_slice_write(
        yr, dyr, dxr, smax_row_shift3(yr + c.begin, dyr + c.begin, dxr + c.begin),
        c.begin, c.end, lid, lanes, smax_bwd_total(total.s), scale, flags);
}

#endif /* SMAX_BACKWARD_MULTIBLOCK_H */
