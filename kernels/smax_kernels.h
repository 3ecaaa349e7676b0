/*
 * smax_kernels.h - the softmax kernels, written once for every backend.
 *
 * Compiled as OpenCL C (embedded into the library at build time), as CUDA
 * and as HIP. Only the words of smax_dialect.h differ between them.
 *
 * Work mapping shared by all kernels: a group of G work-items serves
 * G / lanes rows ("row slots"), `lanes` consecutive work-items per row
 * (lanes is a power of two). Short rows pack several rows into a group so
 * that every lane has at least a vector of work.
 *
 * Element addressing: every buffer arrives as a base pointer plus an element
 * offset, so OpenCL (cl_mem) and CUDA/HIP (pointers) pass the same values.
 * Rows are read and written as float4 from their first 16-byte boundary on
 * wherever x and y share the alignment phase (smax_split_slice), so padded
 * and odd strides keep the vector path; element by element otherwise.
 *
 * Dynamic on-chip memory (smax_dyn_local) holds, in this order: the rows of
 * the fused kernel (slots * cols_padded floats, fused only), then two floats
 * per work-item for the group reductions.
 */
#ifndef SMAX_KERNELS_H
#define SMAX_KERNELS_H

#ifndef SMAX_OPENCL_C
#include "smax_dialect.h"
#include "smax_geometry.h"
#include "smax_merge.h"
#endif

#define SMAX_FLAG_LOG_BIT 1
#define SMAX_FLAG_MASKED_ZERO_BIT 2

/* The output for one element once the row's total t = (max, sum) and
 * log(sum) are known; v is exp(x - max) for softmax and x for log-softmax.
 * A row with sum 0 is a row of -inf only: NaN by default (0 / 0), 0 with
 * the masked-rows-zero flag. */
SMAX_FN float smax_finish(float v, smax_partial t, float log_s, int flags)
{
    if ((flags & SMAX_FLAG_MASKED_ZERO_BIT) && t.s == 0.0f)
        return 0.0f;
    if (flags & SMAX_FLAG_LOG_BIT)
        return (v - t.m) - log_s;
    return v / t.s;
}

/* The output for a (scaled) input element xs. */
SMAX_FN float smax_output(float xs, smax_partial t, float log_s, int flags)
{
    float v = (flags & SMAX_FLAG_LOG_BIT) ? xs : smax_exp_shifted(xs, t.m);
    return smax_finish(v, t, log_s, flags);
}

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

/* Four elements at a time. */
SMAX_FN smax_float4 smax_scale4(smax_float4 v, float scale)
{
    v.x = SMAX_MUL_RN(v.x, scale);
    v.y = SMAX_MUL_RN(v.y, scale);
    v.z = SMAX_MUL_RN(v.z, scale);
    v.w = SMAX_MUL_RN(v.w, scale);
    return v;
}

SMAX_FN float smax_max4(smax_float4 v)
{
    return smax_max_skip_nan(smax_max_skip_nan(v.x, v.y),
                             smax_max_skip_nan(v.z, v.w));
}

SMAX_FN smax_float4 smax_exp4_shifted(smax_float4 v, float m)
{
    smax_float4 e;
    e.x = smax_exp_shifted(v.x, m);
    e.y = smax_exp_shifted(v.y, m);
    e.z = smax_exp_shifted(v.z, m);
    e.w = smax_exp_shifted(v.w, m);
    return e;
}

SMAX_FN smax_float4 smax_finish4(smax_float4 v, smax_partial t, float log_s,
                                 int flags)
{
    smax_float4 o;
    o.x = smax_finish(v.x, t, log_s, flags);
    o.y = smax_finish(v.y, t, log_s, flags);
    o.z = smax_finish(v.z, t, log_s, flags);
    o.w = smax_finish(v.w, t, log_s, flags);
    return o;
}

/* Elements by which xr lies past its 16-byte boundary, or -1 when x and y
 * have different phases (no vectors). */
SMAX_FN int smax_row_shift(const SMAX_GLOBAL float *xr,
                           const SMAX_GLOBAL float *yr)
{
    const unsigned ax = (unsigned)SMAX_ADDR(xr) & 15u;
    const unsigned ay = (unsigned)SMAX_ADDR(yr) & 15u;
    return ax == ay ? (int)(ax >> 2) : -1;
}

