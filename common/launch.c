/* launch.c - the launch sequence of each algorithm and direction, written
 * once for every backend: argument lists in the order of the kernels'
 * parameters (kernels/). */
#include <stdint.h>
#include <stdlib.h>

#include "run.h"

#define SMAX_KERNEL_NAME(id, name) #name,
const char *const smax_kernel_names[SMAX_KERNEL_COUNT] = {
    SMAX_KERNEL_LIST(SMAX_KERNEL_NAME)};

/* Kernel arguments, by kind. */
#define ARG(k, field, value) ((smax_arg){.kind = (k), .v.field = (value)})
#define mem_arg(m) ARG(SMAX_ARG_MEM, mem, (m))
#define i64_arg(v) ARG(SMAX_ARG_I64, i64, (int64_t)(v))
#define i32_arg(v) ARG(SMAX_ARG_I32, i32, (int32_t)(v))
#define f32_arg(v) ARG(SMAX_ARG_F32, f32, (float)(v))

/* Zeroes `bytes` of new device memory from the host. */
static smax_status write_zeros(smax_context ctx, smax_native_mem mem,
                               size_t bytes)
{
    void *zeros = calloc(1, bytes);
    if (zeros == NULL)
        return smax_fail(ctx, SMAX_ERROR_OUT_OF_MEMORY,
                         "%zu bytes of host memory to zero device memory",
                         bytes);
    smax_status st = smax_backend_write(ctx, mem, 0, zeros, bytes);
    free(zeros);
    return st;
}

/* Grows a device area the context keeps (*area of *have bytes) to at
 * least `bytes`, zeroed if `zero`. */
static smax_status ensure_area(smax_context ctx, smax_native_mem *area,
                               size_t *have, size_t bytes, int zero)
{
    if (bytes <= *have)
        return SMAX_SUCCESS;
    smax_native_mem mem = {NULL};
    smax_status st = smax_backend_alloc(ctx, bytes, &mem);
    if (st == SMAX_SUCCESS && zero)
        st = write_zeros(ctx, mem, bytes);
    if (st != SMAX_SUCCESS) {
        if (mem.handle != NULL)
            smax_backend_free(ctx, mem);
        return st;
    }
    /* Work still queued on the old area keeps it alive (OpenCL) or is
     * waited for by the free (CUDA, HIP). */
    if (area->handle != NULL)
        smax_backend_free(ctx, *area);
    *area = mem;
    *have = bytes;
    return SMAX_SUCCESS;
}

/* Multi-block partials and their merges. */
static smax_status ensure_scratch(smax_context ctx, size_t bytes)
{
    return ensure_area(ctx, &ctx->scratch, &ctx->scratch_bytes, bytes, 0);
}

/* The cooperative launches' ticket counter and flags
 * (kernels/smax_cooperative.h), zeroed when allocated, so that no flag
 * holds a live epoch; a new area starts the count of tickets and epochs
 * again. */
static smax_status ensure_sync(smax_context ctx, size_t bytes)
{
    if (bytes <= ctx->sync_bytes)
        return SMAX_SUCCESS;
    smax_status st = ensure_area(ctx, &ctx->sync, &ctx->sync_bytes, bytes, 1);
    if (st == SMAX_SUCCESS) {
        ctx->tickets_drawn = 0;
        ctx->epoch = 0;
    }
    return st;
}

/* The operands of a call as kernels take them: memory, element offset,
 * row stride. */
typedef struct operand_args {
    int n;
    smax_native_mem mem[SMAX_MAX_OPERANDS];
    int64_t off[SMAX_MAX_OPERANDS];
    int64_t stride[SMAX_MAX_OPERANDS];
} operand_args;

static int push_operands(smax_arg *a, int n, const operand_args *o, int count)
{
    for (int i = 0; i < count; ++i) {
        a[n++] = mem_arg(o->mem[i]);
        a[n++] = i64_arg(o->off[i]);
        a[n++] = i64_arg(o->stride[i]);
    }
    return n;
}

typedef struct kernel_set {
    smax_kernel_id fused, fused_regs, online, partials, finish;
} kernel_set;

