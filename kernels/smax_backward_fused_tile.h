/*
 * smax_backward_fused_tile.h - the gradient of short rows whose y, dy and
 * dx lie back to back in memory (row strides = cols), each moved as one
 * flat tile of `tile_rows` rows per group (smax_tile.h), as the forward
 * smax_fused_tile.h moves x and y: one read of y and of dy, one write of
 * dx, whole 16-byte vectors but at each tile's two ends.
 */
#ifndef SMAX_BACKWARD_FUSED_TILE_H
#define SMAX_BACKWARD_FUSED_TILE_H

#ifndef SMAX_OPENCL_C
#include "smax_backward.h"
#include "smax_tile.h"
#endif

/* NAME_N: the gradient's row pass with N slots a lane and row slots of
 * L lanes, L = 0 for the pass's lanes at run time (SMAX_TILE_BY_LANES),
 * compiled apart for softmax and log-softmax (LOG, the flags' log bit:
 * with the flags tested at run time every element's term and output
 * branched on them, PTX, bf16; the forward's tiles alike). Slots past the
 * row hold y = dy = 0, whose term is 0. */
#define SMAX_BWD_TILE_ROWS(NAME, N, SURE, LOG, L)                             \
    SMAX_FN void NAME##_##N(                                                  \
        const SMAX_LOCAL smax_onchip_t *y_tile,                               \
        const SMAX_LOCAL smax_onchip_t *dy_tile,                              \
        SMAX_LOCAL smax_tile_bits *dx_tile, SMAX_LOCAL float *red,            \
        smax_tile_pass a)                                                     \
    {                                                                         \
        const int lanes = SMAX_TILE_PASS_LANES(L, a);                         \
        const int shift = SMAX_TILE_PASS_SHIFT(L, a);                         \
        int part = 0; /* smax_reduce_float_turn_flat: rows take turns */     \
        for (int r = a.slot, k = 0; r - a.slot < a.tile_rows;                 \
             r += a.slots, part ^= 1, ++k) {                                  \
            smax_tile_round_landed(a, k);                                     \
            const int nq = smax_tile_row_slots(a, r, shift);                  \
            const int from_y = r * a.cols + a.ph_in + a.lane;                 \
            const int from_dy = r * a.cols + a.ph_in2 + a.lane;               \
            float vy[N], vd[N], t[N];                                         \
            SMAX_UNROLL_ALL                                                   \
            for (int q = 0; q < N; ++q) {                                     \
                const int in_ = SMAX_TILE_IN_ROW(q, SURE, nq);                \
                vy[q] = in_ ? smax_kept(y_tile, from_y + lanes * q) : 0.0f;   \
                vd[q] = in_ ? smax_kept(dy_tile, from_dy + lanes * q)         \
                            : 0.0f;                                           \
                t[q] = smax_bwd_term(vy[q], vd[q], LOG);                      \
            }                                                                 \
            SMAX_TILE_SUM(t, N);                                              \
            const float s = smax_bwd_total(                                   \
                smax_reduce_float_turn_flat(red, part, t[0], 1, a.lid,        \
                                            a.lane, lanes));                  \
            const int at = r * a.cols + a.ph_out + a.lane;                    \
            if (nq > 0) { /* past the tile's last row: nothing */             \
                SMAX_UNROLL_ALL                                               \
                for (int q = 0; q < N; ++q)                                   \
                    if (SMAX_TILE_IN_ROW(q, SURE, nq))                        \
                        smax_tile_put(dx_tile, at + lanes * q,                \
                                      smax_bwd_out(vy[q], vd[q], s, a.scale,  \
                                                   LOG));                     \
            }                                                                 \
        }                                                                     \
    }

#define SMAX_BWD_TILE_ROWS_BOTH(N, SURE, L)                                   \
    SMAX_BWD_TILE_ROWS(smax_bwd_tile_soft_l##L, N, SURE, 0, L)                \
    SMAX_BWD_TILE_ROWS(smax_bwd_tile_log_l##L, N, SURE, SMAX_FLAG_LOG_BIT, L)
SMAX_TILE_EVERY_LANES(SMAX_BWD_TILE_ROWS_BOTH)

SMAX_KERNEL void SMAX_KNAME(smax_bwd_fused_tile)(
    const SMAX_GLOBAL smax_in_t *y, smax_i64 y_off, smax_i64 y_stride,
    const SMAX_GLOBAL smax_in_t *dy, smax_i64 dy_off, smax_i64 dy_stride,
    SMAX_GLOBAL smax_out_t *dx, smax_i64 dx_off, smax_i64 dx_stride,
    smax_i64 rows, int cols, int tile_rows, int lanes, float scale,
    int flags SMAX_DYN_LOCAL_PARAM)
{
    SMAX_DYN_LOCAL_DECL
    const int lid = SMAX_LOCAL_ID();
    const int items = SMAX_GROUP_SIZE();
    const smax_tile_at at = smax_tile_at_of(rows, cols, tile_rows);
    SMAX_LOCAL smax_onchip_t *y_tile =
        smax_tile_in(smax_dyn_local, 0, tile_rows, cols);
    SMAX_LOCAL smax_onchip_t *dy_tile =
        smax_tile_in(smax_dyn_local, 1, tile_rows, cols);
    SMAX_LOCAL smax_tile_bits *dx_tile =
        smax_tile_out(smax_dyn_local, 2, tile_rows, cols);
    SMAX_LOCAL float *red = smax_tile_red(smax_dyn_local, 2, tile_rows, cols);
    const SMAX_GLOBAL smax_in_t *yt = y + y_off + at.row0 * y_stride;
    const SMAX_GLOBAL smax_in_t *dyt = dy + dy_off + at.row0 * dy_stride;
    SMAX_GLOBAL smax_out_t *dxt = dx + dx_off + at.row0 * dx_stride;
    smax_tile_pass a;
    a.ph_in = smax_phase((smax_i64)SMAX_ADDR(yt), SMAX_IN_BYTES);
    a.ph_in2 = smax_phase((smax_i64)SMAX_ADDR(dyt), SMAX_IN_BYTES);
    a.ph_out = smax_phase((smax_i64)SMAX_ADDR(dxt), SMAX_OUT_BYTES);
    smax_tile_pass_init(&a, lid, items, lanes, at.here, cols, tile_rows, flags,
                        scale);
    smax_tile_fetch_rounds(y_tile, yt, a.ph_in, dy_tile, dyt, a.ph_in2, at.n,
                           a);
    if (flags & SMAX_FLAG_LOG_BIT)
        SMAX_TILE_BY_LANES(smax_bwd_tile_log, a.lanes, a.width,
                           (y_tile, dy_tile, dx_tile, red, a));
    else
        SMAX_TILE_BY_LANES(smax_bwd_tile_soft, a.lanes, a.width,
                           (y_tile, dy_tile, dx_tile, red, a));
    SMAX_BARRIER();
    smax_tile_store(dxt, dx_tile, at.n, a.ph_out, lid, items);
}

#endif /* SMAX_BACKWARD_FUSED_TILE_H */
