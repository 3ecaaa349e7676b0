/*
 * conf_run.c - one conformance case on the device, checked every way the
 * brief asks, for both directions and every dtype pair:
 *  - the plan first: only forced fused may be refused, only beyond the
 *    variant's fused limit, and then the call must refuse too, with
 *    SMAX_ERROR_NOT_SUPPORTED, a reason, and nothing written (asserted);
 *  - the arrays (forward x -> y, backward y, dy -> dx) live inside larger
 *    buffers, as byte images in their dtype's element size: bytes before
 *    the offsets, between rows (padding) and a canary after the last row
 *    are poisoned (0xFF: a NaN in f32, f16 and bf16 alike, so a kernel
 *    that reads padding poisons its row) and must come back unchanged;
 *    the output is poisoned too before every run, so an element the
 *    library forgets to write stays NaN;
 *  - every byte but the output's elements must be unchanged (inputs
 *    included, unless the output aliases them);
 *  - two runs must leave bit-identical buffers (determinism);
 *  - the output must pass the tolerance rule against the float64
 *    reference computed from the inputs exactly as the device read them.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conf.h"
#include "smax_half.h"

#define CANARY_BYTES 64
#define POISON 0xFF
#define MAX_ARR 3

/* ---- geometry of a case --------------------------------------------------- */

typedef struct array {
    const char *name; /* "x", "y", "dy", "dx"                 */
    int buf;          /* index of its buffer                  */
    size_t off;       /* bytes                                */
    int64_t stride;   /* elements                             */
    smax_dtype t;
    size_t es;        /* element size                         */
    int input;        /* an input (k = its prep index)        */
    int k;
} array;

typedef struct geometry {
    int n_arr;          /* 2 forward, 3 backward; the output is last */
    array a[MAX_ARR];
    int n_buf;
    size_t bytes[MAX_ARR];
} geometry;

static size_t span_of(int64_t rows, int64_t cols, int64_t stride, size_t es)
{
    if (rows == 0 || cols == 0)
        return 0;
    return (size_t)((rows - 1) * stride + cols) * es;
}

static array make_array(const char *name, int buf, size_t off, int64_t stride,
                        smax_dtype t, int input, int k)
{
    array a = {name, buf, off, stride, t, conf_esize(t), input, k};
    return a;
}

static geometry geometry_of(const conf_case *c)
{
    const conf_layout *l = &c->layout;
    const conf_variant *v = c->v;
    geometry g;
    memset(&g, 0, sizeof g);
    const int64_t xs = c->cols + l->x_pad, ys = c->cols + l->y_pad;
    if (!v->backward) {
        g.n_arr = 2;
        g.a[0] = make_array("x", 0, l->x_offset, xs, v->xt, 1, 0);
        g.a[1] = make_array("y", l->one_buffer ? 0 : 1, l->y_offset, ys,
                            v->yt, 0, 0);
        if (l->alias == CONF_ALIAS_IN_PLACE) {
            g.a[1].buf = 0;
            g.a[1].off = l->x_offset;
            g.a[1].stride = xs;
        }
    } else {
        const int64_t dys = l->v1_problem ? ys : c->cols + l->dy_pad;
        g.n_arr = 3;
        g.a[0] = make_array("y", 0, l->y_offset, ys, v->yt, 1, 0);
        g.a[1] = make_array("dy", l->one_buffer || l->dy_in_y_buffer ? 0 : 1,
                            l->dy_offset, dys, v->yt, 1, 1);
        if (l->dy_is_y)
            g.a[1] = make_array("dy", 0, l->y_offset, ys, v->yt, 1, 1);
        g.a[2] = make_array("dx", l->one_buffer ? 0 : 2, l->x_offset, xs,
                            v->xt, 0, 0);
        if (l->alias == CONF_ALIAS_IN_PLACE) {
            g.a[2].buf = g.a[1].buf;
            g.a[2].off = g.a[1].off;
            g.a[2].stride = g.a[1].stride;
        } else if (l->alias == CONF_ALIAS_DX_IS_Y) {
            g.a[2].buf = g.a[0].buf;
            g.a[2].off = g.a[0].off;
            g.a[2].stride = g.a[0].stride;
        }
    }
    /* Number the buffers in use 0.. in order of first use. */
    int map[MAX_ARR] = {-1, -1, -1};
    for (int i = 0; i < g.n_arr; ++i) {
        if (map[g.a[i].buf] < 0)
            map[g.a[i].buf] = g.n_buf++;
        g.a[i].buf = map[g.a[i].buf];
    }
    const size_t canary = l->exact_size ? 0 : CANARY_BYTES;
    for (int i = 0; i < g.n_arr; ++i) {
        const size_t end = g.a[i].off +
                           span_of(c->rows, c->cols, g.a[i].stride, g.a[i].es) +
                           canary;
        if (end > g.bytes[g.a[i].buf])
            g.bytes[g.a[i].buf] = end;
    }
    return g;
}

