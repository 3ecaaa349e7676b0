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
#define SMAX_GROUP_COUNT() ((long)get_num_groups(0))
#define SMAX_GROUP_SIZE() ((int)get_local_size(0))
/* log2 of a power of two (row slots' lanes are). */
#define SMAX_LOG2_POW2(x) (31 - (int)clz((uint)(x)))
#define SMAX_EXP(x) exp(x)
#define SMAX_EXP2(x) exp2(x)
/* SMAX_EXP2_FTZ (at the end) as one PTX instruction: NVIDIA's OpenCL C
 * takes inline PTX (SMAX_CL_NVIDIA, below), and there exp2 is the library
 * function, several instructions more: H200, bf16 rows of 4096-65536
 * columns 74-88 -> 79-93% of copy. Not in a program built under a
 * register cap (SMAX_CL_REGISTER_CAP, the short rows' kernels): there
 * every row of 128-2048 columns ran at 61.7% with it (75-81 without;
 * bench/results/h200-2026-11-29b, call 1). */
#if defined(SMAX_CL_NVIDIA) && !defined(SMAX_CL_REGISTER_CAP)
#define SMAX_HAVE_EXP2_FTZ 1
#endif
#define SMAX_GROUPS_PER_CU(items, groups) /* the compiler's own choice */
#define SMAX_REGISTERS_AT_MOST(n) /* the compiler's own choice */
#define SMAX_FMA(a, b, c) fma(a, b, c)
#define SMAX_FMAX(a, b) fmax(a, b)
#define SMAX_LOG(x) log(x)
#define SMAX_LOG2(x) log2(x)
#define SMAX_INF INFINITY
#define SMAX_NAN NAN
#define SMAX_FLT_MAX FLT_MAX
typedef long smax_i64;
typedef float4 smax_float4;
#define SMAX_ADDR(p) ((ulong)(p))
typedef ushort smax_u16;
typedef uint smax_u32;
#define SMAX_AS_UINT(f) as_uint(f)
#define SMAX_AS_FLOAT(u) as_float(u)
/* f16 in memory: core OpenCL converts with the vload_half / vstore_half
 * family (no cl_khr_fp16 needed; `half` is used only behind pointers). The
 * _rte stores round to nearest even, overflowing to inf. */
typedef half smax_f16_mem;
#define SMAX_F16_LOAD(p, i) vload_half((i), (p))
#define SMAX_F16_STORE(p, i, v) vstore_half_rte((v), (i), (p))
/* The f16 whose bits are b (in a register: vload_half reads private
 * memory too). */
SMAX_FN float smax_f16_bits_to_f32(ushort b)
{
    return vload_half(0, (const __private half *)&b);
}
#define SMAX_F16_BITS_TO_F32(b) smax_f16_bits_to_f32((ushort)(b))
/* Eight halves as one 16-byte access; p is 16-byte aligned. */
#define SMAX_F16_LOAD8(p, f)                                   \
    do {                                                       \
        const float8 h_ = vloada_half8(0, (p));                \
        f[0] = h_.s0; f[1] = h_.s1; f[2] = h_.s2; f[3] = h_.s3; \
        f[4] = h_.s4; f[5] = h_.s5; f[6] = h_.s6; f[7] = h_.s7; \
    } while (0)
/* Eight halves stored as one 16-byte access: each rounded into private
 * bits (vstore_half_rte, which NVIDIA's OpenCL compiles to a register
 * conversion), then stored as a uint4. vstorea_half8_rte itself became
 * eight 2-byte stores there (PTX `st.global.u16`; H100, f16 rows written
 * at 34-71% of copy where bf16, packed so, ran at 70-77). */
SMAX_FN uint smax_f16_pair_bits(float lo, float hi)
{
    ushort b[2];
    vstore_half_rte(lo, 0, (__private half *)b);
    vstore_half_rte(hi, 1, (__private half *)b);
    return (uint)b[0] | ((uint)b[1] << 16);
}
#define SMAX_F16_STORE8(p, f)                                              \
    (*(__global uint4 *)(p) = (uint4)(smax_f16_pair_bits(f[0], f[1]),    \
                                      smax_f16_pair_bits(f[2], f[3]),    \
                                      smax_f16_pair_bits(f[4], f[5]),    \
                                      smax_f16_pair_bits(f[6], f[7])))
