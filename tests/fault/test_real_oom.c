/*
 * test_real_oom.c - a real out-of-memory on a GPU (issue 10 item 4; the
 * injected failures of test_faults.c cover every other point). The test
 * fills the device through smax_buffer_alloc until the device refuses,
 * then makes a call that must grow the context's multi-block scratch:
 *   - the refused allocations answer SMAX_ERROR_OUT_OF_MEMORY and leave
 *     *out_buffer NULL;
 *   - the call answers SMAX_ERROR_OUT_OF_MEMORY with a detail, and y (a
 *     canary) is untouched;
 *   - once the filler is freed, the same call on the same context runs
 *     and is right (float64 reference, THE rule).
 * Built for CUDA and HIP only: on a CPU device (PoCL) filling the device
 * means filling the host. Exit 0 passed, 1 failed, 77 no device.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smax/smax.h"
#include "smax_half.h"
#include "smax_test_context.h"
#include "smax_tolerance.h"

#define ROWS 65536
#define COLS 4096
#define CANARY 0x7fa5a5a5u
#define MAX_FILLERS 4096

static int failures;

static smax_status run(smax_context ctx, smax_buffer x, smax_buffer y,
                       int64_t rows)
{
    smax_problem p;
    smax_problem_init(&p, sizeof p, rows, COLS);
    p.algorithm = SMAX_ALGO_MULTIBLOCK;
    return smax_softmax(ctx, &p, x, 0, y, 0);
}

/* Allocates until the device refuses, from 1 GiB halving down to 256
 * bytes, so that no block of any size is left. Returns the count. */
static int fill_device(smax_context ctx, smax_buffer *fillers, int *refusals)
{
    int n = 0;
    for (size_t bytes = (size_t)1 << 30; bytes >= 256; bytes /= 2) {
        for (;;) {
            if (n == MAX_FILLERS)
                return n;
            smax_buffer b = (smax_buffer)&n; /* must come back NULL */
            const smax_status st = smax_buffer_alloc(ctx, bytes, &b);
            if (st == SMAX_SUCCESS) {
                fillers[n++] = b;
                continue;
            }
            (*refusals)++;
            SMAX_CHECK(st == SMAX_ERROR_OUT_OF_MEMORY,
                       "a refused %zu-byte allocation: %s (%s)", bytes,
                       smax_status_string(st), smax_last_error(ctx));
            SMAX_CHECK(b == NULL, "a refused allocation left *out set");
            break;
        }
    }
    return n;
}

int main(void)
{
    smax_context ctx;
    const int start = smax_test_context(&ctx);
    if (start != 0)
        return start;

    const size_t elems = (size_t)ROWS * COLS;
    float *hx = malloc(elems * sizeof *hx);
    uint32_t *hy = malloc(elems * sizeof *hy);
    smax_buffer *fillers = calloc(MAX_FILLERS, sizeof *fillers);
    smax_buffer x = NULL, y = NULL;
    if (hx == NULL || hy == NULL || fillers == NULL)
        return fprintf(stderr, "host memory\n"), 1;
    for (size_t i = 0; i < elems; i++)
        hx[i] = (float)((i * 2654435761u) % 2000u) / 100.0f - 10.0f;
    for (size_t i = 0; i < elems; i++)
        hy[i] = CANARY;
    SMAX_CHECK(smax_buffer_alloc(ctx, elems * 4, &x) == SMAX_SUCCESS, "x");
    SMAX_CHECK(smax_buffer_alloc(ctx, elems * 4, &y) == SMAX_SUCCESS, "y");
    if (failures)
        return 1;
    SMAX_CHECK(smax_buffer_write(ctx, x, 0, hx, elems * 4) == SMAX_SUCCESS, "write x");
    /* The full call must need more scratch than the warm-up leaves. */
    smax_problem p;
    smax_plan_info small, full;
    smax_problem_init(&p, sizeof p, 1, COLS);
    p.algorithm = SMAX_ALGO_MULTIBLOCK;
    SMAX_CHECK(smax_plan(ctx, &p, &small) == SMAX_SUCCESS, "plan");
    p.rows = ROWS;
    SMAX_CHECK(smax_plan(ctx, &p, &full) == SMAX_SUCCESS, "plan");
    SMAX_CHECK(full.scratch_bytes > small.scratch_bytes,
               "scratch %zu vs %zu: the call would allocate nothing",
               (size_t)full.scratch_bytes, (size_t)small.scratch_bytes);
    /* One small multi-block call first, so that the kernels are loaded and
     * the scratch exists but is too small for the full problem. */
    SMAX_CHECK(run(ctx, x, y, 1) == SMAX_SUCCESS, "warm-up: %s", smax_last_error(ctx));
    SMAX_CHECK(smax_synchronize(ctx) == SMAX_SUCCESS, "sync");
    SMAX_CHECK(smax_buffer_write(ctx, y, 0, hy, elems * 4) == SMAX_SUCCESS, "write y");

    int refusals = 0;
    const int n = fill_device(ctx, fillers, &refusals);
    SMAX_CHECK(refusals > 0, "the device never refused (%d fillers)", n);
    printf("device filled: %d buffers, %d refusals\n", n, refusals);

    const smax_status st = run(ctx, x, y, ROWS);
    SMAX_CHECK(st == SMAX_ERROR_OUT_OF_MEMORY,
               "the call on a full device: %s (%s)", smax_status_string(st),
               smax_last_error(ctx));
    printf("call on a full device: %s: %s\n", smax_status_string(st),
           smax_last_error(ctx));
    for (int i = 0; i < n; i++)
        smax_buffer_free(fillers[i]);

    memset(hy, 0, elems * sizeof *hy);
    SMAX_CHECK(smax_buffer_read(ctx, y, 0, hy, elems * 4) == SMAX_SUCCESS, "read y");
    size_t touched = 0;
    for (size_t i = 0; i < elems; i++)
        touched += hy[i] != CANARY;
    SMAX_CHECK(touched == 0, "%zu canaries of y overwritten by a failed call", touched);

    SMAX_CHECK(run(ctx, x, y, ROWS) == SMAX_SUCCESS, "after freeing: %s",
               smax_last_error(ctx));
    SMAX_CHECK(smax_buffer_read(ctx, y, 0, hy, elems * 4) == SMAX_SUCCESS, "read y");
    smax_check_result r;
    SMAX_CHECK(smax_check_any(0, hx, NULL, ROWS, COLS, 0, 1.0f, SMAX_FMT_F32,
                              hy, (int)full.merge_levels, &r),
               "after freeing: %s", r.message);

    smax_buffer_free(x);
    smax_buffer_free(y);
    smax_context_destroy(ctx);
    free(hx);
    free(hy);
    free(fillers);
    printf("real out-of-memory: %s (%d failures)\n",
           failures ? "FAILED" : "passed", failures);
    return failures ? 1 : 0;
}
