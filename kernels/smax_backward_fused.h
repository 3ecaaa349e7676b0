/*
 * smax_backward_fused.h - the gradient of rows that fit on-chip but not
 * in registers: y and dy are read once and kept on-chip (smax_onchip.h)
 * while S is summed, then dx is written from there. A row slot holds y at
 * [0, cols_padded) and dy at [cols_padded, 2 cols_padded) of its
 * 2 * cols_padded on-chip elements; the reduction scratch follows the
 * slots.
 */
#ifndef SMAX_BACKWARD_FUSED_H
#define SMAX_BACKWARD_FUSED_H

#ifndef SMAX_OPENCL_C
#include "smax_backward.h"
#include "smax_onchip.h"
#endif

/* Pairs of (y, dy) vectors an item fetches before it keeps any
 * (SMAX_BWD_KEEP_BATCH_CAP; smax_bwd_keep_terms' callers say how many),
 * but the deep kernel's (SMAX_BWD_DEEP_BATCH, smax_geometry.h), which its
 * register budget allows; SMAX_BWD_KEEP_BATCH_MAX is the larger. */
#define SMAX_BWD_KEEP_BATCH_CAP_HERE \
    SMAX_BWD_KEEP_BATCH_CAP(SMAX_BWD_KEEP_BYTES(SMAX_IN_BYTES, SMAX_OUT_BYTES))
#define SMAX_BWD_KEEP_BATCH(want) \
    SMAX_BWD_KEEP_BATCH_OF(want, SMAX_IN_BYTES, SMAX_OUT_BYTES)
#define SMAX_BWD_DEEP_BATCH_HERE \
    SMAX_BWD_DEEP_BATCH(SMAX_IN_BYTES, SMAX_OUT_BYTES)
#define SMAX_BWD_KEEP_BATCH_MAX                                      \
    (SMAX_BWD_DEEP_BATCH_HERE > SMAX_BWD_KEEP_BATCH_CAP_HERE         \
         ? SMAX_BWD_DEEP_BATCH_HERE                                  \
         : SMAX_BWD_KEEP_BATCH_CAP_HERE)

/* smax_bwd_keep_terms, `flags` a constant (SMAX_BWD_BY_LOG). The loads
 * go out a batch at a time, all of a batch before any is kept, the last
 * batch predicated (smax_fused_keep_max says why). */
SMAX_FN void smax_bwd_keep_terms_as(const SMAX_GLOBAL smax_in_t *yr,
                                    const SMAX_GLOBAL smax_in_t *dyr,
                                    SMAX_LOCAL smax_onchip_t *ky,
                                    SMAX_LOCAL smax_onchip_t *kd, int first,
                                    int end, int step, int shift, int batch,
                                    float *s, float *s_lost, int flags)
{
    for (int j0 = first; j0 < end; j0 += batch * step) {
        smax_fetched wy[SMAX_BWD_KEEP_BATCH_MAX], wd[SMAX_BWD_KEEP_BATCH_MAX];
        SMAX_UNROLL_ALL
        for (int u = 0; u < batch; ++u)
            if (j0 + u * step < end) {
                wy[u] = smax_fetch_vec(yr + j0 + u * step);
                wd[u] = smax_fetch_vec(dyr + j0 + u * step);
            }
        SMAX_UNROLL_ALL
        for (int u = 0; u < batch; ++u)
            if (j0 + u * step < end) {
                const int at = j0 + u * step + shift;
                smax_kahan_add(s, s_lost,
                               smax_bwd_terms_vec(smax_stash_vec(ky, at, wy[u]),
                                                  smax_stash_vec(kd, at, wd[u]),
                                                  flags));
            }
    }
}

/* Pass 1 of the gradient's on-chip kernels over one item's vectors, those
 * at j = first, first + step, ... below end: keeps y in ky and dy in kd
 * at element j + shift and adds their terms of S to (s, s_lost). Through
 * registers, never by the forward pass's asynchronous copies
 * (smax_async_keeps): H100, one-launch bf16 rows of 65536 columns 72.2 ->
 * 67.5% of copy and f32 75.2 -> 72.7 with them, on-chip fused rows even
 * (bench/results/h100-2026-11-24); with the clusters' pushing exchange,
 * +5 at f32 8192 x 32768 but -5 at f32 1024 x 32000 and bf16 4096 x 65536
 * (bench/results/h100-2026-11-24b). The device-memory exchange of devices
 * without bulk copies has since gained by them on the H200
 * (smax_bwd_held_keep_async). */
