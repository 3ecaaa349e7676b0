/*
 * smax_shard.h - the kernels of rows sharded over several devices
 * (include/smax/smax_shard.h, docs/sharded.md). The shard's own columns
 * run through the multi-block kernels (smax_multiblock.h,
 * smax_backward_multiblock.h); these add the three steps that face the
 * caller's memory:
 *
 *   smax_shard_collect   the last merge of a shard's chunk partials,
 *                        written as the caller's per-row partial: the
 *                        pair (m, s) forward, the single float S backward
 *   smax_shard_merge     k shards' per-row partials, as an all-gather
 *                        lays them (shard-major: shard j's rows at
 *                        j * rows), folded with THE merge operator in
 *                        shard order 0, 1, ..., k - 1 by one work-item
 *                        per row: a sequence of smax_merge calls fixed
 *                        by k alone, so every rank that runs it on the
 *                        same data gets the same bits
 *   smax_shard_bwd_write the gradient of a shard's chunks from the row
 *                        totals S, one float per row
 *
 * The forward finish is smax_mb_normalize itself, with the caller's
 * totals as its one partial per row. A backward sum travels through the
 * merge operator as the partial (0, S), as in smax_backward_multiblock.h:
 * (0, a) (+) (0, b) = (0, a + b) exactly, so the backward merge is plain
 * addition in shard order.
 */
#ifndef SMAX_SHARD_H
#define SMAX_SHARD_H

#ifndef SMAX_OPENCL_C
#include "smax_backward.h"
#include "smax_multiblock.h"
#endif

/* Group `row` merges the n_in partials of its row at in[in_off] (the
 * multi-block tree's last level) and writes the row's pair (width 2) or
 * its sum s (width 1) to out[out_off]. */
SMAX_KERNEL void SMAX_KNAME(smax_shard_collect)(
    const SMAX_GLOBAL float *in, smax_i64 in_off, int n_in,
    SMAX_GLOBAL float *out, smax_i64 out_off, int width SMAX_DYN_LOCAL_PARAM)
{
    SMAX_DYN_LOCAL_DECL
    const int lid = SMAX_LOCAL_ID();
    const smax_i64 row = SMAX_GROUP_ID();
    const smax_partial p = smax_merge_run(smax_dyn_local, in + in_off, row,
                                          n_in, 0, n_in, lid,
                                          SMAX_GROUP_SIZE());
    if (lid != 0)
        return;
    if (width == 2)
        smax_put_partial(out + out_off, row, p);
    else
        out[out_off + row] = p.s;
}

/* Item r of the launch folds row r of `shards` blocks of rows partials
 * (width 2: pairs (m, s); width 1: sums, as (0, s)) in block order and
 * writes the row's total in the same width. shards = 0 writes the
 * identity: (-inf, 0), or 0. out may be in (block 0) itself: item r reads
 * all of row r before it writes it, and touches no other row. */
SMAX_KERNEL void SMAX_KNAME(smax_shard_merge)(
    const SMAX_GLOBAL float *in, smax_i64 in_off, smax_i64 rows, int shards,
    int width, SMAX_GLOBAL float *out, smax_i64 out_off)
{
    const smax_i64 r =
        SMAX_GROUP_ID() * (smax_i64)SMAX_GROUP_SIZE() + SMAX_LOCAL_ID();
    if (r >= rows)
        return;
    smax_partial p = smax_partial_identity();
    for (int j = 0; j < shards; ++j) {
        const SMAX_GLOBAL float *src =
            in + in_off + ((smax_i64)j * rows + r) * width;
        smax_partial q;
        q.m = width == 2 ? src[0] : 0.0f;
        q.s = width == 2 ? src[1] : src[0];
        p = smax_merge(p, q);
    }
    if (width == 2) {
        out[out_off + 2 * r] = p.m;
        out[out_off + 2 * r + 1] = p.s;
    } else {
        out[out_off + r] = p.s;
    }
}

/* smax_bwd_mb_write with the row's S read from totals[totals_off + row]. */
SMAX_KERNEL void SMAX_KNAME(smax_shard_bwd_write)(
    const SMAX_GLOBAL smax_in_t *y, smax_i64 y_off, smax_i64 y_stride,
    const SMAX_GLOBAL smax_in_t *dy, smax_i64 dy_off, smax_i64 dy_stride,
    SMAX_GLOBAL smax_out_t *dx, smax_i64 dx_off, smax_i64 dx_stride,
    int cols, int chunk_len, int chunks, float scale, int flags,
    const SMAX_GLOBAL float *totals, smax_i64 totals_off)
{
    const int lid = SMAX_LOCAL_ID();
    const int lanes = SMAX_GROUP_SIZE();
    const smax_chunk c =
        smax_chunk_of(smax_second_pass_chunk(), cols, chunk_len, chunks);
    const SMAX_GLOBAL smax_in_t *yr = y + y_off + c.row * y_stride;
    const SMAX_GLOBAL smax_in_t *dyr = dy + dy_off + c.row * dy_stride;
    SMAX_GLOBAL smax_out_t *dxr = dx + dx_off + c.row * dx_stride;
    smax_bwd_slice_write(
        yr, dyr, dxr, smax_row_shift3(yr + c.begin, dyr + c.begin, dxr + c.begin),
        c.begin, c.end, lid, lanes,
        smax_bwd_total(totals[totals_off + c.row]), scale, flags);
}

#endif /* SMAX_SHARD_H */
