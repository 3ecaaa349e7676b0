/* interop.c - smax contexts and buffers over native OpenCL objects. */
#include <stdlib.h>

#include "opencl_backend.h"
#include "smax/smax_opencl.h"

SMAX_API smax_status smax_opencl_context_create(cl_context context,
                                                cl_command_queue queue,
                                                cl_device_id device,
                                                smax_context *out_context)
{
    if (out_context == NULL || context == NULL || queue == NULL ||
        device == NULL)
        return SMAX_ERROR_INVALID_POINTER;
    struct smax_backend *be = calloc(1, sizeof *be);
    if (be == NULL)
        return SMAX_ERROR_OUT_OF_MEMORY;
    be->context = context;
    be->queue = queue;
    be->device = device;
    clRetainContext(context);
    clRetainCommandQueue(queue);
    return smax_context_adopt(be, smax_cl_init, out_context);
}

SMAX_API smax_status smax_opencl_buffer_wrap(smax_context ctx, cl_mem mem,
                                             smax_buffer *out_buffer)
{
    if (!smax_context_valid(ctx))
        return SMAX_ERROR_INVALID_HANDLE;
    if (mem == NULL)
        return smax_fail(ctx, SMAX_ERROR_INVALID_POINTER, "cl_mem is NULL");
    size_t bytes = 0;
    cl_int err = clGetMemObjectInfo(mem, CL_MEM_SIZE, sizeof bytes, &bytes,
                                    NULL);
    if (err != CL_SUCCESS)
        return smax_cl_fail(ctx, err, "clGetMemObjectInfo");
    return smax_buffer_wrap_native(ctx, mem, bytes, out_buffer);
}

SMAX_API smax_status smax_buffer_wrap_host(smax_context ctx, void *host_ptr,
                                           size_t bytes,
                                           smax_buffer *out_buffer)
{
    const smax_status checked = smax_wrap_check(ctx, host_ptr, bytes,
                                                out_buffer, "host memory");
    if (checked != SMAX_SUCCESS)
        return checked;
    if (bytes > ctx->info.max_alloc_bytes)
        return smax_fail(ctx, SMAX_ERROR_INVALID_SIZE,
                         "%zu bytes exceed the device's largest allocation "
                         "(%llu bytes)",
                         bytes, (unsigned long long)ctx->info.max_alloc_bytes);
    cl_int err;
    cl_mem mem = clCreateBuffer(ctx->backend->context,
                                CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, bytes,
                                host_ptr, &err);
    if (err != CL_SUCCESS)
        return smax_cl_fail(ctx, err, "clCreateBuffer(CL_MEM_USE_HOST_PTR)");
    smax_status st = smax_buffer_adopt_native(ctx, mem, bytes, out_buffer);
    if (st != SMAX_SUCCESS)
        clReleaseMemObject(mem);
    return st;
}

SMAX_API cl_command_queue smax_opencl_queue(smax_context ctx)
{
    return smax_context_valid(ctx) ? ctx->backend->queue : NULL;
}

SMAX_API cl_mem smax_opencl_buffer_mem(smax_buffer buf)
{
    return smax_buffer_valid(buf) ? (cl_mem)buf->mem.handle : NULL;
}
