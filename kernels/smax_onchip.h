/*
 * smax_onchip.h - how the on-chip kernels (smax_fused.h,
 * smax_backward_fused.h) keep a row in local memory.
 *
 * f32 inputs are kept as f32, in place of which the forward kernel later
 * keeps the exponentials. 16-bit inputs are kept as their own bits: exact,
 * half the on-chip bytes of an f32 copy, so a compute unit holds twice the
 * rows (H100, bf16 16384 columns: 3 row groups resident as f32, 6 as
 * bits), and each later pass converts again (one instruction per element).
 *
 * A row is addressed by element index i, with i on the 16-byte grid of
 * the local row wherever a vector starts (smax_onchip_pad puts it there).
 * The pitch between row slots (cols_padded, from the planner's row_pitch)
 * is a multiple of 8 elements, so every slot starts 16-byte aligned.
 */
#ifndef SMAX_ONCHIP_H
#define SMAX_ONCHIP_H

#ifndef SMAX_OPENCL_C
#include "smax_io.h"
#endif

#if SMAX_IN_BYTES == 2
#define SMAX_ONCHIP_KEEPS_BITS 1
typedef smax_u16 smax_onchip_t;
#else
#define SMAX_ONCHIP_KEEPS_BITS 0
typedef float smax_onchip_t;
#endif
/* Elements per 16 bytes of the local row. */
#define SMAX_ONCHIP_GRID (16 / (int)sizeof(smax_onchip_t))

/* Elements by which a row's local copy is shifted so that the vector that
 * starts at element `body` of the global row starts on the local grid. */
SMAX_FN int smax_onchip_pad(int body)
{
    return (SMAX_ONCHIP_GRID - body) & (SMAX_ONCHIP_GRID - 1);
}

/* The first local element after `slots` row slots of `pitch` elements: the
 * reduction scratch, 16-byte aligned. */
SMAX_FN SMAX_LOCAL float *smax_onchip_after(SMAX_LOCAL smax_onchip_t *base,
                                            int slots, int pitch)
{
    return (SMAX_LOCAL float *)(base + (smax_i64)slots * pitch);
}

/* Vectors an item fetches before it keeps any, in the forward pass that
 * loads a row on-chip (smax_fused_keep_max): 64 bytes of registers, so
 * that a group of 1024 still launches (four 32-byte f32 vectors of a row
 * written as 16-bit did not on the H100: cudaErrorLaunchOutOfResources).
 * The gradient's pass loads y and dy; batched it ran out of registers the
 * same way, so it keeps its loop. */
#if SMAX_VEC == 8 && !SMAX_ONCHIP_KEEPS_BITS
#define SMAX_KEEP_BATCH 2
#else
#define SMAX_KEEP_BATCH 4
#endif

/* The forward pass keeps an item's vectors of a row by asynchronous
 * copies (smax_dialect.h) where loading them through registers takes more
 * than one batch, each batch a round trip to memory (smax_async_keeps).
 * H100, % of copy (bench/results/h100-2026-11-24): one-launch f32 rows
 * of 65536 columns 73.9 -> 79.3, 262144 71.9 -> 76.9, bf16 65536 71.4 ->
 * 75.0; fused f32 rows of 32768 85.7 -> 90.5, bf16 16384 88.9 -> 94.9.
 * bf16 rows of 8192
 * columns, one batch an item, ran 1.3 points slower so (reading the row
 * back is one more on-chip pass), and the gradient lost with them
 * (smax_bwd_keep_terms). SMAX_NO_ASYNC_KEEP turns them off (A/B builds). */
#if defined(SMAX_HAVE_ASYNC_COPY) && !defined(SMAX_NO_ASYNC_KEEP)
#define SMAX_ASYNC_KEEP 1
#endif