/* Where a work-item stands: `lanes` consecutive items serve one row slot,
 * the group's slots take consecutive rows. Items of a slot past the last
 * row are idle (active 0) and point at row 0 so that addresses stay valid;
 * they still take part in barriers. */
typedef struct smax_row_slot {
    int lid, lane, slot;
    int active;
    const SMAX_GLOBAL float *xr;
    SMAX_GLOBAL float *yr;
} smax_row_slot;

SMAX_FN smax_row_slot smax_row_slot_of(const SMAX_GLOBAL float *x,
                                       smax_i64 x_off, smax_i64 x_stride,
                                       SMAX_GLOBAL float *y, smax_i64 y_off,
                                       smax_i64 y_stride, smax_i64 rows,
                                       int lanes)
{
    smax_row_slot r;
    r.lid = SMAX_LOCAL_ID();
    r.lane = r.lid & (lanes - 1);
    r.slot = r.lid / lanes;
    const smax_i64 row =
        SMAX_GROUP_ID() * (SMAX_GROUP_SIZE() / lanes) + r.slot;
    r.active = row < rows;
    r.xr = x + x_off + (r.active ? row : 0) * x_stride;
    r.yr = y + y_off + (r.active ? row : 0) * y_stride;
    return r;
}

/* How a slice [begin, end) of a row is walked: a scalar head up to the
 * first 16-byte boundary of x, a float4 body, a scalar tail. Vectors are
 * used only where x and y have the same alignment phase (always, in place
 * or with equal offsets and strides); otherwise the whole slice is scalar.
 * Element alignment (4 bytes) is guaranteed by the front end. */
typedef struct smax_split {
    int body;     /* first element of the float4 body */
    int body_end; /* one past its last element        */
} smax_split;

SMAX_FN smax_split smax_split_slice(const SMAX_GLOBAL float *xr,
                                    const SMAX_GLOBAL float *yr, int begin,
                                    int end)
{
    smax_split sp;
    const int shift = smax_row_shift(xr + begin, yr + begin);
    int head = shift < 0 ? end - begin : (4 - shift) & 3;
    if (head > end - begin)
        head = end - begin;
    sp.body = begin + head;
    sp.body_end = sp.body + ((end - sp.body) & ~3);
    return sp;
}

/* Walking only the scalar head and tail of a row split at 0: the first
 * scalar index of a lane, and the next one after j (jumping the body). */
SMAX_FN int smax_scalar_first(int lane, smax_split sp)
{
    return lane < sp.body ? lane : sp.body_end + (lane - sp.body);
}

SMAX_FN int smax_scalar_next(int j, int lanes, smax_split sp)
{
    if (j >= sp.body)
        return j + lanes; /* in the tail */
    j += lanes;           /* in the head: count on past the body */
    return j < sp.body ? j : sp.body_end + (j - sp.body);
}

/* The partial of the elements [begin, end) of one row, visited by `lane`
 * of `lanes`. */
SMAX_FN smax_partial smax_slice_partial(const SMAX_GLOBAL float *xr,
                                        const SMAX_GLOBAL float *yr, int begin,
                                        int end, int lane, int lanes,
                                        float scale)
{
    const smax_split sp = smax_split_slice(xr, yr, begin, end);
    smax_accumulator acc = smax_accumulator_init();
    SMAX_UNROLL
    for (int j = sp.body + 4 * lane; j < sp.body_end; j += 4 * lanes) {
        const smax_float4 v =
            smax_scale4(*(const SMAX_GLOBAL smax_float4 *)(xr + j), scale);
        acc = smax_accumulate(acc, smax_partial_of4(v.x, v.y, v.z, v.w));
    }
    for (int j = begin + lane; j < sp.body; j += lanes)
        acc = smax_accumulate(acc, smax_partial_of(SMAX_MUL_RN(xr[j], scale)));
    for (int j = sp.body_end + lane; j < end; j += lanes)
        acc = smax_accumulate(acc, smax_partial_of(SMAX_MUL_RN(xr[j], scale)));
    return smax_accumulator_partial(acc);
}

/* Writes the outputs of [begin, end) of one row from x, given the row's
 * (m, s). Each item reads and writes the same elements, so x == y works. */
