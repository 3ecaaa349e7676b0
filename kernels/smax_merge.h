/*
 * smax_merge.h - THE merge operator of smax, and the only one.
 *
 * A partial (m, s) summarises a slice of a row: m is its maximum and s the
 * sum of exp(x - m) over it. Two partials combine with
 *
 *     (m_a, s_a) (+) (m_b, s_b) = (m_c, s_a e^(m_a - m_c) + s_b e^(m_b - m_c)),
 *     m_c = max(m_a, m_b)
 *
 * which is commutative and associative (up to rounding), so any split of a row
 * merged in any order gives the two-pass result. Every kernel of every backend
 * and the host unit tests use these functions. Written in the common subset
 * of C99 that compiles as OpenCL C, CUDA, HIP and host C.
 *
 * Special values (PRODUCT.md section 3):
 * - The identity is the empty partial (-inf, 0). When both maxima are -inf
 *   the rescale exp(-inf - -inf) would be NaN; that case is guarded so
 *   merging empty partials (a slice of -inf) stays empty.
 * - -inf elements contribute exactly 0, also when the slice maximum is -inf.
 * - NaN is never dropped: the maximum skips it, but its exp() term is NaN, so
 *   the sum and thus the whole row become NaN.
 * - +inf gives a maximum of +inf and a term exp(inf - inf) = NaN: the row
 *   becomes NaN, as in PyTorch.
 */
#ifndef SMAX_MERGE_H
#define SMAX_MERGE_H

#ifndef SMAX_OPENCL_C
#include "smax_dialect.h"
#endif

typedef struct smax_partial {
    float m; /* maximum of the slice; -inf when empty      */
    float s; /* sum of exp(x - m) over the slice; 0 when empty */
} smax_partial;

SMAX_FN smax_partial smax_partial_identity(void)
{
    smax_partial p;
    p.m = -SMAX_INF;
    p.s = 0.0f;
    return p;
}

/* Larger of two values; a NaN operand is skipped (it poisons s instead).
 * fmax has exactly these semantics in C99, CUDA, HIP and OpenCL C. */
SMAX_FN float smax_max_skip_nan(float a, float b)
{
    return SMAX_FMAX(a, b);
}

/* The exponential of the forward kernels' row arithmetic, exp(x - m) with
 * x - m <= 0. Rows written as f16 or bf16 take it as exp2(d * log2(e)):
 * exp2 is a precise library function like exp, and rounding the product
 * adds a relative error of at most |d| * 2^-24 (under 2^-17 wherever the
 * result is not 0 in f32), far below the output's spacing (2^-11 relative
 * for f16, 2^-8 for bf16), at about half of exp's instructions: a 16-bit
 * row carries twice the elements per byte of an f32 one. Rows written as
 * f32, and the gradient (whose rule is relative to cancelling terms), use
 * exp itself. docs/numerics.md ("16-bit outputs") has the bound. */
/* log2(e) rounded to f32: every exponential taken as exp2 scales by it. */
#define SMAX_LOG2E 1.4426950408889634f
#if defined(SMAX_OUT_DTYPE) && SMAX_OUT_DTYPE != 0
#define SMAX_ROW_EXP(d) SMAX_EXP2((d) * SMAX_LOG2E)
#else
#define SMAX_ROW_EXP(d) SMAX_EXP(d)
#endif

/* exp(d) * 2^lift, d = x - m <= 0, for rows held whole by one row slot
 * (the flat tiles' row pass), whose sum and outputs undo the lift: with a
 * 16-bit output, 2^(d * log2(e) + lift) in one FMA and exp2 without
 * subnormal results (SMAX_EXP2_FTZ). The FMA's one rounding moves the
 * exponent by at most 2^-18 while |d * log2(e) + lift| < 128, a relative
 * 2^-18 of the result, under SMAX_ROW_EXP's 2^-17 bound. Softmax lifts by
 * SMAX_ROW_LIFT, so that every result that the flush turns to 0 is below
 * 2^-138 times the row's sum: outputs that round to 0 in bf16 (its least
 * subnormal is 2^-133) and in f16. Log-softmax uses the exponentials for
 * the sum alone and takes lift 0: the largest term stays exactly 1, and
 * flushed terms move the sum (at least 1) by under n * 2^-126. Rows
 * written as f32 keep SMAX_ROW_EXP and lift 0. docs/numerics.md ("16-bit
 * outputs"). */
