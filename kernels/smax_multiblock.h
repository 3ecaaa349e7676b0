/*
 * smax_multiblock.h - the three-phase multi-block algorithm, for few long
 * rows and single huge vectors: per-chunk partials, a merge tree of fixed
 * shape, then every chunk normalised with its row's total. The merge
 * kernel also serves the gradient (smax_backward_multiblock.h), whose
 * chunk sums travel as partials (0, sum).
 */
#ifndef SMAX_MULTIBLOCK_H
#define SMAX_MULTIBLOCK_H

#ifndef SMAX_OPENCL_C
#include "smax_cpu_rows.h"
#include "smax_reduce.h"
#include "smax_rows.h"
#endif

/* Chunk `index` of `row` for group g: [begin, end). */
typedef struct smax_chunk {
    smax_i64 row;
    int index;
    int begin, end;
    int last; /* the row's (or list's) last chunk: end is its end */
} smax_chunk;

SMAX_FN smax_chunk smax_chunk_of(smax_i64 g, int cols, int chunk_len,
                                 int chunks)
{
    smax_chunk c;
    c.row = g / chunks;
    c.index = (int)(g - c.row * chunks);
    c.begin = c.index * chunk_len;
    c.end = cols - c.begin < chunk_len ? cols : c.begin + chunk_len;
    c.last = c.end == cols;
    return c;
}

/* Chunk c with its inner edges moved back onto the row's vector grid
 * (`phase`: smax_row_shift* at the row's first element, -1 for none): by
 * chunk_len alone, a row off the 16-byte grid has every chunk off it too,
 * and each inner edge splits a vector, and its sector, between two groups,
 * which each take their part element by element. Moved, only the row's
 * first and last chunks have elements off the grid. A chunk then holds up
 * to a vector less one element more than chunk_len, which the pad room of
 * the planner's pitch holds. Taken by the forward's one-launch kernels
 * (smax_fwd_held_on_grid) and the gradient's clusters
 * (smax_bwd_held_on_grid; its device-memory exchange keeps chunk_len's
 * edges); every group of a row must move its chunk alike. */
SMAX_FN smax_chunk smax_chunk_on_grid(smax_chunk c, int phase)
{
    if (phase > 0) {
        if (c.begin > 0)
            c.begin -= phase;
        if (!c.last)
            c.end -= phase;
    }
    return c;
}

SMAX_FN void smax_put_partial(SMAX_GLOBAL float *out, smax_i64 g,
                              smax_partial p)
{
    out[2 * g] = p.m;
    out[2 * g + 1] = p.s;
}

SMAX_FN smax_partial smax_get_partial(const SMAX_GLOBAL float *in, smax_i64 k)
{
    smax_partial p;
    p.m = in[2 * k];
    p.s = in[2 * k + 1];
    return p;
}

/* Phase 1: group g takes chunk (g % chunks) of row (g / chunks) and writes
 * its partial to partials[2 * g], partials[2 * g + 1]. */
SMAX_KERNEL void SMAX_KNAME(smax_mb_partials)(
    const SMAX_GLOBAL smax_in_t *x, smax_i64 x_off, smax_i64 x_stride,
    int cols, int chunk_len, int chunks, float scale,
    SMAX_GLOBAL float *partials, smax_i64 partials_off SMAX_DYN_LOCAL_PARAM)
{
    SMAX_DYN_LOCAL_DECL
    const int lid = SMAX_LOCAL_ID();
    const int lanes = SMAX_GROUP_SIZE();
    const smax_i64 g = SMAX_GROUP_ID();
    const smax_chunk c = smax_chunk_of(g, cols, chunk_len, chunks);
    const SMAX_GLOBAL smax_in_t *xr = x + x_off + c.row * x_stride;
#if defined(SMAX_CPU_DEVICE)
    /* CPU devices: one item a group, which walks its chunk in the device's
     * own vector width (smax_cpu_rows.h). */
    if (lanes == 1) {
        smax_put_partial(partials + partials_off, g,
                         smax_cpu_chunk_partial(xr + c.begin, c.end - c.begin,
                                                scale));
        return;
    }
#endif

    /* Only x is read here: its own alignment decides the vectors. */
    smax_partial p =
        smax_slice_partial(xr, smax_row_shift_in(xr + c.begin), c.begin,
                           c.end, lid, lanes, scale);
    p = smax_reduce_partial(smax_dyn_local, p, lid, lid, lanes);
    if (lid == 0)
        smax_put_partial(partials + partials_off, g, p);
}

/* The chunk (as smax_chunk_of numbers them) that a group of a pass which
 * reads the operands a second time takes: the last first. Groups start
 * about in the order of their ids, so the first pass read the last chunks
 * last, and those are what the device's cache still holds; taken first,
 * they are re-read from there before this pass's own writes push them
 * out. */
