/*
 * test_workspace.c - smax_context_set_workspace (smax.h, "Workspace"):
 *
 *   1. With a workspace of exactly the largest smax_plan_info.scratch_bytes
 *      of the problems, every algorithm forward and backward (multi-block
 *      in separate launches and, with SMAX_TEST_CPU_COOPERATIVE on CPU
 *      devices, in one launch) gives results that pass the tolerance rule,
 *      the plans interleaved so that each finds the workspace as another
 *      plan left it. In fault-injection builds the calls are also counted:
 *      no allocation and no host transfer inside any of them.
 *   2. A workspace one word short of a plan's need: SMAX_ERROR_INVALID_SIZE
 *      and the output untouched; an unaligned operand offset:
 *      SMAX_ERROR_NOT_SUPPORTED, untouched.
 *   3. The arguments of smax_context_set_workspace, and going back to the
 *      context's own areas.
 * Exit 0 passed, 1 failed, 77 no device.
 */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smax/smax.h"
#include "smax_half.h"
#include "smax_reference.h"
#include "smax_test_context.h"
#include "smax_tolerance.h"
#if defined(SMAX_FAULT_INJECTION)
#include "fault.h"
#endif

static int failures;
/* Set while the context has a workspace: no call may allocate or move
 * bytes through the host (counted in fault-injection builds). */
static int workspace_set;


typedef struct kase {
    int64_t rows, cols;
    smax_algorithm algorithm;
    int backward;
} kase;

static kase cases[] = {
    {3, 1000, SMAX_ALGO_FUSED, 0},     {2, 70000, SMAX_ALGO_MULTIBLOCK, 0},
    {3, 1000, SMAX_ALGO_ONLINE, 0},    {1, 300000, SMAX_ALGO_MULTIBLOCK, 0},
    {2, 70000, SMAX_ALGO_MULTIBLOCK, 1}, {5, 3000, SMAX_ALGO_AUTO, 1},
    {2, 200000, SMAX_ALGO_MULTIBLOCK, 1}, {4, 4096, SMAX_ALGO_AUTO, 0},
    /* a merge launch between the phases: the length is the device's
     * (two_level_cols; 2^22 on PoCL, longer on GPUs, whose merges fold
     * more partials per item) */
    {1, 0, SMAX_ALGO_MULTIBLOCK, 0},
};
#define N_CASES (int)(sizeof cases / sizeof cases[0])

static smax_problem problem_of(const kase *k)
{
    smax_problem p = smax_problem_make(k->rows, k->cols);
    p.algorithm = k->algorithm;
    return p;
}

static uint64_t need_of(smax_context ctx, const kase *k)
{
    smax_problem p = problem_of(k);
    smax_plan_info info;
    const smax_status st = (k->backward ? smax_plan_backward : smax_plan)(
        ctx, &p, &info);
    SMAX_CHECK(st == SMAX_SUCCESS, "plan: %s", smax_last_error(ctx));
    return info.scratch_bytes;
}

/* Runs case k (offset 0 unless `misalign`) into y, which holds zeros
 * before; returns the status, and checks the result when it succeeded. */
