/*
 * conf_prep.c - a case's inputs exactly as the device will see them, and
 * the float64 reference computed from those.
 *
 * Every input is rounded to its dtype first (smax_fmt_encode/decode: one
 * rounding to nearest even), so the host reference and the device see the
 * same numbers. Backward inputs are realistic where the case does not give
 * them: y is the reference forward (softmax or log-softmax under the
 * case's flags and scale) of the case's x, rounded to y's dtype, and dy is
 * drawn from the case's dy distribution (normal(1) by default).
 */
#include <stdlib.h>
#include <string.h>

#include "conf.h"
#include "smax_half.h"
#include "smax_reference.h"

/* Rounds n floats to dtype t in place (encode, then decode). */
static int round_to_dtype(smax_dtype t, float *v, size_t n)
{
    if (t == SMAX_DTYPE_F32)
        return 1;
    uint16_t *raw = malloc(n * sizeof *raw + 1);
    if (!raw)
        return 0;
    smax_fmt_encode(conf_fmt(t), v, n, raw);
    smax_fmt_decode(conf_fmt(t), raw, n, v);
    free(raw);
    return 1;
}

void conf_prep_free(conf_prep *p)
{
    free(p->in[0]);
    free(p->in[1]);
    free(p->ref32);
    free(p->ref64);
    free(p->mag);
    memset(p, 0, sizeof *p);
}

/* The backward y of a case that gives only x: the reference forward,
 * rounded once from double to y's dtype. */
static int forward_as_y(const conf_case *c, float *y)
{
    const size_t n = (size_t)(c->rows * c->cols);
    double *f = malloc(n * sizeof *f + 1);
    float *x = malloc(n * sizeof *x + 1);
    if (!f || !x) {
        free(f);
        free(x);
        return 0;
    }
    /* x as the forward of the same pair would see it. */
    memcpy(x, c->x, n * sizeof *x);
    int ok = round_to_dtype(c->v->xt, x, n);
    smax_reference_f64(x, c->rows, c->cols, c->cols, f, c->cols, c->flags,
                       c->scale);
    for (size_t i = 0; ok && i < n; ++i)
        y[i] = smax_round_to(conf_fmt(c->v->yt), f[i]);
    free(f);
    free(x);
    return ok;
}

int conf_prep_reference(const conf_case *c, conf_prep *p)
{
    const size_t n = (size_t)(p->rows * p->cols);
    const int64_t cols = p->cols;
    free(p->ref32);
    free(p->ref64);
    free(p->mag);
    p->ref32 = NULL;
    p->ref64 = NULL;
    p->mag = NULL;
    if (!c->v->backward) {
        if (c->v->yt == SMAX_DTYPE_F32) {
            if (!(p->ref32 = malloc(n * sizeof(float) + 1)))
                return 0;
            smax_reference(p->in[0], p->rows, cols, cols, p->ref32, cols,
                           c->flags, c->scale);
        } else {
            if (!(p->ref64 = malloc(n * sizeof(double) + 1)))
                return 0;
            smax_reference_f64(p->in[0], p->rows, cols, cols, p->ref64, cols,
                               c->flags, c->scale);
        }
        return 1;
    }
    p->ref64 = malloc(n * sizeof(double) + 1);
    p->mag = malloc(n * sizeof(double) + 1);
    if (!p->ref64 || !p->mag)
        return 0;
    smax_reference_backward_f64(p->in[0], cols, p->in[1], cols, p->rows, cols,
                                p->ref64, cols, c->flags, c->scale);
    smax_reference_backward_mag(p->in[0], cols, p->in[1], cols, p->rows, cols,
                                p->mag, cols, c->flags, c->scale);
    return 1;
}

int conf_prepare(const conf_case *c, conf_prep *p)
{
    if (!conf_prepare_inputs(c, p))
        return 0;
    if (!conf_prep_reference(c, p)) {
        conf_prep_free(p);
        return 0;
    }
    return 1;
}

int conf_prepare_inputs(const conf_case *c, conf_prep *p)
{
    const size_t n = (size_t)(c->rows * c->cols);
    memset(p, 0, sizeof *p);
    p->rows = c->rows;
    p->cols = c->cols;
    const int n_in = c->v->backward ? 2 : 1;
    for (int k = 0; k < n_in; ++k)
        if (!(p->in[k] = malloc(n * sizeof(float) + 1)))
            goto fail;
    if (!c->v->backward) {
        memcpy(p->in[0], c->x, n * sizeof(float));
    } else {
        if (c->y)
            memcpy(p->in[0], c->y, n * sizeof(float));
        else if (!forward_as_y(c, p->in[0]))
            goto fail;
        if (c->layout.dy_is_y)
            memcpy(p->in[1], p->in[0], n * sizeof(float));
        else if (c->dy)
            memcpy(p->in[1], c->dy, n * sizeof(float));
        else
            conf_fill(p->in[1], c->rows, c->cols, c->dy_dist, c->v->yt);
    }
    for (int k = 0; k < n_in; ++k)
        if (!round_to_dtype(conf_in_dtype(c->v), p->in[k], n))
            goto fail;
    return 1;
fail:
    conf_prep_free(p);
    return 0;
}
