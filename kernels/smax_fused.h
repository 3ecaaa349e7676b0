/*
 * smax_fused.h - the fused algorithm from on-chip memory, for rows too
 * long for registers that still fit: one read, one write. The row is kept
 * on-chip (smax_onchip.h) while the maximum is taken; the sum pass and the
 * output pass read it from there. An f32 row's exponentials replace it
 * on-chip during the sum pass; a 16-bit row, kept as its bits, has them
 * recomputed in the output pass, which costs fewer cycles than storing
 * them as f32 would cost in resident rows. `cols_padded` (a multiple of 8,
 * at least cols + the pad of smax_onchip_pad) is the pitch between row
 * slots, in on-chip elements.
 *
 * Dynamic on-chip memory holds the rows (slots * cols_padded elements),
 * then two floats per work-item for the group reductions.
 */
#ifndef SMAX_FUSED_H
#define SMAX_FUSED_H

#ifndef SMAX_OPENCL_C
#include "smax_onchip.h"
#include "smax_reduce.h"
#include "smax_rows.h"
#endif

/* A 16-bit row's pass 1 takes its maximum on the inputs' bits where the
 * dialect has the instruction (smax_in_max2) and the scale is positive:
 * rounding x * scale keeps the order of x then, so the maximum of the
 * scaled inputs is the scaled maximum, the same bits. */
#if SMAX_ONCHIP_KEEPS_BITS && defined(SMAX_HAVE_MAX16X2)
#define SMAX_FUSED_MAX_BITS 1
#endif

/* Pass 1 keeps a fetched vector at i and returns its scaled values. An f32 row
 * keeps them scaled, so that the later passes read them as they are (its
 * H100 codegen is sensitive to every added instruction: see smax_swizzle);
 * a 16-bit row keeps its bits and scales again on every read. */
SMAX_FN smax_vec smax_fused_stash_vec(SMAX_LOCAL smax_onchip_t *row, int i,
                                      smax_fetched w, float scale)
{
#if SMAX_ONCHIP_KEEPS_BITS
    return smax_scale_vec(smax_stash_vec(row, i, w), scale);
#else
    const smax_vec v = smax_scale_vec(w, scale);
    smax_rekeep_vec(row, i, v);
    return v;
#endif
}

/* The scaled input kept at i, as pass 2 reads it. */
SMAX_FN smax_vec smax_fused_kept_vec(const SMAX_LOCAL smax_onchip_t *row,
                                     int i, float scale)
{
#if SMAX_ONCHIP_KEEPS_BITS
    return smax_scale_vec(smax_kept_vec(row, i), scale);
#else
    (void)scale; /* f32 rows are kept scaled */
    return smax_kept_vec(row, i);
#endif
}

#if defined(SMAX_OUT_QUADS)
/* smax_fused_kept_vec of the quads kept at i and i2 (smax_kept_quads). */
SMAX_FN smax_vec smax_fused_kept_quads(const SMAX_LOCAL smax_onchip_t *row,
                                       int i, int i2, float scale)
{
    return smax_scale_vec(smax_kept_quads(row, i, i2), scale);
}
#endif

SMAX_FN float smax_fused_kept(const SMAX_LOCAL smax_onchip_t *row, int i,
                              float scale)
{
#if SMAX_ONCHIP_KEEPS_BITS
    return SMAX_MUL_RN(smax_kept(row, i), scale);
#else
    (void)scale;
    return smax_kept(row, i);
#endif
}

/* The maximum of an item's vectors once they are kept (at j + shift for
 * j = first, first + step, ... below end), scaled: read back from on-chip
 * memory after copies that bypassed registers (asynchronous or bulk). */
SMAX_FN float smax_fused_kept_max(const SMAX_LOCAL smax_onchip_t *row,
                                  int first, int end, int step, int shift,
                                  float scale)
{
#if defined(SMAX_FUSED_MAX_BITS)
    if (scale > 0.0f) {
        smax_u32 m2 = SMAX_IN_NEG_INF_BITS2;
        for (int j = first; j < end; j += step)
            m2 = smax_in_max2_vec(m2, smax_kept_bits(row, j + shift));
        return SMAX_MUL_RN(smax_in_max2_value(m2), scale);
    }
#endif
    float m = -SMAX_INF;
    for (int j = first; j < end; j += step)
        m = smax_max_skip_nan(
            m, smax_max_vec(smax_fused_kept_vec(row, j + shift, scale)));
    return m;
}

