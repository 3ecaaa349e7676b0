/*
 * smax_io.h - element I/O by dtype: the one layer that knows how f32, f16
 * and bf16 sit in memory. Every kernel reads its inputs through
 * smax_load_in / smax_load_vec_in and writes through smax_store_out /
 * smax_store_vec_out, and computes in f32 in between.
 *
 * A translation unit (CUDA/HIP) or program (OpenCL) is one instantiation:
 * SMAX_IN_DTYPE is the type every kernel reads (x forward; y and dy
 * backward) and SMAX_OUT_DTYPE the type it writes (y forward; dx
 * backward), as smax_dtype values, fixed at compile time. No kernel
 * branches on a dtype per element.
 *
 * Vectors: SMAX_VEC elements = 16 bytes of the narrower of the two types
 * (4 for f32 -> f32, 8 when a 16-bit type is involved), so every access of
 * the narrower type is a 16-byte one and the wider type moves 32 bytes as
 * two 16-byte accesses. A vector starts where every buffer it touches is
 * 16-byte aligned (smax_rows.h finds that element).
 */
#ifndef SMAX_IO_H
#define SMAX_IO_H

#ifndef SMAX_OPENCL_C
#include "smax_dialect.h"
#include "smax_geometry.h"
#endif

#ifndef SMAX_IN_DTYPE
#define SMAX_IN_DTYPE 0
#endif
#ifndef SMAX_OUT_DTYPE
#define SMAX_OUT_DTYPE 0
#endif

/* Kernels are named per instantiation where several share one binary
 * (CUDA/HIP: smax_fused_f16_f32); an OpenCL program holds one. */
#if defined(SMAX_PAIR_SUFFIX)
#define SMAX_CAT3_(a, b) a##_##b
#define SMAX_CAT3(a, b) SMAX_CAT3_(a, b)
#define SMAX_KNAME(base) SMAX_CAT3(base, SMAX_PAIR_SUFFIX)
#else
#define SMAX_KNAME(base) base
#endif

/* ---- the three element types ------------------------------------------- */

SMAX_FN float smax_ld_f32(const SMAX_GLOBAL float *p, smax_i64 i)
{
    return p[i];
}

SMAX_FN void smax_st_f32(SMAX_GLOBAL float *p, smax_i64 i, float v)
{
    p[i] = v;
}

SMAX_FN float smax_ld_f16(const SMAX_GLOBAL smax_f16_mem *p, smax_i64 i)
{
    return SMAX_F16_LOAD(p, i);
}

SMAX_FN void smax_st_f16(SMAX_GLOBAL smax_f16_mem *p, smax_i64 i, float v)
{
    SMAX_F16_STORE(p, i, v);
}

/* bf16 is the high half of an f32. */
SMAX_FN float smax_bf16_to_f32(smax_u32 bits)
{
    return SMAX_AS_FLOAT(bits << 16);
}

/* Round to nearest even; NaN stays a (quiet) NaN of the same sign; values
 * past the largest bf16 round to inf. */
SMAX_FN smax_u32 smax_f32_to_bf16(float v)
{
    smax_u32 u = SMAX_AS_UINT(v);
    if ((u & 0x7fffffffu) > 0x7f800000u)
        return (u >> 16) | 0x40u;
    u += 0x7fffu + ((u >> 16) & 1u);
    return u >> 16;
}

/* One value's bf16 bits: the dialect's instruction where it has one. */
#if !defined(SMAX_BF16_OF)
#define SMAX_BF16_OF(v) smax_f32_to_bf16(v)
#endif

SMAX_FN float smax_ld_bf16(const SMAX_GLOBAL smax_u16 *p, smax_i64 i)
{
    return smax_bf16_to_f32((smax_u32)p[i]);
}

SMAX_FN void smax_st_bf16(SMAX_GLOBAL smax_u16 *p, smax_i64 i, float v)
{
    p[i] = (smax_u16)smax_f32_to_bf16(v);
}

/* ---- this instantiation's types ------------------------------------------ */

