/*
 * smax_fused_regs.h - the fused algorithm for short rows, the row held in
 * registers (smax_rows.h, "the register-resident layout"): every load is
 * issued before the first reduction and no on-chip traffic competes with
 * them (H100, fp32: 2048 columns at 96% of copy against 85% from on-chip
 * memory, 1000 columns at 88% against 68%). Rows of up to
 * SMAX_VEC * SMAX_FWD_RV * lanes elements. Elements outside the row
 * read as -inf, which adds nothing to the max or the sum, and are never
 * written.
 */
#ifndef SMAX_FUSED_REGS_H
#define SMAX_FUSED_REGS_H

#ifndef SMAX_OPENCL_C
#include "smax_reduce.h"
#include "smax_rows.h"
#endif

/* Vectors a lane holds (smax_geometry.h says why 16-bit pairs hold two),
 * and the most, the deep kernel's (f32 rows past the usual reach). */
#define SMAX_FWD_RV SMAX_FWD_REG_VECTORS(SMAX_IN_BYTES, SMAX_OUT_BYTES)
#define SMAX_FWD_DEEP_RV                                                      \
    SMAX_FWD_DEEP_REG_VECTORS(SMAX_IN_BYTES, SMAX_OUT_BYTES)
#define SMAX_FWD_NARROW_RV                                                    \
    SMAX_FWD_NARROW_REG_VECTORS(SMAX_IN_BYTES, SMAX_OUT_BYTES)

/* Rows with a 16-bit output take their exponentials lifted, as the tiles'
 * row pass does (SMAX_ROW_EXP_LIFTED: an FMA and ex2.approx.ftz, where
 * exp2f spends a compare and two predicated multiplies more an element),
 * where the dialect has that one instruction (SMAX_HAVE_EXP2_FTZ: CUDA and
 * HIP on NVIDIA). H200, % of copy: bf16 rows of 128-2048 columns 76-85 ->
 * 81-89. OpenCL on NVIDIA keeps exp2 of the product: this kernel is built
 * there under a register cap, where the dialect leaves exp2 the library
 * function (with the lifted form so, bf16 128 81.4 -> 74.3;
 * bench/results/h200-2026-11-29, calls 1 and 4). */
#if defined(SMAX_HAVE_EXP2_FTZ) && SMAX_OUT_DTYPE != 0
#define SMAX_REG_LIFT(keep_x) ((keep_x) ? 0.0f : SMAX_ROW_LIFT)
#define SMAX_REG_EXP_VEC(v, base, keep_x) \
    smax_exp_vec_lifted((v), (base), SMAX_REG_LIFT(keep_x))
#define SMAX_REG_EXP(d, keep_x) SMAX_ROW_EXP_LIFTED((d), SMAX_REG_LIFT(keep_x))
#else
#define SMAX_REG_EXP_VEC(v, base, keep_x) smax_exp_vec_from((v), (base))
#define SMAX_REG_EXP(d, keep_x) SMAX_ROW_EXP(d)
#endif

/* Two 16-bit sides: 12 groups a compute unit (SMAX_FWD_REG_GROUPS_PER_CU). */
#if SMAX_FWD_REG_GROUPS_PER_CU(SMAX_IN_BYTES, SMAX_OUT_BYTES) > 0
#define SMAX_FWD_REG_BOUNDS                                                   \
    SMAX_GROUPS_PER_CU(SMAX_REG_GROUP,                                        \
                       SMAX_FWD_REG_GROUPS_PER_CU(SMAX_IN_BYTES,              \
                                                  SMAX_OUT_BYTES))
#else
#define SMAX_FWD_REG_BOUNDS
#endif
/* The deep kernel of two 16-bit sides: 8 groups a compute unit
 * (SMAX_FWD_DEEP_GROUPS_PER_CU). */
#if SMAX_FWD_DEEP_GROUPS_PER_CU(SMAX_IN_BYTES, SMAX_OUT_BYTES) > 0
#define SMAX_FWD_DEEP_BOUNDS                                                  \
    SMAX_GROUPS_PER_CU(SMAX_FWD_DEEP_GROUP(SMAX_IN_BYTES, SMAX_OUT_BYTES),    \
                       SMAX_FWD_DEEP_GROUPS_PER_CU(SMAX_IN_BYTES,             \
                                                   SMAX_OUT_BYTES))
