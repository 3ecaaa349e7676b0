/*
 * smax_dialect.h - the neutral vocabulary every shared kernel is written in.
 *
 * One kernel source compiles as OpenCL C, CUDA, HIP and (for the merge
 * operator) host C. This header maps the few words that differ between those
 * dialects; kernels never spell a vendor keyword themselves.
 */
#ifndef SMAX_DIALECT_H
#define SMAX_DIALECT_H

#if defined(SMAX_OPENCL_C) /* set in the OpenCL build options */
/* ---------------------------------------------------------------- OpenCL C */
#define SMAX_DIALECT_OPENCL 1
#define SMAX_FN static inline
#define SMAX_KERNEL __kernel
#define SMAX_GLOBAL __global
#define SMAX_LOCAL __local
#define SMAX_BARRIER() barrier(CLK_LOCAL_MEM_FENCE)
#define SMAX_LOCAL_ID() ((int)get_local_id(0))
#define SMAX_GROUP_ID() ((long)get_group_id(0))
#define SMAX_GROUP_SIZE() ((int)get_local_size(0))
#define SMAX_EXP(x) exp(x)
#define SMAX_FMAX(a, b) fmax(a, b)
#define SMAX_LOG(x) log(x)
#define SMAX_INF INFINITY
#define SMAX_NAN NAN
typedef long smax_i64;
typedef float4 smax_float4;
#define SMAX_ADDR(p) ((ulong)(p))
/* x * scale rounded on its own: the scaled input is an f32 value (as the
 * reference assumes), never fused into the following subtraction. */
#pragma OPENCL FP_CONTRACT OFF
#define SMAX_MUL_RN(a, b) ((a) * (b))
#define SMAX_RESTRICT restrict
/* Dynamic on-chip memory arrives as a kernel argument in OpenCL. It is
 * declared as float4 because drivers align a local argument to its element
 * type (NVIDIA's to 4 bytes for float), and kernels store float4s in it. */
#define SMAX_DYN_LOCAL_PARAM , __local float4 *smax_dyn_local4
#define SMAX_DYN_LOCAL_DECL \
    __local float *smax_dyn_local = (__local float *)smax_dyn_local4;
/* OpenCL 1.2 has no portable sub-group shuffles: reductions use local
 * memory. */
#define SMAX_HAVE_SHUFFLE 0
#ifndef SMAX_UNROLL
#define SMAX_UNROLL _Pragma("unroll 4")
#endif
#define SMAX_UNROLL_ALL _Pragma("unroll")

#elif defined(__CUDACC__) || defined(__HIPCC__) || defined(__HIP__)
/* ------------------------------------------------------------ CUDA and HIP */
/* HIP on AMD: hipcc predefines __HIP__ and __HIPCC__. HIP on NVIDIA: the
 * compiler is nvcc, which predefines only __CUDACC__, so a HIP translation
 * unit is told apart by the platform macro its build passes. */
#if defined(__HIPCC__) || defined(__HIP__) || \
    defined(__HIP_PLATFORM_NVIDIA__) || defined(__HIP_PLATFORM_NVCC__)
#include <hip/hip_runtime.h>
#define SMAX_DIALECT_HIP 1
#else
#define SMAX_DIALECT_CUDA 1
#endif
#include <math.h>
#define SMAX_FN static __device__ __forceinline__
/* Hidden: kernels are reached through the launch table, never exported. */
#define SMAX_KERNEL extern "C" __global__ __attribute__((visibility("hidden")))
#define SMAX_GLOBAL
#define SMAX_LOCAL
#define SMAX_BARRIER() __syncthreads()
#define SMAX_LOCAL_ID() ((int)threadIdx.x)
#define SMAX_GROUP_ID() ((long long)blockIdx.x)
#define SMAX_GROUP_SIZE() ((int)blockDim.x)
#define SMAX_EXP(x) expf(x)
#define SMAX_FMAX(a, b) fmaxf(a, b)
#define SMAX_LOG(x) logf(x)
#define SMAX_INF __int_as_float(0x7f800000)
#define SMAX_NAN __int_as_float(0x7fffffff)
typedef long long smax_i64;
typedef float4 smax_float4;
#define SMAX_ADDR(p) ((unsigned long long)(p))
/* x * scale rounded on its own: the scaled input is an f32 value (as the
 * reference assumes), never contracted into an FMA with what follows. */
#define SMAX_MUL_RN(a, b) __fmul_rn((a), (b))
#define SMAX_RESTRICT __restrict__
#define SMAX_DYN_LOCAL_PARAM
#define SMAX_DYN_LOCAL_DECL                        \
    extern __shared__ float4 smax_dyn_local4[]; /* 16-byte aligned */ \
    float *smax_dyn_local = (float *)smax_dyn_local4;
#define SMAX_UNROLL _Pragma("unroll 4")
#define SMAX_UNROLL_ALL _Pragma("unroll")
/* Warp shuffles: a butterfly within a warp needs no barrier. The warp width
 * is a compile-time constant of the target: 32 on NVIDIA, 64 on AMD CDNA,
 * 32 or 64 on RDNA (the device compiler says which). */
#define SMAX_HAVE_SHUFFLE 1
#if defined(SMAX_DIALECT_HIP) && !defined(__HIP_PLATFORM_NVIDIA__)
#if defined(__AMDGCN_WAVEFRONT_SIZE)
#define SMAX_WARP_SIZE __AMDGCN_WAVEFRONT_SIZE
#else
#define SMAX_WARP_SIZE 64 /* host pass: never executed */
#endif
#define SMAX_SHFL_XOR(v, step) __shfl_xor((v), (step))
#define SMAX_SHFL_FIRST(v, width) __shfl((v), 0, (width))
#else
#define SMAX_WARP_SIZE 32
#define SMAX_SHFL_XOR(v, step) __shfl_xor_sync(0xffffffffu, (v), (step))
#define SMAX_SHFL_FIRST(v, width) __shfl_sync(0xffffffffu, (v), 0, (width))
#endif

#else
/* ------------------------------------------------------------------ host C */
#define SMAX_DIALECT_HOST 1
#include <math.h>
#define SMAX_FN static inline
#define SMAX_EXP(x) expf(x)
#define SMAX_FMAX(a, b) fmaxf(a, b)
#define SMAX_LOG(x) logf(x)
#define SMAX_INF INFINITY
#define SMAX_NAN NAN
typedef long long smax_i64;
#endif

#endif /* SMAX_DIALECT_H */
