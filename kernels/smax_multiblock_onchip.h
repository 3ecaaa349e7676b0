/*
 * smax_multiblock_onchip.h - the three phases of the multi-block algorithm
 * in one launch, each chunk held on-chip between them: one read, one
 * write, for rows too long for one group's on-chip memory (and for few
 * rows, spread over every compute unit). Group by group:
 *   1. the chunk is kept on-chip (smax_onchip.h, as the fused kernel
 *      keeps a row) while its maximum is taken, then its partial (m, s)
 *      is summed from there (smax_held_keep);
 *   2. the partials of the row's chunks are exchanged and merged with THE
 *      merge operator in a fixed order, the same bits in every group:
 *      through device memory and flags (smax_cooperative.h, this file's
 *      kernel) or through a thread-block cluster's shared memory
 *      (smax_cluster.h, smax_multiblock_cluster.h);
 *   3. the chunk's outputs are written from on-chip with the row's total
 *      (smax_held_write).
 * The host plans it only where the groups of a row can all be resident
 * at once (common/plan.c). Dynamic on-chip memory: the chunk
 * (chunk_pitch elements), then two floats per work-item.
 */
#ifndef SMAX_MULTIBLOCK_ONCHIP_H
#define SMAX_MULTIBLOCK_ONCHIP_H

#ifndef SMAX_OPENCL_C
#include "smax_cooperative.h"
#include "smax_fused.h"
#endif

/* Where a chunk's columns are: its slice of the row, split for vector
 * access, and `at`, the column held at on-chip element 0 (column j lives
 * at j - at, its vectors on the grid). */
typedef struct smax_held {
    smax_chunk c;
    smax_split sp;
    int at;
} smax_held;

SMAX_FN smax_held smax_held_of(smax_chunk c, smax_split sp)
{
    smax_held h;
    h.c = c;
    h.sp = sp;
    h.at = c.begin - smax_onchip_pad(sp.body - c.begin);
    return h;
}

/* Where the chunk c of rows xr and yr is. */
SMAX_FN smax_held smax_fwd_held_of(smax_chunk c,
                                   const SMAX_GLOBAL smax_in_t *xr,
                                   SMAX_GLOBAL smax_out_t *yr)
{
    return smax_held_of(
        c, smax_split_slice(smax_row_shift(xr + c.begin, yr + c.begin),
                            c.begin, c.end));
}

/* smax_fwd_held_of for the one-launch kernels: the chunk's inner edges on
 * the row's vector grid (smax_chunk_on_grid). */
SMAX_FN smax_held smax_fwd_held_on_grid(smax_chunk c,
                                        const SMAX_GLOBAL smax_in_t *xr,
                                        SMAX_GLOBAL smax_out_t *yr)
{
    return smax_fwd_held_of(
        smax_chunk_on_grid(c, smax_row_shift(xr, yr)), xr, yr);
}

#if defined(SMAX_ASYNC_KEEP)
/* Stages of an item's copies in smax_held_keep_staged. */
#define SMAX_KEEP_STAGES 4

/* The partial of this item's kept vectors k = k0 .. k1 - 1 (at first +
 * k * step, shifted as in smax_held_keep): their maximum, then their
 * exponentials from it. */
SMAX_FN smax_partial smax_held_stage_partial(const SMAX_LOCAL smax_onchip_t *chunk,
                                             int first, int step, int k0,
                                             int k1, float scale)
{
    smax_partial p;
    p.m = -SMAX_INF;
    for (int k = k0; k < k1; ++k)
        p.m = smax_max_skip_nan(
            p.m, smax_max_vec(smax_fused_kept_vec(chunk, first + k * step, scale)));
    const float base = smax_exp_base(p.m);
    p.s = 0.0f;
    for (int k = k0; k < k1; ++k)
        p.s += smax_sum_vec(smax_exp_vec_from(
            smax_fused_kept_vec(chunk, first + k * step, scale), base));
    return p;
}

/* acc with the item's elements of the chunk off its vectors (before
 * h.sp.body and from h.sp.body_end) kept, for the keeps that fold into an
 * accumulator. */
