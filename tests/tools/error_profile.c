/*
 * error_profile.c - smax_error_profile: measures the library's actual
 * errors against the float64 reference, per size, algorithm and input
 * distribution, next to the tolerance threshold, so the threshold in
 * tests/support/smax_tolerance.c can be checked against reality on each
 * device (docs/numerics.md quotes its output). Not a test: it asserts
 * nothing and only prints a table.
 *
 *   smax_error_profile [max_log2_cols]   (default 22)
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smax/smax.h"
#include "smax_reference.h"
#include "smax_tolerance.h"

static uint64_t rng = 12345;

static double uniform(void)
{
    uint64_t z = (rng += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return (double)(z >> 11) * (1.0 / 9007199254740992.0);
}

static double normal(double sigma)
{
    double u1 = uniform(), u2 = uniform();
    if (u1 < 1e-300)
        u1 = 1e-300;
    return sigma * sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

static const char *algo_name[] = {"auto", "fused", "online", "multiblock"};

int main(int argc, char **argv)
{
    const int max_lg = argc > 1 ? atoi(argv[1]) : 22;
    smax_context ctx;
    if (smax_context_create(&ctx) != SMAX_SUCCESS) {
        printf("no device\n");
        return 77;
    }
    smax_device_info info;
    smax_device_info_get(ctx, &info);
    printf("device: %s, backend %s\n", info.name, smax_backend_name());
    printf("%-9s %-6s %-10s %-4s %-9s %-4s %10s %10s %8s %7s %10s\n", "cols",
           "rows", "algo", "lvl", "dist", "log", "elem/eps", "rowsum/eps",
           "trh/eps", "ratio", "tiny/bound");
    const double sigmas[] = {1.0, 30.0};
    for (int lg = 4; lg <= max_lg; lg += 2) {
        const int64_t cols = ((int64_t)1 << lg) + (lg > 4 ? 3 : 0);
        int64_t rows = ((int64_t)1 << 21) / cols;
        if (rows < 1)
            rows = 1;
        if (rows > 256)
            rows = 256;
        const size_t n = (size_t)(rows * cols);
        float *x = malloc(n * sizeof(float)), *y = malloc(n * sizeof(float)),
              *ref = malloc(n * sizeof(float));
        smax_buffer bx, by;
        smax_buffer_alloc(ctx, n * sizeof(float), &bx);
        smax_buffer_alloc(ctx, n * sizeof(float), &by);
        for (int d = 0; d < 2; ++d) {
            for (size_t i = 0; i < n; ++i)
                x[i] = (float)normal(sigmas[d]);
            smax_buffer_write(ctx, bx, 0, x, n * sizeof(float));
            for (int log_sm = 0; log_sm < 2; ++log_sm) {
                const uint32_t flags = log_sm ? SMAX_FLAG_LOG : 0;
                smax_reference(x, rows, cols, cols, ref, cols, flags, 1.0f);
                for (int a = 0; a < 4; ++a) {
                    smax_problem p = smax_problem_make(rows, cols);
                    p.algorithm = (smax_algorithm)a;
                    p.flags = flags;
                    smax_plan_info pi;
                    if (smax_plan(ctx, &p, &pi) != SMAX_SUCCESS)
                        continue;
                    if (smax_softmax(ctx, &p, bx, 0, by, 0) != SMAX_SUCCESS ||
                        smax_synchronize(ctx) != SMAX_SUCCESS)
                        continue;
                    smax_buffer_read(ctx, by, 0, y, n * sizeof(float));
                    /* Element errors as the rule measures them, and the
                     * row sums, separately. */
                    double elem = 0.0, rowsum = 0.0, tiny = 0.0;
                    for (int64_t r = 0; r < rows; ++r) {
                        double sum = 0.0;
                        for (int64_t c = 0; c < cols; ++c) {
                            const double g = y[r * cols + c],
                                         f = ref[r * cols + c];
                            const double af = fabs(f);
                            double e = -1.0;
                            if (log_sm)
                                e = fabs(g - f) / (af < 1.0 ? 1.0 : af);
                            else if (af > SMAX_TOLERANCE_SMALL_REF)
                                e = fabs(g - f) / af;
                            if (e > elem)
                                elem = e;
                            /* Tiny softmax values, judged relatively
                             * against trh + |ln ref| FLT_EPSILON. */
                            if (!log_sm && af <= SMAX_TOLERANCE_SMALL_REF &&
                                af >= FLT_MIN) {
                                double b = smax_tolerance_trh(cols, 0, 0) +
                                           fabs(log(af)) * FLT_EPSILON;
                                if (fabs(g - f) / af / b > tiny)
                                    tiny = fabs(g - f) / af / b;
                            }
                            sum += log_sm ? exp(g) : g;
                        }
                        if (fabs(sum - 1.0) > rowsum)
                            rowsum = fabs(sum - 1.0);
                    }
                    const double trh =
                        smax_tolerance_trh(cols, (int)pi.merge_levels, log_sm);
                    const double worst = elem > rowsum ? elem : rowsum;
                    printf("%-9lld %-6lld %-10s %-4u sigma=%-3g %-4s %10.2f "
                           "%10.2f %8.1f %7.3f %10.3f\n",
                           (long long)cols, (long long)rows, algo_name[a],
                           pi.merge_levels, sigmas[d], log_sm ? "yes" : "no",
                           elem / FLT_EPSILON, rowsum / FLT_EPSILON,
                           trh / FLT_EPSILON, worst / trh, tiny);
                }
            }
        }
        smax_buffer_free(bx);
        smax_buffer_free(by);
        free(x);
        free(y);
        free(ref);
    }
    smax_context_destroy(ctx);
    return 0;
}
