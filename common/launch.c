/* launch.c - the launch sequence of each algorithm and direction, written
 * once for every backend: argument lists in the order of the kernels'
 * parameters (kernels/). */
#include <stdint.h>
#include <stdlib.h>

#include "run.h"
#include "smax_geometry.h"

#define SMAX_KERNEL_NAME(id, name) #name,
const char *const smax_kernel_names[SMAX_KERNEL_COUNT] = {
    SMAX_KERNEL_LIST(SMAX_KERNEL_NAME)
        SMAX_SM90_KERNEL_LIST(SMAX_KERNEL_NAME)};

/* Kernel arguments, by kind. */
#define ARG(k, field, value) ((smax_arg){.kind = (k), .v.field = (value)})
#define mem_arg(m) ARG(SMAX_ARG_MEM, mem, (m))
#define i64_arg(v) ARG(SMAX_ARG_I64, i64, (int64_t)(v))
#define i32_arg(v) ARG(SMAX_ARG_I32, i32, (int32_t)(v))
#define f32_arg(v) ARG(SMAX_ARG_F32, f32, (float)(v))

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
        st = smax_backend_zero(ctx, mem, 0, bytes);
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

/* Multi-block partials and their merges. Zeroed when allocated: the
 * cooperative exchange publishes a partial with an atomic exchange, which
 * also reads the word it replaces, and compute-sanitizer's initcheck
 * reported every first publish as an uninitialised read (395234 in
 * smax_bwd_mb_onchip). Plain volatile stores instead cost the one-launch
 * kernels 3-11 points of copy bandwidth on the H100 (f32 backward 8192 x
 * 32768: 78.9% -> 67.8%), so the area is initialised once instead. */
