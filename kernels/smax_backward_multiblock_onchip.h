/*
 * smax_backward_multiblock_onchip.h - the gradient's multi-block phases in
 * one launch, as smax_multiblock_onchip.h does them forward: each group
 * keeps its chunk of y and dy on-chip (y at [0, chunk_pitch), dy at
 * [chunk_pitch, 2 chunk_pitch)) while it sums its share of S, exchanges
 * the sum as the partial (0, sum) (smax_backward_multiblock.h), takes the
 * row's S from the merge of its row's partials, and writes dx from
 * on-chip: y and dy read once, dx written once. The exchange goes through
 * device memory (this file's kernel) or a cluster's shared memory
 * (smax_multiblock_cluster.h).
 */
#ifndef SMAX_BACKWARD_MULTIBLOCK_ONCHIP_H
#define SMAX_BACKWARD_MULTIBLOCK_ONCHIP_H

#ifndef SMAX_OPENCL_C
#include "smax_backward.h"
#include "smax_backward_fused.h"
#include "smax_cooperative.h"
#include "smax_multiblock_onchip.h"
#include "smax_onchip.h"
#endif

/* Where the chunk of rows yr, dyr and dxr is (smax_held). */
SMAX_FN smax_held smax_bwd_held_of(smax_chunk c,
                                   const SMAX_GLOBAL smax_in_t *yr,
                                   const SMAX_GLOBAL smax_in_t *dyr,
                                   SMAX_GLOBAL smax_out_t *dxr)
{
    return smax_held_of(
        c, smax_split_slice(smax_row_shift3(yr + c.begin, dyr + c.begin,
                                            dxr + c.begin),
                            c.begin, c.end));
}

/* smax_bwd_held_of for the cluster kernel: the chunk's inner edges on the
 * row's vector grid (smax_chunk_on_grid). The device-memory exchange keeps
 * chunk_len's (smax_bwd_mb_onchip says why). */
SMAX_FN smax_held smax_bwd_held_on_grid(smax_chunk c,
                                        const SMAX_GLOBAL smax_in_t *yr,
                                        const SMAX_GLOBAL smax_in_t *dyr,
                                        SMAX_GLOBAL smax_out_t *dxr)
{
    return smax_bwd_held_of(
        smax_chunk_on_grid(c, smax_row_shift3(yr, dyr, dxr)), yr, dyr, dxr);
}

/* An item's elements of a chunk off the 16-byte grid: its first before
 * the chunk's vectors (at jh) and its first after them (at jt), where it
 * has them (a chunk has up to a vector's worth of each). They are fetched
 * ahead of the vectors: fetched after them, they cost their items a
 * second round trip to memory, and the chunk, and in a cluster the row,
 * waits for its slowest item. */
typedef struct smax_bwd_edges {
    smax_onchip_t yh, dh, yt, dt;
    smax_edge_pos pos;
} smax_bwd_edges;

SMAX_FN smax_bwd_edges smax_bwd_edges_fetch(const SMAX_GLOBAL smax_in_t *yr,
                                            const SMAX_GLOBAL smax_in_t *dyr,
                                            smax_held h, int lid)
{
    smax_bwd_edges e;
    e.pos = smax_edge_pos_of(h, lid);
    e.yh = 0, e.dh = 0, e.yt = 0, e.dt = 0;
    if (e.pos.has_h) {
        e.yh = smax_fetch_one(yr, e.pos.jh);
        e.dh = smax_fetch_one(dyr, e.pos.jh);
    }
    if (e.pos.has_t) {
        e.yt = smax_fetch_one(yr, e.pos.jt);
        e.dt = smax_fetch_one(dyr, e.pos.jt);
    }
    return e;
}

/* Keeps one run of an item's elements outside the chunk's vectors, from
 * element j (fetched ahead as y, d, where `has`) up to `end` a group
 * apart, and adds their terms to (s, s_lost). */
SMAX_FN void smax_bwd_edge_run_keep(const SMAX_GLOBAL smax_in_t *yr,
                                    const SMAX_GLOBAL smax_in_t *dyr,
                                    SMAX_LOCAL smax_onchip_t *ky,
                                    SMAX_LOCAL smax_onchip_t *kd, int has,
                                    int j, smax_onchip_t y, smax_onchip_t d,
                                    int end, int at, int flags, int lanes,
                                    float *s, float *s_lost)
{
    if (has)
        smax_kahan_add(s, s_lost,
                       smax_bwd_term(smax_stash_one(ky, j - at, y),
                                     smax_stash_one(kd, j - at, d), flags));
    for (int k = j + lanes; k < end; k += lanes)
        smax_kahan_add(s, s_lost,
                       smax_bwd_term(smax_keep(yr, k, ky, k - at),
                                     smax_keep(dyr, k, kd, k - at), flags));
}

