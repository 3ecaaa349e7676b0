/* staging.c - the slower path for offsets that are not a multiple of the
 * element size. Kernels cannot load such addresses, so every operand's
 * span is copied (byte-exact) into an aligned temporary, computed there,
 * and the written spans are copied back. Written spans are staged too so
 * that the bytes between rows (padding) come back unchanged; operands that
 * are the same memory share one temporary. */
#include "run.h"

smax_status smax_run_staged_with(smax_context ctx, const smax_operand *ops,
                                 int n, smax_staged_fn run, void *data)
{
    smax_native_mem tmp[SMAX_MAX_OPERANDS] = {{NULL}};
    int owner[SMAX_MAX_OPERANDS]; /* the operand whose temporary it uses */
    size_t zero[SMAX_MAX_OPERANDS] = {0};
    smax_status st = SMAX_SUCCESS;
    for (int i = 0; i < n; ++i)
        owner[i] = i;
    for (int i = 0; i < n && st == SMAX_SUCCESS; ++i) {
        for (int j = 0; j < i; ++j)
            if (smax_operands_alias(&ops[i], &ops[j]))
                owner[i] = owner[j];
        if (owner[i] != i) {
            tmp[i] = tmp[owner[i]];
            continue;
        }
        st = smax_backend_alloc(ctx, (size_t)ops[i].span, &tmp[i]);
        if (st == SMAX_SUCCESS)
            st = smax_backend_copy(ctx, tmp[i], 0, ops[i].buffer->mem,
                                   ops[i].offset, (size_t)ops[i].span);
    }
    if (st == SMAX_SUCCESS)
        st = run(ctx, data, tmp, zero);
    for (int i = 0; i < n && st == SMAX_SUCCESS; ++i)
        if (ops[i].written)
            st = smax_backend_copy(ctx, ops[i].buffer->mem, ops[i].offset,
                                   tmp[i], 0, (size_t)ops[i].span);
    /* Backends release memory only after the work queued on it is done. */
    for (int i = 0; i < n; ++i)
        if (tmp[i].handle != NULL && owner[i] == i)
            smax_backend_free(ctx, tmp[i]);
    return st;
}

typedef struct planned_run {
    const smax_problem *p;
    const smax_exec_plan *plan;
} planned_run;

static smax_status run_planned(smax_context ctx, void *data,
                               const smax_native_mem *mem,
                               const size_t *offsets)
{
    const planned_run *r = data;
    return smax_run_planned(ctx, r->p, r->plan, mem, offsets);
}

smax_status smax_run_staged(smax_context ctx, const smax_problem *p,
                            const smax_exec_plan *plan,
                            const smax_operand *ops, int n)
{
    planned_run r = {p, plan};
    return smax_run_staged_with(ctx, ops, n, run_planned, &r);
}
