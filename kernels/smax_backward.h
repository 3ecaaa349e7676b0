/*
 * smax_backward.h - what every gradient kernel shares: the per-element
 * math and the streaming walks over a slice of (y, dy) -> dx.
 *
 *   softmax:      dx = scale * y * (dy - S),        S = sum(y * dy)
 *   log-softmax:  dx = scale * (dy - exp(y) * S),   S = sum(dy)
 *
 * The input type (smax_io.h) is y's and dy's, the output type dx's. Sums
 * are Kahan-compensated per item and reduced in a fixed order.
 */
#ifndef SMAX_BACKWARD_H
#define SMAX_BACKWARD_H

#ifndef SMAX_OPENCL_C
#include "smax_reduce.h"
#include "smax_rows.h"
#endif

/* An element's term of S. A log-softmax y of NaN or +inf (never an
 * output of the forward call) poisons S as it does for softmax, where it
 * enters S through y * dy; y = -inf is a legitimate 0 probability. */
SMAX_FN float smax_bwd_term(float y, float dy, int flags)
{
    if (flags & SMAX_FLAG_LOG_BIT)
        return y <= SMAX_FLT_MAX || y == -SMAX_INF ? dy : SMAX_NAN;
    return y * dy;
}

/* A row's S as every element uses it: a row whose S is not finite (an
 * infinity or NaN in y or dy) is NaN as a whole, whatever order the terms
 * were summed in, so every algorithm gives the same answer. */
SMAX_FN float smax_bwd_total(float s)
{
    return s - s == 0.0f ? s : SMAX_NAN;
}

SMAX_FN float smax_bwd_out(float y, float dy, float s, float scale, int flags)
{
    if (flags & SMAX_FLAG_LOG_BIT)
        return scale * (dy - SMAX_EXP(y) * s);
    return scale * (y * (dy - s));
}

/* stmt with smax_log_, the log-softmax bit of `flags` (all the gradient
 * reads of its flags), a constant in it, so that the loops it inlines
 * test no element: with the flags passed down, every element's term and
 * output branched on them (PTX of smax_bwd_fused_deep, bf16; the
 * forward's row passes are compiled apart alike). A statement, not a
 * variadic call: OpenCL C 1.2 has no variadic macros (NVIDIA's compiler
 * refuses them). */
#define SMAX_BWD_BY_LOG(flags, stmt)                                        \
    do {                                                                    \
        if ((flags) & SMAX_FLAG_LOG_BIT) {                                  \
            const int smax_log_ = SMAX_FLAG_LOG_BIT;                        \
            stmt;                                                           \
        } else {                                                            \
            const int smax_log_ = 0;                                        \
            stmt;                                                           \
        }                                                                   \
    } while (0)

SMAX_FN float smax_bwd_terms_vec(smax_vec y, smax_vec dy, int flags)
{
    smax_vec t;
    SMAX_UNROLL_ALL
    for (int i = 0; i < SMAX_VEC; ++i)
        t.e[i] = smax_bwd_term(y.e[i], dy.e[i], flags);
    return smax_sum_vec(t);
}

SMAX_FN smax_vec smax_bwd_out_vec(smax_vec y, smax_vec dy, float s,
                                  float scale, int flags)
{
    SMAX_UNROLL_ALL
    for (int i = 0; i < SMAX_VEC; ++i)
        y.e[i] = smax_bwd_out(y.e[i], dy.e[i], s, scale, flags);
    return y;
}

/* The vector grid of the two inputs alone (multi-block sums). */
SMAX_FN int smax_row_shift_in2(const SMAX_GLOBAL smax_in_t *yr,
                               const SMAX_GLOBAL smax_in_t *dyr)
{
    const int py = smax_row_shift_in(yr);
    return py == smax_row_shift_in(dyr) ? py : -1;
}

SMAX_FN float smax_bwd_slice_sum_as(const SMAX_GLOBAL smax_in_t *yr,
                                    const SMAX_GLOBAL smax_in_t *dyr,
                                    int shift, int begin, int end, int lane,
                                    int lanes, int flags)
{
    const smax_split sp = smax_split_slice(shift, begin, end);
    float s = 0.0f, s_lost = 0.0f;
    SMAX_UNROLL
    for (int j = sp.body + SMAX_VEC * lane; j < sp.body_end;
         j += SMAX_VEC * lanes)
        smax_kahan_add(&s, &s_lost,
                       smax_bwd_terms_vec(smax_load_vec_in(yr + j),
                                          smax_load_vec_in(dyr + j), flags));
    for (int j = begin + lane; j < sp.body; j += lanes)
        smax_kahan_add(&s, &s_lost,
                       smax_bwd_term(smax_load_in(yr, j),
                                     smax_load_in(dyr, j), flags));
    for (int j = sp.body_end + lane; j < end; j += lanes)
        smax_kahan_add(&s, &s_lost,
                       smax_bwd_term(smax_load_in(yr, j),
                                     smax_load_in(dyr, j), flags));
    return s;
}