/* The chunk's partial (0, its share of S) from an item's terms of its
 * vectors (s, s_lost): keeps the item's elements outside them (the edges
 * e, and any more a group of fewer items than a vector has) and adds their
 * terms after the vectors', in the order they always had, so the bits do
 * not change (the head, then the tail), then sums the group's. Called by
 * every item. */
SMAX_FN smax_partial smax_bwd_held_partial(const SMAX_GLOBAL smax_in_t *yr,
                                           const SMAX_GLOBAL smax_in_t *dyr,
                                           smax_held h, smax_bwd_edges e,
                                           SMAX_LOCAL smax_onchip_t *ky,
                                           SMAX_LOCAL smax_onchip_t *kd,
                                           SMAX_LOCAL float *red, int flags,
                                           int lid, int lanes, float s,
                                           float s_lost)
{
    smax_bwd_edge_run_keep(yr, dyr, ky, kd, e.pos.has_h, e.pos.jh, e.yh, e.dh,
                           h.sp.body, h.at, flags, lanes, &s, &s_lost);
    smax_bwd_edge_run_keep(yr, dyr, ky, kd, e.pos.has_t, e.pos.jt, e.yt, e.dt,
                           h.c.end, h.at, flags, lanes, &s, &s_lost);
    smax_partial mine;
    mine.m = 0.0f;
    mine.s = smax_reduce_float(red, s, 1, lid, lid, lanes);
    return mine;
}

/* Phase 1: keeps the chunk of y (in ky) and dy (in kd) on-chip and
 * returns its partial (0, its share of S), fetching `batch` vector pairs
 * an item at a time (smax_bwd_keep_terms). Called by every item. */
SMAX_FN smax_partial smax_bwd_held_keep(const SMAX_GLOBAL smax_in_t *yr,
                                      const SMAX_GLOBAL smax_in_t *dyr,
                                      smax_held h, SMAX_LOCAL smax_onchip_t *ky,
                                      SMAX_LOCAL smax_onchip_t *kd,
                                      SMAX_LOCAL float *red, int batch,
                                      int flags, int lid, int lanes)
{
    const smax_bwd_edges e = smax_bwd_edges_fetch(yr, dyr, h, lid);
    float s = 0.0f, s_lost = 0.0f;
    smax_bwd_keep_terms(yr, dyr, ky, kd, h.sp.body + SMAX_VEC * lid,
                        h.sp.body_end, SMAX_VEC * lanes, -h.at, batch, flags,
                        &s, &s_lost);
    return smax_bwd_held_partial(yr, dyr, h, e, ky, kd, red, flags, lid, lanes,
                                 s, s_lost);
}

SMAX_FN void smax_bwd_held_write_as(SMAX_GLOBAL smax_out_t *dxr, smax_held h,
                                    SMAX_LOCAL smax_onchip_t *ky,
                                    SMAX_LOCAL smax_onchip_t *kd, float total,
                                    float scale, int lid, int lanes,
                                    int flags)
{
    const int at = h.at;
    smax_bwd_write_kept_body(dxr, ky, kd, h.sp.body, h.sp.body_end, -at, lid,
                             lanes, SMAX_QUADS_SHARED(lanes), total, scale,
                             flags);
    for (int j = h.c.begin + lid; j < h.sp.body; j += lanes)
        smax_store_out(dxr, j,
                       smax_bwd_out(smax_kept(ky, j - at), smax_kept(kd, j - at),
                                    total, scale, flags));
    for (int j = h.sp.body_end + lid; j < h.c.end; j += lanes)
        smax_store_out(dxr, j,
                       smax_bwd_out(smax_kept(ky, j - at), smax_kept(kd, j - at),
                                    total, scale, flags));
}

/* Phase 3: writes the chunk of dx from on-chip with the row's S. */
SMAX_FN void smax_bwd_held_write(SMAX_GLOBAL smax_out_t *dxr, smax_held h,
                               SMAX_LOCAL smax_onchip_t *ky,
                               SMAX_LOCAL smax_onchip_t *kd, float total,
                               float scale, int flags, int lid, int lanes)
{
    SMAX_BWD_BY_LOG(flags, smax_bwd_held_write_as(dxr, h, ky, kd, total,
                                                  scale, lid, lanes,
                                                  smax_log_));
}

