/*
 * smax_reference.h - THE host reference of smax's numerics (PRODUCT.md s.3).
 *
 * float64, two passes per row (maximum, then sum of exp), rounded to the
 * output type at the very end. It deliberately does NOT use the merge
 * operator of kernels/smax_merge.h: a reference that shares the code under
 * test would share its bugs. The conformance suite and the benchmark both
 * judge the library against it.
 *
 * Scale: the library multiplies each input element by `scale` in f32 before
 * anything else, so the reference first forms xs = (float)(x * scale) (the
 * exact double product rounded once to float, i.e. the correctly rounded f32
 * product) and then works in double on xs. For power-of-two scales the
 * product is exact and the question of how the device rounds it vanishes,
 * which is why the conformance suite uses 0.5 and 2.
 *
 * Special values, per row (after scaling; a scale can turn -FLT_MAX into -inf):
 *   any NaN                -> the whole row is NaN
 *   any +inf               -> the whole row is NaN (as PyTorch)
 *   every element -inf     -> NaN, or 0 with SMAX_FLAG_MASKED_ROWS_ZERO
 *                             (also for log-softmax)
 *   some -inf, rest finite -> exactly 0 there (log-softmax: -inf), the rest
 *                             is the softmax of the finite elements
 */
#ifndef SMAX_TESTS_REFERENCE_H
#define SMAX_TESTS_REFERENCE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* y[r*y_stride+c] = softmax (or log-softmax with SMAX_FLAG_LOG) of scale*x
 * over each row, computed in double and rounded to float; semantics of
 * PRODUCT.md section 3 including SMAX_FLAG_MASKED_ROWS_ZERO. Strides are in
 * elements. x and y must not overlap unless x == y with equal strides. */
void smax_reference(const float *x, int64_t rows, int64_t cols,
                    int64_t x_stride, float *y, int64_t y_stride,
                    uint32_t flags, float scale);

/* The same, left in double: for outputs of a narrower type (f16, bf16) the
 * caller rounds once from double, avoiding a double rounding via float. */
void smax_reference_f64(const float *x, int64_t rows, int64_t cols,
                        int64_t x_stride, double *y, int64_t y_stride,
                        uint32_t flags, float scale);

/* The gradient of smax_reference with respect to x, in float64, per row:
 *   softmax:      dx = scale * y * (dy - sum_j y_j dy_j)
 *   log-softmax:  dx = scale * (dy - exp(y) * sum_j dy_j)     (flags & LOG)
 * y and dy are the values exactly as the device sees them (already rounded
 * to their dtype). A NaN anywhere in a row's y or dy (or an infinite sum)
 * makes the whole row NaN, as the formula does in exact arithmetic;
 * log-softmax y = -inf gives exp(y) = 0. SMAX_FLAG_MASKED_ROWS_ZERO does
 * not change the formula. */
void smax_reference_backward_f64(const float *y, int64_t y_stride,
                                 const float *dy, int64_t dy_stride,
                                 int64_t rows, int64_t cols, double *dx,
                                 int64_t dx_stride, uint32_t flags,
                                 float scale);

/* The scale of each gradient element's rounding error: the sum of the
 * magnitudes of the terms that form it, so cancellation in dy - sum is
 * judged against what was cancelled:
 *   softmax:      |scale| * |y_i| * (|dy_i| + sum_j |y_j dy_j|)
 *   log-softmax:  |scale| * (|dy_i| + exp(y_i) * sum_j |dy_j|) */
void smax_reference_backward_mag(const float *y, int64_t y_stride,
                                 const float *dy, int64_t dy_stride,
                                 int64_t rows, int64_t cols, double *mag,
                                 int64_t mag_stride, uint32_t flags,
                                 float scale);

/* The scaled input element exactly as the reference (and the library) sees
 * it: (float)(x * scale), correctly rounded, overflowing to +-inf. */
float smax_reference_scaled(float x, float scale);

#ifdef __cplusplus
}
#endif

#endif