/* The one-launch kernels (clusters and the device-memory exchange; the
 * gradient, and the forward of 16-bit inputs: SMAX_FWD_BULK_KEEP) keep
 * their chunk's vectors by bulk copies where the device has them and a
 * kept vector is the 16 bytes it was in device memory (not f32 kept for a
 * 16-bit output, whose 8-float vectors are swizzled): one item puts the
 * whole chunk in flight and no register holds it, so the kernels take at
 * most SMAX_BULK_KEEP_REGISTERS an item (what the register keeps took
 * leaves fewer groups a compute unit). The copies are counted on a
 * transaction barrier of the group's (`load`). SMAX_NO_BULK_KEEP turns
 * them off (A/B builds). */
#if defined(SMAX_HAVE_BULK_COPY) && SMAX_VEC * SMAX_IN_BYTES == 16 && \
    !defined(SMAX_NO_BULK_KEEP)
#define SMAX_BULK_KEEP 1
#define SMAX_BULK_KEEP_REGISTERS 40

/* Item 0 readies `load` and, where the chunk has vectors (elements body to
 * body_end of a row, kept at body - at), puts them in flight: those of
 * `src` to `dst` and, for a second input (copies 2), of src2 to dst2.
 * Returns whether there were any: a chunk of a row's last few elements has
 * none and leaves the barrier alone. */
SMAX_FN int smax_bulk_keep_start(unsigned long long *load, int body,
                                 int body_end, int at, smax_onchip_t *dst,
                                 const smax_in_t *src, smax_onchip_t *dst2,
                                 const smax_in_t *src2, int copies, int lid)
{
    if (lid == 0)
        SMAX_BULK_BAR_INIT(load);
    SMAX_BULK_BAR_READY();
    const int vecs = body_end > body;
    if (vecs && lid == 0) {
        const unsigned bytes =
            (unsigned)(body_end - body) * (unsigned)sizeof(smax_in_t);
        SMAX_CLUSTER_BAR_EXPECT(load, (unsigned)copies * bytes);
        smax_bulk_copy(dst + body - at, src + body, bytes, load);
        if (copies == 2)
            smax_bulk_copy(dst2 + body - at, src2 + body, bytes, load);
    }
    return vecs;
}

/* The copies' barrier of the device-memory exchange's group: after its
 * reduction scratch of `lanes` partials (common/plan.c's exchange_bytes
 * reserves it). */
SMAX_FN unsigned long long *smax_exchange_load_bar(float *red, int lanes)
{
    return (unsigned long long *)(red + 2 * lanes);
}

/* Waits until the copies of smax_bulk_keep_start have landed (`vecs`: it
 * made any); the group's barrier first, so that no item waits on `load`
 * before item 0 readied it. */
SMAX_FN void smax_bulk_keep_wait(unsigned long long *load, int vecs)
{
    if (vecs) {
        SMAX_BARRIER();
        SMAX_CLUSTER_BAR_WAIT(load);
    }
}
#endif

/* With 8-element vectors of f32 (an f32 row kept here and written as
 * 16-bit; a tile's f32 output, smax_tile.h) consecutive items touch every
 * other 16-byte slot, which would put two items of a quarter-warp on each
 * bank group; flipping bit 0 of the slot number where its bit 3 is set
 * spreads the eight over all banks. The swizzle is
 * a bijection within each aligned 8-float block, so a pitch that is a
 * multiple of 8 holds it. 4-element vectors are conflict-free as they
 * are, and the index arithmetic cost them 4-11% of copy on the H100 at
 * 16K-50K f32 columns: identity there. Every item reads back exactly
 * what it wrote, so any bijection is correct. */
SMAX_FN int smax_swizzle(int i)
{
#if SMAX_VEC == 8
    return i ^ ((i >> 3) & 4);
#else
    return i;
#endif
}

#if SMAX_ONCHIP_KEEPS_BITS
/* Bits are 16 bytes per vector, one access per item and consecutive items
 * on consecutive banks: no swizzle needed. */

/* An input vector as loaded, before it is kept: its bits. */
typedef smax_u32x4 smax_fetched;

SMAX_FN smax_fetched smax_fetch_vec(const SMAX_GLOBAL smax_in_t *g)
{
    return *(const SMAX_GLOBAL smax_u32x4 *)g;
}

