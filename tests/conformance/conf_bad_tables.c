/*
 * conf_bad_tables.c - the table of PRODUCT.md section 5, for one variant
 * (forward: smax_softmax and smax_plan; backward: smax_softmax_backward and
 * smax_plan_backward): unknown enums and flags, negative and overflowing
 * sizes, strides below cols (dy's included), NULL buffers, buffers too
 * small for the problem plus offset, overlaps other than exact aliasing,
 * a forced fused row past the variant's limit, the documented order of the
 * checks, empty problems (success, NULL buffers allowed, nothing written)
 * and misaligned offsets (a correct result through the slower path).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "conf_bad.h"

void bad_enums(conf_suite *s, const bad_env *e, const conf_variant *v)
{
    bad_call c = bad_good_call(e, v);
    c.null_ctx = 1;
    bad_expect(s, e, "NULL context", &c, SMAX_ERROR_INVALID_HANDLE);
    c = bad_good_call(e, v);
    c.null_problem = 1;
    bad_expect(s, e, "NULL problem", &c, SMAX_ERROR_INVALID_POINTER);
    c = bad_good_call(e, v);
    bad_expect_plan(s, e, "NULL out_plan", &c, 1, SMAX_ERROR_INVALID_POINTER);

    const struct {
        const char *what;
        int x_dtype, y_dtype, algo; /* -100: the variant's own */
        uint32_t flags;
        float scale;
    } bad[] = {
        {"x dtype 3", 3, -100, 0, 0, 1.0f},
        {"y dtype 99", -100, 99, 0, 0, 1.0f},
        {"x dtype -1", -1, -100, 0, 0, 1.0f},
        {"y dtype -2", -100, -2, 0, 0, 1.0f},
        {"algorithm 4", -100, -100, 4, 0, 1.0f},
        {"algorithm -1", -100, -100, -1, 0, 1.0f},
        {"flags 0x80", -100, -100, 0, 0x80u, 1.0f},
        {"flags 0x4", -100, -100, 0, 0x4u, 1.0f},
        {"flags 0x80000000 | LOG", -100, -100, 0, 0x80000001u, 1.0f},
        {"scale NaN", -100, -100, 0, 0, NAN},
        {"scale +inf", -100, -100, 0, 0, INFINITY},
        {"scale -inf", -100, -100, 0, 0, -INFINITY},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        c = bad_good_call(e, v);
        if (bad[i].x_dtype != -100)
            c.p.x_dtype = (smax_dtype)bad[i].x_dtype;
        if (bad[i].y_dtype != -100)
            c.p.y_dtype = (smax_dtype)bad[i].y_dtype;
        c.p.algorithm = (smax_algorithm)bad[i].algo;
        c.p.flags = bad[i].flags;
        c.p.scale = bad[i].scale;
        bad_expect(s, e, bad[i].what, &c, SMAX_ERROR_INVALID_VALUE);
    }
}