#else
#define SMAX_FWD_DEEP_BOUNDS
#endif
/* A row slot function `fn`: `rv` vectors a lane (a constant where inlined,
 * at most max_rv; the loops run over the largest array and skip the
 * vectors past rv, which the compiler drops). Two are made, whose arrays
 * differ only where the deep kernel holds more than the others: the usual
 * and narrow kernels' row, and the deep kernel's. (One array for all
 * three had moved the 16-bit register kernel's code, and its bf16 rows of
 * 128-512 columns ran 2.5-3 points of copy slower on the H200;
 * bench/results/h200-2026-12-02e, call 4.) */
#define SMAX_FUSED_REGS_ROW(fn, max_rv)                                       \
SMAX_FN void fn(                                                              \
    const SMAX_GLOBAL smax_in_t *x, smax_i64 x_off, smax_i64 x_stride,        \
    SMAX_GLOBAL smax_out_t *y, smax_i64 y_off, smax_i64 y_stride,             \
    smax_i64 rows, int cols, int lanes, float scale, int flags,               \
    SMAX_LOCAL float *smax_dyn_local, int rv)                                 \
{                                                                             \
    const smax_row_slot rs = smax_row_slot_of(rows, lanes);                   \
    const SMAX_GLOBAL smax_in_t *xr = x + x_off + rs.row * x_stride;          \
    SMAX_GLOBAL smax_out_t *yr = y + y_off + rs.row * y_stride;               \
    const smax_reg_map map = smax_reg_map_of(                                 \
        smax_reg_sector_shift(xr, smax_row_shift(xr, yr), cols, lanes, rv),   \
        rs.lane, lanes, cols, rs.active, rv);                                 \
    smax_vec v[max_rv];                                                       \
    SMAX_UNROLL_ALL                                                           \
    for (int k = 0; k < max_rv; ++k)                                          \
        if (k < rv)                                                           \
            v[k] = smax_reg_issue(xr, map, smax_reg_elem(map, k, lanes));     \
    /* Rows that end on the lanes' vectors (most) have no extras: their       \
     * loads, exponentials and stores are skipped, not computed as -inf       \
     * (H200, % of copy: bf16 rows of 128-2048 columns 81-89 -> 84-91;        \
     * bench/results/h200-2026-11-29b, call 2). */                            \
    const int has_extras = map.extra < map.live;                              \
    float extra[SMAX_EXTRAS];                                                 \
    float m = -SMAX_INF;                                                      \
    if (has_extras) {                                                         \
        SMAX_UNROLL_ALL                                                       \
        for (int j = 0; j < SMAX_EXTRAS; ++j) {                               \
            extra[j] = smax_load_or(xr, map.extra + j * lanes, map.live,      \
                                    scale, -SMAX_INF);                        \
            m = smax_max_skip_nan(m, extra[j]);                               \
        }                                                                     \
    }                                                                         \
    SMAX_UNROLL_ALL                                                           \
    for (int k = 0; k < max_rv; ++k) {                                        \
        if (k >= rv)                                                          \
            break;                                                            \
        v[k] = smax_reg_load(xr, map, smax_reg_elem(map, k, lanes), v[k],     \
                             scale, -SMAX_INF);                               \
        m = smax_max_skip_nan(m, smax_max_vec(v[k]));                         \
    }                                                                         \
    m = smax_reduce_float_turn(smax_dyn_local, 0, m, 0, rs.lid, rs.lane,      \
                                 lanes);                                      \
    const float base = smax_exp_base(m);                                      \
                                                                              \
    /* Only vectors inside the row are computed on. */                        \
    const int keep_x = flags & SMAX_FLAG_LOG_BIT;                             \
    float s = 0.0f, s_lost = 0.0f;                                            \
    SMAX_UNROLL_ALL                                                           \
    for (int k = 0; k < max_rv; ++k) {                                        \
        if (k >= rv)                                                          \
            break;                                                            \
        if (!smax_touches_vec(smax_reg_elem(map, k, lanes), map.live))        \
            continue;                                                         \
        const smax_vec e = SMAX_REG_EXP_VEC(v[k], base, keep_x);              \
        smax_kahan_add(&s, &s_lost, smax_sum_vec(e));                         \
        if (!keep_x)                                                          \
            v[k] = e;                                                         \
    }                                                                         \
    if (has_extras) {                                                         \
        SMAX_UNROLL_ALL                                                       \
        for (int j = 0; j < SMAX_EXTRAS; ++j) {                               \
            const float e_x = SMAX_REG_EXP(extra[j] - base, keep_x);          \
            smax_kahan_add(&s, &s_lost, e_x);                                 \
            if (!keep_x)                                                      \
                extra[j] = e_x;                                               \
        }                                                                     \
    }                                                                         \
    s = smax_reduce_float_turn(smax_dyn_local, 1, s, 1, rs.lid, rs.lane,      \
                               lanes);                                        \
                                                                              \
    smax_partial total;                                                       \
    total.m = m;                                                              \
    total.s = s;                                                              \
    const smax_row_total t = smax_row_total_of(total, flags);                 \
    SMAX_UNROLL_ALL                                                           \
    for (int k = 0; k < max_rv; ++k)                                          \
        if (k < rv)                                                           \
            smax_reg_store(yr, map, smax_reg_elem(map, k, lanes),             \
                           smax_finish_vec(v[k], t));                         \
    if (has_extras) {                                                         \
        SMAX_UNROLL_ALL                                                       \
        for (int j = 0; j < SMAX_EXTRAS; ++j)                                 \
            if (map.extra + j * lanes < map.live)                             \
                smax_store_out(yr, map.extra + j * lanes,                     \
                               smax_finish(extra[j], t));                     \
    }                                                                         \
}

