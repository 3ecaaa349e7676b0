/*
 * smax_multiblock_reread.h - the multi-block phases in one launch for rows
 * longer than the device's on-chip memory holds, but not much longer than
 * its cache: each group streams its chunk once for its partial, exchanges
 * partials as smax_mb_onchip does (smax_cooperative.h), then reads the
 * chunk again to write it. The second read comes mostly from the cache:
 * the whole launch read the rows moments before, and each group re-reads
 * its chunk last-first, where the cache still holds what it read last,
 * before the launch's own writes push that out. Three launches (phase 1,
 * the merge, phase 3) read the rows twice from memory.
 * The head of each chunk that the group's on-chip memory holds (keep_len
 * elements) is kept there as smax_mb_onchip keeps a whole chunk, read
 * first and written last from on-chip; only the rest is streamed and
 * read again, and it is what the cache took in last. An f32 head's copies
 * go out first and land while the tail streams (smax_reread_partial).
 * The gradient's kernel is smax_backward_multiblock_reread.h.
 * Dynamic on-chip memory: the head (chunk_pitch elements), then two floats
 * per work-item.
 */
#ifndef SMAX_MULTIBLOCK_REREAD_H
#define SMAX_MULTIBLOCK_REREAD_H

#ifndef SMAX_OPENCL_C
#include "smax_cooperative.h"
#include "smax_multiblock.h"
#include "smax_multiblock_onchip.h"
#include "smax_rows.h"
#endif

/* Vectors per item in one tile of the last-first walk: a tile is written
 * front to back (whole vectors, one access each), the tiles back to
 * front. */
#define SMAX_REREAD_TILE_VECS 8

/* Tiles of chunk c for a group of `lanes` items. */
SMAX_FN int smax_reread_tiles(smax_chunk c, int lanes)
{
    const int tile = SMAX_REREAD_TILE_VECS * SMAX_VEC * lanes;
    return (c.end - c.begin + tile - 1) / tile;
}

/* Tile i of chunk c, as a chunk of the same row. */
SMAX_FN smax_chunk smax_reread_tile(smax_chunk c, int lanes, int i)
{
    const int tile = SMAX_REREAD_TILE_VECS * SMAX_VEC * lanes;
    smax_chunk t = c;
    t.begin = c.begin + i * tile;
    t.end = c.end - t.begin < tile ? c.end : t.begin + tile;
    return t;
}

/* Chunk c split at its first `keep_len` elements: the head held on-chip
 * and the tail streamed (either may be empty). */
SMAX_FN smax_chunk smax_reread_head(smax_chunk c, int keep_len)
{
    smax_chunk h = c;
    h.end = c.end - c.begin < keep_len ? c.end : c.begin + keep_len;
    return h;
}

SMAX_FN smax_chunk smax_reread_tail(smax_chunk c, int keep_len)
{
    smax_chunk t = c;
    t.begin = smax_reread_head(c, keep_len).end;
    return t;
}

/* The plan's groups: the largest the kernel may have, one a compute unit
 * (SMAX_REREAD_GROUP on NVIDIA and AMD GPUs). The compiler keeps each
 * item's registers within that: past 64 an item, a group of 1024 cannot
 * launch. */
#define SMAX_REREAD_BOUNDS \
    SMAX_GROUPS_PER_CU(SMAX_REREAD_GROUP, SMAX_REREAD_GROUPS_PER_CU)

/* Heads kept by asynchronous copies that land while the tail streams:
 * f32 input only. Kept in stages, each folded as it lands, the head had
 * held its copies back from the tail: the group read its chunk at about
 * 2.1 TB/s either way (H200 globaltimer traces of f32 1 x 2^24, 31 us to
 * the partial), but the copies going out first and one reduction for head
 * and tail gained 0.5-1.5 points of copy at f32 1 x 2^23 .. 1 x 2^24
 * (docs/algorithms.md). A 16-bit head, folded late, takes twice the
 * exponentials a byte after its last copy has landed, and lost (bf16
 * 1 x 2^24 -1.8, f16 1 x 2^25 -1.0; bench/results/h200-2026-11-29f,
 * call 4). */
#if defined(SMAX_ASYNC_KEEP) && !SMAX_ONCHIP_KEEPS_BITS
#define SMAX_REREAD_LATE_FOLD 1
#else
#define SMAX_REREAD_LATE_FOLD 0
#endif