SMAX_FN void smax_bwd_keep_terms(const SMAX_GLOBAL smax_in_t *yr,
                                 const SMAX_GLOBAL smax_in_t *dyr,
                                 SMAX_LOCAL smax_onchip_t *ky,
                                 SMAX_LOCAL smax_onchip_t *kd, int first,
                                 int end, int step, int shift, int batch,
                                 int flags, float *s, float *s_lost)
{
    SMAX_BWD_BY_LOG(flags,
                    smax_bwd_keep_terms_as(yr, dyr, ky, kd, first, end, step,
                                           shift, batch, s, s_lost,
                                           smax_log_));
}

/* dx over the vector body [body, body_end) of a row from the y (ky) and
 * dy (kd) kept at element j + shift, by `items` items; `shared`: each may
 * read what the others kept (smax_slot_sees_kept), so that an f32 dx is
 * written four elements an item (SMAX_OUT_QUADS), else each item writes
 * the vectors it kept. `flags` a constant (SMAX_BWD_BY_LOG). */
SMAX_FN void smax_bwd_write_kept_body(SMAX_GLOBAL smax_out_t *dxr,
                                      const SMAX_LOCAL smax_onchip_t *ky,
                                      const SMAX_LOCAL smax_onchip_t *kd,
                                      int body, int body_end, int shift,
                                      int item, int items, int shared,
                                      float s, float scale, int flags)
{
#if defined(SMAX_OUT_QUADS)
    if (shared) {
        const int step = 4 * items;
        for (int j = body + 4 * item; j < body_end; j += 2 * step) {
            const int j2 = smax_second_quad(j, step, body_end);
            smax_store_quads(
                dxr + j, dxr + j2,
                smax_bwd_out_vec(smax_kept_quads(ky, j + shift, j2 + shift),
                                 smax_kept_quads(kd, j + shift, j2 + shift),
                                 s, scale, flags));
        }
        return;
    }
#else
    (void)shared;
#endif
    for (int j = body + SMAX_VEC * item; j < body_end; j += SMAX_VEC * items)
        smax_store_vec_out(dxr + j,
                           smax_bwd_out_vec(smax_kept_vec(ky, j + shift),
                                            smax_kept_vec(kd, j + shift), s,
                                            scale, flags));
}

/* dx of a row slot from the y (sy) and dy (sd) it kept at element
 * j + pad, `flags` a constant (SMAX_BWD_BY_LOG). */
SMAX_FN void smax_bwd_write_kept_as(SMAX_GLOBAL smax_out_t *dxr,
                                    const SMAX_LOCAL smax_onchip_t *sy,
                                    const SMAX_LOCAL smax_onchip_t *sd,
                                    smax_split sp, int cols, int lane,
                                    int lanes, int pad, int shared, float s,
                                    float scale, int flags)
{
    smax_bwd_write_kept_body(dxr, sy, sd, sp.body, sp.body_end, pad, lane,
                             lanes, shared, s, scale, flags);
    for (int j = smax_scalar_first(lane, sp); j < cols;
         j = smax_scalar_next(j, lanes, sp))
        smax_store_out(dxr, j,
                       smax_bwd_out(smax_kept(sy, j + pad),
                                    smax_kept(sd, j + pad), s, scale,
                                    flags));
}

/* The rows of a group (smax_bwd_fused and smax_bwd_fused_deep), their
 * keeps fetched `batch` pairs at a time (a constant where inlined). */
