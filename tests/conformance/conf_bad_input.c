/*
 * conf_bad_input.c - every row of PRODUCT.md section 5, for smax_softmax
 * and for smax_plan: the exact status, nothing written (y stays poisoned,
 * x and the canaries stay as they were), and the context still usable (a
 * good call right after gives the right answer). Also the documented order
 * of the checks (context, enums, sizes, then the empty quick return), and
 * empty problems (success, NULL buffers allowed, nothing written).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conf.h"

#define BR 4
#define BC 8
#define CANARY 64
#define DATA_BYTES ((size_t)BR * BC * sizeof(float))
#define BUF_BYTES (DATA_BYTES + CANARY)

typedef struct env {
    smax_buffer x, y; /* BUF_BYTES each: x holds data, y is poisoned */
    unsigned char x_img[BUF_BYTES];
} env;

/* One call of smax_softmax as a case describes it. */
typedef struct call {
    int null_ctx, null_problem;
    smax_problem p;
    smax_buffer x, y;
    size_t x_offset, y_offset;
} call;

static call good_call(const env *e)
{
    call c;
    memset(&c, 0, sizeof c);
    c.p = smax_problem_make(BR, BC);
    c.x = e->x;
    c.y = e->y;
    return c;
}

/* Nothing written anywhere, context usable; "" if all is well. */
static void after_failure(conf_suite *s, const env *e, char *why, size_t len)
{
    unsigned char now[BUF_BYTES];
    why[0] = '\0';
    if (smax_synchronize(s->ctx) != SMAX_SUCCESS) {
        snprintf(why, len, "smax_synchronize failed afterwards");
        return;
    }
    if (!conf_buffer_is(s, e->y, BUF_BYTES, 0xFF)) {
        snprintf(why, len, "y (or its canary) was written");
        return;
    }
    if (smax_buffer_read(s->ctx, e->x, 0, now, BUF_BYTES) != SMAX_SUCCESS ||
        memcmp(now, e->x_img, BUF_BYTES) != 0) {
        snprintf(why, len, "x (or its canary) changed");
        return;
    }
    conf_context_usable(s, why, len);
}

static void expect_softmax(conf_suite *s, const env *e, const char *what,
                           const call *c, smax_status want)
{
    smax_status got = smax_softmax(c->null_ctx ? NULL : s->ctx,
                                   c->null_problem ? NULL : &c->p, c->x,
                                   c->x_offset, c->y, c->y_offset);
    char why[300];
    if (got != want) {
        snprintf(why, sizeof why, "returned %s, want %s (%s)",
                 smax_status_string(got), smax_status_string(want),
                 smax_last_error(s->ctx));
    } else if (want == SMAX_ERROR_NOT_SUPPORTED &&
               smax_last_error(s->ctx)[0] == '\0') {
        snprintf(why, sizeof why, "NOT_SUPPORTED without a reason");
    } else {
        after_failure(s, e, why, sizeof why);
    }
    if (why[0])
        conf_fail("[bad-input] smax_softmax, %s: %s", what, why);
    else
        conf_pass("[bad-input] smax_softmax, %s", what);
}

static void expect_plan(conf_suite *s, const env *e, const char *what,
                        const call *c, int null_out, smax_status want)
{
    smax_plan_info pi;
    smax_status got = smax_plan(c->null_ctx ? NULL : s->ctx,
                                c->null_problem ? NULL : &c->p,
                                null_out ? NULL : &pi);
    char why[300];
    if (got != want)
        snprintf(why, sizeof why, "returned %s, want %s (%s)",
                 smax_status_string(got), smax_status_string(want),
                 smax_last_error(s->ctx));
    else if (want == SMAX_ERROR_NOT_SUPPORTED &&
             smax_last_error(s->ctx)[0] == '\0')
        snprintf(why, sizeof why, "NOT_SUPPORTED without a reason");
    else
        after_failure(s, e, why, sizeof why);
    if (why[0])
        conf_fail("[bad-input] smax_plan, %s: %s", what, why);
    else
        conf_pass("[bad-input] smax_plan, %s", what);
}

