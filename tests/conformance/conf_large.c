/*
 * conf_large.c - the --large tier, for every variant: long rows (2^20,
 * 2^22), single huge vectors (2^24, 2^26), merge trees of 2 and 3 levels,
 * and a problem of more than 2^31 elements (32-bit index overflow) where
 * the device's memory allows. Memory is asked of the device
 * (global_mem_bytes, max_alloc_bytes); a case that does not fit is skipped
 * with the numbers. Thinned variants (conf_thinned) leave out 2^22 and
 * 2^26, which only repeat 2^20 and 2^24 longer, and check an eighth of
 * the > 2^31 case's rows (the first and the last slices always).
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

/* The huge case's rows are rotations of one base row: row r holds
 * base[(c + r) mod cols] at column c. Rows differ (a kernel that mixes up
 * rows or wraps a 32-bit index writes values of the wrong row), yet the
 * reference of every row is the base row's, rotated: the float64 work is
 * done once, not 2^31 times. */
static float hashed_value(int64_t c, uint64_t salt)
{
    uint64_t z = (uint64_t)c * 0x9E3779B97F4A7C15ULL + salt;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return (float)((double)(z >> 40) / (double)(1 << 24) * 8.0 - 4.0);
}

/* The base row's inputs and reference (rows = 1). */
static int huge_base(const conf_case *c, conf_prep *base)
{
    const int64_t cols = c->cols;
    float *x = malloc(sizeof(float) * (size_t)cols);
    float *dy = malloc(sizeof(float) * (size_t)cols);
    int ok = x && dy;
    for (int64_t k = 0; ok && k < cols; ++k) {
        x[k] = hashed_value(k, 1);
        dy[k] = hashed_value(k, 77) / 4.0f;
    }
    conf_case one = *c;
    one.rows = 1;
    one.x = x;
    one.y = NULL;
    one.dy = c->v->backward ? dy : NULL;
    ok = ok && conf_prepare(&one, base);
    free(x);
    free(dy);
    return ok;
}

/* Rows [r0, r0 + n) of a per-row array of es-byte elements: the base row
 * rotated, into dst. */
static void rotate_into(void *dst, const void *base, size_t es, int64_t cols,
                        int64_t r0, int64_t n)
{
    for (int64_t r = 0; r < n; ++r) {
        const int64_t shift = (r0 + r) % cols; /* out[c] = base[c + shift] */
        unsigned char *row = (unsigned char *)dst + es * (size_t)(r * cols);
        memcpy(row, (const unsigned char *)base + es * (size_t)shift,
               es * (size_t)(cols - shift));
        memcpy(row + es * (size_t)(cols - shift), base, es * (size_t)shift);
    }
}

/* The arrays of one slice of `slice` rows, allocated once: a slice's
 * inputs and reference are written into them (huge_slice), since a fresh
 * 450 MB of them a slice spent a quarter of the check in page faults.
 * Each where the base row has one; 0 if memory ran out. */
static int huge_slice_alloc(const conf_prep *base, int64_t slice,
                            conf_prep *p)
{
    const size_t n = (size_t)(slice * base->cols);
    memset(p, 0, sizeof *p);
    p->cols = base->cols;
    if (base->in[0])
        p->in[0] = malloc(sizeof(float) * n);
    if (base->in[1])
        p->in[1] = malloc(sizeof(float) * n);
    if (base->ref32)
        p->ref32 = malloc(sizeof(float) * n);
    if (base->ref64)
        p->ref64 = malloc(sizeof(double) * n);
    if (base->mag)
        p->mag = malloc(sizeof(double) * n);
    if ((base->in[0] && !p->in[0]) || (base->in[1] && !p->in[1]) ||
        (base->ref32 && !p->ref32) || (base->ref64 && !p->ref64) ||
        (base->mag && !p->mag)) {
        conf_prep_free(p);
        return 0;
    }
    return 1;
}

/* The inputs and reference of rows [r0, r0 + n), from the base row, into
 * p's arrays (of at least n rows). */
static void huge_slice(const conf_prep *base, int64_t r0, int64_t n,
                       conf_prep *p)
{
    const int64_t cols = base->cols;
    p->rows = n;
    if (base->in[0])
        rotate_into(p->in[0], base->in[0], sizeof(float), cols, r0, n);
    if (base->in[1])
        rotate_into(p->in[1], base->in[1], sizeof(float), cols, r0, n);
    if (base->ref32)
        rotate_into(p->ref32, base->ref32, sizeof(float), cols, r0, n);
    if (base->ref64)
        rotate_into(p->ref64, base->ref64, sizeof(double), cols, r0, n);
    if (base->mag)
        rotate_into(p->mag, base->mag, sizeof(double), cols, r0, n);
}