static smax_status run_case(smax_context ctx, const kase *k, size_t misalign,
                            int check)
{
    const smax_problem p = problem_of(k);
    const int64_t n = k->rows * k->cols;
    const size_t bytes = (size_t)n * sizeof(float);
    float *x = malloc(bytes), *dy = malloc(bytes), *got = malloc(bytes);
    smax_buffer bx = NULL, bdy = NULL, by = NULL;
    smax_status st = SMAX_ERROR_OUT_OF_MEMORY;
    if (!x || !dy || !got)
        goto done;
    for (int64_t i = 0; i < n; ++i) {
        x[i] = (float)((int)(i * 7919 % 2001) - 1000) / 200.0f;
        dy[i] = (float)((int)(i * 104729 % 201) - 100) / 100.0f;
    }
    if (k->backward)
        smax_reference(x, k->rows, k->cols, k->cols, x, k->cols, 0, 1.0f);
    memset(got, 0, bytes);
    if (smax_buffer_alloc(ctx, bytes + misalign, &bx) ||
        smax_buffer_alloc(ctx, bytes + misalign, &bdy) ||
        smax_buffer_alloc(ctx, bytes + misalign, &by) ||
        smax_buffer_write(ctx, bx, misalign, x, bytes) ||
        smax_buffer_write(ctx, bdy, misalign, dy, bytes) ||
        smax_buffer_write(ctx, by, misalign, got, bytes)) {
        SMAX_CHECK(0, "set-up: %s", smax_last_error(ctx));
        goto done;
    }
#if defined(SMAX_FAULT_INJECTION)
    smax_fault_arm(SMAX_FAULT_ALLOC, 0);
    smax_fault_arm(SMAX_FAULT_TRANSFER, 0);
#endif
    st = k->backward ? smax_softmax_backward(ctx, &p, bx, misalign, bdy,
                                             misalign, by, misalign)
                     : smax_softmax(ctx, &p, bx, misalign, by, misalign);
#if defined(SMAX_FAULT_INJECTION)
    if (check && workspace_set) {
        SMAX_CHECK(smax_fault_calls(SMAX_FAULT_ALLOC) == 0,
              "%lld allocations inside a call with a workspace",
              (long long)smax_fault_calls(SMAX_FAULT_ALLOC));
        SMAX_CHECK(smax_fault_calls(SMAX_FAULT_TRANSFER) == 0,
              "%lld host transfers inside a call with a workspace",
              (long long)smax_fault_calls(SMAX_FAULT_TRANSFER));
    }
#endif
    if (smax_buffer_read(ctx, by, misalign, got, bytes)) {
        SMAX_CHECK(0, "read-back: %s", smax_last_error(ctx));
        goto done;
    }
    if (st != SMAX_SUCCESS) { /* then nothing may have been written */
        int zero = 1;
        for (int64_t i = 0; i < n && zero; ++i)
            zero = got[i] == 0.0f;
        SMAX_CHECK(zero, "a refused call wrote its output");
        goto done;
    }
    if (!check)
        goto done;
    smax_plan_info info;
    (k->backward ? smax_plan_backward : smax_plan)(ctx, &p, &info);
    smax_check_result r;
    const int ok = smax_check_any(k->backward, x, dy, k->rows, k->cols, 0, 1.0f,
                                  SMAX_FMT_F32, got, (int)info.merge_levels, &r);
    SMAX_CHECK(ok, "%s %lldx%lld algo %d (%s): %s",
          k->backward ? "backward" : "forward", (long long)k->rows,
          (long long)k->cols, (int)k->algorithm, info.reason, r.message);
done:
    smax_buffer_free(bx);
    smax_buffer_free(bdy);
    smax_buffer_free(by);
    free(x);
    free(dy);
    free(got);
    return st;
}

/* The shortest power-of-two row (up to 2^26) whose multi-block plan on
 * ctx has a merge launch (2 merge levels), or 2^22 if none does. */
static int64_t two_level_cols(smax_context ctx)
{
    for (int64_t cols = (int64_t)1 << 20; cols <= (int64_t)1 << 26; cols *= 2) {
        smax_problem p = smax_problem_make(1, cols);
        p.algorithm = SMAX_ALGO_MULTIBLOCK;
        smax_plan_info info;
        if (smax_plan(ctx, &p, &info) == SMAX_SUCCESS && info.merge_levels >= 2)
            return cols;
    }
    return (int64_t)1 << 22;
}

/* How many cases' plans are the one-launch multi-block form (its reason
 * says "one launch"), or with merge_launch, have a merge launch between
 * phases 1 and 3 (2 or more levels). */
static int cases_planned(smax_context ctx, int merge_launch)
{
    int n = 0;
    for (int i = 0; i < N_CASES; ++i) {
        smax_problem p = problem_of(&cases[i]);
        smax_plan_info info;
        if ((cases[i].backward ? smax_plan_backward : smax_plan)(ctx, &p,
                                                                &info) != 0)
            continue;
        n += merge_launch ? info.merge_levels >= 2
                          : strstr(info.reason, "one launch") != NULL;
    }
    return n;
}