/* The same problem through both entry points. */
static void expect_both(conf_suite *s, const env *e, const char *what,
                        const call *c, smax_status want)
{
    expect_softmax(s, e, what, c, want);
    expect_plan(s, e, what, c, 0, want);
}

static void enums_and_values(conf_suite *s, const env *e)
{
    call c = good_call(e);
    c.null_ctx = 1;
    expect_both(s, e, "NULL context", &c, SMAX_ERROR_INVALID_HANDLE);
    c = good_call(e);
    c.null_problem = 1;
    expect_both(s, e, "NULL problem", &c, SMAX_ERROR_INVALID_POINTER);
    c = good_call(e);
    expect_plan(s, e, "NULL out_plan", &c, 1, SMAX_ERROR_INVALID_POINTER);

    const struct {
        const char *what;
        int x_dtype, y_dtype, algo;
        uint32_t flags;
        float scale;
    } bad[] = {
        {"x dtype 3", 3, 0, 0, 0, 1.0f},
        {"y dtype 99", 0, 99, 0, 0, 1.0f},
        {"x dtype -1", -1, 0, 0, 0, 1.0f},
        {"algorithm 4", 0, 0, 4, 0, 1.0f},
        {"algorithm -1", 0, 0, -1, 0, 1.0f},
        {"flags 0x80", 0, 0, 0, 0x80u, 1.0f},
        {"flags 0x4", 0, 0, 0, 0x4u, 1.0f},
        {"flags 0x80000000 | LOG", 0, 0, 0, 0x80000001u, 1.0f},
        {"scale NaN", 0, 0, 0, 0, NAN},
        {"scale +inf", 0, 0, 0, 0, INFINITY},
        {"scale -inf", 0, 0, 0, 0, -INFINITY},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        c = good_call(e);
        c.p.x_dtype = (smax_dtype)bad[i].x_dtype;
        c.p.y_dtype = (smax_dtype)bad[i].y_dtype;
        c.p.algorithm = (smax_algorithm)bad[i].algo;
        c.p.flags = bad[i].flags;
        c.p.scale = bad[i].scale;
        expect_both(s, e, bad[i].what, &c, SMAX_ERROR_INVALID_VALUE);
    }
}

static void sizes(conf_suite *s, const env *e)
{
    const int64_t big = INT64_MAX;
    const struct {
        const char *what;
        int64_t rows, cols, xs, ys;
    } bad[] = {
        {"rows -1", -1, BC, BC, BC},
        {"cols -1", BR, -1, BC, BC},
        {"rows INT64_MIN", INT64_MIN, BC, BC, BC},
        {"rows 0, cols -5", 0, -5, BC, BC},
        {"x stride < cols", BR, BC, BC - 1, BC},
        {"y stride < cols", BR, BC, BC, BC - 1},
        {"strides 0", BR, BC, 0, 0},
        {"x stride -8", BR, BC, -8, BC},
        {"rows * stride overflows int64", (int64_t)1 << 40, (int64_t)1 << 30,
         (int64_t)1 << 30, (int64_t)1 << 30},
        {"rows * stride * 4 overflows (2^31 x 2^31)", (int64_t)1 << 31,
         (int64_t)1 << 31, (int64_t)1 << 31, (int64_t)1 << 31},
        {"stride INT64_MAX / 2, 3 rows", 3, BC, big / 2, BC},
        {"only y's span overflows", 2, BC, BC, big / 4},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        call c = good_call(e);
        c.p.rows = bad[i].rows;
        c.p.cols = bad[i].cols;
        c.p.x_row_stride = bad[i].xs;
        c.p.y_row_stride = bad[i].ys;
        expect_both(s, e, bad[i].what, &c, SMAX_ERROR_INVALID_SIZE);
    }
}

