/*
 * smax_cpu_rows.h - rows for CPU devices (plan.c takes it only where
 * ctx->traits.is_cpu, as their forward `online`): one work-item per row,
 * which walks the whole row alone with the vector exp, without barriers,
 * local memory or a group reduction. A CPU runs a work-group as a loop
 * over its items on one thread, so the group-wide kernels' barriers and
 * local-memory reductions are pure overhead there, while one item's row
 * stays in the core's caches between its passes
 * (bench/results/pocl-2026-11-23-cpu-rows).
 *
 * Passes: the maximum; the sum of exp(x - max); the output. A softmax row
 * with f32 output keeps its exponentials in y during the sum pass and the
 * output pass scales them there, one exponential per element (y is the
 * finished value's own type, so nothing is rounded twice); other rows
 * compute the exponential again in the output pass. The results are those
 * of exp(x - max) * (1 / sum) either way. Compiled for every backend;
 * GPUs never launch it.
 */
#ifndef SMAX_CPU_ROWS_H
#define SMAX_CPU_ROWS_H

#ifndef SMAX_OPENCL_C
#include "smax_rows.h"
#endif

/* Two vectors of running values per row: a chain of dependent additions
 * (or maxima) per vector lane instead of one through the whole row, which
 * kept a core waiting on the latency of each step (PoCL, 2 cores:
 * bench/results/pocl-2026-11-23-cpu-rows). The order of every sum is fixed
 * by the row's length and alignment alone. */
typedef struct smax_cpu_acc {
    smax_vec a, b;
} smax_cpu_acc;

SMAX_FN smax_vec smax_cpu_vmax(smax_vec m, smax_vec v)
{
    SMAX_UNROLL_ALL
    for (int i = 0; i < SMAX_VEC; ++i)
        m.e[i] = smax_max_skip_nan(m.e[i], v.e[i]);
    return m;
}

/* Kahan step per vector lane: s gains v, c holds what s lost. */
SMAX_FN void smax_cpu_vkahan(smax_vec *s, smax_vec *c, smax_vec v)
{
    SMAX_UNROLL_ALL
    for (int i = 0; i < SMAX_VEC; ++i)
        smax_kahan_add(&s->e[i], &c->e[i], v.e[i]);
}

/* The maximum of the row's scaled elements (NaN skipped). */
SMAX_FN float smax_cpu_row_max(const SMAX_GLOBAL smax_in_t *xr, smax_split sp,
                               int cols, float scale)
{
    smax_cpu_acc m;
    m.a = smax_fill_vec(-SMAX_INF);
    m.b = m.a;
    int j = sp.body;
    for (; j + SMAX_VEC < sp.body_end; j += 2 * SMAX_VEC) {
        m.a = smax_cpu_vmax(m.a, smax_scale_vec(smax_load_vec_in(xr + j), scale));
        m.b = smax_cpu_vmax(
            m.b, smax_scale_vec(smax_load_vec_in(xr + j + SMAX_VEC), scale));
    }
    if (j < sp.body_end)
        m.a = smax_cpu_vmax(m.a, smax_scale_vec(smax_load_vec_in(xr + j), scale));
    float r = smax_max_vec(smax_cpu_vmax(m.a, m.b));
    for (j = smax_scalar_first(0, sp); j < cols; j = smax_scalar_next(j, 1, sp))
        r = smax_max_skip_nan(r, smax_load_scaled(xr, j, scale));
    return r;
}

/* exp(x - base) of two vectors a and b (the row's exponential): in OpenCL
 * as one 8-wide call, which PoCL runs about 10% faster than two 4-wide
 * ones on AVX2 (bench/results/pocl-2026-11-23-cpu-rows). */
SMAX_FN void smax_cpu_exp_pair(smax_vec *a, smax_vec *b, float base)
{
#if defined(SMAX_DIALECT_OPENCL) && SMAX_VEC == 4
    float8 f = (float8)(a->e[0], a->e[1], a->e[2], a->e[3], b->e[0], b->e[1],
                        b->e[2], b->e[3]);
    f = SMAX_ROW_EXP(f - base);
    a->e[0] = f.s0; a->e[1] = f.s1; a->e[2] = f.s2; a->e[3] = f.s3;
    b->e[0] = f.s4; b->e[1] = f.s5; b->e[2] = f.s6; b->e[3] = f.s7;
#else
    *a = smax_exp_vec_from(*a, base);
    *b = smax_exp_vec_from(*b, base);
#endif
}

