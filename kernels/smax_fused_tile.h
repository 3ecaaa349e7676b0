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

/* smax_tile_soft_lL_N and smax_tile_log_lL_N: the forward row pass with
 * N slots a lane and row slots of L lanes (SMAX_TILE_BY_LANES), softmax
 * and log-softmax compiled apart so that neither carries the other's
 * per-element work: each keeps what its output needs of the exponential's
 * argument d = x - max, softmax exp(d) (its output one multiply) and
 * log-softmax d itself (smax_finish_log, one subtraction). L = 0 takes the
 * pass's lanes at run time; an L known when compiled makes every slot's
 * on-chip address an offset of the first and the row slot's butterflies
 * unrolled (SMAX_TILE_FIXED_LANES says for which L). Slots past the row
 * are -inf. Their outputs are stored at the lane's first slot, slots in
 * descending order, so that the first slot's own value lands last: no
 * predicate per store (a predicated store compiled to a branch around
 * each one on the H100). A lane with no slot in the row (past the tile's
 * last row) stores nothing. */
/* Stores a lane's N outputs of its row, value(q) for slot q, in the order
 * SMAX_TILE_ROWS describes (out_tile, nq, at and lanes are its). */
#define SMAX_TILE_PUT_ROW(N, SURE, value)                                     \
    do {                                                                      \
        SMAX_UNROLL_ALL                                                       \
        for (int q = N - 1; q >= 0; --q)                                      \
            smax_tile_put(out_tile,                                           \
                          SMAX_TILE_IN_ROW(q, SURE, nq) ? at + lanes * q      \
                                                        : at,                 \
                          value);                                             \
    } while (0)

#define SMAX_TILE_ROWS(name, N, SURE, LOG, L)                                 \
    SMAX_FN void name##_##N(const SMAX_LOCAL smax_onchip_t *in_tile,          \
                            SMAX_LOCAL smax_tile_bits *out_tile,              \
                            SMAX_LOCAL float *red, smax_tile_pass a)          \
    {                                                                         \
        const int lanes = SMAX_TILE_PASS_LANES(L, a);                         \
        const int shift = SMAX_TILE_PASS_SHIFT(L, a);                         \
        for (int r = a.slot; r - a.slot < a.tile_rows; r += a.slots) {        \
            const int nq = smax_tile_row_slots(a, r, shift);                  \
            const int from = r * a.cols + a.ph_in + a.lane;                   \
            float v[N];                                                       \
            SMAX_UNROLL_ALL                                                   \
            for (int q = 0; q < N; ++q)                                       \
                v[q] = smax_kept(in_tile, from + lanes * q);                  \
            if (a.scale != 1.0f) { /* else exactly the same result */         \
                SMAX_UNROLL_ALL                                               \
                for (int q = 0; q < N; ++q)                                   \
                    v[q] = SMAX_MUL_RN(v[q], a.scale);                        \
            }                                                                 \
            float m = -SMAX_INF;                                              \
            SMAX_UNROLL_ALL                                                   \
            for (int q = 0; q < N; ++q) {                                     \
                v[q] = SMAX_TILE_IN_ROW(q, SURE, nq) ? v[q] : -SMAX_INF;      \
                m = smax_max_skip_nan(m, v[q]);                               \
            }                                                                 \
            m = smax_reduce_float_turn(red, 0, m, 0, a.lid, a.lane, lanes);   \
            const float base = smax_exp_base(m);                              \
            float e[8];                                                       \
            SMAX_UNROLL_ALL                                                   \
            for (int q = 0; q < N; ++q) {                                     \
                const float d = v[q] - base;                                  \
                const float x_ =                                              \
                    SMAX_ROW_EXP_LIFTED(d, LOG ? 0.0f : SMAX_ROW_LIFT);       \
                SMAX_TILE_ADD(e, q, x_);                                      \
                v[q] = LOG ? d : x_;                                          \
            }                                                                 \
            SMAX_TILE_SUM_8(e);                                               \
            smax_partial total;                                               \
            total.m = m;                                                      \
            total.s = smax_reduce_float_turn(red, 1, e[0], 1, a.lid, a.lane,  \
                                             lanes);                          \
            const smax_row_total t = smax_row_total_of(total, a.flags);       \
            const float b = smax_softmax_b(t);                                \
            const int at = r * a.cols + a.ph_out + a.lane;                    \
            if (nq > 0 && !(LOG && t.zero))                                   \
                SMAX_TILE_PUT_ROW(N, SURE,                                    \
                                  LOG ? smax_finish_log(v[q], t) : v[q] * b); \
            else if (nq > 0) /* log-softmax's masked zero row */              \
                SMAX_TILE_PUT_ROW(N, SURE, 0.0f);                             \
        }                                                                     \
    }