#if defined(SMAX_ASYNC_KEEP)
/* Pass 1 with every vector of an item in flight at once, copied to
 * on-chip memory without passing through registers, then read back: each
 * item reads only what it copied, so no barrier. Where the registers would
 * take more than one batch (smax_onchip.h); an f32 row is kept unscaled
 * this way, so only where scale is 1. */
SMAX_FN int smax_async_keeps(int first, int end, int step, float scale)
{
    return end - first > SMAX_KEEP_BATCH * step &&
           (SMAX_ONCHIP_KEEPS_BITS || scale == 1.0f);
}

/* Puts an item's vectors (at j = first, first + step, ... below end) in
 * flight to on-chip memory at j + shift; the caller waits for them. */
SMAX_FN void smax_async_keep_run(const SMAX_GLOBAL smax_in_t *xr,
                                 SMAX_LOCAL smax_onchip_t *row, int first,
                                 int end, int step, int shift)
{
    for (int j = first; j < end; j += step)
        smax_async_keep_vec(row, j + shift, xr + j);
}

SMAX_FN float smax_fused_keep_max_async(const SMAX_GLOBAL smax_in_t *xr,
                                        SMAX_LOCAL smax_onchip_t *row,
                                        int first, int end, int step,
                                        int shift, float scale)
{
    smax_async_keep_run(xr, row, first, end, step, shift);
    smax_async_wait_all();
    return smax_fused_kept_max(row, first, end, step, shift, scale);
}
#endif

/* The batch of an item's vectors at j0, j0 + step, ... below end, all in
 * flight before any is used (smax_fused_keep_max). */
SMAX_FN void smax_fetch_batch(smax_fetched *w, const SMAX_GLOBAL smax_in_t *xr,
                              int j0, int end, int step)
{
    SMAX_UNROLL_ALL
    for (int u = 0; u < SMAX_KEEP_BATCH; ++u)
        if (j0 + u * step < end)
            w[u] = smax_fetch_vec(xr + j0 + u * step);
}

/* Pass 1 over one item's vectors: those at j = first, first + step, ...
 * below end, kept at on-chip element j + shift; returns the maximum of
 * their scaled values. The loads go out a batch at a time, all of a batch
 * before any is used, the last batch predicated: a loop unrolled by the
 * compiler instead leaves a remainder that waits for its loads one by one
 * wherever an item's count of vectors is no multiple of the unrolling
 * (H100, f32 rows of 32000 columns: 73% of copy against 92% at 32768).
 * `lead` is the first vector of the row's (or chunk's) first item, the
 * item with the most vectors: its count chooses the form for every item,
 * so that a warp never runs both. Chosen item by item, a row whose items
 * hold 4 and 5 vectors ran both forms one after the other, each a round
 * trip to memory, in the warp where the counts change, and the row's
 * group waited for it (H100, bf16 6710 x 10000: 93.6% of copy where
 * 6721 x 9984, whose counts change between warps, ran 100.6). */
