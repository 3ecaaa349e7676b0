/*
 * smax_tolerance.h - THE accuracy rule of smax (PRODUCT.md section 3, after
 * oneDNN's benchdnn), shared by the conformance suite and the benchmark.
 *
 * Per element, with ref from smax_reference():
 *   ref NaN                     <=> got NaN
 *   x = -inf (row not NaN)      got == ref exactly (0; log-softmax -inf)
 *   ref or got infinite         got == ref exactly
 *   softmax, |ref| <= 1e-5      |got - ref| < FLT_EPSILON, and if
 *                               |ref| >= FLT_MIN also |got - ref| / |ref|
 *                               <= trh + |ln ref| FLT_EPSILON
 *   softmax, otherwise          |got - ref| / |ref| <= trh
 *   log-softmax                 |got - ref| / max(|ref|, 1) <= trh
 *                               (log space: absolute below 1)
 * and per row whose reference is finite and not a masked zero row:
 *   softmax                     |sum_c got (in double) - 1| <= trh
 *   log-softmax                 |sum_c exp(got) (in double) - 1| <= trh
 * The row-sum check is what stops an all-zero (or all-tiny) output from
 * passing a long row, where every reference element is below 1e-5.
 * smax_tolerance.c explains the formula for trh and the log-softmax form.
 */
#ifndef SMAX_TESTS_TOLERANCE_H
#define SMAX_TESTS_TOLERANCE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* |ref| at or below this is judged by absolute error (FLT_EPSILON). */
#define SMAX_TOLERANCE_SMALL_REF 1e-5

/* Relative threshold for a row of n elements whose sum went through
 * merge_levels merge levels (0 for fused/online plans). */
double smax_tolerance_trh(int64_t n, int merge_levels, int log_softmax);

typedef struct smax_check_result {
    int64_t bad;                /* failing elements and rows            */
    int64_t first_row, first_col; /* first failure; col -1: a row sum    */
    double got, ref;            /* at the first failure                 */
    double worst_rel;           /* largest relative error seen (the
                                   quantity compared with trh: the
                                   element rules above and the row sums) */
    double trh;                 /* the threshold that was applied        */
    char message[256];          /* the first failure in words           */
} smax_check_result;

/* Compares got against ref (ref from smax_reference). x is the input (to
 * demand exact 0 / -inf at -inf inputs). Returns 1 if all pass. Also checks
 * each finite softmax row sums (in double) to 1 within trh. out may be
 * NULL. */
int smax_check_output(const float *x, int64_t x_stride, const float *got,
                      int64_t got_stride, const float *ref,
                      int64_t ref_stride, int64_t rows, int64_t cols,
                      uint32_t flags, int merge_levels,
                      smax_check_result *out);

/* The same rule for 16-bit outputs (fmt SMAX_FMT_F16 or SMAX_FMT_BF16 of
 * smax_half.h): got holds raw encodings; ref is smax_reference_f64's
 * double result. Per element: NaN <=> NaN; exact where x is -inf (row not
 * NaN) or the reference is infinite; otherwise at most 1 ulp of the output
 * type from the reference rounded once to it (ulps counted on the
 * encodings, where an infinity is one step past the largest finite value).
 * In *out, trh is 1 and worst_rel the largest distance in ulps. */
int smax_check_output_half(const float *x, int64_t x_stride,
                           const uint16_t *got, int64_t got_stride,
                           const double *ref, int64_t ref_stride,
                           int64_t rows, int64_t cols, int fmt,
                           uint32_t flags, int merge_levels,
                           smax_check_result *out);

/* THE rule for the gradient (smax_reference_backward_f64 gives ref and
 * smax_reference_backward_mag the magnitudes). got holds raw elements of
 * format got_fmt (SMAX_FMT_F32, _F16 or _BF16). Per element:
 *   ref NaN <=> got NaN; ref infinite: got == ref;
 *   otherwise |got - ref| <= trh * mag + u, with trh =
 *   smax_tolerance_backward_trh(cols, merge_levels) and u the spacing of
 *   got's format at |ref| for 16-bit outputs (0 for f32, which trh covers),
 *   plus FLT_MIN for every format (the underflow floor: subnormal results
 *   are rounded absolutely, or flushed to zero). An infinite got of a
 *   finite ref of the same sign stands for every value from the
 *   smallest magnitude that rounds to it on (an overflow of the output
 *   type is a correct result at and near the limit).
 * In *out, worst_rel is the largest |got - ref| / (trh * mag + u) times
 * trh, so worst_rel / trh is the worst error / threshold ratio.
 * docs/numerics.md and smax_tolerance_backward.c justify it. */
double smax_tolerance_backward_trh(int64_t n, int merge_levels);
int smax_check_backward(const double *ref, int64_t ref_stride,
                        const double *mag, int64_t mag_stride,
                        const void *got, int64_t got_stride, int got_fmt,
                        int64_t rows, int64_t cols, int merge_levels,
                        smax_check_result *out);

/* One result judged end to end: the float64 reference of dense rows x cols
 * (forward: in0 = x, scaled by `scale` first; backward: in0 = y, in1 = dy)
 * and the rule for its direction and out_fmt (SMAX_FMT_F32, _F16, _BF16)
 * on got, dense raw elements of out_fmt. Returns 1 if all pass; *out as
 * for the rules above. */
int smax_check_any(int backward, const float *in0, const float *in1,
                   int64_t rows, int64_t cols, uint32_t flags, float scale,
                   int out_fmt, const void *got, int merge_levels,
                   smax_check_result *out);

#ifdef __cplusplus
}
#endif

#endif