SMAX_FN smax_accumulator smax_held_keep_edges(smax_accumulator acc,
                                              const SMAX_GLOBAL smax_in_t *xr,
                                              smax_held h,
                                              SMAX_LOCAL smax_onchip_t *chunk,
                                              float scale, int lid, int lanes)
{
    for (int j = h.c.begin + lid; j < h.sp.body; j += lanes)
        acc = smax_accumulate(
            acc, smax_partial_of(smax_fused_keep(xr, j, chunk, j - h.at, scale)));
    for (int j = h.sp.body_end + lid; j < h.c.end; j += lanes)
        acc = smax_accumulate(
            acc, smax_partial_of(smax_fused_keep(xr, j, chunk, j - h.at, scale)));
    return acc;
}

/* The item's partial of its vectors of held chunk h, once the copies that
 * put them in flight in one batch (smax_async_keep_run, as the re-read
 * kernel does before it streams its tail) have landed, and of its edge
 * elements, kept as smax_held_keep keeps them. */
SMAX_FN smax_partial smax_held_keep_fold(const SMAX_GLOBAL smax_in_t *xr,
                                         smax_held h,
                                         SMAX_LOCAL smax_onchip_t *chunk,
                                         float scale, int lid, int lanes)
{
    const int step = SMAX_VEC * lanes;
    const int first = h.sp.body + SMAX_VEC * lid;
    const int n = first < h.sp.body_end
                      ? (h.sp.body_end - first + step - 1) / step
                      : 0;
    SMAX_ASYNC_WAIT_PENDING(0);
    const smax_accumulator acc = smax_accumulate(
        smax_accumulator_init(),
        smax_held_stage_partial(chunk, first - h.at, step, 0, n, scale));
    return smax_accumulator_partial(
        smax_held_keep_edges(acc, xr, h, chunk, scale, lid, lanes));
}

/* Phase 1's vectors by asynchronous copies in SMAX_KEEP_STAGES batches,
 * each folded into the item's running partial as soon as it has landed,
 * while the later ones are still in flight: the whole keep in flight, then
 * two passes over it, left the memory idle while the compute units read
 * it back (H100 globaltimer traces, one group a compute unit: 12 of the
 * 22 us of bf16 1 x 2^23 in the keep, at 1.3 TB/s, where loads alone run
 * at 2.3). Each item reads only what it copied: no barrier. */
SMAX_FN smax_accumulator smax_held_keep_staged(const SMAX_GLOBAL smax_in_t *xr,
                                               SMAX_LOCAL smax_onchip_t *chunk,
                                               int first, int end, int step,
                                               int shift, float scale)
{
    const int n = (end - first + step - 1) / step;
    const int per = (n + SMAX_KEEP_STAGES - 1) / SMAX_KEEP_STAGES;
    for (int st = 0; st < SMAX_KEEP_STAGES; ++st) {
        const int k1 = n < (st + 1) * per ? n : (st + 1) * per;
        for (int k = st * per; k < k1; ++k)
            smax_async_keep_vec(chunk, first + k * step + shift,
                                xr + first + k * step);
        smax_async_commit();
    }
    smax_accumulator acc = smax_accumulator_init();
#define SMAX_FOLD_STAGE(st)                                                   \
    do {                                                                      \
        SMAX_ASYNC_WAIT_PENDING(SMAX_KEEP_STAGES - 1 - (st));                 \
        const int k1 = n < ((st) + 1) * per ? n : ((st) + 1) * per;           \
        acc = smax_accumulate(acc, smax_held_stage_partial(                   \
                                       chunk, first + shift, step,            \
                                       (st) * per, k1, scale));               \
    } while (0)
    SMAX_FOLD_STAGE(0);
    SMAX_FOLD_STAGE(1);
    SMAX_FOLD_STAGE(2);
    SMAX_FOLD_STAGE(3);
#undef SMAX_FOLD_STAGE
    return acc;
}
#endif

/* exp(d) * 2^lift: lifted (SMAX_ROW_EXP_LIFTED) where lift is not 0, else
 * SMAX_ROW_EXP, whose results do not flush (the lift is what keeps the
 * flushed results below a 16-bit output's least subnormal). */
