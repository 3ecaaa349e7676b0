/*
 * conf_value_cases.c - value distributions (PRODUCT.md section 4, "values")
 * crossed with log-softmax, the masked flag and power-of-two scales (exact
 * products, so the reference's (float)(x * scale) is what any device
 * computes), on a few shapes that exercise each algorithm's paths.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conf.h"
#include "smax_reference.h"

typedef struct flag_scale {
    uint32_t flags;
    float scale;
} flag_scale;

static const flag_scale combos[] = {
    {0, 1.0f},
    {SMAX_FLAG_LOG, 1.0f},
    {SMAX_FLAG_MASKED_ROWS_ZERO, 1.0f},
    {SMAX_FLAG_LOG | SMAX_FLAG_MASKED_ROWS_ZERO, 1.0f},
    {0, 0.5f},
    {0, 2.0f},
    {SMAX_FLAG_LOG, 2.0f},
};

/* Equal values must give exactly 1/n (the correctly rounded quotient): the
 * exponentials are all exp(0) = 1, the sum is n exactly (n < 2^24), and
 * one division remains. */
static void check_exact_uniform(const conf_case *c, const float *out)
{
    const float want = (float)(1.0 / (double)c->cols);
    int64_t bad = 0, first = -1;
    for (int64_t i = 0; i < c->rows * c->cols; ++i)
        if (out[i] != want) {
            if (first < 0)
                first = i;
            ++bad;
        }
    if (bad)
        conf_fail("[values] %s %lldx%lld algo=%s scale=%g: %lld outputs are "
                  "not exactly 1/n = %.9g (first: %.9g at %lld)",
                  c->label, (long long)c->rows, (long long)c->cols,
                  conf_algo_name(c->algo), (double)c->scale, (long long)bad,
                  (double)want, (double)out[first], (long long)first);
    else
        conf_pass("[values] exactly 1/n, %s %lldx%lld", conf_algo_name(c->algo),
                  (long long)c->rows, (long long)c->cols);
}

static void run_values(conf_suite *s, int64_t rows, int64_t cols,
                       const char *shape)
{
    const size_t n = (size_t)(rows * cols);
    float *x = malloc(sizeof(float) * n);
    float *ref = malloc(sizeof(float) * n);
    float *out = malloc(sizeof(float) * n);
    if (!x || !ref || !out) {
        conf_skip("host memory", "[values] %s", shape);
        free(x);
        free(ref);
        free(out);
        return;
    }
    for (int d = 0; d < CONF_DIST_COUNT; ++d) {
        conf_fill(x, rows, cols, (conf_dist)d);
        for (size_t k = 0; k < sizeof combos / sizeof combos[0]; ++k) {
            conf_case c;
            memset(&c, 0, sizeof c);
            c.group = "values";
            snprintf(c.label, sizeof c.label, "%s, %s", shape,
                     conf_dist_name((conf_dist)d));
            c.rows = rows;
            c.cols = cols;
            c.flags = combos[k].flags;
            c.scale = combos[k].scale;
            c.x = x;
            smax_reference(x, rows, cols, cols, ref, cols, c.flags, c.scale);
            c.ref = ref;
            for (int a = 0; a < CONF_ALGO_COUNT; ++a) {
                c.algo = conf_algos[a];
                conf_outcome o = conf_run_case(s, &c, out);
                if (o == CONF_PASSED && d == CONF_EQUAL &&
                    !(c.flags & SMAX_FLAG_LOG))
                    check_exact_uniform(&c, out);
            }
        }
    }
    free(x);
    free(ref);
    free(out);
}


void conf_value_cases(conf_suite *s)
{
    run_values(s, 3, 7, "short rows");
    run_values(s, 4, 1000, "medium rows");
    run_values(s, 2, 5003, "long rows");
    /* A single row the multiblock plan splits into at least 3 chunks. */
    int64_t cols = -1;
    for (int64_t chunks = 3; chunks <= 8 && cols < 0; ++chunks)
        cols = conf_cols_for_chunks(s, 1, chunks, 1 << 20);
    if (cols > 0) {
        char label[64];
        snprintf(label, sizeof label, "1 row in >= 3 chunks (%lld cols)",
                 (long long)cols + 3);
        run_values(s, 1, cols + 3, label);
    } else {
        conf_skip("no 1-row multiblock plan of 3..8 chunks up to 2^20",
                  "[values] multiblock-split row");
    }
}
