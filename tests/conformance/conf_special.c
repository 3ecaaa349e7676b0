/*
 * conf_special.c - every special-value row of PRODUCT.md section 3, with
 * and without log-softmax and the masked-rows-zero flag, under every
 * algorithm. Each run is checked against the reference, and the algorithms
 * must agree with each other exactly on which outputs are NaN or infinite,
 * and for f32 forward outputs also zero (bitwise: +0, -0). Elsewhere a
 * zero may be a rounding away from the smallest subnormal (a 16-bit
 * output near underflow, a gradient whose sign depends on how a sum was
 * rounded), so zero and finite are one class there; the tolerance rule
 * still judges each value.
 *
 * Backward: y is the reference forward of those rows (so it holds NaN
 * rows, masked zero rows, exact zeros and, for log-softmax, -inf), with dy
 * normal(1); and rows of finite y with special dy: a NaN, +inf, -inf, all
 * zeros (dx must be exactly 0), and a pair of values near the dtype's
 * largest.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conf.h"

enum {
    K_SOME_NEG_INF,
    K_ALL_NEG_INF,
    K_ONE_NAN,
    K_NAN_LAST,
    K_ONE_POS_INF,
    K_POS_AND_NEG_INF,
    K_NAN_AMONG_NEG_INF,
    K_NEG_INF_FIRST_CHUNK,
    K_NEG_INF_LAST_CHUNK,
    K_NEG_INF_ALL_BUT_ONE,
    K_LOWEST_AND_NEG_INF,
    K_POS_INF_AMONG_NEG_INF,
    K_FINITE,
    K_COUNT
};

static const char *kind_name[K_COUNT] = {
    "some -inf",          "all -inf",           "one NaN",
    "NaN last",           "one +inf",           "+inf and -inf",
    "NaN among -inf",     "-inf over the first chunk",
    "-inf over the last chunk", "one finite among -inf",
    "lowest and -inf",    "+inf among -inf",    "finite (control)"};

/* Backward only: special dy for a finite y. */
enum { D_NAN, D_POS_INF, D_NEG_INF, D_ZERO, D_NEAR_MAX, D_COUNT };

static const char *dy_kind_name[D_COUNT] = {
    "dy one NaN", "dy one +inf", "dy one -inf", "dy all zero",
    "dy +-max/4 pair"};

static void fill_dy_kind(float *row, int64_t n, int kind, smax_dtype t)
{
    for (int64_t c = 0; c < n; ++c)
        row[c] = kind == D_ZERO ? 0.0f : (float)conf_normal(1.0);
    const float big = (float)(conf_dtype_max(t) / 4);
    switch (kind) {
    case D_NAN: row[conf_below(n)] = NAN; break;
    case D_POS_INF: row[conf_below(n)] = INFINITY; break;
    case D_NEG_INF: row[n - 1] = -INFINITY; break;
    case D_NEAR_MAX:
        row[0] = big;
        if (n > 1)
            row[n - 1] = -big;
        break;
    default: break;
    }
}

/* One row of a kind. [0, first_end) covers at least the first multiblock
 * chunk and [last_start, n) at least the last one (the caller derives
 * them from the plan); both leave finite elements elsewhere. lowest: the
 * dtype's lowest finite value. */
static void fill_kind(float *row, int64_t n, int kind, int64_t first_end,
                      int64_t last_start, float lowest)
{
    for (int64_t c = 0; c < n; ++c)
        row[c] = (float)conf_normal(3.0);
    const float NI = -INFINITY;
    switch (kind) {
    case K_SOME_NEG_INF:
        for (int64_t c = 0; c < n; c += 3)
            row[c] = NI;
        break;
    case K_ALL_NEG_INF:
        for (int64_t c = 0; c < n; ++c)
            row[c] = NI;
        break;
    case K_ONE_NAN:
        row[conf_below(n)] = NAN;
        break;
    case K_NAN_LAST:
        row[n - 1] = NAN;
        break;
    case K_ONE_POS_INF:
        row[conf_below(n)] = INFINITY;
        break;
    case K_POS_AND_NEG_INF:
        row[0] = NI;
        row[n - 1] = INFINITY;
        break;
    case K_NAN_AMONG_NEG_INF:
        for (int64_t c = 0; c < n; ++c)
            row[c] = NI;
        row[n / 2] = NAN;
        break;
    case K_NEG_INF_FIRST_CHUNK:
        for (int64_t c = 0; c < first_end && c < n - 1; ++c)
            row[c] = NI;
        break;
    case K_NEG_INF_LAST_CHUNK:
        for (int64_t c = last_start > 0 ? last_start : 1; c < n; ++c)
            row[c] = NI;
        break;
    case K_NEG_INF_ALL_BUT_ONE:
        for (int64_t c = 0; c < n; ++c)
            row[c] = NI;
        row[conf_below(n)] = -5.0f;
        break;
    case K_LOWEST_AND_NEG_INF:
        for (int64_t c = 0; c < n; ++c)
            row[c] = c % 2 ? NI : lowest;
        break;
    case K_POS_INF_AMONG_NEG_INF:
        for (int64_t c = 0; c < n; ++c)
            row[c] = NI;
        row[conf_below(n)] = INFINITY;
        break;
    default:
        break;
    }
}

