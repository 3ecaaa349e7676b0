/* opencl_backend.c - contexts, memory and launches on OpenCL. */
#include <stdlib.h>
#include <string.h>

#include "opencl_backend.h"
#include "fault.h"

static void release_all(struct smax_backend *be)
{
    for (int pair = 0; pair < SMAX_PAIR_COUNT; ++pair)
        smax_cl_release_pair(be, pair);
    if (be->queue != NULL)
        clReleaseCommandQueue(be->queue);
    if (be->context != NULL)
        clReleaseContext(be->context);
    free(be);
}

smax_status smax_backend_create_default(smax_context ctx)
{
    struct smax_backend *be = calloc(1, sizeof *be);
    if (be == NULL)
        return SMAX_ERROR_OUT_OF_MEMORY;
    ctx->backend = be;
    smax_status st = smax_cl_pick_device(ctx, &be->device);
    cl_int err = CL_SUCCESS;
    if (st == SMAX_SUCCESS) {
        be->context = clCreateContext(NULL, 1, &be->device, NULL, NULL, &err);
        if (err != CL_SUCCESS)
            st = smax_cl_fail(ctx, err, "clCreateContext");
    }
    if (st == SMAX_SUCCESS) {
        be->queue = clCreateCommandQueue(be->context, be->device, 0, &err);
        if (err != CL_SUCCESS)
            st = smax_cl_fail(ctx, err, "clCreateCommandQueue");
    }
    if (st == SMAX_SUCCESS)
        st = smax_cl_init(ctx);
    if (st != SMAX_SUCCESS) {
        release_all(be);
        ctx->backend = NULL;
    }
    return st;
}

void smax_backend_destroy(smax_context ctx)
{
    if (ctx->backend == NULL)
        return;
    clFinish(ctx->backend->queue);
    release_all(ctx->backend);
    ctx->backend = NULL;
}

smax_status smax_backend_synchronize(smax_context ctx)
{
    cl_int err = clFinish(ctx->backend->queue);
    return err == CL_SUCCESS ? SMAX_SUCCESS : smax_cl_fail(ctx, err, "clFinish");
}

smax_status smax_backend_alloc(smax_context ctx, size_t bytes,
                               smax_native_mem *out)
{
    SMAX_FAULT_POINT(ctx, SMAX_FAULT_ALLOC);
    cl_int err;
    cl_mem m = clCreateBuffer(ctx->backend->context, CL_MEM_READ_WRITE, bytes,
                              NULL, &err);
    if (err != CL_SUCCESS)
        return smax_cl_fail(ctx, err, "clCreateBuffer");
    out->handle = m;
    return SMAX_SUCCESS;
}

void smax_backend_free(smax_context ctx, smax_native_mem mem)
{
    cl_mem m = (cl_mem)mem.handle;
    /* A wrapped host buffer (smax_buffer_wrap_host): OpenCL may have cached
     * its contents on the device, and a blocking map is the defined point
     * where host_ptr holds them again (on CPU devices it copies nothing).
     * smax's own buffers never use CL_MEM_USE_HOST_PTR. */
    cl_mem_flags flags = 0;
    if (clGetMemObjectInfo(m, CL_MEM_FLAGS, sizeof flags, &flags, NULL) ==
            CL_SUCCESS &&
        (flags & CL_MEM_USE_HOST_PTR)) {
        size_t bytes = 0;
        clGetMemObjectInfo(m, CL_MEM_SIZE, sizeof bytes, &bytes, NULL);
        cl_int err;
        void *p = clEnqueueMapBuffer(ctx->backend->queue, m, CL_TRUE,
                                     CL_MAP_READ, 0, bytes, 0, NULL, NULL,
                                     &err);
        if (err == CL_SUCCESS)
            err = clEnqueueUnmapMemObject(ctx->backend->queue, m, p, 0, NULL,
                                          NULL);
        if (err == CL_SUCCESS)
            err = clFinish(ctx->backend->queue);
        if (err != CL_SUCCESS)
            smax_cl_fail(ctx, err, "mapping a host buffer back before its release");
    }
    clReleaseMemObject(m);
}

smax_status smax_backend_write(smax_context ctx, smax_native_mem dst,
                               size_t dst_offset, const void *src,
                               size_t bytes)
{
    SMAX_FAULT_POINT(ctx, SMAX_FAULT_TRANSFER);
    cl_int err = clEnqueueWriteBuffer(ctx->backend->queue, (cl_mem)dst.handle,
                                      CL_TRUE, dst_offset, bytes, src, 0, NULL,
                                      NULL);
    return err == CL_SUCCESS ? SMAX_SUCCESS
                             : smax_cl_fail(ctx, err, "clEnqueueWriteBuffer");
}

smax_status smax_backend_read(smax_context ctx, smax_native_mem src,
                              size_t src_offset, void *dst, size_t bytes)
{
    SMAX_FAULT_POINT(ctx, SMAX_FAULT_TRANSFER);
    cl_int err = clEnqueueReadBuffer(ctx->backend->queue, (cl_mem)src.handle,
                                     CL_TRUE, src_offset, bytes, dst, 0, NULL,
                                     NULL);
    return err == CL_SUCCESS ? SMAX_SUCCESS
                             : smax_cl_fail(ctx, err, "clEnqueueReadBuffer");
}

