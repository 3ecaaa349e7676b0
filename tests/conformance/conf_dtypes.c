/*
 * conf_dtypes.c - f16 and bf16 in and out (PRODUCT.md section 4, "dtypes").
 *
 * The device's capability is queried (smax_device_info.supports_f16 /
 * supports_bf16) and must agree with what smax_plan says. Where a dtype is
 * not supported the refusal is checked (SMAX_ERROR_NOT_SUPPORTED, nothing
 * written) and the case counts as skipped with the library's reason. Where
 * it is supported, outputs must be within 1 ulp of the output type of the
 * float64 reference computed from the inputs as the device sees them, for
 * every algorithm, bit-identical over two runs.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conf.h"
#include "conf_half.h"
#include "smax_reference.h"
#include "smax_tolerance.h"

#define ROWS 3
#define COLS 100

static const char *dtype_name(smax_dtype t)
{
    return t == SMAX_DTYPE_F32 ? "f32" : t == SMAX_DTYPE_F16 ? "f16" : "bf16";
}

static int supported(const conf_suite *s, smax_dtype t)
{
    return t == SMAX_DTYPE_F32 ||
           (t == SMAX_DTYPE_F16 ? s->info.supports_f16 : s->info.supports_bf16);
}

static size_t elem_size(smax_dtype t)
{
    return t == SMAX_DTYPE_F32 ? 4 : 2;
}

/* Encodes x (already representable in t) into raw bytes of type t. */
static void encode(smax_dtype t, const float *x, size_t n, void *raw)
{
    for (size_t i = 0; i < n; ++i) {
        if (t == SMAX_DTYPE_F32)
            ((float *)raw)[i] = x[i];
        else
            ((uint16_t *)raw)[i] = conf_to_half(t, x[i]);
    }
}

/* Refusal: the same status from smax_softmax, and y left as poisoned. */
static void check_refused(conf_suite *s, const smax_problem *p,
                          const char *what, const char *reason)
{
    const size_t xb = ROWS * COLS * elem_size(p->x_dtype) + 64;
    const size_t yb = ROWS * COLS * elem_size(p->y_dtype) + 64;
    smax_buffer x = conf_alloc_filled(s, xb, 0x00);
    smax_buffer y = conf_alloc_filled(s, yb, 0xFF);
    if (!x || !y) {
        conf_skip("cannot allocate buffers", "[dtypes] %s", what);
    } else {
        smax_status st = smax_softmax(s->ctx, p, x, 0, y, 0);
        if (st != SMAX_ERROR_NOT_SUPPORTED)
            conf_fail("[dtypes] %s: plan refused (%s) but smax_softmax "
                      "returned %s",
                      what, reason, smax_status_string(st));
        else if (!conf_buffer_is(s, y, yb, 0xFF))
            conf_fail("[dtypes] %s: refused but y was written", what);
        else
            conf_pass("[dtypes] %s: refused, nothing written", what);
    }
    smax_buffer_free(x);
    smax_buffer_free(y);
}

/* One supported combination under one algorithm. */
static void run_supported(conf_suite *s, smax_problem p, const float *x,
                          const char *what)
{
    const size_t n = ROWS * COLS;
    const size_t xb = n * elem_size(p.x_dtype), yb = n * elem_size(p.y_dtype);
    unsigned char *xraw = malloc(xb), *out[2] = {malloc(yb + 64),
                                                 malloc(yb + 64)};
    double *ref = malloc(sizeof(double) * n);
    smax_buffer bx = NULL, by = NULL;
    smax_status st = smax_buffer_alloc(s->ctx, xb, &bx);
    if (st == SMAX_SUCCESS)
        st = smax_buffer_alloc(s->ctx, yb + 64, &by);
    encode(p.x_dtype, x, n, xraw);
    for (int run = 0; run < 2 && st == SMAX_SUCCESS; ++run) {
        memset(out[run], 0xFF, yb + 64);
        st = smax_buffer_write(s->ctx, bx, 0, xraw, xb);
        if (st == SMAX_SUCCESS)
            st = smax_buffer_write(s->ctx, by, 0, out[run], yb + 64);
        if (st == SMAX_SUCCESS)
            st = smax_softmax(s->ctx, &p, bx, 0, by, 0);
        if (st == SMAX_SUCCESS)
            st = smax_synchronize(s->ctx);
        if (st == SMAX_SUCCESS)
            st = smax_buffer_read(s->ctx, by, 0, out[run], yb + 64);
    }
    if (st != SMAX_SUCCESS) {
        conf_fail("[dtypes] %s: %s (%s)", what, smax_status_string(st),
                  smax_last_error(s->ctx));
        goto done;
    }
    if (memcmp(out[0], out[1], yb + 64) != 0) {
        conf_fail("[dtypes] %s: two runs differ", what);
        goto done;
    }
    for (size_t i = yb; i < yb + 64; ++i)
        if (out[0][i] != 0xFF) {
            conf_fail("[dtypes] %s: canary byte %zu after y changed", what,
                      i - yb);
            goto done;
        }
    smax_reference_f64(x, ROWS, COLS, COLS, ref, COLS, p.flags, p.scale);
    if (p.y_dtype == SMAX_DTYPE_F32) {
        /* f32 out: the f32 rule, against the reference from the exact
         * 16-bit inputs. */
        float *refs = malloc(sizeof(float) * n);
        for (size_t i = 0; i < n; ++i)
            refs[i] = (float)ref[i];
        smax_check_result res;
        int ok = smax_check_output(x, COLS, (const float *)out[0], COLS, refs,
                                   COLS, ROWS, COLS, p.flags, 0, &res);
        free(refs);
        if (!ok) {
            conf_fail("[dtypes] %s: %s", what, res.message);
            goto done;
        }
    } else {
        const uint16_t *got = (const uint16_t *)out[0];
        for (size_t i = 0; i < n; ++i) {
            const uint16_t want = conf_to_half(p.y_dtype, ref[i]);
            const int gn = isnan(conf_from_half(p.y_dtype, got[i]));
            const int wn = isnan(ref[i]);
            /* -inf inputs and infinite outputs are exact, not 1 ulp. */
            const int64_t allowed =
                (isinf(ref[i]) || x[i] == -INFINITY) ? 0 : 1;
            if (gn != wn || (!wn && conf_half_ulps(got[i], want) > allowed)) {
                conf_fail("[dtypes] %s: element %zu is 0x%04x (%g), want "
                          "0x%04x (%g) within %lld ulp",
                          what, i, got[i],
                          (double)conf_from_half(p.y_dtype, got[i]), want,
                          ref[i], (long long)allowed);
                goto done;
            }
        }
    }
    conf_pass("[dtypes] %s", what);
done:
    smax_buffer_free(bx);
    smax_buffer_free(by);
    free(xraw);
    free(out[0]);
    free(out[1]);
    free(ref);
}

