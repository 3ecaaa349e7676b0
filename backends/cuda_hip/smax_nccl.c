/* smax_nccl.c - libsmax_nccl (include/smax/smax_nccl.h): the phase calls of
 * smax_shard.h around an all-gather (forward) or an all-reduce (backward)
 * on the context's stream. Public calls only, so it links against any
 * libsmax of its backend; one source for NCCL (CUDA) and RCCL (HIP), which
 * have the same API. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "smax/smax_nccl.h"
#if defined(SMAX_NCCL_RCCL)
#include "smax/smax_hip.h"
#define native_stream(ctx) smax_hip_stream(ctx)
#define native_pointer(buf) smax_hip_buffer_pointer(buf)
#else
#include "smax/smax_cuda.h"
#define native_stream(ctx) smax_cuda_stream(ctx)
#define native_pointer(buf) smax_cuda_buffer_pointer(buf)
#endif

static _Thread_local char last_error[512];

SMAX_API const char *smax_nccl_last_error(void)
{
    return last_error;
}

static smax_status nccl_fail(const char *what, ncclResult_t r)
{
    snprintf(last_error, sizeof last_error, "%s: %s", what,
             ncclGetErrorString(r));
    return SMAX_ERROR_BACKEND;
}

static smax_status fail(smax_status st, const char *why)
{
    snprintf(last_error, sizeof last_error, "%s", why);
    return st;
}

SMAX_API size_t smax_nccl_workspace_bytes(int64_t rows, int nranks)
{
    if (rows < 0 || nranks < 1 ||
        (uint64_t)rows > SIZE_MAX / 8 / (uint64_t)nranks)
        return 0;
    return (size_t)rows * 8 * (size_t)nranks;
}

/* The communicator's size and this rank, and the workspace: the caller's
 * (checked), or one allocated for the call in *own. */
static smax_status prepare(smax_context ctx, ncclComm_t comm,
                           const smax_problem *shard, int *nranks, int *rank,
                           smax_buffer *ws, size_t *ws_off, smax_buffer *own)
{
    *own = NULL;
    last_error[0] = '\0';
    if (shard == NULL)
        return fail(SMAX_ERROR_INVALID_POINTER, "shard is NULL");
    if (comm == NULL)
        return fail(SMAX_ERROR_INVALID_HANDLE, "comm is NULL");
    ncclResult_t r = ncclCommCount(comm, nranks);
    if (r == ncclSuccess)
        r = ncclCommUserRank(comm, rank);
    if (r != ncclSuccess)
        return nccl_fail("ncclCommCount/ncclCommUserRank", r);
    const size_t need = smax_nccl_workspace_bytes(shard->rows, *nranks);
    if (shard->rows > 0 && need == 0)
        return fail(SMAX_ERROR_INVALID_SIZE, "rows * 8 * nranks overflows");
    if (*ws == NULL) {
        *ws_off = 0;
        if (need == 0)
            return SMAX_SUCCESS;
        const smax_status st = smax_buffer_alloc(ctx, need, own);
        *ws = *own;
        return st;
    }
    if (*ws_off % 4 != 0)
        return fail(SMAX_ERROR_INVALID_VALUE,
                    "workspace_offset is not a multiple of 4");
    if (*ws_off > smax_buffer_size(*ws) ||
        need > smax_buffer_size(*ws) - *ws_off)
        return fail(SMAX_ERROR_INVALID_SIZE,
                    "the workspace is smaller than smax_nccl_workspace_bytes");
    return SMAX_SUCCESS;
}

SMAX_API smax_status smax_nccl_softmax(smax_context ctx, ncclComm_t comm,
                                       const smax_problem *shard,
                                       smax_buffer x, size_t x_offset,
                                       smax_buffer y, size_t y_offset,
                                       smax_buffer ws, size_t ws_off)
{
    int nranks = 0, rank = 0;
    smax_buffer own = NULL;
    smax_status st =
        prepare(ctx, comm, shard, &nranks, &rank, &ws, &ws_off, &own);
    if (st != SMAX_SUCCESS || shard->rows == 0)
        return st;
    const size_t block = (size_t)shard->rows * 8;
    /* this rank's partials straight into its slot of the gathered array */
    st = smax_shard_partials(ctx, shard, x, x_offset, ws,
                             ws_off + (size_t)rank * block);
    if (st == SMAX_SUCCESS) {
        char *base = (char *)native_pointer(ws) + ws_off;
        const ncclResult_t r =
            ncclAllGather(base + (size_t)rank * block, base,
                          (size_t)shard->rows * 2, ncclFloat, comm,
                          native_stream(ctx));
        if (r != ncclSuccess)
            st = nccl_fail("ncclAllGather", r);
    }
    /* rank order, in place: the totals overwrite block 0 */
    if (st == SMAX_SUCCESS)
        st = smax_shard_merge(ctx, shard->rows, nranks, ws, ws_off, ws, ws_off);
    if (st == SMAX_SUCCESS)
        st = smax_shard_finish(ctx, shard, x, x_offset, ws, ws_off, y,
                               y_offset);
    smax_buffer_free(own);
    return st;
}

SMAX_API smax_status smax_nccl_softmax_backward(
    smax_context ctx, ncclComm_t comm, const smax_problem *shard,
    smax_buffer y, size_t y_offset, smax_buffer dy, size_t dy_offset,
    smax_buffer dx, size_t dx_offset, smax_buffer ws, size_t ws_off)
{
    int nranks = 0, rank = 0;
    smax_buffer own = NULL;
    smax_status st =
        prepare(ctx, comm, shard, &nranks, &rank, &ws, &ws_off, &own);
    if (st != SMAX_SUCCESS || shard->rows == 0)
        return st;
    st = smax_shard_backward_partials(ctx, shard, y, y_offset, dy, dy_offset,
                                      ws, ws_off);
    if (st == SMAX_SUCCESS) {
        float *sums = (float *)((char *)native_pointer(ws) + ws_off);
        const ncclResult_t r =
            ncclAllReduce(sums, sums, (size_t)shard->rows, ncclFloat, ncclSum,
                          comm, native_stream(ctx));
        if (r != ncclSuccess)
            st = nccl_fail("ncclAllReduce", r);
    }
    if (st == SMAX_SUCCESS)
        st = smax_shard_backward_finish(ctx, shard, y, y_offset, dy,
                                        dy_offset, ws, ws_off, dx, dx_offset);
    smax_buffer_free(own);
    return st;
}