#if SMAX_IN_DTYPE == 0
typedef float smax_in_t;
#define SMAX_IN_BYTES 4
#define smax_load_in smax_ld_f32
#elif SMAX_IN_DTYPE == 1
typedef smax_f16_mem smax_in_t;
#define SMAX_IN_BYTES 2
#define smax_load_in smax_ld_f16
#else
typedef smax_u16 smax_in_t;
#define SMAX_IN_BYTES 2
#define smax_load_in smax_ld_bf16
#endif

#if SMAX_OUT_DTYPE == 0
typedef float smax_out_t;
#define SMAX_OUT_BYTES 4
#define smax_store_out smax_st_f32
#elif SMAX_OUT_DTYPE == 1
typedef smax_f16_mem smax_out_t;
#define SMAX_OUT_BYTES 2
#define smax_store_out smax_st_f16
#else
typedef smax_u16 smax_out_t;
#define SMAX_OUT_BYTES 2
#define smax_store_out smax_st_bf16
#endif

#define SMAX_VEC SMAX_VEC_WIDTH(SMAX_IN_BYTES, SMAX_OUT_BYTES)

/* SMAX_VEC values in registers (fully unrolled loops keep it there). */
typedef struct smax_vec {
    float e[SMAX_VEC];
} smax_vec;

/* Four elements q of a vector as a float4, and back. */
SMAX_FN smax_float4 smax_vec_get4(smax_vec v, int q)
{
    smax_float4 f;
    f.x = v.e[4 * q];
    f.y = v.e[4 * q + 1];
    f.z = v.e[4 * q + 2];
    f.w = v.e[4 * q + 3];
    return f;
}

SMAX_FN void smax_vec_set4(smax_vec *v, int q, smax_float4 f)
{
    v->e[4 * q] = f.x;
    v->e[4 * q + 1] = f.y;
    v->e[4 * q + 2] = f.z;
    v->e[4 * q + 3] = f.w;
}

/* ---- vector access: p is 16-byte aligned ------------------------------- */

SMAX_FN smax_vec smax_ldv_f32(const SMAX_GLOBAL float *p)
{
    smax_vec v;
    SMAX_UNROLL_ALL
    for (int q = 0; q < SMAX_VEC / 4; ++q)
        smax_vec_set4(&v, q, ((const SMAX_GLOBAL smax_float4 *)p)[q]);
    return v;
}

SMAX_FN void smax_stv_f32(SMAX_GLOBAL float *p, smax_vec v)
{
    SMAX_UNROLL_ALL
    for (int q = 0; q < SMAX_VEC / 4; ++q)
        ((SMAX_GLOBAL smax_float4 *)p)[q] = smax_vec_get4(v, q);
}

/* 16-bit types occur only with SMAX_VEC == 8: one 16-byte access. */
#if SMAX_VEC == 8
SMAX_FN smax_vec smax_ldv_f16(const SMAX_GLOBAL smax_f16_mem *p)
{
    smax_vec v;
    SMAX_F16_LOAD8(p, v.e);
    return v;
}

SMAX_FN void smax_stv_f16(SMAX_GLOBAL smax_f16_mem *p, smax_vec v)
{
    SMAX_F16_STORE8(p, v.e);
}

SMAX_FN void smax_stv_bf16(SMAX_GLOBAL smax_u16 *p, smax_vec v)
{
    smax_u32 a[4];
    SMAX_UNROLL_ALL
    for (int k = 0; k < 4; ++k)
#if defined(SMAX_BF16_PACK2)
        a[k] = SMAX_BF16_PACK2(v.e[2 * k], v.e[2 * k + 1]);
#else
        a[k] = smax_f32_to_bf16(v.e[2 * k]) |
               (smax_f32_to_bf16(v.e[2 * k + 1]) << 16);
#endif
    smax_u32x4 w;
    w.x = a[0];
    w.y = a[1];
    w.z = a[2];
    w.w = a[3];
    *(SMAX_GLOBAL smax_u32x4 *)p = w;
}
#endif

#if SMAX_IN_DTYPE == 0
#define smax_load_vec_in smax_ldv_f32
#else
/* A 16-bit input from its bits (on-chip copies, smax_onchip.h, and bf16
 * vector loads). */
