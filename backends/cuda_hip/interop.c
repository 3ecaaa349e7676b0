/* interop.c - smax contexts and buffers over native CUDA or HIP objects
 * (smax_cuda_* or smax_hip_*, named by gpu_runtime.h). */
#include <stdlib.h>

#include "gpu_backend.h"

SMAX_API smax_status SMAX_GPU_API(context_create)(int device,
                                                  smax_gpu_stream stream,
                                                  smax_context *out_context)
{
    if (out_context == NULL)
        return SMAX_ERROR_INVALID_POINTER;
    struct smax_backend *be = calloc(1, sizeof *be);
    if (be == NULL)
        return SMAX_ERROR_OUT_OF_MEMORY;
    be->device = device;
    be->stream = stream; /* the caller's; 0 is the legacy default stream */
    return smax_context_adopt(be, smax_gpu_init, out_context);
}

SMAX_API smax_status SMAX_GPU_API(buffer_wrap)(smax_context ctx,
                                               void *device_ptr, size_t bytes,
                                               smax_buffer *out_buffer)
{
    return smax_buffer_wrap_native(ctx, device_ptr, bytes, out_buffer);
}

/* The kernels take device memory; host memory would need registering and
 * would then be read over the bus, which no caller of a GPU build wants
 * silently. */
SMAX_API smax_status smax_buffer_wrap_host(smax_context ctx, void *host_ptr,
                                           size_t bytes,
                                           smax_buffer *out_buffer)
{
    (void)host_ptr, (void)bytes;
    if (!smax_context_valid(ctx))
        return SMAX_ERROR_INVALID_HANDLE;
    if (out_buffer != NULL)
        *out_buffer = NULL;
    return smax_fail(ctx, SMAX_ERROR_NOT_SUPPORTED,
                     "the " SMAX_BACKEND_NAME " build of libsmax takes device "
                     "memory only; copy host data with smax_buffer_write");
}

SMAX_API smax_gpu_stream SMAX_GPU_API(stream)(smax_context ctx)
{
    return smax_context_valid(ctx) ? ctx->backend->stream : NULL;
}

SMAX_API void *SMAX_GPU_API(buffer_pointer)(smax_buffer buf)
{
    return smax_buffer_valid(buf) ? buf->mem.handle : NULL;
}
