/*
 * smax_fused_split.h - the fused algorithm for forward rows past one
 * group's on-chip memory on devices that give a group only a small part of
 * a compute unit's (NVIDIA's OpenCL: 48 KB of 228): one group still holds
 * the whole row, its first SMAX_SPLIT_ITEM_ELEMS elements an item in
 * registers, laid as the register kernel lays a row (smax_fused_regs.h),
 * and the rest on-chip, kept as a one-launch chunk is kept
 * (smax_multiblock_onchip.h). One read, one write, and no exchange between
 * groups, whose tickets, waits and extra reductions held the one-launch
 * plan of such rows at 72-84% of copy on the H200.
 *
 * The register part ends on the row's vector grid, so the on-chip chunk
 * starts on it. The registers' maximum joins the chunk's before the group
 * reduces it, so both parts sum their exponentials from the row's one
 * base (and with the chunk's lift, smax_held_lift); the registers' sum is
 * reduced after the chunk's and added to it in that order, the same in
 * every run. Dynamic on-chip memory: the chunk (cols_padded elements),
 * then the reduction scratch. One group a row, lanes = the group's size.
 */
#ifndef SMAX_FUSED_SPLIT_H
#define SMAX_FUSED_SPLIT_H

#ifndef SMAX_OPENCL_C
#include "smax_multiblock_onchip.h"
#endif

/* Vectors an item holds in registers: the split kernels', and the most,
 * the wide forward kernel's. */
#define SMAX_SPLIT_RV (SMAX_SPLIT_ITEM_ELEMS / SMAX_VEC)
#define SMAX_SPLIT_WIDE_RV (SMAX_SPLIT_WIDE_ITEM_ELEMS / SMAX_VEC)

/* Elements of a split row in registers, `elems` an item: the items'
 * vectors from the row's shift (smax_row_shift*), so that they end on the
 * row's vector grid. */
SMAX_FN int smax_split_reg_cols(int elems, int shift, int lanes)
{
    return elems * lanes - (shift > 0 ? shift : 0);
}

/* The rest of a split row, held on-chip as the last chunk of a one-launch
 * row is held: from the registers' end to the row's. */
SMAX_FN smax_chunk smax_split_rest(smax_i64 row, int reg_cols, int cols)
{
    smax_chunk c;
    c.row = row;
    c.index = 1;
    c.begin = reg_cols;
    c.end = cols;
    c.last = 1;
    return c;
}

/* The kernels' row: `elems` elements an item in registers (a constant
 * where inlined, at most SMAX_SPLIT_WIDE_ITEM_ELEMS; the loops run over
 * the largest array and skip the vectors past rv, which the compiler
 * drops). */