void bad_sizes(conf_suite *s, const bad_env *e, const conf_variant *v)
{
    const int64_t big = INT64_MAX;
    const int64_t wide = (int64_t)(conf_esize(v->xt) > conf_esize(v->yt)
                                       ? conf_esize(v->xt)
                                       : conf_esize(v->yt));
    const int64_t ex = (int64_t)conf_esize(v->xt),
                  ey = (int64_t)conf_esize(v->yt);
    const int64_t dflt = -100; /* dy stride: y's */
    const struct {
        const char *what;
        int64_t rows, cols, xs, ys, dys;
        int backward_only;
    } bad[] = {
        {"rows -1", -1, BC, BC, BC, dflt, 0},
        {"cols -1", BR, -1, BC, BC, dflt, 0},
        {"rows INT64_MIN", INT64_MIN, BC, BC, BC, dflt, 0},
        {"rows 0, cols -5", 0, -5, BC, BC, dflt, 0},
        {"x stride < cols", BR, BC, BC - 1, BC, dflt, 0},
        {"y stride < cols", BR, BC, BC, BC - 1, BC, 0},
        {"dy stride < cols", BR, BC, BC, BC, BC - 1, 1},
        {"dy stride 0", BR, BC, BC, BC, 0, 1},
        {"dy stride -8", BR, BC, BC, BC, -8, 1},
        {"strides 0", BR, BC, 0, 0, 0, 0},
        {"x stride -8", BR, BC, -8, BC, dflt, 0},
        {"rows * stride overflows int64", (int64_t)1 << 40, (int64_t)1 << 30,
         (int64_t)1 << 30, (int64_t)1 << 30, dflt, 0},
        {"rows * stride = 2^64 elements", (int64_t)1 << 32, (int64_t)1 << 32,
         (int64_t)1 << 32, (int64_t)1 << 32, dflt, 0},
        {"rows * stride * element size = 2^64 bytes", (int64_t)1 << 31,
         ((int64_t)1 << 33) / wide, ((int64_t)1 << 33) / wide,
         ((int64_t)1 << 33) / wide, dflt, 0},
        {"rows * stride * element size = 2^63 bytes (> INT64_MAX)",
         (int64_t)1 << 31, ((int64_t)1 << 32) / wide,
         ((int64_t)1 << 32) / wide, ((int64_t)1 << 32) / wide, dflt, 0},
        {"stride INT64_MAX / 2, 3 rows", 3, BC, big / 2, BC, dflt, 0},
        {"only x's (dx's) bytes overflow", 3, BC, big / (2 * ex) + 1, BC,
         dflt, 0},
        {"only y's bytes overflow", 3, BC, BC, big / (2 * ey) + 1, BC, 0},
        {"only dy's bytes overflow", 3, BC, BC, BC, big / (2 * ey) + 1, 1},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        if (bad[i].backward_only && !v->backward)
            continue;
        bad_call c = bad_good_call(e, v);
        c.p.rows = bad[i].rows;
        c.p.cols = bad[i].cols;
        c.p.x_row_stride = bad[i].xs;
        c.p.y_row_stride = bad[i].ys;
        c.p.dy_row_stride = bad[i].dys == dflt ? bad[i].ys : bad[i].dys;
        bad_expect(s, e, bad[i].what, &c, SMAX_ERROR_INVALID_SIZE);
    }
}

void bad_pointers(conf_suite *s, const bad_env *e, const conf_variant *v)
{
    const char *names[3] = {v->backward ? "NULL y" : "NULL x", "NULL dy",
                            v->backward ? "NULL dx" : "NULL y"};
    for (int k = 0; k < 3; ++k) {
        if (k == 1 && !v->backward)
            continue;
        bad_call c = bad_good_call(e, v);
        if (k == 0)
            c.in0 = NULL;
        else if (k == 1)
            c.in1 = NULL;
        else
            c.out = NULL;
        bad_expect_call(s, e, names[k], &c, SMAX_ERROR_INVALID_POINTER);
    }
    bad_call c = bad_good_call(e, v);
    c.in0 = c.in1 = c.out = NULL;
    bad_expect_call(s, e, "every buffer NULL", &c, SMAX_ERROR_INVALID_POINTER);
}

/* Array k of a call: 0 = in0, 1 = in1 (dy), 2 = out. */
static smax_dtype dtype_of(const conf_variant *v, int k)
{
    return k == 2 ? conf_out_dtype(v) : conf_in_dtype(v);
}

static void set_array(bad_call *c, int k, smax_buffer b, size_t off)
{
    if (k == 0) {
        c->in0 = b;
        c->off0 = off;
    } else if (k == 1) {
        c->in1 = b;
        c->off1 = off;
    } else {
        c->out = b;
        c->off_out = off;
    }
}

