/* smax_check_any.c - THE rule applied to one result of any direction and
 * output format, its float64 reference computed here (the device tests'
 * one entry point; the conformance suite and the benchmark keep their
 * references between checks and call the rules themselves). */
#include <stdlib.h>
#include <string.h>

#include "smax_half.h"
#include "smax_reference.h"
#include "smax_tolerance.h"

int smax_check_any(int backward, const float *in0, const float *in1,
                   int64_t rows, int64_t cols, uint32_t flags, float scale,
                   int out_fmt, const void *got, int merge_levels,
                   smax_check_result *out)
{
    const size_t n = (size_t)(rows * cols);
    double *ref = malloc((n ? n : 1) * sizeof *ref);
    double *mag = malloc((n ? n : 1) * sizeof *mag);
    float *xs = malloc((n ? n : 1) * sizeof *xs);
    float *ref32 = malloc((n ? n : 1) * sizeof *ref32);
    int ok = ref && mag && xs && ref32;
    if (!ok) {
        if (out != NULL) {
            memset(out, 0, sizeof *out);
            strcpy(out->message, "host allocation for the reference failed");
        }
    } else if (backward) {
        smax_reference_backward_f64(in0, cols, in1, cols, rows, cols, ref, cols,
                                    flags, scale);
        smax_reference_backward_mag(in0, cols, in1, cols, rows, cols, mag, cols,
                                    flags, scale);
        ok = smax_check_backward(ref, cols, mag, cols, got, cols, out_fmt, rows,
                                 cols, merge_levels, out);
    } else {
        /* the scaled input is what the library sees, and what the rule's
         * -inf cases look at */
        for (size_t i = 0; i < n; ++i)
            xs[i] = scale == 1.0f ? in0[i] : smax_reference_scaled(in0[i], scale);
        if (out_fmt == SMAX_FMT_F32) {
            smax_reference(xs, rows, cols, cols, ref32, cols, flags, 1.0f);
            ok = smax_check_output(xs, cols, (const float *)got, cols, ref32,
                                   cols, rows, cols, flags, merge_levels, out);
        } else {
            smax_reference_f64(xs, rows, cols, cols, ref, cols, flags, 1.0f);
            ok = smax_check_output_half(xs, cols, (const uint16_t *)got, cols,
                                        ref, cols, rows, cols, out_fmt, flags,
                                        merge_levels, out);
        }
    }
    free(ref);
    free(mag);
    free(xs);
    free(ref32);
    return ok;
}
