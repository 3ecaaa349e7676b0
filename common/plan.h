/*
 * plan.h - the choice of algorithm and launch geometry for a problem.
 *
 * Made by the front end from the problem and the device facts alone, so
 * every backend runs the same plan for the same device limits, and
 * smax_plan() can show it without running anything. docs/algorithms.md
 * explains the rules.
 */
#ifndef SMAX_COMMON_PLAN_H
#define SMAX_COMMON_PLAN_H

#include "context.h"
#include "problem.h"

typedef struct smax_exec_plan {
    smax_direction direction;
    int pair;             /* kernel instantiation: 3 * in + out dtype    */
    int vec;              /* elements per vector access                  */
    smax_algorithm algorithm;
    int group_size;       /* work-items per group                        */
    int lanes;            /* work-items per row (power of two)           */
    int rows_per_group;   /* group_size / lanes                          */
    int64_t groups;       /* groups of the main launch                   */
    int in_registers;     /* fused: the row in registers (1:
                             smax_fused_regs, 2: smax_fused_regs_deep,
                             3: smax_fused_regs_narrow)                */
    int tile_rows;        /* fused: rows of a flat tile (smax_fused_tile,
                             smax_bwd_fused_tile),
                             0 for none                                */
    int tile_spread;      /* tile: a warp's row slots take rows apart
                             (SMAX_TILE_SPREAD_BIT, smax_geometry.h)   */
    int per_item;         /* online on a CPU: one item per row
                             (kernels/smax_cpu_rows.h)                */
    int onchip_bytes;     /* fused on-chip: bytes of a kept element      */
    int deep_keep;        /* fused on-chip gradient: the deep batch
                             (smax_bwd_fused_deep)                     */
    int reg_split;        /* fused: one group a row, part in
                             registers, the rest on-chip
                             (smax_fused_split, smax_bwd_fused_split;
                             2: smax_fused_split_wide); then
                             cols_padded is the on-chip part's pitch
                             (of each of y and dy)                    */
    int cols_padded;      /* fused on-chip: pitch between rows, elements */
    size_t local_bytes;   /* dynamic on-chip memory per group            */
    int chunk_len;        /* multiblock: elements per chunk (mult. of 4) */
    int chunks;           /* multiblock: chunks per row                  */
    int fan_in;           /* multiblock: partials merged per group       */
    int merge_levels;     /* multiblock: phase-2 launches                */
    size_t scratch_bytes; /* multiblock: partials (and their merges)   */
    size_t sync_bytes;    /* cooperative: ticket counter and flags     */
    int cooperative;      /* multiblock in one launch, chunks on-chip
                             (kernels/smax_multiblock_onchip.h); then
                             cols_padded is a chunk's on-chip pitch   */
    int cluster;          /* cooperative: each row one thread-block
                             cluster of `chunks` groups
                             (kernels/smax_multiblock_cluster.h)      */
    int reread;           /* cooperative: chunks streamed, then re-read
                             from the cache but for the head of each
                             that on-chip memory holds
                             (kernels/smax_multiblock_reread.h); then
                             cols_padded is the head's on-chip pitch  */
    int regs_barred;      /* input (smax_make_plan_off_grid): the
                             exchange may hold no registers          */
    int exchange_regs;    /* cooperative gradient, not a cluster's:
                             vectors of y and dy each item holds in
                             registers (smax_bwd_mb_onchip_regs), the
                             rest on-chip; then cols_padded is the
                             on-chip part's pitch (0: none)          */
    int keep_len;         /* reread: elements of a chunk's head kept
                             on-chip (0: none)                        */
    int stagger;          /* the device-memory exchanges (forward and
                             gradient): a group's loads wait for the group this
                             many rows before it to have its chunk's
                             partial (0: none; exchange_stagger)       */
    int unit_groups;      /* groups a compute unit should hold, where
                             its on-chip memory is carved from its
                             cache (traits.carved_cache): the launch
                             asks for their share only, the rest left
                             to the cache; 0: the runtime's choice
                             (plan_cache_share)                       */
    char reason[160];
} smax_exec_plan;

/* Longest f32 row the forward fused kernel can hold on the context's
 * device (16-bit rows are kept as their bits: about twice as long). */
int64_t smax_fused_max_cols(smax_context ctx);

/* The groups a thread-block cluster may have, given the device's most
 * (device_max; 0: no clusters) and the value of SMAX_CLUSTERS in the
 * environment (NULL: unset): N caps them at N, so 8 keeps them portable
 * (compute-sanitizer's synccheck faults on launches of several larger
 * ones, docs/algorithms.md); 0 or 1 turns them off (a cluster of one group
 * has no distributed shared memory). A value that is not a whole number
 * leaves device_max. */
int smax_cluster_cap(int device_max, const char *env);
/* SMAX_STAGGER's value: rows the device-memory exchanges stagger by
 * (0: none), or -1 where it is unset or not a count (the planner's rule,
 * common/plan.c exchange_stagger). */
int smax_stagger_rows(const char *env);

/* Plans a checked problem for one direction. A forced algorithm that
 * cannot run the shape gives SMAX_ERROR_NOT_SUPPORTED with the reason in
 * smax_last_error(). */
smax_status smax_make_plan(smax_context ctx, const smax_problem *problem,
                           smax_direction dir, smax_exec_plan *out);

/* smax_make_plan for operands whose rows need not start on the 16-byte
 * grid: the plan's exchange holds nothing in registers, whose kernel
 * keeps whole vectors only (common/launch.c, smax_run_planned). */
smax_status smax_make_plan_off_grid(smax_context ctx,
                                    const smax_problem *problem,
                                    smax_direction dir, smax_exec_plan *out);

/* The plan of a shard's partials and finishing calls (smax_shard.h):
 * always the three-phase multi-block geometry, never one launch. */
smax_status smax_make_shard_plan(smax_context ctx, const smax_problem *problem,
                                 smax_direction dir, smax_exec_plan *out);

void smax_plan_describe(const smax_exec_plan *plan, smax_plan_info *out);

/* A caller's workspace holds the sync area first, then the scratch, each
 * starting on this many bytes (smax_context_set_workspace asks the same of
 * the workspace's offset). */
#define SMAX_WORKSPACE_ALIGN 256
/* Bytes of workspace the plan needs: the sync area rounded up to
 * SMAX_WORKSPACE_ALIGN, then the scratch. */
size_t smax_plan_workspace_bytes(const smax_exec_plan *plan);
/* The on-chip memory a compute unit keeps for the plan's main launch
 * (plan->unit_groups groups, each with what the runtime reserves for it),
 * for smax_backend_launch; 0: the runtime's choice. */
size_t smax_plan_unit_local(smax_context ctx, const smax_exec_plan *plan);
size_t smax_workspace_sync_span(const smax_exec_plan *plan);

#endif
