/* interop.c - the interop headers' context creations: each names its
 * backend, so it chooses that plugin (or fails with NOT_SUPPORTED where
 * the process already runs another). The other interop calls take a
 * handle and are plain forwards (api.def); a plugin of another backend
 * answers them with its NOT_SUPPORTED stubs (common/interop_stubs.c). */
#include "loader.h"

typedef struct gpu_args {
    int device;
    void *stream;
} gpu_args;

static smax_status create_cuda(const smax_plugin *plugin, const void *args,
                               smax_context *out)
{
    const gpu_args *a = args;
    return plugin->fn.smax_cuda_context_create(a->device, a->stream, out);
}

static smax_status create_hip(const smax_plugin *plugin, const void *args,
                              smax_context *out)
{
    const gpu_args *a = args;
    return plugin->fn.smax_hip_context_create(a->device, a->stream, out);
}

SMAX_API smax_status smax_cuda_context_create(int device, void *stream,
                                              smax_context *out_context)
{
    if (out_context == NULL)
        return SMAX_ERROR_INVALID_POINTER;
    const gpu_args args = {device, stream};
    return smax_loader_create("cuda", create_cuda, &args, out_context);
}

SMAX_API smax_status smax_hip_context_create(int device, void *stream,
                                             smax_context *out_context)
{
    if (out_context == NULL)
        return SMAX_ERROR_INVALID_POINTER;
    const gpu_args args = {device, stream};
    return smax_loader_create("hip", create_hip, &args, out_context);
}

typedef struct cl_args {
    void *context, *queue, *device;
} cl_args;

static smax_status create_opencl(const smax_plugin *plugin, const void *args,
                                 smax_context *out)
{
    const cl_args *a = args;
    return plugin->fn.smax_opencl_context_create(a->context, a->queue,
                                                 a->device, out);
}

SMAX_API smax_status smax_opencl_context_create(void *context, void *queue,
                                                void *device,
                                                smax_context *out_context)
{
    if (out_context == NULL)
        return SMAX_ERROR_INVALID_POINTER;
    const cl_args args = {context, queue, device};
    return smax_loader_create("opencl", create_opencl, &args, out_context);
}