SMAX_FN float smax_held_exp(float d, float lift)
{
    return lift != 0.0f ? SMAX_ROW_EXP_LIFTED(d, lift) : SMAX_ROW_EXP(d);
}

SMAX_FN smax_vec smax_held_exp_vec(smax_vec v, float base, float lift)
{
    return lift != 0.0f ? smax_exp_vec_lifted(v, base, lift)
                        : smax_exp_vec_from(v, base);
}

/* The lift of a row's exponentials in smax_held_keep and smax_held_write
 * (SMAX_ROW_EXP_LIFTED): SMAX_ROW_LIFT for softmax rows with a 16-bit
 * output, whose chunks kept as bits compute each exponential twice (the
 * sum, then the output) and are bound by those instructions (NVIDIA's
 * OpenCL, bf16 rows of 16384-262144 in one launch: 80-82% of copy where
 * f32 ran at 91-96); 0 for log-softmax, for f32 outputs, and for launches
 * of one row (`alone`, whose staged keep sums unlifted). Every group of a
 * row takes the same lift, so the chunks' sums merge at one scale. */
SMAX_FN float smax_held_lift(int flags, int alone)
{
    return (flags & SMAX_FLAG_LOG_BIT) || alone ? 0.0f : SMAX_ROW_LIFT;
}

/* Where an item's edge elements lie: its first element of the chunk
 * before the vectors (jh, where has_h) and its first after them (jt, where
 * has_t), each run going on a group's width apart. */
typedef struct smax_edge_pos {
    int jh, jt, has_h, has_t;
} smax_edge_pos;

SMAX_FN smax_edge_pos smax_edge_pos_of(smax_held h, int lid)
{
    smax_edge_pos p;
    p.jh = h.c.begin + lid;
    p.jt = h.sp.body_end + lid;
    p.has_h = p.jh < h.sp.body;
    p.has_t = p.jt < h.c.end;
    return p;
}

/* An item's edge elements, fetched ahead of the vectors (smax_bwd_edges
 * says why). */
typedef struct smax_held_edges {
    smax_edge_pos pos;
    smax_onchip_t xh, xt;
} smax_held_edges;

SMAX_FN smax_held_edges smax_held_edges_fetch(const SMAX_GLOBAL smax_in_t *xr,
                                              smax_held h, int lid)
{
    smax_held_edges e;
    e.pos = smax_edge_pos_of(h, lid);
    e.xh = 0;
    e.xt = 0;
    if (e.pos.has_h)
        e.xh = smax_fetch_one(xr, e.pos.jh);
    if (e.pos.has_t)
        e.xt = smax_fetch_one(xr, e.pos.jt);
    return e;
}

/* Phase 1 once an item's vectors are kept, m their maximum (scaled): its
 * edge elements kept (e, then the rest of the head and tail), the group's
 * maximum, and the chunk's sum from it, lifted by 2^lift. */
