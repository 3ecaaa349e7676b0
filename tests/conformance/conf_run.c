/*
 * conf_run.c - one conformance case on the device, checked every way the
 * brief asks:
 *  - the plan first: a forced algorithm the plan refuses must make
 *    smax_softmax refuse too, with SMAX_ERROR_NOT_SUPPORTED and nothing
 *    written (asserted), and the case is skipped with the library's reason;
 *  - input and output live inside larger buffers: bytes before the offset,
 *    between rows (padding) and a canary after the last row are poisoned
 *    (0xFF, a NaN pattern, so a kernel that reads x's padding poisons its
 *    row) and must come back unchanged; the output is poisoned too before
 *    every run, so an element the library forgets to write stays NaN;
 *  - x must be unchanged after the run (unless in place);
 *  - two runs must give bit-identical output (determinism);
 *  - the output must pass the tolerance rule against the float64 reference.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conf.h"
#include "smax_reference.h"
#include "smax_tolerance.h"

#define CANARY_BYTES 64
#define POISON 0xFF

const smax_algorithm conf_algos[CONF_ALGO_COUNT] = {
    SMAX_ALGO_AUTO, SMAX_ALGO_FUSED, SMAX_ALGO_ONLINE, SMAX_ALGO_MULTIBLOCK};

const char *conf_algo_name(smax_algorithm a)
{
    switch (a) {
    case SMAX_ALGO_AUTO: return "auto";
    case SMAX_ALGO_FUSED: return "fused";
    case SMAX_ALGO_ONLINE: return "online";
    case SMAX_ALGO_MULTIBLOCK: return "multiblock";
    default: return "?";
    }
}

smax_status conf_plan(conf_suite *s, int64_t rows, int64_t cols,
                      smax_algorithm a, smax_plan_info *out)
{
    smax_problem p = smax_problem_make(rows, cols);
    p.algorithm = a;
    return smax_plan(s->ctx, &p, out);
}

smax_buffer conf_alloc_filled(conf_suite *s, size_t bytes, unsigned char fill)
{
    smax_buffer b = NULL;
    if (smax_buffer_alloc(s->ctx, bytes, &b) != SMAX_SUCCESS)
        return NULL;
    unsigned char *tmp = malloc(bytes ? bytes : 1);
    memset(tmp, fill, bytes);
    if (smax_buffer_write(s->ctx, b, 0, tmp, bytes) != SMAX_SUCCESS) {
        smax_buffer_free(b);
        b = NULL;
    }
    free(tmp);
    return b;
}

int conf_buffer_is(conf_suite *s, smax_buffer b, size_t bytes,
                   unsigned char fill)
{
    unsigned char *tmp = malloc(bytes ? bytes : 1);
    int ok = smax_synchronize(s->ctx) == SMAX_SUCCESS &&
             smax_buffer_read(s->ctx, b, 0, tmp, bytes) == SMAX_SUCCESS;
    for (size_t i = 0; ok && i < bytes; ++i)
        ok = tmp[i] == fill;
    free(tmp);
    return ok;
}

/* ---- geometry of a case --------------------------------------------------- */

typedef struct geometry {
    int64_t xs, ys;        /* row strides in elements            */
    size_t x_span, y_span; /* bytes from first to last element   */
    size_t x_bytes;        /* x's buffer (also y's when shared)  */
    size_t y_bytes;        /* y's own buffer, 0 when shared      */
} geometry;

static size_t span_of(int64_t rows, int64_t cols, int64_t stride)
{
    if (rows == 0 || cols == 0)
        return 0;
    return (size_t)((rows - 1) * stride + cols) * sizeof(float);
}

static geometry geometry_of(const conf_case *c)
{
    const conf_layout *l = &c->layout;
    geometry g;
    g.xs = c->cols + l->x_pad;
    g.ys = l->in_place ? g.xs : c->cols + l->y_pad;
    g.x_span = span_of(c->rows, c->cols, g.xs);
    g.y_span = span_of(c->rows, c->cols, g.ys);
    const size_t canary = l->exact_size ? 0 : CANARY_BYTES;
    g.x_bytes = l->x_offset + g.x_span + canary;
    g.y_bytes = 0;
    if (l->same_buffer) {
        size_t y_end = l->y_offset + g.y_span + canary;
        if (y_end > g.x_bytes)
            g.x_bytes = y_end;
    } else if (!l->in_place) {
        g.y_bytes = l->y_offset + g.y_span + canary;
    }
    return g;
}

