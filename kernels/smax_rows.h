/*
 * smax_rows.h - the row-walking layer shared by every kernel: where a
 * work-item stands (row slots), where a row's vectors start (alignment
 * phase), how a slice splits into scalar head, vector body and scalar
 * tail, and the per-element math of the output.
 *
 * Work mapping: a group of G work-items serves G / lanes rows ("row
 * slots"), `lanes` consecutive work-items per row (lanes is a power of
 * two). Short rows pack several rows into a group so that every lane has
 * at least a vector of work.
 *
 * Element addressing: every buffer arrives as a base pointer plus an
 * element offset, so OpenCL (cl_mem) and CUDA/HIP (pointers) pass the same
 * values. Rows are moved as vectors (smax_io.h) from the first element at
 * which every buffer involved is 16-byte aligned, wherever their
 * alignment phases are compatible (always when in place, or with equal
 * offsets and strides); element by element otherwise.
 */
#ifndef SMAX_ROWS_H
#define SMAX_ROWS_H

#ifndef SMAX_OPENCL_C
#include "smax_dialect.h"
#include "smax_io.h"
#include "smax_merge.h"
#endif

#define SMAX_FLAG_LOG_BIT 1
#define SMAX_FLAG_MASKED_ZERO_BIT 2

/* ---- the output of one element ------------------------------------------ */

/* A row's total (max, sum) with what every output element needs of it,
 * computed once per row, so that the per-element work is one subtraction,
 * one multiply-add and one select:
 *   softmax:      y = (v - 0) * (1 / sum) - 0,   v = exp(x - max)
 *   log-softmax:  y = (v - max) * 1 - log(sum),  v = x
 * 1 / sum is correctly rounded; multiplying by it errs by at most 1.5 ulp
 * where a division errs by 0.5, well inside the tolerance
 * (docs/numerics.md), at a fraction of a precise division's cost per
 * element: that keeps 16-bit rows, with twice the elements per byte,
 * memory-bound. A row with sum 0 is a row of -inf only: NaN by default
 * (0 * inf), 0 with the masked flag (`zero`). */
typedef struct smax_row_total {
    float base; /* exp(x - base) for every x: m, or 0 when m is -inf */
    float a, b, c;
    int zero;
} smax_row_total;

/* The maximum to shift by: exp(x - base) is exactly 0 at x = -inf for any
 * finite base, so only a row of -inf needs the guard, once per row. */
SMAX_FN float smax_exp_base(float m)
{
    return m == -SMAX_INF ? 0.0f : m;
}

/* The row's total with log_s standing for log(t.s) (read for log-softmax
 * alone): the CPU rows pass a logarithm of their own (smax_cpu_log). */
SMAX_FN smax_row_total smax_row_total_with_log(smax_partial t, int flags,
                                               float log_s)
{
    smax_row_total r;
    r.base = smax_exp_base(t.m);
    const int log_sm = flags & SMAX_FLAG_LOG_BIT;
    r.a = log_sm ? t.m : 0.0f;
    r.b = log_sm ? 1.0f : 1.0f / t.s; /* 0 -> inf: 0 * inf keeps NaN */
    r.c = log_sm ? log_s : 0.0f;
    r.zero = (flags & SMAX_FLAG_MASKED_ZERO_BIT) && t.s == 0.0f;
    return r;
}

SMAX_FN smax_row_total smax_row_total_of(smax_partial t, int flags)
{
    return smax_row_total_with_log(
        t, flags, (flags & SMAX_FLAG_LOG_BIT) ? SMAX_LOG(t.s) : 0.0f);
}

/* The output once the row's total is known; v is exp(x - max) for softmax
 * and x for log-softmax. */
SMAX_FN float smax_finish(float v, smax_row_total t)
{
    const float y = (v - t.a) * t.b - t.c;
    return t.zero ? 0.0f : y;
}

/* Log-softmax's output from d = x - t.base, for a row that is not a masked
 * zero row (the caller tests t.zero once a row): smax_finish's
 * (x - m) * 1 - log(s) without a select an element, and d is the
 * exponential's own argument where the caller has it. The same bits: base
 * is m but in a row of -inf, whose output is NaN either way (x - 0 = -inf,
 * less log(0) = -inf). */
