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

/* The sum never contracts into an FMA with what made its terms, so that
 * both lanes of a butterfly step compute the same bits. */
SMAX_FN float smax_combine(float a, float b, int op)
{
    return op == 0 ? smax_max_skip_nan(a, b) : SMAX_ADD_RN(a, b);
}

#if SMAX_HAVE_SHUFFLE
/* Butterfly over `width` lanes of a warp (a power of two). No broadcast
 * is needed: at each step lanes i and i ^ step combine the same two values
 * with a commutative op, so every lane ends with the same bits (a max, or
 * a sum that smax_combine keeps from contracting). */
SMAX_FN float smax_warp_reduce_float(float v, int op, int width)
{
    for (int step = width >> 1; step > 0; step >>= 1)
        v = smax_combine(v, SMAX_SHFL_XOR(v, step), op);
    return v;
}

/* smax_warp_reduce_float with every step of a warp unrolled, those at or
 * past `width` (the same for the whole warp) keeping their value: no
 * counter, compare and branch a step, as a loop over a width known only
 * at run time spends. The same tree, so the same bits. For the gradient's
 * tile rows (smax_backward_fused_tile.h), which reduce once a row of a
 * few elements a lane: H200, A B B A, % of copy, bf16 rows of 100-913
 * columns 82.5-87.5 -> 92-97, f16 81-86 -> 91-95, bf16 log-softmax 71-74
 * -> 77.5-82 (bench/results/h200-2026-11-30, call 5). The forward's tiles
 * ran level in time with it (5% fewer instructions), and the kernels that
 * reduce a row of thousands of elements a few times lost 3-17% (the bf16
 * gradient on-chip at 7299 columns; call 4), so they keep the loop. */
SMAX_FN float smax_warp_reduce_float_flat(float v, int op, int width)
{
    SMAX_UNROLL_ALL
    for (int step = SMAX_WARP_SIZE >> 1; step > 0; step >>= 1) {
        const float other = SMAX_SHFL_XOR(v, step);
        v = step < width ? smax_combine(v, other, op) : v;
    }
    return v;
}

/* Partials: the butterfly, then the first lane's result broadcast, so
 * every lane holds the same bits even where the compiler contracted a
 * merge into an FMA asymmetrically. */
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
    /* Warps reduce, then every warp of the slot reduces the warp totals
     * as smax_reduce_float_once does: over `warps` lanes, the same tree as
     * over a warp padded with the identity. */
    p = smax_warp_reduce_partial(p, SMAX_WARP_SIZE);
    const int wl = lid % SMAX_WARP_SIZE;
    if (wl == 0) {
        red[2 * (lid / SMAX_WARP_SIZE)] = p.m;
        red[2 * (lid / SMAX_WARP_SIZE) + 1] = p.s;
    }
    SMAX_BARRIER();
    const int warps = lanes / SMAX_WARP_SIZE;
    const int at = (lid - lane) / SMAX_WARP_SIZE + (wl & (warps - 1));
    smax_partial w;
    w.m = red[2 * at];
    w.s = red[2 * at + 1];
    w = smax_warp_reduce_partial(w, warps);
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

/* A plain float over the `lanes` items of a row slot, combined with max
 * (op 0) or + (op 1), in a fixed order; every item of the slot gets the
 * total. `red` holds one float per item; `fence_after` keeps the last
 * barrier, after which `red` may be reused at once. Called by every item
 * of the group. */
SMAX_FN float smax_reduce_float_once(SMAX_LOCAL float *red, float v, int op,
                                     int lid, int lane, int lanes,
                                     int fence_after)
{
#if SMAX_HAVE_SHUFFLE
    if (lanes <= SMAX_WARP_SIZE)
        return smax_warp_reduce_float(v, op, lanes);
    /* Warps reduce; then each lane takes the total of warp (lane mod
     * warps) of its slot and a butterfly over `warps` lanes gives all of
     * them the slot's total: log2(warps) steps, not a warp's five, and
     * the same tree as over a warp padded with the op's identity. */
    const int warps = lanes / SMAX_WARP_SIZE;
    v = smax_warp_reduce_float(v, op, SMAX_WARP_SIZE);
    const int wl = lid % SMAX_WARP_SIZE;
    if (wl == 0)
        red[lid / SMAX_WARP_SIZE] = v;
    SMAX_BARRIER();
    float w = red[(lid - lane) / SMAX_WARP_SIZE + (wl & (warps - 1))];
    w = smax_warp_reduce_float(w, op, warps);
#else
    red[lid] = v;
    SMAX_BARRIER();
    for (int step = lanes >> 1; step > 0; step >>= 1) {
        if (lane < step)
            red[lid] = smax_combine(red[lid], red[lid + step], op);
        SMAX_BARRIER();
    }
    float w = red[lid - lane];
#endif
    if (fence_after)
        SMAX_BARRIER();
    return w;
}

/* smax_reduce_float_once with the last barrier: `red` may be reused
 * right after. */
SMAX_FN float smax_reduce_float(SMAX_LOCAL float *red, float v, int op, int lid,
                                int lane, int lanes)
{
    return smax_reduce_float_once(red, v, op, lid, lane, lanes, 1);
}

/* The same without the last barrier, for reductions that take turns
 * between the two halves of `red` (2 floats per item), `part` 0 then 1
 * then 0 ...: the barrier inside each reduction orders the other half's
 * last reads before its next writes. A row's max and sum take parts 0
 * and 1 (part = op), the gradient's one sum a row alternates by row.
 * Nothing else may use `red` until a barrier follows. */
SMAX_FN float smax_reduce_float_turn(SMAX_LOCAL float *red, int part, float v,
                                     int op, int lid, int lane, int lanes)
{
    return smax_reduce_float_once(red + part * SMAX_GROUP_SIZE(), v, op, lid,
                                  lane, lanes, 0);
}

/* smax_reduce_float_turn for a row slot of a tile kernel: a slot of at
 * most a warp takes the unrolled butterfly (smax_warp_reduce_float_flat). */
SMAX_FN float smax_reduce_float_turn_flat(SMAX_LOCAL float *red, int part,
                                          float v, int op, int lid, int lane,
                                          int lanes)
{
#if SMAX_HAVE_SHUFFLE
    if (lanes <= SMAX_WARP_SIZE)
        return smax_warp_reduce_float_flat(v, op, lanes);
#endif
    return smax_reduce_float_turn(red, part, v, op, lid, lane, lanes);
}

/* Whether each item of a row slot may now read what the slot's other items
 * kept in on-chip memory, after the slot's reduction: yes where a group
 * barrier ran in it (slots wider than a warp, or no shuffles), or where a
 * warp barrier orders the accesses (taken here). Called by every item. */
SMAX_FN int smax_slot_sees_kept(int lanes)
{
#if SMAX_HAVE_SHUFFLE
    if (lanes <= SMAX_WARP_SIZE) {
#if defined(SMAX_WARP_FENCE)
        SMAX_WARP_FENCE();
        return 1;
#else
        return 0;
#endif
    }
#else
    (void)lanes;
#endif
    return 1;
}

#endif /* SMAX_REDUCE_H */