/* The usual and narrow kernels' array: f32 pairs keep the deep kernel's,
 * as they had it when those were measured. */
#define SMAX_FWD_ROW_RV                                                       \
    (SMAX_IN_BYTES == 4 && SMAX_OUT_BYTES == 4 ? SMAX_FWD_DEEP_RV : SMAX_FWD_RV)
SMAX_FUSED_REGS_ROW(smax_fused_regs_row, SMAX_FWD_ROW_RV)
SMAX_FUSED_REGS_ROW(smax_fused_regs_deep_row, SMAX_FWD_DEEP_RV)

#define SMAX_FUSED_REGS_PARAMS                                                \
    const SMAX_GLOBAL smax_in_t *x, smax_i64 x_off, smax_i64 x_stride,      \
        SMAX_GLOBAL smax_out_t *y, smax_i64 y_off, smax_i64 y_stride,       \
        smax_i64 rows, int cols, int lanes, float scale,                    \
        int flags SMAX_DYN_LOCAL_PARAM

/* A register kernel: the row slot function `row` with `rv` vectors a lane,
 * compiled for `bounds`. */
#define SMAX_FUSED_REGS_KERNEL(name, row, rv, bounds)                         \
    SMAX_KERNEL void bounds SMAX_KNAME(name)(                                 \
        SMAX_FUSED_REGS_PARAMS)                                               \
    {                                                                         \
        SMAX_DYN_LOCAL_DECL                                                   \
        row(x, x_off, x_stride, y, y_off, y_stride, rows, cols, lanes, scale, \
            flags, smax_dyn_local, rv);                                       \
    }

SMAX_FUSED_REGS_KERNEL(smax_fused_regs, smax_fused_regs_row, SMAX_FWD_RV,
                       SMAX_FWD_REG_BOUNDS)
/* f32 and 16-bit rows past the reach of SMAX_FWD_RV vectors a lane in the
 * largest group, where the planner asks for it (smax_geometry.h says where
 * and why). Pairs of one f32 and one 16-bit side compile the same row as
 * smax_fused_regs. */
SMAX_FUSED_REGS_KERNEL(smax_fused_regs_deep, smax_fused_regs_deep_row,
                       SMAX_FWD_DEEP_RV, SMAX_FWD_DEEP_BOUNDS)
/* Short f32 rows that fill a row slot of at most a warp, two vectors a
 * lane, where the planner asks for it (smax_geometry.h says where and
 * why). Other pairs compile the same row as smax_fused_regs. */
SMAX_FUSED_REGS_KERNEL(smax_fused_regs_narrow, smax_fused_regs_row,
                       SMAX_FWD_NARROW_RV, SMAX_FWD_REG_BOUNDS)

#endif /* SMAX_FUSED_REGS_H */