void bad_ranges(conf_suite *s, const bad_env *e, const conf_variant *v)
{
    static const char *fwd_names[3] = {"x", "", "y"};
    static const char *bwd_names[3] = {"y", "dy", "dx"};
    for (int k = 0; k < 3; ++k) {
        if (k == 1 && !v->backward)
            continue;
        const char *name = v->backward ? bwd_names[k] : fwd_names[k];
        const smax_dtype t = dtype_of(v, k);
        const size_t es = conf_esize(t), data = bad_data_bytes(t);
        char what[160];

        /* A buffer one element short of the problem (the output's is
         * poisoned and must stay so). */
        const unsigned char fill = k == 2 ? 0xFF : 0x00;
        smax_buffer small = conf_alloc_filled(s, data - es, fill);
        if (!small) {
            conf_skip("cannot allocate a small buffer",
                      "[bad-input] %s %s too small", v->name, name);
            continue;
        }
        bad_call c = bad_good_call(e, v);
        set_array(&c, k, small, 0);
        snprintf(what, sizeof what, "%s buffer one element short", name);
        bad_expect_call(s, e, what, &c, SMAX_ERROR_INVALID_SIZE);
        /* A padded stride needs (rows-1) * stride + cols elements. */
        c = bad_good_call(e, v);
        set_array(&c, k, small, 0);
        if (k == 1) {
            c.p.dy_row_stride = BC + 2;
        } else if ((k == 0) != v->backward) { /* x, or dx */
            c.p.x_row_stride = BC + 2;
        } else { /* forward y, or backward y (dy keeps stride BC) */
            c.p.y_row_stride = BC + 2;
            c.p.dy_row_stride = BC;
        }
        snprintf(what, sizeof what, "%s padded stride, a row of padding short",
                 name);
        bad_expect_call(s, e, what, &c, SMAX_ERROR_INVALID_SIZE);
        if (!conf_buffer_is(s, small, data - es, fill))
            conf_fail("[bad-input] %s: the too-small %s buffer was written",
                      v->name, name);
        smax_buffer_free(small);

        const struct {
            const char *what;
            size_t off;
        } offs[] = {
            {"offset pushes one element past the end",
             BAD_BUF_BYTES - data + es},
            {"offset pushes one byte past the end", BAD_BUF_BYTES - data + 1},
            {"offset = buffer size", BAD_BUF_BYTES},
            {"offset beyond the buffer", BAD_BUF_BYTES + 4096},
            {"offset SIZE_MAX", SIZE_MAX},
            {"offset SIZE_MAX - 3 (wraps)", SIZE_MAX - 3},
        };
        for (size_t i = 0; i < sizeof offs / sizeof offs[0]; ++i) {
            c = bad_good_call(e, v);
            set_array(&c, k, k == 0 ? c.in0 : k == 1 ? c.in1 : c.out,
                      offs[i].off);
            snprintf(what, sizeof what, "%s %s", name, offs[i].what);
            bad_expect_call(s, e, what, &c, SMAX_ERROR_INVALID_SIZE);
        }
    }
}

static void forward_overlaps(conf_suite *s, const bad_env *e,
                             const conf_variant *v)
{
    const size_t ex = conf_esize(v->xt), ey = conf_esize(v->yt);
    bad_call c = bad_good_call(e, v);
    c.in0 = c.out = e->c; /* x is in the poisoned buffer too */
    c.off_out = ey;
    bad_expect_call(s, e, "y = x + 1 element in one buffer", &c,
                    SMAX_ERROR_INVALID_VALUE);
    c.off_out = 1;
    bad_expect_call(s, e, "y = x + 1 byte in one buffer", &c,
                    SMAX_ERROR_INVALID_VALUE);
    c = bad_good_call(e, v);
    c.in0 = c.out = e->c;
    c.p.y_row_stride = BC + 1; /* same start, rows drift apart */
    bad_expect_call(s, e, "same offset, different strides", &c,
                    SMAX_ERROR_INVALID_VALUE);
    c = bad_good_call(e, v);
    c.in0 = c.out = e->c;
    c.p.rows = 2;
    c.off0 = BC * ey; /* x's row 0 is y's row 1 */
    bad_expect_call(s, e, "x starts inside y", &c, SMAX_ERROR_INVALID_VALUE);
    if (ex != ey) {
        c = bad_good_call(e, v);
        c.in0 = c.out = e->c;
        bad_expect_call(s, e,
                        "in place with different element sizes (same "
                        "buffer, offset and stride)",
                        &c, SMAX_ERROR_INVALID_VALUE);
    }
}

