/*
 * smax_backward_exchange_regs.h - the f32 gradient's device-memory
 * exchange (smax_backward_multiblock_onchip.h) with part of each chunk
 * held in registers: each item holds its first SMAX_BWD_EXCHANGE_REG_VECS
 * vectors of y and dy there (together the chunk's first
 * SMAX_BWD_EXCHANGE_REG_VECS x SMAX_VEC x lanes elements), bulk copies
 * keep the rest of the chunk's vectors on-chip from element 0, and the
 * item's edge elements (a group has at least a vector's items: one of
 * each at most) stay in the registers they were fetched into. A chunk off
 * the vector grid (y, dy and dx on none together) is held element by
 * element the same way (smax_bwd_regs_off_grid). A unit's
 * registers hold part of its rows beside its on-chip memory, so more rows
 * are resident at once (smax_geometry.h has the measurements). The terms
 * of S add in the order smax_bwd_held_keep_bulk adds them: the same bits.
 * The planner asks for this kernel (common/plan.c, exchange_regs_geometry)
 * where the device has clusters (the sm_90 kernels' slots) and the pair is
 * f32 -> f32, the one whose vectors bulk copies keep with f32 y and dy;
 * the other pairs' kernel runs the exchange as smax_bwd_mb_onchip does.
 * Dynamic on-chip memory: chunk_pitch elements of y, as many of dy, then
 * the exchange's scratch.
 */
#ifndef SMAX_BACKWARD_EXCHANGE_REGS_H
#define SMAX_BACKWARD_EXCHANGE_REGS_H

#ifndef SMAX_OPENCL_C
#include "smax_backward_multiblock_onchip.h"
#endif

#if defined(SMAX_HAVE_CLUSTER)

#if defined(SMAX_BULK_KEEP) && SMAX_IN_BYTES == 4
#define SMAX_BWD_REGS_KEEP 1
#define SMAX_BWD_RV SMAX_BWD_EXCHANGE_REG_VECS

/* An item's vectors of y and dy held in registers. */
typedef struct smax_bwd_regs {
    smax_vec y[SMAX_BWD_RV], d[SMAX_BWD_RV];
} smax_bwd_regs;

/* The first element of the chunk's vectors kept on-chip. */
SMAX_FN int smax_bwd_regs_rest(smax_held h, int lanes)
{
    const int rest = h.sp.body + SMAX_BWD_RV * SMAX_VEC * lanes;
    return rest < h.sp.body_end ? rest : h.sp.body_end;
}

/* Elements an item holds in registers: its vectors' worth. */
#define SMAX_BWD_RS (SMAX_BWD_RV * SMAX_VEC)

/* Whether the chunk is off the vector grid: smax_split_slice's head is
 * then the whole chunk, which the exchange without registers keeps element
 * by element, an item's elements a group apart. Here element c.begin + lid
 * + t x lanes is held in register slot t for t < SMAX_BWD_RS, on-chip past
 * those at t x lanes + lid - SMAX_BWD_RS x lanes, and its terms add in t's
 * order, as there. */
SMAX_FN int smax_bwd_regs_off_grid(smax_held h)
{
    return h.sp.body - h.c.begin >= SMAX_VEC;
}

/* Phase 1 of a chunk off the grid: the item's elements held and their
 * terms added, `flags` a constant (SMAX_BWD_BY_LOG). */
SMAX_FN void smax_bwd_regs_keep_off_grid_as(const smax_in_t *yr,
                                            const smax_in_t *dyr, smax_held h,
                                            smax_onchip_t *ky,
                                            smax_onchip_t *kd,
                                            smax_bwd_regs *r, int lid,
                                            int lanes, float *s,
                                            float *s_lost, int flags)
{
    const int first = h.c.begin + lid;
    SMAX_UNROLL_ALL
    for (int t = 0; t < SMAX_BWD_RS; ++t) {
        const int j = first + t * lanes;
        if (j < h.c.end) {
            const float y = smax_load_in(yr, j), d = smax_load_in(dyr, j);
            r->y[t / SMAX_VEC].e[t % SMAX_VEC] = y;
            r->d[t / SMAX_VEC].e[t % SMAX_VEC] = d;
            smax_kahan_add(s, s_lost, smax_bwd_term(y, d, flags));
        }
    }
    const int on_chip = h.c.begin + SMAX_BWD_RS * lanes;
    for (int j = first + SMAX_BWD_RS * lanes; j < h.c.end; j += lanes)
        smax_kahan_add(s, s_lost,
                       smax_bwd_term(smax_keep(yr, j, ky, j - on_chip),
                                     smax_keep(dyr, j, kd, j - on_chip),
                                     flags));
}

