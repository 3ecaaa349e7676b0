/*
 * smax_tile.h - rows that lie back to back in memory (row stride = cols)
 * moved as ONE flat run of 16-byte vectors between device memory and
 * on-chip memory, whatever the row length: the tile kernels
 * (smax_fused_tile.h) then compute each row from on-chip memory.
 *
 * Why: a row of 16-bit elements whose bytes are not a multiple of 16 (100
 * bf16 columns are 200 bytes) starts off the vector grid every other row,
 * so a kernel that moves each row by itself moves the elements at both of
 * its ends one by one, and writes sectors piecewise (bf16 600000 x 100 on
 * the H100: 53% of the sectors excess by ncu, the register kernel issue
 * bound at 72% of copy). A flat run has only two such ends per tile.
 *
 * On-chip layout: the input tile keeps elements as smax_onchip.h keeps a
 * row (16-bit inputs as their bits, f32 as f32), element e of the tile at
 * index e + ph_in, where ph_in is the input's phase (the elements by which
 * the tile's first element lies past a 16-byte boundary), so that every
 * whole vector of the global grid lands on the local 16-byte grid. The
 * output tile holds the output's bits the same way with the output's
 * phase. Each spans SMAX_TILE_SPAN(n) elements (smax_geometry.h), which
 * the planner reserves.
 */
#ifndef SMAX_TILE_H
#define SMAX_TILE_H

#ifndef SMAX_OPENCL_C
#include "smax_onchip.h"
#endif

/* The output's bits on-chip and in device memory: moved as they are. */
#if SMAX_OUT_BYTES == 2
typedef smax_u16 smax_tile_bits;
#else
typedef float smax_tile_bits;
#endif

/* Local index of output element i: f32 outputs of 8-element vectors take
 * the swizzle of smax_onchip.h (two 16-byte halves per item, else two
 * items a bank group), 16-bit ones are one conflict-free access. */
SMAX_FN int smax_tile_out_at(int i)
{
#if SMAX_OUT_BYTES == 4
    return smax_swizzle(i);
#else
    return i;
#endif
}

/* Output element i of the output tile, rounded to the output type. */
SMAX_FN void smax_tile_put(SMAX_LOCAL smax_tile_bits *t, int i, float v)
{
#if SMAX_OUT_DTYPE == 0
    t[smax_tile_out_at(i)] = v;
#elif SMAX_OUT_DTYPE == 1
    SMAX_F16_STORE((SMAX_LOCAL smax_f16_mem *)t, i, v);
#else
    t[i] = (smax_u16)SMAX_BF16_OF(v);
#endif
}

/* A group's tile: its first row, the rows it holds (fewer in the last
 * tile) and their elements. */
typedef struct smax_tile_at {
    smax_i64 row0;
    int here, n;
} smax_tile_at;

SMAX_FN smax_tile_at smax_tile_at_of(smax_i64 rows, int cols, int tile_rows)
{
    smax_tile_at t;
    t.row0 = SMAX_GROUP_ID() * tile_rows;
    t.here = rows - t.row0 < tile_rows ? (int)(rows - t.row0) : tile_rows;
    t.n = t.here * cols;
    return t;
}

/* The group's on-chip memory (the planner's plan_fused_tile reserves it):
 * `inputs` input tiles, then the output tile, then the reduction scratch.
 * smax_tile_in gives input tile k, smax_tile_out the output tile (past
 * `inputs` input tiles), smax_tile_red the scratch. */
SMAX_FN SMAX_LOCAL smax_onchip_t *smax_tile_in(SMAX_LOCAL float *area, int k,
                                              int tile_rows, int cols)
{
    return (SMAX_LOCAL smax_onchip_t *)area +
           k * SMAX_TILE_IN_SPAN(tile_rows * cols, cols);
}

SMAX_FN SMAX_LOCAL smax_tile_bits *smax_tile_out(SMAX_LOCAL float *area,
                                                int inputs, int tile_rows,
                                                int cols)
{
    return (SMAX_LOCAL smax_tile_bits *)smax_tile_in(area, inputs, tile_rows,
                                                     cols);
}