typedef uint4 smax_u32x4;
typedef uint2 smax_u32x2;
/* x * scale rounded on its own: the scaled input is an f32 value (as the
 * reference assumes), never fused into the following subtraction. */
#pragma OPENCL FP_CONTRACT OFF
#define SMAX_MUL_RN(a, b) ((a) * (b))
#define SMAX_ADD_RN(a, b) ((a) + (b))
#define SMAX_RESTRICT restrict
/* Dynamic on-chip memory arrives as a kernel argument in OpenCL. It is
 * declared as float4 because drivers align a local argument to its element
 * type (NVIDIA's to 4 bytes for float), and kernels store float4s in it. */
#define SMAX_DYN_LOCAL_PARAM , __local float4 *smax_dyn_local4
#define SMAX_DYN_LOCAL_DECL \
    __local float *smax_dyn_local = (__local float *)smax_dyn_local4;
/* Groups of one launch that cooperate (smax_cooperative.h): 32-bit
 * atomics (core since OpenCL 1.1) reach the device's point of coherence,
 * which plain loads and stores need not. */
#define SMAX_ATOMIC_INC(p) atomic_inc(p)
#define SMAX_ATOMIC_XCHG(p, v) atomic_xchg((p), (v))
#define SMAX_ATOMIC_READ(p) atomic_or((p), 0u)
/* Whole 64-bit words where the device has 64-bit atomics (the host
 * defines SMAX_CL_WORD64 from cl_khr_int64_base_atomics): the exchange of
 * smax_cooperative.h without flags and fences. */
#if defined(SMAX_CL_WORD64)
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#define SMAX_HAVE_WORD64 1
typedef ulong smax_u64;
#define SMAX_WORD64_PUBLISH(p, v) atom_xchg((volatile __global ulong *)(p), (v))
#define SMAX_WORD64_READ(p) (*(volatile __global ulong *)(p))
#endif
/* OpenCL 1.2's mem_fence has no scope, and NVIDIA's orders accesses only
 * as the work-item's own group sees them: on the H100 a group of another
 * compute unit saw a flag before the partial it guards (a conformance
 * determinism failure, backward 3 x 40962). NVIDIA's OpenCL C takes
 * inline PTX, so there the fence is the device-wide one CUDA's
 * __threadfence is; the host defines SMAX_CL_NVIDIA from the device's
 * vendor. */
#if defined(SMAX_CL_NVIDIA)
#define SMAX_GLOBAL_FENCE() __asm__ volatile("membar.gl;" ::: "memory")
#else
#define SMAX_GLOBAL_FENCE() mem_fence(CLK_GLOBAL_MEM_FENCE)
#endif
/* bf16 pairs in one PTX instruction (below); the host defines
 * SMAX_CL_NV_SM from the device's compute capability. */
#if defined(SMAX_CL_NV_SM) && SMAX_CL_NV_SM >= 80
#define SMAX_NV_BF16_PACK2_PTX 1
/* Copies from device memory to local memory that bypass registers, as on
 * CUDA (below): a __local pointer is an address in PTX's shared space.
 * H100, ABBA against registers: one-launch rows f32 1024 x 65536 90.3,
 * 90.4 -> 92.2, 92.7% of copy, bf16 82.4, 82.3 -> 84.8, 84.7; fused f32
 * 8192 x 8192 98.6, 98.3 -> 96.0, 96.3 (8 vectors an item of 256, kept
 * asynchronously); the rest level; and with them the planner keeps rows
 * that fit fused at any length: f32 4096 x 10000 fused 92.0 where the
 * spread row ran 78.9 (bench/results/h100-2026-11-27, call 7). */
#define SMAX_HAVE_ASYNC_COPY 1
SMAX_FN void smax_async_copy16(__local void *to, const __global void *from)
{
    __asm__ volatile("cp.async.cg.shared.global [%0], [%1], 16;"
                     :
                     : "r"((uint)(ulong)to), "l"((ulong)from)
                     : "memory");
}
#endif
/* OpenCL C has no way to idle a work-item: a waiting group spins. */
#define SMAX_SPIN_PAUSE(ns) ((void)(ns))
/* OpenCL 1.2 has no portable sub-group shuffles: reductions use local
 * memory, a barrier a step. NVIDIA's OpenCL C takes inline PTX, and there
 * a group's items are its warps' threads in order (item i is lane i % 32
 * of warp i / 32, as in CUDA), so it takes CUDA's warp shuffles: the same
 * butterflies, with a barrier only between warps. */