/* Keeps a fetched vector at element i of row. */
SMAX_FN void smax_stash_bits(SMAX_LOCAL smax_onchip_t *row, int i,
                             smax_fetched w)
{
    *(SMAX_LOCAL smax_u32x4 *)(row + i) = w;
}

/* The bits of the vector kept at element i. */
SMAX_FN smax_fetched smax_kept_bits(const SMAX_LOCAL smax_onchip_t *row, int i)
{
    return *(const SMAX_LOCAL smax_u32x4 *)(row + i);
}

/* Keeps a fetched vector at element i of row and returns its values
 * (unscaled). */
SMAX_FN smax_vec smax_stash_vec(SMAX_LOCAL smax_onchip_t *row, int i,
                                smax_fetched w)
{
    smax_stash_bits(row, i, w);
    return smax_in_vec_of_bits(w);
}

/* The values of the input vector kept at element i. */
SMAX_FN smax_vec smax_kept_vec(const SMAX_LOCAL smax_onchip_t *row, int i)
{
    return smax_in_vec_of_bits(smax_kept_bits(row, i));
}

/* One element as on-chip memory holds it (its bits), before it is kept:
 * a load that may go out ahead of the batches it would otherwise wait
 * for (smax_bwd_held_keep). */
SMAX_FN smax_onchip_t smax_fetch_one(const SMAX_GLOBAL smax_in_t *g, int j)
{
    return ((const SMAX_GLOBAL smax_u16 *)g)[j];
}

/* Keeps a fetched element at local element i and returns its value. */
SMAX_FN float smax_stash_one(SMAX_LOCAL smax_onchip_t *row, int i,
                             smax_onchip_t b)
{
    row[i] = b;
    return smax_in_of_bits(b);
}

/* One element: input element j of g kept at local element i. */
SMAX_FN float smax_keep(const SMAX_GLOBAL smax_in_t *g, int j,
                        SMAX_LOCAL smax_onchip_t *row, int i)
{
    return smax_stash_one(row, i, smax_fetch_one(g, j));
}

SMAX_FN float smax_kept(const SMAX_LOCAL smax_onchip_t *row, int i)
{
    return smax_in_of_bits(row[i]);
}

#if SMAX_OUT_BYTES == 4
/* A 16-bit row written as f32: an item's 8-element vector is 32 bytes of
 * output, two 16-byte stores 32 bytes apart from the next item's, so each
 * store of a warp writes every sector it touches by halves. The L2 took
 * them as up to twice the write sectors, and in the gradient's deep
 * on-chip kernel it was the bound (ncu, H200, bf16 y, dy -> f32 dx,
 * 11181 x 3001: L2 at 92% of its peak, DRAM at 63-72%, 5.7-7.3 million
 * sectors written for 4.2 million of dx). Passes that read a row back
 * from here write it four elements an item instead (SMAX_OUT_QUADS):
 * every store of a warp whole sectors. */
#define SMAX_OUT_QUADS 1
/* smax_slot_sees_kept (with its warp barrier) where the quads need it. */
#define SMAX_QUADS_SHARED(lanes) smax_slot_sees_kept(lanes)

/* The vector of the four inputs kept at element i and the four at i2
 * (each a multiple of 4 on the local grid): a write four elements an item
 * takes two such quads at once, so that the vector functions apply. */
SMAX_FN smax_vec smax_kept_quads(const SMAX_LOCAL smax_onchip_t *row, int i,
                                 int i2)
{
    const smax_u32x2 a = *(const SMAX_LOCAL smax_u32x2 *)(row + i);
    const smax_u32x2 b = *(const SMAX_LOCAL smax_u32x2 *)(row + i2);
    smax_u32x4 w;
    w.x = a.x;
    w.y = a.y;
    w.z = b.x;
    w.w = b.y;
    return smax_in_vec_of_bits(w);
}

/* Where the second quad of an item's pair starts: `step` (4 x items)
 * past its first, or, past the row's end, its first again (read twice,
 * written once). */
