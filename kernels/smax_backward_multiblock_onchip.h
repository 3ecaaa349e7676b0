/*
 * smax_backward_multiblock_onchip.h - the gradient's multi-block phases in
 * one launch, as smax_multiblock_onchip.h does them forward: each group
 * keeps its chunk of y and dy on-chip (y at [0, chunk_pitch), dy at
 * [chunk_pitch, 2 chunk_pitch)) while it sums its share of S, publishes
 * the sum as the partial (0, sum) (smax_backward_multiblock.h), takes the
 * row's S from the merge of its row's partials, and writes dx from
 * on-chip: y and dy read once, dx written once.
 */
#ifndef SMAX_BACKWARD_MULTIBLOCK_ONCHIP_H
#define SMAX_BACKWARD_MULTIBLOCK_ONCHIP_H

#ifndef SMAX_OPENCL_C
#include "smax_backward.h"
#include "smax_cooperative.h"
#include "smax_onchip.h"
#endif

SMAX_KERNEL void SMAX_KNAME(smax_bwd_mb_onchip)(
    const SMAX_GLOBAL smax_in_t *y, smax_i64 y_off, smax_i64 y_stride,
    const SMAX_GLOBAL smax_in_t *dy, smax_i64 dy_off, smax_i64 dy_stride,
    SMAX_GLOBAL smax_out_t *dx, smax_i64 dx_off, smax_i64 dx_stride,
    int cols, int chunk_len, int chunks, int chunk_pitch,
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
    const smax_chunk c = k.c;
    const SMAX_GLOBAL smax_in_t *yr = y + y_off + c.row * y_stride;
    const SMAX_GLOBAL smax_in_t *dyr = dy + dy_off + c.row * dy_stride;
    SMAX_GLOBAL smax_out_t *dxr = dx + dx_off + c.row * dx_stride;
    const smax_split sp = smax_split_slice(
        smax_row_shift3(yr + c.begin, dyr + c.begin, dxr + c.begin), c.begin,
        c.end);
    /* Column j lives at on-chip element j - at, its vectors on the grid. */
    const int at = c.begin - smax_onchip_pad(sp.body - c.begin);
    const int step = SMAX_VEC * lanes;

    float s = 0.0f, s_lost = 0.0f;
    SMAX_UNROLL
    for (int j = sp.body + SMAX_VEC * lid; j < sp.body_end; j += step) {
        const smax_vec vy = smax_keep_vec(yr + j, ky, j - at);
        const smax_vec vd = smax_keep_vec(dyr + j, kd, j - at);
        smax_kahan_add(&s, &s_lost, smax_bwd_terms_vec(vy, vd, flags));
    }
    for (int j = c.begin + lid; j < sp.body; j += lanes)
        smax_kahan_add(&s, &s_lost,
                       smax_bwd_term(smax_keep(yr, j, ky, j - at),
                                     smax_keep(dyr, j, kd, j - at), flags));
    for (int j = sp.body_end + lid; j < c.end; j += lanes)
        smax_kahan_add(&s, &s_lost,
                       smax_bwd_term(smax_keep(yr, j, ky, j - at),
                                     smax_keep(dyr, j, kd, j - at), flags));
    smax_partial mine;
    mine.m = 0.0f;
    mine.s = smax_reduce_float(red, s, 1, lid, lid, lanes);

    const float total = smax_bwd_total(
        smax_coop_exchange(k, chunks, mine, epoch, red, lid, lanes).s);

    for (int j = sp.body + SMAX_VEC * lid; j < sp.body_end; j += step)
        smax_store_vec_out(dxr + j,
                           smax_bwd_out_vec(smax_kept_vec(ky, j - at),
                                            smax_kept_vec(kd, j - at), total,
                                            scale, flags));
    for (int j = c.begin + lid; j < sp.body; j += lanes)
        smax_store_out(dxr, j,
                       smax_bwd_out(smax_kept(ky, j - at), smax_kept(kd, j - at),
                                    total, scale, flags));
    for (int j = sp.body_end + lid; j < c.end; j += lanes)
        smax_store_out(dxr, j,
                       smax_bwd_out(smax_kept(ky, j - at), smax_kept(kd, j - at),
                                    total, scale, flags));
}

#endif /* SMAX_BACKWARD_MULTIBLOCK_ONCHIP_H */
