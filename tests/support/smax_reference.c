/*
 * smax_reference.c - the float64 two-pass reference (see smax_reference.h).
 *
 * Flag values are repeated here rather than taken from smax.h so that the
 * test-support library builds without the library's generated headers; a
 * static check in the conformance suite keeps them equal.
 */
#include "smax_reference.h"

#include <math.h>

#define REF_FLAG_LOG 0x1u
#define REF_FLAG_MASKED_ROWS_ZERO 0x2u

float smax_reference_scaled(float x, float scale)
{
    /* The product of two floats is exact in double (24 + 24 bits < 53), so
     * one conversion gives the correctly rounded f32 product, which is what
     * an IEEE f32 multiply on the device yields. Out-of-range values become
     * +-inf under IEEE 754 (C11 Annex F) conversion. */
    return (float)((double)x * (double)scale);
}

/* What a row reduces to. `fill` is used when the row has no finite
 * statistics (NaN, +inf, or only -inf); otherwise m and sum are set. */
typedef struct row_stats {
    int special;
    double fill;
    double m, sum, log_sum;
} row_stats;

/* Pass 1 finds the maximum and the special cases; pass 2 sums exp(xs - m)
 * with Neumaier compensation, so the reference error stays far below f32
 * resolution even for 2^26-element rows. */
static row_stats reference_stats(const float *x, int64_t cols, uint32_t flags,
                                 float scale)
{
    row_stats st = {0, 0.0, -INFINITY, 0.0, 0.0};
    int poisoned = 0; /* NaN or +inf somewhere */
    for (int64_t c = 0; c < cols; ++c) {
        float xs = smax_reference_scaled(x[c], scale);
        if (isnan(xs) || xs == INFINITY)
            poisoned = 1;
        else if ((double)xs > st.m)
            st.m = xs;
    }
    if (poisoned || st.m == -INFINITY) {
        /* NaN/+inf row, or a row of -inf only (0/0). The masked flag
         * rescues only the last kind. */
        st.special = 1;
        st.fill = (!poisoned && (flags & REF_FLAG_MASKED_ROWS_ZERO)) ? 0.0
                                                                     : NAN;
        return st;
    }

    double sum = 0.0, comp = 0.0;
    for (int64_t c = 0; c < cols; ++c) {
        /* -inf inputs give exp(-inf) = exactly 0. */
        double e = exp((double)smax_reference_scaled(x[c], scale) - st.m);
        double t = sum + e;
        if (fabs(sum) >= fabs(e))
            comp += (sum - t) + e;
        else
            comp += (e - t) + sum;
        sum = t;
    }
    st.sum = sum + comp; /* >= 1: the maximum contributes exp(0) */
    st.log_sum = log(st.sum);
    return st;
}

static double reference_element(float x, const row_stats *st, uint32_t flags,
                                float scale)
{
    if (st->special)
        return st->fill;
    /* d = -inf at -inf inputs: softmax exactly 0, log-softmax -inf. */
    double d = (double)smax_reference_scaled(x, scale) - st->m;
    return (flags & REF_FLAG_LOG) ? d - st->log_sum : exp(d) / st->sum;
}

void smax_reference_f64(const float *x, int64_t rows, int64_t cols,
                        int64_t x_stride, double *y, int64_t y_stride,
                        uint32_t flags, float scale)
{
    for (int64_t r = 0; r < rows; ++r) {
        const float *xr = x + r * x_stride;
        row_stats st = reference_stats(xr, cols, flags, scale);
        for (int64_t c = 0; c < cols; ++c)
            y[r * y_stride + c] = reference_element(xr[c], &st, flags, scale);
    }
}

void smax_reference(const float *x, int64_t rows, int64_t cols,
                    int64_t x_stride, float *y, int64_t y_stride,
                    uint32_t flags, float scale)
{
    for (int64_t r = 0; r < rows; ++r) {
        const float *xr = x + r * x_stride;
        float *yr = y + r * y_stride;
        /* Statistics first, then each element reads x[c] before writing
         * y[c]: in place (x == y) works. */
        row_stats st = reference_stats(xr, cols, flags, scale);
        for (int64_t c = 0; c < cols; ++c)
            yr[c] = (float)reference_element(xr[c], &st, flags, scale);
    }
}
