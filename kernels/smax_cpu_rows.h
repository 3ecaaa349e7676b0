/*
 * smax_cpu_rows.h - rows for CPU devices (plan.c takes it only where
 * ctx->traits.is_cpu, as their forward `online`): one work-item per row,
 * which walks the whole row alone, without barriers, local memory or a
 * group reduction. A CPU runs a work-group as a loop over its items on one
 * thread, so the group-wide kernels' barriers and local-memory reductions
 * are pure overhead there, while one item's row stays in the core's caches
 * between its passes (bench/results/pocl-2026-11-23-cpu-rows).
 *
 * Passes: the maximum; the sum of exp(x - max); the output. A softmax row
 * keeps its exponentials during the sum pass and the output pass scales
 * them, one exponential per element: in y where y is f32 (the finished
 * value's own type, so nothing is rounded twice), else, unrounded, in the
 * item's slot of local memory where the plan gave one (keep_pitch floats
 * an item); other rows (log-softmax, 16-bit rows too long for the slot)
 * compute the exponential again in the output pass. The results are those
 * of exp(x - max) * (1 / sum) either way.
 *
 * Written in OpenCL C's own vectors, 8 floats wide, moved with
 * vload/vstore (any element alignment): the compiler turns each step into
 * whole SIMD instructions, where the 4-float structures of the GPU kernels
 * came out as half-width arithmetic and shuffles (PoCL on AVX2, the sum
 * pass: bench/results/pocl-2026-11-23-wide). CPU devices exist only
 * behind OpenCL, so CUDA and HIP compile the kernel without a body; the
 * planner never launches it there.
 */
#ifndef SMAX_CPU_ROWS_H
#define SMAX_CPU_ROWS_H

#ifndef SMAX_OPENCL_C
#include "smax_rows.h"
#endif

#if defined(SMAX_DIALECT_OPENCL)
/* Elements a step: one float8 (two AVX2 registers' worth in two
 * accumulators, so no chain of dependent additions runs through the row). */
#define SMAX_CPU_W 8

SMAX_FN float8 smax_cpu_load8(const __global smax_in_t *p)
{
#if SMAX_IN_DTYPE == 0
    return vload8(0, p);
#elif SMAX_IN_DTYPE == 1
    return vload_half8(0, p);
#else
    return as_float8(convert_uint8(vload8(0, p)) << 16);
#endif
}

SMAX_FN float8 smax_cpu_load8_scaled(const __global smax_in_t *p, float scale)
{
    const float8 v = smax_cpu_load8(p);
    return scale == 1.0f ? v : v * scale; /* FP_CONTRACT is off */
}

/* The same rounding as smax_st_f16 / smax_st_bf16 (smax_io.h). */
SMAX_FN void smax_cpu_store8(__global smax_out_t *p, float8 v)
{
#if SMAX_OUT_DTYPE == 0
    vstore8(v, 0, p);
#elif SMAX_OUT_DTYPE == 1
    vstore_half8_rte(v, 0, p);
#else
    const uint8 u = as_uint8(v);
    const uint8 rounded = (u + 0x7fffu + ((u >> 16) & 1u)) >> 16;
    const uint8 nan = (u >> 16) | 0x40u;
    vstore8(convert_ushort8(
                select(rounded, nan, as_uint8((u & 0x7fffffffu) > 0x7f800000u))),
            0, p);
#endif
}

SMAX_FN float smax_cpu_hmax(float8 v)
{
    const float4 m = fmax(v.lo, v.hi);
    return fmax(fmax(m.x, m.y), fmax(m.z, m.w));
}

/* Pairwise, as smax_sum_vec. */
SMAX_FN float smax_cpu_hsum(float8 v)
{
    const float4 s = v.lo + v.hi;
    return (s.x + s.z) + (s.y + s.w);
}

/* Kahan step per vector lane: s gains v, c holds what s lost. */
SMAX_FN void smax_cpu_kahan8(float8 *s, float8 *c, float8 v)
{
    const float8 y = v - *c;
    const float8 t = *s + y;
    *c = (t - *s) - y;
    *s = t;
}

SMAX_FN float8 smax_cpu_finish8(float8 v, smax_row_total t)
{
    return t.zero ? (float8)(0.0f) : (v - t.a) * t.b - t.c;
}

/* The maximum of the row's scaled elements (NaN skipped: fmax). */
SMAX_FN float smax_cpu_row_max(const __global smax_in_t *xr, int cols,
                               float scale)
{
    float8 ma = (float8)(-SMAX_INF), mb = ma;
    int j = 0;
    for (; j + 2 * SMAX_CPU_W <= cols; j += 2 * SMAX_CPU_W) {
        ma = fmax(ma, smax_cpu_load8_scaled(xr + j, scale));
        mb = fmax(mb, smax_cpu_load8_scaled(xr + j + SMAX_CPU_W, scale));
    }
    if (j + SMAX_CPU_W <= cols) {
        ma = fmax(ma, smax_cpu_load8_scaled(xr + j, scale));
        j += SMAX_CPU_W;
    }
    float r = smax_cpu_hmax(fmax(ma, mb));
    for (; j < cols; ++j)
        r = smax_max_skip_nan(r, smax_load_scaled(xr, j, scale));
    return r;
}

/* The sum of exp(x - base) over the row, compensated per lane (rows can
 * be long); with `keep` (softmax, f32 output) every exponential is also
 * written to y for the output pass, with `keep_local` to kl. The order of
 * the additions depends on the row's length alone. */