SMAX_FN SMAX_LOCAL float *smax_tile_red(SMAX_LOCAL float *area, int inputs,
                                        int tile_rows, int cols)
{
    return (SMAX_LOCAL float *)(smax_tile_out(area, inputs, tile_rows, cols) +
                                SMAX_TILE_SPAN(tile_rows * cols));
}

/* Vectors of a flat run of n elements at phase ph: the first starts ph
 * elements before element 0, the last may end past n. */
SMAX_FN int smax_tile_vectors(int n, int ph)
{
    return (n + ph + SMAX_VEC - 1) / SMAX_VEC;
}

/* Whether vector k (its first element s = SMAX_VEC * k - ph) lies wholly
 * inside the run. smax_rows.h's smax_whole_vec says the same, but the
 * H100 code of the tile kernels differed with it (one compare more per
 * vector), so the measured form stays. */
SMAX_FN int smax_tile_whole(int s, int n)
{
    return s >= 0 && s + SMAX_VEC <= n;
}

/* The elements of the vector at s that lie inside the run, one by one
 * (the run's two end vectors). */
SMAX_FN void smax_tile_keep_ends(SMAX_LOCAL smax_onchip_t *t,
                                 const SMAX_GLOBAL smax_in_t *g, int s, int n,
                                 int ph)
{
    for (int i = 0; i < SMAX_VEC; ++i)
        if (s + i >= 0 && s + i < n)
            smax_keep(g, s + i, t, s + i + ph);
}

/* The input tile's vectors [from, to) of the run [0, n) at g, whose phase
 * is ph, put in flight by asynchronous copies, none through registers:
 * vectors go item by item across the group (consecutive items,
 * consecutive 16 bytes); the run's two end vectors move element by element
 * inside [0, n) only, so neighbouring tiles (and x == y) never touch each
 * other's elements. */
#if defined(SMAX_ASYNC_KEEP)
SMAX_FN void smax_tile_fetch_vecs(SMAX_LOCAL smax_onchip_t *t,
                                  const SMAX_GLOBAL smax_in_t *g, int n,
                                  int ph, int lid, int items, int from, int to)
{
    for (int k = from + lid; k < to; k += items) {
        const int s = SMAX_VEC * k - ph;
        if (smax_tile_whole(s, n))
            smax_async_keep_vec(t, SMAX_VEC * k, g + s);
        else
            smax_tile_keep_ends(t, g, s, n, ph);
    }
}
#endif

/* The input elements [0, n) at g, whose phase is ph, into the input tile;
 * called by every item of the group, then smax_tile_landed, after which
 * any item may read any element (several tiles fetched before it are in
 * flight together). The ends move as smax_tile_fetch_vecs moves them. */
SMAX_FN void smax_tile_fetch(SMAX_LOCAL smax_onchip_t *t,
                            const SMAX_GLOBAL smax_in_t *g, int n, int ph,
                            int lid, int items)
{
    const int nvec = smax_tile_vectors(n, ph);
#if defined(SMAX_ASYNC_KEEP)
    /* Every whole vector in flight at once. */
    smax_tile_fetch_vecs(t, g, n, ph, lid, items, 0, nvec);
#else
    /* Through registers: an item's vectors are issued before any is
     * kept. A tile is at most SMAX_TILE_LOAD_ELEMS an item plus the
     * phase's one vector. */
#define SMAX_TILE_LOAD_VECS (SMAX_TILE_LOAD_ELEMS / SMAX_VEC + 1)
    smax_fetched f[SMAX_TILE_LOAD_VECS];
    SMAX_UNROLL_ALL
    for (int b = 0; b < SMAX_TILE_LOAD_VECS; ++b) {
        const int s = SMAX_VEC * (lid + b * items) - ph;
        if (smax_tile_whole(s, n))
            f[b] = smax_fetch_vec(g + s);
    }
    SMAX_UNROLL_ALL
    for (int b = 0; b < SMAX_TILE_LOAD_VECS; ++b) {
        const int k = lid + b * items;
        const int s = SMAX_VEC * k - ph;
        if (smax_tile_whole(s, n))
            smax_stash_vec(t, SMAX_VEC * k, f[b]);
        else if (k < nvec)
            smax_tile_keep_ends(t, g, s, n, ph);
    }
#undef SMAX_TILE_LOAD_VECS
#endif
}