#if defined(SMAX_CL_NVIDIA)
#define SMAX_HAVE_SHUFFLE 1
#define SMAX_WARP_SIZE 32
SMAX_FN float smax_cl_shfl_xor(float v, int step)
{
    float r;
    __asm__ volatile("shfl.sync.bfly.b32 %0, %1, %2, 0x1f, 0xffffffff;"
                     : "=f"(r)
                     : "f"(v), "r"(step));
    return r;
}
/* Lane 0 of each `width` lanes to all of them (CUDA's __shfl_sync with a
 * width: the segment mask in the upper bits of c). */
SMAX_FN float smax_cl_shfl_first(float v, int width)
{
    float r;
    __asm__ volatile("shfl.sync.idx.b32 %0, %1, 0, %2, 0xffffffff;"
                     : "=f"(r)
                     : "f"(v), "r"(((32 - width) << 8) | 0x1f));
    return r;
}
#define SMAX_SHFL_XOR(v, step) smax_cl_shfl_xor((v), (step))
#define SMAX_SHFL_FIRST(v, width) smax_cl_shfl_first((v), (width))
/* A warp's barrier, which orders its items' on-chip accesses
 * (smax_slot_sees_kept). */
#define SMAX_WARP_FENCE() __asm__ volatile("bar.warp.sync -1;" ::: "memory")
#else
#define SMAX_HAVE_SHUFFLE 0
#endif
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
#include <hip/hip_fp16.h>
#define SMAX_DIALECT_HIP 1
#else
#include <cuda_bf16.h>
#include <cuda_fp16.h>
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
#define SMAX_GROUP_COUNT() ((long long)gridDim.x)
#define SMAX_GROUP_SIZE() ((int)blockDim.x)
/* log2 of a power of two (row slots' lanes are). */
#define SMAX_LOG2_POW2(x) (__ffs(x) - 1)
#define SMAX_EXP(x) expf(x)
#define SMAX_EXP2(x) exp2f(x)
#define SMAX_FMA(a, b, c) fmaf(a, b, c)
#define SMAX_FMAX(a, b) fmaxf(a, b)
#define SMAX_LOG(x) logf(x)
#define SMAX_LOG2(x) log2f(x)
#define SMAX_INF __int_as_float(0x7f800000)
#define SMAX_NAN __int_as_float(0x7fffffff)
#define SMAX_FLT_MAX 3.402823466e+38f
typedef long long smax_i64;
typedef float4 smax_float4;
#define SMAX_ADDR(p) ((unsigned long long)(p))
typedef unsigned short smax_u16;
typedef unsigned int smax_u32;
#define SMAX_AS_UINT(f) __float_as_uint(f)
#define SMAX_AS_FLOAT(u) __uint_as_float(u)
/* f16 in memory as its bits; the hardware converts (round to nearest even,
 * overflow to inf). */
typedef unsigned short smax_f16_mem;
#define SMAX_F16_LOAD(p, i) __half2float(__ushort_as_half((p)[i]))
#define SMAX_F16_STORE(p, i, v) ((p)[i] = __half_as_ushort(__float2half_rn(v)))
#define SMAX_F16_BITS_TO_F32(b) __half2float(__ushort_as_half((unsigned short)(b)))
/* Eight halves as one 16-byte access; p is 16-byte aligned. Element 2k is
 * the low half of word k (little-endian). */
#define SMAX_F16_LOAD8(p, f)                                                 \
    do {                                                                     \
        const uint4 w_ = *(const uint4 *)(p);                                \
        const unsigned int a_[4] = {w_.x, w_.y, w_.z, w_.w};                 \
        for (int k_ = 0; k_ < 4; ++k_) {                                     \
            f[2 * k_] = __half2float(__ushort_as_half(                       \
                (unsigned short)(a_[k_] & 0xffffu)));                        \
            f[2 * k_ + 1] =                                                  \
                __half2float(__ushort_as_half((unsigned short)(a_[k_] >> 16))); \
        }                                                                    \
    } while (0)
