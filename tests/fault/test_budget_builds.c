/*
 * test_budget_builds.c - the OpenCL backend builds a kernel's register
 * budget program (backends/opencl/opencl_init.c) on that kernel's first
 * launch, not with its dtype pair: each is a build of the whole kernel
 * source, 13-35 s on NVIDIA's OpenCL with a cold driver cache, which a
 * call that never runs the kernel should not wait for. Program builds are
 * counted by common/fault.h (injection builds only); CPU devices have
 * budget programs only under SMAX_TEST_BUDGET=1 and plan the one-launch
 * kernels only under SMAX_TEST_CPU_COOPERATIVE=1, both set here before the
 * context is made. What a failed build leaves (nothing written, the
 * context usable) is test_faults' matrix, run under the same switches.
 * Exit 0 passed, 1 failed, 77 no device.
 */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fault.h"
#include "smax/smax.h"
#include "smax_half.h"
#include "smax_test_context.h"
#include "smax_tolerance.h"

static int failures;

/* softmax of rows x cols f32 (forced algorithm `algo`) checked against the
 * reference; its plan's reason in `reason` */
static void run(smax_context ctx, int64_t rows, int64_t cols,
                smax_algorithm algo, char *reason, size_t reason_len)
{
    smax_problem p = smax_problem_make(rows, cols);
    p.algorithm = algo;
    const size_t n = (size_t)(rows * cols);
    float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    smax_buffer dx = NULL, dy = NULL;
    smax_plan_info info;
    smax_check_result r;
    SMAX_CHECK(x != NULL && y != NULL, "host allocation");
    if (x == NULL || y == NULL)
        goto done;
    for (size_t i = 0; i < n; ++i)
        x[i] = (float)((int)(i * 7919 % 2001) - 1000) / 250.0f;
    smax_status st;
    (void)((st = smax_buffer_alloc(ctx, n * sizeof *x, &dx)) ||
           (st = smax_buffer_alloc(ctx, n * sizeof *y, &dy)) ||
           (st = smax_buffer_write(ctx, dx, 0, x, n * sizeof *x)) ||
           (st = smax_plan(ctx, &p, &info)) ||
           (st = smax_softmax(ctx, &p, dx, 0, dy, 0)) ||
           (st = smax_buffer_read(ctx, dy, 0, y, n * sizeof *y)));
    SMAX_CHECK(st == SMAX_SUCCESS, "%lld x %lld: %s (%s)", (long long)rows,
               (long long)cols, smax_status_string(st), smax_last_error(ctx));
    if (st == SMAX_SUCCESS) {
        snprintf(reason, reason_len, "%s", info.reason);
        SMAX_CHECK(smax_check_any(0, x, NULL, rows, cols, 0, 1.0f,
                                  SMAX_FMT_F32, y, (int)info.merge_levels,
                                  &r),
                   "%lld x %lld: wrong result", (long long)rows,
                   (long long)cols);
    }
done:
    smax_buffer_free(dx);
    smax_buffer_free(dy);
    free(x);
    free(y);
}

int main(void)
{
    setenv("SMAX_TEST_BUDGET", "1", 1);
    setenv("SMAX_TEST_CPU_COOPERATIVE", "1", 1);
    smax_fault_arm(SMAX_FAULT_BUILD, 0);
    smax_context ctx;
    const int made = smax_test_context(&ctx);
    if (made != 0)
        return made;
    char reason[160] = "";
    /* the f32 pair's program, made with the context */
    SMAX_CHECK(smax_fault_calls(SMAX_FAULT_BUILD) == 1,
               "context: %lld builds, want 1",
               (long long)smax_fault_calls(SMAX_FAULT_BUILD));
    /* short rows run no budgeted kernel of f32 x */
    run(ctx, 3, 1000, SMAX_ALGO_AUTO, reason, sizeof reason);
    SMAX_CHECK(smax_fault_calls(SMAX_FAULT_BUILD) == 1,
               "3 x 1000 (%s): %lld builds, want 1", reason,
               (long long)smax_fault_calls(SMAX_FAULT_BUILD));
    /* a one-launch multi-block row runs one (the exchange or the
     * re-read): its program is built now, and once */
    for (int round = 1; round <= 2; ++round) {
        run(ctx, 2, 70000, SMAX_ALGO_MULTIBLOCK, reason, sizeof reason);
        SMAX_CHECK(strstr(reason, "one launch") != NULL,
                   "2 x 70000 is not a one-launch plan: %s", reason);
        SMAX_CHECK(smax_fault_calls(SMAX_FAULT_BUILD) == 2,
                   "2 x 70000, call %d (%s): %lld builds, want 2", round,
                   reason, (long long)smax_fault_calls(SMAX_FAULT_BUILD));
    }
    smax_context_destroy(ctx);
    printf("%s\n", failures ? "FAILED" : "passed");
    return failures ? 1 : 0;
}