SMAX_FN void smax_bwd_fused_rows(
    const SMAX_GLOBAL smax_in_t *y, smax_i64 y_off, smax_i64 y_stride,
    const SMAX_GLOBAL smax_in_t *dy, smax_i64 dy_off, smax_i64 dy_stride,
    SMAX_GLOBAL smax_out_t *dx, smax_i64 dx_off, smax_i64 dx_stride,
    smax_i64 rows, int cols, int cols_padded, int lanes, float scale,
    int flags, SMAX_LOCAL float *dyn_local, int batch)
{
    const smax_row_slot rs = smax_row_slot_of(rows, lanes);
    const int lane = rs.lane;
    const SMAX_GLOBAL smax_in_t *yr = y + y_off + rs.row * y_stride;
    const SMAX_GLOBAL smax_in_t *dyr = dy + dy_off + rs.row * dy_stride;
    SMAX_GLOBAL smax_out_t *dxr = dx + dx_off + rs.row * dx_stride;
    const int slots = SMAX_GROUP_SIZE() / lanes;
    SMAX_LOCAL smax_onchip_t *rows_local =
        (SMAX_LOCAL smax_onchip_t *)dyn_local;
    SMAX_LOCAL float *red =
        smax_onchip_after(rows_local, slots, 2 * cols_padded);
    const smax_split sp =
        smax_split_slice(smax_row_shift3(yr, dyr, dxr), 0, cols);
    SMAX_LOCAL smax_onchip_t *sy =
        rows_local + (smax_i64)rs.slot * 2 * cols_padded;
    SMAX_LOCAL smax_onchip_t *sd = sy + cols_padded;
    const int pad = smax_onchip_pad(sp.body);
    const int step = SMAX_VEC * lanes;

    float s = 0.0f, s_lost = 0.0f;
    if (rs.active) {
        smax_bwd_keep_terms(yr, dyr, sy, sd, sp.body + SMAX_VEC * lane,
                            sp.body_end, step, pad, batch, flags, &s,
                            &s_lost);
        for (int j = smax_scalar_first(lane, sp); j < cols;
             j = smax_scalar_next(j, lanes, sp)) {
            const float vy = smax_keep(yr, j, sy, j + pad);
            const float vd = smax_keep(dyr, j, sd, j + pad);
            smax_kahan_add(&s, &s_lost, smax_bwd_term(vy, vd, flags));
        }
    }
    s = smax_bwd_total(
        smax_reduce_float_turn(red, 0, s, 1, rs.lid, lane, lanes));
    const int shared = SMAX_QUADS_SHARED(lanes);

    if (!rs.active)
        return;
    SMAX_BWD_BY_LOG(flags,
                    smax_bwd_write_kept_as(dxr, sy, sd, sp, cols, lane, lanes,
                                           pad, shared, s, scale, smax_log_));
}

#define SMAX_BWD_FUSED_PARAMS                                               \
    const SMAX_GLOBAL smax_in_t *y, smax_i64 y_off, smax_i64 y_stride,      \
        const SMAX_GLOBAL smax_in_t *dy, smax_i64 dy_off,                   \
        smax_i64 dy_stride, SMAX_GLOBAL smax_out_t *dx, smax_i64 dx_off,    \
        smax_i64 dx_stride, smax_i64 rows, int cols, int cols_padded,       \
        int lanes, float scale, int flags SMAX_DYN_LOCAL_PARAM
#define SMAX_BWD_FUSED_ARGS                                                 \
    y, y_off, y_stride, dy, dy_off, dy_stride, dx, dx_off, dx_stride, rows, \
        cols, cols_padded, lanes, scale, flags, smax_dyn_local

SMAX_KERNEL void SMAX_KNAME(smax_bwd_fused)(SMAX_BWD_FUSED_PARAMS)
{
    SMAX_DYN_LOCAL_DECL
    smax_bwd_fused_rows(SMAX_BWD_FUSED_ARGS,
                        SMAX_BWD_SHALLOW_BATCH(SMAX_IN_BYTES, SMAX_OUT_BYTES));
}

/* Launched in groups of at most SMAX_BWD_DEEP_GROUP items
 * (smax_geometry.h), which any register count fits. No
 * __launch_bounds__: with (256, 1) the rows lost 5-15 points against the
 * kernel without it (H200, bench/results/h200-2026-12-01, calls 3 and 4;
 * not profiled, more registers the likely cause). */
SMAX_KERNEL void SMAX_KNAME(smax_bwd_fused_deep)(SMAX_BWD_FUSED_PARAMS)
{
    SMAX_DYN_LOCAL_DECL
    smax_bwd_fused_rows(SMAX_BWD_FUSED_ARGS, SMAX_BWD_DEEP_BATCH_HERE);
}

#endif /* SMAX_BACKWARD_FUSED_H */
