/*
 * smax_cooperative.h - how the groups of one row cooperate within a single
 * launch (the multi-block algorithm with its chunks held on-chip,
 * smax_multiblock_onchip.h): each group draws a ticket for its chunk,
 * publishes its chunk's partial, and waits for the partials of its row's
 * other groups, all through a small device-memory area (`sync`) that the
 * host zeroes once when it allocates it.
 *
 * Layout of sync, for a launch of n groups:
 *   sync[0]             the ticket counter
 *   sync[1 .. 1+n)      one flag per group: the launch's epoch once its
 *                       partial is readable
 * and of `part`: the partials (m, s) of the groups, as their bits. Flags
 * live apart from the partials, so that a flag only ever holds 0 or an
 * epoch, whatever launches of other sizes wrote before.
 * Where the dialect has whole 64-bit words (SMAX_HAVE_WORD64: CUDA, HIP),
 * there are no flags: from sync + 2 each group has two 64-bit words, its
 * m and its s, each with the launch's epoch in the high half, so a word
 * read with the current epoch is the current value and no fence orders a
 * flag after the partial. On the H100 the flag's two fences, one on each
 * side, and the reads behind them took 3-4 us from the last group's
 * publish to the first group's total (globaltimer traces of single
 * vectors, launches of 23-75 us). The host sizes sync for both layouts
 * (common/plan.c).
 *
 * Waiting on another group is safe only while every group of a row can be
 * resident at once: the host plans at most one group per compute unit per
 * row, or two where a unit holds two of the plan's groups at once, by
 * their on-chip memory, items and registers (common/plan.c,
 * shared_unit_geometry). Tickets make the rest hold. Groups take tickets
 * in the order in which they start, and a row's groups hold consecutive
 * tickets, so no group of a later row starts before every group of an
 * earlier one has; the lowest unfinished row therefore always gets all
 * its groups resident (earlier rows finish without waiting on anybody)
 * and so finishes. Block indices carry no such promise, which is why the
 * ticket and not SMAX_GROUP_ID() says which chunk a group takes.
 *
 * The counter is never reset: the host passes the number of tickets drawn
 * before (ticket_base, modulo 2^32), and flags are compared with the
 * launch's epoch, which the host increments per launch, so no launch has
 * to clean up after itself.
 */
#ifndef SMAX_COOPERATIVE_H
#define SMAX_COOPERATIVE_H

#ifndef SMAX_OPENCL_C
#include "smax_merge.h"
#include "smax_multiblock.h"
#include "smax_reduce.h"
#endif

/* The pause between a waiting item's polls of a flag: doubling from the
 * first to the last (SMAX_SPIN_PAUSE; nothing where the dialect cannot
 * idle an item). */
#ifndef SMAX_SPIN_PAUSE_FIRST_NS
#define SMAX_SPIN_PAUSE_FIRST_NS 32u
#endif
#ifndef SMAX_SPIN_PAUSE_MAX_NS
#define SMAX_SPIN_PAUSE_MAX_NS 256u
#endif

/* This group's ticket, 0 .. n - 1 in the order the groups started; `red`
 * is group scratch of at least one word. Called by every item. */
SMAX_FN smax_i64 smax_coop_ticket(SMAX_GLOBAL smax_u32 *sync,
                                  smax_u32 ticket_base,
                                  SMAX_LOCAL float *red, int lid)
{
    SMAX_LOCAL smax_u32 *word = (SMAX_LOCAL smax_u32 *)red;
    if (lid == 0)
        word[0] = SMAX_ATOMIC_INC(sync) - ticket_base;
    SMAX_BARRIER();
    const smax_u32 t = word[0];
    SMAX_BARRIER(); /* red may be reused right after */
    return (smax_i64)t;
}

#if defined(SMAX_HAVE_WORD64)
/* Group g's two words: m, then s. */
SMAX_FN SMAX_GLOBAL smax_u64 *smax_coop_words(SMAX_GLOBAL smax_u32 *sync,
                                              smax_i64 g)
{
    return (SMAX_GLOBAL smax_u64 *)(sync + 2) + 2 * g;
}

SMAX_FN smax_u64 smax_coop_word(float v, smax_u32 epoch)
{
    return ((smax_u64)epoch << 32) | (smax_u64)SMAX_AS_UINT(v);
}

/* The value of word w once it carries `epoch`. */
SMAX_FN float smax_coop_await(SMAX_GLOBAL smax_u64 *w, smax_u32 epoch)
{
    smax_u32 pause = SMAX_SPIN_PAUSE_FIRST_NS;
    smax_u64 v;
    while (((v = SMAX_WORD64_READ(w)) >> 32) != (smax_u64)epoch) {
        SMAX_SPIN_PAUSE(pause);
        if (pause < SMAX_SPIN_PAUSE_MAX_NS)
            pause *= 2;
    }
    return SMAX_AS_FLOAT((smax_u32)v);
}
#else
/* Returns once `flag` carries `epoch`. */
SMAX_FN void smax_coop_await_flag(SMAX_GLOBAL smax_u32 *flag, smax_u32 epoch)
{
    smax_u32 pause = SMAX_SPIN_PAUSE_FIRST_NS;
    while (SMAX_ATOMIC_READ(flag) != epoch) {
        SMAX_SPIN_PAUSE(pause);
        if (pause < SMAX_SPIN_PAUSE_MAX_NS)
            pause *= 2;
    }
}
#endif