SMAX_FN void smax_slice_normalize(const SMAX_GLOBAL float *xr,
                                  SMAX_GLOBAL float *yr, int begin, int end,
                                  int lane, int lanes, float scale,
                                  smax_partial t, int flags)
{
    const smax_split sp = smax_split_slice(xr, yr, begin, end);
    const float log_s = SMAX_LOG(t.s);
    SMAX_UNROLL
    for (int j = sp.body + 4 * lane; j < sp.body_end; j += 4 * lanes) {
        smax_float4 v = *(const SMAX_GLOBAL smax_float4 *)(xr + j);
        smax_float4 o;
        o.x = smax_output(SMAX_MUL_RN(v.x, scale), t, log_s, flags);
        o.y = smax_output(SMAX_MUL_RN(v.y, scale), t, log_s, flags);
        o.z = smax_output(SMAX_MUL_RN(v.z, scale), t, log_s, flags);
        o.w = smax_output(SMAX_MUL_RN(v.w, scale), t, log_s, flags);
        *(SMAX_GLOBAL smax_float4 *)(yr + j) = o;
    }
    for (int j = begin + lane; j < sp.body; j += lanes)
        yr[j] = smax_output(SMAX_MUL_RN(xr[j], scale), t, log_s, flags);
    for (int j = sp.body_end + lane; j < end; j += lanes)
        yr[j] = smax_output(SMAX_MUL_RN(xr[j], scale), t, log_s, flags);
}

/* ---------------------------------------------------------------- fused
 * One read, one write: the row is copied into on-chip memory while the
 * maximum is taken, then exponentiated in place while summing, then
 * normalised on the way out. Element j of a row lives at srow[j + shift],
 * where shift gives on-chip float4s the alignment of the global ones;
 * `cols_padded` (a multiple of 4, at least cols + 3) is the pitch between
 * row slots. */
SMAX_KERNEL void smax_fused(const SMAX_GLOBAL float *x, smax_i64 x_off,
                            smax_i64 x_stride, SMAX_GLOBAL float *y,
                            smax_i64 y_off, smax_i64 y_stride, smax_i64 rows,
                            int cols, int cols_padded, int lanes, float scale,
                            int flags SMAX_DYN_LOCAL_PARAM)
{
    SMAX_DYN_LOCAL_DECL
    const smax_row_slot rs =
        smax_row_slot_of(x, x_off, x_stride, y, y_off, y_stride, rows, lanes);
    const int lid = rs.lid, lane = rs.lane, active = rs.active;
    const SMAX_GLOBAL float *xr = rs.xr;
    SMAX_GLOBAL float *yr = rs.yr;
    const int slots = SMAX_GROUP_SIZE() / lanes;
    SMAX_LOCAL float *red = smax_dyn_local + (smax_i64)slots * cols_padded;
    const smax_split sp = smax_split_slice(xr, yr, 0, cols);
    SMAX_LOCAL float *srow =
        smax_dyn_local + (smax_i64)rs.slot * cols_padded + ((4 - sp.body) & 3);

    float m = -SMAX_INF;
    if (active) {
        SMAX_UNROLL
        for (int j = sp.body + 4 * lane; j < sp.body_end; j += 4 * lanes) {
            const smax_float4 v = smax_scale4(
                *(const SMAX_GLOBAL smax_float4 *)(xr + j), scale);
            *(SMAX_LOCAL smax_float4 *)(srow + j) = v;
            m = smax_max_skip_nan(m, smax_max4(v));
        }
        for (int j = smax_scalar_first(lane, sp); j < cols;
             j = smax_scalar_next(j, lanes, sp)) {
            float v = SMAX_MUL_RN(xr[j], scale);
            srow[j] = v;
            m = smax_max_skip_nan(m, v);
        }
    }
    m = smax_reduce_float(red, m, 0, lid, lane, lanes);

    /* Each item revisits exactly the elements it stored: no barrier needed
     * between the passes over srow. */
    const int keep_x = flags & SMAX_FLAG_LOG_BIT;
    float s = 0.0f, s_lost = 0.0f; /* compensated: rows can be long */
    if (active) {
        for (int j = sp.body + 4 * lane; j < sp.body_end; j += 4 * lanes) {
            const smax_float4 e =
                smax_exp4_shifted(*(SMAX_LOCAL smax_float4 *)(srow + j), m);
            smax_kahan_add(&s, &s_lost, (e.x + e.y) + (e.z + e.w));
            if (!keep_x)
                *(SMAX_LOCAL smax_float4 *)(srow + j) = e;
        }
        for (int j = smax_scalar_first(lane, sp); j < cols;
             j = smax_scalar_next(j, lanes, sp)) {
            float e = smax_exp_shifted(srow[j], m);
            smax_kahan_add(&s, &s_lost, e);
            if (!keep_x)
                srow[j] = e;
        }
    }
    s = smax_reduce_float(red, s, 1, lid, lane, lanes);

    if (!active)
        return;
    smax_partial t;
    t.m = m;
    t.s = s;
    const float log_s = SMAX_LOG(s);
    for (int j = sp.body + 4 * lane; j < sp.body_end; j += 4 * lanes)
        *(SMAX_GLOBAL smax_float4 *)(yr + j) = smax_finish4(
            *(SMAX_LOCAL smax_float4 *)(srow + j), t, log_s, flags);
    for (int j = smax_scalar_first(lane, sp); j < cols;
         j = smax_scalar_next(j, lanes, sp))
        yr[j] = smax_finish(srow[j], t, log_s, flags);
}