/* This item's share of S over [begin, end) (shift: phase at begin). */
SMAX_FN float smax_bwd_slice_sum(const SMAX_GLOBAL smax_in_t *yr,
                                 const SMAX_GLOBAL smax_in_t *dyr, int shift,
                                 int begin, int end, int lane, int lanes,
                                 int flags)
{
    float s;
    SMAX_BWD_BY_LOG(flags, s = smax_bwd_slice_sum_as(yr, dyr, shift, begin,
                                                     end, lane, lanes,
                                                     smax_log_));
    return s;
}

/* Vector pairs of y and dy a work-item loads before it stores the first
 * dx (smax_rows.h says why): as many elements as SMAX_WRITE_BATCH f32
 * vectors, so that 8-element vectors take half the batches (four pairs
 * of them left the one-launch kernel that re-reads, 1024 items a group,
 * spilling past 64 registers). */
#define SMAX_BWD_WRITE_BATCH \
    (SMAX_WRITE_BATCH * 4 / SMAX_VEC > 0 ? SMAX_WRITE_BATCH * 4 / SMAX_VEC : 1)

SMAX_FN void smax_bwd_slice_write_as(const SMAX_GLOBAL smax_in_t *yr,
                                     const SMAX_GLOBAL smax_in_t *dyr,
                                     SMAX_GLOBAL smax_out_t *dxr, int shift,
                                     int begin, int end, int lane, int lanes,
                                     float s, float scale, int flags)
{
    const smax_split sp = smax_split_slice(shift, begin, end);
    const int step = SMAX_VEC * lanes;
    int j = sp.body + SMAX_VEC * lane;
    for (; j + (SMAX_BWD_WRITE_BATCH - 1) * step < sp.body_end;
         j += SMAX_BWD_WRITE_BATCH * step) {
        smax_vec a[SMAX_BWD_WRITE_BATCH], b[SMAX_BWD_WRITE_BATCH];
        SMAX_UNROLL_ALL
        for (int k = 0; k < SMAX_BWD_WRITE_BATCH; ++k) {
            a[k] = smax_load_vec_in(yr + j + k * step);
            b[k] = smax_load_vec_in(dyr + j + k * step);
        }
        SMAX_UNROLL_ALL
        for (int k = 0; k < SMAX_BWD_WRITE_BATCH; ++k)
            smax_store_vec_out(dxr + j + k * step,
                               smax_bwd_out_vec(a[k], b[k], s, scale, flags));
    }
    for (; j < sp.body_end; j += step)
        smax_store_vec_out(dxr + j,
                           smax_bwd_out_vec(smax_load_vec_in(yr + j),
                                            smax_load_vec_in(dyr + j), s,
                                            scale, flags));
    for (int j = begin + lane; j < sp.body; j += lanes)
        smax_store_out(dxr, j,
                       smax_bwd_out(smax_load_in(yr, j), smax_load_in(dyr, j),
                                    s, scale, flags));
    for (int j = sp.body_end + lane; j < end; j += lanes)
        smax_store_out(dxr, j,
                       smax_bwd_out(smax_load_in(yr, j), smax_load_in(dyr, j),
                                    s, scale, flags));
}

/* Writes dx over [begin, end) given the row's S. Each item reads and
 * writes the same elements, so dx may be y or dy: it loads a batch of
 * SMAX_BWD_WRITE_BATCH vector pairs before it stores it. */
SMAX_FN void smax_bwd_slice_write(const SMAX_GLOBAL smax_in_t *yr,
                                  const SMAX_GLOBAL smax_in_t *dyr,
                                  SMAX_GLOBAL smax_out_t *dxr, int shift,
                                  int begin, int end, int lane, int lanes,
                                  float s, float scale, int flags)
{
    SMAX_BWD_BY_LOG(flags,
                    smax_bwd_slice_write_as(yr, dyr, dxr, shift, begin, end,
                                            lane, lanes, s, scale, smax_log_));
}

#endif /* SMAX_BACKWARD_H */
