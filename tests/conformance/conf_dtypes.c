/*
 * conf_dtypes.c - the dtypes themselves (PRODUCT.md section 4, "dtypes"):
 *  - capabilities: smax_device_info's supports_f16 / supports_bf16 must
 *    agree with the plans of every variant (a dtype the device reports
 *    unsupported is refused with a reason and skipped by conf_run.c with
 *    it; this library supports both, so nothing skips for a dtype reason);
 *    the forward fused limit of an f32 input equals fused_max_cols, that
 *    of a 16-bit input (kept on-chip as its bits) is at least twice it;
 *    auto never picks fused past a variant's limit;
 *  - the suite's own f16/bf16 encoding (smax_half_selfcheck);
 *  - the range edges of each type, for every variant, under every
 *    algorithm, short rows and the same values spread over a long row of
 *    -inf: inputs near the input type's largest value (log-softmax spans
 *    twice that: -inf in f32 and bf16, below f16's range), log-softmax
 *    outputs below -65504 (f16 output: -inf, with 65520, the rounding
 *    tie, among them), scales that overflow f32 (x * 2 past FLT_MAX),
 *    subnormal inputs of the input type, softmax outputs in f16's
 *    subnormal range (exp(-10) .. exp(-18)) and in f32's and bf16's
 *    (exp(-88) .. exp(-103)); backward, gradients that overflow the
 *    output type through the scale (dy near the largest value, scale 4),
 *    subnormal dy, and dx that is subnormal because y is.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conf.h"
#include "smax_half.h"

#define PAT 8 /* values per pattern row */

enum { R_NEAR_MAX, R_LOG_BELOW_F16, R_SUBNORMAL_IN, R_F16_SUB_OUT,
       R_F32_SUB_OUT, R_COUNT };

static const char *row_name[R_COUNT] = {
    "near the input type's max", "log-softmax below -65504",
    "subnormal inputs", "f16-subnormal softmax", "f32/bf16-subnormal softmax"};

/* The pattern of row kind r for input dtype t (not yet rounded to t). */
static void pattern(int r, smax_dtype t, float *v)
{
    const double M = conf_dtype_max(t), mn = conf_dtype_min_normal(t);
    /* The smallest subnormal: 2^-149 (f32), 2^-24 (f16), 2^-133 (bf16). */
    const double sub = t == SMAX_DTYPE_F32   ? ldexp(1.0, -149)
                       : t == SMAX_DTYPE_F16 ? ldexp(1.0, -24)
                                             : ldexp(1.0, -133);
    const double rows[R_COUNT][PAT] = {
        {M, 0.75 * M, 0.5 * M, 0.0, -0.5 * M, -M, M, 0.99 * M},
        {0.0, -1.0, -32760.0, -65504.0, -65519.0, -65520.0, -70000.0, -1e5},
        {sub, 3 * sub, -sub, 0.0, -0.0, mn / 2, -mn / 4, mn},
        {0.0, -10.0, -11.0, -12.0, -15.0, -16.5, -17.0, -18.0},
        {0.0, -88.0, -89.0, -90.0, -92.0, -95.0, -100.0, -103.0},
    };
    for (int i = 0; i < PAT; ++i)
        v[i] = (float)rows[r][i];
}

/* Places the R_COUNT patterns into rows of `cols` (8: the pattern alone;
 * more: spread over a row of -inf). */
static void fill_patterns(float *x, int64_t cols, smax_dtype t)
{
    for (int r = 0; r < R_COUNT; ++r) {
        float v[PAT];
        pattern(r, t, v);
        float *row = x + r * cols;
        for (int64_t c = 0; c < cols; ++c)
            row[c] = -INFINITY;
        for (int i = 0; i < PAT; ++i)
            row[cols == PAT ? i : (i * 131 + 7) % cols] = v[i];
    }
}

static void run_patterns(conf_suite *s, const conf_variant *v, int64_t cols)
{
    static const struct {
        uint32_t flags;
        float scale;
    } combos[] = {{0, 1.0f}, {SMAX_FLAG_LOG, 1.0f}, {0, 2.0f},
                  {SMAX_FLAG_LOG, 2.0f},
                  {SMAX_FLAG_LOG | SMAX_FLAG_MASKED_ROWS_ZERO, 1.0f}};
    float *x = malloc(sizeof(float) * (size_t)(R_COUNT * cols));
    if (!x) {
        conf_skip("host memory", "[dtypes] %s range edges", v->name);
        return;
    }
    fill_patterns(x, cols, v->xt);
    for (size_t k = 0; k < sizeof combos / sizeof combos[0]; ++k) {
        conf_case c;
        memset(&c, 0, sizeof c);
        c.group = "dtypes";
        c.v = v;
        snprintf(c.label, sizeof c.label, "range edges (%s, %s, %s, %s, %s)",
                 row_name[0], row_name[1], row_name[2], row_name[3],
                 row_name[4]);
        c.rows = R_COUNT;
        c.cols = cols;
        c.flags = combos[k].flags;
        c.scale = combos[k].scale;
        c.x = x;
        conf_run_all_algos(s, &c);
    }
    free(x);
}

/* Backward: dy designed against y. Row 0: y from x = [0, 0, -1, ...]
 * (y0 == y1) and dy = [D, -D, 0...] with D = 0.9 x the largest value of
 * dy's type: sum(y dy) and sum(dy) are exactly 0, so dx0 = 4 y0 D
 * (softmax) or 4 D (log-softmax) at scale 4: past the largest finite
 * value of an output type as wide as dy's. Row 1: subnormal dy. */
