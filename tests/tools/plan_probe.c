/*
 * plan_probe.c - smax_plan_probe: what the planner (common/plan.c) plans
 * for one problem on the hand-made H100 of tests/unit/plan_host.h, as CUDA
 * sees it or as NVIDIA's OpenCL does (48 KB of local memory a group, no
 * clusters, groups of 256 but for the re-read kernels' 1024, no re-read
 * heads kept), without a device. For reading a plan a GPU run measured (e.g.
 * bench/results/h100-2026-12-06c). Not a test: it asserts nothing.
 *
 *   smax_plan_probe cuda|opencl fwd|bwd ROWS COLS [OPENCL_GROUP]
 *
 * OPENCL_GROUP: the largest group of OpenCL's other kernels, for asking
 * what a larger one would plan (default 256, NVIDIA's answer).
 */
#include <stdlib.h>

#include "plan_host.h"

/* The H100 as NVIDIA's OpenCL reports it (backends/opencl/opencl_init.c). */
static struct smax_context_s h100_opencl(int group)
{
    struct smax_context_s c = h100();
    c.info.max_group_size = (uint32_t)group;
    c.info.local_mem_bytes = 49152;
    c.traits.max_local_dynamic = 49152 - 1024;
    c.traits.max_cluster = 0;
    c.traits.bulk_keep = 0;
    c.traits.narrow_reg_lanes = 4;
    c.traits.deep_reg_wide = 0;
    c.traits.reread_keep_heads = 0;
    c.traits.bwd_batch_keep_f32 = 1;
    return c;
}

int main(int argc, char **argv)
{
    if (argc < 5 || (strcmp(argv[1], "cuda") && strcmp(argv[1], "opencl")) ||
        (strcmp(argv[2], "fwd") && strcmp(argv[2], "bwd"))) {
        fprintf(stderr, "usage: smax_plan_probe cuda|opencl fwd|bwd ROWS COLS "
                        "[OPENCL_GROUP]\n");
        return 2;
    }
    struct smax_context_s c = strcmp(argv[1], "cuda") == 0
                                  ? h100()
                                  : h100_opencl(argc > 5 ? atoi(argv[5]) : 256);
    kernel_max_group = 1024; /* the re-read kernels', on both */
    /* registers an item, for the occupancy query (unset: none) */
    const char *regs = getenv("SMAX_PROBE_REGISTERS");
    kernel_registers = regs != NULL ? atoi(regs) : 0;
    smax_problem p;
    smax_problem_init(&p, sizeof p, atoll(argv[3]), atoll(argv[4]));
    smax_exec_plan plan;
    const smax_status st = smax_make_plan(
        &c, &p, strcmp(argv[2], "bwd") == 0 ? SMAX_BACKWARD : SMAX_FORWARD,
        &plan);
    if (st != SMAX_SUCCESS) {
        printf("status %d: %s\n", (int)st, c.last_error);
        return 1;
    }
    printf("g%d c%lld L%d%s%s%s | %s\n", plan.group_size,
           (long long)plan.chunks, plan.merge_levels,
           plan.cooperative ? " one launch" : "", plan.reread ? " re-read" : "",
           plan.exchange_regs ? " regs" : "", plan.reason);
    return 0;
}