static const kernel_set forward_kernels = {
    SMAX_KERNEL_FUSED, SMAX_KERNEL_FUSED_REGS, SMAX_KERNEL_ONLINE,
    SMAX_KERNEL_MB_PARTIALS, SMAX_KERNEL_MB_NORMALIZE};
static const kernel_set backward_kernels = {
    SMAX_KERNEL_BWD_FUSED, SMAX_KERNEL_BWD_FUSED_REGS, SMAX_KERNEL_BWD_ONLINE,
    SMAX_KERNEL_BWD_MB_PARTIALS, SMAX_KERNEL_BWD_MB_WRITE};

static const kernel_set *kernels_of(const smax_exec_plan *plan)
{
    return plan->direction == SMAX_BACKWARD ? &backward_kernels
                                            : &forward_kernels;
}

/* Row kernels: operands, rows, cols, [cols_padded], lanes, scale, flags. */
static smax_status run_rows(smax_context ctx, const smax_problem *p,
                            const smax_exec_plan *plan, const operand_args *o)
{
    const kernel_set *ks = kernels_of(plan);
    smax_arg a[SMAX_MAX_KERNEL_ARGS];
    int n = push_operands(a, 0, o, o->n);
    a[n++] = i64_arg(p->rows);
    a[n++] = i32_arg((int32_t)p->cols);
    if (plan->per_item) { /* CPU rows: no lanes, no local memory */
        a[n++] = f32_arg(p->scale);
        a[n++] = i32_arg((int32_t)p->flags);
        return smax_backend_launch(ctx, SMAX_KERNEL_CPU_ROWS, plan->pair,
                                   plan->groups, plan->group_size, 0, a, n);
    }
    smax_kernel_id kernel = ks->online;
    if (plan->algorithm == SMAX_ALGO_FUSED && plan->in_registers) {
        kernel = ks->fused_regs;
    } else if (plan->algorithm == SMAX_ALGO_FUSED) {
        kernel = ks->fused;
        a[n++] = i32_arg(plan->cols_padded);
    }
    a[n++] = i32_arg(plan->lanes);
    a[n++] = f32_arg(p->scale);
    a[n++] = i32_arg((int32_t)p->flags);
    return smax_backend_launch(ctx, kernel, plan->pair, plan->groups,
                               plan->group_size, plan->local_bytes, a, n);
}

/* Phase 1 writes partials at scratch element 0; each merge level reads one
 * region and writes the other; phase 3 reads the last level's output. */
static smax_status run_multiblock(smax_context ctx, const smax_problem *p,
                                  const smax_exec_plan *plan,
                                  const operand_args *o)
{
    const kernel_set *ks = kernels_of(plan);
    const int backward = plan->direction == SMAX_BACKWARD;
    const smax_native_mem scratch = ctx->scratch;
    const int64_t region_b = 2 * p->rows * plan->chunks;
    smax_arg a[SMAX_MAX_KERNEL_ARGS];
    /* The inputs: x, or y and dy. */
    int n = push_operands(a, 0, o, o->n - 1);
    a[n++] = i32_arg((int32_t)p->cols);
    a[n++] = i32_arg(plan->chunk_len);
    a[n++] = i32_arg(plan->chunks);
    if (backward)
        a[n++] = i32_arg((int32_t)p->flags);
    else
        a[n++] = f32_arg(p->scale);
    a[n++] = mem_arg(scratch);
    a[n++] = i64_arg(0);
    smax_status st =
        smax_backend_launch(ctx, ks->partials, plan->pair, plan->groups,
                            plan->group_size, plan->local_bytes, a, n);

    int64_t src = 0, dst = region_b;
    int n_in = plan->chunks;
    for (int level = 0; st == SMAX_SUCCESS && level < plan->merge_levels;
         ++level) {
        const int n_out = (n_in + plan->fan_in - 1) / plan->fan_in;
        n = 0;
        a[n++] = mem_arg(scratch);
        a[n++] = i64_arg(src);
        a[n++] = i32_arg(n_in);
        a[n++] = mem_arg(scratch);
        a[n++] = i64_arg(dst);
        a[n++] = i32_arg(n_out);
        a[n++] = i32_arg(plan->fan_in);
        st = smax_backend_launch(ctx, SMAX_KERNEL_MB_MERGE, plan->pair,
                                 p->rows * n_out, plan->group_size,
                                 plan->local_bytes, a, n);
        const int64_t t = src;
        src = dst;
        dst = t;
        n_in = n_out;
    }
    if (st != SMAX_SUCCESS)
        return st;

    n = push_operands(a, 0, o, o->n);
    a[n++] = i32_arg((int32_t)p->cols);
    a[n++] = i32_arg(plan->chunk_len);
    a[n++] = i32_arg(plan->chunks);
    a[n++] = f32_arg(p->scale);
    a[n++] = i32_arg((int32_t)p->flags);
    a[n++] = mem_arg(scratch);
    a[n++] = i64_arg(src);
    return smax_backend_launch(ctx, ks->finish, plan->pair, plan->groups,
                               plan->group_size, 0, a, n);
}

