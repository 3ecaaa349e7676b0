/*
 * smax_reduce.h - reductions across the work-items of a row slot, in a
 * fixed order (bit-identical run to run): warp shuffles where the dialect
 * has them, a local-memory tree otherwise. Partials combine with THE merge
 * operator (smax_merge.h); plain floats with max (op 0) or + (op 1).
 */
#ifndef SMAX_REDUCE_H
#define SMAX_REDUCE_H

#ifndef SMAX_OPENCL_C
#include "smax_dialect.h"
#include "smax_merge.h"
#endif

SMAX_FN float smax_combine(float a, float b, int op)
{
    return op == 0 ? smax_max_skip_nan(a, b) : a + b;
}

#if SMAX_HAVE_SHUFFLE
/* Butterfly over `width` lanes of a warp (a power of two), then the first
 * lane's result broadcast, so every lane holds the same bits even where the
 * compiler contracted a merge into an FMA asymmetrically. */
SMAX_FN float smax_warp_reduce_float(float v, int op, int width)
{
    for (int step = width >> 1; step > 0; step >>= 1)
        v = smax_combine(v, SMAX_SHFL_XOR(v, step), op);
    return SMAX_SHFL_FIRST(v, width);
}

SMAX_FN smax_partial smax_warp_reduce_partial(smax_partial p, int width)
{
    for (int step = width >> 1; step > 0; step >>= 1) {
        smax_partial q;
        q.m = SMAX_SHFL_XOR(p.m, step);
        q.s = SMAX_SHFL_XOR(p.s, step);
        p = smax_merge(p, q);
    }
    p.m = SMAX_SHFL_FIRST(p.m, width);
    p.s = SMAX_SHFL_FIRST(p.s, width);
    return p;
}
#endif

/* Reduction of one partial per work-item over the `lanes` items of a row
 * slot, in a fixed order (bit-identical run to run); every item of the slot
 * gets the total. `red` holds 2 floats per item. Called by every item of
 * the group. */
SMAX_FN smax_partial smax_reduce_partial(SMAX_LOCAL float *red, smax_partial p,
                                         int lid, int lane, int lanes)
{
#if SMAX_HAVE_SHUFFLE
    if (lanes <= SMAX_WARP_SIZE)
        return smax_warp_reduce_partial(p, lanes);
    /* Warps reduce, then every warp of the slot reduces the warp totals. */
    p = smax_warp_reduce_partial(p, SMAX_WARP_SIZE);
    const int wl = lid % SMAX_WARP_SIZE;
    if (wl == 0) {
        red[2 * (lid / SMAX_WARP_SIZE)] = p.m;
        red[2 * (lid / SMAX_WARP_SIZE) + 1] = p.s;
    }
    SMAX_BARRIER();
    const int first = (lid - lane) / SMAX_WARP_SIZE;
    smax_partial w = smax_partial_identity();
    if (wl < lanes / SMAX_WARP_SIZE) {
        w.m = red[2 * (first + wl)];
        w.s = red[2 * (first + wl) + 1];
    }
    w = smax_warp_reduce_partial(w, SMAX_WARP_SIZE);
    SMAX_BARRIER(); /* red may be reused right after */
    return w;
#else
    red[2 * lid] = p.m;
    red[2 * lid + 1] = p.s;
    SMAX_BARRIER();
    for (int step = lanes >> 1; step > 0; step >>= 1) {
        if (lane < step) {
            smax_partial a, b;
            a.m = red[2 * lid];
            a.s = red[2 * lid + 1];
            b.m = red[2 * (lid + step)];
            b.s = red[2 * (lid + step) + 1];
            a = smax_merge(a, b);
            red[2 * lid] = a.m;
            red[2 * lid + 1] = a.s;
        }
        SMAX_BARRIER();
    }
    smax_partial total;
    total.m = red[2 * (lid - lane)];
    total.s = red[2 * (lid - lane) + 1];
    SMAX_BARRIER(); /* red may be reused right after */
    return total;
#endif
}

/* The same for a plain float, combined with max (op 0) or + (op 1). */
SMAX_FN float smax_reduce_float(SMAX_LOCAL float *red, float v, int op, int lid,
                                int lane, int lanes)
{
#if SMAX_HAVE_SHUFFLE
    if (lanes <= SMAX_WARP_SIZE)
        return smax_warp_reduce_float(v, op, lanes);
    v = smax_warp_reduce_float(v, op, SMAX_WARP_SIZE);
    const int wl = lid % SMAX_WARP_SIZE;
    if (wl == 0)
        red[lid / SMAX_WARP_SIZE] = v;
    SMAX_BARRIER();
    const int first = (lid - lane) / SMAX_WARP_SIZE;
    float w = op == 0 ? -SMAX_INF : 0.0f;
    if (wl < lanes / SMAX_WARP_SIZE)
        w = red[first + wl];
    w = smax_warp_reduce_float(w, op, SMAX_WARP_SIZE);
    SMAX_BARRIER();
    return w;
#else
    red[lid] = v;
    SMAX_BARRIER();
    for (int step = lanes >> 1; step > 0; step >>= 1) {
        if (lane < step)
            red[lid] = smax_combine(red[lid], red[lid + step], op);
        SMAX_BARRIER();
    }
    float total = red[lid - lane];
    SMAX_BARRIER();
    return total;
#endif
}

#endif /* SMAX_REDUCE_H */