#if defined(SMAX_OUT_DTYPE) && SMAX_OUT_DTYPE != 0
#define SMAX_ROW_LIFT 12.0f
#define SMAX_ROW_EXP_LIFTED(d, lift) \
    SMAX_EXP2_FTZ(SMAX_FMA((d), SMAX_LOG2E, (lift)))
#else
#define SMAX_ROW_LIFT 0.0f
#define SMAX_ROW_EXP_LIFTED(d, lift) SMAX_ROW_EXP(d)
#endif

/* exp(x - m) for an element x of a slice with maximum m; exactly 0 for
 * x = -inf, even when m = -inf as well. */
SMAX_FN float smax_exp_shifted(float x, float m)
{
    return x == -SMAX_INF ? 0.0f : SMAX_ROW_EXP(x - m);
}

SMAX_FN smax_partial smax_merge(smax_partial a, smax_partial b)
{
    smax_partial c;
    c.m = smax_max_skip_nan(a.m, b.m);
    if (c.m == -SMAX_INF) {
        /* Both empty: keep the identity (adding keeps a NaN sum alive). */
        c.s = a.s + b.s;
        return c;
    }
    c.s = a.s * smax_exp_shifted(a.m, c.m) + b.s * smax_exp_shifted(b.m, c.m);
    return c;
}

/* The partial of a single element. */
SMAX_FN smax_partial smax_partial_of(float x)
{
    smax_partial p;
    p.m = smax_max_skip_nan(-SMAX_INF, x);
    p.s = smax_exp_shifted(x, p.m); /* 1; 0 for -inf; NaN for NaN, +inf */
    return p;
}

/* The partial of four elements: one rescale for four exponentials. */
SMAX_FN smax_partial smax_partial_of4(float x0, float x1, float x2, float x3)
{
    smax_partial p;
    p.m = smax_max_skip_nan(smax_max_skip_nan(x0, x1),
                            smax_max_skip_nan(x2, x3));
    p.s = (smax_exp_shifted(x0, p.m) + smax_exp_shifted(x1, p.m)) +
          (smax_exp_shifted(x2, p.m) + smax_exp_shifted(x3, p.m));
    return p;
}

/* Kahan step: adds term to the sum *s whose lost low-order part is *c. */
SMAX_FN void smax_kahan_add(float *s, float *c, float term)
{
    float y = term - *c;
    float t = *s + y;
    *c = (t - *s) - y;
    *s = t;
}

/* The streaming form of the operator, for one work-item folding many
 * partials in sequence: a (+) b with the sum compensated, so a long run of
 * k folds errs by O(1) roundings instead of O(k). Same special-value rules
 * as smax_merge. */
typedef struct smax_accumulator {
    float m; /* running maximum                       */
    float s; /* running sum of exp(x - m)             */
    float c; /* Kahan compensation of s (same scale)  */
} smax_accumulator;

SMAX_FN smax_accumulator smax_accumulator_init(void)
{
    smax_accumulator a;
    a.m = -SMAX_INF;
    a.s = 0.0f;
    a.c = 0.0f;
    return a;
}

SMAX_FN smax_accumulator smax_accumulate(smax_accumulator a, smax_partial p)
{
    const float m = smax_max_skip_nan(a.m, p.m);
    if (m == -SMAX_INF) {
        /* Both empty: keep the identity (adding keeps a NaN sum alive). */
        a.s += p.s;
        return a;
    }
    if (m != a.m) {
        const float rescale = smax_exp_shifted(a.m, m);
        a.s *= rescale;
        a.c *= rescale;
        a.m = m;
    }
    smax_kahan_add(&a.s, &a.c, p.s * smax_exp_shifted(p.m, m));
    return a;
}

SMAX_FN smax_partial smax_accumulator_partial(smax_accumulator a)
{
    smax_partial p;
    p.m = a.m;
    p.s = a.s;
    return p;
}

#endif /* SMAX_MERGE_H */
