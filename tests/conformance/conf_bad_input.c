/*
 * conf_bad_input.c - every row of PRODUCT.md section 5 for smax_softmax and
 * smax_softmax_backward (and their plans), for every variant: the exact
 * status, nothing written (the output stays poisoned, the inputs and the
 * canaries stay as they were), and the context still usable (a good
 * forward and a good gradient right after give the right answers). This
 * file holds the harness (conf_bad.h) and the group's order; the tables
 * are in conf_bad_tables.c and conf_bad_struct.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conf_bad.h"

size_t bad_data_bytes(smax_dtype t)
{
    return (size_t)BR * BC * conf_esize(t);
}

bad_call bad_good_call(const bad_env *e, const conf_variant *v)
{
    bad_call c;
    memset(&c, 0, sizeof c);
    c.v = v;
    c.p = smax_problem_make(BR, BC);
    c.p.x_dtype = v->xt;
    c.p.y_dtype = v->yt;
    c.in0 = e->a;
    c.in1 = v->backward ? e->b : NULL;
    c.out = e->c;
    return c;
}

/* Nothing written anywhere, context usable; "" if all is well. */
static void after_failure(conf_suite *s, const bad_env *e, char *why,
                          size_t len)
{
    unsigned char now[BAD_BUF_BYTES];
    why[0] = '\0';
    if (smax_synchronize(s->ctx) != SMAX_SUCCESS) {
        snprintf(why, len, "smax_synchronize failed afterwards");
        return;
    }
    if (!conf_buffer_is(s, e->c, BAD_BUF_BYTES, 0xFF)) {
        snprintf(why, len, "the output buffer (or its canary) was written");
        return;
    }
    if (smax_buffer_read(s->ctx, e->a, 0, now, BAD_BUF_BYTES) !=
            SMAX_SUCCESS ||
        memcmp(now, e->a_img, BAD_BUF_BYTES) != 0) {
        snprintf(why, len, "buffer A (x or y, or its canary) changed");
        return;
    }
    if (smax_buffer_read(s->ctx, e->b, 0, now, BAD_BUF_BYTES) !=
            SMAX_SUCCESS ||
        memcmp(now, e->b_img, BAD_BUF_BYTES) != 0) {
        snprintf(why, len, "buffer B (dy, or its canary) changed");
        return;
    }
    conf_context_usable(s, why, len);
}

static void judge(conf_suite *s, const bad_env *e, const char *api,
                  const char *what, const bad_call *c, smax_status got,
                  smax_status want)
{
    char why[400];
    why[0] = '\0';
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
        conf_fail("[bad-input] %s %s, %s: %s", c->v->name, api, what, why);
    else
        conf_pass("[bad-input] %s %s, %s", c->v->name, api, what);
}

void bad_expect_call(conf_suite *s, const bad_env *e, const char *what,
                     const bad_call *c, smax_status want)
{
    smax_context ctx = c->null_ctx ? NULL : s->ctx;
    const smax_problem *p = c->null_problem ? NULL : &c->p;
    smax_status got =
        c->v->backward
            ? smax_softmax_backward(ctx, p, c->in0, c->off0, c->in1, c->off1,
                                    c->out, c->off_out)
            : smax_softmax(ctx, p, c->in0, c->off0, c->out, c->off_out);
    judge(s, e, c->v->backward ? "smax_softmax_backward" : "smax_softmax",
          what, c, got, want);
}

void bad_expect_plan(conf_suite *s, const bad_env *e, const char *what,
                     const bad_call *c, int null_out, smax_status want)
{
    smax_context ctx = c->null_ctx ? NULL : s->ctx;
    const smax_problem *p = c->null_problem ? NULL : &c->p;
    smax_plan_info pi;
    smax_plan_info *out = null_out ? NULL : &pi;
    smax_status got = c->v->backward ? smax_plan_backward(ctx, p, out)
                                     : smax_plan(ctx, p, out);
    judge(s, e, c->v->backward ? "smax_plan_backward" : "smax_plan", what, c,
          got, want);
}

void bad_expect(conf_suite *s, const bad_env *e, const char *what,
                const bad_call *c, smax_status want)
{
    bad_expect_call(s, e, what, c, want);
    bad_expect_plan(s, e, what, c, 0, want);
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

static int setup(conf_suite *s, bad_env *e)
{
    memset(e, 0, sizeof *e);
    float data[BR * BC];
    conf_fill(data, BR, BC, CONF_NORMAL_1, SMAX_DTYPE_F32);
    memset(e->a_img, 0xAB, sizeof e->a_img); /* canary after the data */
    memcpy(e->a_img, data, sizeof data);
    conf_fill(data, BR, BC, CONF_NORMAL_1, SMAX_DTYPE_F32);
    memset(e->b_img, 0xCD, sizeof e->b_img);
    memcpy(e->b_img, data, sizeof data);
    return smax_buffer_alloc(s->ctx, BAD_BUF_BYTES, &e->a) == SMAX_SUCCESS &&
           smax_buffer_write(s->ctx, e->a, 0, e->a_img, BAD_BUF_BYTES) ==
               SMAX_SUCCESS &&
           smax_buffer_alloc(s->ctx, BAD_BUF_BYTES, &e->b) == SMAX_SUCCESS &&
           smax_buffer_write(s->ctx, e->b, 0, e->b_img, BAD_BUF_BYTES) ==
               SMAX_SUCCESS &&
           (e->c = conf_alloc_filled(s, BAD_BUF_BYTES, 0xFF)) != NULL;
}

void conf_bad_input(conf_suite *s)
{
    bad_env e;
    if (!setup(s, &e)) {
        conf_fail("[bad-input] cannot set up three %zu-byte buffers",
                  (size_t)BAD_BUF_BYTES);
    } else {
        api_basics(s);
        bad_problem_init();
        for (int i = 0; i < CONF_VARIANT_COUNT; ++i) {
            const conf_variant *v = &conf_variants[i];
            if (!conf_selected(s, v))
                continue;
            bad_enums(s, &e, v);
            bad_struct_size(s, &e, v);
            bad_sizes(s, &e, v);
            bad_pointers(s, &e, v);
            bad_ranges(s, &e, v);
            bad_overlaps(s, &e, v);
            bad_capabilities(s, &e, v);
            bad_order(s, &e, v);
            bad_empty(s, &e, v);
            bad_misaligned(s, v);
        }
    }
    smax_buffer_free(e.a);
    smax_buffer_free(e.b);
    smax_buffer_free(e.c);
}