SMAX_FN float smax_fused_keep_max(const SMAX_GLOBAL smax_in_t *xr,
                                  SMAX_LOCAL smax_onchip_t *row, int lead,
                                  int first, int end, int step, int shift,
                                  float scale)
{
    float m = -SMAX_INF;
#if defined(SMAX_ASYNC_KEEP)
    if (smax_async_keeps(lead, end, step, scale))
        return smax_fused_keep_max_async(xr, row, first, end, step, shift,
                                         scale);
#else
    (void)lead;
#endif
#if defined(SMAX_FUSED_MAX_BITS)
    if (scale > 0.0f) {
        smax_u32 m2 = SMAX_IN_NEG_INF_BITS2;
        for (int j0 = first; j0 < end; j0 += SMAX_KEEP_BATCH * step) {
            smax_fetched w[SMAX_KEEP_BATCH];
            smax_fetch_batch(w, xr, j0, end, step);
            SMAX_UNROLL_ALL
            for (int u = 0; u < SMAX_KEEP_BATCH; ++u)
                if (j0 + u * step < end) {
                    smax_stash_bits(row, j0 + u * step + shift, w[u]);
                    m2 = smax_in_max2_vec(m2, w[u]);
                }
        }
        return SMAX_MUL_RN(smax_in_max2_value(m2), scale);
    }
#endif
    for (int j0 = first; j0 < end; j0 += SMAX_KEEP_BATCH * step) {
        smax_fetched w[SMAX_KEEP_BATCH];
        smax_fetch_batch(w, xr, j0, end, step);
        SMAX_UNROLL_ALL
        for (int u = 0; u < SMAX_KEEP_BATCH; ++u)
            if (j0 + u * step < end)
                m = smax_max_skip_nan(
                    m, smax_max_vec(smax_fused_stash_vec(
                           row, j0 + u * step + shift, w[u], scale)));
    }
    return m;
}

/* Keeps an element fetched ahead (smax_fetch_one) at element i of row and
 * returns its value, scaled: an f32 row keeps the scaled value, a 16-bit
 * row its bits. */
SMAX_FN float smax_fused_stash_one(SMAX_LOCAL smax_onchip_t *row, int i,
                                   smax_onchip_t raw, float scale)
{
#if SMAX_ONCHIP_KEEPS_BITS
    return SMAX_MUL_RN(smax_stash_one(row, i, raw), scale);
#else
    return smax_stash_one(row, i, SMAX_MUL_RN(raw, scale));
#endif
}

SMAX_FN float smax_fused_keep(const SMAX_GLOBAL smax_in_t *g, int j,
                              SMAX_LOCAL smax_onchip_t *row, int i,
                              float scale)
{
    return smax_fused_stash_one(row, i, smax_fetch_one(g, j), scale);
}

/* What the output pass finishes of a kept vector v, scaled: v for
 * log-softmax, exp(v - base) for softmax; an f32 row kept exactly that
 * after pass 2. */
SMAX_FN smax_vec smax_fused_value_vec(smax_vec v, float base, int keep_x)
{
#if SMAX_ONCHIP_KEEPS_BITS
    return keep_x ? v : smax_exp_vec_lifted(v, base, SMAX_ROW_LIFT);
#else
    (void)base, (void)keep_x; /* an f32 row holds what the output needs */
    return v;
#endif
}

SMAX_FN float smax_fused_value(const SMAX_LOCAL smax_onchip_t *row, int i,
                               float scale, float base, int keep_x)
{
    const float v = smax_fused_kept(row, i, scale);
#if SMAX_ONCHIP_KEEPS_BITS
    return keep_x ? v : SMAX_ROW_EXP_LIFTED(v - base, SMAX_ROW_LIFT);
#else
    (void)base, (void)keep_x;
    return v;
#endif
}

/* The output of a value of smax_fused_value*: softmax's is v times
 * smax_softmax_b; log-softmax's smax_finish_log (no masked zero row). */
SMAX_FN float smax_fused_finish(float v, smax_row_total t, int keep_x)
{
    return keep_x ? smax_finish_log(v - t.base, t) : v * smax_softmax_b(t);
}

SMAX_FN smax_vec smax_fused_finish_vec(smax_vec v, smax_row_total t,
                                       int keep_x)
{
    if (keep_x) {
        SMAX_UNROLL_ALL
        for (int i = 0; i < SMAX_VEC; ++i)
            v.e[i] = smax_finish_log(v.e[i] - t.base, t);
        return v;
    }
    const float b = smax_softmax_b(t);
    SMAX_UNROLL_ALL
    for (int i = 0; i < SMAX_VEC; ++i)
        v.e[i] *= b;
    return v;
}

