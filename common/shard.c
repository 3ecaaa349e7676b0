/* shard.c - rows sharded over several devices (include/smax/smax_shard.h):
 * argument checks, then the launches of launch.c.
 *
 * Checks run in smax_softmax's order: context, the problem (size field,
 * enums, scale, sizes) or the merge's rows and shards, the quick return,
 * pointers, buffer ranges and overlaps, capabilities, the plan. Nothing is
 * enqueued before every check has passed. */
#include <string.h>

#include "smax/smax_shard.h"

#include "plan.h"
#include "problem.h"
#include "run.h"

/* A per-row array of f32: `width` floats a row (2: partials, 1: sums),
 * `blocks` blocks of `rows` rows. */
static smax_operand stat_operand(const char *name, smax_buffer b, size_t off,
                                 int64_t rows, int width, int64_t blocks,
                                 int written)
{
    smax_operand o;
    o.name = name;
    o.buffer = b;
    o.offset = off;
    o.stride = width;
    o.elem = sizeof(float);
    o.span = (uint64_t)blocks * (uint64_t)rows * (uint64_t)width * sizeof(float);
    o.written = written;
    return o;
}

/* rows * width * blocks floats fit int64 and size_t. */
static int stat_fits(int64_t rows, int width, int64_t blocks)
{
    const uint64_t limit = (uint64_t)INT64_MAX < (uint64_t)SIZE_MAX
                               ? (uint64_t)INT64_MAX
                               : (uint64_t)SIZE_MAX;
    const uint64_t per_block = (uint64_t)width * sizeof(float);
    return blocks <= 0 || rows <= 0 ||
           (uint64_t)rows <= limit / per_block / (uint64_t)blocks;
}

static int meet(const smax_operand *a, const smax_operand *b)
{
    return a->buffer == b->buffer && a->offset < b->offset + b->span &&
           b->offset < a->offset + a->span;
}

/* A per-row array the call writes or reads beside the data operands
 * overlaps none of the operands it must stay apart from (not even as the
 * "same elements"). */
static smax_status check_apart(smax_context ctx, const smax_operand *stat,
                               const smax_operand *ops, int n)
{
    for (int i = 0; i < n; ++i)
        if (&ops[i] != stat && (stat->written || ops[i].written) &&
            meet(stat, &ops[i]))
            return smax_fail(ctx, SMAX_ERROR_INVALID_VALUE,
                             "%s and %s overlap", stat->name, ops[i].name);
    return SMAX_SUCCESS;
}

/* ---- running, directly or through aligned temporaries ---------------------- */

typedef struct shard_run {
    int finish; /* 0: partials, 1: finish */
    const smax_problem *p;
    const smax_exec_plan *plan;
    const smax_operand *ops;
    int n;
} shard_run;

static smax_status run_shard(smax_context ctx, void *data,
                             const smax_native_mem *mem,
                             const size_t *offsets)
{
    const shard_run *r = data;
    return (r->finish ? smax_run_shard_finish : smax_run_shard_partials)(
        ctx, r->p, r->plan, r->ops, r->n, mem, offsets);
}

typedef struct merge_run {
    int64_t rows;
    int shards, width;
} merge_run;

static smax_status run_merge(smax_context ctx, void *data,
                             const smax_native_mem *mem,
                             const size_t *offsets)
{
    const merge_run *r = data;
    return smax_run_shard_merge(ctx, r->rows, r->shards, r->width, mem[0],
                                offsets[0], mem[1], offsets[1]);
}

/* Runs `fn` on the operands' own memory where every offset is a multiple
 * of its element size, else through aligned temporaries (not on a
 * context with a caller's workspace, which allocates nothing). */
