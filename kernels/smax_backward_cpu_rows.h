/*
 * smax_backward_cpu_rows.h - the gradient's rows for CPU devices (plan.c
 * takes it only where ctx->traits.is_cpu, as the gradient's `online`):
 * one work-item per row, as smax_cpu_rows.h does for the forward call and
 * for the same reason (a CPU runs a group as a loop over its items, so a
 * shared row's barriers and local reductions are pure overhead there,
 * while one item's row stays in its core's caches between the passes).
 *
 * Passes: S over the row (smax_bwd_term), then dx (smax_bwd_out). No
 * local memory: softmax takes no exponential at all, log-softmax one per
 * element, in the write pass. dx may be y or dy: each step loads its y
 * and dy before it stores dx over the same elements. The two passes also
 * walk the chunks of a row split over several items
 * (smax_backward_multiblock.h's phases on a CPU device).
 */
#ifndef SMAX_BACKWARD_CPU_ROWS_H
#define SMAX_BACKWARD_CPU_ROWS_H

#ifndef SMAX_OPENCL_C
#include "smax_backward.h"
#include "smax_cpu_rows.h"
#endif

#if defined(SMAX_DIALECT_OPENCL)
/* smax_bwd_term on a vector: y * dy, or for log-softmax dy where y is a
 * number or -inf (y <= FLT_MAX holds for -inf) and NaN where y is NaN or
 * +inf. */
SMAX_FN smax_cpu_f smax_cpu_bwd_terms(smax_cpu_f y, smax_cpu_f dy, int log_sm)
{
    return log_sm ? select((smax_cpu_f)(SMAX_NAN), dy, y <= SMAX_FLT_MAX)
                  : y * dy;
}

/* S over the row, compensated per vector lane as smax_cpu_row_sum; the
 * order of the additions depends on the row's length and SMAX_CPU_W
 * alone. */
SMAX_FN float smax_cpu_bwd_row_sum(const __global smax_in_t *yr,
                                   const __global smax_in_t *dyr, int cols,
                                   int flags)
{
    const int log_sm = flags & SMAX_FLAG_LOG_BIT;
    smax_cpu_f sa = (smax_cpu_f)(0.0f), ca = sa, sb = sa, cb = sa;
    int j = 0;
    for (; j + 2 * SMAX_CPU_W <= cols; j += 2 * SMAX_CPU_W) {
        const int k = j + SMAX_CPU_W;
        smax_cpu_kahan(&sa, &ca,
                       smax_cpu_bwd_terms(smax_cpu_load(yr + j),
                                          smax_cpu_load(dyr + j), log_sm));
        smax_cpu_kahan(&sb, &cb,
                       smax_cpu_bwd_terms(smax_cpu_load(yr + k),
                                          smax_cpu_load(dyr + k), log_sm));
    }
    float r = smax_cpu_hsum(smax_cpu_sum8_of((sa - ca) + (sb - cb)));
    float r_lost = 0.0f;
    for (; j < cols; ++j)
        smax_kahan_add(&r, &r_lost,
                       smax_bwd_term(smax_load_in(yr, j), smax_load_in(dyr, j),
                                     flags));
    return r;
}

/* smax_bwd_out on a vector (FP_CONTRACT is off: the same roundings). */
SMAX_FN smax_cpu_f smax_cpu_bwd_out(smax_cpu_f y, smax_cpu_f dy, float s,
                                    float scale, int log_sm)
{
    return log_sm ? scale * (dy - SMAX_EXP(y) * s) : scale * (y * (dy - s));
}

SMAX_FN void smax_cpu_bwd_row_write(const __global smax_in_t *yr,
                                    const __global smax_in_t *dyr,
                                    __global smax_out_t *dxr, int cols,
                                    float s, float scale, int flags)
{
    const int log_sm = flags & SMAX_FLAG_LOG_BIT;
    const smax_cpu_span sp = smax_cpu_out_span(dxr, cols);
    for (int j = sp.head; j < sp.end; j += SMAX_CPU_W)
        smax_cpu_store(dxr + j, smax_cpu_bwd_out(smax_cpu_load(yr + j),
                                                 smax_cpu_load(dyr + j), s,
                                                 scale, log_sm));
    for (int i = 0; i < smax_cpu_edges(sp, cols); ++i) {
        const int j = smax_cpu_edge(sp, i);
        smax_store_out(dxr, j,
                       smax_bwd_out(smax_load_in(yr, j), smax_load_in(dyr, j),
                                    s, scale, flags));
    }
}
#endif /* SMAX_DIALECT_OPENCL */

SMAX_KERNEL void SMAX_KNAME(smax_bwd_cpu_rows)(
    const SMAX_GLOBAL smax_in_t *y, smax_i64 y_off, smax_i64 y_stride,
    const SMAX_GLOBAL smax_in_t *dy, smax_i64 dy_off, smax_i64 dy_stride,
    SMAX_GLOBAL smax_out_t *dx, smax_i64 dx_off, smax_i64 dx_stride,
    smax_i64 rows, int cols, float scale, int flags)
{
#if defined(SMAX_DIALECT_OPENCL)
    const smax_i64 row =
        SMAX_GROUP_ID() * SMAX_GROUP_SIZE() + SMAX_LOCAL_ID();
    if (row >= rows)
        return; /* no barrier follows: an idle item may leave */
    const __global smax_in_t *yr = y + y_off + row * y_stride;
    const __global smax_in_t *dyr = dy + dy_off + row * dy_stride;
    __global smax_out_t *dxr = dx + dx_off + row * dx_stride;
    const float s = smax_bwd_total(smax_cpu_bwd_row_sum(yr, dyr, cols, flags));
    smax_cpu_bwd_row_write(yr, dyr, dxr, cols, s, scale, flags);
#else /* never launched (see smax_cpu_rows.h) */
    (void)y, (void)y_off, (void)y_stride, (void)dy, (void)dy_off;
    (void)dy_stride, (void)dx, (void)dx_off, (void)dx_stride, (void)rows;
    (void)cols, (void)scale, (void)flags;
#endif
}

#endif /* SMAX_BACKWARD_CPU_ROWS_H */