smax_status smax_backend_copy(smax_context ctx, smax_native_mem dst,
                              size_t dst_offset, smax_native_mem src,
                              size_t src_offset, size_t bytes)
{
    SMAX_FAULT_POINT(ctx, SMAX_FAULT_TRANSFER);
    cl_int err = clEnqueueCopyBuffer(ctx->backend->queue, (cl_mem)src.handle,
                                     (cl_mem)dst.handle, src_offset,
                                     dst_offset, bytes, 0, NULL, NULL);
    return err == CL_SUCCESS ? SMAX_SUCCESS
                             : smax_cl_fail(ctx, err, "clEnqueueCopyBuffer");
}

smax_status smax_backend_zero(smax_context ctx, smax_native_mem mem,
                              size_t dst_offset, size_t bytes)
{
    SMAX_FAULT_POINT(ctx, SMAX_FAULT_LAUNCH);
    const cl_uint zero = 0;
    cl_int err = clEnqueueFillBuffer(ctx->backend->queue, (cl_mem)mem.handle,
                                     &zero, sizeof zero, dst_offset, bytes, 0,
                                     NULL, NULL);
    return err == CL_SUCCESS ? SMAX_SUCCESS
                             : smax_cl_fail(ctx, err, "clEnqueueFillBuffer");
}

smax_status smax_backend_launch(smax_context ctx, smax_kernel_id kernel,
                                int pair, int64_t groups, int group_size,
                                size_t local_bytes, size_t unit_local,
                                const smax_arg *args, int nargs)
{
    (void)unit_local; /* OpenCL has no say in a unit's cache split */
    SMAX_FAULT_POINT(ctx, SMAX_FAULT_LAUNCH);
    cl_kernel k;
    smax_status st = smax_cl_kernel(ctx, pair, kernel, &k);
    if (st != SMAX_SUCCESS)
        return st;
    cl_int err = CL_SUCCESS;
    for (int i = 0; i < nargs && err == CL_SUCCESS; ++i) {
        const smax_arg *a = &args[i];
        cl_mem m = (cl_mem)a->v.mem.handle;
        cl_long l = a->v.i64;
        cl_int n = a->v.i32;
        cl_float f = a->v.f32;
        switch (a->kind) {
        case SMAX_ARG_MEM: err = clSetKernelArg(k, i, sizeof m, &m); break;
        case SMAX_ARG_I64: err = clSetKernelArg(k, i, sizeof l, &l); break;
        case SMAX_ARG_I32: err = clSetKernelArg(k, i, sizeof n, &n); break;
        case SMAX_ARG_F32: err = clSetKernelArg(k, i, sizeof f, &f); break;
        }
    }
    if (err == CL_SUCCESS && local_bytes > 0)
        err = clSetKernelArg(k, nargs, local_bytes, NULL);
    if (err != CL_SUCCESS)
        return smax_cl_fail(ctx, err, smax_kernel_names[kernel]);
    size_t local = (size_t)group_size;
    size_t global = (size_t)groups * local;
    err = clEnqueueNDRangeKernel(ctx->backend->queue, k, 1, NULL, &global,
                                 &local, 0, NULL, NULL);
    if (err != CL_SUCCESS)
        return smax_cl_fail(ctx, err, smax_kernel_names[kernel]);
    return SMAX_SUCCESS;
}

/* The kernel's own limit where it is more than every kernel's (the
 * re-read kernels on NVIDIA: opencl_init.c). The pair's kernels are built
 * here if they were not yet, as its launch would. */
int smax_backend_max_group(smax_context ctx, smax_kernel_id kernel, int pair)
{
    cl_kernel *kernels;
    const int every = (int)ctx->info.max_group_size;
    if (smax_cl_pair_kernels(ctx, pair, &kernels) != SMAX_SUCCESS)
        return every;
    const int own = (int)ctx->backend->max_groups[pair][kernel];
    return own > every ? own : every;
}

/* OpenCL has no occupancy query. */
int smax_backend_unit_groups(smax_context ctx, smax_kernel_id kernel, int pair,
                             int group_size)
{
    (void)ctx, (void)kernel, (void)pair, (void)group_size;
    return 0;
}

/* OpenCL has no thread-block clusters (traits.max_cluster stays 0). */
int smax_backend_max_clusters(smax_context ctx, smax_kernel_id kernel,
                              int pair, int cluster, int group_size,
                              size_t local_bytes)
{
    (void)ctx, (void)kernel, (void)pair, (void)cluster, (void)group_size,
        (void)local_bytes;
    return 0;
}

smax_status smax_backend_launch_clusters(smax_context ctx,
                                         smax_kernel_id kernel, int pair,
                                         int64_t groups, int cluster,
                                         int group_size, size_t local_bytes,
                                         const smax_arg *args, int nargs)
{
    (void)pair, (void)groups, (void)cluster, (void)group_size,
        (void)local_bytes, (void)args, (void)nargs;
    return smax_fail(ctx, SMAX_ERROR_NOT_SUPPORTED,
                     "%s: OpenCL has no thread-block clusters",
                     smax_kernel_names[kernel]);
}
