/*
 * smax_fused.h - the fused algorithm from on-chip memory, for rows too
 * long for registers that still fit: one read, one write. The row is
 * copied into on-chip memory (as f32, scaled) while the maximum is taken,
 * exponentiated in place while summing, then normalised on the way out.
 * Element j of a row lives at srow[smax_swizzle(j + pad)], where pad gives
 * on-chip float4s the alignment of the global vectors; `cols_padded` (a
 * multiple of 8, at least cols + 3) is the pitch between row slots.
 *
 * Dynamic on-chip memory holds the rows (slots * cols_padded floats), then
 * two floats per work-item for the group reductions.
 */
#ifndef SMAX_FUSED_H
#define SMAX_FUSED_H

#ifndef SMAX_OPENCL_C
#include "smax_reduce.h"
#include "smax_rows.h"
#endif

SMAX_KERNEL void SMAX_KNAME(smax_fused)(
    const SMAX_GLOBAL smax_in_t *x, smax_i64 x_off, smax_i64 x_stride,
    SMAX_GLOBAL smax_out_t *y, smax_i64 y_off, smax_i64 y_stride,
    smax_i64 rows, int cols, int cols_padded, int lanes, float scale,
    int flags SMAX_DYN_LOCAL_PARAM)
{
    SMAX_DYN_LOCAL_DECL
    const smax_row_slot rs = smax_row_slot_of(rows, lanes);
    const int lid = rs.lid, lane = rs.lane, active = rs.active;
    const SMAX_GLOBAL smax_in_t *xr = x + x_off + rs.row * x_stride;
    SMAX_GLOBAL smax_out_t *yr = y + y_off + rs.row * y_stride;
    const int slots = SMAX_GROUP_SIZE() / lanes;
    SMAX_LOCAL float *red = smax_dyn_local + (smax_i64)slots * cols_padded;
    const smax_split sp = smax_split_slice(smax_row_shift(xr, yr), 0, cols);
    SMAX_LOCAL float *srow = smax_dyn_local + (smax_i64)rs.slot * cols_padded;
    const int pad = (4 - sp.body) & 3;
    const int step = SMAX_VEC * lanes;

    float m = -SMAX_INF;
    if (active) {
        SMAX_UNROLL
        for (int j = sp.body + SMAX_VEC * lane; j < sp.body_end; j += step) {
            const smax_vec v = smax_scale_vec(smax_load_vec_in(xr + j), scale);
            smax_stv_local(srow, j + pad, v);
            m = smax_max_skip_nan(m, smax_max_vec(v));
        }
        for (int j = smax_scalar_first(lane, sp); j < cols;
             j = smax_scalar_next(j, lanes, sp)) {
            const float v = SMAX_MUL_RN(smax_load_in(xr, j), scale);
            srow[smax_swizzle(j + pad)] = v;
            m = smax_max_skip_nan(m, v);
        }
    }
    m = smax_reduce_float(red, m, 0, lid, lane, lanes);
    const float base = smax_exp_base(m);

    /* Each item revisits exactly the elements it stored: no barrier needed
     * between the passes over srow. */
    const int keep_x = flags & SMAX_FLAG_LOG_BIT;
    float s = 0.0f, s_lost = 0.0f; /* compensated: rows can be long */
    if (active) {
        for (int j = sp.body + SMAX_VEC * lane; j < sp.body_end; j += step) {
            const smax_vec e =
                smax_exp_vec_from(smax_ldv_local(srow, j + pad), base);
            smax_kahan_add(&s, &s_lost, smax_sum_vec(e));
            if (!keep_x)
                smax_stv_local(srow, j + pad, e);
        }
        for (int j = smax_scalar_first(lane, sp); j < cols;
             j = smax_scalar_next(j, lanes, sp)) {
            const int i = smax_swizzle(j + pad);
            const float e = SMAX_EXP(srow[i] - base);
            smax_kahan_add(&s, &s_lost, e);
            if (!keep_x)
                srow[i] = e;
        }
    }
    s = smax_reduce_float(red, s, 1, lid, lane, lanes);

    if (!active)
        return;
    smax_partial total;
    total.m = m;
    total.s = s;
    const smax_row_total t = smax_row_total_of(total, flags);
    for (int j = sp.body + SMAX_VEC * lane; j < sp.body_end; j += step)
        smax_store_vec_out(yr + j, smax_finish_vec(smax_ldv_local(srow, j + pad),
                                                   t));
    for (int j = smax_scalar_first(lane, sp); j < cols;
         j = smax_scalar_next(j, lanes, sp))
        smax_store_out(yr, j, smax_finish(srow[smax_swizzle(j + pad)], t));
}

#endif /* SMAX_FUSED_H */