/* The outputs of a kept vector v, scaled, of a row with total t. */
SMAX_FN smax_vec smax_fused_output_vec(smax_vec v, smax_row_total t,
                                       int keep_x)
{
    return smax_fused_finish_vec(smax_fused_value_vec(v, t.base, keep_x), t,
                                 keep_x);
}

/* ---- a 16-bit row's exponentials, folded ------------------------------ */

/* A 16-bit row written as 16-bit computes each exponential twice from its
 * kept bits x, for the sum and for the output: 2^((x·scale − base)·log2 e
 * + K) (SMAX_ROW_EXP_LIFTED). Where |base| <= SMAX_FOLD_BASE_LIMIT that is
 * folded into 2^(x·k + c), k = scale·log2 e and c = K − base·log2 e: one
 * FMA an element where the scale's multiply, the subtraction and the FMA
 * were, and the output pass folds −log2 of the row's sum into c as well,
 * in place of the multiply by 1 / sum. Why: on the H200 these rows were
 * bound by instruction issue (bench/results/h200-2026-11-28b, call 4).
 * The roundings of k and c move the result by a relative 2^-14 at most,
 * far inside a 16-bit output's spacing (docs/numerics.md, "Folded
 * exponentials").
 * Rows past the limit, or whose sum is 0 or not finite, take the unfolded
 * form. f32 outputs keep exp itself. */
#if SMAX_ONCHIP_KEEPS_BITS && SMAX_OUT_DTYPE != 0
#define SMAX_FUSED_FOLDS_EXP 1
#else
#define SMAX_FUSED_FOLDS_EXP 0
#endif

#if SMAX_FUSED_FOLDS_EXP
#define SMAX_FOLD_BASE_LIMIT 128.0f

/* The output pass's lift: a bf16 output keeps results down to its least
 * subnormal, 2^-133, which exp2 without subnormal results would flush, so
 * it computes 2^12 y and multiplies by 2^-12 (exact); an f16 output rounds
 * everything below 2^-25 to 0 anyway. */
#if SMAX_OUT_DTYPE == 2
#define SMAX_FOLD_OUT_LIFT 12.0f
#define SMAX_FOLD_OUT_UNLIFT (1.0f / 4096.0f)
#else
#define SMAX_FOLD_OUT_LIFT 0.0f
#endif

typedef struct smax_fold {
    float k, c; /* the exponent of x is x * k + c */
} smax_fold;

/* False for NaN as well. */
SMAX_FN int smax_fold_fits(float base)
{
    return base >= -SMAX_FOLD_BASE_LIMIT && base <= SMAX_FOLD_BASE_LIMIT;
}

/* 2^((x·scale − base)·log2 e + lift + extra) as 2^(x·k + c). */
SMAX_FN smax_fold smax_fold_of(float scale, float base, float lift,
                               float extra)
{
    smax_fold f;
    f.k = scale * SMAX_LOG2E;
    f.c = SMAX_FMA(-base, SMAX_LOG2E, lift + extra);
    return f;
}

SMAX_FN smax_vec smax_fold_exp_vec(smax_vec x, smax_fold f)
{
    SMAX_UNROLL_ALL
    for (int i = 0; i < SMAX_VEC; ++i)
        x.e[i] = SMAX_EXP2_FTZ(SMAX_FMA(x.e[i], f.k, f.c));
    return x;
}

/* Pass 2 over the vector body: the sum of the row's exponentials, folded
 * or not (`folded` is a constant at each call, so that each loop compiles
 * by itself). It is summed in SMAX_VEC running sums, an add an element
 * where the compensated sum of a vector took 11 / 8: a work-item's share
 * of a row that fits on-chip is a few dozen vectors at most, so each sum
 * errs by at most a few dozen 2^-24, far below a 16-bit output's spacing. */