/* The item's partial of the tail c, streamed. */
SMAX_FN smax_partial smax_reread_tail_partial(const SMAX_GLOBAL smax_in_t *xr,
                                              smax_chunk c, float scale,
                                              int lid, int lanes)
{
    return smax_slice_partial(xr, smax_row_shift_in(xr + c.begin), c.begin,
                              c.end, lid, lanes, scale);
}

/* The group's partial of its chunk: the head h kept in `kept`, the tail c
 * streamed. */
SMAX_FN smax_partial smax_reread_partial(const SMAX_GLOBAL smax_in_t *xr,
                                         smax_held h, smax_chunk c,
                                         int keep_len,
                                         SMAX_LOCAL smax_onchip_t *kept,
                                         SMAX_LOCAL float *red, float scale,
                                         int lid, int lanes)
{
#if SMAX_REREAD_LATE_FOLD
    const int step = SMAX_VEC * lanes;
    if (keep_len > 0 && smax_async_keeps(h.sp.body, h.sp.body_end, step, scale)) {
        smax_async_keep_run(xr, kept, h.sp.body + SMAX_VEC * lid,
                            h.sp.body_end, step, -h.at);
        smax_async_commit();
        const smax_partial tail =
            smax_reread_tail_partial(xr, c, scale, lid, lanes);
        return smax_reduce_partial(
            red,
            smax_merge(smax_held_keep_fold(xr, h, kept, scale, lid, lanes),
                       tail),
            lid, lid, lanes);
    }
#endif
    smax_partial head = smax_partial_identity();
    if (keep_len > 0)
        head = smax_held_keep(xr, h, kept, red, scale, 1, 0.0f, lid, lanes);
    return smax_merge(
        head, smax_reduce_partial(
                  red, smax_reread_tail_partial(xr, c, scale, lid, lanes),
                  lid, lid, lanes));
}

SMAX_KERNEL void SMAX_REREAD_BOUNDS SMAX_KNAME(smax_mb_reread)(
    const SMAX_GLOBAL smax_in_t *x, smax_i64 x_off, smax_i64 x_stride,
    SMAX_GLOBAL smax_out_t *y, smax_i64 y_off, smax_i64 y_stride,
    int cols, int chunk_len, int chunks, int chunk_pitch, int keep_len,
    float scale, int flags, SMAX_GLOBAL smax_u32 *sync, smax_i64 sync_off,
    SMAX_GLOBAL smax_u32 *partials, smax_i64 partials_off, int ticket_base,
    int epoch SMAX_DYN_LOCAL_PARAM)
{
    SMAX_DYN_LOCAL_DECL
    const int lid = SMAX_LOCAL_ID();
    const int lanes = SMAX_GROUP_SIZE();
    SMAX_LOCAL smax_onchip_t *kept = (SMAX_LOCAL smax_onchip_t *)smax_dyn_local;
    SMAX_LOCAL float *red = smax_onchip_after(kept, 1, chunk_pitch);
    const smax_coop k =
        smax_coop_start(sync, sync_off, partials, partials_off, cols,
                        chunk_len, chunks, ticket_base, red, lid);
    const SMAX_GLOBAL smax_in_t *xr = x + x_off + k.c.row * x_stride;
    SMAX_GLOBAL smax_out_t *yr = y + y_off + k.c.row * y_stride;
    const smax_held h = smax_fwd_held_of(smax_reread_head(k.c, keep_len), xr, yr);
    const smax_chunk c = smax_reread_tail(k.c, keep_len);
    const smax_partial total = smax_coop_exchange(
        k, chunks,
        smax_reread_partial(xr, h, c, keep_len, kept, red, scale, lid, lanes),
        epoch, red, lid, lanes);
    for (int i = smax_reread_tiles(c, lanes) - 1; i >= 0; --i) {
        const smax_chunk t = smax_reread_tile(c, lanes, i);
        smax_slice_normalize(xr, yr, smax_row_shift(xr + t.begin, yr + t.begin),
                             t.begin, t.end, lid, lanes, scale, total, flags);
    }
    if (keep_len > 0)
        smax_held_write(yr, h, kept, total, scale, flags, 0.0f, lid, lanes);
}

#endif /* SMAX_MULTIBLOCK_REREAD_H */
