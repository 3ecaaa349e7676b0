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

#include "conf_geometry.h"
#include "smax_half.h"

#define POISON 0xFF
#define MAX_ARR CONF_MAX_ARRAYS

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

/* ---- buffers of one case ----------------------------------------------- */

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
static int make_buffers(conf_suite *s, const conf_case *c,
                        const conf_geometry *g,
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
        const conf_array *a = &g->a[i];
        if (!a->input)
            continue;
        smax_fmt_encode(conf_fmt(a->t), p->in[a->k], n, raw);
        conf_place_rows(cb->img[a->buf], a, raw, c->rows, c->cols);
    }
    free(raw);
    return 1;
}

static smax_status call(conf_suite *s, const smax_problem *p,
                        const conf_geometry *g, const case_buffers *cb)
{
    const conf_array *a = g->a;
    if (g->n_arr == 2)
        return smax_softmax(s->ctx, p, cb->b[a[0].buf], a[0].off,
                            cb->b[a[1].buf], a[1].off);
    return smax_softmax_backward(s->ctx, p, cb->b[a[0].buf], a[0].off,
                                 cb->b[a[1].buf], a[1].off, cb->b[a[2].buf],
                                 a[2].off);
}

/* Writes the images, runs, and reads every buffer back into after[run]. */
static smax_status run_once(conf_suite *s, const smax_problem *p,
                            const conf_geometry *g, case_buffers *cb, int run)
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
static int64_t first_changed(const conf_geometry *g,
                             unsigned char *const *want,
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
                          const conf_geometry *g, const conf_prep *p,
                          const char *desc)
{
    case_buffers cb;
    smax_status st;
    if (!make_buffers(s, c, g, p, &cb, &st)) {
        conf_skip("cannot allocate the buffers to confirm a refusal",
                  "%s", desc);
        return;
    }
    const smax_problem prob = conf_problem_of(c, g);
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
static conf_outcome device_view(const conf_case *c, const conf_geometry *g,
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
        const conf_array *a = &g->a[i];
        if (!a->input)
            continue;
        conf_take_rows(cb->img[a->buf], a, raw, c->rows, c->cols);
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
            const conf_array *a = &g->a[i];
            if (!a->input)
                continue;
            conf_take_rows(cb->img[a->buf], a, raw, c->rows, c->cols);
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
                              const conf_geometry *g, const conf_prep *p,
                              const char *desc, smax_plan_info *plan)
{
    const smax_problem prob = conf_problem_of(c, g);
    smax_status st = c->v->backward ? smax_plan_backward(s->ctx, &prob, plan)
                                    : smax_plan(s->ctx, &prob, plan);
    if (st == SMAX_ERROR_NOT_SUPPORTED && !conf_variant_supported(s, c->v)) {
        /* The device says it lacks a dtype: the refusal is the case. */
        char reason[300];
        snprintf(reason, sizeof reason,
                 "%s: device reports %s/%s unsupported: %s",
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
                                const conf_geometry *g, const conf_prep *p,
                                const smax_plan_info *plan, case_buffers *cb,
                                float *out, const char *desc)
{
    const smax_problem prob = conf_problem_of(c, g);
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

    const conf_array *o = &g->a[g->n_arr - 1];
    const size_t n = (size_t)(c->rows * c->cols);
    unsigned char *got = malloc(n * o->es + 1);
    if (!got) {
        conf_skip("host memory for the output copy", "%s", desc);
        return CONF_SKIPPED;
    }
    conf_take_rows(cb->after[0][o->buf], o, got, c->rows, c->cols);

    /* Every byte but the output's elements must be as written before the
     * run: drop the outputs into the pre-run image, compare all of it. */
    conf_outcome outcome = CONF_FAILED;
    conf_place_rows(cb->img[o->buf], o, got, c->rows, c->cols);
    if ((d = first_changed(g, cb->img, cb->after[0], &b)) >= 0) {
        char at[160];
        conf_where_is(g, c, b, (size_t)d, at, sizeof at);
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
    conf_describe(c, desc, sizeof desc);
    const conf_geometry g = conf_geometry_of(c);

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
