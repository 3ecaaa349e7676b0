/* kernel_pair.cuh - the shared kernels of one dtype pair compiled as CUDA
 * (backend cuda) or as HIP (backend hip), the Ginkgo common/cuda_hip way:
 * one source, two languages. A generated unit per pair (cmake/
 * kernel_pairs.cmake) defines SMAX_IN_DTYPE, SMAX_OUT_DTYPE and
 * SMAX_PAIR_SUFFIX and includes this file; it adds the pair's launch table
 * in the order of smax_kernel_id, which kernel_table.c gathers. */
#include "smax_kernels.h"
#include "smax_kernel_list.h"

#define SMAX_TABLE_ENTRY(id, name) (const void *)SMAX_KNAME(name),
/* HIP has no clusters (nor the other sm_90 kernels): those slots stay
 * empty and are never planned. */
#if defined(SMAX_HAVE_CLUSTER)
#define SMAX_SM90_TABLE_ENTRY SMAX_TABLE_ENTRY
#else
#define SMAX_SM90_TABLE_ENTRY(id, name) NULL,
#endif
extern "C" {
extern const void *const SMAX_KNAME(smax_gpu_kernels)[];
const void *const SMAX_KNAME(smax_gpu_kernels)[] = {
    SMAX_KERNEL_LIST(SMAX_TABLE_ENTRY)
        SMAX_SM90_KERNEL_LIST(SMAX_SM90_TABLE_ENTRY)};
}