SMAX_FN float smax_fused_sum_bits(const SMAX_LOCAL smax_onchip_t *srow,
                                  int j, int end, int step, int pad,
                                  float scale, float base, float lift,
                                  int folded)
{
    const smax_fold f = smax_fold_of(scale, base, lift, 0.0f);
    smax_vec sums = smax_fill_vec(0.0f);
    for (; j < end; j += step) {
        const smax_vec x = smax_kept_vec(srow, j + pad);
        const smax_vec e =
            folded ? smax_fold_exp_vec(x, f)
                   : smax_exp_vec_lifted(smax_scale_vec(x, scale), base,
                                         lift);
        SMAX_UNROLL_ALL
        for (int i = 0; i < SMAX_VEC; ++i)
            sums.e[i] += e.e[i];
    }
    return smax_sum_vec(sums);
}

/* Pass 2 over the vector body of a row whose maximum is base: folded
 * where the base fits (smax_fold_fits), each form its own loop. */
SMAX_FN float smax_fused_sum_kept_bits(const SMAX_LOCAL smax_onchip_t *srow,
                                       int j, int end, int step, int pad,
                                       float scale, float base, float lift)
{
    return smax_fold_fits(base)
               ? smax_fused_sum_bits(srow, j, end, step, pad, scale, base,
                                     lift, 1)
               : smax_fused_sum_bits(srow, j, end, step, pad, scale, base,
                                     lift, 0);
}

/* Whether a row's softmax output is written folded: its sum (of terms
 * lifted by 2^K) is positive and finite, its base within the limit. */
SMAX_FN int smax_fold_writes(int keep_x, float base, float sum)
{
    return !keep_x && smax_fold_fits(base) && sum > 0.0f && sum < SMAX_INF;
}

/* The softmax output of the vector body, folded: y = 2^(x·k + c) with
 * c = K − base·log2 e − log2(sum of the lifted terms). */
SMAX_FN void smax_fused_write_folded(const SMAX_LOCAL smax_onchip_t *srow,
                                     SMAX_GLOBAL smax_out_t *yr, int j,
                                     int end, int step, int pad, float scale,
                                     float base, float lift, float sum)
{
    const smax_fold f = smax_fold_of(scale, base, lift,
                                     SMAX_FOLD_OUT_LIFT - SMAX_LOG2(sum));
    for (; j < end; j += step) {
        smax_vec y = smax_fold_exp_vec(smax_kept_vec(srow, j + pad), f);
#if SMAX_OUT_DTYPE == 2
        SMAX_UNROLL_ALL
        for (int i = 0; i < SMAX_VEC; ++i)
            y.e[i] *= SMAX_FOLD_OUT_UNLIFT;
#endif
        smax_store_vec_out(yr + j, y);
    }
}
#endif /* SMAX_FUSED_FOLDS_EXP */

/* smax_fused's output pass over the elements an item kept (its vectors
 * unless smax_fused_write_folded wrote them), or, where the slot's items
 * see each other's (`shared`, smax_slot_sees_kept) and the output is f32,
 * over the row's vector body four elements an item (SMAX_OUT_QUADS).
 * Each call passes keep_x as a constant, so that neither form selects
 * between softmax and log-softmax an element; a log-softmax row must not
 * be a masked zero row (smax_fused_write_zeros). */
SMAX_FN void smax_fused_write(const SMAX_LOCAL smax_onchip_t *srow,
                              SMAX_GLOBAL smax_out_t *yr, smax_split sp,
                              int cols, int lane, int lanes, int pad,
                              float scale, smax_row_total t, int keep_x,
                              int vectors_written, int shared)
{
    const int step = SMAX_VEC * lanes;
#if defined(SMAX_OUT_QUADS)
    if (shared && !vectors_written) {
        const int qstep = 4 * lanes;
        for (int j = sp.body + 4 * lane; j < sp.body_end; j += 2 * qstep) {
            const int j2 = smax_second_quad(j, qstep, sp.body_end);
            smax_store_quads(
                yr + j, yr + j2,
                smax_fused_output_vec(
                    smax_fused_kept_quads(srow, j + pad, j2 + pad, scale), t,
                    keep_x));
        }
        vectors_written = 1;
    }
#else
    (void)shared;
#endif
    if (!vectors_written)
        for (int j = sp.body + SMAX_VEC * lane; j < sp.body_end; j += step)
            smax_store_vec_out(
                yr + j,
                smax_fused_output_vec(smax_fused_kept_vec(srow, j + pad, scale),
                                      t, keep_x));
    for (int j = smax_scalar_first(lane, sp); j < cols;
         j = smax_scalar_next(j, lanes, sp))
        smax_store_out(yr, j,
                       smax_fused_finish(smax_fused_value(srow, j + pad, scale,
                                                          t.base, keep_x),
                                         t, keep_x));
}