SMAX_FN float smax_finish_log(float d, smax_row_total t)
{
    return d - t.c;
}

/* Softmax's multiplier: smax_finish's (v - 0) * b - 0 is exactly v times
 * this, one multiply where v is exp(x - max). */
SMAX_FN float smax_softmax_b(smax_row_total t)
{
    return t.zero ? 0.0f : t.b;
}

/* The output for a (scaled) input element xs. */
SMAX_FN float smax_output(float xs, smax_row_total t, int flags)
{
    float v = (flags & SMAX_FLAG_LOG_BIT) ? xs : SMAX_ROW_EXP(xs - t.base);
    return smax_finish(v, t);
}

/* ---- a vector at a time ---------------------------------------------------- */

SMAX_FN smax_vec smax_scale_vec(smax_vec v, float scale)
{
    if (scale == 1.0f) /* the common case, exactly the same result */
        return v;
    SMAX_UNROLL_ALL
    for (int i = 0; i < SMAX_VEC; ++i)
        v.e[i] = SMAX_MUL_RN(v.e[i], scale);
    return v;
}

SMAX_FN smax_vec smax_fill_vec(float value)
{
    smax_vec v;
    SMAX_UNROLL_ALL
    for (int i = 0; i < SMAX_VEC; ++i)
        v.e[i] = value;
    return v;
}

SMAX_FN float smax_max_vec(smax_vec v)
{
    float m = v.e[0];
    SMAX_UNROLL_ALL
    for (int i = 1; i < SMAX_VEC; ++i)
        m = smax_max_skip_nan(m, v.e[i]);
    return m;
}

/* exp(x - base) of every element, base a maximum of them or the row's
 * (smax_exp_base): exactly 0 at x = -inf. OpenCL's math builtins take
 * vectors, which CPU compilers turn into SIMD library calls (PoCL:
 * bench/results/pocl-2026-11-23-vector-exp); CUDA and HIP have no vector
 * exp, so element by element. */
SMAX_FN smax_vec smax_exp_vec_from(smax_vec v, float base)
{
#if defined(SMAX_DIALECT_OPENCL)
    SMAX_UNROLL_ALL
    for (int q = 0; q < SMAX_VEC / 4; ++q)
        smax_vec_set4(&v, q, SMAX_ROW_EXP(smax_vec_get4(v, q) - base));
#else
    SMAX_UNROLL_ALL
    for (int i = 0; i < SMAX_VEC; ++i)
        v.e[i] = SMAX_ROW_EXP(v.e[i] - base);
#endif
    return v;
}

/* smax_exp_vec_from lifted: 2^((v - base) log2(e) + lift) an element
 * (SMAX_ROW_EXP_LIFTED; lift 0, or no 16-bit output, is exp(v - base)). */
SMAX_FN smax_vec smax_exp_vec_lifted(smax_vec v, float base, float lift)
{
    (void)lift; /* where the dialect has no lifted exponential */
    SMAX_UNROLL_ALL
    for (int i = 0; i < SMAX_VEC; ++i)
        v.e[i] = SMAX_ROW_EXP_LIFTED(v.e[i] - base, lift);
    return v;
}

/* exp(x - m) of every element, m the maximum of them (smax_max_vec), to
 * be summed; exactly 0 at x = -inf. With m finite (or NaN), exp(-inf - m)
 * is 0 by itself, so OpenCL takes the vector exp of smax_exp_vec_from, and
 * CUDA and HIP with a 16-bit output the unlifted exp2 without subnormal
 * results (smax_exp_vec_lifted, lift 0: a flushed term is below 2^-126 in
 * a sum that holds exp(0) = 1; docs/numerics.md) without the element's
 * test of smax_exp_shifted: there the streaming partials are bound by
 * issue, and the two changes take five instructions an element of about
 * eleven (H100, three launches, bf16 1 x 2^28 61 -> 66% of copy; f32
 * outputs, not bound so, ran level or half a point lower and keep the
 * test). m = -inf (elements that are -inf or NaN, whose NaN must survive)
 * goes element by element. */