/* exp(x - base) of the row's vector at j, written to y where `keep`. */
SMAX_FN smax_vec smax_cpu_exp_at(const SMAX_GLOBAL smax_in_t *xr,
                                 SMAX_GLOBAL smax_out_t *yr, int j,
                                 float scale, float base, int keep)
{
    const smax_vec e = smax_exp_vec_from(
        smax_scale_vec(smax_load_vec_in(xr + j), scale), base);
    if (keep)
        smax_store_vec_out(yr + j, e);
    return e;
}

/* The sum of exp(x - base) over the row, compensated per lane (rows can
 * be long); with `keep` (softmax, f32 output) every exponential is also
 * written to y for the output pass. */
SMAX_FN float smax_cpu_row_sum(const SMAX_GLOBAL smax_in_t *xr,
                               SMAX_GLOBAL smax_out_t *yr, smax_split sp,
                               int cols, float scale, float base, int keep)
{
    smax_cpu_acc s, c;
    s.a = smax_fill_vec(0.0f);
    s.b = s.a;
    c = s;
    int j = sp.body;
    for (; j + SMAX_VEC < sp.body_end; j += 2 * SMAX_VEC) {
        smax_vec ea = smax_scale_vec(smax_load_vec_in(xr + j), scale);
        smax_vec eb = smax_scale_vec(smax_load_vec_in(xr + j + SMAX_VEC), scale);
        smax_cpu_exp_pair(&ea, &eb, base);
        if (keep) {
            smax_store_vec_out(yr + j, ea);
            smax_store_vec_out(yr + j + SMAX_VEC, eb);
        }
        smax_cpu_vkahan(&s.a, &c.a, ea);
        smax_cpu_vkahan(&s.b, &c.b, eb);
    }
    if (j < sp.body_end)
        smax_cpu_vkahan(&s.a, &c.a, smax_cpu_exp_at(xr, yr, j, scale, base, keep));
    smax_vec lanes;
    SMAX_UNROLL_ALL
    for (int i = 0; i < SMAX_VEC; ++i) /* s - c: the sum with what it lost */
        lanes.e[i] = (s.a.e[i] - c.a.e[i]) + (s.b.e[i] - c.b.e[i]);
    float r = smax_sum_vec(lanes), r_lost = 0.0f;
    for (j = smax_scalar_first(0, sp); j < cols; j = smax_scalar_next(j, 1, sp)) {
        const float e = SMAX_ROW_EXP(smax_load_scaled(xr, j, scale) - base);
        if (keep)
            smax_store_out(yr, j, e);
        smax_kahan_add(&r, &r_lost, e);
    }
    return r;
}

#if SMAX_OUT_DTYPE == 0
/* Output pass over the exponentials the sum pass kept in y. */
SMAX_FN void smax_cpu_finish_kept(SMAX_GLOBAL float *yr, smax_split sp,
                                  int cols, smax_row_total t)
{
    for (int j = sp.body; j < sp.body_end; j += SMAX_VEC)
        smax_stv_f32(yr + j, smax_finish_vec(smax_ldv_f32(yr + j), t));
    for (int j = smax_scalar_first(0, sp); j < cols;
         j = smax_scalar_next(j, 1, sp))
        smax_st_f32(yr, j, smax_finish(smax_ld_f32(yr, j), t));
}
#endif

SMAX_KERNEL void SMAX_KNAME(smax_cpu_rows)(
    const SMAX_GLOBAL smax_in_t *x, smax_i64 x_off, smax_i64 x_stride,
    SMAX_GLOBAL smax_out_t *y, smax_i64 y_off, smax_i64 y_stride,
    smax_i64 rows, int cols, float scale, int flags)
{
    const smax_i64 row =
        SMAX_GROUP_ID() * SMAX_GROUP_SIZE() + SMAX_LOCAL_ID();
    if (row >= rows)
        return; /* no barrier follows: an idle item may leave */
    const SMAX_GLOBAL smax_in_t *xr = x + x_off + row * x_stride;
    SMAX_GLOBAL smax_out_t *yr = y + y_off + row * y_stride;
    const int shift = smax_row_shift(xr, yr);
    const smax_split sp = smax_split_slice(shift, 0, cols);
    smax_partial total;
    total.m = smax_cpu_row_max(xr, sp, cols, scale);
    const float base = smax_exp_base(total.m);
#if SMAX_OUT_DTYPE == 0
    if (!(flags & SMAX_FLAG_LOG_BIT)) {
        total.s = smax_cpu_row_sum(xr, yr, sp, cols, scale, base, 1);
        smax_cpu_finish_kept(yr, sp, cols, smax_row_total_of(total, flags));
        return;
    }
#endif
    total.s = smax_cpu_row_sum(xr, yr, sp, cols, scale, base, 0);
    smax_slice_normalize(xr, yr, shift, 0, cols, 0, 1, scale, total, flags);
}

#endif /* SMAX_CPU_ROWS_H */
