/*
 * conf_check.c - an output against its reference, by THE rules of
 * tests/support/smax_tolerance.h:
 *   forward, f32 out      smax_check_output (with the plan's merge levels)
 *   forward, 16-bit out   smax_check_output_half (1 ulp of the output type;
 *                         log-softmax also the f32 rule's error in log
 *                         space)
 *   backward, any dx      smax_check_backward (trh * magnitude of the terms,
 *                         plus the output type's spacing for 16-bit dx)
 */
#include <stdio.h>

#include "conf.h"
#include "smax_half.h"
#include "smax_tolerance.h"

int conf_check_output(const conf_case *c, const conf_prep *p,
                      const void *got, int merge_levels, const char *where,
                      char *why, size_t why_len)
{
    const int64_t rows = p->rows, cols = p->cols;
    const int fmt = conf_fmt(conf_out_dtype(c->v));
    smax_check_result res;
    int ok;
    if (c->v->backward)
        ok = smax_check_backward(p->ref64, cols, p->mag, cols, got, cols, fmt,
                                 rows, cols, merge_levels, &res);
    else if (fmt == SMAX_FMT_F32)
        ok = smax_check_output(p->in[0], cols, (const float *)got, cols,
                               p->ref32, cols, rows, cols, c->flags,
                               merge_levels, &res);
    else
        ok = smax_check_output_half(p->in[0], cols, (const uint16_t *)got,
                                    cols, p->ref64, cols, rows, cols, fmt,
                                    c->flags, merge_levels, &res);
    if (!ok) {
        snprintf(why, why_len, "%lld bad values/rows; first: %s",
                 (long long)res.bad, res.message);
        return 0;
    }
    const conf_rule rule = c->v->backward      ? CONF_RULE_BACKWARD
                           : fmt == SMAX_FMT_F32 ? CONF_RULE_F32
                                                 : CONF_RULE_HALF;
    if (res.trh > 0.0)
        conf_note_error(rule, res.worst_rel / res.trh, where);
    return 1;
}
