/* test_opencl_interop.c - a context on the application's own cl_context and
 * queue, and cl_mem wrapped without copying, give the reference result; the
 * application's objects outlive the smax context. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "smax/smax_opencl.h"
#include "smax_reference.h"
#include "smax_tolerance.h"

static int failures, passes;

static void check(int ok, const char *what)
{
    ok ? ++passes : ++failures;
    if (!ok)
        printf("FAIL: %s\n", what);
}

int main(void)
{
    cl_platform_id platform;
    cl_device_id device;
    cl_uint n = 0;
    if (clGetPlatformIDs(1, &platform, &n) != CL_SUCCESS || n == 0 ||
        clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL) !=
            CL_SUCCESS) {
        printf("skipped: no OpenCL device\n0 passed, 0 failed, 1 skipped\n");
        return 77;
    }
    cl_int err;
    cl_context cl_ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    cl_command_queue queue = clCreateCommandQueue(cl_ctx, device, 0, &err);
    enum { ROWS = 7, COLS = 1000 };
    static float x[ROWS * COLS], y[ROWS * COLS], ref[ROWS * COLS];
    for (int i = 0; i < ROWS * COLS; ++i)
        x[i] = (float)sin(0.37 * i) * 4.0f;
    cl_mem mx = clCreateBuffer(cl_ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                               sizeof x, x, &err);
    cl_mem my = clCreateBuffer(cl_ctx, CL_MEM_READ_WRITE, sizeof y, NULL, &err);

    smax_context ctx = NULL;
    check(smax_opencl_context_create(cl_ctx, queue, device, &ctx) ==
              SMAX_SUCCESS,
          "smax_opencl_context_create");
    check(smax_opencl_queue(ctx) == queue, "the context uses the given queue");
    smax_buffer bx = NULL, by = NULL;
    check(smax_opencl_buffer_wrap(ctx, mx, &bx) == SMAX_SUCCESS &&
              smax_buffer_size(bx) == sizeof x,
          "wrapping x keeps its size");
    check(smax_opencl_buffer_wrap(ctx, my, &by) == SMAX_SUCCESS &&
              smax_opencl_buffer_mem(by) == my,
          "wrapping y keeps the cl_mem");
    smax_problem p = smax_problem_make(ROWS, COLS);
    check(smax_softmax(ctx, &p, bx, 0, by, 0) == SMAX_SUCCESS, "smax_softmax");
    /* Read through the application's own queue: work was enqueued there. */
    check(clEnqueueReadBuffer(queue, my, CL_TRUE, 0, sizeof y, y, 0, NULL,
                              NULL) == CL_SUCCESS,
          "reading y through the application's queue");
    smax_reference(x, ROWS, COLS, COLS, ref, COLS, 0, 1.0f);
    smax_check_result res;
    check(smax_check_output(x, COLS, y, COLS, ref, COLS, ROWS, COLS, 0, 0, &res),
          "result against the float64 reference");
    check(smax_opencl_context_create(cl_ctx, queue, NULL, NULL) ==
              SMAX_ERROR_INVALID_POINTER,
          "NULL handles are refused");
    smax_buffer_free(bx);
    smax_buffer_free(by);
    smax_context_destroy(ctx);
    /* smax released only its own references. */
    check(clEnqueueWriteBuffer(queue, mx, CL_TRUE, 0, sizeof x, x, 0, NULL,
                               NULL) == CL_SUCCESS,
          "the application's queue and memory outlive the smax context");
    clReleaseMemObject(mx);
    clReleaseMemObject(my);
    clReleaseCommandQueue(queue);
    clReleaseContext(cl_ctx);
    printf("%d passed, %d failed\n", passes, failures);
    return failures != 0;
}