/* Elements [begin, end) of a masked log-softmax row of -inf: zeros, which
 * smax_fused_finish leaves to this (rare; no vectors needed). */
SMAX_FN void smax_fused_write_zeros(SMAX_GLOBAL smax_out_t *yr, int begin,
                                    int end, int lane, int lanes)
{
    for (int j = begin + lane; j < end; j += lanes)
        smax_store_out(yr, j, 0.0f);
}

/* Whether smax_fused fetches an item's first element off the vector grid
 * ahead of its vectors (smax_bwd_edges says why) rather than after
 * them. H200, ABBA, % of copy (bench/results/h200-2026-11-28d, call 5):
 * bf16 rows of 2601, 4097, 2049 columns 83.2, 92.4, 91.7 -> 94.8, 95.3,
 * 93.4; f32 2049, 4097 94.8, 94.2 -> 95.3, 94.4. Rows read as 16-bit and
 * written as f32, bound by instruction issue, lost (bf16 -> f32 1300 76.2
 * -> 73.0) and fetch it after. */
#if SMAX_ONCHIP_KEEPS_BITS && SMAX_OUT_DTYPE == 0
#define SMAX_FUSED_FETCH_AHEAD 0
#else
#define SMAX_FUSED_FETCH_AHEAD 1
#endif

