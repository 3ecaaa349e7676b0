/*
 * smax_backward_multiblock_reread.h - the gradient's multi-block phases in
 * one launch for rows past on-chip memory, as smax_multiblock_reread.h
 * does them forward: each group streams its chunk of y and dy for its
 * share of S, exchanges it as the partial (0, share)
 * (smax_backward_multiblock.h), takes the row's S from the merge, and
 * reads the chunk again, tiles last-first, to write dx. The head of each
 * chunk that on-chip memory holds (keep_len elements of y and dy) is kept
 * there as smax_bwd_mb_onchip keeps a whole chunk, and written last.
 * Dynamic on-chip memory: the head of y and of dy (chunk_pitch elements
 * each), then two floats per work-item.
 */
#ifndef SMAX_BACKWARD_MULTIBLOCK_REREAD_H
#define SMAX_BACKWARD_MULTIBLOCK_REREAD_H

#ifndef SMAX_OPENCL_C
#include "smax_backward.h"
#include "smax_backward_multiblock_onchip.h"
#include "smax_multiblock_reread.h"
#endif

SMAX_KERNEL void SMAX_REREAD_BOUNDS SMAX_KNAME(smax_bwd_mb_reread)(
    const SMAX_GLOBAL smax_in_t *y, smax_i64 y_off, smax_i64 y_stride,
    const SMAX_GLOBAL smax_in_t *dy, smax_i64 dy_off, smax_i64 dy_stride,
    SMAX_GLOBAL smax_out_t *dx, smax_i64 dx_off, smax_i64 dx_stride,
    int cols, int chunk_len, int chunks, int chunk_pitch, int keep_len,
    float scale, int flags, SMAX_GLOBAL smax_u32 *sync, smax_i64 sync_off,
    SMAX_GLOBAL smax_u32 *partials, smax_i64 partials_off, int ticket_base,
    int epoch SMAX_DYN_LOCAL_PARAM)
{
    SMAX_DYN_LOCAL_DECL
    const int lid = SMAX_LOCAL_ID();
    const int lanes = SMAX_GROUP_SIZE();
    SMAX_LOCAL smax_onchip_t *ky = (SMAX_LOCAL smax_onchip_t *)smax_dyn_local;
    SMAX_LOCAL smax_onchip_t *kd = ky + chunk_pitch;
    SMAX_LOCAL float *red = smax_onchip_after(ky, 2, chunk_pitch);
    const smax_coop k =
        smax_coop_start(sync, sync_off, partials, partials_off, cols,
                        chunk_len, chunks, ticket_base, red, lid);
    const SMAX_GLOBAL smax_in_t *yr = y + y_off + k.c.row * y_stride;
    const SMAX_GLOBAL smax_in_t *dyr = dy + dy_off + k.c.row * dy_stride;
    SMAX_GLOBAL smax_out_t *dxr = dx + dx_off + k.c.row * dx_stride;
    const smax_held h =
        smax_bwd_held_of(smax_reread_head(k.c, keep_len), yr, dyr, dxr);
    const smax_chunk c = smax_reread_tail(k.c, keep_len);
    float head = 0.0f;
    if (keep_len > 0)
        head = smax_bwd_held_keep(yr, dyr, h, ky, kd, red,
                                  SMAX_BWD_KEEP_BATCH(2), flags, lid, lanes)
                   .s;
    /* The head's share of S, then the tail's, one fixed order. */
    smax_partial mine;
    mine.m = 0.0f;
    mine.s = SMAX_ADD_RN(
        head,
        smax_reduce_float(
            red,
            smax_bwd_slice_sum(yr, dyr,
                               smax_row_shift_in2(yr + c.begin, dyr + c.begin),
                               c.begin, c.end, lid, lanes, flags),
            1, lid, lid, lanes));
    const float total = smax_bwd_total(
        smax_coop_exchange(k, chunks, mine, epoch, red, lid, lanes).s);
    for (int i = smax_reread_tiles(c, lanes) - 1; i >= 0; --i) {
        const smax_chunk t = smax_reread_tile(c, lanes, i);
        smax_bwd_slice_write(
            yr, dyr, dxr,
            smax_row_shift3(yr + t.begin, dyr + t.begin, dxr + t.begin),
            t.begin, t.end, lid, lanes, total, scale, flags);
    }
    if (keep_len > 0)
        smax_bwd_held_write(dxr, h, ky, kd, total, scale, flags, lid, lanes);
}

#endif /* SMAX_BACKWARD_MULTIBLOCK_REREAD_H */