SMAX_FN smax_vec smax_exp_vec_shifted(smax_vec v, float m)
{
#if defined(SMAX_DIALECT_OPENCL)
    if (m != -SMAX_INF)
        return smax_exp_vec_from(v, m);
#elif defined(SMAX_OUT_DTYPE) && SMAX_OUT_DTYPE != 0
    if (m != -SMAX_INF)
        return smax_exp_vec_lifted(v, m, 0.0f);
#endif
    SMAX_UNROLL_ALL
    for (int i = 0; i < SMAX_VEC; ++i)
        v.e[i] = smax_exp_shifted(v.e[i], m);
    return v;
}

/* Pairwise, so the rounding does not grow with the vector width. */
SMAX_FN float smax_sum_vec(smax_vec v)
{
    SMAX_UNROLL_ALL
    for (int w = SMAX_VEC / 2; w > 0; w >>= 1) {
        SMAX_UNROLL_ALL
        for (int i = 0; i < w; ++i)
            v.e[i] = v.e[i] + v.e[i + w];
    }
    return v.e[0];
}

/* The partial (max, sum of exp) of one vector: one maximum for all. */
SMAX_FN smax_partial smax_partial_of_vec(smax_vec v)
{
    smax_partial p;
    p.m = smax_max_vec(v);
    p.s = smax_sum_vec(smax_exp_vec_shifted(v, p.m));
    return p;
}

SMAX_FN smax_vec smax_finish_vec(smax_vec v, smax_row_total t)
{
    SMAX_UNROLL_ALL
    for (int i = 0; i < SMAX_VEC; ++i)
        v.e[i] = smax_finish(v.e[i], t);
    return v;
}

/* ---- where a work-item stands ---------------------------------------------- */

/* `lanes` consecutive items serve one row slot; the group's slots take
 * consecutive rows. Items of a slot past the last row are idle (active 0)
 * and use row 0 so that addresses stay valid; they still take part in
 * barriers. */
typedef struct smax_row_slot {
    int lid, lane, slot;
    int active;
    smax_i64 row;
} smax_row_slot;

SMAX_FN smax_row_slot smax_row_slot_of(smax_i64 rows, int lanes)
{
    smax_row_slot r;
    r.lid = SMAX_LOCAL_ID();
    /* Shifts, not divisions: two divisions took about forty instructions
     * an item, which the register kernel of 16-bit rows spends on 16
     * elements (H200, % of copy: bf16 rows of 128-2048 columns 84-91 ->
     * 88-95; bench/results/h200-2026-11-29b, call 2). */
    const int lanes_log2 = SMAX_LOG2_POW2(lanes);
    r.lane = r.lid & (lanes - 1);
    r.slot = r.lid >> lanes_log2;
    const smax_i64 row =
        SMAX_GROUP_ID() * (SMAX_GROUP_SIZE() >> lanes_log2) + r.slot;
    r.active = row < rows;
    r.row = r.active ? row : 0;
    return r;
}

/* ---- alignment phases ------------------------------------------------------ */

/* Elements by which p lies past its 16-byte boundary. */
SMAX_FN int smax_phase(smax_i64 addr, int bytes)
{
    return (int)((addr & 15) / bytes);
}

/* The vector grid of one input and one output buffer: elements by which
 * both lie past an element where both are 16-byte aligned (0 to
 * SMAX_VEC - 1), or -1 if no element aligns them both. The narrower type's
 * phase decides (its grid is SMAX_VEC wide); the wider one must agree
 * modulo its own, shorter grid. */
SMAX_FN int smax_join_phases(int p_in, int p_out)
{
#if SMAX_IN_BYTES <= SMAX_OUT_BYTES
    return p_in % (16 / SMAX_OUT_BYTES) == p_out ? p_in : -1;
#else
    return p_out % (16 / SMAX_IN_BYTES) == p_in ? p_out : -1;
#endif
}

/* Forward: x read, y written at the same element positions. */
SMAX_FN int smax_row_shift(const SMAX_GLOBAL smax_in_t *xr,
                           const SMAX_GLOBAL smax_out_t *yr)
{
    return smax_join_phases(smax_phase((smax_i64)SMAX_ADDR(xr), SMAX_IN_BYTES),
                            smax_phase((smax_i64)SMAX_ADDR(yr), SMAX_OUT_BYTES));
}