/* NaN, +0, -0, +inf, -inf or finite nonzero (zeros as finite unless
 * strict_zero). */
static int value_class(float v, int strict_zero)
{
    if (isnan(v))
        return 1;
    if (v == 0.0f && strict_zero)
        return signbit(v) ? 3 : 2;
    if (isinf(v))
        return v > 0 ? 4 : 5;
    return 0;
}

static void run_and_compare(conf_suite *s, conf_case *c)
{
    const size_t n = (size_t)(c->rows * c->cols);
    float *out[CONF_ALGO_COUNT];
    int ran[CONF_ALGO_COUNT];
    int first = -1;
    conf_prep prep;
    if (!conf_prepare(c, &prep)) {
        conf_skip("host memory", "[special] %s %s", c->v->name, c->label);
        return;
    }
    c->prep = &prep; /* the same inputs for every algorithm */
    for (int a = 0; a < CONF_ALGO_COUNT; ++a) {
        out[a] = malloc(sizeof(float) * n);
        c->algo = conf_algos[a];
        ran[a] = out[a] && conf_run_case(s, c, out[a]) == CONF_PASSED;
        if (ran[a] && first < 0)
            first = a;
    }
    const int strict_zero =
        !c->v->backward && c->v->yt == SMAX_DTYPE_F32;
    int agree = 1, compared = 0;
    char why[256] = "";
    for (int a = first + 1; first >= 0 && a < CONF_ALGO_COUNT && agree; ++a) {
        if (!ran[a])
            continue;
        ++compared;
        for (size_t i = 0; i < n; ++i) {
            const int ca = value_class(out[first][i], strict_zero),
                      cb = value_class(out[a][i], strict_zero);
            if (ca != cb) {
                agree = 0;
                snprintf(why, sizeof why,
                         "%s gives %g but %s gives %g at row %lld col %lld",
                         conf_algo_name(conf_algos[first]),
                         (double)out[first][i], conf_algo_name(conf_algos[a]),
                         (double)out[a][i], (long long)(i / c->cols),
                         (long long)(i % c->cols));
                break;
            }
        }
    }
    if (!agree)
        conf_fail("[special] %s %s flags=0x%x: algorithms disagree: %s",
                  c->v->name, c->label, c->flags, why);
    else if (compared > 0)
        conf_pass("[special] %s %s flags=0x%x: algorithms agree", c->v->name,
                  c->label, c->flags);
    for (int a = 0; a < CONF_ALGO_COUNT; ++a)
        free(out[a]);
    c->prep = NULL;
    conf_prep_free(&prep);
}

static void run_special(conf_suite *s, const conf_variant *v, const float *x,
                        const float *dy, int64_t rows, int64_t cols,
                        const char *label)
{
    static const uint32_t flag_sets[] = {
        0, SMAX_FLAG_MASKED_ROWS_ZERO, SMAX_FLAG_LOG,
        SMAX_FLAG_LOG | SMAX_FLAG_MASKED_ROWS_ZERO};
    for (size_t f = 0; f < sizeof flag_sets / sizeof flag_sets[0]; ++f) {
        conf_case c;
        memset(&c, 0, sizeof c);
        c.group = "special";
        c.v = v;
        snprintf(c.label, sizeof c.label, "%s", label);
        c.rows = rows;
        c.cols = cols;
        c.flags = flag_sets[f];
        c.scale = f == 1 ? 2.0f : 1.0f; /* one set through the scale path */
        c.x = x;
        c.dy = dy;
        run_and_compare(s, &c);
    }
}

/* smax_plan_info gives the chunk count, not the chunk length L, but with
 * c chunks (c-1) L < cols <= c L, and chunks start at multiples of L (a
 * multiple of 4). So [0, ceil4(cols / (c-1))) covers the first chunk and
 * [floor4((c-1) * ceil(cols / c)), cols) the last. */