/* Every tile fetched by the group is in on-chip memory. */
SMAX_FN void smax_tile_landed(void)
{
#if defined(SMAX_ASYNC_KEEP)
    smax_async_wait_all();
#endif
    SMAX_BARRIER();
}

/* The output tile's elements [0, n) to g, whose phase is ph: the load's
 * walk in reverse, bits as they are. Called by every item after a
 * barrier that follows the last smax_tile_put. */
SMAX_FN void smax_tile_store(SMAX_GLOBAL smax_out_t *g,
                             const SMAX_LOCAL smax_tile_bits *t, int n, int ph,
                             int lid, int items)
{
    SMAX_GLOBAL smax_tile_bits *gb = (SMAX_GLOBAL smax_tile_bits *)g;
    const int nvec = smax_tile_vectors(n, ph);
    for (int k = lid; k < nvec; k += items) {
        const int s = SMAX_VEC * k - ph;
        if (smax_tile_whole(s, n)) {
            SMAX_UNROLL_ALL
            for (int q = 0; q < SMAX_VEC * SMAX_OUT_BYTES / 16; ++q) {
                const int at = smax_tile_out_at(SMAX_VEC * k + q * (16 / SMAX_OUT_BYTES));
                *(SMAX_GLOBAL smax_u32x4 *)(gb + s + q * (16 / SMAX_OUT_BYTES)) =
                    *(const SMAX_LOCAL smax_u32x4 *)(t + at);
            }
        } else {
            for (int i = 0; i < SMAX_VEC; ++i)
                if (s + i >= 0 && s + i < n)
                    gb[s + i] = t[smax_tile_out_at(s + i + ph)];
        }
    }
}

/* Sums e[0..n), 8 <= n <= 16, pairwise as smax_sum_vec (the rounding
 * does not grow with the elements a lane holds), into e[0]. Folds of
 * constant width: a loop over a variable width left e[] in local memory
 * (a 64-byte stack frame: 41% of copy on the H100). */
#define SMAX_TILE_FOLD(e, w)                                               \
    do {                                                                   \
        SMAX_UNROLL_ALL                                                    \
        for (int q_ = 0; q_ < (w); ++q_)                                   \
            e[q_] = e[q_] + e[q_ + (w)];                                   \
    } while (0)
#define SMAX_TILE_SUM(e, n)                                                \
    do {                                                                   \
        SMAX_UNROLL_ALL                                                    \
        for (int q_ = 0; q_ < (n) - 8; ++q_)                               \
            e[q_] = e[q_] + e[q_ + 8];                                     \
        SMAX_TILE_SUM_8(e);                                                \
    } while (0)
#define SMAX_TILE_SUM_8(e)                                                 \
    do {                                                                   \
        SMAX_TILE_FOLD(e, 4);                                              \
        SMAX_TILE_FOLD(e, 2);                                              \
        SMAX_TILE_FOLD(e, 1);                                              \
    } while (0)

/* SMAX_TILE_SUM's first fold as the terms come: term x of slot q (a
 * constant, the slots in ascending order) into e8[0..8), after which
 * SMAX_TILE_SUM_8(e8) gives the same sum, while only 8 terms are live
 * (log-softmax keeps its inputs beside them: 16 of each spilled). */
#define SMAX_TILE_ADD(e8, q, x)                                            \
    (e8[(q) & 7] = (q) < 8 ? (x) : e8[(q) & 7] + (x))

/* ---- the row pass --------------------------------------------------------- *
 * Each row slot of `lanes` items computes its rows from on-chip memory,
 * element lane + lanes * q at slot q < N of a lane (consecutive lanes on
 * consecutive on-chip elements), held in registers. N is a compile-time
 * constant of each row pass (a kernel compiles one per width of
 * SMAX_TILE_BY_WIDTH), so the slots stay in registers, and the smallest
 * that covers a row is taken, so a lane computes few slots past its row
 * (one N of 16 for all: 256 slots for rows of 150 columns; bf16 63.5 ->
 * 77.5% of copy so, bench/results/h100-2026-11-24c). Every item runs
 * every round, so the reductions' barriers (rows longer than a warp) are
 * met by the whole group. Slots q < smax_tile_row_slots of a lane lie in
 * the row; the others read on into the next rows and the tile's pad
 * (SMAX_TILE_IN_SPAN) and are replaced by a neutral value: no predicate
 * per element (with one, the H100's code saved and restored predicates
 * around every load; skipping the slots past every row, the compiler
 * branched around each exponential: bf16 rows of 100-1001 columns 7-16
 * points slower). */