#define SMAX_F16_STORE8(p, f)                                                \
    do {                                                                     \
        unsigned int a_[4];                                                  \
        for (int k_ = 0; k_ < 4; ++k_) {                                     \
            const __half2 h_ = __floats2half2_rn(f[2 * k_], f[2 * k_ + 1]);  \
            a_[k_] = *(const unsigned int *)&h_;                             \
        }                                                                    \
        *(uint4 *)(p) = make_uint4(a_[0], a_[1], a_[2], a_[3]);              \
    } while (0)
#if defined(SMAX_DIALECT_CUDA)
/* Two floats to two bf16 (low, high), round to nearest even: one
 * instruction on sm_80 and later (the integer route costs six per
 * element), emulated by cuda_bf16.h before. NaN stays NaN. */
#define SMAX_BF16_PACK2(a, b)                                                \
    __extension__({                                                          \
        const __nv_bfloat162 h_ = __floats2bfloat162_rn((a), (b));           \
        *(const unsigned int *)&h_;                                          \
    })
/* One float to bf16 bits, the same rounding: one instruction. */
#define SMAX_BF16_OF(v) ((unsigned int)__bfloat16_as_ushort(__float2bfloat16_rn(v)))
#endif
#if defined(SMAX_DIALECT_HIP) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
/* HIP on NVIDIA: the instruction CUDA's __floats2bfloat162_rn compiles to
 * (below), spelled in PTX as for OpenCL on NVIDIA. */
#define SMAX_NV_BF16_PACK2_PTX 1
#endif
#if defined(SMAX_DIALECT_CUDA)
/* Thread-block clusters (smax_cluster.h): the groups of a cluster are
 * resident at once and read each other's on-chip memory. The kernels
 * exist in every CUDA pass (the launch table names them) but have a body
 * only for sm_90 and later; the host launches them only on devices that
 * report cluster launch. */
#define SMAX_HAVE_CLUSTER 1
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
#define SMAX_CLUSTER_ARCH 1
/* The cluster's barrier in two halves, with no memory ordering: arrive
 * says this group has initialised its exchange barrier (the fence of
 * smax_mbar_init orders that), wait that every group has. A release
 * arrive costs a device-wide fence (MEMBAR.ALL.GPU), which the H100 spent
 * a tenth of the cluster kernel's stall samples on. */
#define SMAX_CLUSTER_ARRIVE() \
    asm volatile("barrier.cluster.arrive.relaxed.aligned;" ::: "memory")
#define SMAX_CLUSTER_WAIT() \
    asm volatile("barrier.cluster.wait.aligned;" ::: "memory")
/* A transaction barrier (mbarrier) in on-chip memory for one arrival,
 * made visible to the cluster's groups (before the cluster barrier's
 * arrive) and to the copy engine. */
SMAX_FN void smax_mbar_init(unsigned long long *bar)
{
    const unsigned a = (unsigned)__cvta_generic_to_shared(bar);
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(a) : "memory");
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}
/* The one arrival: the barrier's phase completes once `bytes` more have
 * been stored into this group's on-chip memory by SMAX_CLUSTER_PUSH2, from
 * any group of the cluster (pushes that land first count as well). */
SMAX_FN void smax_cluster_bar_expect(unsigned long long *bar, unsigned bytes)
{
    const unsigned a = (unsigned)__cvta_generic_to_shared(bar);
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(a),
                 "r"(bytes)
                 : "memory");
}
/* Stores (x, y) at on-chip address `slot` of the cluster's group `rank`
 * and counts its 8 bytes on that group's barrier at `bar`. */
SMAX_FN void smax_cluster_push2(float *slot, unsigned long long *bar,
                                unsigned rank, float x, float y)
{
    const unsigned s = (unsigned)__cvta_generic_to_shared(slot);
    const unsigned b = (unsigned)__cvta_generic_to_shared(bar);
    unsigned rs, rb;
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(rs) : "r"(s), "r"(rank));
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(rb) : "r"(b), "r"(rank));
    asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.v2.f32 "
                 "[%0], {%1, %2}, [%3];" ::"r"(rs),
                 "f"(x), "f"(y), "r"(rb)
                 : "memory");
}
/* Waits until the barrier's first phase completes; what was pushed is then
 * visible (acquire at cluster scope, the pushes' release). */