static smax_status run_ops(smax_context ctx, const smax_operand *ops, int n,
                           smax_staged_fn fn, void *data)
{
    for (int i = 0; i < n; ++i) {
        if (ops[i].offset % ops[i].elem == 0)
            continue;
        if (ctx->has_workspace)
            return smax_fail(ctx, SMAX_ERROR_NOT_SUPPORTED,
                             "%s's offset %zu is not a multiple of its "
                             "element size: that path copies through "
                             "temporaries, which a context with a caller's "
                             "workspace does not allocate",
                             ops[i].name, ops[i].offset);
        return smax_run_staged_with(ctx, ops, n, fn, data);
    }
    smax_native_mem mem[SMAX_MAX_OPERANDS];
    size_t offsets[SMAX_MAX_OPERANDS];
    for (int i = 0; i < n; ++i) {
        mem[i] = ops[i].buffer->mem;
        offsets[i] = ops[i].offset;
    }
    return fn(ctx, data, mem, offsets);
}

/* ---- the calls ----------------------------------------------------------------- */

/* Partials (finish 0) or finish (finish 1) of one direction. b0..b3 are
 * the call's buffers in its order: forward x, [totals,] partials|y;
 * backward y, dy, [totals,] sums|dx. */
static smax_status shard_call(smax_context ctx, const smax_problem *user,
                              smax_direction dir, int finish, smax_buffer *b,
                              const size_t *o)
{
    smax_problem p;
    smax_status st = smax_check_call_problem(ctx, user, dir, &p);
    if (st != SMAX_SUCCESS)
        return st;
    const int width = dir == SMAX_BACKWARD ? 1 : 2;
    if (!stat_fits(p.rows, width, 1))
        return smax_fail(ctx, SMAX_ERROR_INVALID_SIZE,
                         "rows * %d floats overflows", width);
    if (p.rows == 0 || (finish && p.cols == 0))
        return SMAX_SUCCESS;

    /* The data operands in kernel order (forward x, y; backward y, dy,
     * dx), the output absent from the partials calls; then the call's
     * operands: the inputs, the per-row array, and finish's output. */
    const int at = dir == SMAX_BACKWARD ? 2 : 1; /* the array in b[] */
    smax_operand data[SMAX_MAX_OPERANDS], ops[SMAX_MAX_OPERANDS];
    const int nd =
        dir == SMAX_BACKWARD
            ? smax_operands_of(&p, dir, b[0], o[0], b[1], o[1],
                               finish ? b[3] : NULL, finish ? o[3] : 0, data)
            : smax_operands_of(&p, dir, b[0], o[0], finish ? b[2] : NULL,
                               finish ? o[2] : 0, NULL, 0, data);
    int n = 0;
    if (p.cols > 0) /* an empty shard reads no input */
        for (int i = 0; i + 1 < nd; ++i)
            ops[n++] = data[i];
    const int stat = n;
    ops[n++] = stat_operand(finish ? "totals"
                            : dir == SMAX_BACKWARD ? "sums"
                                                   : "partials",
                            b[at], o[at], p.rows, width, 1, !finish);
    if (finish)
        ops[n++] = data[nd - 1];
    st = smax_operands_check(ctx, ops, n);
    if (st == SMAX_SUCCESS)
        st = check_apart(ctx, &ops[stat], ops, n);
    if (st == SMAX_SUCCESS)
        st = smax_check_capability(ctx, &p);
    smax_exec_plan plan;
    memset(&plan, 0, sizeof plan);
    plan.direction = dir;
    if (st == SMAX_SUCCESS && p.cols > 0)
        st = smax_make_shard_plan(ctx, &p, dir, &plan);
    if (st != SMAX_SUCCESS)
        return st;
    if (finish)
        plan.scratch_bytes = 0; /* the totals are the caller's */
    shard_run r = {finish, &p, &plan, ops, n};
    return run_ops(ctx, ops, n, run_shard, &r);
}

