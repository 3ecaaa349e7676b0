/*
 * conf_bad_struct.c - smax_problem's struct_size, the way the description
 * grows (smax.h): smax_problem_make and smax_problem_init fill what they
 * should and nothing past struct_size; a struct_size below
 * SMAX_PROBLEM_SIZE_V1 or above sizeof(smax_problem) is
 * SMAX_ERROR_INVALID_VALUE for both calls and both plans (checked with the
 * enums: after the context, before sizes and the empty quick return); a
 * version-1 caller's problem is accepted and its dy_row_stride, which lies
 * past its struct_size, is never read (conf_layout.c runs one end to end).
 */
#include <stdio.h>
#include <string.h>

#include "conf_bad.h"

/* The fields a dense rows x cols problem must have; "" if right. */
static void check_defaults(const smax_problem *p, size_t size, int64_t rows,
                           int64_t cols, int with_dy, char *why, size_t len)
{
    why[0] = '\0';
    if (p->struct_size != size)
        snprintf(why, len, "struct_size %zu, want %zu", p->struct_size, size);
    else if (p->rows != rows || p->cols != cols)
        snprintf(why, len, "rows/cols %lld/%lld", (long long)p->rows,
                 (long long)p->cols);
    else if (p->x_row_stride != cols || p->y_row_stride != cols)
        snprintf(why, len, "strides %lld/%lld, want cols",
                 (long long)p->x_row_stride, (long long)p->y_row_stride);
    else if (p->x_dtype != SMAX_DTYPE_F32 || p->y_dtype != SMAX_DTYPE_F32 ||
             p->algorithm != SMAX_ALGO_AUTO || p->flags != 0 ||
             p->scale != 1.0f)
        snprintf(why, len, "dtype/algorithm/flags/scale not the defaults");
    else if (with_dy && p->dy_row_stride != cols)
        snprintf(why, len, "dy_row_stride %lld, want cols",
                 (long long)p->dy_row_stride);
}

void bad_problem_init(void)
{
    char why[160];
    smax_problem p = smax_problem_make(3, 5);
    check_defaults(&p, sizeof p, 3, 5, 1, why, sizeof why);
    if (why[0])
        conf_fail("[bad-input] smax_problem_make(3, 5): %s", why);
    else
        conf_pass("[bad-input] smax_problem_make fills every field");

    memset(&p, 0xAB, sizeof p);
    smax_problem_init(&p, sizeof p, 4, 9);
    check_defaults(&p, sizeof p, 4, 9, 1, why, sizeof why);
    if (why[0])
        conf_fail("[bad-input] smax_problem_init(sizeof): %s", why);
    else
        conf_pass("[bad-input] smax_problem_init(sizeof) fills every field");

    /* A version-1 caller's struct: nothing past SMAX_PROBLEM_SIZE_V1. */
    unsigned char raw[sizeof(smax_problem) + 16];
    memset(raw, 0xAB, sizeof raw);
    smax_problem_init((smax_problem *)raw, SMAX_PROBLEM_SIZE_V1, 2, 7);
    memcpy(&p, raw, sizeof p);
    check_defaults(&p, SMAX_PROBLEM_SIZE_V1, 2, 7, 0, why, sizeof why);
    size_t past = SMAX_PROBLEM_SIZE_V1;
    while (past < sizeof raw && raw[past] == 0xAB)
        ++past;
    if (why[0])
        conf_fail("[bad-input] smax_problem_init(V1): %s", why);
    else if (past != sizeof raw)
        conf_fail("[bad-input] smax_problem_init(V1) wrote byte %zu, past "
                  "struct_size %zu",
                  past, (size_t)SMAX_PROBLEM_SIZE_V1);
    else
        conf_pass("[bad-input] smax_problem_init(V1) writes only version 1");
}

void bad_struct_size(conf_suite *s, const bad_env *e, const conf_variant *v)
{
    const struct {
        const char *what;
        size_t size;
    } bad[] = {
        {"struct_size 0", 0},
        {"struct_size 1", 1},
        {"struct_size SMAX_PROBLEM_SIZE_V1 - 1", SMAX_PROBLEM_SIZE_V1 - 1},
        {"struct_size sizeof + 1", sizeof(smax_problem) + 1},
        {"struct_size sizeof + 8", sizeof(smax_problem) + 8},
        {"struct_size SIZE_MAX", SIZE_MAX},
    };
    char what[160];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        bad_call c = bad_good_call(e, v);
        c.p.struct_size = bad[i].size;
        bad_expect(s, e, bad[i].what, &c, SMAX_ERROR_INVALID_VALUE);
        /* Order: after the context, before sizes and the quick return. */
        c.null_ctx = 1;
        snprintf(what, sizeof what, "order: NULL context before %s",
                 bad[i].what);
        bad_expect(s, e, what, &c, SMAX_ERROR_INVALID_HANDLE);
        c.null_ctx = 0;
        c.p.rows = -1;
        snprintf(what, sizeof what, "order: %s before negative rows",
                 bad[i].what);
        bad_expect(s, e, what, &c, SMAX_ERROR_INVALID_VALUE);
        c.p.rows = 0;
        c.in0 = c.in1 = c.out = NULL;
        snprintf(what, sizeof what,
                 "order: %s before the empty quick return", bad[i].what);
        bad_expect(s, e, what, &c, SMAX_ERROR_INVALID_VALUE);
    }

    /* Version 1: whatever lies past it is not read. */
    bad_call c = bad_good_call(e, v);
    c.p.struct_size = SMAX_PROBLEM_SIZE_V1;
    c.p.dy_row_stride = -7;
    bad_expect_plan(s, e, "version-1 problem, garbage dy_row_stride past it",
                    &c, 0, SMAX_SUCCESS);
    c.p.dy_row_stride = INT64_MAX;
    c.p.y_row_stride = BC + 1;
    bad_expect_plan(s, e, "version-1 problem, y padded, huge dy_row_stride "
                    "past it",
                    &c, 0, SMAX_SUCCESS);
    /* The current size with a bad dy_row_stride is read, and refused. */
    c = bad_good_call(e, v);
    c.p.dy_row_stride = -7;
    if (v->backward)
        bad_expect(s, e, "current struct_size, dy_row_stride -7", &c,
                   SMAX_ERROR_INVALID_SIZE);
}