/* The problem of a case. */
static smax_problem problem_of(const conf_case *c, const geometry *g)
{
    smax_problem p = smax_problem_make(c->rows, c->cols);
    p.x_dtype = c->v->xt;
    p.y_dtype = c->v->yt;
    p.algorithm = c->algo;
    p.flags = c->flags;
    p.scale = c->scale;
    if (!c->v->backward) {
        p.x_row_stride = g->a[0].stride;
        p.y_row_stride = g->a[1].stride;
    } else {
        p.y_row_stride = g->a[0].stride;
        p.dy_row_stride = g->a[1].stride;
        p.x_row_stride = g->a[2].stride;
    }
    if (c->layout.v1_problem) {
        /* A version-1 caller: the library must not read dy_row_stride. */
        p.struct_size = SMAX_PROBLEM_SIZE_V1;
        p.dy_row_stride = -12345;
    }
    return p;
}

/* ---- byte images ------------------------------------------------------------ */

/* Copies dense raw rows into a byte image at any (unaligned) offset, or
 * back out of it. */
static void place_rows(unsigned char *img, const array *a, const void *dense,
                       int64_t rows, int64_t cols)
{
    const size_t row_bytes = (size_t)cols * a->es;
    for (int64_t r = 0; r < rows; ++r)
        memcpy(img + a->off + (size_t)(r * a->stride) * a->es,
               (const unsigned char *)dense + (size_t)r * row_bytes,
               row_bytes);
}

static void take_rows(const unsigned char *img, const array *a, void *dense,
                      int64_t rows, int64_t cols)
{
    const size_t row_bytes = (size_t)cols * a->es;
    for (int64_t r = 0; r < rows; ++r)
        memcpy((unsigned char *)dense + (size_t)r * row_bytes,
               img + a->off + (size_t)(r * a->stride) * a->es, row_bytes);
}

/* Index of the first differing byte, or -1. */
static int64_t first_difference(const unsigned char *a,
                                const unsigned char *b, size_t n)
{
    if (memcmp(a, b, n) == 0)
        return -1;
    for (size_t i = 0; i < n; ++i)
        if (a[i] != b[i])
            return (int64_t)i;
    return -1;
}

/* Which array's data, padding or canary holds byte `at` of buffer b. */
static void where_is(const geometry *g, const conf_case *c, int b, size_t at,
                     char *buf, size_t len)
{
    snprintf(buf, len, "outside every array (offset area or canary)");
    for (int i = 0; i < g->n_arr; ++i) {
        const array *a = &g->a[i];
        const size_t span = span_of(c->rows, c->cols, a->stride, a->es);
        if (a->buf != b || at < a->off || at >= a->off + span)
            continue;
        const size_t rel = (at - a->off) / a->es;
        const int64_t row = (int64_t)rel / a->stride,
                      col = (int64_t)rel % a->stride;
        snprintf(buf, len, "%s row %" PRId64 " %s %" PRId64, a->name, row,
                 col < c->cols ? "col" : "padding element", col);
        if (col < c->cols)
            return; /* an element beats padding of an overlapping array */
    }
}