SMAX_KERNEL void SMAX_KNAME(smax_fused)(
    const SMAX_GLOBAL smax_in_t *x, smax_i64 x_off, smax_i64 x_stride,
    SMAX_GLOBAL smax_out_t *y, smax_i64 y_off, smax_i64 y_stride,
    smax_i64 rows, int cols, int cols_padded, int lanes, float scale,
    int flags SMAX_DYN_LOCAL_PARAM)
{
    SMAX_DYN_LOCAL_DECL
    const smax_row_slot rs = smax_row_slot_of(rows, lanes);
    const int lid = rs.lid, lane = rs.lane, active = rs.active;
    const SMAX_GLOBAL smax_in_t *xr = x + x_off + rs.row * x_stride;
    SMAX_GLOBAL smax_out_t *yr = y + y_off + rs.row * y_stride;
    const int slots = SMAX_GROUP_SIZE() / lanes;
    SMAX_LOCAL smax_onchip_t *rows_local =
        (SMAX_LOCAL smax_onchip_t *)smax_dyn_local;
    SMAX_LOCAL float *red = smax_onchip_after(rows_local, slots, cols_padded);
    const smax_split sp = smax_split_slice(smax_row_shift(xr, yr), 0, cols);
    SMAX_LOCAL smax_onchip_t *srow =
        rows_local + (smax_i64)rs.slot * cols_padded;
    const int pad = smax_onchip_pad(sp.body);
    const int step = SMAX_VEC * lanes;

    float m = -SMAX_INF;
    if (active) {
#if SMAX_FUSED_FETCH_AHEAD
        const int j1 = smax_scalar_first(lane, sp);
        smax_onchip_t x1 = 0;
        if (j1 < cols)
            x1 = smax_fetch_one(xr, j1);
        m = smax_fused_keep_max(xr, srow, sp.body, sp.body + SMAX_VEC * lane,
                                sp.body_end, step, pad, scale);
        if (j1 < cols) {
            m = smax_max_skip_nan(
                m, smax_fused_stash_one(srow, j1 + pad, x1, scale));
            for (int j = smax_scalar_next(j1, lanes, sp); j < cols;
                 j = smax_scalar_next(j, lanes, sp))
                m = smax_max_skip_nan(
                    m, smax_fused_keep(xr, j, srow, j + pad, scale));
        }
#else
        m = smax_fused_keep_max(xr, srow, sp.body, sp.body + SMAX_VEC * lane,
                                sp.body_end, step, pad, scale);
        for (int j = smax_scalar_first(lane, sp); j < cols;
             j = smax_scalar_next(j, lanes, sp))
            m = smax_max_skip_nan(m,
                                  smax_fused_keep(xr, j, srow, j + pad, scale));
#endif
    }
    m = smax_reduce_float_turn(red, 0, m, 0, lid, lane, lanes);
    const float base = smax_exp_base(m);

    /* Each item revisits exactly the elements it kept: no barrier needed
     * between the passes over srow (but smax_fused_write's quads). */
    const int keep_x = flags & SMAX_FLAG_LOG_BIT;
    /* A row kept as bits computes its exponentials here and again in the
     * output pass: lifted (SMAX_ROW_EXP_LIFTED) where the output is 16-bit,
     * half of exp2f's instructions, the lift cancelling in v / sum. */
#if SMAX_ONCHIP_KEEPS_BITS
    const float lift = keep_x ? 0.0f : SMAX_ROW_LIFT;
#endif
    /* compensated: rows can be long (a folded row's body sums apart:
     * smax_fused_sum_bits) */
    float s = 0.0f, s_lost = 0.0f;
    if (active) {
#if SMAX_FUSED_FOLDS_EXP
        s = smax_fused_sum_kept_bits(srow, sp.body + SMAX_VEC * lane,
                                     sp.body_end, step, pad, scale, base, lift);
#else
        for (int j = sp.body + SMAX_VEC * lane; j < sp.body_end; j += step) {
#if SMAX_ONCHIP_KEEPS_BITS
            const smax_vec e = smax_exp_vec_lifted(
                smax_fused_kept_vec(srow, j + pad, scale), base, lift);
#else
            const smax_vec e = smax_exp_vec_from(
                smax_fused_kept_vec(srow, j + pad, scale), base);
#endif
            smax_kahan_add(&s, &s_lost, smax_sum_vec(e));
#if !SMAX_ONCHIP_KEEPS_BITS
            if (!keep_x)
                smax_rekeep_vec(srow, j + pad, e);
#endif
        }
#endif /* SMAX_FUSED_FOLDS_EXP */
        for (int j = smax_scalar_first(lane, sp); j < cols;
             j = smax_scalar_next(j, lanes, sp)) {
#if SMAX_ONCHIP_KEEPS_BITS
            const float e = SMAX_ROW_EXP_LIFTED(
                smax_fused_kept(srow, j + pad, scale) - base, lift);
#else
            const float e =
                SMAX_ROW_EXP(smax_fused_kept(srow, j + pad, scale) - base);
#endif
            smax_kahan_add(&s, &s_lost, e);
#if !SMAX_ONCHIP_KEEPS_BITS
            if (!keep_x)
                smax_rekeep(srow, j + pad, e);
#endif
        }
    }
    s = smax_reduce_float_turn(red, 1, s, 1, lid, lane, lanes);
    const int shared = SMAX_QUADS_SHARED(lanes);

    if (!active)
        return;
    smax_partial total;
    total.m = m;
    total.s = s;
    const smax_row_total t = smax_row_total_of(total, flags);
    int vectors_written = 0;
#if SMAX_FUSED_FOLDS_EXP
    if (smax_fold_writes(keep_x, base, s)) {
        smax_fused_write_folded(srow, yr, sp.body + SMAX_VEC * lane,
                                sp.body_end, step, pad, scale, base, lift, s);
        vectors_written = 1;
    }
#endif
    if (keep_x && t.zero)
        smax_fused_write_zeros(yr, 0, cols, lane, lanes);
    else if (keep_x)
        smax_fused_write(srow, yr, sp, cols, lane, lanes, pad, scale, t, 1,
                         vectors_written, shared);
    else
        smax_fused_write(srow, yr, sp, cols, lane, lanes, pad, scale, t, 0,
                         vectors_written, shared);
}

#endif /* SMAX_FUSED_H */
