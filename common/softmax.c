/* softmax.c - the forward and backward entry points: argument checks,
 * then plan and launch.
 *
 * Checks run in the documented order: context, the problem's size field
 * and enums, sizes, the quick return for empty problems, pointers, buffer
 * ranges and overlaps, capabilities. Nothing is enqueued before every
 * check has passed. */
#include <stdio.h>
#include <string.h>

#include "plan.h"
#include "problem.h"
#include "run.h"

/* Context, problem and sizes: everything planning and running share. */
smax_status smax_check_call_problem(smax_context ctx, const smax_problem *user,
                                    smax_direction dir, smax_problem *p)
{
    if (!smax_context_valid(ctx))
        return SMAX_ERROR_INVALID_HANDLE;
    smax_clear_error(ctx);
    smax_status st = smax_problem_read(ctx, user, p);
    return st == SMAX_SUCCESS ? smax_problem_check(ctx, p, dir) : st;
}

static int dtype_supported(smax_context ctx, smax_dtype t)
{
    return t == SMAX_DTYPE_F32 ||
           (t == SMAX_DTYPE_F16 ? ctx->info.supports_f16
                                : ctx->info.supports_bf16);
}

smax_status smax_check_capability(smax_context ctx, const smax_problem *p)
{
    if (!dtype_supported(ctx, p->x_dtype) || !dtype_supported(ctx, p->y_dtype))
        return smax_fail(ctx, SMAX_ERROR_NOT_SUPPORTED,
                         "this device cannot run f16 or bf16 here");
    return SMAX_SUCCESS;
}

smax_status smax_plan_checked(smax_context ctx, const smax_problem *user,
                              smax_direction dir, int shard,
                              smax_plan_info *out)
{
    smax_problem p;
    smax_status st = smax_check_call_problem(ctx, user, dir, &p);
    if (st != SMAX_SUCCESS)
        return st;
    if (out == NULL)
        return smax_fail(ctx, SMAX_ERROR_INVALID_POINTER, "out_plan is NULL");
    memset(out, 0, sizeof *out);
    if (p.rows == 0 || p.cols == 0) {
        if (shard) {
            out->algorithm = SMAX_ALGO_MULTIBLOCK;
            snprintf(out->reason, sizeof out->reason, "shard: %s",
                     p.rows == 0 ? "empty: nothing to launch"
                                 : "no columns: the identity for every row");
        } else {
            snprintf(out->reason, sizeof out->reason,
                     "empty: nothing to launch");
            out->algorithm = p.algorithm == SMAX_ALGO_AUTO ? SMAX_ALGO_FUSED
                                                           : p.algorithm;
        }
        return SMAX_SUCCESS;
    }
    st = smax_check_capability(ctx, &p);
    if (st != SMAX_SUCCESS)
        return st;
    smax_exec_plan plan;
    st = (shard ? smax_make_shard_plan : smax_make_plan)(ctx, &p, dir, &plan);
    if (st == SMAX_SUCCESS)
        smax_plan_describe(&plan, out);
    return st;
}

SMAX_API smax_status smax_plan(smax_context ctx, const smax_problem *p,
                               smax_plan_info *out)
{
    return smax_plan_checked(ctx, p, SMAX_FORWARD, 0, out);
}

SMAX_API smax_status smax_plan_backward(smax_context ctx,
                                        const smax_problem *p,
                                        smax_plan_info *out)
{
    return smax_plan_checked(ctx, p, SMAX_BACKWARD, 0, out);
}

static smax_status run_checked(smax_context ctx, const smax_problem *user,
                               smax_direction dir, smax_buffer b0, size_t o0,
                               smax_buffer b1, size_t o1, smax_buffer b2,
                               size_t o2)
{
    smax_problem p;
    smax_status st = smax_check_call_problem(ctx, user, dir, &p);
    if (st != SMAX_SUCCESS)
        return st;
    if (p.rows == 0 || p.cols == 0)
        return SMAX_SUCCESS;
    smax_operand ops[SMAX_MAX_OPERANDS];
    const int n = smax_operands_of(&p, dir, b0, o0, b1, o1, b2, o2, ops);
    st = smax_operands_check(ctx, ops, n);
    if (st == SMAX_SUCCESS)
        st = smax_check_capability(ctx, &p);
    smax_exec_plan plan;
    if (st == SMAX_SUCCESS)
        st = smax_make_plan(ctx, &p, dir, &plan);
    if (st != SMAX_SUCCESS)
        return st;
    for (int i = 0; i < n; ++i) {
        if (ops[i].offset % ops[i].elem == 0)
            continue;
        if (ctx->has_workspace)
            return smax_fail(ctx, SMAX_ERROR_NOT_SUPPORTED,
                             "operand %d's offset %zu is not a multiple of "
                             "its element size: that path copies through "
                             "temporaries, which a context with a caller's "
                             "workspace does not allocate",
                             i, ops[i].offset);
        return smax_run_staged(ctx, &p, &plan, ops, n);
    }
    smax_native_mem mem[SMAX_MAX_OPERANDS];
    size_t offsets[SMAX_MAX_OPERANDS];
    for (int i = 0; i < n; ++i) {
        mem[i] = ops[i].buffer->mem;
        offsets[i] = ops[i].offset;
    }
    return smax_run_planned(ctx, &p, &plan, mem, offsets);
}

SMAX_API smax_status smax_softmax(smax_context ctx, const smax_problem *p,
                                  smax_buffer x, size_t x_offset,
                                  smax_buffer y, size_t y_offset)
{
    return run_checked(ctx, p, SMAX_FORWARD, x, x_offset, y, y_offset, NULL,
                       0);
}

SMAX_API smax_status smax_softmax_backward(smax_context ctx,
                                           const smax_problem *p,
                                           smax_buffer y, size_t y_offset,
                                           smax_buffer dy, size_t dy_offset,
                                           smax_buffer dx, size_t dx_offset)
{
    return run_checked(ctx, p, SMAX_BACKWARD, y, y_offset, dy, dy_offset, dx,
                       dx_offset);
}