static void pointers_and_ranges(conf_suite *s, const env *e)
{
    call c = good_call(e);
    c.x = NULL;
    expect_softmax(s, e, "NULL x", &c, SMAX_ERROR_INVALID_POINTER);
    c = good_call(e);
    c.y = NULL;
    expect_softmax(s, e, "NULL y", &c, SMAX_ERROR_INVALID_POINTER);

    /* Buffers one element short of the problem. */
    smax_buffer small = conf_alloc_filled(s, DATA_BYTES - 4, 0x00);
    smax_buffer small_y = conf_alloc_filled(s, DATA_BYTES - 4, 0xFF);
    if (small && small_y) {
        c = good_call(e);
        c.x = small;
        expect_softmax(s, e, "x buffer 4 bytes short", &c,
                       SMAX_ERROR_INVALID_SIZE);
        c = good_call(e);
        c.y = small_y;
        expect_softmax(s, e, "y buffer 4 bytes short", &c,
                       SMAX_ERROR_INVALID_SIZE);
        if (!conf_buffer_is(s, small_y, DATA_BYTES - 4, 0xFF))
            conf_fail("[bad-input] the too-small y buffer was written");
        /* A padded stride needs (rows-1)*stride + cols elements. */
        c = good_call(e);
        c.p.x_row_stride = BC + 2; /* (3*10 + 8) * 4 = 152 > 124 */
        c.x = small;
        expect_softmax(s, e, "padded stride, x one row of padding short", &c,
                       SMAX_ERROR_INVALID_SIZE);
    } else {
        conf_skip("cannot allocate small buffers", "[bad-input] too small");
    }
    smax_buffer_free(small);
    smax_buffer_free(small_y);

    const struct {
        const char *what;
        size_t xo, yo;
    } offs[] = {
        {"x offset pushes past the end", CANARY + 4, 0},
        {"y offset pushes past the end", 0, CANARY + 2},
        {"x offset = buffer size", BUF_BYTES, 0},
        {"x offset beyond the buffer", BUF_BYTES + 4096, 0},
        {"x offset SIZE_MAX", SIZE_MAX, 0},
        {"y offset SIZE_MAX - 3 (wraps)", 0, SIZE_MAX - 3},
    };
    for (size_t i = 0; i < sizeof offs / sizeof offs[0]; ++i) {
        c = good_call(e);
        c.x_offset = offs[i].xo;
        c.y_offset = offs[i].yo;
        expect_softmax(s, e, offs[i].what, &c, SMAX_ERROR_INVALID_SIZE);
    }
}

/* x and y in one buffer, overlapping but not exactly in place. */
static void overlaps(conf_suite *s, const env *e)
{
    call c = good_call(e);
    c.y = e->y; /* y is the poisoned one; x is y too */
    c.x = e->y;
    c.y_offset = 4;
    expect_softmax(s, e, "y = x + 4 bytes in one buffer", &c,
                   SMAX_ERROR_INVALID_VALUE);
    c = good_call(e);
    c.x = c.y = e->y;
    c.p.y_row_stride = BC + 1; /* same start, rows drift apart */
    expect_softmax(s, e, "same offset, different strides", &c,
                   SMAX_ERROR_INVALID_VALUE);
    c = good_call(e);
    c.x = c.y = e->y;
    c.p.rows = 2;
    c.x_offset = BC * sizeof(float); /* x's row 0 is y's row 1 */
    expect_softmax(s, e, "x starts inside y", &c, SMAX_ERROR_INVALID_VALUE);
}