static void chunk_cover(conf_suite *s, const conf_variant *v, int64_t cols,
                        int64_t *first_end, int64_t *last_start)
{
    smax_plan_info pi;
    *first_end = cols / 2;
    *last_start = cols / 2;
    if (conf_plan(s, v, 1, cols, SMAX_ALGO_MULTIBLOCK, &pi) != SMAX_SUCCESS ||
        pi.chunks_per_row < 3)
        return;
    const int64_t c = pi.chunks_per_row;
    *first_end = ((cols + c - 2) / (c - 1) + 3) & ~(int64_t)3;
    *last_start = ((c - 1) * ((cols + c - 1) / c)) & ~(int64_t)3;
}

/* Rows of every kind at one width: x kinds (dy normal(1)), then, backward,
 * dy kinds (x normal(3)). */
static void kinds_together(conf_suite *s, const conf_variant *v,
                           int64_t cols)
{
    const float lowest = (float)-conf_dtype_max(v->xt);
    const int64_t rows = K_COUNT + (v->backward ? D_COUNT : 0);
    float *x = malloc(sizeof(float) * (size_t)(rows * cols));
    float *dy = malloc(sizeof(float) * (size_t)(rows * cols));
    if (!x || !dy) {
        conf_skip("host memory", "[special] %s kinds together", v->name);
        free(x);
        free(dy);
        return;
    }
    for (int k = 0; k < K_COUNT; ++k) {
        fill_kind(x + k * cols, cols, k, cols / 2, cols / 2, lowest);
        fill_dy_kind(dy + k * cols, cols, -1, v->yt);
    }
    for (int k = 0; k < (v->backward ? D_COUNT : 0); ++k) {
        fill_kind(x + (K_COUNT + k) * cols, cols, K_FINITE, 0, 0, lowest);
        fill_dy_kind(dy + (K_COUNT + k) * cols, cols, k, v->yt);
    }
    char label[96];
    snprintf(label, sizeof label, "one row per kind, %lld cols",
             (long long)cols);
    run_special(s, v, x, v->backward ? dy : NULL, rows, cols, label);
    free(x);
    free(dy);
}

/* Each kind alone in a row the multiblock plan splits, so that "-inf over
 * a whole chunk" really covers a chunk's slice. */
static void kinds_split(conf_suite *s, const conf_variant *v)
{
    int64_t chunks;
    int64_t cols = conf_cols_for_chunk_range(s, v, 1, 2, 4, 1 << 20, &chunks);
    if (cols < 0) {
        conf_skip("no 1-row multiblock plan of 2-4 chunks up to 2^20",
                  "[special] %s kinds in a split row", v->name);
        return;
    }
    cols += 7; /* a ragged last chunk */
    const float lowest = (float)-conf_dtype_max(v->xt);
    int64_t first_end, last_start;
    chunk_cover(s, v, cols, &first_end, &last_start);
    printf("  %s split row: %lld cols in %lld chunks, -inf over [0, %lld) and "
           "[%lld, %lld)\n",
           v->name, (long long)cols, (long long)chunks, (long long)first_end,
           (long long)last_start, (long long)cols);
    float *x = malloc(sizeof(float) * (size_t)cols);
    float *dy = malloc(sizeof(float) * (size_t)cols);
    if (!x || !dy) {
        conf_skip("host memory", "[special] %s split row", v->name);
        free(x);
        free(dy);
        return;
    }
    char label[96];
    for (int k = 0; k < K_COUNT; ++k) {
        fill_kind(x, cols, k, first_end, last_start, lowest);
        fill_dy_kind(dy, cols, -1, v->yt);
        snprintf(label, sizeof label, "%s, split row", kind_name[k]);
        run_special(s, v, x, v->backward ? dy : NULL, 1, cols, label);
    }
    for (int k = 0; k < (v->backward ? D_COUNT : 0); ++k) {
        fill_kind(x, cols, K_FINITE, 0, 0, lowest);
        fill_dy_kind(dy, cols, k, v->yt);
        snprintf(label, sizeof label, "%s, split row", dy_kind_name[k]);
        run_special(s, v, x, dy, 1, cols, label);
    }
    free(x);
    free(dy);
}

void conf_special(conf_suite *s)
{
    const int64_t widths[] = {1, 5, 64, 1031};
    for (int i = 0; i < CONF_VARIANT_COUNT; ++i) {
        const conf_variant *v = &conf_variants[i];
        if (!conf_selected(s, v))
            continue;
        for (size_t w = 0; w < sizeof widths / sizeof widths[0]; ++w)
            kinds_together(s, v, widths[w]);
        kinds_split(s, v);
    }
}