/* Items 1 and 2 on one context. */
static void with_workspace(smax_context ctx, const char *what)
{
    uint64_t need = 0;
    for (int i = 0; i < N_CASES; ++i) {
        const uint64_t n = need_of(ctx, &cases[i]);
        need = n > need ? n : need;
    }
    printf("%s: %d of %d cases in one launch, %d with a merge launch; "
           "workspace %llu bytes\n",
           what, cases_planned(ctx, 0), N_CASES, cases_planned(ctx, 1),
           (unsigned long long)need);
    SMAX_CHECK(need > 0, "%s: no case needs a workspace", what);
    smax_buffer ws = NULL;
    if (smax_buffer_alloc(ctx, 256 + need, &ws) != SMAX_SUCCESS) {
        SMAX_CHECK(0, "%s: workspace allocation: %s", what, smax_last_error(ctx));
        return;
    }
    SMAX_CHECK(smax_context_set_workspace(ctx, ws, 256, need) == SMAX_SUCCESS,
          "%s: set_workspace: %s", what, smax_last_error(ctx));
    workspace_set = 1;
    for (int round = 0; round < 2; ++round)
        for (int i = 0; i < N_CASES; ++i) {
            const smax_status st = run_case(ctx, &cases[i], 0, 1);
            SMAX_CHECK(st == SMAX_SUCCESS, "%s: case %d: %s", what, i,
                  smax_last_error(ctx));
        }

    /* One word short of the largest need. */
    int k_big = 0;
    for (int i = 0; i < N_CASES; ++i)
        if (need_of(ctx, &cases[i]) == need)
            k_big = i;
    SMAX_CHECK(smax_context_set_workspace(ctx, ws, 256, need - 4) == SMAX_SUCCESS,
          "%s: set_workspace: %s", what, smax_last_error(ctx));
    smax_status st = run_case(ctx, &cases[k_big], 0, 0);
    SMAX_CHECK(st == SMAX_ERROR_INVALID_SIZE, "%s: short workspace gave %s", what,
          smax_status_string(st));
    st = run_case(ctx, &cases[0], 2, 0);
    SMAX_CHECK(st == SMAX_ERROR_NOT_SUPPORTED, "%s: unaligned offset gave %s",
          what, smax_status_string(st));

    /* Back to the context's own areas: the staged path and any need. */
    SMAX_CHECK(smax_context_set_workspace(ctx, NULL, 0, 0) == SMAX_SUCCESS,
          "%s: unset: %s", what, smax_last_error(ctx));
    workspace_set = 0;
    SMAX_CHECK(run_case(ctx, &cases[k_big], 0, 1) == SMAX_SUCCESS, "%s: own areas",
          what);
    SMAX_CHECK(run_case(ctx, &cases[0], 2, 1) == SMAX_SUCCESS, "%s: staged", what);
    smax_buffer_free(ws);
}

/* Item 3. */
static void set_workspace_arguments(smax_context a, smax_context b)
{
    smax_buffer ws = NULL, other = NULL;
    if (smax_buffer_alloc(a, 4096, &ws) || smax_buffer_alloc(b, 4096, &other)) {
        SMAX_CHECK(0, "allocations");
        return;
    }
    SMAX_CHECK(smax_context_set_workspace(NULL, ws, 0, 256) ==
              SMAX_ERROR_INVALID_HANDLE, "NULL context");
    SMAX_CHECK(smax_context_set_workspace(a, ws, 100, 256) ==
              SMAX_ERROR_INVALID_VALUE, "offset not a multiple of 256");
    SMAX_CHECK(smax_context_set_workspace(a, ws, 256, 4096) ==
              SMAX_ERROR_INVALID_SIZE, "past the buffer's end");
    SMAX_CHECK(smax_context_set_workspace(a, ws, 8192, 0) ==
              SMAX_ERROR_INVALID_SIZE, "offset past the buffer's end");
    SMAX_CHECK(smax_context_set_workspace(a, other, 0, 256) ==
              SMAX_ERROR_INVALID_VALUE, "another context's buffer");
    SMAX_CHECK(smax_context_set_workspace(a, NULL, 0, 256) ==
              SMAX_ERROR_INVALID_VALUE, "no buffer but bytes");
    SMAX_CHECK(smax_context_set_workspace(a, ws, 0, 4096) == SMAX_SUCCESS,
          "the whole buffer: %s", smax_last_error(a));
    SMAX_CHECK(smax_context_set_workspace(a, NULL, 0, 0) == SMAX_SUCCESS, "unset");
    smax_buffer_free(ws);
    smax_buffer_free(other);
}

int main(void)
{
    smax_context plain = NULL, coop = NULL;
    const int no_context = smax_test_context(&plain);
    if (no_context)
        return no_context;
    /* The one-launch multi-block form, which CPU devices take only when
     * told (GPUs take it anyway). */
    setenv("SMAX_TEST_CPU_COOPERATIVE", "1", 1);
    const smax_status st = smax_context_create(&coop);
    unsetenv("SMAX_TEST_CPU_COOPERATIVE");
    if (st != SMAX_SUCCESS)
        return fprintf(stderr, "context: %s\n", smax_status_string(st)), 1;

    cases[N_CASES - 1].cols = two_level_cols(plain);
    with_workspace(plain, "context");
    SMAX_CHECK(cases_planned(plain, 1) > 0, "no plan with a merge launch");
    SMAX_CHECK(cases_planned(coop, 0) > 0,
          "no one-launch plan on the cooperative context");
    with_workspace(coop, "cooperative context");
    set_workspace_arguments(plain, coop);
    smax_context_destroy(plain);
    smax_context_destroy(coop);
    printf("workspace: %s (%d failures)\n", failures ? "FAILED" : "passed",
           failures);
    return failures ? 1 : 0;
}