/* Where the device has no bulk copies but has asynchronous ones (sm_80;
 * HIP on NVIDIA, whose nvcc 11.8 knows no cp.async.bulk), the
 * device-memory exchange keeps its chunk by those
 * (smax_bwd_held_keep_async). H200, CUDA built without bulk copies, A B B
 * A, % of copy, register batches -> these (bench/results/h200-2026-12-04c,
 * call 2): f32 1024 x 262144 74.8, 74.5 -> 80.9, 81.0, 512 x 393216 71.7,
 * 71.6 -> 76.8, 77.1, 256 x 1M 63.9, 64.2 -> 67.3, 67.5, 32 x 1M 61.0, 61.0
 * -> 65.5, 65.5; bf16 256 x 1M 72.8, 73.2 -> 75.7, 75.8, 256 x 2M +1.3.
 * OpenCL on NVIDIA takes them for 16-bit inputs only: there bf16 256 x 1M
 * and 512 x 524288 gained 5.6-5.8, but f32 1024 x 262144 and 512 x 393216
 * lost 3.3-3.8. CUDA on sm_90 keeps its bulk copies: these ran level
 * with them there, or up to a point behind (call 4). SMAX_NO_BWD_ASYNC_KEEP
 * keeps the register batches (A/B builds). */
#if !defined(SMAX_BULK_KEEP) && defined(SMAX_ASYNC_KEEP) && \
    !defined(SMAX_NO_BWD_ASYNC_KEEP) &&                       \
    (!defined(SMAX_OPENCL_C) || SMAX_IN_BYTES == 2)
#define SMAX_BWD_ASYNC_KEEP 1
#endif

#if defined(SMAX_BULK_KEEP) || defined(SMAX_BWD_ASYNC_KEEP)
/* The terms of S of an item's vectors kept at j + shift for j = first,
 * first + step, ... below end, read back from on-chip memory in the order
 * smax_bwd_keep_terms_as fetches them (the same bits), `flags` a constant
 * (SMAX_BWD_BY_LOG). */
SMAX_FN void smax_bwd_kept_terms_as(const SMAX_LOCAL smax_onchip_t *ky,
                                    const SMAX_LOCAL smax_onchip_t *kd, int first,
                                    int end, int step, int shift, float *s,
                                    float *s_lost, int flags)
{
    for (int j = first; j < end; j += step)
        smax_kahan_add(s, s_lost,
                       smax_bwd_terms_vec(smax_kept_vec(ky, j + shift),
                                          smax_kept_vec(kd, j + shift),
                                          flags));
}

/* The chunk's partial once its vectors are kept (by bulk or asynchronous
 * copies) and the item's edge elements e fetched: its vectors' terms from
 * on-chip memory, then the edges' (smax_bwd_held_partial). */
SMAX_FN smax_partial smax_bwd_kept_partial(const SMAX_GLOBAL smax_in_t *yr,
                                           const SMAX_GLOBAL smax_in_t *dyr,
                                           smax_held h, smax_bwd_edges e,
                                           SMAX_LOCAL smax_onchip_t *ky,
                                           SMAX_LOCAL smax_onchip_t *kd,
                                           SMAX_LOCAL float *red, int flags,
                                           int lid, int lanes)
{
    float s = 0.0f, s_lost = 0.0f;
    SMAX_BWD_BY_LOG(flags, smax_bwd_kept_terms_as(
                               ky, kd, h.sp.body + SMAX_VEC * lid,
                               h.sp.body_end, SMAX_VEC * lanes, -h.at, &s,
                               &s_lost, smax_log_));
    return smax_bwd_held_partial(yr, dyr, h, e, ky, kd, red, flags, lid, lanes,
                                 s, s_lost);
}
#endif

#if defined(SMAX_BWD_ASYNC_KEEP)
/* Phase 1 of smax_bwd_held_keep by asynchronous copies: every item puts
 * all its vectors of y and dy in flight at once (through registers they
 * go out SMAX_BWD_KEEP_BATCH pairs at a time), fetches its edge elements
 * meanwhile, then sums its vectors' terms from on-chip memory once its
 * own copies have landed (it reads only what it copied: no barrier). */
