/*
 * smax_reference_backward.c - the float64 gradient reference and the
 * magnitudes its rounding errors are judged against (see smax_reference.h).
 *
 * Per row, everything is formed from y and dy exactly as given (floats,
 * already rounded to their dtype): the products y_j dy_j are exact in
 * double (24 + 24 bits < 53), the row sum is Neumaier-compensated, and what
 * remains (one subtraction, one or two multiplies, exp in double) errs by a
 * few 2^-53 relative to the magnitude of each element - some 2^-29 of the
 * smallest f32 threshold, so the reference is exact for the purpose.
 */
#include "smax_reference.h"

#include <math.h>

#define REF_FLAG_LOG 0x1u

/* What one row's gradient needs: the sum S of the terms (y_j dy_j, or dy_j
 * for log-softmax), the sum A of their magnitudes, and whether the row is
 * NaN as a whole. */
typedef struct grad_row {
    double sum, abs_sum;
    int poisoned;
} grad_row;

static grad_row grad_row_sums(const float *y, const float *dy, int64_t cols,
                              int log_sm)
{
    grad_row g = {0.0, 0.0, 0};
    double comp = 0.0;
    for (int64_t c = 0; c < cols; ++c) {
        /* As the library: NaN anywhere, and for log-softmax a y of +inf
         * (never a forward output), make the row NaN. */
        if (isnan(y[c]) || isnan(dy[c]) || (log_sm && y[c] == INFINITY))
            g.poisoned = 1;
        /* Exact: a product of two floats fits a double. */
        const double term = log_sm ? (double)dy[c] : (double)y[c] * dy[c];
        const double t = g.sum + term;
        if (fabs(g.sum) >= fabs(term))
            comp += (g.sum - t) + term;
        else
            comp += (term - t) + g.sum;
        g.sum = t;
        g.abs_sum += fabs(term);
    }
    /* An infinite term makes the row's sum infinite or NaN; no f32
     * gradient of such a row means anything, so it is NaN as a whole. */
    if (isinf(g.sum) || isnan(g.sum))
        g.poisoned = 1;
    else
        g.sum += comp;
    return g;
}

void smax_reference_backward_f64(const float *y, int64_t y_stride,
                                 const float *dy, int64_t dy_stride,
                                 int64_t rows, int64_t cols, double *dx,
                                 int64_t dx_stride, uint32_t flags,
                                 float scale)
{
    const int log_sm = (flags & REF_FLAG_LOG) != 0;
    for (int64_t r = 0; r < rows; ++r) {
        const float *yr = y + r * y_stride, *dyr = dy + r * dy_stride;
        double *dxr = dx + r * dx_stride;
        const grad_row g = grad_row_sums(yr, dyr, cols, log_sm);
        for (int64_t c = 0; c < cols; ++c) {
            if (g.poisoned)
                dxr[c] = NAN;
            else if (log_sm) /* y = -inf: exp(y) = 0, dx = scale * dy */
                dxr[c] = (double)scale * ((double)dyr[c] - exp(yr[c]) * g.sum);
            else
                dxr[c] = (double)scale * (double)yr[c] * ((double)dyr[c] - g.sum);
        }
    }
}

void smax_reference_backward_mag(const float *y, int64_t y_stride,
                                 const float *dy, int64_t dy_stride,
                                 int64_t rows, int64_t cols, double *mag,
                                 int64_t mag_stride, uint32_t flags,
                                 float scale)
{
    const int log_sm = (flags & REF_FLAG_LOG) != 0;
    const double s = fabs((double)scale);
    for (int64_t r = 0; r < rows; ++r) {
        const float *yr = y + r * y_stride, *dyr = dy + r * dy_stride;
        double *mr = mag + r * mag_stride;
        const grad_row g = grad_row_sums(yr, dyr, cols, log_sm);
        for (int64_t c = 0; c < cols; ++c) {
            const double ady = fabs((double)dyr[c]);
            if (g.poisoned)
                mr[c] = NAN; /* the reference is NaN there: no scale */
            else if (log_sm)
                mr[c] = s * (ady + exp(yr[c]) * g.abs_sum);
            else
                mr[c] = s * fabs((double)yr[c]) * (ady + g.abs_sum);
        }
    }
}
