/* gpu_runtime.h (HIP) - the HIP names behind the shared CUDA/HIP glue in
 * backends/cuda_hip/. backends/cuda/gpu_runtime.h maps the same words to
 * CUDA. */
#ifndef SMAX_GPU_RUNTIME_H
#define SMAX_GPU_RUNTIME_H

#include <hip/hip_runtime_api.h>

#define SMAX_GPU_RUNTIME_NAME "HIP"
#define SMAX_GPU(name) hip##name            /* runtime calls and enums */
#define SMAX_GPU_API(name) smax_hip_##name  /* interop entry points    */
typedef hipStream_t smax_gpu_stream;
typedef hipError_t smax_gpu_error;
typedef hipDeviceProp_t smax_gpu_props;
/* Shared memory a block may opt into. On AMD a group may use all of its
 * LDS without opting in. HIP 5.2 on NVIDIA answers hipErrorInvalidValue for
 * hipDeviceAttributeSharedMemPerBlockOptin, so CUDA is asked directly. */
#if defined(__HIP_PLATFORM_NVIDIA__)
#define SMAX_GPU_SMEM_OPTIN(out, dev)                                        \
    hipCUDAErrorTohipError(cudaDeviceGetAttribute(                          \
        (out), cudaDevAttrMaxSharedMemoryPerBlockOptin, (dev)))
#else
#define SMAX_GPU_SMEM_OPTIN(out, dev) \
    hipDeviceGetAttribute((out), hipDeviceAttributeMaxSharedMemoryPerBlock, (dev))
#endif
#define SMAX_GPU_FUNC_ATTR_MAX_DYN_SMEM hipFuncAttributeMaxDynamicSharedMemorySize
#define SMAX_GPU_ATTR_MEMORY_CLOCK_KHZ hipDeviceAttributeMemoryClockRate
#define SMAX_GPU_ATTR_MEMORY_BUS_BITS hipDeviceAttributeMemoryBusWidth
/* On-chip memory a compute unit shares among its groups, and what the
 * runtime reserves of it for each group: asked of CUDA on NVIDIA, as the
 * opt-in above; AMD reserves none. */
#if defined(__HIP_PLATFORM_NVIDIA__)
#define SMAX_GPU_UNIT_SMEM(out, dev)                                         \
    hipCUDAErrorTohipError(cudaDeviceGetAttribute(                          \
        (out), cudaDevAttrMaxSharedMemoryPerMultiprocessor, (dev)))
#define SMAX_GPU_GROUP_SMEM_RESERVED(out, dev)                               \
    hipCUDAErrorTohipError(cudaDeviceGetAttribute(                          \
        (out), cudaDevAttrReservedSharedMemoryPerBlock, (dev)))
#else
#define SMAX_GPU_UNIT_SMEM(out, dev)                                         \
    hipDeviceGetAttribute((out),                                            \
                          hipDeviceAttributeMaxSharedMemoryPerMultiprocessor, \
                          (dev))
#define SMAX_GPU_GROUP_SMEM_RESERVED(out, dev) (*(out) = 0, hipSuccess)
#endif
#define SMAX_GPU_ERR_NO_DEVICE(e) \
    ((e) == hipErrorNoDevice || (e) == hipErrorInsufficientDriver)
#define SMAX_GPU_ERR_OUT_OF_MEMORY(e) ((e) == hipErrorOutOfMemory)
/* On NVIDIA, HIP's kernels are nvcc's and keep forward on-chip rows by
 * cp.async from compute capability 8 (kernels/smax_dialect.h); AMD's do
 * not. */
#if defined(__HIP_PLATFORM_NVIDIA__)
#define SMAX_GPU_ASYNC_COPY 1
#else
#define SMAX_GPU_ASYNC_COPY 0
#endif
/* HIP has no thread-block clusters. */
#define SMAX_GPU_HAS_CLUSTERS 0
/* On NVIDIA a unit's shared memory is carved from its L1 cache, per
 * launch, asked through the kernel's attribute (smax_gpu_launch_carved);
 * AMD's LDS is a store of its own. */
#if defined(__HIP_PLATFORM_NVIDIA__)
#define SMAX_GPU_CARVED_CACHE 1
#else
#define SMAX_GPU_CARVED_CACHE 0
#endif
#define SMAX_GPU_CARVEOUT_LAUNCH_ATTR 0

#endif