/* The multi-block phases in one launch: operands, cols, chunk_len,
 * chunks, chunk pitch, scale, flags, ticket counter and flags (the sync
 * area), partials (the scratch), ticket base, epoch. */
static smax_status run_cooperative(smax_context ctx, const smax_problem *p,
                                   const smax_exec_plan *plan,
                                   const operand_args *o)
{
    /* Flags hold epochs 1 .. 2^31 - 1 (0 is a fresh area's); past that
     * the area is zeroed again before an epoch repeats. */
    if (ctx->epoch == INT32_MAX) {
        const size_t bytes = ctx->sync_bytes;
        smax_backend_free(ctx, ctx->sync);
        ctx->sync.handle = NULL;
        ctx->sync_bytes = 0;
        smax_status st = ensure_sync(ctx, bytes);
        if (st != SMAX_SUCCESS)
            return st;
    }
    smax_arg a[SMAX_MAX_KERNEL_ARGS];
    int n = push_operands(a, 0, o, o->n);
    a[n++] = i32_arg((int32_t)p->cols);
    a[n++] = i32_arg(plan->chunk_len);
    a[n++] = i32_arg(plan->chunks);
    a[n++] = i32_arg(plan->cols_padded);
    a[n++] = f32_arg(p->scale);
    a[n++] = i32_arg((int32_t)p->flags);
    a[n++] = mem_arg(ctx->sync);
    a[n++] = i64_arg(0);
    a[n++] = mem_arg(ctx->scratch);
    a[n++] = i64_arg(0);
    a[n++] = i32_arg((int32_t)ctx->tickets_drawn);
    a[n++] = i32_arg((int32_t)(ctx->epoch + 1));
    const smax_status st = smax_backend_launch(
        ctx,
        plan->direction == SMAX_BACKWARD ? SMAX_KERNEL_BWD_MB_ONCHIP
                                         : SMAX_KERNEL_MB_ONCHIP,
        plan->pair, plan->groups, plan->group_size, plan->local_bytes, a, n);
    if (st == SMAX_SUCCESS) {
        ctx->tickets_drawn += (uint32_t)plan->groups;
        ctx->epoch++;
    }
    return st;
}

smax_status smax_run_planned(smax_context ctx, const smax_problem *p,
                             const smax_exec_plan *plan,
                             const smax_native_mem *mem,
                             const size_t *offsets)
{
    smax_status st = ensure_scratch(ctx, plan->scratch_bytes);
    if (st == SMAX_SUCCESS)
        st = ensure_sync(ctx, plan->sync_bytes);
    if (st != SMAX_SUCCESS)
        return st;
    smax_operand ops[SMAX_MAX_OPERANDS];
    operand_args o;
    o.n = smax_operands_of(p, plan->direction, NULL, 0, NULL, 0, NULL, 0,
                           ops);
    for (int i = 0; i < o.n; ++i) {
        o.mem[i] = mem[i];
        o.off[i] = (int64_t)(offsets[i] / ops[i].elem);
        o.stride[i] = ops[i].stride;
    }
    if (plan->cooperative)
        return run_cooperative(ctx, p, plan, &o);
    if (plan->algorithm == SMAX_ALGO_MULTIBLOCK)
        return run_multiblock(ctx, p, plan, &o);
    return run_rows(ctx, p, plan, &o);
}
