/*
 * smax_cluster.h - how the groups of one row cooperate when they form a
 * thread-block cluster (CUDA, sm_90 and later): the hardware makes the
 * groups of a cluster resident at once, so each group pushes its chunk's
 * partial into every group's on-chip memory (distributed shared memory)
 * and waits on its own transaction barrier until all have arrived, with no
 * device-memory area, ticket or flag (compare smax_cooperative.h, the
 * portable exchange). A row is one cluster: group g of the launch holds
 * chunk g % chunks of row g / chunks, and is the cluster's group of rank
 * g % chunks. The host plans 2 to SMAX_WARP_SIZE chunks a cluster (a
 * cluster of one group has no distributed shared memory to push into).
 */
#ifndef SMAX_CLUSTER_H
#define SMAX_CLUSTER_H

#ifndef SMAX_OPENCL_C
#include "smax_merge.h"
#include "smax_reduce.h"
#endif

#if defined(SMAX_CLUSTER_ARCH)
/* A group's exchange area, after its reduction scratch: the exchange's
 * transaction barrier, the barrier of the chunk's bulk copies (where a
 * kernel keeps its chunk so), then one partial (two floats) per group of
 * the cluster, in rank order. common/plan.c reserves cluster_bytes(chunks)
 * for it. */
typedef struct smax_cluster_area {
    unsigned long long *bar;
    unsigned long long *load;
    float *slots;
} smax_cluster_area;

SMAX_FN smax_cluster_area smax_cluster_area_at(float *after_red)
{
    smax_cluster_area a;
    a.bar = (unsigned long long *)after_red;
    a.load = a.bar + 1;
    a.slots = (float *)(a.bar + 2);
    return a;
}

/* Readies the group's barrier for the chunks' partials and tells the
 * cluster so (a keep by bulk copies readies its own barrier). Called by
 * every item at the start of the kernel: the cluster's wait in
 * smax_cluster_exchange then costs nothing, every group having arrived
 * long before. */
SMAX_FN void smax_cluster_begin(smax_cluster_area a, int lid)
{
    if (lid == 0)
        SMAX_CLUSTER_BAR_INIT(a.bar);
    SMAX_CLUSTER_ARRIVE();
}

/* Pushes this group's partial to every group of the cluster, waits for
 * theirs, and merges the `chunks` partials in rank order: every warp of
 * every group reduces the same values in the same tree, so all get the
 * same bits, with no barrier of the group. A group may end as soon as it
 * has them: what it pushed lands in groups that wait for it. Called by
 * every item, each holding `mine`. */
SMAX_FN smax_partial smax_cluster_exchange(smax_partial mine, int chunks,
                                           int rank, smax_cluster_area a,
                                           int lid)
{
    SMAX_CLUSTER_WAIT(); /* every group's barrier is ready */
    if (lid == 0)
        SMAX_CLUSTER_BAR_EXPECT(a.bar, (unsigned)chunks * 2u * sizeof(float));
    if (lid < chunks)
        SMAX_CLUSTER_PUSH2(a.slots + 2 * rank, a.bar, (unsigned)lid, mine.m,
                           mine.s);
    SMAX_CLUSTER_BAR_WAIT(a.bar);
    const int lane = lid % SMAX_WARP_SIZE;
    smax_partial p = smax_partial_identity();
    if (lane < chunks) {
        p.m = a.slots[2 * lane];
        p.s = a.slots[2 * lane + 1];
    }
    return smax_warp_reduce_partial(p, SMAX_WARP_SIZE);
}
#endif

#endif /* SMAX_CLUSTER_H */