void conf_dtypes(conf_suite *s)
{
    char why[200];
    if (conf_half_selfcheck(why, sizeof why))
        conf_pass("[dtypes] f16/bf16 encoding self-check");
    else
        conf_fail("[dtypes] the suite's own f16/bf16 encoding is wrong: %s",
                  why);

    static const smax_dtype pairs[][2] = {
        {SMAX_DTYPE_F16, SMAX_DTYPE_F16},  {SMAX_DTYPE_BF16, SMAX_DTYPE_BF16},
        {SMAX_DTYPE_F16, SMAX_DTYPE_F32},  {SMAX_DTYPE_F32, SMAX_DTYPE_F16},
        {SMAX_DTYPE_BF16, SMAX_DTYPE_F32}, {SMAX_DTYPE_F32, SMAX_DTYPE_BF16}};
    float x[ROWS * COLS];
    for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; ++k) {
        const smax_dtype xt = pairs[k][0], yt = pairs[k][1];
        /* Inputs representable in the input type, so host and device see
         * the same numbers. */
        conf_fill(x, ROWS, COLS, CONF_NORMAL_1);
        if (xt != SMAX_DTYPE_F32)
            for (size_t i = 0; i < ROWS * COLS; ++i)
                x[i] = conf_from_half(xt, conf_to_half(xt, x[i]));
        x[7] = -INFINITY;
        for (int log_sm = 0; log_sm < 2; ++log_sm)
            for (int a = 0; a < CONF_ALGO_COUNT; ++a) {
                smax_problem p = smax_problem_make(ROWS, COLS);
                p.x_dtype = xt;
                p.y_dtype = yt;
                p.algorithm = conf_algos[a];
                p.flags = log_sm ? SMAX_FLAG_LOG : 0;
                char what[128];
                snprintf(what, sizeof what, "%s -> %s, %dx%d, algo=%s%s",
                         dtype_name(xt), dtype_name(yt), ROWS, COLS,
                         conf_algo_name(conf_algos[a]), log_sm ? ", log" : "");
                const int cap = supported(s, xt) && supported(s, yt);
                smax_plan_info pi;
                smax_status st = smax_plan(s->ctx, &p, &pi);
                if (st == SMAX_ERROR_NOT_SUPPORTED) {
                    char reason[256];
                    snprintf(reason, sizeof reason, "%s", smax_last_error(s->ctx));
                    if (cap) {
                        conf_fail("[dtypes] %s: device info says supported but "
                                  "the plan refuses: %s",
                                  what, reason);
                        continue;
                    }
                    if (reason[0] == '\0')
                        conf_fail("[dtypes] %s: NOT_SUPPORTED without a reason",
                                  what);
                    check_refused(s, &p, what, reason);
                    char full[300];
                    snprintf(full, sizeof full, "%s/%s: %s", dtype_name(xt),
                             dtype_name(yt), reason);
                    conf_skip(full, "[dtypes] %s", what);
                    continue;
                }
                if (st != SMAX_SUCCESS) {
                    conf_fail("[dtypes] %s: smax_plan returned %s (%s)", what,
                              smax_status_string(st), smax_last_error(s->ctx));
                    continue;
                }
                if (!cap) {
                    conf_fail("[dtypes] %s: device info says unsupported but "
                              "the plan accepts it",
                              what);
                    continue;
                }
                run_supported(s, p, x, what);
            }
    }
}