typedef struct smax_tile_pass {
    int lid, lane, shift, lanes, slot, slots, width, rounds;
    int here, cols, tile_rows, flags;
    int ph_in, ph_in2, ph_out; /* the tiles' phases (the gradient: y, dy) */
    float scale;
} smax_tile_pass;

SMAX_FN void smax_tile_pass_init(smax_tile_pass *a, int lid, int items,
                                 int lanes, int here, int cols, int tile_rows,
                                 int flags, float scale)
{
    a->lid = lid;
    a->lanes = lanes;
    a->lane = lid & (lanes - 1);
    a->shift = 0; /* lanes is a power of two: shifts, not divisions */
    while ((1 << a->shift) < lanes)
        ++a->shift;
    a->slot = lid >> a->shift;
    a->slots = items >> a->shift;
    if ((flags & SMAX_TILE_SPREAD_BIT) && lanes < SMAX_TILE_BANK_ITEMS) {
        const int per = SMAX_TILE_BANK_ITEMS >> a->shift; /* slots a warp */
        const int warps = items / SMAX_TILE_BANK_ITEMS;
        a->slot = (a->slot % per) * warps + a->slot / per;
    }
    a->width = (cols + lanes - 1) >> a->shift;
    a->rounds = (tile_rows + a->slots - 1) / a->slots;
    a->here = here;
    a->cols = cols;
    a->tile_rows = tile_rows;
    a->flags = flags;
    a->scale = scale;
}

/* Slots of this lane inside row r of the tile (0 past its last row), for
 * row slots of 1 << shift lanes. */
SMAX_FN int smax_tile_row_slots(smax_tile_pass a, int r, int shift)
{
    const int live = r < a.here ? a.cols : 0;
    return live > a.lane ? ((live - 1 - a.lane) >> shift) + 1 : 0;
}


/* Rounds: every row slot computes its k-th row in round k, rows k *
 * slots .. (k + 1) * slots - 1 of the tile, which lie together. Where the
 * copies are asynchronous the gradient fetches its tiles of y and dy as
 * one batch of copies a round (smax_tile_fetch_rounds), and round k waits
 * only for its own batch and those before it (smax_tile_round_landed), so
 * a group computes its first rows while the rest of its tiles are on the
 * way. H200, A B B A, % of copy (bench/results/h200-2026-11-30b, call 3):
 * the bf16 gradient at 229, 287, 457 columns 96.2, 96.7 -> 97.9, 98.9;
 * 93.5, 93.5 -> 94.0, 95.5; 95.3, 95.7 -> 98.1, 97.5; f16 -> f32 at 457
 * 91.9, 91.6 -> 95.2, 94.5; level within a point at 145, 575, 913, 1149.
 * The forward's tiles (6 groups a unit where the gradient's have 4, bound
 * by issue) lost with them (call 2: bf16 145 74.3, 74.0 -> 73.1, 72.9,
 * f16 145 75.3, 75.3 -> 72.7, 73.2), so they land whole
 * (smax_tile_landed). A round's batch reaches into the next round as far
 * as a row slot may read past its row (SMAX_TILE_READ_PAST), so that a
 * load the compiler issues ahead of its test lands too. */
SMAX_FN int smax_tile_round_vecs(smax_tile_pass a, int k, int n, int ph)
{
    const int end = (k + 1) * a.slots * a.cols + SMAX_TILE_READ_PAST(a.cols);
    return smax_tile_vectors(end < n ? end : n, ph);
}

/* The input tiles t (at g, phase ph) and t2 (at g2, phase ph2) of the
 * group, every item's part; then smax_tile_round_landed at each round of
 * the row pass. Without asynchronous copies both move through registers
 * and land here. */
