/*
 * smax_cluster.h - how the groups of one row cooperate when they form a
 * thread-block cluster (CUDA, sm_90 and later): the hardware makes the
 * groups of a cluster resident at once, so they exchange their chunks'
 * partials through each other's on-chip memory (distributed shared
 * memory) behind the cluster barrier, with no device-memory area, ticket
 * or flag (compare smax_cooperative.h, the portable exchange). A row is
 * one cluster: group g of the launch holds chunk g % chunks of row
 * g / chunks, and is the cluster's group of rank g % chunks.
 */
#ifndef SMAX_CLUSTER_H
#define SMAX_CLUSTER_H

#ifndef SMAX_OPENCL_C
#include "smax_merge.h"
#include "smax_reduce.h"
#endif

#if defined(SMAX_CLUSTER_ARCH)
/* Publishes this group's partial in `pub` (two floats of its own on-chip
 * memory, untouched until the group ends), waits for every group of the
 * cluster to publish, and merges the `chunks` partials: every item takes
 * its share in rank order and the group reduces the shares in a fixed
 * order, so every group of the row gets the same bits. Peers read `pub`
 * until the cluster's next barrier: the group must call
 * smax_cluster_finish before it ends. Called by every item; `red` as for
 * smax_reduce_partial. */
SMAX_FN smax_partial smax_cluster_exchange(smax_partial mine, int chunks,
                                           float *pub, float *red, int lid,
                                           int lanes)
{
    if (lid == 0) {
        pub[0] = mine.m;
        pub[1] = mine.s;
    }
    SMAX_CLUSTER_ARRIVE();
    SMAX_CLUSTER_WAIT();
    smax_partial p = smax_partial_identity();
    for (int r = lid; r < chunks; r += lanes) {
        const float2 q = SMAX_CLUSTER_LOAD2(pub, (unsigned)r);
        smax_partial t;
        t.m = q.x;
        t.s = q.y;
        p = smax_merge(p, t);
    }
    SMAX_CLUSTER_ARRIVE(); /* this group has read its peers */
    return smax_reduce_partial(red, p, lid, lid, lanes);
}

/* Waits until every group of the cluster has read its peers' partials,
 * so that this group's on-chip memory may go. */
SMAX_FN void smax_cluster_finish(void)
{
    SMAX_CLUSTER_WAIT();
}
#endif

#endif /* SMAX_CLUSTER_H */
