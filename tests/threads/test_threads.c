/*
 * test_threads.c - the thread contract of smax.h ("Threads"), tested:
 *
 *   1. Many threads, one context each, call forward and backward at once
 *      with every algorithm, the three output dtypes and log-softmax; every
 *      result is checked against the float64 reference by the tolerance
 *      rule. The dtype pairs and algorithms build different OpenCL programs
 *      at the same time, which exercises the process-wide program cache.
 *   2. Each thread fails a call in its own recognisable way and finds its
 *      own detail in smax_last_error(its context), never another thread's.
 *   3. A failed context creation on one thread shows in that thread's
 *      smax_last_error(NULL) only.
 *   4. Contexts are handed over: after a barrier every thread goes on with
 *      its neighbour's context (one thread at a time, as the contract says).
 *
 * Built and run in every build; in CI it also runs under ThreadSanitizer
 * (scripts/test.sh, build "opencl-tsan"), which turns any data race inside
 * the library into a failure. Exit 0 passed, 1 failed, 77 no device.
 */
#define _POSIX_C_SOURCE 200809L /* pthread barriers, setenv */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smax/smax.h"
#include "smax_half.h"
#include "smax_reference.h"
#include "smax_test_context.h"
#include "smax_tolerance.h"

#define MAX_THREADS 64

static int n_threads = 8;
static int n_iters = 12;
static pthread_barrier_t handover;
static smax_context contexts[MAX_THREADS];
static int failures[MAX_THREADS];

/* A small random problem per (thread, iteration): enough variety that the
 * threads run different kernels and programs at the same moment. */
typedef struct job {
    smax_problem p;
    int backward;
} job;