SMAX_FN void smax_tile_fetch_rounds(SMAX_LOCAL smax_onchip_t *t,
                                    const SMAX_GLOBAL smax_in_t *g, int ph,
                                    SMAX_LOCAL smax_onchip_t *t2,
                                    const SMAX_GLOBAL smax_in_t *g2, int ph2,
                                    int n, smax_tile_pass a)
{
    const int items = a.slots << a.shift;
#if defined(SMAX_ASYNC_KEEP)
    int from = 0, from2 = 0; /* each round starts where the last ended */
    for (int k = 0; k < a.rounds; ++k) {
        const int to = smax_tile_round_vecs(a, k, n, ph);
        const int to2 = smax_tile_round_vecs(a, k, n, ph2);
        smax_tile_fetch_vecs(t, g, n, ph, a.lid, items, from, to);
        smax_tile_fetch_vecs(t2, g2, n, ph2, a.lid, items, from2, to2);
        smax_async_commit();
        from = to;
        from2 = to2;
    }
#else
    smax_tile_fetch(t, g, n, ph, a.lid, items);
    smax_tile_fetch(t2, g2, n, ph2, a.lid, items);
    smax_tile_landed();
#endif
}

/* Round k's rows are in on-chip memory, for every item: its batch and
 * those before it have landed (later ones may still be in flight; a wait
 * for fewer in flight than allowed is only earlier). Called by every item
 * at every round. */
SMAX_FN void smax_tile_round_landed(smax_tile_pass a, int k)
{
#if defined(SMAX_ASYNC_KEEP)
    const int later = a.rounds - 1 - k;
    if (later >= 2)
        SMAX_ASYNC_WAIT_PENDING(2);
    else if (later == 1)
        SMAX_ASYNC_WAIT_PENDING(1);
    else
        SMAX_ASYNC_WAIT_PENDING(0);
    SMAX_BARRIER();
#else
    (void)a;
    (void)k;
#endif
}

/* The row passes' widths, M(N, SURE, X) for each (X passed through): a
 * pass of N slots a lane computes rows of up to N * lanes columns. The even ones alone left rows
 * of 333 columns 13% of their slots idle (N = 12 for 11); every N of
 * 8..16 made the kernel's code 80% larger and rows that take 16 slots
 * 4-7 points slower on the H100, these seven not (bf16 x333 78.9 ->
 * 84.6% of copy, the rest within 1 point; bench/results/h100-2026-11-24d,
 * folders 4 and 5). 9 joined them once a pass tested only the slots that
 * may lie past the row: the planner's lanes give every row of more than
 * one lane more than 8 elements a lane, so rows of 9 a lane (65, 129,
 * 257 columns) had taken the pass of 10 (bf16 89.7 -> 93.9, 87.6 -> 92.7,
 * 84.0 -> 88.8% of copy, the rest level; bench/results/h100-2026-11-24e,
 * folder 6), and 8 stays for rows of 1-8 columns, whose every slot it
 * tests (a pass of 9 that did so lost 2-6 points; folder 4).
 * SURE is the N before (0 for the first): the pass runs rows of width
 * ceil(cols / lanes) > SURE, and slot q < width - 1 of every lane lies in
 * such a row (lane + lanes * q < lanes * (width - 1) < cols), so slots
 * below SURE need no test (SMAX_TILE_IN_ROW). */
#define SMAX_TILE_WIDTHS_PAST_8(M, X)                                      \
    M(9, 8, X) M(10, 9, X) M(11, 10, X) M(12, 11, X) M(13, 12, X)          \
    M(14, 13, X) M(16, 14, X)
#define SMAX_TILE_WIDTHS(M, X) M(8, 0, X) SMAX_TILE_WIDTHS_PAST_8(M, X)

/* Whether slot q of a lane with nq slots in its row (smax_tile_row_slots)
 * lies in it, in a pass whose first SURE slots always do: constant for q
 * < SURE, so those slots carry no compare and no select (bf16 x333: 4 of
 * 17 instructions an element on the H100). */
#define SMAX_TILE_IN_ROW(q, sure, nq) ((q) < (sure) || (q) < (nq))

/* Runs fn_N args for the smallest N of SMAX_TILE_WIDTHS not below
 * width (args in parentheses: NVIDIA's OpenCL rejects variadic macros),
 * the same for every item: one branch for the whole group. */
#define SMAX_TILE_BY_WIDTH(fn, width, args)                                \
    do {                                                                   \
        if ((width) <= 8)                                                  \
            fn##_8 args;                                                   \
        else                                                               \
            SMAX_TILE_BY_WIDTH_PAST_8(fn, width, args);                    \
    } while (0)