static void capabilities(conf_suite *s, const env *e)
{
    const int64_t fmax = s->info.fused_max_cols;
    if (fmax > 0 && fmax < ((int64_t)1 << 27)) {
        const size_t bytes = (size_t)(fmax + 1) * sizeof(float);
        smax_buffer bx = conf_alloc_filled(s, bytes, 0x00);
        smax_buffer by = conf_alloc_filled(s, bytes + CANARY, 0xFF);
        call c = good_call(e);
        c.p = smax_problem_make(1, fmax + 1);
        c.p.algorithm = SMAX_ALGO_FUSED;
        c.x = bx;
        c.y = by;
        if (bx && by) {
            expect_both(s, e, "forced fused, fused_max_cols + 1 cols", &c,
                        SMAX_ERROR_NOT_SUPPORTED);
            if (!conf_buffer_is(s, by, bytes + CANARY, 0xFF))
                conf_fail("[bad-input] refused fused call wrote to y");
            /* The same row through auto is fine: it is the forced choice
             * that cannot run. */
            c.p.algorithm = SMAX_ALGO_AUTO;
            smax_plan_info pi;
            smax_status st = smax_plan(s->ctx, &c.p, &pi);
            if (st != SMAX_SUCCESS)
                conf_fail("[bad-input] auto refuses %lld cols: %s",
                          (long long)(fmax + 1), smax_status_string(st));
            else
                conf_pass("[bad-input] auto plans fused_max_cols + 1 cols");
        } else {
            conf_skip("cannot allocate a fused_max_cols + 1 row",
                      "[bad-input] fused too long");
        }
        smax_buffer_free(bx);
        smax_buffer_free(by);
    } else {
        conf_skip("fused_max_cols is 0 or beyond 2^27: no shape to refuse",
                  "[bad-input] forced fused too long");
    }

    const struct {
        const char *what;
        smax_dtype xt, yt;
        int supported;
    } dt[] = {
        {"f16 in and out", SMAX_DTYPE_F16, SMAX_DTYPE_F16,
         s->info.supports_f16},
        {"f32 in, f16 out", SMAX_DTYPE_F32, SMAX_DTYPE_F16,
         s->info.supports_f16},
        {"bf16 in and out", SMAX_DTYPE_BF16, SMAX_DTYPE_BF16,
         s->info.supports_bf16},
    };
    for (size_t i = 0; i < sizeof dt / sizeof dt[0]; ++i) {
        if (dt[i].supported) {
            conf_skip("the device supports it (conf_dtypes runs it)",
                      "[bad-input] %s unsupported", dt[i].what);
            continue;
        }
        call c = good_call(e);
        c.p.x_dtype = dt[i].xt;
        c.p.y_dtype = dt[i].yt;
        char what[96];
        snprintf(what, sizeof what, "%s on a device without it", dt[i].what);
        expect_both(s, e, what, &c, SMAX_ERROR_NOT_SUPPORTED);
    }
}

/* Context, enums, sizes, then the quick return: the first failing class
 * decides the status. */
static void check_order(conf_suite *s, const env *e)
{
    call c = good_call(e);
    c.null_ctx = 1;
    c.p.flags = 0x80;
    c.p.rows = -1;
    expect_both(s, e, "order: NULL context before bad flags", &c,
                SMAX_ERROR_INVALID_HANDLE);
    c = good_call(e);
    c.p.flags = 0x80;
    c.p.rows = -1;
    c.x = NULL;
    expect_both(s, e, "order: bad flags before negative rows", &c,
                SMAX_ERROR_INVALID_VALUE);
    c = good_call(e);
    c.p.rows = -1;
    c.x = c.y = NULL;
    expect_both(s, e, "order: negative rows before NULL buffers", &c,
                SMAX_ERROR_INVALID_SIZE);
    c = good_call(e);
    c.p.x_row_stride = 1;
    c.x = c.y = NULL;
    expect_both(s, e, "order: stride < cols before NULL buffers", &c,
                SMAX_ERROR_INVALID_SIZE);
    c = good_call(e);
    c.p.rows = 0;
    c.p.x_dtype = (smax_dtype)7;
    c.x = c.y = NULL;
    expect_both(s, e, "order: bad dtype before the empty quick return", &c,
                SMAX_ERROR_INVALID_VALUE);
}

static void empty_problems(conf_suite *s, const env *e)
{
    for (int a = 0; a < CONF_ALGO_COUNT; ++a) {
        char what[96];
        call c = good_call(e);
        c.p.algorithm = conf_algos[a];
        c.p.rows = 0;
        c.x = c.y = NULL;
        snprintf(what, sizeof what, "rows 0, NULL buffers, %s",
                 conf_algo_name(conf_algos[a]));
        expect_both(s, e, what, &c, SMAX_SUCCESS);
        c.p.rows = BR;
        c.p.cols = 0;
        snprintf(what, sizeof what, "cols 0, NULL buffers, %s",
                 conf_algo_name(conf_algos[a]));
        expect_both(s, e, what, &c, SMAX_SUCCESS);
    }
    call c = good_call(e);
    c.p.rows = 0;
    expect_softmax(s, e, "rows 0 with real buffers: nothing written", &c,
                   SMAX_SUCCESS);
    c = good_call(e);
    c.p.cols = 0;
    c.p.x_row_stride = c.p.y_row_stride = 0;
    expect_softmax(s, e, "cols 0, strides 0, real buffers", &c,
                   SMAX_SUCCESS);
    c = good_call(e);
    c.p.rows = 0;
    c.p.cols = s->info.fused_max_cols + 1;
    c.p.x_row_stride = c.p.y_row_stride = c.p.cols;
    c.p.algorithm = SMAX_ALGO_FUSED;
    c.x = c.y = NULL;
    expect_softmax(s, e, "rows 0, forced fused beyond its limit", &c,
                   SMAX_SUCCESS);
    c = good_call(e);
    c.p.rows = 0;
    c.p.x_dtype = c.p.y_dtype = SMAX_DTYPE_F16;
    c.x = c.y = NULL;
    expect_softmax(s, e, "rows 0, f16", &c, SMAX_SUCCESS);
}