/* ------------------------------------------------------ fused, registers
 * The fused algorithm for short rows (up to 4 * SMAX_REG_VECTORS * lanes
 * elements), with the row held in registers instead of on-chip memory:
 * every load is issued before the first reduction and no on-chip traffic
 * competes with them (H100, fp32: 2048 columns at 96% of copy against 85%,
 * 1000 columns at 88% against 68%). Lane `lane` holds the float4s
 * k = 0..SMAX_REG_VECTORS-1 that start at element 4 * (k * lanes + lane) -
 * shift, where shift puts them on x's 16-byte grid, so a row at any offset
 * keeps vector access. A float4 that crosses an end of the row, or every
 * one when x and y differ in alignment phase, is moved element by element;
 * elements outside the row read as -inf, which adds nothing to the max or
 * the sum, and are never written. */

/* A float4 with at least one element inside the row. */
SMAX_FN int smax_touches4(int e, int cols)
{
    return e + 3 >= 0 && e < cols;
}

/* A float4 that lies wholly inside the row and may be moved as one. */
SMAX_FN int smax_whole4(int e, int cols, int vectors)
{
    return vectors && e >= 0 && e + 3 < cols;
}

/* A float4 that is partly inside the row, or wholly inside but without
 * vectors: moved element by element. */
SMAX_FN int smax_split4(int e, int cols, int vectors)
{
    return !smax_whole4(e, cols, vectors) && smax_touches4(e, cols);
}

SMAX_FN float smax_load_scaled(const SMAX_GLOBAL float *xr, int e, int cols,
                               float scale)
{
    return e >= 0 && e < cols ? SMAX_MUL_RN(xr[e], scale) : -SMAX_INF;
}

/* The scaled float4 of x at element e, element by element. */
SMAX_FN smax_float4 smax_load4_split(const SMAX_GLOBAL float *xr, int e,
                                     int cols, float scale)
{
    smax_float4 v;
    v.x = smax_load_scaled(xr, e, cols, scale);
    v.y = smax_load_scaled(xr, e + 1, cols, scale);
    v.z = smax_load_scaled(xr, e + 2, cols, scale);
    v.w = smax_load_scaled(xr, e + 3, cols, scale);
    return v;
}

SMAX_FN void smax_store4_split(SMAX_GLOBAL float *yr, int e, int cols,
                               smax_float4 o)
{
    if (e >= 0 && e < cols)
        yr[e] = o.x;
    if (e + 1 >= 0 && e + 1 < cols)
        yr[e + 1] = o.y;
    if (e + 2 >= 0 && e + 2 < cols)
        yr[e + 2] = o.z;
    if (e + 3 >= 0 && e + 3 < cols)
        yr[e + 3] = o.w;
}

/* The up to 3 elements that a shifted row has past the float4s of every
 * lane are held one each by lanes 0 to 2 (`extra`; SMAX_REG_MIN_LANES). */