SMAX_FN void smax_cluster_bar_wait(unsigned long long *bar)
{
    const unsigned a = (unsigned)__cvta_generic_to_shared(bar);
    unsigned done;
    do {
        asm volatile("{ .reg .pred p;\n"
                     "mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 p, [%1], 0;\n"
                     "selp.u32 %0, 1, 0, p; }"
                     : "=r"(done)
                     : "r"(a)
                     : "memory");
    } while (!done);
}
#define SMAX_CLUSTER_BAR_INIT(bar) smax_mbar_init(bar)
#define SMAX_BULK_BAR_INIT(bar) smax_mbar_init(bar)
/* After item 0's SMAX_BULK_BAR_INIT, before it arms the barrier; called by
 * every item. nvcc issues the init on the warp's uniform datapath, which
 * compute-sanitizer's racecheck attributes to another lane and reported
 * against item 0's arrive as a potential hazard (H200, bench/results/
 * h200-2026-11-30e, call 4); a warp barrier states the order. */
#define SMAX_BULK_BAR_READY() __syncwarp()
#define SMAX_CLUSTER_BAR_EXPECT(bar, bytes) smax_cluster_bar_expect((bar), (bytes))
#define SMAX_CLUSTER_PUSH2(slot, bar, rank, x, y) \
    smax_cluster_push2((slot), (bar), (rank), (x), (y))
#define SMAX_CLUSTER_BAR_WAIT(bar) smax_cluster_bar_wait(bar)
/* A bulk copy (cp.async.bulk, sm_90's copy engine) of `bytes` (a multiple
 * of 16, both ends 16-byte aligned) from device memory into this group's
 * on-chip memory, counted on the transaction barrier at `bar` as they
 * land: one item puts a whole chunk in flight, and no item's registers
 * hold it on the way (SMAX_BULK_KEEP in smax_onchip.h). */
#define SMAX_HAVE_BULK_COPY 1
SMAX_FN void smax_bulk_copy(void *local, const void *global, unsigned bytes,
                            unsigned long long *bar)
{
    const unsigned d = (unsigned)__cvta_generic_to_shared(local);
    const unsigned b = (unsigned)__cvta_generic_to_shared(bar);
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes "
                 "[%0], [%1], %2, [%3];" ::"r"(d),
                 "l"(global), "r"(bytes), "r"(b)
                 : "memory");
}
#endif
#endif
typedef uint4 smax_u32x4;
typedef uint2 smax_u32x2;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
/* Copies from device memory to on-chip memory that bypass registers
 * (cp.async, sm_80 and later; CUDA and HIP on NVIDIA): an item puts all
 * its vectors of a row in flight at once, where loads through registers
 * go out a few at a time (smax_onchip.h). */
#define SMAX_HAVE_ASYNC_COPY 1
SMAX_FN void smax_async_copy16(void *local, const void *global)
{
    const unsigned to = (unsigned)__cvta_generic_to_shared(local);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;"
                 :
                 : "r"(to), "l"(global)
                 : "memory");
}
#endif
/* The larger of each of two pairs of 16-bit values in one instruction
 * (sm_80 and later), a NaN skipped as fmax skips it: the forward pass's
 * maximum of a 16-bit row without converting it (smax_in_max2). */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define SMAX_HAVE_MAX16X2 1