static uint32_t next_rand(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

static job job_of(int tid, int iter)
{
    static const int64_t cols_list[] = {1, 7, 64, 100, 1000, 3001, 20000};
    static const smax_algorithm algos[] = {SMAX_ALGO_AUTO, SMAX_ALGO_FUSED,
                                           SMAX_ALGO_ONLINE,
                                           SMAX_ALGO_MULTIBLOCK};
    uint32_t s = (uint32_t)(tid * 7919 + iter * 104729 + 1);
    job j;
    const int64_t cols = cols_list[next_rand(&s) % 7];
    j.p = smax_problem_make(1 + next_rand(&s) % 5, cols);
    j.p.y_dtype = (smax_dtype)((tid + iter) % 3);
    j.p.algorithm = algos[next_rand(&s) % 4];
    j.p.flags = next_rand(&s) % 2 ? SMAX_FLAG_LOG : 0;
    j.backward = iter % 3 == 2 && j.p.y_dtype == SMAX_DTYPE_F32;
    return j;
}

static void report(int tid, const char *what, smax_context ctx)
{
    fprintf(stderr, "thread %d: %s%s%s\n", tid, what, ctx ? ": " : "",
            ctx ? smax_last_error(ctx) : "");
    failures[tid]++;
}

/* Runs one job on ctx and checks it; returns 1 if it passed. */
static int run_job(int tid, smax_context ctx, job j, uint32_t seed)
{
    const smax_problem *p = &j.p;
    const int64_t n = p->rows * p->cols;
    float *x = malloc((size_t)n * sizeof *x), *dy = NULL;
    void *got = malloc((size_t)n * sizeof(float));
    smax_buffer bx = NULL, by = NULL, bdy = NULL;
    int ok = 0;
    if (x == NULL || got == NULL)
        goto done;
    for (int64_t i = 0; i < n; ++i)
        x[i] = (float)((int)(next_rand(&seed) % 2001) - 1000) / 100.0f;
    const size_t out_bytes = (size_t)n * smax_fmt_bytes((int)p->y_dtype);
    if (smax_buffer_alloc(ctx, (size_t)n * sizeof *x, &bx) ||
        smax_buffer_alloc(ctx, out_bytes, &by) ||
        smax_buffer_write(ctx, bx, 0, x, (size_t)n * sizeof *x)) {
        report(tid, "buffer set-up failed", ctx);
        goto done;
    }
    smax_status st;
    if (!j.backward) {
        st = smax_softmax(ctx, p, bx, 0, by, 0);
    } else {
        /* x plays y (a softmax output's shape is all the rule needs) */
        dy = malloc((size_t)n * sizeof *dy);
        if (dy == NULL)
            goto done;
        smax_reference(x, p->rows, p->cols, p->cols, x, p->cols, p->flags,
                       1.0f);
        for (int64_t i = 0; i < n; ++i)
            dy[i] = (float)((int)(next_rand(&seed) % 201) - 100) / 100.0f;
        if (smax_buffer_write(ctx, bx, 0, x, (size_t)n * sizeof *x) ||
            smax_buffer_alloc(ctx, (size_t)n * sizeof *dy, &bdy) ||
            smax_buffer_write(ctx, bdy, 0, dy, (size_t)n * sizeof *dy)) {
            report(tid, "buffer set-up failed", ctx);
            goto done;
        }
        st = smax_softmax_backward(ctx, p, bx, 0, bdy, 0, by, 0);
    }
    if (st != SMAX_SUCCESS) {
        report(tid, smax_status_string(st), ctx);
        goto done;
    }
    if (smax_buffer_read(ctx, by, 0, got, out_bytes)) {
        report(tid, "read-back failed", ctx);
        goto done;
    }
    smax_plan_info info;
    if ((j.backward ? smax_plan_backward : smax_plan)(ctx, p, &info)) {
        report(tid, "plan failed", ctx);
        goto done;
    }
    smax_check_result r;
    ok = smax_check_any(j.backward, x, dy, p->rows, p->cols, p->flags, 1.0f,
                        j.backward ? SMAX_FMT_F32 : (int)p->y_dtype, got,
                        (int)info.merge_levels, &r);
    if (!ok) {
        char what[400];
        snprintf(what, sizeof what,
                 "%s %lldx%lld y %d algo %d flags %u: %s",
                 j.backward ? "backward" : "forward", (long long)p->rows,
                 (long long)p->cols, (int)p->y_dtype, (int)p->algorithm,
                 (unsigned)p->flags, r.message);
        report(tid, what, NULL);
    }
done:
    smax_buffer_free(bx);
    smax_buffer_free(by);
    smax_buffer_free(bdy);
    free(x);
    free(dy);
    free(got);
    return ok;
}

/* A failure only this thread causes (an algorithm number of its own), and
 * its detail on this context alone. */
static void own_error(int tid, smax_context ctx)
{
    smax_problem p = smax_problem_make(2, 2);
    p.algorithm = (smax_algorithm)(1000 + tid);
    char want[64];
    snprintf(want, sizeof want, "unknown algorithm %d", 1000 + tid);
    smax_status st = smax_plan(ctx, &p, &(smax_plan_info){0});
    if (st != SMAX_ERROR_INVALID_VALUE)
        report(tid, "a bad algorithm was not refused", NULL);
    else if (strstr(smax_last_error(ctx), want) == NULL)
        report(tid, "smax_last_error lost this thread's detail", ctx);
}

static void *worker(void *arg)
{
    const int tid = (int)(intptr_t)arg;
    if (smax_last_error(NULL)[0] != '\0')
        report(tid, "another thread's failed creation shows here", NULL);
    smax_context ctx = contexts[tid];
    for (int it = 0; it < n_iters; ++it) {
        run_job(tid, ctx, job_of(tid, it), (uint32_t)(tid * 31 + it));
        own_error(tid, ctx);
    }
    /* Hand over: the neighbour's context from here on. */
    pthread_barrier_wait(&handover);
    ctx = contexts[(tid + 1) % n_threads];
    for (int it = n_iters; it < n_iters + 3; ++it) {
        run_job(tid, ctx, job_of(tid, it), (uint32_t)(tid * 31 + it));
        own_error(tid, ctx);
    }
    if (smax_synchronize(ctx) != SMAX_SUCCESS)
        report(tid, "synchronize failed", ctx);
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc > 1)
        n_threads = atoi(argv[1]);
    if (argc > 2)
        n_iters = atoi(argv[2]);
    if (n_threads < 2 || n_threads > MAX_THREADS || n_iters < 1) {
        fprintf(stderr, "usage: %s [threads 2..%d] [iterations]\n", argv[0],
                MAX_THREADS);
        return 2;
    }
    for (int t = 0; t < n_threads; ++t) {
        const int no_context = smax_test_context(&contexts[t]);
        if (no_context)
            return no_context;
    }
    /* Item 3: a creation failure here, on the main thread only (OpenCL
     * can be told to look for a device that does not exist; before any
     * other thread runs, so changing the environment races with nothing). */
    if (strcmp(smax_backend_name(), "opencl") == 0) {
        smax_context none = NULL;
        setenv("SMAX_OPENCL_DEVICE", "no such device, by test_threads", 1);
        const smax_status st = smax_context_create(&none);
        unsetenv("SMAX_OPENCL_DEVICE");
        if (st == SMAX_SUCCESS || none != NULL ||
            strstr(smax_last_error(NULL), "by test_threads") == NULL)
            return fprintf(stderr, "a failed creation left no detail: %s\n",
                           smax_last_error(NULL)),
                   1;
    }

    pthread_barrier_init(&handover, NULL, (unsigned)n_threads);
    pthread_t th[MAX_THREADS];
    for (int t = 0; t < n_threads; ++t)
        if (pthread_create(&th[t], NULL, worker, (void *)(intptr_t)t) != 0)
            return fprintf(stderr, "pthread_create failed\n"), 1;
    for (int t = 0; t < n_threads; ++t)
        pthread_join(th[t], NULL);
    pthread_barrier_destroy(&handover);

    int failed = 0;
    for (int t = 0; t < n_threads; ++t) {
        failed += failures[t];
        if (smax_context_destroy(contexts[t]) != SMAX_SUCCESS)
            failed++;
    }
    printf("%d threads x %d calls (and 3 each on a handed-over context): "
           "%s (%d failures)\n",
           n_threads, n_iters, failed ? "FAILED" : "passed", failed);
    return failed ? 1 : 0;
}
