/* plan_probe.c (this record): the planner (common/plan.c) on a hand-made H100, as CUDA (0) or as NVIDIA's OpenCL
 * (1: 48 KB a group, no clusters, a group limit as given); stubs as tests/unit/test_plan_rules.c. Build from the
 * checkout: gcc -O1 -std=c11 -o /tmp/plan_probe bench/results/h100-2026-12-06c/plan_probe.c common/plan.c
 *   common/problem.c common/problem_init.c -Iinclude -I<build>/generated/include -Icommon -Ikernels -lm
 * Run: plan_probe OPENCL MAX_GROUP BACKWARD ROWS COLS [KERNEL_MAX_GROUP] */
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
#include <stdio.h>
#include <stdlib.h>
static struct smax_context_s dev(int ocl, int maxg)
{
    struct smax_context_s c; memset(&c, 0, sizeof c);
    c.magic = SMAX_CONTEXT_MAGIC; c.info.compute_units = 132;
    c.info.max_group_size = ocl ? maxg : 1024; c.info.local_mem_bytes = ocl ? 49152 : 232448;
    c.traits.preferred_group = 256; c.traits.max_local_dynamic = ocl ? 49152 - 1024 : 232448;
    c.traits.cooperative = 1; c.traits.cache_bytes = 50u << 20; c.traits.max_cluster = ocl ? 0 : 16;
    c.traits.async_keep = 1; c.traits.unit_local_bytes = 233472; c.traits.group_local_reserved = 1024;
    c.traits.narrow_reg_lanes = ocl ? 4 : 32; c.traits.deep_reg_wide = !ocl; c.traits.reread_keep_heads = !ocl;
    c.traits.bwd_batch_keep_f32 = 1; c.traits.memory_bandwidth = 3352000000000ull;
    return c;
}
int main(int argc, char **argv)
{
    int ocl = atoi(argv[1]), maxg = atoi(argv[2]), bwd = atoi(argv[3]);
    long long rows = atoll(argv[4]), cols = atoll(argv[5]);
    kernel_max_group = argc > 6 ? atoi(argv[6]) : 0;
    struct smax_context_s c = dev(ocl, maxg);
    smax_problem p; smax_problem_init(&p, sizeof p, rows, cols);
    smax_exec_plan plan;
    smax_status st = smax_make_plan(&c, &p, bwd ? SMAX_BACKWARD : SMAX_FORWARD, &plan);
    printf("st %d alg %d g%d c%lld L%d coop %d reread %d | %s\n", (int)st, (int)plan.algorithm, plan.group_size,
           (long long)plan.chunks, plan.merge_levels, plan.cooperative, plan.reread, plan.reason);
    return 0;
}