/* The same for a width past 8. */
#define SMAX_TILE_BY_WIDTH_PAST_8(fn, width, args)                         \
    do {                                                                   \
        if ((width) <= 9)                                                  \
            fn##_9 args;                                                   \
        else if ((width) <= 10)                                            \
            fn##_10 args;                                                  \
        else if ((width) <= 11)                                            \
            fn##_11 args;                                                  \
        else if ((width) <= 12)                                            \
            fn##_12 args;                                                  \
        else if ((width) <= 13)                                            \
            fn##_13 args;                                                  \
        else if ((width) <= 14)                                            \
            fn##_14 args;                                                  \
        else                                                               \
            fn##_16 args;                                                  \
    } while (0)
#if SMAX_TILE_ITEM_ELEMS != 16
#error "SMAX_TILE_BY_WIDTH stops at 16 slots a lane"
#endif

/* Row passes compiled for row slots of L lanes, L = 2 .. 128 (rows of 17
 * to 2048 columns: the planner's lanes are the least power of two that
 * gives a lane at most SMAX_TILE_ITEM_ELEMS elements, so such rows take 9
 * to 16 slots a lane), on devices with warp shuffles. Each slot's on-chip
 * address is then an offset of the first, and each butterfly log2(L)
 * shuffles (those of a row slot past a warp: the warps' and then their
 * totals') without a loop's counter, compare and branch a step. H200,
 * ncu, bf16 231409 x 145 forward (bench/results/h200-2026-11-30d): the
 * same kernel with its row pass run twice took 32 us more than once (83.5
 * against 51.3), with the row pass replaced by a copy of the tile 36.8
 * (the device copy's time), so the row pass's instructions set the time;
 * compiled for its 16 lanes, 41.0 -> 30.8 M warp instructions, 48.6 ->
 * 41.8 us. A B B A, % of copy (calls 2, 3): bf16 forward 33, 100, 145, 181,
 * 229 columns 76.8, 85.0, 75.5, 78.1, 83.9 -> 88.3, 96.3, 89.2, 89.7,
 * 95.5, f16 and bf16 -> f16 alike, bf16 log-softmax 145, 229 70.1, 78.3
 * -> 81.5, 87.4, bf16 -> f32 145 74.7 -> 81.0, f32 -> bf16 145 90.9 ->
 * 97.0; the bf16 gradient 100, 229, 457 100.6, 99.9, 99.7 -> 103.2,
 * 102.2, 102.2 (725, 913 level), its log-softmax 145, 229, 457 78.0, 84.9,
 * 84.8 -> 82.4, 90.4, 89.4; 16-bit forward tiles of 64 and 128 lanes
 * (575 - 1149 columns, which the H100 and OpenCL run as tiles): OpenCL on
 * NVIDIA, f16 575, 1149 73.9, 70.6 -> 78.3, 76.6 (call 6; CUDA, calls 3
 * and 4, about 70 -> 78); the f32 forward and gradient and the f16 -> f32
 * gradient level, so kernels of two f32 sides keep one pass a width (the
 * passes cost build time: CUDA sm_90, 74 -> 147 s of compiler time for
 * all kernels). Row slots past 32 lanes occur only where both sides are
 * 16-bit (the planner's tile_lane_cap). CPU devices (no shuffles) keep
 * one pass a width: their first use builds a program, which every L
 * would lengthen many times over (PoCL: past 10 minutes). */
#if SMAX_HAVE_SHUFFLE && !(SMAX_IN_BYTES == 4 && SMAX_OUT_BYTES == 4)
#define SMAX_TILE_FIXED_LANES 1
#else
#define SMAX_TILE_FIXED_LANES 0
#endif
#define SMAX_TILE_FIXED_WIDE (SMAX_IN_BYTES == 2 && SMAX_OUT_BYTES == 2)

/* A row pass's lanes and their log2: L where it is compiled for them,
 * else the pass's own (L = 0). The log2 of L is spelt out as a constant
 * expression: the dialect's SMAX_LOG2_POW2 is __ffs on CUDA, which nvcc
 * left as instructions (brev, bfind) even for a constant. */