SMAX_FN smax_partial smax_bwd_held_keep_async(
    const SMAX_GLOBAL smax_in_t *yr, const SMAX_GLOBAL smax_in_t *dyr,
    smax_held h, SMAX_LOCAL smax_onchip_t *ky, SMAX_LOCAL smax_onchip_t *kd,
    SMAX_LOCAL float *red, int flags, int lid, int lanes)
{
    const int first = h.sp.body + SMAX_VEC * lid, step = SMAX_VEC * lanes;
    smax_async_keep_run(yr, ky, first, h.sp.body_end, step, -h.at);
    smax_async_keep_run(dyr, kd, first, h.sp.body_end, step, -h.at);
    const smax_bwd_edges e = smax_bwd_edges_fetch(yr, dyr, h, lid);
    smax_async_wait_all();
    return smax_bwd_kept_partial(yr, dyr, h, e, ky, kd, red, flags, lid, lanes);
}
#endif

#if defined(SMAX_BULK_KEEP)
/* Phase 1 of smax_bwd_held_keep by bulk copies: item 0 puts the chunk's
 * vectors of y and dy in flight as two copies counted on the group's
 * barrier `load` (which item 0 readies first), every item fetches its
 * edge elements meanwhile, then sums its vectors' terms from on-chip
 * memory once they have landed. A whole chunk goes out at once with no
 * register of any item holding it, where the register batches held each
 * item to SMAX_BWD_CLUSTER_KEEP_BATCH pairs in flight and the compute
 * unit to the groups their registers allow. */
SMAX_FN smax_partial smax_bwd_held_keep_bulk(
    const smax_in_t *yr, const smax_in_t *dyr, smax_held h, smax_onchip_t *ky,
    smax_onchip_t *kd, float *red, unsigned long long *load, int flags,
    int lid, int lanes)
{
    const int at = h.at;
    const int vecs = smax_bulk_keep_start(load, h.sp.body, h.sp.body_end, at,
                                          ky, yr, kd, dyr, 2, lid);
    const smax_bwd_edges e = smax_bwd_edges_fetch(yr, dyr, h, lid);
    smax_bulk_keep_wait(load, vecs);
    return smax_bwd_kept_partial(yr, dyr, h, e, ky, kd, red, flags, lid, lanes);
}
#endif

/* A group of the device-memory exchange once its ticket is drawn and its
 * row may load (smax_bwd_exchange_open): its chunk, and its rows of y, dy
 * and dx. */
typedef struct smax_bwd_exchange {
    smax_coop k;
    const SMAX_GLOBAL smax_in_t *yr;
    const SMAX_GLOBAL smax_in_t *dyr;
    SMAX_GLOBAL smax_out_t *dxr;
    smax_held h;
} smax_bwd_exchange;

/* The parameters of the gradient's device-memory exchange kernels (both
 * take the same arguments, common/launch.c), and the first of them as
 * smax_bwd_exchange_open takes them. */
#define SMAX_BWD_EXCHANGE_PARAMS                                              \
    const SMAX_GLOBAL smax_in_t *y, smax_i64 y_off, smax_i64 y_stride,        \
        const SMAX_GLOBAL smax_in_t *dy, smax_i64 dy_off, smax_i64 dy_stride, \
        SMAX_GLOBAL smax_out_t *dx, smax_i64 dx_off, smax_i64 dx_stride,      \
        int cols, int chunk_len, int chunks, int chunk_pitch, float scale,    \
        int flags, int stagger, SMAX_GLOBAL smax_u32 *sync,                   \
        smax_i64 sync_off, SMAX_GLOBAL smax_u32 *partials,                    \
        smax_i64 partials_off, int ticket_base, int epoch
#define SMAX_BWD_EXCHANGE_ARGS                                                \
    y, y_off, y_stride, dy, dy_off, dy_stride, dx, dx_off, dx_stride, cols,   \
        chunk_len, chunks, chunk_pitch, scale, flags, stagger, sync,          \
        sync_off, partials, partials_off, ticket_base, epoch
#define SMAX_BWD_EXCHANGE_OPEN_ARGS                                           \
    y, y_off, y_stride, dy, dy_off, dy_stride, dx, dx_off, dx_stride, cols,   \
        chunk_len, chunks, stagger, sync, sync_off, partials, partials_off,   \
        ticket_base, epoch

/* Draws the group's ticket, waits until its row may load (rows load
 * `stagger` at a time: common/plan.c, exchange_stagger), and finds its
 * chunk. The chunk's edges stay where chunk_len puts them. On the row's
 * grid (smax_bwd_held_on_grid, which the clusters take) the exchange ran
 * aligned rows 3 points of copy slower (H100, f32 1024 x 262144 93.4,
 * 92.7 -> 89.6, 90.1; 512 x 262144 and 1024 x 200000 alike) for 2 gained
 * off the grid (256 x 262143). Called by every item. */