static void backward_overlaps(conf_suite *s, const bad_env *e,
                              const conf_variant *v)
{
    const size_t ex = conf_esize(v->xt), ey = conf_esize(v->yt);
    /* dx against dy: both in the poisoned buffer, y in A. */
    bad_call c = bad_good_call(e, v);
    c.in1 = c.out = e->c;
    c.off_out = ey;
    bad_expect_call(s, e, "dx = dy + 1 element", &c,
                    SMAX_ERROR_INVALID_VALUE);
    c.off_out = 1;
    bad_expect_call(s, e, "dx = dy + 1 byte", &c, SMAX_ERROR_INVALID_VALUE);
    c = bad_good_call(e, v);
    c.in1 = c.out = e->c;
    c.p.dy_row_stride = BC + 1;
    bad_expect_call(s, e, "dx at dy's offset, dy stride differs", &c,
                    SMAX_ERROR_INVALID_VALUE);
    c = bad_good_call(e, v);
    c.in1 = c.out = e->c;
    c.p.rows = 2;
    c.off_out = BC * ey; /* dx's row 0 is dy's row 1 */
    bad_expect_call(s, e, "dx starts inside dy", &c, SMAX_ERROR_INVALID_VALUE);
    /* dx against y: both in the poisoned buffer, dy in B. */
    c = bad_good_call(e, v);
    c.in0 = c.out = e->c;
    c.off_out = ey;
    bad_expect_call(s, e, "dx = y + 1 element", &c, SMAX_ERROR_INVALID_VALUE);
    c = bad_good_call(e, v);
    c.in0 = c.out = e->c;
    c.p.x_row_stride = BC + 1;
    bad_expect_call(s, e, "dx at y's offset, dx stride differs", &c,
                    SMAX_ERROR_INVALID_VALUE);
    c = bad_good_call(e, v);
    c.in0 = c.out = e->c;
    c.p.rows = 2;
    c.off0 = BC * ex; /* y's row 0 is dx's row 1 */
    bad_expect_call(s, e, "y starts inside dx", &c, SMAX_ERROR_INVALID_VALUE);
    /* dx exactly dy, dy partly over y: still a partial overlap of dx. */
    c = bad_good_call(e, v);
    c.in0 = c.in1 = c.out = e->c;
    c.off0 = ey;
    bad_expect_call(s, e, "dx is dy, y = dy + 1 element", &c,
                    SMAX_ERROR_INVALID_VALUE);
    if (ex != ey) {
        c = bad_good_call(e, v);
        c.in1 = c.out = e->c;
        bad_expect_call(s, e,
                        "dx at dy's offset and stride, different element "
                        "size",
                        &c, SMAX_ERROR_INVALID_VALUE);
        c = bad_good_call(e, v);
        c.in0 = c.out = e->c;
        bad_expect_call(s, e,
                        "dx at y's offset and stride, different element "
                        "size",
                        &c, SMAX_ERROR_INVALID_VALUE);
    }
}

void bad_overlaps(conf_suite *s, const bad_env *e, const conf_variant *v)
{
    if (v->backward)
        backward_overlaps(s, e, v);
    else
        forward_overlaps(s, e, v);
}