#if SMAX_IN_DTYPE == 1
#define smax_in_of_bits(b) SMAX_F16_BITS_TO_F32(b)
#else
#define smax_in_of_bits(b) smax_bf16_to_f32((smax_u32)(b))
#endif

/* Eight inputs from their bits: element 2k is the low half of word k. */
SMAX_FN smax_vec smax_in_vec_of_bits(smax_u32x4 w)
{
    smax_u32 a[4];
    a[0] = w.x;
    a[1] = w.y;
    a[2] = w.z;
    a[3] = w.w;
    smax_vec v;
    SMAX_UNROLL_ALL
    for (int k = 0; k < 4; ++k) {
        v.e[2 * k] = smax_in_of_bits(a[k] & 0xffffu);
        v.e[2 * k + 1] = smax_in_of_bits(a[k] >> 16);
    }
    return v;
}

#if defined(SMAX_HAVE_MAX16X2)
/* Pass 1's maximum of a 16-bit row taken on its bits, two inputs an
 * instruction, and converted once (smax_fused_keep_max): the forward pass
 * of a 16-bit row converts each input where it takes its exponential, and
 * converting it for the maximum as well left the on-chip kernel bound by
 * instruction issue on the H200 (ncu, bf16 32768 x 8192: 81% of issue
 * slots at 78% of DRAM bandwidth, 13.6 instructions an element where
 * Triton's 10 ran at 86%; bench/results/h200-2026-11-28b, call 4). On
 * bits, % of copy (call 5): bf16 16384 x 16384 96.4, 96.7 -> 97.3, 97.6;
 * one-launch bf16 1024 x 262144 85.4, 85.2 -> 88.3, 89.1. */
#if SMAX_IN_DTYPE == 1
#define smax_in_max2 smax_max_f16x2
#define SMAX_IN_NEG_INF_BITS2 0xfc00fc00u
#else
#define smax_in_max2 smax_max_bf16x2
#define SMAX_IN_NEG_INF_BITS2 0xff80ff80u
#endif

/* m2 with the eight inputs of w folded in, pair by pair. */
SMAX_FN smax_u32 smax_in_max2_vec(smax_u32 m2, smax_u32x4 w)
{
    return smax_in_max2(m2, smax_in_max2(smax_in_max2(w.x, w.y),
                                         smax_in_max2(w.z, w.w)));
}

/* The larger of the two inputs m2 holds, as a value. */
SMAX_FN float smax_in_max2_value(smax_u32 m2)
{
    return SMAX_FMAX(smax_in_of_bits(m2 & 0xffffu), smax_in_of_bits(m2 >> 16));
}
#endif

#if SMAX_IN_DTYPE == 1 && !defined(SMAX_CL_NVIDIA)
#define smax_load_vec_in smax_ldv_f16
#else
/* Eight 16-bit inputs as one uint4, converted from their bits: bf16
 * everywhere, and f16 in OpenCL on NVIDIA, whose compiler made
 * vloada_half8 (SMAX_F16_LOAD8) eight 2-byte loads (the f16 register
 * kernel's PTX: 34 2-byte loads -> two 16-byte ones and 18 2-byte ones
 * for a row's edges; H100, f16 rows of 64-2048 columns 89-93 -> 95-100.6%
 * of copy, with the register budget of smax_geometry.h;
 * bench/results/h100-2026-11-27e, call 3). */
SMAX_FN smax_vec smax_ldv_bits(const SMAX_GLOBAL smax_in_t *p)
{
    return smax_in_vec_of_bits(*(const SMAX_GLOBAL smax_u32x4 *)p);
}
#define smax_load_vec_in smax_ldv_bits
#endif
#endif

#if SMAX_OUT_DTYPE == 0
#define smax_store_vec_out smax_stv_f32
#elif SMAX_OUT_DTYPE == 1
#define smax_store_vec_out smax_stv_f16
#else
#define smax_store_vec_out smax_stv_bf16
#endif

#endif /* SMAX_IO_H */