/* Phase 3 of a chunk off the grid. */
SMAX_FN void smax_bwd_regs_write_off_grid_as(smax_out_t *dxr, smax_held h,
                                             const smax_onchip_t *ky,
                                             const smax_onchip_t *kd,
                                             const smax_bwd_regs *r,
                                             float total, float scale,
                                             int lid, int lanes, int flags)
{
    const int first = h.c.begin + lid;
    SMAX_UNROLL_ALL
    for (int t = 0; t < SMAX_BWD_RS; ++t) {
        const int j = first + t * lanes;
        if (j < h.c.end)
            smax_store_out(dxr, j,
                           smax_bwd_out(r->y[t / SMAX_VEC].e[t % SMAX_VEC],
                                        r->d[t / SMAX_VEC].e[t % SMAX_VEC],
                                        total, scale, flags));
    }
    const int on_chip = h.c.begin + SMAX_BWD_RS * lanes;
    for (int j = first + SMAX_BWD_RS * lanes; j < h.c.end; j += lanes)
        smax_store_out(dxr, j,
                       smax_bwd_out(smax_kept(ky, j - on_chip),
                                    smax_kept(kd, j - on_chip), total, scale,
                                    flags));
}

/* The item's terms of S, `flags` a constant (SMAX_BWD_BY_LOG): its
 * vectors in registers, then on-chip, then its edge elements (the head's,
 * then the tail's), as smax_bwd_kept_partial adds them. */
SMAX_FN void smax_bwd_regs_terms_as(const smax_onchip_t *ky,
                                    const smax_onchip_t *kd, smax_held h,
                                    const smax_bwd_regs *r,
                                    const smax_bwd_edges *e, int lid,
                                    int lanes, float *s, float *s_lost,
                                    int flags)
{
    const int step = SMAX_VEC * lanes;
    const int rest = smax_bwd_regs_rest(h, lanes);
    SMAX_UNROLL_ALL
    for (int k = 0; k < SMAX_BWD_RV; ++k)
        if (h.sp.body + SMAX_VEC * lid + k * step < h.sp.body_end)
            smax_kahan_add(s, s_lost,
                           smax_bwd_terms_vec(r->y[k], r->d[k], flags));
    smax_bwd_kept_terms_as(ky, kd, rest + SMAX_VEC * lid, h.sp.body_end, step,
                           -rest, s, s_lost, flags);
    if (e->pos.has_h)
        smax_kahan_add(s, s_lost, smax_bwd_term(e->yh, e->dh, flags));
    if (e->pos.has_t)
        smax_kahan_add(s, s_lost, smax_bwd_term(e->yt, e->dt, flags));
}

/* Phase 1: item 0 puts the chunk's on-chip part in flight, every item
 * loads its vectors into registers (r) and its edge elements (e)
 * meanwhile; then the chunk's partial (0, its share of S). A chunk off the
 * grid is held element by element (smax_bwd_regs_off_grid). */
SMAX_FN smax_partial smax_bwd_regs_keep(const smax_in_t *yr,
                                        const smax_in_t *dyr, smax_held h,
                                        smax_onchip_t *ky, smax_onchip_t *kd,
                                        float *red, unsigned long long *load,
                                        smax_bwd_regs *r, smax_bwd_edges *e,
                                        int flags, int lid, int lanes)
{
    float s = 0.0f, s_lost = 0.0f;
    smax_partial mine;
    mine.m = 0.0f;
    if (smax_bwd_regs_off_grid(h)) { /* the same for every item */
        SMAX_BWD_BY_LOG(flags, smax_bwd_regs_keep_off_grid_as(
                                   yr, dyr, h, ky, kd, r, lid, lanes, &s,
                                   &s_lost, smax_log_));
        mine.s = smax_reduce_float(red, s, 1, lid, lid, lanes);
        return mine;
    }
    const int step = SMAX_VEC * lanes;
    const int rest = smax_bwd_regs_rest(h, lanes);
    const int vecs = smax_bulk_keep_start(load, rest, h.sp.body_end, rest, ky,
                                          yr, kd, dyr, 2, lid);
    SMAX_UNROLL_ALL
    for (int k = 0; k < SMAX_BWD_RV; ++k) {
        const int j = h.sp.body + SMAX_VEC * lid + k * step;
        if (j < h.sp.body_end) {
            r->y[k] = smax_load_vec_in(yr + j);
            r->d[k] = smax_load_vec_in(dyr + j);
        }
    }
    *e = smax_bwd_edges_fetch(yr, dyr, h, lid);
    smax_bulk_keep_wait(load, vecs);
    SMAX_BWD_BY_LOG(flags, smax_bwd_regs_terms_as(ky, kd, h, r, e, lid, lanes,
                                                  &s, &s_lost, smax_log_));
    mine.s = smax_reduce_float(red, s, 1, lid, lid, lanes);
    return mine;
}