void bad_capabilities(conf_suite *s, const bad_env *e, const conf_variant *v)
{
    const int64_t limit = s->fused_limit[conf_variant_index(v)];
    if (limit > 0 && limit < ((int64_t)1 << 27)) {
        const int64_t cols = limit + 1;
        const size_t in_bytes = (size_t)cols * conf_esize(conf_in_dtype(v));
        const size_t out_bytes =
            (size_t)cols * conf_esize(conf_out_dtype(v)) + BAD_CANARY;
        smax_buffer b0 = conf_alloc_filled(s, in_bytes, 0x00);
        smax_buffer b1 = conf_alloc_filled(s, in_bytes, 0x00);
        smax_buffer bo = conf_alloc_filled(s, out_bytes, 0xFF);
        if (b0 && b1 && bo) {
            bad_call c = bad_good_call(e, v);
            c.p = smax_problem_make(1, cols);
            c.p.x_dtype = v->xt;
            c.p.y_dtype = v->yt;
            c.p.algorithm = SMAX_ALGO_FUSED;
            c.in0 = b0;
            c.in1 = v->backward ? b1 : NULL;
            c.out = bo;
            bad_expect(s, e, "forced fused one col past its limit", &c,
                       SMAX_ERROR_NOT_SUPPORTED);
            if (!conf_buffer_is(s, bo, out_bytes, 0xFF) ||
                !conf_buffer_is(s, b0, in_bytes, 0x00) ||
                !conf_buffer_is(s, b1, in_bytes, 0x00))
                conf_fail("[bad-input] %s: refused fused call wrote to a "
                          "buffer",
                          v->name);
            /* Buffer ranges are checked before the forced algorithm. */
            c.off_out = BAD_CANARY + 1;
            bad_expect_call(s, e, "order: output range before the fused "
                            "refusal", &c, SMAX_ERROR_INVALID_SIZE);
            c.off_out = 0;
            /* The same row through auto is fine: it is the forced choice
             * that cannot run. */
            c.p.algorithm = SMAX_ALGO_AUTO;
            bad_expect_plan(s, e, "auto plans fused limit + 1 cols", &c, 0,
                            SMAX_SUCCESS);
        } else {
            conf_skip("cannot allocate a fused limit + 1 row",
                      "[bad-input] %s fused too long", v->name);
        }
        smax_buffer_free(b0);
        smax_buffer_free(b1);
        smax_buffer_free(bo);
    } else {
        conf_skip("fused limit is 0 or beyond 2^27: no shape to refuse",
                  "[bad-input] %s forced fused too long", v->name);
    }

    /* Row lengths near 2^31 (kernels index a row with 32 bits): the
     * longest that runs is 2^31 - 17 (planned, not run: its buffers would
     * not fit), anything longer is refused by every algorithm, never
     * wrapped. Plans only: a call checks its buffers' ranges first. */
    static const int64_t too_long[] = {(int64_t)INT32_MAX - 15, INT32_MAX,
                                       (int64_t)INT32_MAX + 1,
                                       (int64_t)1 << 40};
    for (int a = SMAX_ALGO_AUTO; a <= SMAX_ALGO_MULTIBLOCK; ++a) {
        bad_call c = bad_good_call(e, v);
        c.p = smax_problem_make(2, 0);
        c.p.x_dtype = v->xt;
        c.p.y_dtype = v->yt;
        c.p.algorithm = (smax_algorithm)a;
        for (size_t i = 0; i < sizeof too_long / sizeof too_long[0]; ++i) {
            c.p.cols = c.p.x_row_stride = c.p.y_row_stride =
                c.p.dy_row_stride = too_long[i];
            bad_expect_plan(s, e, "rows past 2^31 - 17 elements", &c, 0,
                            SMAX_ERROR_NOT_SUPPORTED);
        }
        if (a != SMAX_ALGO_FUSED && conf_variant_supported(s, v)) {
            c.p.cols = c.p.x_row_stride = c.p.y_row_stride =
                c.p.dy_row_stride = (int64_t)INT32_MAX - 16;
            bad_expect_plan(s, e, "a row of 2^31 - 17 elements is planned",
                            &c, 0, SMAX_SUCCESS);
        }
    }

    /* A dtype the device cannot do is refused; one it can is planned. */
    bad_call c = bad_good_call(e, v);
    if (conf_variant_supported(s, v))
        bad_expect_plan(s, e, "dtypes the device reports supported", &c, 0,
                        SMAX_SUCCESS);
    else
        bad_expect(s, e, "dtypes the device reports unsupported", &c,
                   SMAX_ERROR_NOT_SUPPORTED);
}

/* Context, enums, sizes, pointers, then the quick return: the first
 * failing class decides the status. */
void bad_order(conf_suite *s, const bad_env *e, const conf_variant *v)
{
    bad_call c = bad_good_call(e, v);
    c.null_ctx = 1;
    c.p.flags = 0x80;
    c.p.rows = -1;
    bad_expect(s, e, "order: NULL context before bad flags", &c,
               SMAX_ERROR_INVALID_HANDLE);
    c = bad_good_call(e, v);
    c.p.flags = 0x80;
    c.p.rows = -1;
    c.in0 = NULL;
    bad_expect(s, e, "order: bad flags before negative rows", &c,
               SMAX_ERROR_INVALID_VALUE);
    c = bad_good_call(e, v);
    c.p.rows = -1;
    c.in0 = c.in1 = c.out = NULL;
    bad_expect(s, e, "order: negative rows before NULL buffers", &c,
               SMAX_ERROR_INVALID_SIZE);
    c = bad_good_call(e, v);
    c.p.x_row_stride = 1;
    c.in0 = c.in1 = c.out = NULL;
    bad_expect(s, e, "order: stride < cols before NULL buffers", &c,
               SMAX_ERROR_INVALID_SIZE);
    if (v->backward) {
        c = bad_good_call(e, v);
        c.p.dy_row_stride = 1;
        c.in0 = c.in1 = c.out = NULL;
        bad_expect(s, e, "order: dy stride < cols before NULL buffers", &c,
                   SMAX_ERROR_INVALID_SIZE);
    }
    c = bad_good_call(e, v);
    c.p.rows = 0;
    c.p.x_dtype = (smax_dtype)7;
    c.in0 = c.in1 = c.out = NULL;
    bad_expect(s, e, "order: bad dtype before the empty quick return", &c,
               SMAX_ERROR_INVALID_VALUE);
    c = bad_good_call(e, v);
    c.p.cols = 0;
    c.p.x_row_stride = -1;
    c.in0 = c.in1 = c.out = NULL;
    bad_expect(s, e, "order: negative stride before the empty quick return",
               &c, SMAX_ERROR_INVALID_SIZE);
    c = bad_good_call(e, v);
    c.in0 = c.in1 = c.out = NULL;
    c.off0 = SIZE_MAX;
    bad_expect_call(s, e, "order: NULL buffer before its bad offset", &c,
                    SMAX_ERROR_INVALID_POINTER);
}

