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

SMAX_API smax_gpu_stream SMAX_GPU_API(stream)(smax_context ctx)
{
    return smax_context_valid(ctx) ? ctx->backend->stream : NULL;
}

SMAX_API void *SMAX_GPU_API(buffer_pointer)(smax_buffer buf)
{
    return smax_buffer_valid(buf) ? buf->mem.handle : NULL;
}
