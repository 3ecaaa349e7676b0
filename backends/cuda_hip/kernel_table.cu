/* kernel_table.cu - the shared kernels compiled as CUDA (backend cuda) or
 * as HIP (backend hip), the Ginkgo common/cuda_hip way: one source, two
 * languages. The host glue, in C, launches them through this table in the
 * order of smax_kernel_id. */
#include "smax_kernels.h"

extern "C" {
extern const void *const smax_gpu_kernels[];
const void *const smax_gpu_kernels[] = {
    (const void *)smax_fused,       (const void *)smax_fused_regs,
    (const void *)smax_online,
    (const void *)smax_mb_partials, (const void *)smax_mb_merge,
    (const void *)smax_mb_normalize};
}
