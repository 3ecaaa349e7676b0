/*
 * smax_hip.h - interop between smax and native HIP objects.
 * Available in the HIP build of libsmax, and in the -DBACKEND=all build,
 * whose loader then runs the hip plugin (smax.h: smax_context_create_on_backend).
 * Elsewhere, or in a process that already runs another plugin, the calls
 * answer SMAX_ERROR_NOT_SUPPORTED (NO_DEVICE where the plugin is missing).
 */
#ifndef SMAX_SMAX_HIP_H
#define SMAX_SMAX_HIP_H

#include <hip/hip_runtime_api.h>

#include "smax/smax.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A context on `device` whose work is enqueued on the caller's `stream`
 * (0 for the legacy default stream). The stream must outlive the context. */
SMAX_API smax_status smax_hip_context_create(int device, hipStream_t stream,
                                              smax_context *out_context);

/* A buffer handle over `bytes` of device memory at device_ptr (hipMalloc,
 * a framework's tensor, ...), without copying. The memory must outlive the
 * handle; smax_buffer_free releases only the handle. */
SMAX_API smax_status smax_hip_buffer_wrap(smax_context context,
                                           void *device_ptr, size_t bytes,
                                           smax_buffer *out_buffer);

/* The native objects behind a context or buffer. */
SMAX_API hipStream_t smax_hip_stream(smax_context context);
SMAX_API void *smax_hip_buffer_pointer(smax_buffer buffer);

#ifdef __cplusplus
}
#endif

#endif /* SMAX_SMAX_HIP_H */