SMAX_FN int smax_second_quad(int j, int step, int end)
{
    return j + step < end ? j + step : j;
}

/* Stores f32 outputs of the quads of v at p (the first) and p2 (the
 * second, unless it is the first again), each 16-byte aligned. */
SMAX_FN void smax_store_quads(SMAX_GLOBAL float *p, SMAX_GLOBAL float *p2,
                              smax_vec v)
{
    *(SMAX_GLOBAL smax_float4 *)p = smax_vec_get4(v, 0);
    if (p2 != p)
        *(SMAX_GLOBAL smax_float4 *)p2 = smax_vec_get4(v, 1);
}
#endif

#if defined(SMAX_ASYNC_KEEP)
/* Keeps the input vector at g at element i without passing through
 * registers (smax_async_wait_all before it is read). */
SMAX_FN void smax_async_keep_vec(SMAX_LOCAL smax_onchip_t *row, int i,
                                 const SMAX_GLOBAL smax_in_t *g)
{
    smax_async_copy16(row + i, g);
}
#endif

#else /* f32 kept as f32 */

SMAX_FN smax_vec smax_kept_vec(const SMAX_LOCAL float *row, int i)
{
    smax_vec v;
    SMAX_UNROLL_ALL
    for (int q = 0; q < SMAX_VEC / 4; ++q)
        smax_vec_set4(&v, q,
                      *(const SMAX_LOCAL smax_float4 *)(row +
                                                        smax_swizzle(i + 4 * q)));
    return v;
}

/* Keeps new values v for the vector at element i (the forward kernel's
 * exponentials). */
SMAX_FN void smax_rekeep_vec(SMAX_LOCAL float *row, int i, smax_vec v)
{
    SMAX_UNROLL_ALL
    for (int q = 0; q < SMAX_VEC / 4; ++q)
        *(SMAX_LOCAL smax_float4 *)(row + smax_swizzle(i + 4 * q)) =
            smax_vec_get4(v, q);
}

/* An input vector as loaded, before it is kept: its values. */
typedef smax_vec smax_fetched;

SMAX_FN smax_fetched smax_fetch_vec(const SMAX_GLOBAL smax_in_t *g)
{
    return smax_load_vec_in(g);
}

SMAX_FN smax_vec smax_stash_vec(SMAX_LOCAL float *row, int i, smax_fetched v)
{
    smax_rekeep_vec(row, i, v);
    return v;
}

SMAX_FN float smax_fetch_one(const SMAX_GLOBAL smax_in_t *g, int j)
{
    return smax_load_in(g, j);
}

SMAX_FN float smax_stash_one(SMAX_LOCAL float *row, int i, float v)
{
    row[smax_swizzle(i)] = v;
    return v;
}

SMAX_FN float smax_keep(const SMAX_GLOBAL smax_in_t *g, int j,
                        SMAX_LOCAL float *row, int i)
{
    return smax_stash_one(row, i, smax_fetch_one(g, j));
}

SMAX_FN float smax_kept(const SMAX_LOCAL float *row, int i)
{
    return row[smax_swizzle(i)];
}

SMAX_FN void smax_rekeep(SMAX_LOCAL float *row, int i, float v)
{
    row[smax_swizzle(i)] = v;
}

#if defined(SMAX_ASYNC_KEEP)
/* Keeps the input vector at g at element i, unscaled, without passing
 * through registers (smax_async_wait_all before it is read). */
SMAX_FN void smax_async_keep_vec(SMAX_LOCAL float *row, int i,
                                 const SMAX_GLOBAL smax_in_t *g)
{
    SMAX_UNROLL_ALL
    for (int q = 0; q < SMAX_VEC / 4; ++q)
        smax_async_copy16(row + smax_swizzle(i + 4 * q), g + 4 * q);
}
#endif
#endif

#if !defined(SMAX_OUT_QUADS)
#define SMAX_QUADS_SHARED(lanes) ((void)(lanes), 0)
#endif

#endif /* SMAX_ONCHIP_H */