static void run_gradient_edges(conf_suite *s, const conf_variant *v,
                               int64_t cols)
{
    const double D = 0.9 * conf_dtype_max(v->yt);
    const double sub = v->yt == SMAX_DTYPE_F32   ? ldexp(1.0, -149)
                       : v->yt == SMAX_DTYPE_F16 ? ldexp(1.0, -24)
                                                 : ldexp(1.0, -133);
    const size_t n = (size_t)(2 * cols);
    float *x = malloc(sizeof(float) * n), *dy = malloc(sizeof(float) * n);
    if (!x || !dy) {
        conf_skip("host memory", "[dtypes] %s gradient edges", v->name);
        free(x);
        free(dy);
        return;
    }
    for (int64_t c = 0; c < cols; ++c) {
        x[c] = c < 2 ? 0.0f : (float)(-1.0 - (double)(c % 5));
        dy[c] = c == 0 ? (float)D : c == 1 ? (float)-D : 0.0f;
        x[cols + c] = (float)conf_normal(1.0);
        dy[cols + c] = (float)((double)(1 + c % 7) * sub * (c % 2 ? -1 : 1));
    }
    const uint32_t flag_sets[] = {0, SMAX_FLAG_LOG};
    for (int f = 0; f < 2; ++f) {
        conf_case c;
        memset(&c, 0, sizeof c);
        c.group = "dtypes";
        c.v = v;
        snprintf(c.label, sizeof c.label,
                 "gradient edges (dy +-0.9 max at scale 4, subnormal dy)");
        c.rows = 2;
        c.cols = cols;
        c.flags = flag_sets[f];
        c.scale = 4.0f;
        c.x = x;
        c.dy = dy;
        conf_run_all_algos(s, &c);
    }
    free(x);
    free(dy);
}

/* Capabilities against plans, for one variant. */
static void capabilities(conf_suite *s, const conf_variant *v)
{
    const int vi = conf_variant_index(v);
    const int cap = conf_variant_supported(s, v);
    smax_plan_info pi;
    smax_status st = conf_plan(s, v, 3, 100, SMAX_ALGO_AUTO, &pi);
    if (cap && st != SMAX_SUCCESS)
        conf_fail("[dtypes] %s: the device reports support but the plan "
                  "returns %s (%s)",
                  v->name, smax_status_string(st), smax_last_error(s->ctx));
    else if (!cap && st != SMAX_ERROR_NOT_SUPPORTED)
        conf_fail("[dtypes] %s: the device reports no support but the plan "
                  "returns %s",
                  v->name, smax_status_string(st));
    else
        conf_pass("[dtypes] %s: plan agrees with the device's dtype support",
                  v->name);
    if (!cap)
        return;

    const int64_t limit = s->fused_limit[vi];
    /* fused_max_cols is the f32 row's limit; 16-bit rows are kept
     * on-chip as their bits, so at least twice as long fit. */
    const int f32_in = v->xt == SMAX_DTYPE_F32;
    if (!v->backward && f32_in && limit != s->info.fused_max_cols)
        conf_fail("[dtypes] %s: forced fused runs up to %lld cols, "
                  "fused_max_cols says %lld",
                  v->name, (long long)limit,
                  (long long)s->info.fused_max_cols);
    else if (!v->backward && !f32_in && limit < 2 * s->info.fused_max_cols)
        conf_fail("[dtypes] %s: forced fused runs up to %lld cols, under "
                  "twice the f32 limit %lld",
                  v->name, (long long)limit,
                  (long long)s->info.fused_max_cols);
    else if (limit < 1)
        conf_fail("[dtypes] %s: forced fused runs no row at all", v->name);
    else
        conf_pass("[dtypes] %s: fused limit %lld", v->name, (long long)limit);
    if (limit >= 1) {
        st = conf_plan(s, v, 1, limit + 1, SMAX_ALGO_AUTO, &pi);
        if (st != SMAX_SUCCESS || pi.algorithm == SMAX_ALGO_FUSED ||
            pi.algorithm == SMAX_ALGO_AUTO)
            conf_fail("[dtypes] %s: auto at fused limit + 1 gives %s, "
                      "algorithm %s",
                      v->name, smax_status_string(st),
                      conf_algo_name(pi.algorithm));
        else
            conf_pass("[dtypes] %s: auto past the fused limit runs %s",
                      v->name, conf_algo_name(pi.algorithm));
    }
}

void conf_dtypes(conf_suite *s)
{
    char why[200];
    if (smax_half_selfcheck(why, sizeof why))
        conf_pass("[dtypes] f16/bf16 encoding self-check");
    else
        conf_fail("[dtypes] the suite's own f16/bf16 encoding is wrong: %s",
                  why);
    if (s->info.supports_f16 && s->info.supports_bf16)
        conf_pass("[dtypes] device reports f16 and bf16");
    else
        printf("  device reports f16 %d, bf16 %d: their variants are "
               "refused and skipped\n",
               s->info.supports_f16, s->info.supports_bf16);

    for (int i = 0; i < CONF_VARIANT_COUNT; ++i) {
        const conf_variant *v = &conf_variants[i];
        if (!conf_selected(s, v))
            continue;
        capabilities(s, v);
        run_patterns(s, v, PAT);
        run_patterns(s, v, 1031);
        if (v->backward) {
            run_gradient_edges(s, v, PAT);
            run_gradient_edges(s, v, 1031);
        }
    }
}
