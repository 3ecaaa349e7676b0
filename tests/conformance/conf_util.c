/*
 * conf_util.c - helpers shared by the groups: algorithm names, plans of
 * dense problems, filled buffers, the context-still-usable probe, and the
 * search for shapes with a given multiblock chunk count or merge depth.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conf.h"
#include "smax_half.h"
#include "smax_reference.h"
#include "smax_tolerance.h"

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

smax_status conf_plan(conf_suite *s, const conf_variant *v, int64_t rows,
                      int64_t cols, smax_algorithm a, smax_plan_info *out)
{
    smax_problem p = smax_problem_make(rows, cols);
    p.x_dtype = v->xt;
    p.y_dtype = v->yt;
    p.algorithm = a;
    return v->backward ? smax_plan_backward(s->ctx, &p, out)
                       : smax_plan(s->ctx, &p, out);
}

smax_buffer conf_alloc_filled(conf_suite *s, size_t bytes, unsigned char fill)
{
    smax_buffer b = NULL;
    if (smax_buffer_alloc(s->ctx, bytes, &b) != SMAX_SUCCESS)
        return NULL;
    unsigned char *tmp = malloc(bytes ? bytes : 1);
    if (!tmp) {
        smax_buffer_free(b);
        return NULL;
    }
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
    int ok = tmp && smax_synchronize(s->ctx) == SMAX_SUCCESS &&
             smax_buffer_read(s->ctx, b, 0, tmp, bytes) == SMAX_SUCCESS;
    for (size_t i = 0; ok && i < bytes; ++i)
        ok = tmp[i] == fill;
    free(tmp);
    return ok;
}

/* A tiny forward in place: succeeds and is right. */
static int forward_usable(conf_suite *s, char *why, size_t why_len)
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
        snprintf(why, why_len, "a good softmax afterwards returned %s (%s)",
                 smax_status_string(st), smax_last_error(s->ctx));
        return 0;
    }
    smax_reference(x, 2, 5, 5, ref, 5, 0, 1.0f);
    smax_check_result res;
    if (!smax_check_output(x, 5, y, 5, ref, 5, 2, 5, 0, 0, &res)) {
        snprintf(why, why_len, "a good softmax afterwards is wrong: %s",
                 res.message);
        return 0;
    }
    return 1;
}

/* A tiny f32 gradient with dx aliasing dy: succeeds and is right. */
static int backward_usable(conf_suite *s, char *why, size_t why_len)
{
    const float x[10] = {1, 2, 3, 4, 5, -1, 0, 1, -INFINITY, 2};
    const float dy[10] = {0.5f, -1, 2, 0.25f, 1, 3, -2, 1, 4, -0.5f};
    float y[10], dx[10];
    double ref[10], mag[10];
    smax_reference(x, 2, 5, 5, y, 5, 0, 1.0f);
    smax_buffer by = NULL, bd = NULL;
    smax_problem p = smax_problem_make(2, 5);
    smax_status st = smax_buffer_alloc(s->ctx, sizeof y, &by);
    if (st == SMAX_SUCCESS)
        st = smax_buffer_alloc(s->ctx, sizeof dy, &bd);
    if (st == SMAX_SUCCESS)
        st = smax_buffer_write(s->ctx, by, 0, y, sizeof y);
    if (st == SMAX_SUCCESS)
        st = smax_buffer_write(s->ctx, bd, 0, dy, sizeof dy);
    if (st == SMAX_SUCCESS)
        st = smax_softmax_backward(s->ctx, &p, by, 0, bd, 0, bd, 0);
    if (st == SMAX_SUCCESS)
        st = smax_synchronize(s->ctx);
    if (st == SMAX_SUCCESS)
        st = smax_buffer_read(s->ctx, bd, 0, dx, sizeof dx);
    smax_buffer_free(by);
    smax_buffer_free(bd);
    if (st != SMAX_SUCCESS) {
        snprintf(why, why_len, "a good gradient afterwards returned %s (%s)",
                 smax_status_string(st), smax_last_error(s->ctx));
        return 0;
    }
    smax_reference_backward_f64(y, 5, dy, 5, 2, 5, ref, 5, 0, 1.0f);
    smax_reference_backward_mag(y, 5, dy, 5, 2, 5, mag, 5, 0, 1.0f);
    smax_check_result res;
    if (!smax_check_backward(ref, 5, mag, 5, dx, 5, SMAX_FMT_F32, 2, 5, 0,
                             &res)) {
        snprintf(why, why_len, "a good gradient afterwards is wrong: %s",
                 res.message);
        return 0;
    }
    return 1;
}

int conf_context_usable(conf_suite *s, char *why, size_t why_len)
{
    return forward_usable(s, why, why_len) &&
           backward_usable(s, why, why_len);
}

int64_t conf_cols_for_chunks(conf_suite *s, const conf_variant *v,
                             int64_t rows, int64_t chunks, int64_t limit)
{
    int64_t got;
    return conf_cols_for_chunk_range(s, v, rows, chunks, chunks, limit, &got);
}

int64_t conf_cols_for_chunk_range(conf_suite *s, const conf_variant *v,
                                  int64_t rows, int64_t least, int64_t most,
                                  int64_t limit, int64_t *got)
{
    smax_plan_info pi;
    int64_t best = -1;
    *got = 0;
    for (int64_t cols = 1; cols <= limit; ++cols) {
        if (conf_plan(s, v, rows, cols, SMAX_ALGO_MULTIBLOCK, &pi) !=
            SMAX_SUCCESS)
            continue;
        const int64_t c = pi.chunks_per_row;
        if (c >= least && c <= most && c > *got) {
            *got = c;
            best = cols;
            if (c == most)
                break;
        }
        if (c > most + 64)
            break;
    }
    return best;
}

int64_t conf_cols_for_levels(conf_suite *s, const conf_variant *v, int levels,
                             int64_t limit)
{
    smax_plan_info pi;
    int64_t lo = 1, hi = 1;
    /* Doubling, then a binary search for the smallest such cols. */
    while (hi <= limit) {
        if (conf_plan(s, v, 1, hi, SMAX_ALGO_MULTIBLOCK, &pi) ==
                SMAX_SUCCESS &&
            (int)pi.merge_levels >= levels)
            break;
        lo = hi;
        hi *= 2;
    }
    if (hi > limit)
        return -1;
    while (hi - lo > 1) {
        int64_t mid = lo + (hi - lo) / 2;
        if (conf_plan(s, v, 1, mid, SMAX_ALGO_MULTIBLOCK, &pi) ==
                SMAX_SUCCESS &&
            (int)pi.merge_levels >= levels)
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}
