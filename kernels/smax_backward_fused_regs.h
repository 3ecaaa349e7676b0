/*
 * smax_backward_fused_regs.h - the gradient of short rows with y and dy
 * held in registers (the layout of smax_fused_regs.h; 16-bit inputs kept
 * as read, smax_held_vec): one read of each, one write. Elements outside
 * the row read as 0 and add nothing to S.
 */
#ifndef SMAX_BACKWARD_FUSED_REGS_H
#define SMAX_BACKWARD_FUSED_REGS_H

#ifndef SMAX_OPENCL_C
#include "smax_backward.h"
#endif

/* The kernel's row, `flags` a constant (SMAX_BWD_BY_LOG). */
SMAX_FN void smax_bwd_fused_regs_row(
    const SMAX_GLOBAL smax_in_t *y, smax_i64 y_off, smax_i64 y_stride,
    const SMAX_GLOBAL smax_in_t *dy, smax_i64 dy_off, smax_i64 dy_stride,
    SMAX_GLOBAL smax_out_t *dx, smax_i64 dx_off, smax_i64 dx_stride,
    smax_i64 rows, int cols, int lanes, float scale,
    SMAX_LOCAL float *smax_dyn_local, int flags)
{
    const smax_row_slot rs = smax_row_slot_of(rows, lanes);
    const SMAX_GLOBAL smax_in_t *yr = y + y_off + rs.row * y_stride;
    const SMAX_GLOBAL smax_in_t *dyr = dy + dy_off + rs.row * dy_stride;
    SMAX_GLOBAL smax_out_t *dxr = dx + dx_off + rs.row * dx_stride;
    const smax_reg_map map =
        smax_reg_map_of(smax_row_shift3(yr, dyr, dxr), rs.lane, lanes, cols,
                        rs.active, SMAX_REG_VECTORS);
    smax_held_vec vy[SMAX_REG_VECTORS], vd[SMAX_REG_VECTORS];
    SMAX_UNROLL_ALL
    for (int k = 0; k < SMAX_REG_VECTORS; ++k) {
        const int e = smax_reg_elem(map, k, lanes);
        vy[k] = smax_held_issue(yr, map, e);
        vd[k] = smax_held_issue(dyr, map, e);
    }
    float ey[SMAX_EXTRAS], ed[SMAX_EXTRAS];
    SMAX_UNROLL_ALL
    for (int j = 0; j < SMAX_EXTRAS; ++j) {
        ey[j] = smax_load_or(yr, map.extra + j * lanes, map.live, 1.0f, 0.0f);
        ed[j] = smax_load_or(dyr, map.extra + j * lanes, map.live, 1.0f, 0.0f);
    }
    float s = 0.0f, s_lost = 0.0f;
    SMAX_UNROLL_ALL
    for (int k = 0; k < SMAX_REG_VECTORS; ++k) {
        const int e = smax_reg_elem(map, k, lanes);
        vy[k] = smax_held_load(yr, map, e, vy[k]);
        vd[k] = smax_held_load(dyr, map, e, vd[k]);
        smax_kahan_add(&s, &s_lost,
                       smax_bwd_terms_vec(smax_held_get(vy[k]),
                                          smax_held_get(vd[k]), flags));
    }
    SMAX_UNROLL_ALL
    for (int j = 0; j < SMAX_EXTRAS; ++j)
        smax_kahan_add(&s, &s_lost, smax_bwd_term(ey[j], ed[j], flags));
    s = smax_bwd_total(
        smax_reduce_float_turn(smax_dyn_local, 0, s, 1, rs.lid, rs.lane,
                               lanes));
    SMAX_UNROLL_ALL
    for (int k = 0; k < SMAX_REG_VECTORS; ++k) {
        smax_held_opaque(&vy[k]);
        smax_held_opaque(&vd[k]);
    }

    SMAX_UNROLL_ALL
    for (int k = 0; k < SMAX_REG_VECTORS; ++k)
        smax_reg_store(dxr, map, smax_reg_elem(map, k, lanes),
                       smax_bwd_out_vec(smax_held_get(vy[k]),
                                        smax_held_get(vd[k]), s, scale,
                                        flags));
    SMAX_UNROLL_ALL
    for (int j = 0; j < SMAX_EXTRAS; ++j)
        if (map.extra + j * lanes < map.live)
            smax_store_out(dxr, map.extra + j * lanes,
                           smax_bwd_out(ey[j], ed[j], s, scale, flags));
}

SMAX_KERNEL void SMAX_KNAME(smax_bwd_fused_regs)(
    const SMAX_GLOBAL smax_in_t *y, smax_i64 y_off, smax_i64 y_stride,
    const SMAX_GLOBAL smax_in_t *dy, smax_i64 dy_off, smax_i64 dy_stride,
    SMAX_GLOBAL smax_out_t *dx, smax_i64 dx_off, smax_i64 dx_stride,
    smax_i64 rows, int cols, int lanes, float scale,
    int flags SMAX_DYN_LOCAL_PARAM)
{
    SMAX_DYN_LOCAL_DECL
    SMAX_BWD_BY_LOG(flags,
                    smax_bwd_fused_regs_row(y, y_off, y_stride, dy, dy_off,
                                            dy_stride, dx, dx_off, dx_stride,
                                            rows, cols, lanes, scale,
                                            smax_dyn_local, smax_log_));
}

#endif /* SMAX_BACKWARD_FUSED_REGS_H */