static void describe(const conf_case *c, char *buf, size_t len)
{
    const conf_layout *l = &c->layout;
    static const char *alias_name[] = {"", " in-place", " dx-is-y"};
    snprintf(buf, len,
             "[%s] %s %s | %" PRId64 "x%" PRId64 " algo=%s flags=0x%x "
             "scale=%g xpad=%" PRId64 " ypad=%" PRId64 " xoff=%zu yoff=%zu"
             "%s%s%s%s%s",
             c->group, c->v->name, c->label, c->rows, c->cols,
             conf_algo_name(c->algo), c->flags, (double)c->scale, l->x_pad,
             l->y_pad, l->x_offset, l->y_offset, alias_name[l->alias],
             l->one_buffer ? " one-buffer" : "",
             l->dy_is_y ? " dy-is-y" : "",
             l->exact_size ? " exact-size" : "",
             l->v1_problem ? " v1-problem" : "");
    if (c->v->backward && !l->dy_is_y) {
        const size_t n = strlen(buf);
        snprintf(buf + n, len - n, " dypad=%" PRId64 " dyoff=%zu%s",
                 l->dy_pad, l->dy_offset,
                 l->dy_in_y_buffer ? " dy-in-y-buffer" : "");
    }
}

/* ---- buffers of one case ---------------------------------------------------- */

typedef struct case_buffers {
    smax_buffer b[MAX_ARR];
    unsigned char *img[MAX_ARR];      /* what each holds before a run */
    unsigned char *after[2][MAX_ARR]; /* and after run 0 and run 1   */
} case_buffers;

static void free_buffers(case_buffers *cb)
{
    for (int i = 0; i < MAX_ARR; ++i) {
        smax_buffer_free(cb->b[i]);
        free(cb->img[i]);
        free(cb->after[0][i]);
        free(cb->after[1][i]);
    }
    memset(cb, 0, sizeof *cb);
}

/* Allocates the buffers and builds the images from the prepared inputs;
 * 0 on allocation failure (*st says why). */
static int make_buffers(conf_suite *s, const conf_case *c, const geometry *g,
                        const conf_prep *p, case_buffers *cb, smax_status *st)
{
    memset(cb, 0, sizeof *cb);
    *st = SMAX_SUCCESS;
    for (int b = 0; b < g->n_buf; ++b) {
        *st = smax_buffer_alloc(s->ctx, g->bytes[b], &cb->b[b]);
        if (*st != SMAX_SUCCESS) {
            cb->b[b] = NULL;
            free_buffers(cb);
            return 0;
        }
        cb->img[b] = malloc(g->bytes[b] + 1);
        cb->after[0][b] = malloc(g->bytes[b] + 1);
        cb->after[1][b] = malloc(g->bytes[b] + 1);
        if (!cb->img[b] || !cb->after[0][b] || !cb->after[1][b]) {
            *st = SMAX_ERROR_OUT_OF_MEMORY;
            free_buffers(cb);
            return 0;
        }
        memset(cb->img[b], POISON, g->bytes[b]);
    }
    const size_t n = (size_t)(c->rows * c->cols);
    void *raw = malloc(n * 4 + 1);
    if (!raw) {
        *st = SMAX_ERROR_OUT_OF_MEMORY;
        free_buffers(cb);
        return 0;
    }
    /* Inputs in order (y before dy: where they overlap dy's bytes win,
     * and the device's view is decoded back from the image). */
    for (int i = 0; i < g->n_arr; ++i) {
        const array *a = &g->a[i];
        if (!a->input)
            continue;
        smax_fmt_encode(conf_fmt(a->t), p->in[a->k], n, raw);
        place_rows(cb->img[a->buf], a, raw, c->rows, c->cols);
    }
    free(raw);
    return 1;
}

static smax_status call(conf_suite *s, const smax_problem *p,
                        const geometry *g, const case_buffers *cb)
{
    const array *a = g->a;
    if (g->n_arr == 2)
        return smax_softmax(s->ctx, p, cb->b[a[0].buf], a[0].off,
                            cb->b[a[1].buf], a[1].off);
    return smax_softmax_backward(s->ctx, p, cb->b[a[0].buf], a[0].off,
                                 cb->b[a[1].buf], a[1].off, cb->b[a[2].buf],
                                 a[2].off);
}

