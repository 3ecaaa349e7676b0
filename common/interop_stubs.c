/* interop_stubs.c - every build exports the same C symbols: the interop
 * entry points of the backends not built here answer NOT_SUPPORTED. Vendor
 * handle types are pointers, so void * stands in for them. */
#include "context.h"

#define NOT_THIS_BUILD(ctx, backend)                                          \
    smax_fail(ctx, SMAX_ERROR_NOT_SUPPORTED,                                  \
              "this libsmax is the " SMAX_BACKEND_NAME " build, not " backend)

/* smax_<gpu>_context_create, _buffer_wrap, _stream, _buffer_pointer. */
#define GPU_INTEROP_STUBS(prefix, backend)                                    \
    SMAX_API smax_status prefix##context_create(int device, void *stream,     \
                                                smax_context *out)            \
    {                                                                         \
        (void)device, (void)stream, (void)out;                                \
        return SMAX_ERROR_NOT_SUPPORTED;                                      \
    }                                                                         \
    SMAX_API smax_status prefix##buffer_wrap(smax_context ctx, void *ptr,     \
                                             size_t bytes, smax_buffer *out)  \
    {                                                                         \
        (void)ptr, (void)bytes, (void)out;                                    \
        return NOT_THIS_BUILD(ctx, backend);                                  \
    }                                                                         \
    SMAX_API void *prefix##stream(smax_context ctx)                           \
    {                                                                         \
        (void)ctx;                                                            \
        return NULL;                                                          \
    }                                                                         \
    SMAX_API void *prefix##buffer_pointer(smax_buffer buf)                    \
    {                                                                         \
        (void)buf;                                                            \
        return NULL;                                                          \
    }

#ifndef SMAX_BUILD_CUDA
GPU_INTEROP_STUBS(smax_cuda_, "cuda")
#endif
#ifndef SMAX_BUILD_HIP
GPU_INTEROP_STUBS(smax_hip_, "hip")
#endif

#ifndef SMAX_BUILD_OPENCL
SMAX_API smax_status smax_opencl_context_create(void *context, void *queue,
                                                void *device,
                                                smax_context *out)
{
    (void)context, (void)queue, (void)device, (void)out;
    return SMAX_ERROR_NOT_SUPPORTED;
}

SMAX_API smax_status smax_opencl_buffer_wrap(smax_context ctx, void *mem,
                                             smax_buffer *out)
{
    (void)mem, (void)out;
    return NOT_THIS_BUILD(ctx, "opencl");
}

SMAX_API void *smax_opencl_queue(smax_context ctx)
{
    (void)ctx;
    return NULL;
}

SMAX_API void *smax_opencl_buffer_mem(smax_buffer buf)
{
    (void)buf;
    return NULL;
}
#endif
