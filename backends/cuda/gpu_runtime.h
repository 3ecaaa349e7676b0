/* gpu_runtime.h (CUDA) - the CUDA names behind the shared CUDA/HIP glue in
 * backends/cuda_hip/. backends/hip/gpu_runtime.h maps the same words to
 * HIP. */
#ifndef SMAX_GPU_RUNTIME_H
#define SMAX_GPU_RUNTIME_H

#include <cuda_runtime_api.h>

#define SMAX_GPU_RUNTIME_NAME "CUDA"
#define SMAX_GPU(name) cuda##name            /* runtime calls and enums */
#define SMAX_GPU_API(name) smax_cuda_##name  /* interop entry points    */
typedef cudaStream_t smax_gpu_stream;
typedef cudaError_t smax_gpu_error;
typedef struct cudaDeviceProp smax_gpu_props;
/* Shared memory a block may opt into (227 KB on H100). */
#define SMAX_GPU_SMEM_OPTIN(out, dev) \
    cudaDeviceGetAttribute((out), cudaDevAttrMaxSharedMemoryPerBlockOptin, (dev))
#define SMAX_GPU_FUNC_ATTR_MAX_DYN_SMEM cudaFuncAttributeMaxDynamicSharedMemorySize
/* The memory's peak clock (kHz) and bus width (bits), by attribute:
 * CUDA 13's cudaDeviceProp has no memory clock. */
#define SMAX_GPU_ATTR_MEMORY_CLOCK_KHZ cudaDevAttrMemoryClockRate
#define SMAX_GPU_ATTR_MEMORY_BUS_BITS cudaDevAttrGlobalMemoryBusWidth
/* On-chip memory a multiprocessor shares among its blocks (228 KB on
 * H100), and what the runtime reserves of it for each block (1 KB). */
#define SMAX_GPU_UNIT_SMEM(out, dev) \
    cudaDeviceGetAttribute((out), cudaDevAttrMaxSharedMemoryPerMultiprocessor, (dev))
#define SMAX_GPU_GROUP_SMEM_RESERVED(out, dev) \
    cudaDeviceGetAttribute((out), cudaDevAttrReservedSharedMemoryPerBlock, (dev))
#define SMAX_GPU_ERR_NO_DEVICE(e) \
    ((e) == cudaErrorNoDevice || (e) == cudaErrorInsufficientDriver)
#define SMAX_GPU_ERR_OUT_OF_MEMORY(e) ((e) == cudaErrorMemoryAllocation)
/* Kernels keep forward on-chip rows by cp.async on devices of compute
 * capability 8 and later (kernels/smax_dialect.h). */
#define SMAX_GPU_ASYNC_COPY 1
/* Thread-block clusters (sm_90 and later, where the device says so). */
#define SMAX_GPU_HAS_CLUSTERS 1
/* A unit's shared memory is carved from its L1 cache, per launch
 * (traits.carved_cache); from CUDA 12.4 a launch attribute asks for the
 * split, before it the kernel's attribute (smax_gpu_launch_carved). */
#define SMAX_GPU_CARVED_CACHE 1
#if CUDART_VERSION >= 12040
#define SMAX_GPU_CARVEOUT_LAUNCH_ATTR 1
#else
#define SMAX_GPU_CARVEOUT_LAUNCH_ATTR 0
#endif

#endif