static smax_status merge_call(smax_context ctx, int64_t rows, int shards,
                              int width, smax_buffer gathered,
                              size_t gathered_offset, smax_buffer totals,
                              size_t totals_offset)
{
    if (!smax_context_valid(ctx))
        return SMAX_ERROR_INVALID_HANDLE;
    smax_clear_error(ctx);
    if (rows < 0 || shards < 1)
        return smax_fail(ctx, SMAX_ERROR_INVALID_SIZE,
                         "rows is %lld and shards %d: rows >= 0 and "
                         "shards >= 1 are needed",
                         (long long)rows, shards);
    if (!stat_fits(rows, width, shards))
        return smax_fail(ctx, SMAX_ERROR_INVALID_SIZE,
                         "rows * shards * %d floats overflows", width);
    if (rows == 0)
        return SMAX_SUCCESS;
    smax_operand ops[2];
    ops[0] = stat_operand("gathered", gathered, gathered_offset, rows, width,
                          shards, 0);
    ops[1] = stat_operand("totals", totals, totals_offset, rows, width, 1, 1);
    smax_status st = smax_operands_check(ctx, ops, 2);
    if (st != SMAX_SUCCESS)
        return st;
    merge_run r = {rows, shards, width};
    return run_ops(ctx, ops, 2, run_merge, &r);
}

SMAX_API smax_status smax_shard_partials(smax_context ctx,
                                         const smax_problem *shard,
                                         smax_buffer x, size_t x_offset,
                                         smax_buffer partials,
                                         size_t partials_offset)
{
    smax_buffer b[2] = {x, partials};
    const size_t o[2] = {x_offset, partials_offset};
    return shard_call(ctx, shard, SMAX_FORWARD, 0, b, o);
}

SMAX_API smax_status smax_shard_merge(smax_context ctx, int64_t rows,
                                      int shards, smax_buffer gathered,
                                      size_t gathered_offset,
                                      smax_buffer totals, size_t totals_offset)
{
    return merge_call(ctx, rows, shards, 2, gathered, gathered_offset, totals,
                      totals_offset);
}

SMAX_API smax_status smax_shard_finish(smax_context ctx,
                                       const smax_problem *shard,
                                       smax_buffer x, size_t x_offset,
                                       smax_buffer totals,
                                       size_t totals_offset, smax_buffer y,
                                       size_t y_offset)
{
    smax_buffer b[3] = {x, totals, y};
    const size_t o[3] = {x_offset, totals_offset, y_offset};
    return shard_call(ctx, shard, SMAX_FORWARD, 1, b, o);
}

SMAX_API smax_status smax_shard_backward_partials(
    smax_context ctx, const smax_problem *shard, smax_buffer y,
    size_t y_offset, smax_buffer dy, size_t dy_offset, smax_buffer sums,
    size_t sums_offset)
{
    smax_buffer b[3] = {y, dy, sums};
    const size_t o[3] = {y_offset, dy_offset, sums_offset};
    return shard_call(ctx, shard, SMAX_BACKWARD, 0, b, o);
}

SMAX_API smax_status smax_shard_backward_merge(smax_context ctx, int64_t rows,
                                               int shards,
                                               smax_buffer gathered,
                                               size_t gathered_offset,
                                               smax_buffer totals,
                                               size_t totals_offset)
{
    return merge_call(ctx, rows, shards, 1, gathered, gathered_offset, totals,
                      totals_offset);
}

SMAX_API smax_status smax_shard_backward_finish(
    smax_context ctx, const smax_problem *shard, smax_buffer y,
    size_t y_offset, smax_buffer dy, size_t dy_offset, smax_buffer totals,
    size_t totals_offset, smax_buffer dx, size_t dx_offset)
{
    smax_buffer b[4] = {y, dy, totals, dx};
    const size_t o[4] = {y_offset, dy_offset, totals_offset, dx_offset};
    return shard_call(ctx, shard, SMAX_BACKWARD, 1, b, o);
}

SMAX_API smax_status smax_shard_plan(smax_context ctx,
                                     const smax_problem *shard,
                                     smax_plan_info *out)
{
    return smax_plan_checked(ctx, shard, SMAX_FORWARD, 1, out);
}

SMAX_API smax_status smax_shard_plan_backward(smax_context ctx,
                                              const smax_problem *shard,
                                              smax_plan_info *out)
{
    return smax_plan_checked(ctx, shard, SMAX_BACKWARD, 1, out);
}