void bad_empty(conf_suite *s, const bad_env *e, const conf_variant *v)
{
    for (int a = 0; a < CONF_ALGO_COUNT; ++a) {
        char what[96];
        bad_call c = bad_good_call(e, v);
        c.p.algorithm = conf_algos[a];
        c.p.rows = 0;
        c.in0 = c.in1 = c.out = NULL;
        snprintf(what, sizeof what, "rows 0, NULL buffers, %s",
                 conf_algo_name(conf_algos[a]));
        bad_expect(s, e, what, &c, SMAX_SUCCESS);
        c.p.rows = BR;
        c.p.cols = 0;
        snprintf(what, sizeof what, "cols 0, NULL buffers, %s",
                 conf_algo_name(conf_algos[a]));
        bad_expect(s, e, what, &c, SMAX_SUCCESS);
    }
    bad_call c = bad_good_call(e, v);
    c.p.rows = 0;
    c.p.flags = SMAX_FLAG_LOG;
    bad_expect_call(s, e, "rows 0 with real buffers: nothing written", &c,
                    SMAX_SUCCESS);
    c = bad_good_call(e, v);
    c.p.cols = 0;
    c.p.x_row_stride = c.p.y_row_stride = c.p.dy_row_stride = 0;
    bad_expect_call(s, e, "cols 0, strides 0, real buffers", &c,
                    SMAX_SUCCESS);
    c = bad_good_call(e, v);
    c.p.rows = 0;
    c.p.cols = s->fused_limit[conf_variant_index(v)] + 1;
    c.p.x_row_stride = c.p.y_row_stride = c.p.dy_row_stride = c.p.cols;
    c.p.algorithm = SMAX_ALGO_FUSED;
    c.in0 = c.in1 = c.out = NULL;
    bad_expect_call(s, e, "rows 0, forced fused beyond its limit", &c,
                    SMAX_SUCCESS);
    c = bad_good_call(e, v);
    c.p.rows = 0;
    c.in1 = c.out = e->c;
    c.off_out = 2; /* overlaps, but there is nothing to do */
    bad_expect_call(s, e, "rows 0, overlapping arrays", &c, SMAX_SUCCESS);
}

/* Offsets that break every alignment: correct, through the slower path
 * (conf_run.c checks the result and every byte around it). */
void bad_misaligned(conf_suite *s, const conf_variant *v)
{
    float x[3 * 37];
    conf_fill(x, 3, 37, CONF_NORMAL_1, v->xt);
    const size_t offs[][3] = {{1, 3, 5}, {2, 6, 10}, {7, 1, 3}};
    for (size_t i = 0; i < sizeof offs / sizeof offs[0]; ++i) {
        conf_case c;
        memset(&c, 0, sizeof c);
        c.group = "bad-input";
        c.v = v;
        snprintf(c.label, sizeof c.label,
                 "misaligned offsets %zu/%zu/%zu: a correct result",
                 offs[i][0], offs[i][1], offs[i][2]);
        c.rows = 3;
        c.cols = 37;
        c.flags = i == 1 ? SMAX_FLAG_LOG : 0;
        c.scale = 1.0f;
        c.layout.x_offset = offs[i][0];
        c.layout.y_offset = offs[i][1];
        c.layout.dy_offset = offs[i][2];
        c.x = x;
        conf_run_all_algos(s, &c);
    }
}