static smax_status ensure_scratch(smax_context ctx, size_t bytes)
{
    return ensure_area(ctx, &ctx->scratch, &ctx->scratch_bytes, bytes, 1);
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

/* Where a call's scratch and sync areas lie, offsets in 32-bit words:
 * the context's own areas (grown on demand), or the caller's workspace
 * (smax_context_set_workspace: the sync area first, then the scratch). */
typedef struct work_areas {
    smax_native_mem scratch, sync;
    int64_t scratch_off, sync_off;
} work_areas;

static smax_status areas_of(smax_context ctx, const smax_exec_plan *plan,
                            work_areas *w)
{
    *w = (work_areas){{NULL}, {NULL}, 0, 0};
    if (!ctx->has_workspace) {
        smax_status st = ensure_scratch(ctx, plan->scratch_bytes);
        if (st == SMAX_SUCCESS)
            st = ensure_sync(ctx, plan->sync_bytes);
        w->scratch = ctx->scratch;
        w->sync = ctx->sync;
        return st;
    }
    const size_t need = smax_plan_workspace_bytes(plan);
    if (need > ctx->workspace_bytes)
        return smax_fail(ctx, SMAX_ERROR_INVALID_SIZE,
                         "the plan needs %zu bytes of workspace; the "
                         "context's workspace holds %zu (smax_plan_info."
                         "scratch_bytes says what a problem needs)",
                         need, ctx->workspace_bytes);
    w->scratch = w->sync = ctx->workspace;
    w->sync_off = (int64_t)(ctx->workspace_offset / sizeof(uint32_t));
    w->scratch_off = (int64_t)((ctx->workspace_offset +
                                smax_workspace_sync_span(plan)) /
                               sizeof(float));
    return SMAX_SUCCESS;
}

/* The operands of a call as kernels take them: memory, element offset,
 * row stride. */
typedef struct operand_args {
    int n;
    smax_native_mem mem[SMAX_MAX_OPERANDS];
    int64_t off[SMAX_MAX_OPERANDS];
    int64_t stride[SMAX_MAX_OPERANDS];
} operand_args;

/* A kernel's arguments, in the order of its parameter list; pushes past
 * SMAX_MAX_KERNEL_ARGS are counted, not written, and make the launch fail
 * (launch_with). */
typedef struct kernel_args {
    smax_arg a[SMAX_MAX_KERNEL_ARGS];
    int n;
} kernel_args;

static void push(kernel_args *k, smax_arg arg)
{
    if (k->n < SMAX_MAX_KERNEL_ARGS)
        k->a[k->n] = arg;
    k->n++;
}

static void push_operands(kernel_args *k, const operand_args *o, int count)
{
    for (int i = 0; i < count; ++i) {
        push(k, mem_arg(o->mem[i]));
        push(k, i64_arg(o->off[i]));
        push(k, i64_arg(o->stride[i]));
    }
}

/* Enqueues the kernel with k's arguments; cluster > 0 makes every
 * `cluster` consecutive groups one thread-block cluster; unit_local > 0
 * asks each compute unit for that much on-chip memory
 * (smax_backend_launch). */
static smax_status launch_sharing(smax_context ctx, smax_kernel_id kernel,
                                  int pair, int64_t groups, int group_size,
                                  size_t local_bytes, int cluster,
                                  size_t unit_local, const kernel_args *k)
{
    if (k->n > SMAX_MAX_KERNEL_ARGS)
        return smax_fail(ctx, SMAX_ERROR_BACKEND,
                         "%s: %d kernel arguments, more than the %d a launch "
                         "takes (SMAX_MAX_KERNEL_ARGS)",
                         smax_kernel_names[kernel], k->n,
                         SMAX_MAX_KERNEL_ARGS);
    if (cluster > 0)
        return smax_backend_launch_clusters(ctx, kernel, pair, groups,
                                            cluster, group_size, local_bytes,
                                            k->a, k->n);
    return smax_backend_launch(ctx, kernel, pair, groups, group_size,
                               local_bytes, unit_local, k->a, k->n);
}

/* launch_sharing with the runtime's choice of a unit's on-chip memory. */
static smax_status launch_with(smax_context ctx, smax_kernel_id kernel,
                               int pair, int64_t groups, int group_size,
                               size_t local_bytes, int cluster,
                               const kernel_args *k)
{
    return launch_sharing(ctx, kernel, pair, groups, group_size, local_bytes,
                          cluster, 0, k);
}

/* fused_deep: the on-chip rows' deep batch (plan->deep_keep), which the
 * forward has no form of; fused_split: rows part in registers, part
 * on-chip (plan->reg_split); fused_split_wide: the same with
 * SMAX_SPLIT_WIDE_ITEM_ELEMS an item in registers (plan->reg_split 2),
 * and fused_regs_deep and fused_regs_narrow: rows in registers,
 * SMAX_FWD_DEEP_REG_VECTORS or SMAX_FWD_NARROW_REG_VECTORS a lane
 * (plan->in_registers 2 or 3), which the gradient has no form of. */
typedef struct kernel_set {
    smax_kernel_id fused, fused_regs, fused_tile, online, partials, finish,
        cpu_rows, fused_deep, fused_split, fused_split_wide, fused_regs_deep,
        fused_regs_narrow;
} kernel_set;

static const kernel_set forward_kernels = {
    SMAX_KERNEL_FUSED,       SMAX_KERNEL_FUSED_REGS,  SMAX_KERNEL_FUSED_TILE,
    SMAX_KERNEL_ONLINE,      SMAX_KERNEL_MB_PARTIALS, SMAX_KERNEL_MB_NORMALIZE,
    SMAX_KERNEL_CPU_ROWS,    SMAX_KERNEL_FUSED,       SMAX_KERNEL_FUSED_SPLIT,
    SMAX_KERNEL_FUSED_SPLIT_WIDE, SMAX_KERNEL_FUSED_REGS_DEEP,
    SMAX_KERNEL_FUSED_REGS_NARROW};
static const kernel_set backward_kernels = {
    SMAX_KERNEL_BWD_FUSED,       SMAX_KERNEL_BWD_FUSED_REGS,
    SMAX_KERNEL_BWD_FUSED_TILE,  SMAX_KERNEL_BWD_ONLINE,
    SMAX_KERNEL_BWD_MB_PARTIALS, SMAX_KERNEL_BWD_MB_WRITE,
    SMAX_KERNEL_BWD_CPU_ROWS,    SMAX_KERNEL_BWD_FUSED_DEEP,
    SMAX_KERNEL_BWD_FUSED_SPLIT, SMAX_KERNEL_BWD_FUSED_SPLIT,
    SMAX_KERNEL_BWD_FUSED_REGS,  SMAX_KERNEL_BWD_FUSED_REGS};

static const kernel_set *kernels_of(const smax_exec_plan *plan)
{
    return plan->direction == SMAX_BACKWARD ? &backward_kernels
                                            : &forward_kernels;
}

/* Row kernels: operands, rows, cols, [cols_padded or tile_rows], lanes,
 * scale, flags; CPU rows: operands, rows, cols, forward only cols_padded
 * (the local slot of an item's exponentials, 0 for none), scale, flags. */
static smax_status run_rows(smax_context ctx, const smax_problem *p,
                            const smax_exec_plan *plan, const operand_args *o)
{
    const kernel_set *ks = kernels_of(plan);
    kernel_args k = {.n = 0};
    push_operands(&k, o, o->n);
    push(&k, i64_arg(p->rows));
    push(&k, i32_arg((int32_t)p->cols));
    if (plan->per_item) { /* CPU rows: no lanes */
        if (plan->direction == SMAX_FORWARD)
            push(&k, i32_arg(plan->cols_padded));
        push(&k, f32_arg(p->scale));
        push(&k, i32_arg((int32_t)p->flags));
        return launch_with(ctx, ks->cpu_rows, plan->pair, plan->groups,
                           plan->group_size, plan->local_bytes, 0, &k);
    }
    smax_kernel_id kernel = ks->online;
    if (plan->algorithm == SMAX_ALGO_FUSED && plan->tile_rows) {
        kernel = ks->fused_tile;
        push(&k, i32_arg(plan->tile_rows));
    } else if (plan->algorithm == SMAX_ALGO_FUSED && plan->in_registers) {
        kernel = plan->in_registers == 2   ? ks->fused_regs_deep
                 : plan->in_registers == 3 ? ks->fused_regs_narrow
                                           : ks->fused_regs;
    } else if (plan->algorithm == SMAX_ALGO_FUSED) {
        kernel = plan->reg_split == 2 ? ks->fused_split_wide
                 : plan->reg_split    ? ks->fused_split
                 : plan->deep_keep    ? ks->fused_deep
                                      : ks->fused;
        push(&k, i32_arg(plan->cols_padded));
    }
    push(&k, i32_arg(plan->lanes));
    push(&k, f32_arg(p->scale));
    push(&k, i32_arg((int32_t)(p->flags |
                               (plan->tile_spread ? SMAX_TILE_SPREAD_BIT : 0))));
    return launch_sharing(ctx, kernel, plan->pair, plan->groups,
                          plan->group_size, plan->local_bytes, 0,
                          smax_plan_unit_local(ctx, plan), &k);
}

/* Phase 1 (the partials of every chunk, from the first n_inputs operands,
 * at scratch region a) and every merge level but the last, each reading
 * one region and writing the other. *src and *n_in: where the last
 * level's inputs lie and how many a row. */
static smax_status partials_and_merges(smax_context ctx, const smax_problem *p,
                                       const smax_exec_plan *plan,
                                       const operand_args *o, int n_inputs,
                                       smax_native_mem scratch,
                                       int64_t scratch_off, int64_t *src,
                                       int *n_in)
{
    const kernel_set *ks = kernels_of(plan);
    const int64_t region_a = scratch_off;
    const int64_t region_b = region_a + 2 * p->rows * plan->chunks;
    kernel_args k = {.n = 0};
    push_operands(&k, o, n_inputs);
    push(&k, i32_arg((int32_t)p->cols));
    push(&k, i32_arg(plan->chunk_len));
    push(&k, i32_arg(plan->chunks));
    if (plan->direction == SMAX_BACKWARD)
        push(&k, i32_arg((int32_t)p->flags));
    else
        push(&k, f32_arg(p->scale));
    push(&k, mem_arg(scratch));
    push(&k, i64_arg(region_a));
    smax_status st = launch_with(ctx, ks->partials, plan->pair, plan->groups,
                                 plan->group_size, plan->local_bytes, 0, &k);
    int64_t from = region_a, to = region_b;
    int n = plan->chunks;
    for (int level = 0; st == SMAX_SUCCESS && level + 1 < plan->merge_levels;
         ++level) {
        const int n_out = (n + plan->fan_in - 1) / plan->fan_in;
        k.n = 0;
        push(&k, mem_arg(scratch));
        push(&k, i64_arg(from));
        push(&k, i32_arg(n));
        push(&k, mem_arg(scratch));
        push(&k, i64_arg(to));
        push(&k, i32_arg(n_out));
        push(&k, i32_arg(plan->fan_in));
        st = launch_with(ctx, SMAX_KERNEL_MB_MERGE, plan->pair, p->rows * n_out,
                         plan->group_size, plan->local_bytes, 0, &k);
        const int64_t t = from;
        from = to;
        to = t;
        n = n_out;
    }
    *src = from;
    *n_in = n;
    return st;
}

/* The three phases: partials_and_merges, then phase 3 reads the last
 * level's output. */
static smax_status run_multiblock(smax_context ctx, const smax_problem *p,
                                  const smax_exec_plan *plan,
                                  const operand_args *o, const work_areas *w)
{
    const kernel_set *ks = kernels_of(plan);
    const smax_native_mem scratch = w->scratch;
    int64_t src;
    int n_in;
    /* The tree's last level runs inside the finishing kernel. */
    const smax_status st = partials_and_merges(ctx, p, plan, o, o->n - 1,
                                               scratch, w->scratch_off, &src,
                                               &n_in);
    if (st != SMAX_SUCCESS)
        return st;
    kernel_args k = {.n = 0};
    push_operands(&k, o, o->n);
    push(&k, i32_arg((int32_t)p->cols));
    push(&k, i32_arg(plan->chunk_len));
    push(&k, i32_arg(plan->chunks));
    push(&k, f32_arg(p->scale));
    push(&k, i32_arg((int32_t)p->flags));
    push(&k, mem_arg(scratch));
    push(&k, i64_arg(src));
    push(&k, i32_arg(n_in));
    return launch_with(ctx, ks->finish, plan->pair, plan->groups,
                       plan->group_size, plan->local_bytes, 0, &k);
}

/* The multi-block phases in one launch: operands, cols, chunk_len,
 * chunks, chunk pitch, the kept head's length (only for the kernels that
 * re-read their chunks from the cache), scale, flags, the load stagger
 * (the device-memory exchanges that keep their chunks only), and for the
 * portable exchange the ticket counter and flags (the sync area),
 * partials (the scratch), ticket base, epoch; a row of the cluster
 * kernels is one cluster of plan->cluster groups. */
static smax_status run_cooperative(smax_context ctx, const smax_problem *p,
                                   const smax_exec_plan *plan,
                                   const operand_args *o, const work_areas *w)
{
    kernel_args k = {.n = 0};
    push_operands(&k, o, o->n);
    push(&k, i32_arg((int32_t)p->cols));
    push(&k, i32_arg(plan->chunk_len));
    push(&k, i32_arg(plan->chunks));
    push(&k, i32_arg(plan->cols_padded));
    if (plan->reread)
        push(&k, i32_arg(plan->keep_len));
    push(&k, f32_arg(p->scale));
    push(&k, i32_arg((int32_t)p->flags));
    if (!plan->cluster && !plan->reread)
        push(&k, i32_arg(plan->stagger));
    if (plan->cluster)
        return launch_with(ctx,
                           plan->direction == SMAX_BACKWARD
                               ? SMAX_KERNEL_BWD_MB_CLUSTER
                               : SMAX_KERNEL_MB_CLUSTER,
                           plan->pair, plan->groups, plan->group_size,
                           plan->local_bytes, plan->cluster, &k);
    /* A caller's workspace may have held anything since the last call
     * (another plan's partials): its sync area is zeroed on the device
     * first, and the launch counts tickets and epochs from a fresh area. */
    uint32_t tickets = ctx->tickets_drawn, epoch = ctx->epoch + 1;
    if (ctx->has_workspace) {
        smax_status st = smax_backend_zero(
            ctx, w->sync, (size_t)w->sync_off * sizeof(uint32_t),
            plan->sync_bytes);
        if (st != SMAX_SUCCESS)
            return st;
        tickets = 0;
        epoch = 1;
    } else if (ctx->epoch == INT32_MAX) {
        /* Flags hold epochs 1 .. 2^31 - 1 (0 is a fresh area's); past
         * that the area is zeroed again before an epoch repeats. */
        smax_status st = smax_backend_zero(ctx, ctx->sync, 0, ctx->sync_bytes);
        if (st != SMAX_SUCCESS)
            return st;
        ctx->tickets_drawn = tickets = 0;
        ctx->epoch = 0;
        epoch = 1;
    }
    push(&k, mem_arg(w->sync));
    push(&k, i64_arg(w->sync_off));
    push(&k, mem_arg(w->scratch));
    push(&k, i64_arg(w->scratch_off));
    push(&k, i32_arg((int32_t)tickets));
    push(&k, i32_arg((int32_t)epoch));
    const smax_status st = launch_with(
        ctx,
        smax_exchange_kernel(plan->direction, plan->reread,
                             plan->exchange_regs > 0),
        plan->pair,
        plan->groups, plan->group_size, plan->local_bytes, 0, &k);
    if (st == SMAX_SUCCESS && !ctx->has_workspace) {
        /* a launch of one row draws no tickets (smax_coop_start) */
        if (plan->groups != plan->chunks)
            ctx->tickets_drawn += (uint32_t)plan->groups;
        ctx->epoch++;
    }
    return st;
}

/* Whether every row of every operand starts on the 16-byte grid, so that
 * every chunk of a one-launch plan does (a chunk's length is a multiple of
 * 8 vectors, chunk_edge in common/plan.c). The gradient's exchange that
 * holds registers keeps whole vectors only
 * (kernels/smax_backward_exchange_regs.h); rows off the grid were wrong
 * there (H200, the conformance suite's layout cases of 4 x 1000,
 * bench/results/h100-2026-12-07d, call 2). Its chunks off the grid, held
 * element by element since, run only under SMAX_TEST_OFF_GRID_REGS=1
 * (traits.test_off_grid_regs), which the conformance suite's layout cases
 * take on CUDA (tests/CMakeLists.txt). */
static int rows_on_vector_grid(const smax_operand *ops, int n,
                               const smax_native_mem *mem,
                               const size_t *offsets)
{
    for (int i = 0; i < n; ++i)
        if ((uintptr_t)mem[i].handle % 16 != 0 || offsets[i] % 16 != 0 ||
            ((uint64_t)ops[i].stride * ops[i].elem) % 16 != 0)
            return 0;
    return 1;
}

smax_status smax_run_planned(smax_context ctx, const smax_problem *p,
                             const smax_exec_plan *plan,
                             const smax_native_mem *mem,
                             const size_t *offsets)
{
    smax_operand ops[SMAX_MAX_OPERANDS];
    operand_args o;
    o.n = smax_operands_of(p, plan->direction, NULL, 0, NULL, 0, NULL, 0,
                           ops);
    if (plan->exchange_regs && !ctx->traits.test_off_grid_regs &&
        !rows_on_vector_grid(ops, o.n, mem, offsets)) {
        smax_exec_plan off_grid;
        const smax_status st =
            smax_make_plan_off_grid(ctx, p, plan->direction, &off_grid);
        return st != SMAX_SUCCESS
                   ? st
                   : smax_run_planned(ctx, p, &off_grid, mem, offsets);
    }
    work_areas w;
    smax_status st = areas_of(ctx, plan, &w);
    if (st != SMAX_SUCCESS)
        return st;
    for (int i = 0; i < o.n; ++i) {
        o.mem[i] = mem[i];
        o.off[i] = (int64_t)(offsets[i] / ops[i].elem);
        o.stride[i] = ops[i].stride;
    }
    if (plan->cooperative)
        return run_cooperative(ctx, p, plan, &o, &w);
    if (plan->algorithm == SMAX_ALGO_MULTIBLOCK)
        return run_multiblock(ctx, p, plan, &o, &w);
    return run_rows(ctx, p, plan, &o);
}

/* ---- sharded rows (shard.c, kernels/smax_shard.h) ------------------------ */

/* Work-items a group of the one-item-per-row merge. */
static int shard_merge_group(smax_context ctx)
{
    int g = 1;
    while (g * 2 <= 256 && g * 2 <= (int)ctx->info.max_group_size)
        g <<= 1;
    return g;
}

smax_status smax_run_shard_merge(smax_context ctx, int64_t rows, int shards,
                                 int width, smax_native_mem in,
                                 size_t in_offset, smax_native_mem out,
                                 size_t out_offset)
{
    const int g = shard_merge_group(ctx);
    kernel_args k = {.n = 0};
    push(&k, mem_arg(in));
    push(&k, i64_arg(in_offset / sizeof(float)));
    push(&k, i64_arg(rows));
    push(&k, i32_arg(shards));
    push(&k, i32_arg(width));
    push(&k, mem_arg(out));
    push(&k, i64_arg(out_offset / sizeof(float)));
    /* Always the f32 -> f32 instantiation: the totals do not depend on
     * the problem's dtypes, so every rank folds with the same code. */
    return launch_with(ctx, SMAX_KERNEL_SHARD_MERGE, 0, (rows + g - 1) / g, g,
                       0, 0, &k);
}

/* The operands of a shard call as kernels take them (element offsets). */
static operand_args shard_operands(const smax_operand *ops, int n,
                                   const smax_native_mem *mem,
                                   const size_t *offsets)
{
    operand_args o;
    o.n = n;
    for (int i = 0; i < n; ++i) {
        o.mem[i] = mem[i];
        o.off[i] = (int64_t)(offsets[i] / ops[i].elem);
        o.stride[i] = ops[i].stride;
    }
    return o;
}

/* Phase 1 and the merges within the shard as run_multiblock, then the
 * tree's last level (smax_shard_collect) writes the caller's partials. */
smax_status smax_run_shard_partials(smax_context ctx, const smax_problem *p,
                                    const smax_exec_plan *plan,
                                    const smax_operand *ops, int n,
                                    const smax_native_mem *mem,
                                    const size_t *offsets)
{
    const int backward = plan->direction == SMAX_BACKWARD;
    const int width = backward ? 1 : 2;
    const operand_args o = shard_operands(ops, n, mem, offsets);
    const int out = n - 1; /* the partials, after the inputs */
    if (p->cols == 0) /* an empty shard: the identity for every row */
        return smax_run_shard_merge(ctx, p->rows, 0, width, o.mem[out], 0,
                                    o.mem[out], offsets[out]);
    work_areas w;
    smax_status st = areas_of(ctx, plan, &w);
    if (st != SMAX_SUCCESS)
        return st;
    int64_t src;
    int n_in;
    st = partials_and_merges(ctx, p, plan, &o, out, w.scratch, w.scratch_off,
                             &src, &n_in);
    if (st != SMAX_SUCCESS)
        return st;
    kernel_args k = {.n = 0};
    push(&k, mem_arg(w.scratch));
    push(&k, i64_arg(src));
    push(&k, i32_arg(n_in));
    push(&k, mem_arg(o.mem[out]));
    push(&k, i64_arg(o.off[out]));
    push(&k, i32_arg(width));
    return launch_with(ctx, SMAX_KERNEL_SHARD_COLLECT, plan->pair, p->rows,
                       plan->group_size, plan->local_bytes, 0, &k);
}

/* Phase 3 with the caller's totals: forward smax_mb_normalize (x, y; the
 * totals its one partial a row), backward smax_shard_bwd_write (y, dy,
 * dx; a sum a row). ops: forward x, totals, y; backward y, dy, totals,
 * dx. */
smax_status smax_run_shard_finish(smax_context ctx, const smax_problem *p,
                                  const smax_exec_plan *plan,
                                  const smax_operand *ops, int n,
                                  const smax_native_mem *mem,
                                  const size_t *offsets)
{
    const int backward = plan->direction == SMAX_BACKWARD;
    const operand_args all = shard_operands(ops, n, mem, offsets);
    const int t = n - 2; /* the totals, before the output */
    operand_args o = all; /* the data operands alone, in kernel order */
    o.n = n - 1;
    o.mem[t] = all.mem[n - 1];
    o.off[t] = all.off[n - 1];
    o.stride[t] = all.stride[n - 1];
    kernel_args k = {.n = 0};
    push_operands(&k, &o, o.n);
    push(&k, i32_arg((int32_t)p->cols));
    push(&k, i32_arg(plan->chunk_len));
    push(&k, i32_arg(plan->chunks));
    push(&k, f32_arg(p->scale));
    push(&k, i32_arg((int32_t)p->flags));
    push(&k, mem_arg(all.mem[t]));
    push(&k, i64_arg(all.off[t]));
    if (backward)
        return launch_with(ctx, SMAX_KERNEL_SHARD_BWD_WRITE, plan->pair,
                           plan->groups, plan->group_size, 0, 0, &k);
    push(&k, i32_arg(1));
    return launch_with(ctx, SMAX_KERNEL_MB_NORMALIZE, plan->pair, plan->groups,
                       plan->group_size, plan->local_bytes, 0, &k);
}
