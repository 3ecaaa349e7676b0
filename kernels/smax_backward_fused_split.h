/*
 * smax_backward_fused_split.h - the gradient of rows past one group's
 * on-chip memory on devices that give a group only a small part of a
 * compute unit's (NVIDIA's OpenCL: 48 KB of 228), as smax_fused_split.h
 * does the forward: one group holds the whole row, the first
 * SMAX_SPLIT_ITEM_ELEMS elements an item of y and of dy in registers (the
 * register kernel's layout, 16-bit kept as read: smax_backward_fused_regs.h)
 * and the rest of both on-chip, kept as a one-launch chunk of the gradient
 * is kept (smax_backward_multiblock_onchip.h). y and dy read once, dx
 * written once, no exchange between groups.
 *
 * S needs no maximum first, so both parts add their terms into one sum
 * and the group reduces once: the chunk's vectors, then the registers',
 * then the chunk's edges, the same order in every run. Dynamic on-chip
 * memory: y's chunk (cols_padded elements), dy's, then the reduction
 * scratch. One group a row, lanes = the group's size.
 */
#ifndef SMAX_BACKWARD_FUSED_SPLIT_H
#define SMAX_BACKWARD_FUSED_SPLIT_H

#ifndef SMAX_OPENCL_C
#include "smax_backward_fused.h"
#include "smax_backward_multiblock_onchip.h"
#include "smax_fused_split.h"
#endif

/* The kernel's row, `flags` a constant (SMAX_BWD_BY_LOG). */
SMAX_FN void smax_bwd_fused_split_row(
    const SMAX_GLOBAL smax_in_t *yr, const SMAX_GLOBAL smax_in_t *dyr,
    SMAX_GLOBAL smax_out_t *dxr, smax_i64 row, int cols, int cols_padded,
    int lanes, float scale, SMAX_LOCAL float *smax_dyn_local, int flags)
{
    const int lid = SMAX_LOCAL_ID();
    SMAX_LOCAL smax_onchip_t *ky = (SMAX_LOCAL smax_onchip_t *)smax_dyn_local;
    SMAX_LOCAL smax_onchip_t *kd = ky + cols_padded;
    SMAX_LOCAL float *red = smax_onchip_after(ky, 2, cols_padded);

    const int shift = smax_row_shift3(yr, dyr, dxr);
    const int reg_cols = smax_split_reg_cols(SMAX_SPLIT_ITEM_ELEMS, shift, lanes);
    const smax_reg_map map =
        smax_reg_map_of(shift, lid, lanes, reg_cols, 1, SMAX_SPLIT_RV);
    smax_held_vec vy[SMAX_SPLIT_RV], vd[SMAX_SPLIT_RV];
    SMAX_UNROLL_ALL
    for (int k = 0; k < SMAX_SPLIT_RV; ++k) {
        const int e = smax_reg_elem(map, k, lanes);
        vy[k] = smax_held_issue(yr, map, e);
        vd[k] = smax_held_issue(dyr, map, e);
    }

    const smax_held h =
        smax_bwd_held_of(smax_split_rest(row, reg_cols, cols), yr, dyr, dxr);
    const smax_bwd_edges e = smax_bwd_edges_fetch(yr, dyr, h, lid);
    float s = 0.0f, s_lost = 0.0f;
    smax_bwd_keep_terms_as(
        yr, dyr, ky, kd, h.sp.body + SMAX_VEC * lid, h.sp.body_end,
        SMAX_VEC * lanes, -h.at,
        SMAX_BWD_SHALLOW_BATCH(SMAX_IN_BYTES, SMAX_OUT_BYTES), &s, &s_lost,
        flags);
    SMAX_UNROLL_ALL
    for (int k = 0; k < SMAX_SPLIT_RV; ++k) {
        const int el = smax_reg_elem(map, k, lanes);
        vy[k] = smax_held_load(yr, map, el, vy[k]);
        vd[k] = smax_held_load(dyr, map, el, vd[k]);
        smax_kahan_add(&s, &s_lost,
                       smax_bwd_terms_vec(smax_held_get(vy[k]),
                                          smax_held_get(vd[k]), flags));
    }
    const float total = smax_bwd_total(
        smax_bwd_held_partial(yr, dyr, h, e, ky, kd, red, flags, lid, lanes,
                              s, s_lost)
            .s);
    SMAX_UNROLL_ALL
    for (int k = 0; k < SMAX_SPLIT_RV; ++k) {
        smax_held_opaque(&vy[k]);
        smax_held_opaque(&vd[k]);
    }

    SMAX_UNROLL_ALL
    for (int k = 0; k < SMAX_SPLIT_RV; ++k)
        smax_reg_store(dxr, map, smax_reg_elem(map, k, lanes),
                       smax_bwd_out_vec(smax_held_get(vy[k]),
                                        smax_held_get(vd[k]), total, scale,
                                        flags));
    smax_bwd_held_write_as(dxr, h, ky, kd, total, scale, lid, lanes, flags);
}

SMAX_KERNEL void SMAX_KNAME(smax_bwd_fused_split)(SMAX_BWD_FUSED_PARAMS)
{
    SMAX_DYN_LOCAL_DECL
    (void)rows; /* a group per row: the grid is the rows */
    const smax_i64 row = (smax_i64)SMAX_GROUP_ID();
    SMAX_BWD_BY_LOG(
        flags, smax_bwd_fused_split_row(
                   y + y_off + row * y_stride, dy + dy_off + row * dy_stride,
                   dx + dx_off + row * dx_stride, row, cols, cols_padded,
                   lanes, scale, smax_dyn_local, smax_log_));
}

#endif /* SMAX_BACKWARD_FUSED_SPLIT_H */
