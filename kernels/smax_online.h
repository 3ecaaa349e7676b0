/*
 * smax_online.h - the two-pass online algorithm, any row length: a
 * running (max, sum) per item, a merge across the row slot with THE merge
 * operator, then a second read that writes the output. Two reads, one
 * write.
 */
#ifndef SMAX_ONLINE_H
#define SMAX_ONLINE_H

#ifndef SMAX_OPENCL_C
#include "smax_reduce.h"
#include "smax_rows.h"
#endif

SMAX_KERNEL void SMAX_KNAME(smax_online)(
    const SMAX_GLOBAL smax_in_t *x, smax_i64 x_off, smax_i64 x_stride,
    SMAX_GLOBAL smax_out_t *y, smax_i64 y_off, smax_i64 y_stride,
    smax_i64 rows, int cols, int lanes, float scale,
    int flags SMAX_DYN_LOCAL_PARAM)
{
    SMAX_DYN_LOCAL_DECL
    const smax_row_slot rs = smax_row_slot_of(rows, lanes);
    const SMAX_GLOBAL smax_in_t *xr = x + x_off + rs.row * x_stride;
    SMAX_GLOBAL smax_out_t *yr = y + y_off + rs.row * y_stride;
    const int shift = smax_row_shift(xr, yr);

    smax_partial p = smax_partial_identity();
    if (rs.active)
        p = smax_slice_partial(xr, shift, 0, cols, rs.lane, lanes, scale);
    p = smax_reduce_partial(smax_dyn_local, p, rs.lid, rs.lane, lanes);
    if (rs.active)
        smax_slice_normalize(xr, yr, shift, 0, cols, rs.lane, lanes, scale, p,
                             flags);
}

#endif /* SMAX_ONLINE_H */
