/* launch.c - the launch sequence of each algorithm, written once for every
 * backend: argument lists in the order of kernels/smax_kernels.h. */
#include "run.h"

const char *const smax_kernel_names[SMAX_KERNEL_COUNT] = {
    "smax_fused", "smax_fused_regs", "smax_online", "smax_mb_partials", "smax_mb_merge",
    "smax_mb_normalize"};

/* Kernel arguments, by kind. */
#define ARG(k, field, value) ((smax_arg){.kind = (k), .v.field = (value)})
#define mem_arg(m) ARG(SMAX_ARG_MEM, mem, (m))
#define i64_arg(v) ARG(SMAX_ARG_I64, i64, (int64_t)(v))
#define i32_arg(v) ARG(SMAX_ARG_I32, i32, (int32_t)(v))
#define f32_arg(v) ARG(SMAX_ARG_F32, f32, (float)(v))

static smax_status ensure_scratch(smax_context ctx, size_t bytes)
{
    if (bytes <= ctx->scratch_bytes)
        return SMAX_SUCCESS;
    smax_native_mem mem;
    smax_status st = smax_backend_alloc(ctx, bytes, &mem);
    if (st != SMAX_SUCCESS)
        return st;
    /* Work still queued on the old scratch keeps it alive (OpenCL) or is
     * waited for by the free (CUDA, HIP). */
    if (ctx->scratch.handle != NULL)
        smax_backend_free(ctx, ctx->scratch);
    ctx->scratch = mem;
    ctx->scratch_bytes = bytes;
    return SMAX_SUCCESS;
}

typedef struct row_args {
    smax_native_mem x, y;
    int64_t x_off, y_off;
} row_args;

/* x, its offset and stride, then y's: how every row kernel starts. */
static int push_xy(smax_arg *a, int n, const row_args *r,
                   const smax_problem *p)
{
    a[n++] = mem_arg(r->x);
    a[n++] = i64_arg(r->x_off);
    a[n++] = i64_arg(p->x_row_stride);
    a[n++] = mem_arg(r->y);
    a[n++] = i64_arg(r->y_off);
    a[n++] = i64_arg(p->y_row_stride);
    return n;
}

static smax_status run_rows(smax_context ctx, const smax_problem *p,
                            const smax_exec_plan *plan, const row_args *r)
{
    smax_arg a[SMAX_MAX_KERNEL_ARGS];
    int n = 0;
    n = push_xy(a, n, r, p);
    a[n++] = i64_arg(p->rows);
    a[n++] = i32_arg((int32_t)p->cols);
    smax_kernel_id kernel = SMAX_KERNEL_ONLINE;
    if (plan->algorithm == SMAX_ALGO_FUSED && plan->in_registers) {
        kernel = SMAX_KERNEL_FUSED_REGS;
    } else if (plan->algorithm == SMAX_ALGO_FUSED) {
        kernel = SMAX_KERNEL_FUSED;
        a[n++] = i32_arg(plan->cols_padded);
    }
    a[n++] = i32_arg(plan->lanes);
    a[n++] = f32_arg(p->scale);
    a[n++] = i32_arg((int32_t)p->flags);
    return smax_backend_launch(ctx, kernel, plan->groups, plan->group_size,
                               plan->local_bytes, a, n);
}

/* Phase 1 writes partials at scratch element 0; each merge level reads one
 * region and writes the other; phase 3 reads the last level's output. */
static smax_status run_multiblock(smax_context ctx, const smax_problem *p,
                                  const smax_exec_plan *plan,
                                  const row_args *r)
{
    const smax_native_mem scratch = ctx->scratch;
    const int64_t region_b = 2 * p->rows * plan->chunks;
    smax_arg a[SMAX_MAX_KERNEL_ARGS];
    int n = 0;
    a[n++] = mem_arg(r->x);
    a[n++] = i64_arg(r->x_off);
    a[n++] = i64_arg(p->x_row_stride);
    a[n++] = i32_arg((int32_t)p->cols);
    a[n++] = i32_arg(plan->chunk_len);
    a[n++] = i32_arg(plan->chunks);
    a[n++] = f32_arg(p->scale);
    a[n++] = mem_arg(scratch);
    a[n++] = i64_arg(0);
    smax_status st =
        smax_backend_launch(ctx, SMAX_KERNEL_MB_PARTIALS, plan->groups,
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
        st = smax_backend_launch(ctx, SMAX_KERNEL_MB_MERGE, p->rows * n_out,
                                 plan->group_size, plan->local_bytes, a, n);
        const int64_t t = src;
        src = dst;
        dst = t;
        n_in = n_out;
    }
    if (st != SMAX_SUCCESS)
        return st;

    n = 0;
    n = push_xy(a, n, r, p);
    a[n++] = i32_arg((int32_t)p->cols);
    a[n++] = i32_arg(plan->chunk_len);
    a[n++] = i32_arg(plan->chunks);
    a[n++] = f32_arg(p->scale);
    a[n++] = i32_arg((int32_t)p->flags);
    a[n++] = mem_arg(scratch);
    a[n++] = i64_arg(src);
    return smax_backend_launch(ctx, SMAX_KERNEL_MB_NORMALIZE, plan->groups,
                               plan->group_size, 0, a, n);
}

smax_status smax_run_planned(smax_context ctx, const smax_problem *p,
                             const smax_exec_plan *plan, smax_native_mem x,
                             size_t x_offset, smax_native_mem y,
                             size_t y_offset)
{
    smax_status st = ensure_scratch(ctx, plan->scratch_bytes);
    if (st != SMAX_SUCCESS)
        return st;
    row_args r;
    r.x = x;
    r.y = y;
    r.x_off = (int64_t)(x_offset / sizeof(float));
    r.y_off = (int64_t)(y_offset / sizeof(float));
    if (plan->algorithm == SMAX_ALGO_MULTIBLOCK)
        return run_multiblock(ctx, p, plan, &r);
    return run_rows(ctx, p, plan, &r);
}
