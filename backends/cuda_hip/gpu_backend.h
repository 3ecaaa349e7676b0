/* gpu_backend.h - per-context state of the CUDA and HIP backends. */
#ifndef SMAX_GPU_BACKEND_H
#define SMAX_GPU_BACKEND_H

#include "backend.h"
#include "gpu_runtime.h"

struct smax_backend {
    int device;
    smax_gpu_stream stream;
    int owns_stream;
};

/* kernel_table.c: by dtype pair (3 * in + out), then smax_kernel_id. */
extern const void *const *const smax_gpu_kernel_pairs[SMAX_PAIR_COUNT];

smax_status smax_gpu_fail(smax_context ctx, smax_gpu_error err,
                          const char *what);
/* Device facts and kernel attributes for ctx->backend->device. */
smax_status smax_gpu_init(smax_context ctx);

#endif