/* Writes the images, runs, and reads every buffer back into after[run]. */
static smax_status run_once(conf_suite *s, const smax_problem *p,
                            const geometry *g, case_buffers *cb, int run)
{
    smax_status st = SMAX_SUCCESS;
    for (int b = 0; b < g->n_buf && st == SMAX_SUCCESS; ++b)
        st = smax_buffer_write(s->ctx, cb->b[b], 0, cb->img[b], g->bytes[b]);
    if (st != SMAX_SUCCESS)
        return st;
    st = call(s, p, g, cb);
    smax_status sync = smax_synchronize(s->ctx);
    if (st == SMAX_SUCCESS)
        st = sync;
    smax_status rd = SMAX_SUCCESS;
    for (int b = 0; b < g->n_buf && rd == SMAX_SUCCESS; ++b)
        rd = smax_buffer_read(s->ctx, cb->b[b], 0, cb->after[run][b],
                              g->bytes[b]);
    return st != SMAX_SUCCESS ? st : rd;
}

/* A buffer byte that differs from `want`, as (buffer, byte); -1 if none. */
static int64_t first_changed(const geometry *g, unsigned char *const *want,
                             unsigned char *const *got, int *which)
{
    for (int b = 0; b < g->n_buf; ++b) {
        const int64_t d = first_difference(want[b], got[b], g->bytes[b]);
        if (d >= 0) {
            *which = b;
            return d;
        }
    }
    return -1;
}

/* A refused plan: the call must refuse the same way and write nothing.
 * Counted as one assertion (passed or failed). */
static void check_refusal(conf_suite *s, const conf_case *c,
                          const geometry *g, const conf_prep *p,
                          const char *desc)
{
    case_buffers cb;
    smax_status st;
    if (!make_buffers(s, c, g, p, &cb, &st)) {
        conf_skip("cannot allocate the buffers to confirm a refusal",
                  "%s", desc);
        return;
    }
    const smax_problem prob = problem_of(c, g);
    st = run_once(s, &prob, g, &cb, 0);
    int b = 0;
    int64_t d;
    if (st != SMAX_ERROR_NOT_SUPPORTED)
        conf_fail("%s: plan says NOT_SUPPORTED but the call returned %s",
                  desc, smax_status_string(st));
    else if (smax_last_error(s->ctx)[0] == '\0')
        conf_fail("%s: the call refused without a reason", desc);
    else if ((d = first_changed(g, cb.img, cb.after[0], &b)) >= 0)
        conf_fail("%s: refused with NOT_SUPPORTED but wrote byte %" PRId64
                  " of buffer %d",
                  desc, d, b);
    else
        conf_pass("%s: refused, nothing written", desc);
    free_buffers(&cb);
}

/* The inputs as the device reads them (decoded from the images) must be
 * the prepared ones, except where the layout lets dy overlap y: then the
 * reference is rebuilt (into *own) from the image. CONF_PASSED to go on;
 * otherwise it has been reported (a suite bug, or no host memory). */
static conf_outcome device_view(const conf_case *c, const geometry *g,
                                const case_buffers *cb, const conf_prep *p,
                                conf_prep *own, const conf_prep **use,
                                const char *desc)
{
    const size_t n = (size_t)(c->rows * c->cols);
    *use = p;
    unsigned char *raw = malloc(n * 4 + 1);
    float *seen = malloc(n * sizeof(float) + 1);
    int ok = raw && seen, differs = 0;
    for (int i = 0; ok && i < g->n_arr && !differs; ++i) {
        const array *a = &g->a[i];
        if (!a->input)
            continue;
        take_rows(cb->img[a->buf], a, raw, c->rows, c->cols);
        smax_fmt_decode(conf_fmt(a->t), raw, n, seen);
        for (size_t e = 0; e < n && !differs; ++e)
            differs = memcmp(&seen[e], &p->in[a->k][e], sizeof(float)) != 0 &&
                      !(isnan(seen[e]) && isnan(p->in[a->k][e]));
    }
    conf_outcome outcome = CONF_PASSED;
    if (ok && differs && !c->layout.dy_in_y_buffer) {
        conf_fail("%s: suite bug: the image does not hold the prepared "
                  "inputs",
                  desc);
        outcome = CONF_FAILED;
    } else if (ok && differs) {
        own->rows = p->rows;
        own->cols = p->cols;
        for (int k = 0; k < 2 && ok; ++k)
            ok = (own->in[k] = malloc(n * sizeof(float) + 1)) != NULL;
        for (int i = 0; ok && i < g->n_arr; ++i) {
            const array *a = &g->a[i];
            if (!a->input)
                continue;
            take_rows(cb->img[a->buf], a, raw, c->rows, c->cols);
            smax_fmt_decode(conf_fmt(a->t), raw, n, own->in[a->k]);
        }
        ok = ok && conf_prep_reference(c, own);
        *use = own;
    }
    if (!ok) {
        conf_skip("host memory for the device's view of the inputs", "%s",
                  desc);
        outcome = CONF_SKIPPED;
    }
    free(raw);
    free(seen);
    return outcome;
}

