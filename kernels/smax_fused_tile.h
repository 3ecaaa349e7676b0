/*
 * smax_fused_tile.h - the fused algorithm for short rows that lie back to
 * back in memory (x and y row strides = cols), read and written as one
 * flat tile of `tile_rows` rows per group (smax_tile.h): every device
 * access but the tile's two ends is a whole 16-byte vector, wherever the
 * rows start. Between the two moves each row slot of `lanes` items
 * computes its rows from on-chip memory, element lane + lanes * q at
 * slot q of a lane (q < N, consecutive lanes on consecutive on-chip
 * elements), held in registers from the maximum to the output. One read,
 * one write.
 */
#ifndef SMAX_FUSED_TILE_H
#define SMAX_FUSED_TILE_H

#ifndef SMAX_OPENCL_C
#include "smax_reduce.h"
#include "smax_rows.h"
#include "smax_tile.h"
#endif

/* Sums e[0..n), 8 <= n <= 16, pairwise as smax_sum_vec (the rounding
 * does not grow with the elements a lane holds), into e[0]. Folds of
 * constant width: a loop over a variable width left e[] in local memory
 * (a 64-byte stack frame: 41% of copy on the H100). */
#define SMAX_TILE_FOLD(e, w)                                               \
    do {                                                                   \
        SMAX_UNROLL_ALL                                                    \
        for (int q_ = 0; q_ < (w); ++q_)                                   \
            e[q_] = e[q_] + e[q_ + (w)];                                   \
    } while (0)
#define SMAX_TILE_SUM(e, n)                                                \
    do {                                                                   \
        SMAX_UNROLL_ALL                                                    \
        for (int q_ = 0; q_ < (n) - 8; ++q_)                               \
            e[q_] = e[q_] + e[q_ + 8];                                     \
        SMAX_TILE_FOLD(e, 4);                                              \
        SMAX_TILE_FOLD(e, 2);                                              \
        SMAX_TILE_FOLD(e, 1);                                              \
    } while (0)

/* What the row pass of a tile needs to know. */
typedef struct smax_tile_pass {
    int lid, lane, shift, lanes, slot, slots;
    int here, cols, tile_rows, ph_in, ph_out, flags;
    float scale;
} smax_tile_pass;

/* smax_tile_rows_N: the row pass with N slots a lane (N a compile-time
 * constant, so the slots stay in registers): the kernel takes the
 * smallest N of 8, 10, 12, 14, 16 that covers a row, so a lane computes
 * few slots past its row (one N of 16 for all: 256 slots for rows of 150
 * columns). Every item runs every round, so the reductions' barriers
 * (rows longer than a warp) are met by the whole group. Slots q < nq of a
 * lane lie in the row; the others read on into the next rows and the
 * tile's pad (SMAX_TILE_IN_SPAN) and are replaced by -inf: no predicate
 * per element (with one, the H100's code saved and restored predicates
 * around every load; skipping the slots past every row, the compiler
 * branched around each exponential: bf16 rows of 100-1001 columns 7-16
 * points slower, bench/results/h100-2026-11-24c). */
#define SMAX_TILE_ROWS(N)                                                    \
    SMAX_FN void smax_tile_rows_##N(const SMAX_LOCAL smax_onchip_t *in_tile, \
                                    SMAX_LOCAL smax_tile_bits *out_tile,     \
                                    SMAX_LOCAL float *red, smax_tile_pass a) \
    {                                                                        \
        const int keep_x = a.flags & SMAX_FLAG_LOG_BIT;                      \
        for (int r = a.slot; r - a.slot < a.tile_rows; r += a.slots) {       \
            const int live = r < a.here ? a.cols : 0;                        \
            const int nq =                                                   \
                live > a.lane ? ((live - 1 - a.lane) >> a.shift) + 1 : 0;    \
            const int from = r * a.cols + a.ph_in + a.lane;                  \
            float v[N];                                                      \
            SMAX_UNROLL_ALL                                                  \
            for (int q = 0; q < N; ++q)                                      \
                v[q] = smax_kept(in_tile, from + a.lanes * q);               \
            if (a.scale != 1.0f) { /* else exactly the same result */        \
                SMAX_UNROLL_ALL                                              \
                for (int q = 0; q < N; ++q)                                  \
                    v[q] = SMAX_MUL_RN(v[q], a.scale);                       \
            }                                                                \
            float m = -SMAX_INF;                                             \
            SMAX_UNROLL_ALL                                                  \
            for (int q = 0; q < N; ++q) {                                    \
                v[q] = q < nq ? v[q] : -SMAX_INF;                            \
                m = smax_max_skip_nan(m, v[q]);                              \
            }                                                                \
            m = smax_reduce_float(red, m, 0, a.lid, a.lane, a.lanes);        \
            const float base = smax_exp_base(m);                             \
            float e[N];                                                      \
            SMAX_UNROLL_ALL                                                  \
            for (int q = 0; q < N; ++q) {                                    \
                e[q] = SMAX_ROW_EXP(v[q] - base);                            \
                if (!keep_x)                                                 \
                    v[q] = e[q];                                             \
            }                                                                \
            SMAX_TILE_SUM(e, N);                                             \
            smax_partial total;                                              \
            total.m = m;                                                     \
            total.s = smax_reduce_float(red, e[0], 1, a.lid, a.lane,         \
                                        a.lanes);                            \
            const smax_row_total t = smax_row_total_of(total, a.flags);      \
            const int at = r * a.cols + a.ph_out + a.lane;                   \
            SMAX_UNROLL_ALL                                                  \
            for (int q = 0; q < N; ++q)                                      \
                if (q < nq)                                                  \
                    smax_tile_put(out_tile, at + a.lanes * q,                \
                                  smax_finish(v[q], t));                     \
        }                                                                    \
    }

SMAX_TILE_ROWS(8)
SMAX_TILE_ROWS(10)
SMAX_TILE_ROWS(12)
SMAX_TILE_ROWS(14)
SMAX_TILE_ROWS(16)
#if SMAX_TILE_ITEM_ELEMS != 16
#error "the row passes above stop at 16 slots a lane"
#endif

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
    smax_tile_pass a;
    a.ph_in = smax_phase((smax_i64)SMAX_ADDR(xt), SMAX_IN_BYTES);
    a.ph_out = smax_phase((smax_i64)SMAX_ADDR(yt), SMAX_OUT_BYTES);
    smax_tile_load(in_tile, xt, n, a.ph_in, lid, items);

    a.lid = lid;
    a.lanes = lanes;
    a.lane = lid & (lanes - 1);
    a.shift = 0; /* lanes is a power of two: shifts, not divisions */
    while ((1 << a.shift) < lanes)
        ++a.shift;
    a.slot = lid >> a.shift;
    a.slots = items >> a.shift;
    a.here = here;
    a.cols = cols;
    a.tile_rows = tile_rows;
    a.flags = flags;
    a.scale = scale;
    /* The same for every item: one branch for the whole group. */
    const int need = (cols + lanes - 1) >> a.shift;
    if (need <= 8)
        smax_tile_rows_8(in_tile, out_tile, red, a);
    else if (need <= 10)
        smax_tile_rows_10(in_tile, out_tile, red, a);
    else if (need <= 12)
        smax_tile_rows_12(in_tile, out_tile, red, a);
    else if (need <= 14)
        smax_tile_rows_14(in_tile, out_tile, red, a);
    else
        smax_tile_rows_16(in_tile, out_tile, red, a);
    SMAX_BARRIER();
    smax_tile_store(yt, out_tile, n, a.ph_out, lid, items);
}

#endif /* SMAX_FUSED_TILE_H */