SMAX_FN smax_bwd_exchange smax_bwd_exchange_open(
    const SMAX_GLOBAL smax_in_t *y, smax_i64 y_off, smax_i64 y_stride,
    const SMAX_GLOBAL smax_in_t *dy, smax_i64 dy_off, smax_i64 dy_stride,
    SMAX_GLOBAL smax_out_t *dx, smax_i64 dx_off, smax_i64 dx_stride, int cols,
    int chunk_len, int chunks, int stagger, SMAX_GLOBAL smax_u32 *sync,
    smax_i64 sync_off, SMAX_GLOBAL smax_u32 *partials, smax_i64 partials_off,
    int ticket_base, int epoch, SMAX_LOCAL float *red, int lid)
{
    smax_bwd_exchange g;
    g.k = smax_coop_start(sync, sync_off, partials, partials_off, cols,
                          chunk_len, chunks, ticket_base, red, lid);
    smax_coop_gate(g.k, (smax_i64)stagger * chunks, epoch, lid);
    g.yr = y + y_off + g.k.c.row * y_stride;
    g.dyr = dy + dy_off + g.k.c.row * dy_stride;
    g.dxr = dx + dx_off + g.k.c.row * dx_stride;
    g.h = smax_bwd_held_of(g.k.c, g.yr, g.dyr, g.dxr);
    return g;
}

/* Kept by bulk copies, the device-memory exchange takes at most
 * SMAX_BULK_KEEP_REGISTERS an item too: nvcc took 48 for bf16 (40 through
 * registers), which would hold 5 of the 6 groups of 256 a compute unit
 * its 32 KB chunks leave room for. */
#if defined(SMAX_BULK_KEEP)
#define SMAX_BWD_EXCHANGE_BOUNDS SMAX_REGISTERS_AT_MOST(SMAX_BULK_KEEP_REGISTERS)
#else
#define SMAX_BWD_EXCHANGE_BOUNDS
#endif
/* The exchange of smax_bwd_mb_onchip, its on-chip memory at dyn. */
SMAX_FN void smax_bwd_exchange_run(SMAX_BWD_EXCHANGE_PARAMS,
                                   SMAX_LOCAL float *dyn)
{
    const int lid = SMAX_LOCAL_ID();
    const int lanes = SMAX_GROUP_SIZE();
    SMAX_LOCAL smax_onchip_t *ky = (SMAX_LOCAL smax_onchip_t *)dyn;
    SMAX_LOCAL smax_onchip_t *kd = ky + chunk_pitch;
    SMAX_LOCAL float *red = smax_onchip_after(ky, 2, chunk_pitch);
    const smax_bwd_exchange g =
        smax_bwd_exchange_open(SMAX_BWD_EXCHANGE_OPEN_ARGS, red, lid);
#if defined(SMAX_BULK_KEEP)
    const smax_partial mine = smax_bwd_held_keep_bulk(
        g.yr, g.dyr, g.h, ky, kd, red, smax_exchange_load_bar(red, lanes),
        flags, lid, lanes);
#elif defined(SMAX_BWD_ASYNC_KEEP)
    const smax_partial mine = smax_bwd_held_keep_async(
        g.yr, g.dyr, g.h, ky, kd, red, flags, lid, lanes);
#else
    const smax_partial mine =
        smax_bwd_held_keep(g.yr, g.dyr, g.h, ky, kd, red,
                           SMAX_BWD_KEEP_BATCH(2), flags, lid, lanes);
#endif
    const float total = smax_bwd_total(
        smax_coop_exchange(g.k, chunks, mine, epoch, red, lid, lanes).s);
    smax_bwd_held_write(g.dxr, g.h, ky, kd, total, scale, flags, lid, lanes);
}

SMAX_KERNEL void SMAX_BWD_EXCHANGE_BOUNDS SMAX_KNAME(smax_bwd_mb_onchip)(
    SMAX_BWD_EXCHANGE_PARAMS SMAX_DYN_LOCAL_PARAM)
{
    SMAX_DYN_LOCAL_DECL
    smax_bwd_exchange_run(SMAX_BWD_EXCHANGE_ARGS, smax_dyn_local);
}

#endif /* SMAX_BACKWARD_MULTIBLOCK_ONCHIP_H */