/* Copies dense rows into a byte image at any (unaligned) offset. */
static void place_rows(unsigned char *img, size_t off, const float *dense,
                       int64_t rows, int64_t cols, int64_t stride)
{
    for (int64_t r = 0; r < rows; ++r)
        memcpy(img + off + (size_t)(r * stride) * sizeof(float),
               dense + r * cols, (size_t)cols * sizeof(float));
}

static void take_rows(const unsigned char *img, size_t off, float *dense,
                      int64_t rows, int64_t cols, int64_t stride)
{
    for (int64_t r = 0; r < rows; ++r)
        memcpy(dense + r * cols,
               img + off + (size_t)(r * stride) * sizeof(float),
               (size_t)cols * sizeof(float));
}

static void poison_rows(unsigned char *img, size_t off, int64_t rows,
                        int64_t cols, int64_t stride)
{
    for (int64_t r = 0; r < rows; ++r)
        memset(img + off + (size_t)(r * stride) * sizeof(float), POISON,
               (size_t)cols * sizeof(float));
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

static void describe(const conf_case *c, char *buf, size_t len)
{
    const conf_layout *l = &c->layout;
    snprintf(buf, len,
             "[%s] %s | %" PRId64 "x%" PRId64 " algo=%s flags=0x%x scale=%g"
             " xpad=%" PRId64 " ypad=%" PRId64 " xoff=%zu yoff=%zu%s%s%s",
             c->group, c->label, c->rows, c->cols, conf_algo_name(c->algo),
             c->flags, (double)c->scale, l->x_pad, l->y_pad, l->x_offset,
             l->y_offset, l->in_place ? " in-place" : "",
             l->same_buffer ? " same-buffer" : "",
             l->exact_size ? " exact-size" : "");
}

/* The buffers of one case and their images as written before a run. */
typedef struct case_buffers {
    smax_buffer bx, by;       /* by == bx when in place or shared   */
    unsigned char *x_img;     /* what x's buffer holds before a run */
    unsigned char *y_img;     /* y's own buffer before a run        */
    unsigned char *after[2];  /* y's buffer (x's when shared) after */
    unsigned char *x_after;   /* x's own buffer after a run         */
} case_buffers;

static void free_buffers(case_buffers *b)
{
    if (b->by != b->bx)
        smax_buffer_free(b->by);
    smax_buffer_free(b->bx);
    free(b->x_img);
    free(b->y_img);
    free(b->after[0]);
    free(b->after[1]);
    free(b->x_after);
    memset(b, 0, sizeof *b);
}

/* Allocates the buffers and builds the images; 0 on allocation failure
 * (*st says why). */
static int make_buffers(conf_suite *s, const conf_case *c, const geometry *g,
                        case_buffers *b, smax_status *st)
{
    const conf_layout *l = &c->layout;
    memset(b, 0, sizeof *b);
    *st = smax_buffer_alloc(s->ctx, g->x_bytes, &b->bx);
    if (*st != SMAX_SUCCESS)
        return 0;
    b->by = b->bx;
    if (g->y_bytes) {
        *st = smax_buffer_alloc(s->ctx, g->y_bytes, &b->by);
        if (*st != SMAX_SUCCESS) {
            b->by = b->bx;
            free_buffers(b);
            return 0;
        }
    }
    const size_t out_bytes = g->y_bytes ? g->y_bytes : g->x_bytes;
    b->x_img = malloc(g->x_bytes);
    b->after[0] = malloc(out_bytes);
    b->after[1] = malloc(out_bytes);
    if (!b->x_img || !b->after[0] || !b->after[1]) {
        *st = SMAX_ERROR_OUT_OF_MEMORY;
        free_buffers(b);
        return 0;
    }
    memset(b->x_img, POISON, g->x_bytes);
    place_rows(b->x_img, l->x_offset, c->x, c->rows, c->cols, g->xs);
    if (l->same_buffer)
        poison_rows(b->x_img, l->y_offset, c->rows, c->cols, g->ys);
    if (g->y_bytes) {
        b->y_img = malloc(g->y_bytes);
        b->x_after = malloc(g->x_bytes);
        if (!b->y_img || !b->x_after) {
            *st = SMAX_ERROR_OUT_OF_MEMORY;
            free_buffers(b);
            return 0;
        }
        memset(b->y_img, POISON, g->y_bytes);
    }
    return 1;
}

/* Writes the images, runs, and reads back into after[run]. */
static smax_status run_once(conf_suite *s, const smax_problem *p,
                            const conf_case *c, const geometry *g,
                            case_buffers *b, int run)
{
    smax_status st = smax_buffer_write(s->ctx, b->bx, 0, b->x_img, g->x_bytes);
    if (st == SMAX_SUCCESS && g->y_bytes)
        st = smax_buffer_write(s->ctx, b->by, 0, b->y_img, g->y_bytes);
    if (st != SMAX_SUCCESS)
        return st;
    st = smax_softmax(s->ctx, p, b->bx, c->layout.x_offset, b->by,
                      c->layout.in_place ? c->layout.x_offset
                                         : c->layout.y_offset);
    smax_status sync = smax_synchronize(s->ctx);
    if (st == SMAX_SUCCESS)
        st = sync;
    smax_status rd = smax_buffer_read(s->ctx, b->by, 0, b->after[run],
                                      g->y_bytes ? g->y_bytes : g->x_bytes);
    if (rd == SMAX_SUCCESS && g->y_bytes)
        rd = smax_buffer_read(s->ctx, b->bx, 0, b->x_after, g->x_bytes);
    return st != SMAX_SUCCESS ? st : rd;
}

/* The problem of a case. */
static smax_problem problem_of(const conf_case *c, const geometry *g)
{
    smax_problem p = smax_problem_make(c->rows, c->cols);
    p.x_row_stride = g->xs;
    p.y_row_stride = g->ys;
    p.algorithm = c->algo;
    p.flags = c->flags;
    p.scale = c->scale;
    return p;
}

/* A refused plan: smax_softmax must refuse the same way and write nothing.
 * Counted as one assertion (passed or failed). */
static void check_refusal(conf_suite *s, const conf_case *c,
                          const geometry *g, const char *desc)
{
    case_buffers b;
    smax_status st;
    if (!make_buffers(s, c, g, &b, &st)) {
        conf_skip("cannot allocate the buffers to confirm a refusal",
                  "%s", desc);
        return;
    }
    const smax_problem p = problem_of(c, g);
    st = run_once(s, &p, c, g, &b, 0);
    const unsigned char *before = g->y_bytes ? b.y_img : b.x_img;
    const size_t n = g->y_bytes ? g->y_bytes : g->x_bytes;
    if (st != SMAX_ERROR_NOT_SUPPORTED)
        conf_fail("%s: plan says NOT_SUPPORTED but smax_softmax returned %s",
                  desc, smax_status_string(st));
    else if (first_difference(before, b.after[0], n) >= 0 ||
             (g->y_bytes && first_difference(b.x_img, b.x_after,
                                             g->x_bytes) >= 0))
        conf_fail("%s: refused with NOT_SUPPORTED but wrote to a buffer",
                  desc);
    else
        conf_pass("%s: refused, nothing written", desc);
    free_buffers(&b);
}

conf_outcome conf_run_case(conf_suite *s, const conf_case *c, float *out)
{
    char desc[512];
    describe(c, desc, sizeof desc);
    const geometry g = geometry_of(c);
    const smax_problem p = problem_of(c, &g);

    smax_plan_info plan;
    smax_status st = smax_plan(s->ctx, &p, &plan);
    if (st == SMAX_ERROR_NOT_SUPPORTED && c->algo != SMAX_ALGO_AUTO) {
        /* A forced algorithm that cannot run the shape (fused on a row
         * longer than on-chip memory): the refusal itself is the case, and
         * check_refusal counts it; there is no output to compare. */
        if (smax_last_error(s->ctx)[0] == '\0')
            conf_fail("%s: NOT_SUPPORTED without a reason in "
                      "smax_last_error()", desc);
        check_refusal(s, c, &g, desc);
        return CONF_SKIPPED;
    }
    if (st != SMAX_SUCCESS) {
        conf_fail("%s: smax_plan returned %s (%s)", desc,
                  smax_status_string(st), smax_last_error(s->ctx));
        return CONF_FAILED;
    }
    if (plan.algorithm == SMAX_ALGO_AUTO ||
        (c->algo != SMAX_ALGO_AUTO && plan.algorithm != c->algo)) {
        conf_fail("%s: the plan runs %s", desc,
                  conf_algo_name(plan.algorithm));
        return CONF_FAILED;
    }

    case_buffers b;
    if (!make_buffers(s, c, &g, &b, &st)) {
        char reason[256];
        snprintf(reason, sizeof reason,
                 "cannot allocate %zu + %zu bytes (%s)", g.x_bytes, g.y_bytes,
                 smax_status_string(st));
        conf_skip(reason, "%s", desc);
        return CONF_SKIPPED;
    }

    conf_outcome outcome = CONF_FAILED;
    float *got = malloc(sizeof(float) * (size_t)(c->rows * c->cols));
    float *ref_own = NULL;
    const float *ref = c->ref;
    for (int run = 0; run < 2; ++run) {
        st = run_once(s, &p, c, &g, &b, run);
        if (st != SMAX_SUCCESS) {
            conf_fail("%s: run %d returned %s (%s)", desc, run + 1,
                      smax_status_string(st), smax_last_error(s->ctx));
            goto done;
        }
    }

    const size_t out_bytes = g.y_bytes ? g.y_bytes : g.x_bytes;
    const size_t y_off = c->layout.in_place ? c->layout.x_offset
                                            : c->layout.y_offset;
    int64_t d = first_difference(b.after[0], b.after[1], out_bytes);
    if (d >= 0) {
        conf_fail("%s: not deterministic: byte %" PRId64 " differs between "
                  "two runs",
                  desc, d);
        goto done;
    }
    if (!got) {
        conf_skip("host memory for the output copy", "%s", desc);
        outcome = CONF_SKIPPED;
        goto done;
    }
    take_rows(b.after[0], y_off, got, c->rows, c->cols, g.ys);

    /* Every byte but the outputs must be as written before the run: take
     * the pre-run image, drop the outputs in, compare all of it. */
    unsigned char *expect = g.y_bytes ? b.y_img : b.x_img;
    place_rows(expect, y_off, got, c->rows, c->cols, g.ys);
    d = first_difference(expect, b.after[0], out_bytes);
    if (d >= 0) {
        conf_fail("%s: byte %" PRId64 " outside the output changed "
                  "(0x%02x -> 0x%02x: padding, offset area or canary)",
                  desc, d, expect[d], b.after[0][d]);
        goto done;
    }
    if (g.y_bytes && (d = first_difference(b.x_img, b.x_after,
                                           g.x_bytes)) >= 0) {
        conf_fail("%s: the input buffer changed at byte %" PRId64, desc, d);
        goto done;
    }

    if (!ref) {
        ref_own = malloc(sizeof(float) * (size_t)(c->rows * c->cols));
        if (!ref_own) {
            conf_skip("host memory for the reference", "%s", desc);
            outcome = CONF_SKIPPED;
            goto done;
        }
        smax_reference(c->x, c->rows, c->cols, c->cols, ref_own, c->cols,
                       c->flags, c->scale);
        ref = ref_own;
    }
    smax_check_result res;
    if (!smax_check_output(c->x, c->cols, got, c->cols, ref, c->cols,
                           c->rows, c->cols, c->flags,
                           (int)plan.merge_levels, &res)) {
        conf_fail("%s: %lld bad values/rows; first: %s (plan %s, %u merge "
                  "levels)",
                  desc, (long long)res.bad, res.message,
                  conf_algo_name(plan.algorithm), plan.merge_levels);
        goto done;
    }
    if (res.trh > 0.0)
        conf_note_error(res.worst_rel / res.trh, desc);
    if (out)
        memcpy(out, got, sizeof(float) * (size_t)(c->rows * c->cols));
    conf_pass("%s", desc);
    outcome = CONF_PASSED;

done:
    free(got);
    free(ref_own);
    free_buffers(&b);
    return outcome;
}

void conf_run_all_algos(conf_suite *s, conf_case *c)
{
    float *ref_own = NULL;
    const float *saved = c->ref;
    if (!c->ref) {
        ref_own = malloc(sizeof(float) * (size_t)(c->rows * c->cols));
        if (ref_own) {
            smax_reference(c->x, c->rows, c->cols, c->cols, ref_own, c->cols,
                           c->flags, c->scale);
            c->ref = ref_own;
        }
    }
    for (int a = 0; a < CONF_ALGO_COUNT; ++a) {
        c->algo = conf_algos[a];
        conf_run_case(s, c, NULL);
    }
    c->ref = saved;
    free(ref_own);
}

int conf_context_usable(conf_suite *s, char *why, size_t why_len)
{
    const float x[10] = {1, 2, 3, 4, 5, -1, 0, 1, -INFINITY, 2};
    float y[10], ref[10];
    smax_buffer b = NULL;
    smax_problem p = smax_problem_make(2, 5);
    smax_status st = smax_buffer_alloc(s->ctx, sizeof x, &b);
    if (st == SMAX_SUCCESS)
        st = smax_buffer_write(s->ctx, b, 0, x, sizeof x);
    if (st == SMAX_SUCCESS)
        st = smax_softmax(s->ctx, &p, b, 0, b, 0);
    if (st == SMAX_SUCCESS)
        st = smax_synchronize(s->ctx);
    if (st == SMAX_SUCCESS)
        st = smax_buffer_read(s->ctx, b, 0, y, sizeof y);
    smax_buffer_free(b);
    if (st != SMAX_SUCCESS) {
        snprintf(why, why_len, "a good call afterwards returned %s (%s)",
                 smax_status_string(st), smax_last_error(s->ctx));
        return 0;
    }
    smax_reference(x, 2, 5, 5, ref, 5, 0, 1.0f);
    smax_check_result res;
    if (!smax_check_output(x, 5, y, 5, ref, 5, 2, 5, 0, 0, &res)) {
        snprintf(why, why_len, "a good call afterwards is wrong: %s",
                 res.message);
        return 0;
    }
    return 1;
}

int64_t conf_cols_for_chunks(conf_suite *s, int64_t rows, int64_t chunks,
                             int64_t limit)
{
    smax_plan_info pi;
    for (int64_t cols = 1; cols <= limit; ++cols) {
        if (conf_plan(s, rows, cols, SMAX_ALGO_MULTIBLOCK, &pi) !=
            SMAX_SUCCESS)
            continue;
        if (pi.chunks_per_row == chunks)
            return cols;
        if (pi.chunks_per_row > chunks + 64)
            break;
    }
    return -1;
}

int64_t conf_cols_for_levels(conf_suite *s, int levels, int64_t limit)
{
    smax_plan_info pi;
    int64_t lo = 1, hi = 1;
    /* Doubling, then a binary search for the smallest such cols. */
    while (hi <= limit) {
        if (conf_plan(s, 1, hi, SMAX_ALGO_MULTIBLOCK, &pi) == SMAX_SUCCESS &&
            (int)pi.merge_levels >= levels)
            break;
        lo = hi;
        hi *= 2;
    }
    if (hi > limit)
        return -1;
    while (hi - lo > 1) {
        int64_t mid = lo + (hi - lo) / 2;
        if (conf_plan(s, 1, mid, SMAX_ALGO_MULTIBLOCK, &pi) == SMAX_SUCCESS &&
            (int)pi.merge_levels >= levels)
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}