/* Publishes group g's partial p (called by one item). */
SMAX_FN void smax_coop_publish(SMAX_GLOBAL smax_u32 *sync,
                               SMAX_GLOBAL smax_u32 *part, smax_i64 g,
                               smax_partial p, smax_u32 epoch)
{
#if defined(SMAX_HAVE_WORD64)
    (void)part;
    SMAX_GLOBAL smax_u64 *w = smax_coop_words(sync, g);
    SMAX_WORD64_PUBLISH(w, smax_coop_word(p.m, epoch));
    SMAX_WORD64_PUBLISH(w + 1, smax_coop_word(p.s, epoch));
#else
    SMAX_ATOMIC_XCHG(part + 2 * g, SMAX_AS_UINT(p.m));
    SMAX_ATOMIC_XCHG(part + 2 * g + 1, SMAX_AS_UINT(p.s));
    SMAX_GLOBAL_FENCE(); /* the partial before the flag */
    SMAX_ATOMIC_XCHG(sync + 1 + g, epoch);
#endif
}

/* The merge of the `count` partials of groups first .. first + count - 1,
 * waiting for each to be published: every item takes its share in a fixed
 * order and the group reduces the shares in a fixed order, so every group
 * of a row gets the same bits. Called by every item; `red` as for
 * smax_reduce_partial. */
SMAX_FN smax_partial smax_coop_total(SMAX_GLOBAL smax_u32 *sync,
                                     SMAX_GLOBAL smax_u32 *part,
                                     smax_i64 first, int count,
                                     smax_u32 epoch, SMAX_LOCAL float *red,
                                     int lid, int lanes)
{
    smax_partial p = smax_partial_identity();
    for (int k = lid; k < count; k += lanes) {
        smax_partial q;
#if defined(SMAX_HAVE_WORD64)
        (void)part;
        SMAX_GLOBAL smax_u64 *w = smax_coop_words(sync, first + k);
        q.m = smax_coop_await(w, epoch);
        q.s = smax_coop_await(w + 1, epoch);
#else
        smax_coop_await_flag(sync + 1 + first + k, epoch);
        SMAX_GLOBAL_FENCE(); /* the flag before the partial */
        q.m = SMAX_AS_FLOAT(SMAX_ATOMIC_READ(part + 2 * (first + k)));
        q.s = SMAX_AS_FLOAT(SMAX_ATOMIC_READ(part + 2 * (first + k) + 1));
#endif
        p = smax_merge(p, q);
    }
    return smax_reduce_partial(red, p, lid, lid, lanes);
}

/* A group's place in a cooperative launch of rows x chunks groups: its
 * ticket and the chunk that the ticket names. */
typedef struct smax_coop {
    SMAX_GLOBAL smax_u32 *sync;
    SMAX_GLOBAL smax_u32 *part;
    smax_i64 g; /* this group's ticket */
    smax_chunk c;
} smax_coop;

/* Draws this group's ticket and finds the chunk it names; `red` is group
 * scratch of at least one word. Called by every item. A launch of one row
 * draws none: each of its groups waits for all the others whatever the
 * order in which they start, and the 132 atomics on one word took 1.2 us
 * of a 23 us launch on the H100 (globaltimer trace of bf16 1 x 2^23); its
 * groups take their chunk by their index, and the host counts no tickets
 * for it (common/launch.c). */
SMAX_FN smax_coop smax_coop_start(SMAX_GLOBAL smax_u32 *sync, smax_i64 sync_off,
                                  SMAX_GLOBAL smax_u32 *part, smax_i64 part_off,
                                  int cols, int chunk_len, int chunks,
                                  int ticket_base, SMAX_LOCAL float *red,
                                  int lid)
{
    smax_coop k;
    k.sync = sync + sync_off;
    k.part = part + part_off;
    k.g = SMAX_GROUP_COUNT() == chunks
              ? (smax_i64)SMAX_GROUP_ID()
              : smax_coop_ticket(k.sync, (smax_u32)ticket_base, red, lid);
    k.c = smax_chunk_of(k.g, cols, chunk_len, chunks);
    return k;
}

/* Holds this group's loads back until the group `behind` tickets before
 * it has published its partial (none where behind is 0 or no such group
 * is in this launch). That group drew its ticket first, so it has
 * started, and it publishes without waiting for anybody: the wait ends
 * wherever the exchange's own does. Called by every item. */
SMAX_FN void smax_coop_gate(smax_coop k, smax_i64 behind, int epoch, int lid)
{
    if (behind <= 0 || k.g < behind)
        return;
    if (lid == 0) {
        const smax_i64 g = k.g - behind;
#if defined(SMAX_HAVE_WORD64)
        (void)smax_coop_await(smax_coop_words(k.sync, g) + 1,
                              (smax_u32)epoch);
#else
        smax_coop_await_flag(k.sync + 1 + g, (smax_u32)epoch);
#endif
    }
    SMAX_BARRIER();
}

/* Publishes this group's partial and returns its row's total. Called by
 * every item. */
SMAX_FN smax_partial smax_coop_exchange(smax_coop k, int chunks,
                                        smax_partial mine, int epoch,
                                        SMAX_LOCAL float *red, int lid,
                                        int lanes)
{
    if (lid == 0)
        smax_coop_publish(k.sync, k.part, k.g, mine, (smax_u32)epoch);
    return smax_coop_total(k.sync, k.part, k.c.row * chunks, chunks,
                           (smax_u32)epoch, red, lid, lanes);
}

#endif /* SMAX_COOPERATIVE_H */