/* The buffers of the huge case: inputs b[0] (and b[1]), the output. */
typedef struct huge {
    const conf_variant *v;
    int64_t rows, cols, slice; /* slice: rows per transfer */
    int n_in, alias;           /* alias: the output is the last input */
    size_t ei, eo;
    smax_buffer b[3], out;
    conf_prep base;            /* the base row (conf_large.c's top) */
    conf_prep part;            /* one slice's inputs and reference  */
    unsigned char *base_raw[2]; /* its inputs, encoded once          */
    unsigned char *raw;        /* one slice of transfer              */
} huge;

/* Writes the inputs (rotations of the encoded base row) and poisons an
 * output of its own, a slice at a time. */
static smax_status huge_write(conf_suite *s, huge *h)
{
    smax_status st = SMAX_SUCCESS;
    for (int64_t r0 = 0; r0 < h->rows && st == SMAX_SUCCESS;
         r0 += h->slice) {
        const int64_t n = h->rows - r0 < h->slice ? h->rows - r0 : h->slice;
        const size_t elems = (size_t)(n * h->cols);
        for (int k = 0; k < h->n_in && st == SMAX_SUCCESS; ++k) {
            rotate_into(h->raw, h->base_raw[k], h->ei, h->cols, r0, n);
            st = smax_buffer_write(s->ctx, h->b[k],
                                   (size_t)(r0 * h->cols) * h->ei, h->raw,
                                   elems * h->ei);
        }
        if (st == SMAX_SUCCESS && !h->alias) {
            memset(h->raw, 0xFF, elems * h->eo);
            st = smax_buffer_write(s->ctx, h->out,
                                   (size_t)(r0 * h->cols) * h->eo, h->raw,
                                   elems * h->eo);
        }
    }
    return st;
}

/* Checks the output slice by slice against the rotated reference: every
 * slice, or (thinned variants) the first, the last (the rows past 2^31
 * elements, and those a wrapped 32-bit index would hit) and every 8th. */
static smax_status huge_check(conf_suite *s, huge *h, int thin,
                              int merge_levels, int64_t *bad, char *first,
                              size_t first_len)
{
    conf_case c;
    memset(&c, 0, sizeof c);
    c.v = h->v;
    c.scale = 1.0f;
    smax_status st = SMAX_SUCCESS;
    *bad = 0;
    for (int64_t r0 = 0, k = 0; r0 < h->rows && st == SMAX_SUCCESS;
         r0 += h->slice, ++k) {
        const int64_t n = h->rows - r0 < h->slice ? h->rows - r0 : h->slice;
        if (thin && r0 != 0 && r0 + n < h->rows && k % 8 != 0)
            continue;
        st = smax_buffer_read(s->ctx, h->out, (size_t)(r0 * h->cols) * h->eo,
                              h->raw, (size_t)(n * h->cols) * h->eo);
        if (st != SMAX_SUCCESS)
            break;
        huge_slice(&h->base, r0, n, &h->part);
        char why[400];
        if (!conf_check_output(&c, &h->part, h->raw, merge_levels,
                               "[large] > 2^31 elements", why, sizeof why)) {
            if (*bad == 0)
                snprintf(first, first_len, "slice at row %lld: %s",
                         (long long)r0, why);
            ++*bad;
        }
    }
    return st;
}

static void huge_free(huge *h)
{
    for (int i = 0; i < 3; ++i)
        smax_buffer_free(h->b[i]);
    conf_prep_free(&h->base);
    conf_prep_free(&h->part);
    free(h->base_raw[0]);
    free(h->base_raw[1]);
    free(h->raw);
}

/* Allocates the buffers (0 and a reason if they do not fit) and the base
 * row (*st = SMAX_ERROR_OUT_OF_MEMORY if host memory ran out). */
