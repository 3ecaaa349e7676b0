/*
 * backend.h - the seam between the neutral front end (common/) and the one
 * backend a build contains (backends/cuda, backends/hip or backends/opencl).
 *
 * The front end has already checked every argument and made the plan when it
 * calls a backend: backends only move bytes and launch kernels, and report
 * vendor failures through smax_fail(). Each backend defines struct
 * smax_backend (its per-context state) and implements every function below.
 */
#ifndef SMAX_COMMON_BACKEND_H
#define SMAX_COMMON_BACKEND_H

#include "context.h"
#include "plan.h"

/* Fills ctx->backend and ctx->info for the default device. */
smax_status smax_backend_create_default(smax_context ctx);
/* Waits for the queue and releases everything the backend owns. */
void smax_backend_destroy(smax_context ctx);
smax_status smax_backend_synchronize(smax_context ctx);

smax_status smax_backend_alloc(smax_context ctx, size_t bytes,
                               smax_native_mem *out);
void smax_backend_free(smax_context ctx, smax_native_mem mem);
/* Blocking transfers. */
smax_status smax_backend_write(smax_context ctx, smax_native_mem dst,
                               size_t dst_offset, const void *src,
                               size_t bytes);
smax_status smax_backend_read(smax_context ctx, smax_native_mem src,
                              size_t src_offset, void *dst, size_t bytes);
/* Enqueued device-to-device copy. */
smax_status smax_backend_copy(smax_context ctx, smax_native_mem dst,
                              size_t dst_offset, smax_native_mem src,
                              size_t src_offset, size_t bytes);
/* The largest power of two (up to 256) dividing the address of byte
 * `offset` of mem; decides whether rows may be read as vectors. */
size_t smax_backend_alignment(smax_context ctx, smax_native_mem mem,
                              size_t offset);

/* One softmax launch sequence as planned. x_off/y_off are in elements and
 * element-aligned; scratch holds plan->scratch_bytes. */
typedef struct smax_launch {
    const smax_problem *problem;
    const smax_exec_plan *plan;
    smax_native_mem x, y, scratch;
    int64_t x_off, y_off;
    int vec4;
} smax_launch;

smax_status smax_backend_softmax(smax_context ctx, const smax_launch *launch);

#endif
