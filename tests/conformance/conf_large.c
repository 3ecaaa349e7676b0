/*
 * conf_large.c - the --large tier, for every variant: long rows (2^20,
 * 2^22), single huge vectors (2^24, 2^26), merge trees of 2 and 3 levels,
 * and a problem of more than 2^31 elements (32-bit index overflow) where
 * the device's memory allows. Memory is asked of the device
 * (global_mem_bytes, max_alloc_bytes); a case that does not fit is skipped
 * with the numbers. Thinned variants (conf_thinned) leave out 2^22 and
 * 2^26, which only repeat 2^20 and 2^24 longer.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conf.h"
#include "smax_half.h"

/* Whether the device can hold buffers of these sizes (plus room for
 * scratch); if not, the reason. */
static int fits(const conf_suite *s, const uint64_t *bytes, int n, char *why,
                size_t len)
{
    uint64_t total = 0, largest = 0;
    for (int i = 0; i < n; ++i) {
        total += bytes[i];
        if (bytes[i] > largest)
            largest = bytes[i];
    }
    if (largest > s->info.max_alloc_bytes) {
        snprintf(why, len,
                 "needs a %" PRIu64 " MiB buffer, the device allows %" PRIu64
                 " MiB (max_alloc_bytes)",
                 (largest + (1u << 20) - 1) >> 20,
                 s->info.max_alloc_bytes >> 20);
        return 0;
    }
    if (total + (largest >> 3) > s->info.global_mem_bytes) {
        snprintf(why, len,
                 "needs %" PRIu64 " MiB in %d buffers, the device has %" PRIu64
                 " MiB (global_mem_bytes)",
                 (total + (1u << 20) - 1) >> 20, n,
                 s->info.global_mem_bytes >> 20);
        return 0;
    }
    return 1;
}

/* The buffers a dense case of v needs. */
static int case_buffers(const conf_variant *v, uint64_t elems, uint64_t *b)
{
    const uint64_t in = elems * conf_esize(conf_in_dtype(v)) + 64;
    const uint64_t out = elems * conf_esize(conf_out_dtype(v)) + 64;
    b[0] = in;
    if (!v->backward) {
        b[1] = out;
        return 2;
    }
    b[1] = in;
    b[2] = out;
    return 3;
}

static void run_big(conf_suite *s, const conf_variant *v, int64_t rows,
                    int64_t cols, const char *why, uint32_t flags)
{
    char reason[200];
    uint64_t bytes[3];
    const int nb = case_buffers(v, (uint64_t)(rows * cols), bytes);
    if (!fits(s, bytes, nb, reason, sizeof reason)) {
        conf_skip(reason, "[large] %s %s %lldx%lld", v->name, why,
                  (long long)rows, (long long)cols);
        return;
    }
    float *x = malloc(sizeof(float) * (size_t)(rows * cols));
    if (!x) {
        conf_skip("host memory", "[large] %s %s", v->name, why);
        return;
    }
    conf_fill(x, rows, cols, CONF_NORMAL_1, v->xt);
    conf_case c;
    memset(&c, 0, sizeof c);
    c.group = "large";
    c.v = v;
    snprintf(c.label, sizeof c.label, "%s, %s", why,
             conf_dist_name(CONF_NORMAL_1));
    c.rows = rows;
    c.cols = cols;
    c.flags = flags;
    c.scale = 1.0f;
    c.x = x;
    conf_run_all_algos(s, &c);
    free(x);
}

/* Input values of element c of row r: hashes, so the 2^31-element case can
 * be generated and checked a slice at a time without storing it. */