SMAX_FN smax_partial smax_held_partial(const SMAX_GLOBAL smax_in_t *xr,
                                       smax_held h, smax_held_edges e,
                                       SMAX_LOCAL smax_onchip_t *chunk,
                                       SMAX_LOCAL float *red, float scale,
                                       float lift, float m, int lid, int lanes)
{
    const int step = SMAX_VEC * lanes;
    const int at = h.at;
    if (e.pos.has_h)
        m = smax_max_skip_nan(
            m, smax_fused_stash_one(chunk, e.pos.jh - at, e.xh, scale));
    for (int j = e.pos.jh + lanes; j < h.sp.body; j += lanes)
        m = smax_max_skip_nan(m, smax_fused_keep(xr, j, chunk, j - at, scale));
    if (e.pos.has_t)
        m = smax_max_skip_nan(
            m, smax_fused_stash_one(chunk, e.pos.jt - at, e.xt, scale));
    for (int j = e.pos.jt + lanes; j < h.c.end; j += lanes)
        m = smax_max_skip_nan(m, smax_fused_keep(xr, j, chunk, j - at, scale));
    m = smax_reduce_float(red, m, 0, lid, lid, lanes);
    const float base = smax_exp_base(m);

    /* Each item revisits exactly the elements it kept: no barrier. */
    float s = 0.0f, s_lost = 0.0f;
#if SMAX_FUSED_FOLDS_EXP
    s = smax_fused_sum_kept_bits(chunk, h.sp.body + SMAX_VEC * lid,
                                 h.sp.body_end, step, -at, scale, base, lift);
#else
    for (int j = h.sp.body + SMAX_VEC * lid; j < h.sp.body_end; j += step)
        smax_kahan_add(&s, &s_lost,
                       smax_sum_vec(smax_held_exp_vec(
                           smax_fused_kept_vec(chunk, j - at, scale), base,
                           lift)));
#endif
    for (int j = h.c.begin + lid; j < h.sp.body; j += lanes)
        smax_kahan_add(&s, &s_lost,
                       smax_held_exp(smax_fused_kept(chunk, j - at, scale) - base,
                                     lift));
    for (int j = h.sp.body_end + lid; j < h.c.end; j += lanes)
        smax_kahan_add(&s, &s_lost,
                       smax_held_exp(smax_fused_kept(chunk, j - at, scale) - base,
                                     lift));
    smax_partial mine;
    mine.m = m;
    mine.s = smax_reduce_float(red, s, 1, lid, lid, lanes);
    return mine;
}

/* Phase 1: keeps the chunk of row xr on-chip and returns its partial,
 * its sum lifted by 2^lift (smax_held_lift). Called by every item.
 * `alone`: the group is its compute unit's only one (a launch of one row),
 * so nothing hides the passes over the kept chunk and the keep is staged
 * (smax_held_keep_staged; lift 0). Where a unit holds several groups of
 * several rows, the staged keep lost 3-14 points of copy on the H100 (bf16
 * 1024 x 262144 92 -> 79, f32 256 x 1M 81.5 -> 74): there, other groups
 * load while one computes. */
SMAX_FN smax_partial smax_held_keep(const SMAX_GLOBAL smax_in_t *xr,
                                  smax_held h, SMAX_LOCAL smax_onchip_t *chunk,
                                  SMAX_LOCAL float *red, float scale, int alone,
                                  float lift, int lid, int lanes)
{
    const int step = SMAX_VEC * lanes;
    const int at = h.at;
#if defined(SMAX_ASYNC_KEEP)
    /* item 0's count decides for the group: the two forms reduce apart */
    if (alone && smax_async_keeps(h.sp.body, h.sp.body_end, step, scale)) {
        const smax_accumulator acc = smax_held_keep_edges(
            smax_held_keep_staged(xr, chunk, h.sp.body + SMAX_VEC * lid,
                                  h.sp.body_end, step, -at, scale),
            xr, h, chunk, scale, lid, lanes);
        return smax_reduce_partial(red, smax_accumulator_partial(acc), lid,
                                   lid, lanes);
    }
#else
    (void)alone; /* loaded through registers, a batch at a time */
#endif
    const smax_held_edges e = smax_held_edges_fetch(xr, h, lid);
    const float m = smax_fused_keep_max(xr, chunk, h.sp.body,
                                        h.sp.body + SMAX_VEC * lid,
                                        h.sp.body_end, step, -at, scale);
    return smax_held_partial(xr, h, e, chunk, red, scale, lift, m, lid, lanes);
}

/* The forward keeps its chunk by bulk copies where its input is 16-bit
 * (kept as bits). An f32 chunk keeps its asynchronous copies: by a bulk
 * copy f32 rows gained 0.6-1.9 points of copy in clusters of 4-10 chunks
 * but lost up to 1.2 at 1024 x 262144 (16 chunks of 64 KB) and up to 2.0
 * at 256 x 1M (the device-memory exchange, 128 chunks; H200,
 * bench/results/h200-2026-11-29e, calls 2 and 3), and it keeps an f32
 * row unscaled, so it would serve only where scale is 1. Retried in the
 * clusters as a run-time choice where scale is 1: the asynchronous copies
 * had come within a point of it at 4-10 chunks, and carrying both forms
 * in one kernel cost 128 x 262144 (16 chunks of 64 KB) 7% (H200,
 * bench/results/h200-2026-12-04b, call 3). */