/* Backward: y and dy read, dx written. */
SMAX_FN int smax_row_shift3(const SMAX_GLOBAL smax_in_t *yr,
                            const SMAX_GLOBAL smax_in_t *dyr,
                            const SMAX_GLOBAL smax_out_t *dxr)
{
    const int py = smax_phase((smax_i64)SMAX_ADDR(yr), SMAX_IN_BYTES);
    const int pd = smax_phase((smax_i64)SMAX_ADDR(dyr), SMAX_IN_BYTES);
    if (py != pd)
        return -1;
    return smax_join_phases(py,
                            smax_phase((smax_i64)SMAX_ADDR(dxr), SMAX_OUT_BYTES));
}

/* Input only (multi-block partials): its own 16-byte grid. */
SMAX_FN int smax_row_shift_in(const SMAX_GLOBAL smax_in_t *xr)
{
    return smax_phase((smax_i64)SMAX_ADDR(xr), SMAX_IN_BYTES);
}

/* ---- splitting a slice ------------------------------------------------------ */

/* How a slice [begin, end) is walked: a scalar head up to the first vector
 * start, a body of whole vectors, a scalar tail. `shift` is the phase of
 * the slice's first element (smax_row_shift* at begin), -1 for no
 * vectors. */
typedef struct smax_split {
    int body;     /* first element of the vector body */
    int body_end; /* one past its last element        */
} smax_split;