static int huge_setup(conf_suite *s, const conf_variant *v, huge *h,
                      smax_status *st, char *why, size_t why_len)
{
    memset(h, 0, sizeof *h);
    h->v = v;
    h->cols = (int64_t)1 << 16;
    h->rows = ((int64_t)1 << 15) + 3;
    h->slice = 256;
    h->ei = conf_esize(conf_in_dtype(v));
    h->eo = conf_esize(conf_out_dtype(v));
    h->alias = h->ei == h->eo;
    h->n_in = v->backward ? 2 : 1;
    const uint64_t elems = (uint64_t)(h->rows * h->cols);
    uint64_t bytes[3] = {elems * h->ei, elems * h->ei, elems * h->eo};
    if (!v->backward)
        bytes[1] = elems * h->eo;
    const int nb = h->n_in + (h->alias ? 0 : 1);
    *st = SMAX_SUCCESS;
    if (!fits(s, bytes, nb, why, why_len))
        return 0;
    for (int i = 0; i < nb && *st == SMAX_SUCCESS; ++i)
        *st = smax_buffer_alloc(s->ctx, (size_t)bytes[i], &h->b[i]);
    if (*st != SMAX_SUCCESS) {
        snprintf(why, why_len, "allocating %d x %" PRIu64 " MiB: %s", nb,
                 bytes[0] >> 20, smax_status_string(*st));
        return 0;
    }
    h->out = h->alias ? h->b[h->n_in - 1] : h->b[h->n_in];
    conf_case c;
    memset(&c, 0, sizeof c);
    c.v = v;
    c.rows = h->rows;
    c.cols = h->cols;
    c.scale = 1.0f;
    h->raw = malloc((size_t)(h->slice * h->cols) * 4);
    int ok = h->raw && huge_base(&c, &h->base) &&
             huge_slice_alloc(&h->base, h->slice, &h->part);
    for (int k = 0; ok && k < h->n_in; ++k) {
        ok = (h->base_raw[k] = malloc(h->ei * (size_t)h->cols)) != NULL;
        if (ok)
            smax_fmt_encode(conf_fmt(conf_in_dtype(v)), h->base.in[k],
                            (size_t)h->cols, h->base_raw[k]);
    }
    if (!ok)
        *st = SMAX_ERROR_OUT_OF_MEMORY;
    return 1;
}

/* More than 2^31 elements, in place where the element sizes allow it
 * (forward: y is x; backward: dx is dy). AUTO only: the point is 64-bit
 * indexing, not the algorithms. */
static void more_than_2g_elements(conf_suite *s, const conf_variant *v)
{
    huge h;
    smax_status st;
    char reason[200];
    if (!huge_setup(s, v, &h, &st, reason, sizeof reason)) {
        conf_skip(reason, "[large] %s > 2^31 elements", v->name);
        huge_free(&h);
        return;
    }
    if (st == SMAX_ERROR_OUT_OF_MEMORY) {
        conf_skip("host memory", "[large] %s > 2^31 elements", v->name);
        huge_free(&h);
        return;
    }
    st = huge_write(s, &h);
    smax_problem prob = smax_problem_make(h.rows, h.cols);
    prob.x_dtype = v->xt;
    prob.y_dtype = v->yt;
    smax_plan_info plan;
    memset(&plan, 0, sizeof plan);
    if (st == SMAX_SUCCESS)
        st = v->backward ? smax_plan_backward(s->ctx, &prob, &plan)
                         : smax_plan(s->ctx, &prob, &plan);
    if (st == SMAX_SUCCESS)
        st = v->backward ? smax_softmax_backward(s->ctx, &prob, h.b[0], 0,
                                                 h.b[1], 0, h.out, 0)
                         : smax_softmax(s->ctx, &prob, h.b[0], 0, h.out, 0);
    if (st == SMAX_SUCCESS)
        st = smax_synchronize(s->ctx);
    int64_t bad = 0;
    char first[600] = "";
    if (st == SMAX_SUCCESS)
        st = huge_check(s, &h, conf_thinned(s, v), (int)plan.merge_levels,
                        &bad, first, sizeof first);
    if (st != SMAX_SUCCESS)
        conf_fail("[large] %s > 2^31 elements: %s (%s)", v->name,
                  smax_status_string(st), smax_last_error(s->ctx));
    else if (bad)
        conf_fail("[large] %s > 2^31 elements: %lld bad slices; first %s "
                  "(plan %s)",
                  v->name, (long long)bad, first,
                  conf_algo_name(plan.algorithm));
    else
        conf_pass("[large] %s %lld x %lld (> 2^31 elements)%s", v->name,
                  (long long)h.rows, (long long)h.cols,
                  h.alias ? " in place" : "");
    huge_free(&h);
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
        } else if (levels == 2 && cols <= CONF_TWO_LEVELS_DEFAULT_MAX) {
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
        if (!conf_selected(s, v))
            continue;
        const int thin = conf_thinned(s, v);
        run_big(s, v, 2, (int64_t)1 << 20, "long rows 2^20", 0);
        run_big(s, v, 2, (int64_t)1 << 20, "long rows 2^20", SMAX_FLAG_LOG);
        if (!thin)
            run_big(s, v, 2, (int64_t)1 << 22, "long rows 2^22", 0);
        run_big(s, v, 1, (int64_t)1 << 24, "vector 2^24", 0);
        if (!thin)
            run_big(s, v, 1, (int64_t)1 << 26, "vector 2^26", 0);
        merge_levels(s, v);
    }
}

void conf_huge_tier(conf_suite *s)
{
    for (int i = 0; i < CONF_VARIANT_COUNT; ++i) {
        const conf_variant *v = &conf_variants[i];
        if (conf_selected(s, v))
            more_than_2g_elements(s, v);
    }
}