#if defined(SMAX_BULK_KEEP) && SMAX_ONCHIP_KEEPS_BITS
#define SMAX_FWD_BULK_KEEP 1

/* smax_held_keep by bulk copies (smax_onchip.h): item 0 puts the chunk's
 * vectors in flight as one copy counted on the group's barrier `load`,
 * every item fetches its edge elements meanwhile, then reads its vectors
 * back from on-chip memory once they have landed. Not for a launch of one
 * row, whose staged keep folds each batch while the next is in flight. */
SMAX_FN smax_partial smax_held_keep_bulk(const SMAX_GLOBAL smax_in_t *xr,
                                         smax_held h,
                                         SMAX_LOCAL smax_onchip_t *chunk,
                                         SMAX_LOCAL float *red, float scale,
                                         float lift, unsigned long long *load,
                                         int lid, int lanes)
{
    const int at = h.at;
    const int vecs = smax_bulk_keep_start(load, h.sp.body, h.sp.body_end, at,
                                          chunk, xr, chunk, xr, 1, lid);
    const smax_held_edges e = smax_held_edges_fetch(xr, h, lid);
    smax_bulk_keep_wait(load, vecs);
    const float m = smax_fused_kept_max(chunk, h.sp.body + SMAX_VEC * lid,
                                        h.sp.body_end, SMAX_VEC * lanes, -at,
                                        scale);
    return smax_held_partial(xr, h, e, chunk, red, scale, lift, m, lid, lanes);
}
#endif

/* The output of a kept element v (scaled) of a row with total t, whose
 * sum is lifted by 2^lift (smax_held_lift). */
SMAX_FN float smax_held_output(float v, smax_row_total t, int keep_x,
                               float lift)
{
    return smax_fused_finish(keep_x ? v : smax_held_exp(v - t.base, lift), t,
                             keep_x);
}

/* smax_held_output of a kept vector v, scaled. */
SMAX_FN smax_vec smax_held_output_vec(smax_vec v, smax_row_total t,
                                      int keep_x, float lift)
{
    return smax_fused_finish_vec(
        keep_x ? v : smax_held_exp_vec(v, t.base, lift), t, keep_x);
}

/* Phase 3: writes the chunk's outputs to row yr from on-chip, with the
 * row's merged total, its sum lifted by 2^lift as smax_held_keep summed
 * it. Called by every item. */
SMAX_FN void smax_held_write(SMAX_GLOBAL smax_out_t *yr, smax_held h,
                           SMAX_LOCAL smax_onchip_t *chunk,
                           smax_partial total, float scale, int flags,
                           float lift, int lid, int lanes)
{
    const int step = SMAX_VEC * lanes;
    const int at = h.at;
    const smax_row_total t = smax_row_total_of(total, flags);
    const int keep_x = flags & SMAX_FLAG_LOG_BIT;
#if defined(SMAX_OUT_QUADS)
    const int shared = SMAX_QUADS_SHARED(lanes);
#endif
    if (keep_x && t.zero) {
        smax_fused_write_zeros(yr, h.c.begin, h.c.end, lid, lanes);
        return;
    }
#if SMAX_FUSED_FOLDS_EXP
    if (smax_fold_writes(keep_x, t.base, total.s))
        smax_fused_write_folded(chunk, yr, h.sp.body + SMAX_VEC * lid,
                                h.sp.body_end, step, -at, scale, t.base, lift,
                                total.s);
    else
#endif
#if defined(SMAX_OUT_QUADS)
    if (shared)
        for (int j = h.sp.body + 4 * lid; j < h.sp.body_end;
             j += 2 * 4 * lanes) {
            const int j2 = smax_second_quad(j, 4 * lanes, h.sp.body_end);
            smax_store_quads(
                yr + j, yr + j2,
                smax_held_output_vec(
                    smax_fused_kept_quads(chunk, j - at, j2 - at, scale), t,
                    keep_x, lift));
        }
    else
#endif
    for (int j = h.sp.body + SMAX_VEC * lid; j < h.sp.body_end; j += step)
        smax_store_vec_out(
            yr + j,
            smax_held_output_vec(smax_fused_kept_vec(chunk, j - at, scale), t,
                                 keep_x, lift));
    for (int j = h.c.begin + lid; j < h.sp.body; j += lanes)
        smax_store_out(yr, j,
                       smax_held_output(smax_fused_kept(chunk, j - at, scale),
                                        t, keep_x, lift));
    for (int j = h.sp.body_end + lid; j < h.c.end; j += lanes)
        smax_store_out(yr, j,
                       smax_held_output(smax_fused_kept(chunk, j - at, scale),
                                        t, keep_x, lift));
}

