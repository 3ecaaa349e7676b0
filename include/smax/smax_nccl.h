/*
 * smax_nccl.h - vocabulary-parallel softmax over NCCL (CUDA build) or RCCL
 * (HIP build): each rank holds the same rows and a shard of their columns,
 * and one call gives it its part of the softmax of the whole rows.
 *
 * An optional component: libsmax_nccl, built beside libsmax where CMake
 * finds NCCL (option SMAX_NCCL; target smax::smax_nccl once installed).
 * It uses only the public calls of smax_shard.h plus two collectives on the
 * context's stream, so the same steps work with any other collective
 * library (docs/sharded.md).
 *
 * Forward, per call: the shard's per-row partials (m, s) (smax_shard_partials),
 * an in-place ncclAllGather of rows x 2 floats per rank, the merge of the
 * nranks partials of each row in rank order (smax_shard_merge: every rank
 * computes bit-identical totals), and the shard's outputs
 * (smax_shard_finish). Backward: the shard's per-row sums
 * (smax_shard_backward_partials), an in-place ncclAllReduce (ncclSum) of
 * rows floats, and dx (smax_shard_backward_finish).
 *
 * Every rank of `comm` calls with the same shard->rows (the widths may
 * differ, 0 included), in the same order with the other collectives on
 * comm, as NCCL requires. The context's stream is the one the collectives
 * run on; the call is asynchronous like the others. A call that fails an
 * argument check on one rank returns before its collective and leaves the
 * other ranks waiting in theirs: check shapes identically everywhere.
 *
 * workspace: smax_nccl_workspace_bytes(rows, nranks) bytes of a buffer on
 * the context from workspace_offset (a multiple of 4), or NULL to have the
 * call allocate (and free, which waits for the device) its own.
 *
 * Statuses: those of the smax_shard_* calls (detail in smax_last_error
 * (context)); SMAX_ERROR_BACKEND for a failed NCCL call, its detail in
 * smax_nccl_last_error() (per thread).
 */
#ifndef SMAX_SMAX_NCCL_H
#define SMAX_SMAX_NCCL_H

#if defined(SMAX_NCCL_RCCL) || defined(__HIP_PLATFORM_AMD__)
#include <rccl/rccl.h>
#else
#include <nccl.h>
#endif

#include "smax/smax_shard.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bytes of workspace a call with `rows` rows over `nranks` ranks needs
 * (forward: the gathered partials, rows * 8 * nranks; backward: less).
 * 0 on overflow or a negative argument. */
SMAX_API size_t smax_nccl_workspace_bytes(int64_t rows, int nranks);

/* y = this rank's columns of softmax(scale * x) over the whole rows (or
 * log-softmax, masked rows: shard's flags), x and y as for
 * smax_shard_finish (y may be x). */
SMAX_API smax_status smax_nccl_softmax(smax_context context, ncclComm_t comm,
                                       const smax_problem *shard,
                                       smax_buffer x, size_t x_offset,
                                       smax_buffer y, size_t y_offset,
                                       smax_buffer workspace,
                                       size_t workspace_offset);

/* dx = this rank's columns of the gradient, from y and dy of its columns,
 * as for smax_shard_backward_finish (dx may be y or dy). */
SMAX_API smax_status smax_nccl_softmax_backward(
    smax_context context, ncclComm_t comm, const smax_problem *shard,
    smax_buffer y, size_t y_offset, smax_buffer dy, size_t dy_offset,
    smax_buffer dx, size_t dx_offset, smax_buffer workspace,
    size_t workspace_offset);

/* The last NCCL failure of this thread's smax_nccl calls; "" if none. */
SMAX_API const char *smax_nccl_last_error(void);

#ifdef __cplusplus
}
#endif

#endif /* SMAX_SMAX_NCCL_H */
