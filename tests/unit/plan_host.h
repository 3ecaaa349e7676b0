/*
 * plan_host.h - the planner (common/plan.c) on its own, on a device
 * described by hand: what it asks of the rest of the library, answered
 * here, and the H100's queried limits (132 compute units, groups of 1024,
 * 227 KB of on-chip memory a group, 50 MB of L2) as CUDA sees them. For
 * test_plan_rules.c and tests/tools/plan_probe.c, each one executable.
 */
#ifndef SMAX_TESTS_PLAN_HOST_H
#define SMAX_TESTS_PLAN_HOST_H

#include <stdio.h>
#include <string.h>

#include "backend.h"
#include "plan.h"
#include "smax_geometry.h"

/* ---- what the planner asks of the rest of the library ------------------- */

static int clusters_fit = 1;

int smax_backend_max_clusters(smax_context ctx, smax_kernel_id kernel,
                              int pair, int cluster, int group_size,
                              size_t local_bytes)
{
    (void)ctx, (void)kernel, (void)pair, (void)cluster, (void)group_size;
    (void)local_bytes;
    return clusters_fit;
}

/* Registers an item of every kernel takes; 0: no occupancy query (the
 * planner then counts groups by on-chip memory alone). The exchange that
 * holds registers is built for its count (SMAX_BWD_EXCHANGE_REG_BOUND) and
 * answers with it. */
static int kernel_registers = 0;

int smax_backend_unit_groups(smax_context ctx, smax_kernel_id kernel, int pair,
                             int group_size)
{
    (void)ctx, (void)pair;
    const int registers = kernel == SMAX_KERNEL_BWD_MB_ONCHIP_REGS
                              ? SMAX_BWD_EXCHANGE_REG_BOUND
                              : kernel_registers;
    if (registers <= 0)
        return 0;
    /* an H100 unit: 65536 registers, allocated 256 a warp at a time, 2048
     * items, 32 groups */
    const int warp_regs = (registers * 32 + 255) / 256 * 256;
    const int by_regs = 65536 / (warp_regs * ((group_size + 31) / 32));
    const int by_items = 2048 / group_size;
    const int n = by_regs < by_items ? by_regs : by_items;
    return n < 32 ? n : 32;
}

/* The largest group a kernel may have; 0: the device's. */
static int kernel_max_group = 0;

int smax_backend_max_group(smax_context ctx, smax_kernel_id kernel, int pair)
{
    (void)kernel, (void)pair;
    return kernel_max_group > 0 ? kernel_max_group
                                : (int)ctx->info.max_group_size;
}

smax_status smax_fail(smax_context ctx, smax_status status, const char *fmt,
                      ...)
{
    snprintf(ctx->last_error, sizeof ctx->last_error, "%s", fmt);
    return status;
}

int smax_buffer_valid(smax_buffer buf)
{
    return buf != NULL;
}

/* ---- the device --------------------------------------------------------- */

static struct smax_context_s h100(void)
{
    struct smax_context_s c;
    memset(&c, 0, sizeof c);
    c.magic = SMAX_CONTEXT_MAGIC;
    c.info.compute_units = 132;
    c.info.max_group_size = 1024;
    c.info.local_mem_bytes = 232448;
    c.traits.preferred_group = 256;
    c.traits.max_local_dynamic = 232448;
    c.traits.cooperative = 1;
    c.traits.cache_bytes = 50u << 20;
    c.traits.max_cluster = 16;
    c.traits.bulk_keep = 1;
    c.traits.async_keep = 1;
    c.traits.unit_local_bytes = 233472;
    c.traits.group_local_reserved = 1024;
    c.traits.narrow_reg_lanes = 32;
    c.traits.deep_reg_wide = 1;
    c.traits.reread_keep_heads = 1;
    return c;
}

#endif