static uint64_t hash(int64_t r, int64_t c, uint64_t salt)
{
    uint64_t z = (uint64_t)r * 0x9E3779B97F4A7C15ULL + (uint64_t)c + salt;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static float hashed_value(int64_t r, int64_t c, uint64_t salt)
{
    return (float)((double)(hash(r, c, salt) >> 40) / (double)(1 << 24) *
                       8.0 -
                   4.0);
}

/* The inputs of rows [r0, r0 + n) of the huge case, rounded: forward x;
 * backward y (the forward of x, rounded to y's dtype) and dy. */
static int huge_inputs(const conf_case *c, int64_t r0, int64_t n,
                       int with_reference, conf_prep *p)
{
    const int64_t cols = c->cols;
    float *x = malloc(sizeof(float) * (size_t)(n * cols));
    if (!x)
        return 0;
    for (int64_t r = 0; r < n; ++r)
        for (int64_t k = 0; k < cols; ++k)
            x[r * cols + k] = hashed_value(r0 + r, k, 0);
    conf_case slice = *c;
    slice.rows = n;
    slice.x = x;
    slice.y = NULL;
    slice.dy = NULL;
    float *dy = NULL;
    if (c->v->backward) {
        dy = malloc(sizeof(float) * (size_t)(n * cols));
        if (!dy) {
            free(x);
            return 0;
        }
        for (int64_t r = 0; r < n; ++r)
            for (int64_t k = 0; k < cols; ++k)
                dy[r * cols + k] = hashed_value(r0 + r, k, 77) / 4.0f;
        slice.dy = dy;
    }
    const int ok = with_reference ? conf_prepare(&slice, p)
                                  : conf_prepare_inputs(&slice, p);
    free(x);
    free(dy);
    return ok;
}

/* More than 2^31 elements, in place where the element sizes allow it
 * (forward: y is x; backward: dx is dy), written and checked in slices of
 * rows. AUTO only: the point is 64-bit indexing, not the algorithms. */
static void more_than_2g_elements(conf_suite *s, const conf_variant *v)
{
    const int64_t cols = 1 << 16, rows = ((int64_t)1 << 15) + 3;
    const uint64_t elems = (uint64_t)(rows * cols);
    const size_t ei = conf_esize(conf_in_dtype(v)),
                 eo = conf_esize(conf_out_dtype(v));
    const int alias = ei == eo;
    const int n_in = v->backward ? 2 : 1;
    uint64_t bytes[3] = {elems * ei, elems * ei, elems * eo};
    if (!v->backward)
        bytes[1] = elems * eo;
    const int nb = n_in + (alias ? 0 : 1);
    char reason[200];
    if (!fits(s, bytes, nb, reason, sizeof reason)) {
        conf_skip(reason, "[large] %s %lld x %lld (> 2^31 elements)", v->name,
                  (long long)rows, (long long)cols);
        return;
    }
    smax_buffer b[3] = {NULL, NULL, NULL};
    smax_status st = SMAX_SUCCESS;
    for (int i = 0; i < nb && st == SMAX_SUCCESS; ++i)
        st = smax_buffer_alloc(s->ctx, (size_t)bytes[i], &b[i]);
    if (st != SMAX_SUCCESS) {
        snprintf(reason, sizeof reason, "allocating %d x %" PRIu64 " MiB: %s",
                 nb, bytes[0] >> 20, smax_status_string(st));
        conf_skip(reason, "[large] %s > 2^31 elements", v->name);
        for (int i = 0; i < 3; ++i)
            smax_buffer_free(b[i]);
        return;
    }
    smax_buffer out = alias ? b[n_in - 1] : b[n_in];

    conf_case c;
    memset(&c, 0, sizeof c);
    c.group = "large";
    c.v = v;
    c.rows = rows;
    c.cols = cols;
    c.scale = 1.0f;
    const int64_t slice = 256; /* rows per transfer */
    unsigned char *raw = malloc((size_t)(slice * cols) * 4);
    for (int64_t r0 = 0; r0 < rows && st == SMAX_SUCCESS && raw;
         r0 += slice) {
        const int64_t n = rows - r0 < slice ? rows - r0 : slice;
        conf_prep p;
        if (!huge_inputs(&c, r0, n, 0, &p)) {
            st = SMAX_ERROR_OUT_OF_MEMORY;
            break;
        }
        for (int k = 0; k < n_in && st == SMAX_SUCCESS; ++k) {
            smax_fmt_encode(conf_fmt(conf_in_dtype(v)), p.in[k],
                            (size_t)(n * cols), raw);
            st = smax_buffer_write(s->ctx, b[k], (size_t)(r0 * cols) * ei,
                                   raw, (size_t)(n * cols) * ei);
        }
        conf_prep_free(&p);
    }
    smax_problem prob = smax_problem_make(rows, cols);
    prob.x_dtype = v->xt;
    prob.y_dtype = v->yt;
    smax_plan_info plan;
    memset(&plan, 0, sizeof plan);
    if (st == SMAX_SUCCESS)
        st = v->backward ? smax_plan_backward(s->ctx, &prob, &plan)
                         : smax_plan(s->ctx, &prob, &plan);
    if (st == SMAX_SUCCESS)
        st = v->backward ? smax_softmax_backward(s->ctx, &prob, b[0], 0, b[1],
                                                 0, out, 0)
                         : smax_softmax(s->ctx, &prob, b[0], 0, out, 0);
    if (st == SMAX_SUCCESS)
        st = smax_synchronize(s->ctx);
    int64_t bad = 0;
    char first[600] = "";
    for (int64_t r0 = 0; r0 < rows && st == SMAX_SUCCESS && raw;
         r0 += slice) {
        const int64_t n = rows - r0 < slice ? rows - r0 : slice;
        st = smax_buffer_read(s->ctx, out, (size_t)(r0 * cols) * eo, raw,
                              (size_t)(n * cols) * eo);
        conf_prep p;
        if (st == SMAX_SUCCESS && !huge_inputs(&c, r0, n, 1, &p))
            st = SMAX_ERROR_OUT_OF_MEMORY;
        if (st != SMAX_SUCCESS)
            break;
        c.rows = n;
        char why[400];
        if (!conf_check_output(&c, &p, raw, (int)plan.merge_levels,
                               "[large] > 2^31 elements", why, sizeof why)) {
            if (bad == 0)
                snprintf(first, sizeof first, "slice at row %lld: %s",
                         (long long)r0, why);
            ++bad;
        }
        c.rows = rows;
        conf_prep_free(&p);
    }
    if (!raw)
        conf_skip("host memory", "[large] %s > 2^31 elements", v->name);
    else if (st != SMAX_SUCCESS)
        conf_fail("[large] %s > 2^31 elements: %s (%s)", v->name,
                  smax_status_string(st), smax_last_error(s->ctx));
    else if (bad)
        conf_fail("[large] %s > 2^31 elements: %lld bad slices; first %s "
                  "(plan %s)",
                  v->name, (long long)bad, first,
                  conf_algo_name(plan.algorithm));
    else
        conf_pass("[large] %s %lld x %lld (> 2^31 elements)%s", v->name,
                  (long long)rows, (long long)cols,
                  alias ? " in place" : "");
    free(raw);
    for (int i = 0; i < 3; ++i)
        smax_buffer_free(b[i]);
}

static void merge_levels(conf_suite *s, const conf_variant *v)
{
    for (int levels = 2; levels <= 3; ++levels) {
        const int64_t cols =
            conf_cols_for_levels(s, v, levels, (int64_t)1 << 28);
        char what[64];
        snprintf(what, sizeof what, "%d merge levels", levels);
        if (cols < 0) {
            conf_skip("no 1-row size up to 2^28 gives that many levels",
                      "[large] %s %s", v->name, what);
        } else if (levels == 2 && cols <= ((int64_t)1 << 22)) {
            /* Already in the default tier (conf_shapes.c). */
        } else if (cols > ((int64_t)1 << 27)) {
            char reason[160];
            snprintf(reason, sizeof reason,
                     "%d merge levels need %lld elements in one row (> 2^27)",
                     levels, (long long)cols);
            conf_skip(reason, "[large] %s %s", v->name, what);
        } else {
            run_big(s, v, 1, cols, what, 0);
        }
    }
}

void conf_large_tier(conf_suite *s)
{
    for (int i = 0; i < CONF_VARIANT_COUNT; ++i) {
        const conf_variant *v = &conf_variants[i];
        const int thin = conf_thinned(s, v);
        run_big(s, v, 2, (int64_t)1 << 20, "long rows 2^20", 0);
        run_big(s, v, 2, (int64_t)1 << 20, "long rows 2^20", SMAX_FLAG_LOG);
        if (!thin)
            run_big(s, v, 2, (int64_t)1 << 22, "long rows 2^22", 0);
        run_big(s, v, 1, (int64_t)1 << 24, "vector 2^24", 0);
        if (!thin)
            run_big(s, v, 1, (int64_t)1 << 26, "vector 2^26", 0);
        merge_levels(s, v);
        more_than_2g_elements(s, v);
    }
}