SMAX_FN void smax_fused_split_row(
    const SMAX_GLOBAL smax_in_t *x, smax_i64 x_off, smax_i64 x_stride,
    SMAX_GLOBAL smax_out_t *y, smax_i64 y_off, smax_i64 y_stride, int cols,
    int cols_padded, int lanes, float scale, int flags,
    SMAX_LOCAL float *smax_dyn_local, int elems)
{
    const int rv = elems / SMAX_VEC;
    const int lid = SMAX_LOCAL_ID();
    const smax_i64 row = (smax_i64)SMAX_GROUP_ID();
    SMAX_LOCAL smax_onchip_t *chunk = (SMAX_LOCAL smax_onchip_t *)smax_dyn_local;
    SMAX_LOCAL float *red = smax_onchip_after(chunk, 1, cols_padded);
    const SMAX_GLOBAL smax_in_t *xr = x + x_off + row * x_stride;
    SMAX_GLOBAL smax_out_t *yr = y + y_off + row * y_stride;

    const int shift = smax_row_shift(xr, yr);
    const int reg_cols = smax_split_reg_cols(elems, shift, lanes);
    const smax_reg_map map = smax_reg_map_of(shift, lid, lanes, reg_cols, 1, rv);
    smax_vec v[SMAX_SPLIT_WIDE_RV];
    SMAX_UNROLL_ALL
    for (int k = 0; k < SMAX_SPLIT_WIDE_RV; ++k)
        if (k < rv)
            v[k] = smax_reg_issue(xr, map, smax_reg_elem(map, k, lanes));

    const smax_held h =
        smax_fwd_held_of(smax_split_rest(row, reg_cols, cols), xr, yr);
    const float lift = smax_held_lift(flags, 0);
    const smax_held_edges e = smax_held_edges_fetch(xr, h, lid);
    float m = smax_fused_keep_max(xr, chunk, h.sp.body,
                                  h.sp.body + SMAX_VEC * lid, h.sp.body_end,
                                  SMAX_VEC * lanes, -h.at, scale);
    SMAX_UNROLL_ALL
    for (int k = 0; k < SMAX_SPLIT_WIDE_RV; ++k) {
        if (k >= rv)
            continue;
        v[k] = smax_reg_load(xr, map, smax_reg_elem(map, k, lanes), v[k],
                             scale, -SMAX_INF);
        m = smax_max_skip_nan(m, smax_max_vec(v[k]));
    }
    /* held.m: the row's maximum; held.s: the chunk's sum from it */
    const smax_partial held =
        smax_held_partial(xr, h, e, chunk, red, scale, lift, m, lid, lanes);

    const int keep_x = flags & SMAX_FLAG_LOG_BIT;
    const float base = smax_exp_base(held.m);
    float s = 0.0f, s_lost = 0.0f;
    SMAX_UNROLL_ALL
    for (int k = 0; k < SMAX_SPLIT_WIDE_RV; ++k) {
        if (k >= rv ||
            !smax_touches_vec(smax_reg_elem(map, k, lanes), reg_cols))
            continue;
        const smax_vec ev = smax_held_exp_vec(v[k], base, lift);
        smax_kahan_add(&s, &s_lost, smax_sum_vec(ev));
        if (!keep_x)
            v[k] = ev;
    }
    smax_partial total;
    total.m = held.m;
    total.s = held.s + smax_reduce_float(red, s, 1, lid, lid, lanes);

    const smax_row_total t = smax_row_total_of(total, flags);
    if (keep_x && t.zero) {
        smax_fused_write_zeros(yr, 0, reg_cols, lid, lanes);
    } else {
        SMAX_UNROLL_ALL
        for (int k = 0; k < SMAX_SPLIT_WIDE_RV; ++k)
            if (k < rv)
                smax_reg_store(yr, map, smax_reg_elem(map, k, lanes),
                               smax_fused_finish_vec(v[k], t, keep_x));
    }
    smax_held_write(yr, h, chunk, total, scale, flags, lift, lid, lanes);
}

#define SMAX_FUSED_SPLIT_PARAMS                                             \
    const SMAX_GLOBAL smax_in_t *x, smax_i64 x_off, smax_i64 x_stride,      \
        SMAX_GLOBAL smax_out_t *y, smax_i64 y_off, smax_i64 y_stride,       \
        smax_i64 rows, int cols, int cols_padded, int lanes, float scale,   \
        int flags SMAX_DYN_LOCAL_PARAM

SMAX_KERNEL void SMAX_KNAME(smax_fused_split)(SMAX_FUSED_SPLIT_PARAMS)
{
    SMAX_DYN_LOCAL_DECL
    (void)rows; /* a group per row: the grid is the rows */
    smax_fused_split_row(x, x_off, x_stride, y, y_off, y_stride, cols,
                         cols_padded, lanes, scale, flags, smax_dyn_local,
                         SMAX_SPLIT_ITEM_ELEMS);
}

/* f32 rows past the reach of SMAX_SPLIT_ITEM_ELEMS in the largest group
 * (smax_geometry.h says why). */
SMAX_KERNEL void SMAX_KNAME(smax_fused_split_wide)(SMAX_FUSED_SPLIT_PARAMS)
{
    SMAX_DYN_LOCAL_DECL
    (void)rows;
    smax_fused_split_row(x, x_off, x_stride, y, y_off, y_stride, cols,
                         cols_padded, lanes, scale, flags, smax_dyn_local,
                         SMAX_SPLIT_WIDE_ITEM_ELEMS);
}

#endif /* SMAX_FUSED_SPLIT_H */