SMAX_KERNEL void smax_fused_regs(
    const SMAX_GLOBAL float *x, smax_i64 x_off, smax_i64 x_stride,
    SMAX_GLOBAL float *y, smax_i64 y_off, smax_i64 y_stride,
    smax_i64 rows, int cols, int lanes, float scale,
    int flags SMAX_DYN_LOCAL_PARAM)
{
    SMAX_DYN_LOCAL_DECL
    const smax_row_slot rs =
        smax_row_slot_of(x, x_off, x_stride, y, y_off, y_stride, rows, lanes);
    const int lid = rs.lid, lane = rs.lane, active = rs.active;
    const SMAX_GLOBAL float *xr = rs.xr;
    SMAX_GLOBAL float *yr = rs.yr;
    const int shift = smax_row_shift(xr, yr);
    const int vectors = shift >= 0;
    const int first = 4 * lane - (vectors ? shift : 0);
    const int live = active ? cols : 0; /* idle slots read nothing */
    const int e_extra = 4 * SMAX_REG_VECTORS * lanes - (vectors ? shift : 0) + lane;
    /* Every whole float4 is loaded before anything waits on one. */
    smax_float4 v[SMAX_REG_VECTORS];
    SMAX_UNROLL_ALL
    for (int k = 0; k < SMAX_REG_VECTORS; ++k) {
        const int e = first + 4 * k * lanes;
        v[k].x = v[k].y = v[k].z = v[k].w = -SMAX_INF;
        if (smax_whole4(e, live, vectors))
            v[k] = *(const SMAX_GLOBAL smax_float4 *)(xr + e);
    }
    float extra = smax_load_scaled(xr, e_extra, live, scale);
    float m = extra;
    SMAX_UNROLL_ALL
    for (int k = 0; k < SMAX_REG_VECTORS; ++k) {
        const int e = first + 4 * k * lanes;
        if (smax_whole4(e, live, vectors))
            v[k] = smax_scale4(v[k], scale);
        else if (smax_split4(e, live, vectors))
            v[k] = smax_load4_split(xr, e, live, scale);
        m = smax_max_skip_nan(m, smax_max4(v[k]));
    }
    m = smax_reduce_float(smax_dyn_local, m, 0, lid, lane, lanes);
    /* Only float4s inside the row are computed on. */
    const int keep_x = flags & SMAX_FLAG_LOG_BIT;
    float s = 0.0f, s_lost = 0.0f;
    SMAX_UNROLL_ALL
    for (int k = 0; k < SMAX_REG_VECTORS; ++k) {
        if (!smax_touches4(first + 4 * k * lanes, live))
            continue;
        const smax_float4 e = smax_exp4_shifted(v[k], m);
        smax_kahan_add(&s, &s_lost, (e.x + e.y) + (e.z + e.w));
        if (!keep_x)
            v[k] = e;
    }
    const float e_x = smax_exp_shifted(extra, m);
    smax_kahan_add(&s, &s_lost, e_x);
    if (!keep_x)
        extra = e_x;
    s = smax_reduce_float(smax_dyn_local, s, 1, lid, lane, lanes);
    smax_partial t;
    t.m = m;
    t.s = s;
    const float log_s = SMAX_LOG(s);
    SMAX_UNROLL_ALL
    for (int k = 0; k < SMAX_REG_VECTORS; ++k) {
        const int e = first + 4 * k * lanes;
        if (smax_whole4(e, live, vectors))
            *(SMAX_GLOBAL smax_float4 *)(yr + e) =
                smax_finish4(v[k], t, log_s, flags);
        else if (smax_split4(e, live, vectors))
            smax_store4_split(yr, e, live,
                              smax_finish4(v[k], t, log_s, flags));
    }
    if (e_extra < live)
        yr[e_extra] = smax_finish(extra, t, log_s, flags);
}

/* --------------------------------------------------------------- online
 * Two reads, one write, any row length: a running (max, sum) per item, a
 * merge across the row slot, then a second read that writes the output. */
SMAX_KERNEL void smax_online(const SMAX_GLOBAL float *x, smax_i64 x_off,
                             smax_i64 x_stride, SMAX_GLOBAL float *y,
                             smax_i64 y_off, smax_i64 y_stride, smax_i64 rows,
                             int cols, int lanes, float scale,
                             int flags SMAX_DYN_LOCAL_PARAM)
{
    SMAX_DYN_LOCAL_DECL
    const smax_row_slot rs =
        smax_row_slot_of(x, x_off, x_stride, y, y_off, y_stride, rows, lanes);

    smax_partial p = smax_partial_identity();
    if (rs.active)
        p = smax_slice_partial(rs.xr, rs.yr, 0, cols, rs.lane, lanes, scale);
    p = smax_reduce_partial(smax_dyn_local, p, rs.lid, rs.lane, lanes);
    if (rs.active)
        smax_slice_normalize(rs.xr, rs.yr, 0, cols, rs.lane, lanes, scale, p,
                             flags);
}

