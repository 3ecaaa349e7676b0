/* staging.c - the slower path for offsets that are not a multiple of the
 * element size. Kernels cannot load such addresses, so the spans of x and y
 * are copied (byte-exact) into aligned temporaries, computed there, and y's
 * span is copied back. y's span is staged too so that the bytes between
 * rows (padding) come back unchanged. */
#include "run.h"

smax_status smax_run_staged(smax_context ctx, const smax_problem *p,
                            const smax_exec_plan *plan, smax_buffer x,
                            size_t x_offset, smax_buffer y, size_t y_offset,
                            uint64_t x_span, uint64_t y_span)
{
    const int in_place = x == y && x_offset == y_offset;
    smax_native_mem tx = {NULL}, ty = {NULL};
    smax_status st = smax_backend_alloc(ctx, (size_t)y_span, &ty);
    if (st == SMAX_SUCCESS && !in_place)
        st = smax_backend_alloc(ctx, (size_t)x_span, &tx);
    if (st == SMAX_SUCCESS)
        st = smax_backend_copy(ctx, ty, 0, y->mem, y_offset, (size_t)y_span);
    if (st == SMAX_SUCCESS && !in_place)
        st = smax_backend_copy(ctx, tx, 0, x->mem, x_offset, (size_t)x_span);
    if (st == SMAX_SUCCESS)
        st = smax_run_planned(ctx, p, plan, in_place ? ty : tx, 0, ty, 0);
    if (st == SMAX_SUCCESS)
        st = smax_backend_copy(ctx, y->mem, y_offset, ty, 0, (size_t)y_span);
    /* Backends release memory only after the work queued on it is done. */
    if (tx.handle != NULL)
        smax_backend_free(ctx, tx);
    if (ty.handle != NULL)
        smax_backend_free(ctx, ty);
    return st;
}