/* The rest of the API's handle rules and status strings. */
static void api_basics(conf_suite *s)
{
    const char *seen[9];
    int ok = 1;
    for (int st = 0; st <= 8 && ok; ++st) {
        seen[st] = smax_status_string((smax_status)st);
        ok = seen[st] && seen[st][0];
        for (int j = 0; ok && j < st; ++j)
            ok = strcmp(seen[j], seen[st]) != 0;
    }
    const char *unknown = smax_status_string((smax_status)1234);
    if (ok && unknown && strcmp(seen[0], "SMAX_SUCCESS") == 0)
        conf_pass("[bad-input] status strings");
    else
        conf_fail("[bad-input] status strings missing, duplicated or NULL "
                  "for an unknown status");

    const char *be = smax_backend_name();
    if (be && (!strcmp(be, "cuda") || !strcmp(be, "hip") ||
               !strcmp(be, "opencl")) &&
        smax_version_string() && smax_version_string()[0])
        conf_pass("[bad-input] backend name and version");
    else
        conf_fail("[bad-input] backend name '%s' or version missing",
                  be ? be : "(null)");

    smax_device_info info;
    smax_status a = smax_device_info_get(NULL, &info);
    smax_status b = smax_device_info_get(s->ctx, NULL);
    smax_status c = smax_synchronize(NULL);
    smax_status d = smax_context_destroy(NULL);
    smax_status f = smax_buffer_free(NULL);
    if (a == SMAX_ERROR_INVALID_HANDLE && b == SMAX_ERROR_INVALID_POINTER &&
        c == SMAX_ERROR_INVALID_HANDLE && d == SMAX_SUCCESS &&
        f == SMAX_SUCCESS)
        conf_pass("[bad-input] NULL handles elsewhere in the API");
    else
        conf_fail("[bad-input] NULL handles: device_info(NULL ctx) %s, "
                  "device_info(NULL out) %s, synchronize(NULL) %s, "
                  "context_destroy(NULL) %s, buffer_free(NULL) %s",
                  smax_status_string(a), smax_status_string(b),
                  smax_status_string(c), smax_status_string(d),
                  smax_status_string(f));
}

void conf_bad_input(conf_suite *s)
{
    env e;
    memset(&e, 0, sizeof e);
    float data[BR * BC];
    conf_fill(data, BR, BC, CONF_NORMAL_1);
    memset(e.x_img, 0xAB, sizeof e.x_img); /* canary after the data */
    memcpy(e.x_img, data, DATA_BYTES);
    if (smax_buffer_alloc(s->ctx, BUF_BYTES, &e.x) != SMAX_SUCCESS ||
        smax_buffer_write(s->ctx, e.x, 0, e.x_img, BUF_BYTES) !=
            SMAX_SUCCESS ||
        !(e.y = conf_alloc_filled(s, BUF_BYTES, 0xFF))) {
        conf_fail("[bad-input] cannot set up two %zu-byte buffers",
                  (size_t)BUF_BYTES);
        smax_buffer_free(e.x);
        return;
    }
    api_basics(s);
    enums_and_values(s, &e);
    sizes(s, &e);
    pointers_and_ranges(s, &e);
    overlaps(s, &e);
    capabilities(s, &e);
    check_order(s, &e);
    empty_problems(s, &e);
    smax_buffer_free(e.x);
    smax_buffer_free(e.y);
}
