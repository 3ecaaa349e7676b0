/*
 * smax_backward_online.h - the gradient of any row length in two reads:
 * S summed over the row slot, then y and dy read again to write dx.
 */
#ifndef SMAX_BACKWARD_ONLINE_H
#define SMAX_BACKWARD_ONLINE_H

#ifndef SMAX_OPENCL_C
#include "smax_backward.h"
#endif

SMAX_KERNEL void SMAX_KNAME(smax_bwd_online)(
    const SMAX_GLOBAL smax_in_t *y, smax_i64 y_off, smax_i64 y_stride,
    const SMAX_GLOBAL smax_in_t *dy, smax_i64 dy_off, smax_i64 dy_stride,
    SMAX_GLOBAL smax_out_t *dx, smax_i64 dx_off, smax_i64 dx_stride,
    smax_i64 rows, int cols, int lanes, float scale,
    int flags SMAX_DYN_LOCAL_PARAM)
{
    SMAX_DYN_LOCAL_DECL
    const smax_row_slot rs = smax_row_slot_of(rows, lanes);
    const SMAX_GLOBAL smax_in_t *yr = y + y_off + rs.row * y_stride;
    const SMAX_GLOBAL smax_in_t *dyr = dy + dy_off + rs.row * dy_stride;
    SMAX_GLOBAL smax_out_t *dxr = dx + dx_off + rs.row * dx_stride;
    const int shift = smax_row_shift3(yr, dyr, dxr);

    float s = 0.0f;
    if (rs.active)
        s = smax_bwd_slice_sum(yr, dyr, shift, 0, cols, rs.lane, lanes, flags);
    s = smax_bwd_total(
        smax_reduce_float(smax_dyn_local, s, 1, rs.lid, rs.lane, lanes));
    if (rs.active)
        smax_bwd_slice_write(yr, dyr, dxr, shift, 0, cols, rs.lane, lanes, s,
                             scale, flags);
}

#endif /* SMAX_BACKWARD_ONLINE_H */