SMAX_FN float smax_cpu_row_sum(const __global smax_in_t *xr,
                               __global smax_out_t *yr, __local float *kl,
                               int cols, float scale, float base, int keep,
                               int keep_local)
{
    float8 sa = (float8)(0.0f), ca = sa, sb = sa, cb = sa;
    int j = 0;
    for (; j + 2 * SMAX_CPU_W <= cols; j += 2 * SMAX_CPU_W) {
        const float8 ea =
            SMAX_ROW_EXP(smax_cpu_load8_scaled(xr + j, scale) - base);
        const float8 eb = SMAX_ROW_EXP(
            smax_cpu_load8_scaled(xr + j + SMAX_CPU_W, scale) - base);
        if (keep) {
            smax_cpu_store8(yr + j, ea);
            smax_cpu_store8(yr + j + SMAX_CPU_W, eb);
        } else if (keep_local) {
            vstore8(ea, 0, kl + j);
            vstore8(eb, 0, kl + j + SMAX_CPU_W);
        }
        smax_cpu_kahan8(&sa, &ca, ea);
        smax_cpu_kahan8(&sb, &cb, eb);
    }
    /* s - c: the sums with what they lost */
    float r = smax_cpu_hsum((sa - ca) + (sb - cb)), r_lost = 0.0f;
    for (; j < cols; ++j) {
        const float e = SMAX_ROW_EXP(smax_load_scaled(xr, j, scale) - base);
        if (keep)
            smax_store_out(yr, j, e);
        else if (keep_local)
            kl[j] = e;
        smax_kahan_add(&r, &r_lost, e);
    }
    return r;
}

/* Output pass over the exponentials the sum pass kept in y (f32 output). */
SMAX_FN void smax_cpu_finish_kept(__global smax_out_t *yr, int cols,
                                  smax_row_total t)
{
#if SMAX_OUT_DTYPE == 0
    int j = 0;
    for (; j + SMAX_CPU_W <= cols; j += SMAX_CPU_W)
        vstore8(smax_cpu_finish8(vload8(0, yr + j), t), 0, yr + j);
    for (; j < cols; ++j)
        yr[j] = smax_finish(yr[j], t);
#endif
}

/* Output pass over the exponentials the sum pass kept in local memory. */
SMAX_FN void smax_cpu_finish_local(const __local float *kl,
                                   __global smax_out_t *yr, int cols,
                                   smax_row_total t)
{
    int j = 0;
    for (; j + SMAX_CPU_W <= cols; j += SMAX_CPU_W)
        smax_cpu_store8(yr + j, smax_cpu_finish8(vload8(0, kl + j), t));
    for (; j < cols; ++j)
        smax_store_out(yr, j, smax_finish(kl[j], t));
}

/* Output pass from x: log-softmax, or softmax into a 16-bit y. */
SMAX_FN void smax_cpu_finish_from_x(const __global smax_in_t *xr,
                                    __global smax_out_t *yr, int cols,
                                    float scale, smax_row_total t, int flags)
{
    const int log_sm = flags & SMAX_FLAG_LOG_BIT;
    int j = 0;
    for (; j + SMAX_CPU_W <= cols; j += SMAX_CPU_W) {
        const float8 v = smax_cpu_load8_scaled(xr + j, scale);
        smax_cpu_store8(yr + j,
                        smax_cpu_finish8(log_sm ? v : SMAX_ROW_EXP(v - t.base),
                                         t));
    }
    for (; j < cols; ++j)
        smax_store_out(yr, j,
                       smax_output(smax_load_scaled(xr, j, scale), t, flags));
}
#endif /* SMAX_DIALECT_OPENCL */

SMAX_KERNEL void SMAX_KNAME(smax_cpu_rows)(
    const SMAX_GLOBAL smax_in_t *x, smax_i64 x_off, smax_i64 x_stride,
    SMAX_GLOBAL smax_out_t *y, smax_i64 y_off, smax_i64 y_stride,
    smax_i64 rows, int cols, int keep_pitch, float scale,
    int flags SMAX_DYN_LOCAL_PARAM)
{
#if defined(SMAX_DIALECT_OPENCL)
    SMAX_DYN_LOCAL_DECL
    const smax_i64 row =
        SMAX_GROUP_ID() * SMAX_GROUP_SIZE() + SMAX_LOCAL_ID();
    if (row >= rows)
        return; /* no barrier follows: an idle item may leave */
    const __global smax_in_t *xr = x + x_off + row * x_stride;
    __global smax_out_t *yr = y + y_off + row * y_stride;
    smax_partial total;
    total.m = smax_cpu_row_max(xr, cols, scale);
    const float base = smax_exp_base(total.m);
    const int softmax = !(flags & SMAX_FLAG_LOG_BIT);
    const int keep = SMAX_OUT_DTYPE == 0 && softmax;
    const int keep_local = !keep && softmax && keep_pitch >= cols;
    __local float *kl = smax_dyn_local + SMAX_LOCAL_ID() * keep_pitch;
    total.s = smax_cpu_row_sum(xr, yr, kl, cols, scale, base, keep,
                               keep_local);
    const smax_row_total t = smax_row_total_of(total, flags);
    if (keep)
        smax_cpu_finish_kept(yr, cols, t);
    else if (keep_local)
        smax_cpu_finish_local(kl, yr, cols, t);
    else
        smax_cpu_finish_from_x(xr, yr, cols, scale, t, flags);
#else /* never launched (see the top of this file) */
    (void)x, (void)x_off, (void)x_stride, (void)y, (void)y_off;
    (void)y_stride, (void)rows, (void)cols, (void)keep_pitch, (void)scale;
    (void)flags;
#endif
}

#endif /* SMAX_CPU_ROWS_H */
