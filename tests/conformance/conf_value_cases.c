/*
 * conf_value_cases.c - value distributions (PRODUCT.md section 4, "values")
 * crossed with log-softmax, the masked flag and power-of-two scales of
 * either sign, and 0 (exact products, so the reference's (float)(x *
 * scale) is what any device computes; a negative scale makes the row's
 * maximum the scaled minimum, which the kernels that take a 16-bit
 * maximum on the inputs' bits must leave to their general path; 0 makes
 * every row uniform), on a few shapes that exercise each algorithm's paths, for
 * every variant. Backward: y is the reference forward of x drawn from each
 * distribution (so realistic gradients of every input kind) with dy
 * normal(1), plus x normal(1) with dy from other distributions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conf.h"
#include "smax_half.h"

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
    {0, -1.0f},
    {SMAX_FLAG_LOG, -0.5f},
    {0, 0.0f},
};

/* Equal values must give exactly 1/n (the correctly rounded quotient): the
 * exponentials are all exp(0) = 1, the sum is n exactly (n < 2^24), and
 * one division remains; a 16-bit output is that f32 quotient rounded to
 * nearest even. */
static void check_exact_uniform(const conf_case *c, const float *out)
{
    const float want = smax_round_to(conf_fmt(c->v->yt),
                                     (double)(float)(1.0 / (double)c->cols));
    int64_t bad = 0, first = -1;
    for (int64_t i = 0; i < c->rows * c->cols; ++i)
        if (out[i] != want) {
            if (first < 0)
                first = i;
            ++bad;
        }
    if (bad)
        conf_fail("[values] %s %s %lldx%lld algo=%s scale=%g: %lld outputs "
                  "are not exactly 1/n = %.9g (first: %.9g at %lld)",
                  c->v->name, c->label, (long long)c->rows,
                  (long long)c->cols, conf_algo_name(c->algo),
                  (double)c->scale, (long long)bad, (double)want,
                  (double)out[first], (long long)first);
    else
        conf_pass("[values] %s exactly 1/n, %s %lldx%lld", c->v->name,
                  conf_algo_name(c->algo), (long long)c->rows,
                  (long long)c->cols);
}

/* Backward: dy from these distributions besides normal(1) (every x
 * distribution meets dy = normal(1); these meet x = normal(1)). */
static const conf_dist dy_dists[] = {CONF_NORMAL_1E4, CONF_EQUAL,
                                     CONF_SUBNORMAL, CONF_DOMINANT};

static void run_one(conf_suite *s, const conf_variant *v, const float *x,
                    int64_t rows, int64_t cols, const char *shape,
                    conf_dist d, conf_dist dy_d, float *out)
{
    for (size_t k = 0; k < sizeof combos / sizeof combos[0]; ++k) {
        conf_case c;
        memset(&c, 0, sizeof c);
        c.group = "values";
        c.v = v;
        if (v->backward)
            snprintf(c.label, sizeof c.label, "%s, x %s, dy %s", shape,
                     conf_dist_name(d), conf_dist_name(dy_d));
        else
            snprintf(c.label, sizeof c.label, "%s, %s", shape,
                     conf_dist_name(d));
        c.rows = rows;
        c.cols = cols;
        c.flags = combos[k].flags;
        c.scale = combos[k].scale;
        c.x = x;
        c.dy_dist = dy_d;
        conf_prep prep;
        if (!conf_prepare(&c, &prep)) {
            conf_skip("host memory", "[values] %s %s", v->name, c.label);
            continue;
        }
        c.prep = &prep;
        for (int a = 0; a < CONF_ALGO_COUNT; ++a) {
            c.algo = conf_algos[a];
            conf_outcome o = conf_run_case(s, &c, out);
            if (o == CONF_PASSED && (d == CONF_EQUAL || c.scale == 0.0f) &&
                !v->backward && !(c.flags & SMAX_FLAG_LOG))
                check_exact_uniform(&c, out);
        }
        conf_prep_free(&prep);
    }
}

static void run_values(conf_suite *s, const conf_variant *v, int64_t rows,
                       int64_t cols, const char *shape)
{
    const size_t n = (size_t)(rows * cols);
    float *x = malloc(sizeof(float) * n);
    float *out = malloc(sizeof(float) * n);
    if (!x || !out) {
        conf_skip("host memory", "[values] %s %s", v->name, shape);
        free(x);
        free(out);
        return;
    }
    for (int d = 0; d < CONF_DIST_COUNT; ++d) {
        conf_fill(x, rows, cols, (conf_dist)d, v->xt);
        run_one(s, v, x, rows, cols, shape, (conf_dist)d, CONF_NORMAL_1, out);
    }
    if (v->backward) {
        conf_fill(x, rows, cols, CONF_NORMAL_1, v->xt);
        for (size_t k = 0; k < sizeof dy_dists / sizeof dy_dists[0]; ++k)
            run_one(s, v, x, rows, cols, shape, CONF_NORMAL_1, dy_dists[k],
                    out);
    }
    free(x);
    free(out);
}

void conf_value_cases(conf_suite *s)
{
    for (int i = 0; i < CONF_VARIANT_COUNT; ++i) {
        const conf_variant *v = &conf_variants[i];
        if (!conf_selected(s, v))
            continue;
        run_values(s, v, 3, 7, "short rows");
        run_values(s, v, 4, 1000, "medium rows");
        run_values(s, v, 2, 5003, "long rows");
        /* A single row the multiblock plan splits into at least 3 chunks. */
        int64_t cols = -1;
        for (int64_t chunks = 3; chunks <= 8 && cols < 0; ++chunks)
            cols = conf_cols_for_chunks(s, v, 1, chunks, 1 << 20);
        if (cols > 0) {
            char label[64];
            snprintf(label, sizeof label, "1 row in >= 3 chunks (%lld cols)",
                     (long long)cols + 3);
            run_values(s, v, 1, cols + 3, label);
        } else {
            conf_skip("no 1-row multiblock plan of 3..8 chunks up to 2^20",
                      "[values] %s multiblock-split row", v->name);
        }
    }
}
