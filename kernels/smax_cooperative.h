/*
 * smax_cooperative.h - how the groups of one row cooperate within a single
 * launch (the multi-block algorithm with its chunks held on-chip,
 * smax_multiblock_onchip.h): each group draws a ticket for its chunk,
 * publishes its chunk's partial, and waits for the partials of its row's
 * other groups, all through a small device-memory area (`sync`) that the
 * host zeroes once when it allocates it.
 *
 * Layout of sync, for a launch of `rows` rows of `chunks` groups each
 * (n = rows * chunks groups):
 *   sync[0]                    the ticket counter
 *   sync[1 + 2r], sync[2 + 2r] row r's counts of groups that published
 *                              (arrived) and that have read (departed)
 * and of `part`: the partials (m, s) of the groups, as bits. The counters
 * live apart from the partials, so that no launch's partials land where a
 * later launch of more rows keeps counters.
 *
 * Waiting on another group is safe only while every group of a row can be
 * resident at once: the host plans at most one group per compute unit per
 * row. Tickets make the rest hold. Groups take tickets in the order in
 * which they start, and a row's groups hold consecutive tickets, so no
 * group of a later row starts before every group of an earlier one has;
 * the lowest unfinished row therefore always gets all its groups resident
 * (earlier rows finish without waiting on anybody) and so finishes. Block
 * indices carry no such promise, which is why the ticket and not
 * SMAX_GROUP_ID() says which chunk a group takes.
 *
 * Every launch leaves the counters at 0, as it found them: the group that
 * draws the last ticket resets the ticket counter, and the last group of a
 * row to depart resets the row's counts. So a launch needs nothing from
 * the host but the zeroed area, and replays of a captured launch (CUDA and
 * HIP graphs) find it as the first run did.
 */
#ifndef SMAX_COOPERATIVE_H
#define SMAX_COOPERATIVE_H

#ifndef SMAX_OPENCL_C
#include "smax_merge.h"
#include "smax_multiblock.h"
#include "smax_reduce.h"
#endif

/* A group's place in a cooperative launch: its ticket and the chunk that
 * the ticket names. */
typedef struct smax_coop {
    SMAX_GLOBAL smax_u32 *counts; /* this row's arrived, departed */
    SMAX_GLOBAL smax_u32 *part;   /* the launch's partials        */
    smax_i64 g;                   /* this group's ticket          */
    smax_chunk c;
} smax_coop;

/* Draws this group's ticket and finds its chunk; `red` is group scratch of
 * at least one word. Called by every item. */
SMAX_FN smax_coop smax_coop_start(SMAX_GLOBAL smax_u32 *sync, smax_i64 sync_off,
                                  SMAX_GLOBAL smax_u32 *part, smax_i64 part_off,
                                  smax_i64 rows, int cols, int chunk_len,
                                  int chunks, SMAX_LOCAL float *red, int lid)
{
    SMAX_GLOBAL smax_u32 *s = sync + sync_off;
    const smax_u32 n = (smax_u32)(rows * chunks);
    SMAX_LOCAL smax_u32 *word = (SMAX_LOCAL smax_u32 *)red;
    if (lid == 0) {
        const smax_u32 t = SMAX_ATOMIC_INC(s);
        if (t == n - 1u) /* every ticket is drawn: ready for the next launch */
            SMAX_ATOMIC_XCHG(s, 0u);
        word[0] = t;
    }
    SMAX_BARRIER();
    smax_coop k;
    k.g = (smax_i64)word[0];
    SMAX_BARRIER(); /* red may be reused right after */
    k.c = smax_chunk_of(k.g, cols, chunk_len, chunks);
    k.counts = s + 1 + 2 * k.c.row;
    k.part = part + part_off;
    return k;
}

/* Publishes this group's partial `mine`, waits until every group of its
 * row has published, and returns the merge of the row's partials: every
 * item takes its share in a fixed order and the group reduces the shares
 * in a fixed order, so every group of the row gets the same bits. Called
 * by every item; `red` as for smax_reduce_partial. */
SMAX_FN smax_partial smax_coop_exchange(smax_coop k, int chunks,
                                        smax_partial mine,
                                        SMAX_LOCAL float *red, int lid,
                                        int lanes)
{
    SMAX_GLOBAL smax_u32 *row_part = k.part + 2 * (k.c.row * chunks);
    if (lid == 0) {
        SMAX_ATOMIC_XCHG(k.part + 2 * k.g, SMAX_AS_UINT(mine.m));
        SMAX_ATOMIC_XCHG(k.part + 2 * k.g + 1, SMAX_AS_UINT(mine.s));
        SMAX_GLOBAL_FENCE(); /* the partial before the count */
        SMAX_ATOMIC_INC(k.counts);
        while (SMAX_ATOMIC_READ(k.counts) != (smax_u32)chunks) {
        }
        SMAX_GLOBAL_FENCE(); /* the count before the partials */
    }
    SMAX_BARRIER();
    smax_partial p = smax_partial_identity();
    for (int j = lid; j < chunks; j += lanes) {
        smax_partial q;
        q.m = SMAX_AS_FLOAT(SMAX_ATOMIC_READ(row_part + 2 * j));
        q.s = SMAX_AS_FLOAT(SMAX_ATOMIC_READ(row_part + 2 * j + 1));
        p = smax_merge(p, q);
    }
    const smax_partial total = smax_reduce_partial(red, p, lid, lid, lanes);
    SMAX_BARRIER(); /* every item has read: the last group of the row to
                       get past here is the last to need the counts */
    if (lid == 0 &&
        SMAX_ATOMIC_INC(k.counts + 1) == (smax_u32)chunks - 1u) {
        SMAX_ATOMIC_XCHG(k.counts, 0u);
        SMAX_ATOMIC_XCHG(k.counts + 1, 0u);
    }
    return total;
}

#endif /* SMAX_COOPERATIVE_H */
