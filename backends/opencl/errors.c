/* errors.c - OpenCL error names and their mapping to smax statuses. */
#include "opencl_backend.h"

const char *smax_cl_error_string(cl_int err)
{
    switch (err) {
#define CASE(e) case e: return #e
    CASE(CL_SUCCESS);
    CASE(CL_DEVICE_NOT_FOUND);
    CASE(CL_DEVICE_NOT_AVAILABLE);
    CASE(CL_COMPILER_NOT_AVAILABLE);
    CASE(CL_MEM_OBJECT_ALLOCATION_FAILURE);
    CASE(CL_OUT_OF_RESOURCES);
    CASE(CL_OUT_OF_HOST_MEMORY);
    CASE(CL_BUILD_PROGRAM_FAILURE);
    CASE(CL_MISALIGNED_SUB_BUFFER_OFFSET);
    CASE(CL_INVALID_VALUE);
    CASE(CL_INVALID_DEVICE);
    CASE(CL_INVALID_CONTEXT);
    CASE(CL_INVALID_COMMAND_QUEUE);
    CASE(CL_INVALID_MEM_OBJECT);
    CASE(CL_INVALID_PROGRAM);
    CASE(CL_INVALID_PROGRAM_EXECUTABLE);
    CASE(CL_INVALID_KERNEL_NAME);
    CASE(CL_INVALID_KERNEL);
    CASE(CL_INVALID_ARG_INDEX);
    CASE(CL_INVALID_ARG_VALUE);
    CASE(CL_INVALID_ARG_SIZE);
    CASE(CL_INVALID_KERNEL_ARGS);
    CASE(CL_INVALID_WORK_DIMENSION);
    CASE(CL_INVALID_WORK_GROUP_SIZE);
    CASE(CL_INVALID_WORK_ITEM_SIZE);
    CASE(CL_INVALID_GLOBAL_OFFSET);
    CASE(CL_INVALID_BUFFER_SIZE);
    CASE(CL_INVALID_BUILD_OPTIONS);
    CASE(CL_INVALID_GLOBAL_WORK_SIZE);
    CASE(CL_INVALID_OPERATION);
#undef CASE
    default: return "unknown OpenCL error";
    }
}

smax_status smax_cl_fail(smax_context ctx, cl_int err, const char *what)
{
    smax_status st = SMAX_ERROR_BACKEND;
    if (err == CL_MEM_OBJECT_ALLOCATION_FAILURE ||
        err == CL_OUT_OF_RESOURCES || err == CL_OUT_OF_HOST_MEMORY)
        st = SMAX_ERROR_OUT_OF_MEMORY;
    if (err == CL_DEVICE_NOT_FOUND)
        st = SMAX_ERROR_NO_DEVICE;
    return smax_fail(ctx, st, "%s: %s (%d)", what, smax_cl_error_string(err),
                     (int)err);
}