SMAX_FN smax_split smax_split_slice(int shift, int begin, int end)
{
    smax_split sp;
    int head = shift < 0 ? end - begin : (SMAX_VEC - shift) & (SMAX_VEC - 1);
    if (head > end - begin)
        head = end - begin;
    sp.body = begin + head;
    sp.body_end = sp.body + ((end - sp.body) & ~(SMAX_VEC - 1));
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

/* ---- the register-resident layout ----------------------------------------- *
 * Lane `lane` of a row slot holds the vectors k = 0..nvec-1 (nvec:
 * SMAX_REG_VECTORS, or SMAX_FWD_REG_VECTORS in the forward kernel) that
 * start at element SMAX_VEC * (k * lanes + lane) - shift, where shift
 * puts them on the vector grid, so a row at any offset keeps vector
 * access. A vector that crosses an end of the row, or every one when the
 * buffers differ in phase, is moved element by element; the up to
 * SMAX_VEC - 1 elements past every lane's vectors are held round-robin,
 * element extra + j * lanes in the lane's extra slot j. */
#define SMAX_EXTRAS SMAX_REG_EXTRAS(SMAX_VEC)

typedef struct smax_reg_map {
    int first;   /* element of the lane's vector k = 0           */
    int vectors; /* 1 if whole vectors may be moved as one       */
    int extra;   /* element of the lane's extra slot 0           */
    int live;    /* elements of the row (0 for an idle slot)     */
} smax_reg_map;

SMAX_FN smax_reg_map smax_reg_map_of(int shift, int lane, int lanes, int cols,
                                     int active, int nvec)
{
    smax_reg_map r;
    r.vectors = shift >= 0;
    const int s = r.vectors ? shift : 0;
    r.first = SMAX_VEC * lane - s;
    r.extra = SMAX_VEC * nvec * lanes - s + lane;
    r.live = active ? cols : 0;
    return r;
}

/* The shift to lay a row's lanes from: `shift` (smax_row_shift*), or one
 * vector more where that puts the first vector on a 32-byte sector
 * boundary and the row still fits in the lanes' vectors. A slot's lanes
 * move 16 * lanes contiguous bytes per vector k; started 16 bytes past a
 * sector, every such run touches one sector more than it fills (bf16 rows
 * of 100 columns, 200 bytes apart: 3 sectors per 64 bytes, 53% of the
 * sectors excess by ncu, 63% of copy on the H100; 72% so laid,
 * bench/results/h100-2026-11-23-all-python). Only where an input vector is
 * 16 bytes: a wider input's 32-byte vectors start where the 16-byte grid
 * of the output says. The forward kernel only: the gradient's rows (y, dy
 * and dx) ran no faster so laid (bf16 600000 x 100: 86.7 -> 85.8%). */
SMAX_FN int smax_reg_sector_shift(const SMAX_GLOBAL smax_in_t *r, int shift,
                                  int cols, int lanes, int nvec)
{
#if SMAX_IN_BYTES * SMAX_VEC == 16
    const smax_i64 grid =
        (smax_i64)SMAX_ADDR(r) - (smax_i64)shift * SMAX_IN_BYTES;
    if (shift >= 0 && (grid & 16) &&
        cols + shift + SMAX_VEC <= SMAX_VEC * nvec * lanes)
        return shift + SMAX_VEC;
#else
    (void)r, (void)cols, (void)lanes, (void)nvec; /* wider inputs */
#endif
    return shift;
}

SMAX_FN int smax_reg_elem(smax_reg_map r, int k, int lanes)
{
    return r.first + SMAX_VEC * k * lanes;
}

/* A vector with at least one element inside the row. */
SMAX_FN int smax_touches_vec(int e, int cols)
{
    return e + SMAX_VEC - 1 >= 0 && e < cols;
}

/* A vector that lies wholly inside the row and may be moved as one. */
SMAX_FN int smax_whole_vec(int e, int cols, int vectors)
{
    return vectors && e >= 0 && e + SMAX_VEC - 1 < cols;
}

/* Partly inside, or wholly inside without vectors: element by element. */
SMAX_FN int smax_split_vec(int e, int cols, int vectors)
{
    return !smax_whole_vec(e, cols, vectors) && smax_touches_vec(e, cols);
}

/* The scaled element j of an input row. */
SMAX_FN float smax_load_scaled(const SMAX_GLOBAL smax_in_t *xr, int j,
                               float scale)
{
    return SMAX_MUL_RN(smax_load_in(xr, j), scale);
}

/* Element e of an input row times scale, or `outside` (unscaled) where e
 * is not in the row. */
SMAX_FN float smax_load_or(const SMAX_GLOBAL smax_in_t *r, int e, int cols,
                           float scale, float outside)
{
    return e >= 0 && e < cols ? smax_load_scaled(r, e, scale) : outside;
}

/* The vector of an input row at element e, element by element. */
SMAX_FN smax_vec smax_load_vec_split(const SMAX_GLOBAL smax_in_t *r, int e,
                                     int cols, float scale, float outside)
{
    smax_vec v;
    SMAX_UNROLL_ALL
    for (int i = 0; i < SMAX_VEC; ++i)
        v.e[i] = smax_load_or(r, e + i, cols, scale, outside);
    return v;
}

SMAX_FN void smax_store_vec_split(SMAX_GLOBAL smax_out_t *r, int e, int cols,
                                  smax_vec o)
{
    SMAX_UNROLL_ALL
    for (int i = 0; i < SMAX_VEC; ++i)
        if (e + i >= 0 && e + i < cols)
            smax_store_out(r, e + i, o.e[i]);
}

/* Vector k of a lane at element e, scaled, `outside` past the row. The
 * caller issued the loads of whole vectors first (`whole`), so that no
 * load waits on another; this scales them and moves the split ones. */
SMAX_FN smax_vec smax_reg_load(const SMAX_GLOBAL smax_in_t *r, smax_reg_map m,
                               int e, smax_vec whole, float scale,
                               float outside)
{
    if (smax_whole_vec(e, m.live, m.vectors))
        return smax_scale_vec(whole, scale);
    if (smax_split_vec(e, m.live, m.vectors))
        return smax_load_vec_split(r, e, m.live, scale, outside);
    return smax_fill_vec(outside);
}

/* The unscaled whole vector at e, or anything where it is not whole. */
SMAX_FN smax_vec smax_reg_issue(const SMAX_GLOBAL smax_in_t *r, smax_reg_map m,
                                int e)
{
    if (smax_whole_vec(e, m.live, m.vectors))
        return smax_load_vec_in(r + e);
    return smax_fill_vec(0.0f);
}

SMAX_FN void smax_reg_store(SMAX_GLOBAL smax_out_t *r, smax_reg_map m, int e,
                            smax_vec o)
{
    if (smax_whole_vec(e, m.live, m.vectors))
        smax_store_vec_out(r + e, o);
    else if (smax_split_vec(e, m.live, m.vectors))
        smax_store_vec_split(r, e, m.live, o);
}

/* ---- held vectors: what a register-resident lane keeps of an input ---------- *
 * 16-bit inputs are kept as the 16 bytes they were read as and converted
 * at each use (one instruction an element): eight f32 would take twice the
 * registers, and the gradient, which keeps y and dy, ran bf16 65536 x 4096
 * at 120 registers, 23% occupancy and 92% of copy on the H100. f32 inputs
 * are kept as they are. Elements outside the row hold 0 (the gradient's
 * filler). */
#if SMAX_IN_BYTES == 2
typedef smax_u32x4 smax_held_vec;

SMAX_FN smax_held_vec smax_held_zero(void)
{
    smax_held_vec h;
    h.x = 0u;
    h.y = 0u;
    h.z = 0u;
    h.w = 0u;
    return h;
}

/* The whole vector at e as read, or zeros where it is not whole. */
SMAX_FN smax_held_vec smax_held_issue(const SMAX_GLOBAL smax_in_t *r,
                                      smax_reg_map m, int e)
{
    if (smax_whole_vec(e, m.live, m.vectors))
        return *(const SMAX_GLOBAL smax_u32x4 *)(r + e);
    return smax_held_zero();
}

/* Vector e of a lane: `whole` as issued, or its elements inside the row
 * one by one (element 2k the low half of word k). */
SMAX_FN smax_held_vec smax_held_load(const SMAX_GLOBAL smax_in_t *r,
                                     smax_reg_map m, int e,
                                     smax_held_vec whole)
{
    if (smax_whole_vec(e, m.live, m.vectors))
        return whole;
    smax_u32 a[4] = {0u, 0u, 0u, 0u};
    if (smax_split_vec(e, m.live, m.vectors)) {
        const SMAX_GLOBAL smax_u16 *bits = (const SMAX_GLOBAL smax_u16 *)r;
        SMAX_UNROLL_ALL
        for (int i = 0; i < SMAX_VEC; ++i)
            if (e + i >= 0 && e + i < m.live)
                a[i >> 1] |= (smax_u32)bits[e + i] << (16 * (i & 1));
    }
    smax_held_vec h;
    h.x = a[0];
    h.y = a[1];
    h.z = a[2];
    h.w = a[3];
    return h;
}

#define smax_held_get(h) smax_in_vec_of_bits(h)

/* Makes the compiler take h as changed (SMAX_OPAQUE_U32): between passes
 * over a held row, so that the later pass converts it again. Without it
 * ptxas kept the gradient's bf16 y and dy converted from the sum to the
 * write, twice the registers (94 against 72: 5 against 7 groups of 128 a
 * compute unit; bf16 rows of 2049-6000 columns 68-92 -> 78-104% of copy
 * on the H100, bench/results/h100-2026-11-24f, folder 2). */
SMAX_FN void smax_held_opaque(smax_held_vec *h)
{
    SMAX_OPAQUE_U32(h->x);
    SMAX_OPAQUE_U32(h->y);
    SMAX_OPAQUE_U32(h->z);
    SMAX_OPAQUE_U32(h->w);
}
#else
typedef smax_vec smax_held_vec;
#define smax_held_issue smax_reg_issue

SMAX_FN smax_held_vec smax_held_load(const SMAX_GLOBAL smax_in_t *r,
                                     smax_reg_map m, int e,
                                     smax_held_vec whole)
{
    return smax_reg_load(r, m, e, whole, 1.0f, 0.0f);
}

#define smax_held_get(h) (h)

SMAX_FN void smax_held_opaque(smax_held_vec *h)
{
    SMAX_UNROLL_ALL
    for (int i = 0; i < SMAX_VEC; ++i)
        SMAX_OPAQUE_F32(h->e[i]);
}
#endif

/* ---- streaming over a slice (online, multi-block) --------------------------- */

/* Vectors a work-item of a GPU reads before it folds them into its running
 * partial (smax_slice_partial). */
#define SMAX_SLICE_BATCH 4

/* The maximum of the scaled elements [begin, end) of an input row, visited
 * by `lane` of `lanes` (NaN skipped); shift is the phase at begin. */
SMAX_FN float smax_slice_max(const SMAX_GLOBAL smax_in_t *xr, int shift,
                             int begin, int end, int lane, int lanes,
                             float scale)
{
    const smax_split sp = smax_split_slice(shift, begin, end);
    float m = -SMAX_INF;
    for (int j = sp.body + SMAX_VEC * lane; j < sp.body_end;
         j += SMAX_VEC * lanes)
        m = smax_max_skip_nan(
            m, smax_max_vec(smax_scale_vec(smax_load_vec_in(xr + j), scale)));
    for (int j = begin + lane; j < sp.body; j += lanes)
        m = smax_max_skip_nan(m, smax_load_scaled(xr, j, scale));
    for (int j = sp.body_end + lane; j < end; j += lanes)
        m = smax_max_skip_nan(m, smax_load_scaled(xr, j, scale));
    return m;
}

/* The partial of the scaled elements [begin, end) of an input row, visited
 * by `lane` of `lanes`; shift is the phase at begin. */
SMAX_FN smax_partial smax_slice_partial(const SMAX_GLOBAL smax_in_t *xr,
                                        int shift, int begin, int end,
                                        int lane, int lanes, float scale)
{
    const smax_split sp = smax_split_slice(shift, begin, end);
#if defined(SMAX_CPU_DEVICE)
    /* CPU devices (the OpenCL build defines this for them): a work-item's
     * share of the slice stays in cache, so two passes, the maximum and
     * then the sum of exp(x - max) with the vector exp, beat one pass that
     * rescales a running sum with a scalar exp per vector (PoCL, 2 cores:
     * bench/results/pocl-2026-11-23-vector-exp). Same partial, the same
     * special values: NaN skips the maximum and poisons the sum, a slice
     * of -inf is the identity (-inf, 0). */
    const float m = smax_slice_max(xr, shift, begin, end, lane, lanes, scale);
    const float base = smax_exp_base(m);
    float s = 0.0f, s_lost = 0.0f;
    for (int j = sp.body + SMAX_VEC * lane; j < sp.body_end;
         j += SMAX_VEC * lanes)
        smax_kahan_add(&s, &s_lost,
                       smax_sum_vec(smax_exp_vec_from(
                           smax_scale_vec(smax_load_vec_in(xr + j), scale),
                           base)));
    for (int j = begin + lane; j < sp.body; j += lanes)
        smax_kahan_add(&s, &s_lost,
                       SMAX_ROW_EXP(smax_load_scaled(xr, j, scale) - base));
    for (int j = sp.body_end + lane; j < end; j += lanes)
        smax_kahan_add(&s, &s_lost,
                       SMAX_ROW_EXP(smax_load_scaled(xr, j, scale) - base));
    smax_partial p;
    p.m = m;
    p.s = s;
    return p;
#else
    /* Batches of SMAX_SLICE_BATCH vectors: their loads are in flight
     * together, and the batch's maximum, exponentials and plain sum make
     * one partial, so the rescale and the compensated add of the running
     * partial are paid once a batch, not once a vector (H100, 1 x 2^24
     * f32: the per-vector form kept the SMs 67% busy at 56% of DRAM
     * bandwidth). */
    smax_accumulator acc = smax_accumulator_init();
    const int step = SMAX_VEC * lanes;
    int j = sp.body + SMAX_VEC * lane;
    for (; j + (SMAX_SLICE_BATCH - 1) * step < sp.body_end;
         j += SMAX_SLICE_BATCH * step) {
        smax_vec v[SMAX_SLICE_BATCH];
        float m = -SMAX_INF;
        SMAX_UNROLL_ALL
        for (int b = 0; b < SMAX_SLICE_BATCH; ++b)
            v[b] = smax_load_vec_in(xr + j + b * step);
        SMAX_UNROLL_ALL
        for (int b = 0; b < SMAX_SLICE_BATCH; ++b) {
            v[b] = smax_scale_vec(v[b], scale);
            m = smax_max_skip_nan(m, smax_max_vec(v[b]));
        }
        smax_partial p;
        p.m = m;
        p.s = 0.0f;
        SMAX_UNROLL_ALL
        for (int b = 0; b < SMAX_SLICE_BATCH; ++b)
            p.s += smax_sum_vec(smax_exp_vec_shifted(v[b], m));
        acc = smax_accumulate(acc, p);
    }
    for (; j < sp.body_end; j += step)
        acc = smax_accumulate(acc, smax_partial_of_vec(smax_scale_vec(
                                       smax_load_vec_in(xr + j), scale)));
    for (int j = begin + lane; j < sp.body; j += lanes)
        acc = smax_accumulate(
            acc, smax_partial_of(smax_load_scaled(xr, j, scale)));
    for (int j = sp.body_end + lane; j < end; j += lanes)
        acc = smax_accumulate(
            acc, smax_partial_of(smax_load_scaled(xr, j, scale)));
    return smax_accumulator_partial(acc);
#endif
}

SMAX_FN smax_vec smax_output_vec(smax_vec v, float scale, smax_row_total t,
                                 int flags)
{
#if defined(SMAX_CPU_DEVICE)
    /* CPU devices: the vector exp (smax_exp_vec_from), where one scalar
     * call per element dominated the output pass of online, multi-block
     * and smax_cpu_rows (bench/results/pocl-2026-11-23-cpu-rows). The
     * fused kernels' output pass already takes it. */
    v = smax_scale_vec(v, scale);
    if (!(flags & SMAX_FLAG_LOG_BIT))
        v = smax_exp_vec_from(v, t.base);
    return smax_finish_vec(v, t);
#else
    SMAX_UNROLL_ALL
    for (int i = 0; i < SMAX_VEC; ++i)
        v.e[i] = smax_output(SMAX_MUL_RN(v.e[i], scale), t, flags);
    return v;
#endif
}

/* Vectors a work-item of a GPU loads before it stores the first of their
 * outputs, in the passes that read an input row from memory and write the
 * output (smax_slice_normalize, smax_bwd_slice_write). The output may be
 * the input, so no compiler moves a load above an earlier store: one at a
 * time, each item had one vector in flight. CPU devices keep one. */
#if defined(SMAX_CPU_DEVICE)
#define SMAX_WRITE_BATCH 1
#else
#define SMAX_WRITE_BATCH 4
#endif

/* Writes the outputs of [begin, end) of one row from x, given the row's
 * (m, s); shift is the phase of x and y at begin. Each item reads and
 * writes the same elements, so x == y works: it loads a batch before it
 * stores it. */
SMAX_FN void smax_slice_normalize(const SMAX_GLOBAL smax_in_t *xr,
                                  SMAX_GLOBAL smax_out_t *yr, int shift,
                                  int begin, int end, int lane, int lanes,
                                  float scale, smax_partial total, int flags)
{
    const smax_split sp = smax_split_slice(shift, begin, end);
    const smax_row_total t = smax_row_total_of(total, flags);
    const int step = SMAX_VEC * lanes;
    int j = sp.body + SMAX_VEC * lane;
    for (; j + (SMAX_WRITE_BATCH - 1) * step < sp.body_end;
         j += SMAX_WRITE_BATCH * step) {
        smax_vec v[SMAX_WRITE_BATCH];
        SMAX_UNROLL_ALL
        for (int b = 0; b < SMAX_WRITE_BATCH; ++b)
            v[b] = smax_load_vec_in(xr + j + b * step);
        SMAX_UNROLL_ALL
        for (int b = 0; b < SMAX_WRITE_BATCH; ++b)
            smax_store_vec_out(yr + j + b * step,
                               smax_output_vec(v[b], scale, t, flags));
    }
    for (; j < sp.body_end; j += step)
        smax_store_vec_out(yr + j, smax_output_vec(smax_load_vec_in(xr + j),
                                                   scale, t, flags));
    for (int j = begin + lane; j < sp.body; j += lanes)
        smax_store_out(yr, j,
                       smax_output(smax_load_scaled(xr, j, scale), t, flags));
    for (int j = sp.body_end + lane; j < end; j += lanes)
        smax_store_out(yr, j,
                       smax_output(smax_load_scaled(xr, j, scale), t, flags));
}

#endif /* SMAX_ROWS_H */
