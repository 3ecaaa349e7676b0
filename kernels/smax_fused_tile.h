/*
 * smax_fused_tile.h - the fused algorithm for short rows that lie back to
 * back in memory (x and y row strides = cols), read and written as one
 * flat tile of `tile_rows` rows per group (smax_tile.h): every device
 * access but the tile's two ends is a whole 16-byte vector, wherever the
 * rows start. Between the two moves each row slot of `lanes` items
 * computes its rows from on-chip memory, element lane + lanes * q at
 * slot q of a lane (q < SMAX_TILE_ITEM_ELEMS, consecutive lanes on
 * consecutive on-chip elements), held in registers from the maximum to
 * the output. One read, one write.
 */
#ifndef SMAX_FUSED_TILE_H
#define SMAX_FUSED_TILE_H

#ifndef SMAX_OPENCL_C
#include "smax_reduce.h"
#include "smax_rows.h"
#include "smax_tile.h"
#endif

#if SMAX_TILE_ITEM_ELEMS != 16
#error "the pairwise sum below folds 16 elements"
#endif
#define SMAX_TILE_FOLD(e, w)                                               \
    do {                                                                   \
        SMAX_UNROLL_ALL                                                    \
        for (int q_ = 0; q_ < (w); ++q_)                                   \
            e[q_] = e[q_] + e[q_ + (w)];                                   \
    } while (0)

SMAX_KERNEL void SMAX_KNAME(smax_fused_tile)(
    const SMAX_GLOBAL smax_in_t *x, smax_i64 x_off, smax_i64 x_stride,
    SMAX_GLOBAL smax_out_t *y, smax_i64 y_off, smax_i64 y_stride,
    smax_i64 rows, int cols, int tile_rows, int lanes, float scale,
    int flags SMAX_DYN_LOCAL_PARAM)
{
    SMAX_DYN_LOCAL_DECL
    const int lid = SMAX_LOCAL_ID();
    const int items = SMAX_GROUP_SIZE();
    const smax_i64 row0 = SMAX_GROUP_ID() * tile_rows;
    const int here = rows - row0 < tile_rows ? (int)(rows - row0) : tile_rows;
    const int n = here * cols;
    const int span_in = SMAX_TILE_IN_SPAN(tile_rows * cols, cols);
    const int span_out = SMAX_TILE_SPAN(tile_rows * cols);
    SMAX_LOCAL smax_onchip_t *in_tile = (SMAX_LOCAL smax_onchip_t *)smax_dyn_local;
    SMAX_LOCAL smax_tile_bits *out_tile =
        (SMAX_LOCAL smax_tile_bits *)(in_tile + span_in);
    SMAX_LOCAL float *red = (SMAX_LOCAL float *)(out_tile + span_out);

    const SMAX_GLOBAL smax_in_t *xt = x + x_off + row0 * x_stride;
    SMAX_GLOBAL smax_out_t *yt = y + y_off + row0 * y_stride;
    const int ph_in = smax_phase((smax_i64)SMAX_ADDR(xt), SMAX_IN_BYTES);
    const int ph_out = smax_phase((smax_i64)SMAX_ADDR(yt), SMAX_OUT_BYTES);
    smax_tile_load(in_tile, xt, n, ph_in, lid, items);

    const int lane = lid & (lanes - 1);
    int shift = 0; /* lanes is a power of two: shifts, not divisions */
    while ((1 << shift) < lanes)
        ++shift;
    const int slot = lid >> shift;
    const int slots = items >> shift;
    const int keep_x = flags & SMAX_FLAG_LOG_BIT;
    /* Every item runs every round, so the reductions' barriers (rows
     * longer than a warp) are met by the whole group. */
    for (int r = slot; r - slot < tile_rows; r += slots) {
        /* Slots q < nq of this lane lie in the row. The others read on
         * into the next rows and the tile's pad (SMAX_TILE_IN_SPAN), and
         * are replaced by -inf: no predicate per element (with one, the
         * H100's code saved and restored predicates around every load;
         * skipping the slots past every row, the compiler branched around
         * each exponential: bf16 rows of 100-1001 columns 7-16 points
         * slower, bench/results/h100-2026-11-24c). */
        const int live = r < here ? cols : 0;
        const int nq = live > lane ? ((live - 1 - lane) >> shift) + 1 : 0;
        const int from = r * cols + ph_in + lane;
        float v[SMAX_TILE_ITEM_ELEMS];
        SMAX_UNROLL_ALL
        for (int q = 0; q < SMAX_TILE_ITEM_ELEMS; ++q)
            v[q] = smax_kept(in_tile, from + lanes * q);
        if (scale != 1.0f) { /* the common case, exactly the same result */
            SMAX_UNROLL_ALL
            for (int q = 0; q < SMAX_TILE_ITEM_ELEMS; ++q)
                v[q] = SMAX_MUL_RN(v[q], scale);
        }
        float m = -SMAX_INF;
        SMAX_UNROLL_ALL
        for (int q = 0; q < SMAX_TILE_ITEM_ELEMS; ++q) {
            v[q] = q < nq ? v[q] : -SMAX_INF;
            m = smax_max_skip_nan(m, v[q]);
        }
        m = smax_reduce_float(red, m, 0, lid, lane, lanes);
        const float base = smax_exp_base(m);
        /* Pairwise, as smax_sum_vec: the rounding does not grow with the
         * elements a lane holds. Folds of constant width: a loop over the
         * width left e[] in local memory (64-byte stack frame, 41% of
         * copy on the H100). */
        float e[SMAX_TILE_ITEM_ELEMS];
        SMAX_UNROLL_ALL
        for (int q = 0; q < SMAX_TILE_ITEM_ELEMS; ++q) {
            e[q] = SMAX_ROW_EXP(v[q] - base);
            if (!keep_x)
                v[q] = e[q];
        }
        SMAX_TILE_FOLD(e, 8);
        SMAX_TILE_FOLD(e, 4);
        SMAX_TILE_FOLD(e, 2);
        SMAX_TILE_FOLD(e, 1);
        const float s = smax_reduce_float(red, e[0], 1, lid, lane, lanes);
        smax_partial total;
        total.m = m;
        total.s = s;
        const smax_row_total t = smax_row_total_of(total, flags);
        const int at = r * cols + ph_out + lane;
        SMAX_UNROLL_ALL
        for (int q = 0; q < SMAX_TILE_ITEM_ELEMS; ++q)
            if (q < nq)
                smax_tile_put(out_tile, at + lanes * q, smax_finish(v[q], t));
    }
    SMAX_BARRIER();
    smax_tile_store(yt, out_tile, n, ph_out, lid, items);
}

#endif /* SMAX_FUSED_TILE_H */