/* Phase 3: dx of the item's vectors in registers, of the on-chip part,
 * and of its edge elements, with the row's S; `flags` a constant
 * (SMAX_BWD_BY_LOG). */
SMAX_FN void smax_bwd_regs_write_as(smax_out_t *dxr, smax_held h,
                                    const smax_onchip_t *ky,
                                    const smax_onchip_t *kd,
                                    const smax_bwd_regs *r,
                                    const smax_bwd_edges *e, float total,
                                    float scale, int lid, int lanes, int flags)
{
    if (smax_bwd_regs_off_grid(h)) {
        smax_bwd_regs_write_off_grid_as(dxr, h, ky, kd, r, total, scale, lid,
                                        lanes, flags);
        return;
    }
    const int step = SMAX_VEC * lanes;
    const int rest = smax_bwd_regs_rest(h, lanes);
    SMAX_UNROLL_ALL
    for (int k = 0; k < SMAX_BWD_RV; ++k) {
        const int j = h.sp.body + SMAX_VEC * lid + k * step;
        if (j < h.sp.body_end)
            smax_store_vec_out(dxr + j, smax_bwd_out_vec(r->y[k], r->d[k],
                                                         total, scale, flags));
    }
    smax_bwd_write_kept_body(dxr, ky, kd, rest, h.sp.body_end, -rest, lid,
                             lanes, SMAX_QUADS_SHARED(lanes), total, scale,
                             flags);
    if (e->pos.has_h)
        smax_store_out(dxr, e->pos.jh,
                       smax_bwd_out(e->yh, e->dh, total, scale, flags));
    if (e->pos.has_t)
        smax_store_out(dxr, e->pos.jt,
                       smax_bwd_out(e->yt, e->dt, total, scale, flags));
}
#define SMAX_BWD_REGS_BOUNDS \
    SMAX_REGISTERS_AT_MOST(SMAX_BWD_EXCHANGE_REG_BOUND)
#else
#define SMAX_BWD_REGS_BOUNDS SMAX_BWD_EXCHANGE_BOUNDS
#endif

SMAX_KERNEL void SMAX_BWD_REGS_BOUNDS SMAX_KNAME(smax_bwd_mb_onchip_regs)(
    SMAX_BWD_EXCHANGE_PARAMS SMAX_DYN_LOCAL_PARAM)
{
#if defined(SMAX_BWD_REGS_KEEP)
    SMAX_DYN_LOCAL_DECL
    const int lid = SMAX_LOCAL_ID();
    const int lanes = SMAX_GROUP_SIZE();
    smax_onchip_t *ky = (smax_onchip_t *)smax_dyn_local;
    smax_onchip_t *kd = ky + chunk_pitch;
    float *red = smax_onchip_after(ky, 2, chunk_pitch);
    const smax_bwd_exchange g =
        smax_bwd_exchange_open(SMAX_BWD_EXCHANGE_OPEN_ARGS, red, lid);
    smax_bwd_regs r;
    smax_bwd_edges e;
    const smax_partial mine =
        smax_bwd_regs_keep(g.yr, g.dyr, g.h, ky, kd, red,
                           smax_exchange_load_bar(red, lanes), &r, &e, flags,
                           lid, lanes);
    const float total = smax_bwd_total(
        smax_coop_exchange(g.k, chunks, mine, epoch, red, lid, lanes).s);
    SMAX_BWD_BY_LOG(flags,
                    smax_bwd_regs_write_as(g.dxr, g.h, ky, kd, &r, &e, total,
                                           scale, lid, lanes, smax_log_));
#else
    /* Not planned for this pair or device: the exchange as it runs
     * without registers, so that a launch of it is still right. */
    SMAX_DYN_LOCAL_DECL
    smax_bwd_exchange_run(SMAX_BWD_EXCHANGE_ARGS, smax_dyn_local);
#endif
}

#endif /* SMAX_HAVE_CLUSTER */

#endif /* SMAX_BACKWARD_EXCHANGE_REGS_H */
