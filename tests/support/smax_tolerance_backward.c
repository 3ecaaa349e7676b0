/*
 * smax_tolerance_backward.c - THE accuracy rule for the gradient (see
 * smax_tolerance.h; docs/numerics.md has the measurements).
 *
 * The rule
 * --------
 *   |got - ref| <= trh * mag + u
 * with ref from smax_reference_backward_f64, mag from
 * smax_reference_backward_mag, u = the spacing of the output format at |ref|
 * for 16-bit outputs plus FLT_MIN (the underflow floor, below), and
 *   trh(n, L) = FLT_EPSILON * (12 + max(0, ceil(log2 n) - 10) + 2 * L).
 *
 * Why an absolute error against mag. dx_i = scale y_i (dy_i - S) subtracts
 * S = sum_j y_j dy_j from dy_i; where the two nearly cancel, dx_i is small
 * while the roundings that formed it are not, so no relative bound on dx_i
 * can hold (a row of equal y and dy has dx = 0 exactly, and an f32 device
 * gets a few ulps of S instead). Every rounding below is a relative error of
 * one of the terms that were added or subtracted, so the error is bounded by
 * a multiple of the sum of their magnitudes:
 *   softmax      mag_i = |scale| |y_i| (|dy_i| + A),  A = sum_j |y_j dy_j|
 *   log-softmax  mag_i = |scale| (|dy_i| + exp(y_i) A),  A = sum_j |dy_j|
 * which is what the error is measured against. Where nothing cancels, mag
 * is within a factor 2 of |dx_i| and the rule is a relative one.
 *
 * Why this trh. With u = FLT_EPSILON / 2 (one rounding), the f32 device
 * computation of the brief (and of smax_softmax_backward):
 *  (1) S: each term y_j dy_j is rounded once (1u; log-softmax sums dy_j
 *      exactly as given: 0u); terms go through the pairwise sum of a vector
 *      (2 levels for float4, 3 for the 8-wide 16-bit vectors), into a
 *      per-work-item Kahan-compensated run (2u whatever its length, as long
 *      as run length * u << 1), then a tree over the work-items and, for
 *      multiblock plans, a tree over the chunks per merge level. Partials of
 *      idle items are exact zeros, so a term passes through at most
 *      ceil(log2 n) tree and vector levels (each halves the count) plus one
 *      per merge level for the ragged ends, each at most 1u. So
 *        |S^ - S| <= (ceil(log2 n) + 3 + L) u A.
 *  (2) softmax: t = dy_i - S^ (1u of |dy_i| + |S^|), y_i t (1u), times
 *      scale (1u): |dx^_i - dx_i| <= (ceil(log2 n) + 6 + L) u mag_i.
 *  (3) log-softmax: exp(y_i) errs by up to 3 ulp (OpenCL's bound; 1 in
 *      SLEEF/glibc, 2 in CUDA's expf), i.e. up to 6u relative; the product
 *      with S^ (1u), the subtraction (1u) and scale (1u):
 *      |dx^_i - dx_i| <= (ceil(log2 n) + 11 + L) u mag_i.
 * At n <= 1024 the worst case is therefore 21u = 10.5 FLT_EPSILON; the
 * constant 12 covers it with room. Beyond 1024 each doubling can add one
 * tree level (u = FLT_EPSILON / 2 worst case); trh allows FLT_EPSILON, twice
 * that. Each merge level gets 2 FLT_EPSILON, as in the forward rule: room
 * for a merge kernel that adds partials serially or rescales them. So trh
 * is above the worst-case bound of an honest implementation everywhere,
 * not only above what was measured; the simulated device of
 * test_backward_reference stays below a third of it (docs/numerics.md). It is one formula for softmax and
 * log-softmax: the exp of log-softmax sits in the constant, and mag already
 * carries the exp(y_i) A factor that the forward rule's 5x stood for.
 * Unlike the forward rule, it cannot be loosened to a blanket pass by long
 * rows: ceil(log2 n) <= 63 keeps trh below 10^-5 for every n.
 *
 * 16-bit outputs. The f32 value is rounded once more: half an ulp of the
 * output type at the result, which is at most the spacing u at |ref|
 * rounded to the type (a result in the binade above has spacing 2u but is
 * rounded by u). Against the reference the error is then trh * mag + u,
 * which is the 1-ulp rule of the forward pass when nothing cancels.
 *
 * The underflow floor. Below FLT_MIN f32 arithmetic is no longer relative:
 * a subnormal product is rounded to a multiple of 2^-149 (gradual
 * underflow), or flushed to zero where the device flushes denormals (OpenCL
 * allows it for f32). Realistic y (the softmax of a long row) has
 * subnormal elements, so every element gets FLT_MIN more: an honest device
 * passes, and nothing of the size of a real gradient can hide in it.
 *
 * Infinities. An infinite reference must be matched exactly. An infinite
 * result of a finite reference is what a correct device writes when the
 * value overflows the output type (f16 from 65520 on in particular), so it
 * stands for every value from the smallest magnitude that rounds to that
 * infinity on: its error is how far |ref| falls short of that threshold.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "smax_half.h"
#include "smax_tolerance.h"

double smax_tolerance_backward_trh(int64_t n, int merge_levels)
{
    int lg = 0;
    while (lg < 63 && ((int64_t)1 << lg) < n)
        ++lg; /* ceil(log2 n) */
    const double growth = lg > 10 ? (double)(lg - 10) : 0.0;
    const double levels = merge_levels > 0 ? (double)merge_levels : 0.0;
    return FLT_EPSILON * (12.0 + growth + 2.0 * levels);
}