#define SMAX_TILE_PASS_LANES(L, a) ((L) ? (L) : (a).lanes)
#define SMAX_TILE_PASS_SHIFT(L, a)                                         \
    ((L) >= 128 ? 7 : (L) >= 64 ? 6 : (L) >= 32 ? 5 : (L) >= 16 ? 4 :       \
     (L) >= 8 ? 3 : (L) >= 4 ? 2 : (L) >= 2 ? 1 : (a).shift)

/* M(N, SURE, L) for every row pass a tile kernel compiles: L = 0 (lanes
 * at run time) at every width, and each fixed L at the widths past 8. */
#if SMAX_TILE_FIXED_LANES && SMAX_TILE_FIXED_WIDE
#define SMAX_TILE_EVERY_WIDE_LANES(M)                                      \
    SMAX_TILE_WIDTHS_PAST_8(M, 64) SMAX_TILE_WIDTHS_PAST_8(M, 128)
#else
#define SMAX_TILE_EVERY_WIDE_LANES(M)
#endif
#if SMAX_TILE_FIXED_LANES
#define SMAX_TILE_EVERY_LANES(M)                                           \
    SMAX_TILE_WIDTHS(M, 0)                                                 \
    SMAX_TILE_WIDTHS_PAST_8(M, 2) SMAX_TILE_WIDTHS_PAST_8(M, 4)            \
    SMAX_TILE_WIDTHS_PAST_8(M, 8) SMAX_TILE_WIDTHS_PAST_8(M, 16)           \
    SMAX_TILE_WIDTHS_PAST_8(M, 32) SMAX_TILE_EVERY_WIDE_LANES(M)
#else
#define SMAX_TILE_EVERY_LANES(M) SMAX_TILE_WIDTHS(M, 0)
#endif

/* Runs fn_lL_N args: L the row slot's lanes where a pass is compiled for
 * them (and the row takes more than 8 slots a lane, which the planner's
 * lanes give every such row), else L = 0; N as SMAX_TILE_BY_WIDTH picks it.
 * The same for every item: one branch for the whole group. The row slots
 * past a warp's lanes are tested last, where compiled
 * (SMAX_TILE_BY_WIDE_LANES: its trailing else takes the next statement). */
#if SMAX_TILE_FIXED_LANES && SMAX_TILE_FIXED_WIDE
#define SMAX_TILE_BY_WIDE_LANES(fn, lanes, width, args)                    \
    if ((lanes) == 64)                                                     \
        SMAX_TILE_BY_WIDTH_PAST_8(fn##_l64, width, args);                  \
    else if ((lanes) == 128)                                               \
        SMAX_TILE_BY_WIDTH_PAST_8(fn##_l128, width, args);                 \
    else
#else
#define SMAX_TILE_BY_WIDE_LANES(fn, lanes, width, args)
#endif
#if SMAX_TILE_FIXED_LANES
#define SMAX_TILE_BY_LANES(fn, lanes, width, args)                         \
    do {                                                                   \
        if ((width) <= 8)                                                  \
            SMAX_TILE_BY_WIDTH(fn##_l0, width, args);                      \
        else if ((lanes) == 2)                                             \
            SMAX_TILE_BY_WIDTH_PAST_8(fn##_l2, width, args);               \
        else if ((lanes) == 4)                                             \
            SMAX_TILE_BY_WIDTH_PAST_8(fn##_l4, width, args);               \
        else if ((lanes) == 8)                                             \
            SMAX_TILE_BY_WIDTH_PAST_8(fn##_l8, width, args);               \
        else if ((lanes) == 16)                                            \
            SMAX_TILE_BY_WIDTH_PAST_8(fn##_l16, width, args);              \
        else if ((lanes) == 32)                                            \
            SMAX_TILE_BY_WIDTH_PAST_8(fn##_l32, width, args);              \
        else SMAX_TILE_BY_WIDE_LANES(fn, lanes, width, args)               \
            SMAX_TILE_BY_WIDTH(fn##_l0, width, args);                      \
    } while (0)
#else
#define SMAX_TILE_BY_LANES(fn, lanes, width, args)                         \
    SMAX_TILE_BY_WIDTH(fn##_l0, width, args)
#endif

#endif /* SMAX_TILE_H */