/* Kept by bulk copies, at most SMAX_BULK_KEEP_REGISTERS an item (the
 * gradient's say why); f32 or f16 x, 16-bit y: SMAX_COOP_REGISTERS
 * (smax_geometry.h says why). */
#if defined(SMAX_FWD_BULK_KEEP)
#define SMAX_MB_ONCHIP_BOUNDS SMAX_REGISTERS_AT_MOST(SMAX_BULK_KEEP_REGISTERS)
#elif SMAX_COOP_REGISTERS(SMAX_IN_DTYPE, SMAX_OUT_DTYPE) > 0
#define SMAX_MB_ONCHIP_BOUNDS                                                 \
    SMAX_REGISTERS_AT_MOST(SMAX_COOP_REGISTERS(SMAX_IN_DTYPE, SMAX_OUT_DTYPE))
#else
#define SMAX_MB_ONCHIP_BOUNDS
#endif
SMAX_KERNEL void SMAX_MB_ONCHIP_BOUNDS SMAX_KNAME(smax_mb_onchip)(
    const SMAX_GLOBAL smax_in_t *x, smax_i64 x_off, smax_i64 x_stride,
    SMAX_GLOBAL smax_out_t *y, smax_i64 y_off, smax_i64 y_stride,
    int cols, int chunk_len, int chunks, int chunk_pitch,
    float scale, int flags, int stagger, SMAX_GLOBAL smax_u32 *sync,
    smax_i64 sync_off, SMAX_GLOBAL smax_u32 *partials, smax_i64 partials_off,
    int ticket_base, int epoch SMAX_DYN_LOCAL_PARAM)
{
    SMAX_DYN_LOCAL_DECL
    const int lid = SMAX_LOCAL_ID();
    const int lanes = SMAX_GROUP_SIZE();
    SMAX_LOCAL smax_onchip_t *chunk = (SMAX_LOCAL smax_onchip_t *)smax_dyn_local;
    SMAX_LOCAL float *red = smax_onchip_after(chunk, 1, chunk_pitch);
    const smax_coop k =
        smax_coop_start(sync, sync_off, partials, partials_off, cols,
                        chunk_len, chunks, ticket_base, red, lid);
    /* Rows load `stagger` at a time (common/plan.c, exchange_stagger). */
    smax_coop_gate(k, (smax_i64)stagger * chunks, epoch, lid);
    const SMAX_GLOBAL smax_in_t *xr = x + x_off + k.c.row * x_stride;
    SMAX_GLOBAL smax_out_t *yr = y + y_off + k.c.row * y_stride;
    const smax_held h = smax_fwd_held_on_grid(k.c, xr, yr);
    const int alone = SMAX_GROUP_COUNT() == chunks;
    const float lift = smax_held_lift(flags, alone);
#if defined(SMAX_FWD_BULK_KEEP)
    const smax_partial mine =
        !alone
            ? smax_held_keep_bulk(xr, h, chunk, red, scale, lift,
                                  smax_exchange_load_bar(red, lanes), lid,
                                  lanes)
            : smax_held_keep(xr, h, chunk, red, scale, alone, lift, lid,
                             lanes);
#else
    const smax_partial mine =
        smax_held_keep(xr, h, chunk, red, scale, alone, lift, lid, lanes);
#endif
    const smax_partial total =
        smax_coop_exchange(k, chunks, mine, epoch, red, lid, lanes);
    smax_held_write(yr, h, chunk, total, scale, flags, lift, lid, lanes);
}

#endif /* SMAX_MULTIBLOCK_ONCHIP_H */