#define SMAX_TILE_ROWS_BOTH(N, SURE, L)                                       \
    SMAX_TILE_ROWS(smax_tile_soft_l##L, N, SURE, 0, L)                        \
    SMAX_TILE_ROWS(smax_tile_log_l##L, N, SURE, 1, L)
SMAX_TILE_EVERY_LANES(SMAX_TILE_ROWS_BOTH)

/* Groups of SMAX_TILE_GROUP items an SM should hold
 * (SMAX_TILE_GROUPS_PER_CU, smax_geometry.h). Where both sides
 * are 16-bit a group's tiles take at most 2 x 16 KB (SMAX_TILE_LOAD_ELEMS
 * of 2 bytes an item, in and out), so sm_90's 228 KB of on-chip memory
 * holds 6 of them, and their registers are kept to 40 an item to match
 * (the compiler took 56, 4 groups: bf16 x1001 87.4 -> 95.0% of copy, x250
 * 88.7 -> 94.2, x100 86.4 -> 89.1 on the H100,
 * bench/results/h100-2026-11-24d/2). An f32 side doubles a tile: 4
 * groups fit, which 56 registers allow. */
#if SMAX_TILE_GROUPS_PER_CU(SMAX_IN_BYTES, SMAX_OUT_BYTES) > 0
#define SMAX_TILE_BOUNDS                                                      \
    SMAX_GROUPS_PER_CU(SMAX_TILE_GROUP,                                       \
                       SMAX_TILE_GROUPS_PER_CU(SMAX_IN_BYTES, SMAX_OUT_BYTES))
#else
#define SMAX_TILE_BOUNDS
#endif
SMAX_KERNEL void SMAX_TILE_BOUNDS SMAX_KNAME(smax_fused_tile)(
    const SMAX_GLOBAL smax_in_t *x, smax_i64 x_off, smax_i64 x_stride,
    SMAX_GLOBAL smax_out_t *y, smax_i64 y_off, smax_i64 y_stride,
    smax_i64 rows, int cols, int tile_rows, int lanes, float scale,
    int flags SMAX_DYN_LOCAL_PARAM)
{
    SMAX_DYN_LOCAL_DECL
    const int lid = SMAX_LOCAL_ID();
    const int items = SMAX_GROUP_SIZE();
    const smax_tile_at at = smax_tile_at_of(rows, cols, tile_rows);
    SMAX_LOCAL smax_onchip_t *in_tile =
        smax_tile_in(smax_dyn_local, 0, tile_rows, cols);
    SMAX_LOCAL smax_tile_bits *out_tile =
        smax_tile_out(smax_dyn_local, 1, tile_rows, cols);
    SMAX_LOCAL float *red = smax_tile_red(smax_dyn_local, 1, tile_rows, cols);
    const SMAX_GLOBAL smax_in_t *xt = x + x_off + at.row0 * x_stride;
    SMAX_GLOBAL smax_out_t *yt = y + y_off + at.row0 * y_stride;
    smax_tile_pass a;
    a.ph_in = smax_phase((smax_i64)SMAX_ADDR(xt), SMAX_IN_BYTES);
    a.ph_out = smax_phase((smax_i64)SMAX_ADDR(yt), SMAX_OUT_BYTES);
    smax_tile_fetch(in_tile, xt, at.n, a.ph_in, lid, items);
    smax_tile_landed();

    smax_tile_pass_init(&a, lid, items, lanes, at.here, cols, tile_rows, flags,
                        scale);
    if (flags & SMAX_FLAG_LOG_BIT)
        SMAX_TILE_BY_LANES(smax_tile_log, a.lanes, a.width,
                           (in_tile, out_tile, red, a));
    else
        SMAX_TILE_BY_LANES(smax_tile_soft, a.lanes, a.width,
                           (in_tile, out_tile, red, a));
    SMAX_BARRIER();
    smax_tile_store(yt, out_tile, at.n, a.ph_out, lid, items);
}

#endif /* SMAX_FUSED_TILE_H */