/* The plan of a case: SMAX_SUCCESS with a consistent plan, or
 * SMAX_ERROR_NOT_SUPPORTED where a refusal is legitimate (already counted
 * through check_refusal); anything else has been reported as a failure. */
static conf_outcome plan_case(conf_suite *s, const conf_case *c,
                              const geometry *g, const conf_prep *p,
                              const char *desc, smax_plan_info *plan)
{
    const smax_problem prob = problem_of(c, g);
    smax_status st = c->v->backward ? smax_plan_backward(s->ctx, &prob, plan)
                                    : smax_plan(s->ctx, &prob, plan);
    if (st == SMAX_ERROR_NOT_SUPPORTED && !conf_variant_supported(s, c->v)) {
        /* The device says it lacks a dtype: the refusal is the case. */
        char reason[300];
        snprintf(reason, sizeof reason, "%s: device reports %s/%s unsupported: %s",
                 c->v->name, conf_dtype_name(c->v->xt),
                 conf_dtype_name(c->v->yt), smax_last_error(s->ctx));
        check_refusal(s, c, g, p, desc);
        conf_skip(reason, "%s", desc);
        return CONF_SKIPPED;
    }
    if (st == SMAX_ERROR_NOT_SUPPORTED && c->algo == SMAX_ALGO_FUSED) {
        /* Forced fused on a row it cannot hold. Legitimate only beyond the
         * variant's limit (forward: the device info's fused_max_cols). */
        const int64_t limit = s->fused_limit[conf_variant_index(c->v)];
        if (smax_last_error(s->ctx)[0] == '\0') {
            conf_fail("%s: NOT_SUPPORTED without a reason in "
                      "smax_last_error()",
                      desc);
            return CONF_FAILED;
        }
        if (c->cols <= limit) {
            conf_fail("%s: fused refused %lld cols below its limit %lld: %s",
                      desc, (long long)c->cols, (long long)limit,
                      smax_last_error(s->ctx));
            return CONF_FAILED;
        }
        check_refusal(s, c, g, p, desc);
        return CONF_SKIPPED;
    }
    if (st != SMAX_SUCCESS) {
        conf_fail("%s: the plan returned %s (%s)", desc,
                  smax_status_string(st), smax_last_error(s->ctx));
        return CONF_FAILED;
    }
    if (plan->algorithm == SMAX_ALGO_AUTO ||
        (c->algo != SMAX_ALGO_AUTO && plan->algorithm != c->algo)) {
        conf_fail("%s: the plan runs %s", desc,
                  conf_algo_name(plan->algorithm));
        return CONF_FAILED;
    }
    if (!conf_variant_supported(s, c->v)) {
        conf_fail("%s: the device reports a dtype unsupported but the plan "
                  "accepts it",
                  desc);
        return CONF_FAILED;
    }
    return CONF_PASSED;
}

