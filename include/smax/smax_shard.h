/*
 * smax_shard.h - softmax over rows whose columns are split over several
 * devices (vocabulary-parallel logits): the three phases of multi-block as
 * public calls, for any collective library (NCCL, RCCL, MPI, your own).
 * docs/sharded.md explains them and has an example program.
 *
 * A rank holds a shard: the same rows, a range of their columns, described
 * by an ordinary smax_problem (cols = the shard's width; strides, dtypes,
 * flags, scale as for smax_softmax; the algorithm field must be valid and
 * is ignored: shards run the multi-block kernels). Forward:
 *
 *   1. smax_shard_partials: per row, the shard's partial (m, s),
 *      m = max_c scale*x[c], s = sum_c exp(scale*x[c] - m) over its columns.
 *   2. the caller gathers every rank's partials (an all-gather of
 *      rows * 2 floats per rank), in rank order.
 *   3. smax_shard_merge: the row totals, k partials a row folded with THE
 *      merge operator of smax (kernels/smax_merge.h) in rank order 0..k-1.
 *   4. smax_shard_finish: the shard's outputs from the totals.
 *
 * Only 2 floats per row cross between ranks, whatever the width.
 * Backward: smax_shard_backward_partials gives per row the shard's
 * S = sum(y * dy) (softmax) or sum(dy) (log-softmax); the sums of all
 * ranks are added (an all-reduce, or smax_shard_backward_merge on
 * gathered sums for a fixed order); smax_shard_backward_finish writes dx.
 *
 * Layouts (all f32, native byte order, at byte offsets in the smax_buffer
 * given):
 *   partials, totals   rows pairs: row r's m at float 2r, s at 2r + 1
 *                      (an array of smax_row_partial)
 *   gathered           k blocks of rows pairs, block j = rank j's
 *                      partials (what ncclAllGather / MPI_Allgather make)
 *   backward sums      rows floats; gathered backward sums: k blocks of
 *                      rows floats
 * Special values: a shard of -inf only gives (-inf, 0) and leaves the
 * others' result unchanged; a NaN makes its row's s NaN and the row NaN;
 * +inf as in smax_softmax (NaN row). A shard of 0 columns (an uneven
 * split) gives the identity (-inf, 0), or S = 0, for every row, so it can
 * take part in the collective like any other.
 *
 * Bit-identical totals: smax_shard_merge folds the k partials of a row
 * one by one in rank order with one work-item per row, so the same build
 * on the same kind of device gives every rank the same bits from the same
 * gathered data (the merge does not depend on the problem's dtypes). Two
 * different devices or backends may differ in exp's last bit.
 *
 * Calls are asynchronous on the context's stream/queue, check their
 * arguments like smax_softmax (context, problem, sizes, the quick return,
 * pointers, buffer ranges and overlaps, capabilities; PRODUCT.md section
 * 5) and on any failure enqueue and write nothing. rows == 0 returns
 * SMAX_SUCCESS at once and allows NULL buffers; cols == 0 too for the
 * finishing calls. Offsets that are not a multiple of the element size
 * (4 for partials, totals and sums) work through a slower path that copies
 * through aligned temporaries (SMAX_ERROR_NOT_SUPPORTED on a context with a
 * caller's workspace, as for smax_softmax).
 */
#ifndef SMAX_SMAX_SHARD_H
#define SMAX_SMAX_SHARD_H

#include "smax/smax.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One row's partial or total, as it lies in device memory. */
typedef struct smax_row_partial {
    float m; /* maximum of scale * x over the columns; -inf when empty */
    float s; /* sum of exp(scale * x - m) over them; 0 when empty      */
} smax_row_partial;

/* ---- forward ------------------------------------------------------------- */

/* partials[r] = the (m, s) of row r of this shard's x (shard->rows x
 * shard->cols of shard->x_dtype, row stride x_row_stride, scaled by
 * shard->scale). shard->y_dtype selects the same exponential as the
 * finishing call's. partials may not overlap x. */
