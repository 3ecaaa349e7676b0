/* test_host_wrap.c - smax_buffer_wrap_host: the OpenCL build computes on the
 * caller's host memory and leaves the result there once the buffer is freed
 * (in place too, and at a byte offset inside the wrapped range); bad
 * arguments are refused without a buffer. The CUDA and HIP builds refuse
 * host memory with SMAX_ERROR_NOT_SUPPORTED and a reason. This is the call
 * the Python package uses for CPU (numpy) arrays. */
#include <stdlib.h>
#include <string.h>

#include "smax_reference.h"
#include "smax_test_context.h"
#include "smax_tolerance.h"

static int failures;

enum { ROWS = 5, COLS = 300, STRIDE = 320, PAD = 64 };

int main(void)
{
    smax_context ctx;
    int rc = smax_test_context(&ctx);
    if (rc != 0)
        return rc;
    /* 128-byte aligned, as the Python package hands it over. */
    float *x = aligned_alloc(128, sizeof(float) * ROWS * STRIDE);
    float *y = aligned_alloc(128, sizeof(float) * (PAD + ROWS * STRIDE));
    float *ref = malloc(sizeof(float) * ROWS * COLS);
    for (int i = 0; i < ROWS * STRIDE; ++i)
        x[i] = (float)((i * 37) % 101) / 9.0f - 5.0f;
    for (int i = 0; i < PAD + ROWS * STRIDE; ++i)
        y[i] = -7.0f; /* canaries between and before the rows */
    const size_t xbytes = sizeof(float) * ROWS * STRIDE;
    const size_t ybytes = sizeof(float) * (PAD + ROWS * STRIDE);

    smax_buffer bx = NULL, by = NULL;
    smax_status st = smax_buffer_wrap_host(ctx, x, xbytes, &bx);
    if (strcmp(smax_backend_name(), "opencl") != 0) {
        SMAX_CHECK(st == SMAX_ERROR_NOT_SUPPORTED && bx == NULL &&
                       smax_last_error(ctx)[0] != '\0',
                   "a GPU build refuses host memory: %s",
                   smax_status_string(st));
        smax_context_destroy(ctx);
        printf("%s\n", failures ? "FAILED" : "passed (host memory refused)");
        return failures != 0;
    }
    SMAX_CHECK(st == SMAX_SUCCESS && smax_buffer_size(bx) == xbytes,
               "wrapping x: %s", smax_last_error(ctx));
    SMAX_CHECK(smax_buffer_wrap_host(ctx, y, ybytes, &by) == SMAX_SUCCESS,
               "wrapping y: %s", smax_last_error(ctx));

    smax_problem p = smax_problem_make(ROWS, COLS);
    p.x_row_stride = p.y_row_stride = STRIDE;
    SMAX_CHECK(smax_softmax(ctx, &p, bx, 0, by, PAD * sizeof(float)) ==
                   SMAX_SUCCESS,
               "softmax: %s", smax_last_error(ctx));
    SMAX_CHECK(smax_buffer_free(by) == SMAX_SUCCESS, "free y");
    smax_reference(x, ROWS, COLS, STRIDE, ref, COLS, 0, 1.0f);
    smax_check_result res;
    SMAX_CHECK(smax_check_output(x, STRIDE, y + PAD, STRIDE, ref, COLS, ROWS,
                                 COLS, 0, 0, &res),
               "the result is in host memory after smax_buffer_free");
    int canaries = 1;
    for (int i = 0; i < PAD; ++i)
        canaries &= y[i] == -7.0f;
    for (int r = 0; r < ROWS; ++r)
        for (int c = COLS; c < STRIDE; ++c)
            canaries &= y[PAD + r * STRIDE + c] == -7.0f;
    SMAX_CHECK(canaries, "bytes outside the rows are untouched");

    /* In place on host memory: x becomes log-softmax(x). */
    p.flags = SMAX_FLAG_LOG;
    smax_reference(x, ROWS, COLS, STRIDE, ref, COLS, SMAX_FLAG_LOG, 1.0f);
    float *x0 = malloc(xbytes);
    memcpy(x0, x, xbytes);
    SMAX_CHECK(smax_softmax(ctx, &p, bx, 0, bx, 0) == SMAX_SUCCESS,
               "in place: %s", smax_last_error(ctx));
    SMAX_CHECK(smax_buffer_free(bx) == SMAX_SUCCESS, "free x");
    SMAX_CHECK(smax_check_output(x0, STRIDE, x, STRIDE, ref, COLS, ROWS, COLS,
                                 SMAX_FLAG_LOG, 0, &res),
               "the in-place log-softmax is in host memory");

    /* Refusals leave *out NULL and say why. */
    smax_buffer b = (smax_buffer)1;
    SMAX_CHECK(smax_buffer_wrap_host(ctx, NULL, 16, &b) ==
                   SMAX_ERROR_INVALID_POINTER && b == (smax_buffer)1,
               "NULL host memory");
    SMAX_CHECK(smax_buffer_wrap_host(ctx, x, 0, &b) == SMAX_ERROR_INVALID_SIZE &&
                   b == NULL,
               "zero bytes");
    SMAX_CHECK(smax_buffer_wrap_host(ctx, x, 16, NULL) ==
                   SMAX_ERROR_INVALID_POINTER,
               "NULL out_buffer");
    SMAX_CHECK(smax_buffer_wrap_host(NULL, x, 16, &b) ==
                   SMAX_ERROR_INVALID_HANDLE,
               "NULL context");

    smax_context_destroy(ctx);
    free(x);
    free(y);
    free(x0);
    free(ref);
    printf("%s\n", failures ? "FAILED" : "passed");
    return failures != 0;
}