SMAX_FN unsigned smax_max_f16x2(unsigned a, unsigned b)
{
    unsigned r;
    asm("max.f16x2 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
    return r;
}
SMAX_FN unsigned smax_max_bf16x2(unsigned a, unsigned b)
{
    unsigned r;
    asm("max.bf16x2 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
    return r;
}
#endif
/* A value the compiler must take as changed here, so that what it computed
 * from it before is not kept for later (smax_held_opaque). NVIDIA targets
 * only (CUDA, HIP on NVIDIA, where the held rows were measured); the other
 * targets get the no-op at the end of this file. */
#if defined(__CUDA_ARCH__)
#define SMAX_OPAQUE_U32(x) asm volatile("" : "+r"(x))
#define SMAX_OPAQUE_F32(x) asm volatile("" : "+f"(x))
#endif
/* SMAX_EXP2_FTZ (at the end) as one PTX instruction on NVIDIA. */
#if defined(__CUDA_ARCH__)
#define SMAX_HAVE_EXP2_FTZ 1
#endif
/* Threads a compute unit holds on the NVIDIA target being compiled: a
 * count of groups past it is out of range, and ptxas drops the bound with
 * a warning (Turing holds 1024, Ampere's and Ada's consumer parts and
 * Blackwell's sm_120 1536, the rest 2048). */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ == 750
#define SMAX_UNIT_THREADS 1024
#elif defined(__CUDA_ARCH__) &&                                            \
    (__CUDA_ARCH__ == 860 || __CUDA_ARCH__ == 870 ||                        \
     __CUDA_ARCH__ == 890 || __CUDA_ARCH__ == 1200 || __CUDA_ARCH__ == 1210)
#define SMAX_UNIT_THREADS 1536
#else
#define SMAX_UNIT_THREADS 2048
#endif
/* A kernel whose groups of at most `items` items should fit `groups` to a
 * compute unit, or as many as the unit's threads allow where fewer: the
 * compiler keeps each item's registers within that (CUDA and HIP on
 * NVIDIA; HIP on AMD reads the second number otherwise, so it gets the
 * group size alone). */
#if defined(SMAX_DIALECT_HIP) && !defined(__HIP_PLATFORM_NVIDIA__)
#define SMAX_GROUPS_PER_CU(items, groups) __launch_bounds__(items)
#else
#define SMAX_GROUPS_PER_CU(items, groups)                                   \
    __launch_bounds__(items, (groups) * (items) <= SMAX_UNIT_THREADS        \
                                 ? (groups)                                  \
                                 : SMAX_UNIT_THREADS / (items))
#endif
/* Registers an item may take, at most, in a kernel launched with groups of
 * several sizes (so __launch_bounds__ cannot say it): nvcc 12.4 and later
 * (__maxnreg__); elsewhere the compiler's own choice. */
#if defined(SMAX_DIALECT_CUDA) && !defined(SMAX_DIALECT_HIP) && \
    (__CUDACC_VER_MAJOR__ > 12 ||                                 \
     (__CUDACC_VER_MAJOR__ == 12 && __CUDACC_VER_MINOR__ >= 4))
#define SMAX_REGISTERS_AT_MOST(n) __maxnreg__(n)
#else
#define SMAX_REGISTERS_AT_MOST(n)
#endif
/* x * scale rounded on its own: the scaled input is an f32 value (as the
 * reference assumes), never contracted into an FMA with what follows. */
#define SMAX_MUL_RN(a, b) __fmul_rn((a), (b))
/* a + b never contracted into an FMA (smax_reduce.h's butterflies). */
#define SMAX_ADD_RN(a, b) __fadd_rn((a), (b))
#define SMAX_RESTRICT __restrict__
#define SMAX_DYN_LOCAL_PARAM
#define SMAX_DYN_LOCAL_DECL                        \
    extern __shared__ float4 smax_dyn_local4[]; /* 16-byte aligned */ \
    float *smax_dyn_local = (float *)smax_dyn_local4;
#define SMAX_UNROLL _Pragma("unroll 4")
#define SMAX_UNROLL_ALL _Pragma("unroll")
/* Groups of one launch that cooperate (smax_cooperative.h): atomics
 * and volatile loads go to the device's point of coherence (L2), and
 * __threadfence orders them device-wide. */
#define SMAX_ATOMIC_INC(p) atomicAdd((p), 1u)
#define SMAX_ATOMIC_XCHG(p, v) atomicExch((p), (v))
#define SMAX_ATOMIC_READ(p) (*(volatile smax_u32 *)(p))
#define SMAX_GLOBAL_FENCE() __threadfence()
/* 64-bit words that one store replaces whole and one load reads whole,
 * so that a word can carry its own epoch (smax_cooperative.h). OpenCL C
 * has them where the device has cl_khr_int64_base_atomics (above). */
#define SMAX_HAVE_WORD64 1
typedef unsigned long long smax_u64;
#define SMAX_WORD64_PUBLISH(p, v) atomicExch((p), (v))
#define SMAX_WORD64_READ(p) (*(volatile smax_u64 *)(p))
/* A waiting group idles between its polls, so that its loads of flags do
 * not take the memory system from the groups still streaming their
 * chunks: `ns` nanoseconds on NVIDIA (sm_70 and later), a short fixed
 * sleep on AMD. */
#if defined(SMAX_DIALECT_HIP) && !defined(__HIP_PLATFORM_NVIDIA__)
#define SMAX_SPIN_PAUSE(ns) ((void)(ns), __builtin_amdgcn_s_sleep(2))
#elif defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
#define SMAX_SPIN_PAUSE(ns) __nanosleep(ns)
#else
#define SMAX_SPIN_PAUSE(ns) ((void)(ns))
#endif
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
#define SMAX_WARP_FENCE() __syncwarp()
#endif

#else
/* ------------------------------------------------------------------ host C */
#define SMAX_DIALECT_HOST 1
#include <math.h>
#define SMAX_FN static inline
#define SMAX_EXP(x) expf(x)
#define SMAX_FMAX(a, b) fmaxf(a, b)
#define SMAX_LOG(x) logf(x)
#define SMAX_LOG2(x) log2f(x)
#define SMAX_INF INFINITY
#define SMAX_NAN NAN
typedef long long smax_i64;
#endif

/* SMAX_OPAQUE_*: the compiler's own choice wherever the dialect above has
 * no opaque form (OpenCL C, HIP on AMD, host C). */
#ifndef SMAX_OPAQUE_U32
#define SMAX_OPAQUE_U32(x) ((void)(x))
#define SMAX_OPAQUE_F32(x) ((void)(x))
#endif

/* NVIDIA GPUs of compute capability 8.0 and later round two floats to a
 * bf16 pair in one instruction, as CUDA's __floats2bfloat162_rn does
 * (smax_io.h spells the rounding in integer operations otherwise, five an
 * element): H100, OpenCL, bf16 one-launch rows 1024 x 65536 74.5 -> 82.0%
 * of copy, 256 x 262144 72.0 -> 79.7, 4096 x 16384 75.9 -> 85.4, f32 ->
 * bf16 +2-3 (bench/results/h100-2026-11-27, calls 4 and 5). The same PTX
 * for OpenCL and HIP on NVIDIA (CUDA takes the intrinsic); HIP, ABBA: bf16
 * 2097152 x 128 84.0 -> 98.6, 1024 x 262144 78.6 -> 88.0
 * (bench/results/h100-2026-11-27d, call 2). a goes to the low half, as in
 * CUDA's. */
#if defined(SMAX_NV_BF16_PACK2_PTX)
SMAX_FN smax_u32 smax_nv_bf16_pack2(float a, float b)
{
    smax_u32 r;
    __asm__("cvt.rn.bf16x2.f32 %0, %1, %2;" : "=r"(r) : "f"(b), "f"(a));
    return r;
}
#define SMAX_BF16_PACK2(a, b) smax_nv_bf16_pack2((a), (b))
#define SMAX_BF16_OF(v) (smax_nv_bf16_pack2((v), 0.0f) & 0xffffu)
#endif

/* 2^x with exp2's accuracy where the result is a normal f32; results
 * below 2^-126 may be 0. On NVIDIA (CUDA, HIP on NVIDIA, and OpenCL on
 * NVIDIA where the dialect says so) it is the one instruction that exp2f
 * spends on normal results (ex2.approx.ftz: exp2f adds a compare and two
 * predicated multiplies to keep subnormal results); elsewhere exp2. */
#if defined(SMAX_HAVE_EXP2_FTZ)
SMAX_FN float smax_exp2_ftz(float x)
{
    float r;
    __asm__("ex2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
    return r;
}
#define SMAX_EXP2_FTZ(x) smax_exp2_ftz(x)
#else
#define SMAX_EXP2_FTZ(x) SMAX_EXP2(x)
#endif

/* The waits of the asynchronous copies, the same PTX in every dialect that
 * has them (CUDA, HIP on NVIDIA, OpenCL on NVIDIA). */
#if defined(SMAX_HAVE_ASYNC_COPY)
/* Every copy this item issued has landed and is visible to it. */
SMAX_FN void smax_async_wait_all(void)
{
    __asm__ volatile("cp.async.wait_all;" ::: "memory");
}
/* Closes the batch of copies this item issued since the last one. */
SMAX_FN void smax_async_commit(void)
{
    __asm__ volatile("cp.async.commit_group;" ::: "memory");
}
/* Every batch this item closed has landed but the last n (a constant). */
#define SMAX_ASYNC_WAIT_PENDING(n) \
    __asm__ volatile("cp.async.wait_group %0;" ::"n"(n) : "memory")
#endif

#endif /* SMAX_DIALECT_H */