/* ---------------------------------------------------------- multi-block
 * Phase 1: group g takes chunk (g % chunks) of row (g / chunks) and writes
 * its partial to partials[2 * g], partials[2 * g + 1]. chunk_len is a
 * multiple of 4. */
SMAX_KERNEL void smax_mb_partials(const SMAX_GLOBAL float *x, smax_i64 x_off,
                                  smax_i64 x_stride, int cols, int chunk_len,
                                  int chunks, float scale,
                                  SMAX_GLOBAL float *partials,
                                  smax_i64 partials_off SMAX_DYN_LOCAL_PARAM)
{
    SMAX_DYN_LOCAL_DECL
    const int lid = SMAX_LOCAL_ID();
    const int lanes = SMAX_GROUP_SIZE();
    const smax_i64 g = SMAX_GROUP_ID();
    const smax_i64 row = g / chunks;
    const int chunk = (int)(g - row * chunks);
    const int begin = chunk * chunk_len;
    const int end = cols - begin < chunk_len ? cols : begin + chunk_len;
    const SMAX_GLOBAL float *xr = x + x_off + row * x_stride;
    SMAX_GLOBAL float *out = partials + partials_off;

    /* Only x is read here: its own alignment decides the vectors. */
    smax_partial p = smax_slice_partial(xr, xr, begin, end, lid, lanes, scale);
    p = smax_reduce_partial(smax_dyn_local, p, lid, lid, lanes);
    if (lid == 0) {
        out[2 * g] = p.m;
        out[2 * g + 1] = p.s;
    }
}

/* Phase 2: merges runs of up to `fan_in` consecutive partials of a row into
 * one. Input: n_in partials per row; output: n_out = ceil(n_in / fan_in) per
 * row; group g makes output (g % n_out) of row (g / n_out). The host repeats
 * it until one partial per row is left: a tree with a fixed shape. */
SMAX_KERNEL void smax_mb_merge(const SMAX_GLOBAL float *in, smax_i64 in_off,
                               int n_in, SMAX_GLOBAL float *out,
                               smax_i64 out_off, int n_out, int fan_in
                               SMAX_DYN_LOCAL_PARAM)
{
    SMAX_DYN_LOCAL_DECL
    const int lid = SMAX_LOCAL_ID();
    const int lanes = SMAX_GROUP_SIZE();
    const smax_i64 g = SMAX_GROUP_ID();
    const smax_i64 row = g / n_out;
    const int j = (int)(g - row * n_out);
    const int begin = j * fan_in;
    const int end = n_in - begin < fan_in ? n_in : begin + fan_in;
    const SMAX_GLOBAL float *src = in + in_off + 2 * row * n_in;
    SMAX_GLOBAL float *dst = out + out_off;

    smax_partial p = smax_partial_identity();
    for (int k = begin + lid; k < end; k += lanes) {
        smax_partial q;
        q.m = src[2 * k];
        q.s = src[2 * k + 1];
        p = smax_merge(p, q);
    }
    p = smax_reduce_partial(smax_dyn_local, p, lid, lid, lanes);
    if (lid == 0) {
        dst[2 * g] = p.m;
        dst[2 * g + 1] = p.s;
    }
}

/* Phase 3: every chunk writes its outputs with the row's final (m, s),
 * found at totals[totals_off + 2 * row]. */
SMAX_KERNEL void smax_mb_normalize(const SMAX_GLOBAL float *x, smax_i64 x_off,
                                   smax_i64 x_stride, SMAX_GLOBAL float *y,
                                   smax_i64 y_off, smax_i64 y_stride, int cols,
                                   int chunk_len, int chunks,
                                   float scale, int flags,
                                   const SMAX_GLOBAL float *totals,
                                   smax_i64 totals_off)
{
    const int lid = SMAX_LOCAL_ID();
    const int lanes = SMAX_GROUP_SIZE();
    const smax_i64 g = SMAX_GROUP_ID();
    const smax_i64 row = g / chunks;
    const int chunk = (int)(g - row * chunks);
    const int begin = chunk * chunk_len;
    const int end = cols - begin < chunk_len ? cols : begin + chunk_len;
    smax_partial t;
    t.m = totals[totals_off + 2 * row];
    t.s = totals[totals_off + 2 * row + 1];
    smax_slice_normalize(x + x_off + row * x_stride, y + y_off + row * y_stride,
                         begin, end, lid, lanes, scale, t, flags);
}

#endif /* SMAX_KERNELS_H */