SMAX_API smax_status smax_shard_partials(smax_context context,
                                         const smax_problem *shard,
                                         smax_buffer x, size_t x_offset,
                                         smax_buffer partials,
                                         size_t partials_offset);

/* totals[r] = gathered[0][r] (+) gathered[1][r] (+) ... (+)
 * gathered[shards-1][r], folded left to right with THE merge operator,
 * where gathered[j] is the block of `rows` partials at gathered_offset +
 * j * rows * 8 bytes. totals may be block 0 itself (the same offset: in
 * place) and must not overlap the other blocks. shards >= 1. */
SMAX_API smax_status smax_shard_merge(smax_context context, int64_t rows,
                                      int shards, smax_buffer gathered,
                                      size_t gathered_offset,
                                      smax_buffer totals,
                                      size_t totals_offset);

/* y = the shard's part of softmax(scale * x) (or log-softmax with
 * SMAX_FLAG_LOG, zeros for rows of -inf only with
 * SMAX_FLAG_MASKED_ROWS_ZERO) given the rows' totals. x and y as in
 * smax_softmax (y may be x in place); totals may not overlap y. */
SMAX_API smax_status smax_shard_finish(smax_context context,
                                       const smax_problem *shard,
                                       smax_buffer x, size_t x_offset,
                                       smax_buffer totals,
                                       size_t totals_offset, smax_buffer y,
                                       size_t y_offset);

/* ---- backward ------------------------------------------------------------ */

/* sums[r] = this shard's sum over its columns of y * dy (softmax) or of dy
 * (log-softmax), in f32 (y, dy as in smax_softmax_backward). sums may not
 * overlap y or dy. */
SMAX_API smax_status smax_shard_backward_partials(
    smax_context context, const smax_problem *shard, smax_buffer y,
    size_t y_offset, smax_buffer dy, size_t dy_offset, smax_buffer sums,
    size_t sums_offset);

/* totals[r] = ((gathered[0][r] + gathered[1][r]) + ...) +
 * gathered[shards-1][r]: plain f32 addition in rank order, blocks of
 * `rows` floats at gathered_offset + j * rows * 4 bytes. In place as
 * smax_shard_merge. (An all-reduce with ncclSum is the other way to get
 * the totals; its order is the collective's.) */
SMAX_API smax_status smax_shard_backward_merge(smax_context context,
                                               int64_t rows, int shards,
                                               smax_buffer gathered,
                                               size_t gathered_offset,
                                               smax_buffer totals,
                                               size_t totals_offset);

/* dx = the shard's part of the gradient, from the rows' total sums S:
 *   softmax:      dx = scale * y * (dy - S)
 *   log-softmax:  dx = scale * (dy - exp(y) * S)
 * A row whose S is not finite is NaN. y, dy, dx as in
 * smax_softmax_backward (dx may be y or dy in place); totals may not
 * overlap dx. */
SMAX_API smax_status smax_shard_backward_finish(
    smax_context context, const smax_problem *shard, smax_buffer y,
    size_t y_offset, smax_buffer dy, size_t dy_offset, smax_buffer totals,
    size_t totals_offset, smax_buffer dx, size_t dx_offset);

/* ---- introspection ------------------------------------------------------- */

/* The plan the shard's partials and finishing calls run (always
 * SMAX_ALGO_MULTIBLOCK): chunks_per_row, merge_levels (within the shard;
 * the cross-shard merge adds one fold of k), and scratch_bytes, the
 * workspace smax_shard_partials needs on a context with
 * smax_context_set_workspace (the finishing calls and the merges need
 * none). Same checks as smax_plan. */
SMAX_API smax_status smax_shard_plan(smax_context context,
                                     const smax_problem *shard,
                                     smax_plan_info *out_plan);
SMAX_API smax_status smax_shard_plan_backward(smax_context context,
                                              const smax_problem *shard,
                                              smax_plan_info *out_plan);

#ifdef __cplusplus
}
#endif

#endif /* SMAX_SMAX_SHARD_H */