/* The smallest magnitude that rounds to infinity in format fmt: the largest
 * finite value plus half its spacing. */
static double overflow_threshold(int fmt)
{
    switch (fmt) {
    case SMAX_FMT_F16:
        return 65520.0; /* 65504 + 32 / 2 */
    case SMAX_FMT_BF16:
        return ldexp(1.0, 128) - ldexp(1.0, 119); /* (2 - 2^-8) 2^127 */
    default:
        return ldexp(1.0, 128) - ldexp(1.0, 103); /* (2 - 2^-24) 2^127 */
    }
}

/* Element i of a raw row of format fmt, as a double. */
static double raw_at(const void *row, int64_t i, int fmt)
{
    if (fmt == SMAX_FMT_F32)
        return (double)((const float *)row)[i];
    return (double)smax_half_decode(fmt, ((const uint16_t *)row)[i]);
}

/* The allowance u of the rule: the output's own rounding and the underflow
 * floor (see the top of this file). */
static double absolute_allowance(int fmt, double ref)
{
    const double spacing = fmt == SMAX_FMT_F32 ? 0.0 : smax_fmt_ulp(fmt, ref);
    return spacing + (double)FLT_MIN;
}

/* One element. *ratio receives |got - ref| / (trh mag + u) (0 where judged
 * exactly); returns 0 on failure with the reason in *why. */
static int check_grad_element(double g, double r, double mag, int fmt,
                              double trh, double *ratio, const char **why)
{
    *ratio = 0.0;
    if (isnan(r) || isnan(g)) {
        *why = isnan(r) ? "expected NaN" : "unexpected NaN";
        return isnan(r) && isnan(g);
    }
    if (isinf(r)) {
        *why = "infinity mismatch";
        return g == r;
    }
    const double bound = trh * mag + absolute_allowance(fmt, r);
    double diff = fabs(g - r);
    if (isinf(g) && signbit(g) == signbit(r)) {
        /* Overflow: inf stands for every value from the threshold on. */
        diff = overflow_threshold(fmt) - fabs(r);
        if (diff < 0.0)
            diff = 0.0;
    }
    *ratio = diff / bound; /* bound >= FLT_MIN > 0; NaN mag: NaN, fails */
    *why = "|got - ref| > trh * mag + u";
    return diff <= bound;
}

/* Records a failure; the first one is kept in detail. */
static void record_grad(smax_check_result *res, int64_t row, int64_t col,
                        double got, double ref, double mag, const char *why)
{
    if (res->bad++ != 0)
        return;
    res->first_row = row;
    res->first_col = col;
    res->got = got;
    res->ref = ref;
    snprintf(res->message, sizeof res->message,
             "row %lld col %lld: got %.9g, ref %.9g, mag %.3g (%s; trh %.3g)",
             (long long)row, (long long)col, got, ref, mag, why, res->trh);
}

int smax_check_backward(const double *ref, int64_t ref_stride,
                        const double *mag, int64_t mag_stride,
                        const void *got, int64_t got_stride, int got_fmt,
                        int64_t rows, int64_t cols, int merge_levels,
                        smax_check_result *out)
{
    smax_check_result local;
    smax_check_result *res = out ? out : &local;
    memset(res, 0, sizeof *res);
    res->first_row = res->first_col = -1;
    res->trh = smax_tolerance_backward_trh(cols, merge_levels);
    const size_t bytes = smax_fmt_bytes(got_fmt);

    for (int64_t r = 0; r < rows; ++r) {
        const void *gr =
            (const unsigned char *)got + (size_t)(r * got_stride) * bytes;
        for (int64_t c = 0; c < cols; ++c) {
            const double g = raw_at(gr, c, got_fmt);
            const double rv = ref[r * ref_stride + c];
            const double mv = mag[r * mag_stride + c];
            double ratio;
            const char *why;
            if (!check_grad_element(g, rv, mv, got_fmt, res->trh, &ratio,
                                    &why))
                record_grad(res, r, c, g, rv, mv, why);
            /* Reported on trh's scale, so error / threshold = worst / trh. */
            if (ratio * res->trh > res->worst_rel)
                res->worst_rel = ratio * res->trh;
        }
    }
    return res->bad == 0;
}
