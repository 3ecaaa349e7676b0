/*
 * smax_opencl.h - interop between smax and native OpenCL objects.
 * Available in the OpenCL build of libsmax, and in the -DBACKEND=all build,
 * whose loader then runs the opencl plugin (smax.h: smax_context_create_on_backend).
 * Elsewhere, or in a process that already runs another plugin, the calls
 * answer SMAX_ERROR_NOT_SUPPORTED (NO_DEVICE where the plugin is missing).
 */
#ifndef SMAX_SMAX_OPENCL_H
#define SMAX_SMAX_OPENCL_H

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>

#include "smax/smax.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A context on the caller's OpenCL context, queue and device. smax retains
 * the three objects and releases them when the context is destroyed; work
 * is enqueued on `queue` (in-order queues only). */
SMAX_API smax_status smax_opencl_context_create(cl_context context,
                                                cl_command_queue queue,
                                                cl_device_id device,
                                                smax_context *out_context);

/* A buffer handle over the caller's cl_mem, without copying; its size is
 * queried. The cl_mem must belong to the context's OpenCL context and
 * outlive the handle; smax_buffer_free releases only the handle. */
SMAX_API smax_status smax_opencl_buffer_wrap(smax_context context, cl_mem mem,
                                             smax_buffer *out_buffer);

/* The native objects behind a context or buffer (not retained). */
SMAX_API cl_command_queue smax_opencl_queue(smax_context context);
SMAX_API cl_mem smax_opencl_buffer_mem(smax_buffer buffer);

#ifdef __cplusplus
}
#endif

#endif /* SMAX_SMAX_OPENCL_H */