/* Runs twice and checks everything; the case's buffers are ready. */
static conf_outcome run_checked(conf_suite *s, const conf_case *c,
                                const geometry *g, const conf_prep *p,
                                const smax_plan_info *plan, case_buffers *cb,
                                float *out, const char *desc)
{
    const smax_problem prob = problem_of(c, g);
    for (int run = 0; run < 2; ++run) {
        smax_status st = run_once(s, &prob, g, cb, run);
        if (st != SMAX_SUCCESS) {
            conf_fail("%s: run %d returned %s (%s)", desc, run + 1,
                      smax_status_string(st), smax_last_error(s->ctx));
            return CONF_FAILED;
        }
    }
    int b = 0;
    int64_t d = first_changed(g, cb->after[0], cb->after[1], &b);
    if (d >= 0) {
        conf_fail("%s: not deterministic: byte %" PRId64 " of buffer %d "
                  "differs between two runs",
                  desc, d, b);
        return CONF_FAILED;
    }

    const array *o = &g->a[g->n_arr - 1];
    const size_t n = (size_t)(c->rows * c->cols);
    unsigned char *got = malloc(n * o->es + 1);
    if (!got) {
        conf_skip("host memory for the output copy", "%s", desc);
        return CONF_SKIPPED;
    }
    take_rows(cb->after[0][o->buf], o, got, c->rows, c->cols);

    /* Every byte but the output's elements must be as written before the
     * run: drop the outputs into the pre-run image, compare all of it. */
    conf_outcome outcome = CONF_FAILED;
    place_rows(cb->img[o->buf], o, got, c->rows, c->cols);
    if ((d = first_changed(g, cb->img, cb->after[0], &b)) >= 0) {
        char at[160];
        where_is(g, c, b, (size_t)d, at, sizeof at);
        conf_fail("%s: byte %" PRId64 " of buffer %d changed (0x%02x -> "
                  "0x%02x): %s",
                  desc, d, b, cb->img[b][d], cb->after[0][b][d], at);
        goto done;
    }
    char why[400];
    if (!conf_check_output(c, p, got, (int)plan->merge_levels, desc, why,
                           sizeof why)) {
        conf_fail("%s: %s (plan %s, group %u, %lld chunks, %u merge levels)",
                  desc, why, conf_algo_name(plan->algorithm),
                  plan->group_size, (long long)plan->chunks_per_row,
                  plan->merge_levels);
        goto done;
    }
    if (out)
        smax_fmt_decode(conf_fmt(o->t), got, n, out);
    conf_pass("%s", desc);
    outcome = CONF_PASSED;
done:
    free(got);
    return outcome;
}

conf_outcome conf_run_case(conf_suite *s, const conf_case *c, float *out)
{
    char desc[600];
    describe(c, desc, sizeof desc);
    const geometry g = geometry_of(c);

    conf_prep own_prep;
    memset(&own_prep, 0, sizeof own_prep);
    const conf_prep *p = c->prep;
    if (!p) {
        if (!conf_prepare(c, &own_prep)) {
            conf_skip("host memory for the inputs and the reference", "%s",
                      desc);
            return CONF_SKIPPED;
        }
        p = &own_prep;
    }

    smax_plan_info plan;
    conf_outcome outcome = plan_case(s, c, &g, p, desc, &plan);
    if (outcome != CONF_PASSED) {
        conf_prep_free(&own_prep);
        return outcome;
    }

    case_buffers cb;
    smax_status st;
    if (!make_buffers(s, c, &g, p, &cb, &st)) {
        char reason[256];
        snprintf(reason, sizeof reason,
                 "cannot allocate %zu + %zu + %zu bytes (%s)", g.bytes[0],
                 g.bytes[1], g.bytes[2], smax_status_string(st));
        conf_skip(reason, "%s", desc);
        conf_prep_free(&own_prep);
        return CONF_SKIPPED;
    }
    conf_prep view;
    memset(&view, 0, sizeof view);
    const conf_prep *use = p;
    outcome = device_view(c, &g, &cb, p, &view, &use, desc);
    if (outcome == CONF_PASSED)
        outcome = run_checked(s, c, &g, use, &plan, &cb, out, desc);
    conf_prep_free(&view);
    free_buffers(&cb);
    conf_prep_free(&own_prep);
    return outcome;
}

void conf_run_all_algos(conf_suite *s, conf_case *c)
{
    conf_prep prep;
    const conf_prep *saved = c->prep;
    if (!c->prep) {
        if (!conf_prepare(c, &prep)) {
            conf_skip("host memory for the inputs and the reference",
                      "[%s] %s %s", c->group, c->v->name, c->label);
            return;
        }
        c->prep = &prep;
    }
    for (int a = 0; a < CONF_ALGO_COUNT; ++a) {
        c->algo = conf_algos[a];
        conf_run_case(s, c, NULL);
    }
    if (!saved)
        conf_prep_free(&prep);
    c->prep = saved;
}