SMAX_FN smax_i64 smax_second_pass_chunk(void)
{
    return SMAX_GROUP_COUNT() - 1 - SMAX_GROUP_ID();
}

/* Partials an item loads before it folds them (smax_merge_run). */
#define SMAX_MERGE_BATCH 4

/* The merge of partials [begin, end) of `row` of the n_in per row at `in`:
 * item lid folds every lanes-th in order, then the group reduces them in
 * its fixed order, so every group that merges the same run gets the same
 * bits. */
SMAX_FN smax_partial smax_merge_run(SMAX_LOCAL float *red,
                                    const SMAX_GLOBAL float *in, smax_i64 row,
                                    int n_in, int begin, int end, int lid,
                                    int lanes)
{
    const SMAX_GLOBAL float *src = in + 2 * row * n_in;
    smax_partial p = smax_partial_identity();
    /* A batch's loads go out before it is folded: phase 3 of 1 x 2^24
     * (4 partials an item) waited for them one by one. */
    for (int k0 = begin + lid; k0 < end; k0 += SMAX_MERGE_BATCH * lanes) {
        smax_partial q[SMAX_MERGE_BATCH];
        SMAX_UNROLL_ALL
        for (int u = 0; u < SMAX_MERGE_BATCH; ++u)
            if (k0 + u * lanes < end)
                q[u] = smax_get_partial(src, k0 + u * lanes);
        SMAX_UNROLL_ALL
        for (int u = 0; u < SMAX_MERGE_BATCH; ++u)
            if (k0 + u * lanes < end)
                p = smax_merge(p, q[u]);
    }
    return smax_reduce_partial(red, p, lid, lid, lanes);
}

/* Phase 2: merges runs of up to `fan_in` consecutive partials of a row into
 * one. Input: n_in partials per row; output: n_out = ceil(n_in / fan_in) per
 * row; group g makes output (g % n_out) of row (g / n_out). The host repeats
 * it until at most `fan_in` partials per row are left, and every group of
 * phase 3 merges those itself (the tree's last level): a tree with a fixed
 * shape, and one launch fewer. */
SMAX_KERNEL void SMAX_KNAME(smax_mb_merge)(
    const SMAX_GLOBAL float *in, smax_i64 in_off, int n_in,
    SMAX_GLOBAL float *out, smax_i64 out_off, int n_out,
    int fan_in SMAX_DYN_LOCAL_PARAM)
{
    SMAX_DYN_LOCAL_DECL
    const int lid = SMAX_LOCAL_ID();
    const smax_i64 g = SMAX_GROUP_ID();
    const smax_chunk c = smax_chunk_of(g, n_in, fan_in, n_out);
    const smax_partial p =
        smax_merge_run(smax_dyn_local, in + in_off, c.row, n_in, c.begin,
                       c.end, lid, SMAX_GROUP_SIZE());
    if (lid == 0)
        smax_put_partial(out + out_off, g, p);
}

/* Phase 3: every chunk writes its outputs with the row's final (m, s),
 * the merge of the n_in partials of its row at totals[totals_off]. */
SMAX_KERNEL void SMAX_KNAME(smax_mb_normalize)(
    const SMAX_GLOBAL smax_in_t *x, smax_i64 x_off, smax_i64 x_stride,
    SMAX_GLOBAL smax_out_t *y, smax_i64 y_off, smax_i64 y_stride, int cols,
    int chunk_len, int chunks, float scale, int flags,
    const SMAX_GLOBAL float *totals, smax_i64 totals_off,
    int n_in SMAX_DYN_LOCAL_PARAM)
{
    SMAX_DYN_LOCAL_DECL
    const int lid = SMAX_LOCAL_ID();
    const int lanes = SMAX_GROUP_SIZE();
    const smax_chunk c =
        smax_chunk_of(smax_second_pass_chunk(), cols, chunk_len, chunks);
    const SMAX_GLOBAL smax_in_t *xr = x + x_off + c.row * x_stride;
    SMAX_GLOBAL smax_out_t *yr = y + y_off + c.row * y_stride;
    const smax_partial total = smax_merge_run(
        smax_dyn_local, totals + totals_off, c.row, n_in, 0, n_in, lid, lanes);
#if defined(SMAX_CPU_DEVICE)
    if (lanes == 1) { /* as in smax_mb_partials */
        smax_cpu_chunk_write(xr + c.begin, yr + c.begin, c.end - c.begin,
                             scale, total, flags);
        return;
    }
#endif
    smax_slice_normalize(xr, yr, smax_row_shift(xr + c.begin, yr + c.begin),
                         c.begin, c.end, lid, lanes, scale, total, flags);
}

#endif /* SMAX_MULTIBLOCK_H */
