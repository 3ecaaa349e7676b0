/* kernel_table.c - the launch tables of the nine dtype instantiations
 * (kernel_pair.cuh), by pair index 3 * in + out. */
#include "gpu_backend.h"

#define SMAX_PAIR_TABLES(X)                                                 \
    X(f32_f32) X(f32_f16) X(f32_bf16) X(f16_f32) X(f16_f16) X(f16_bf16)      \
    X(bf16_f32) X(bf16_f16) X(bf16_bf16)

#define SMAX_DECLARE_TABLE(suffix) \
    extern const void *const smax_gpu_kernels_##suffix[];
SMAX_PAIR_TABLES(SMAX_DECLARE_TABLE)

#define SMAX_TABLE_REF(suffix) smax_gpu_kernels_##suffix,
const void *const *const smax_gpu_kernel_pairs[SMAX_PAIR_COUNT] = {
    SMAX_PAIR_TABLES(SMAX_TABLE_REF)};
