/*
 * test_faults.c - every public call that reaches the device, with each
 * injection point (common/fault.h) failing at each of its calls in turn.
 * Built only with -DSMAX_FAULT_INJECTION=ON (CI's opencl-asan build).
 *
 * For each (call, point, n) where the call makes at least n calls at the
 * point: the documented status (SMAX_ERROR_OUT_OF_MEMORY for an
 * allocation, SMAX_ERROR_BACKEND otherwise) with "injected" in
 * smax_last_error(); nothing written (the output's canary bytes intact,
 * or no handle returned); the context usable (the same call again, not
 * armed, succeeds and its result passes the tolerance rule).
 * LeakSanitizer, in the ASan build, checks that no failure path leaks.
 * Prints the matrix: calls x points, each cell the failing positions
 * checked ("-": the call never reaches the point).
 * Exit 0 passed, 1 failed, 77 no device.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fault.h"
#include "smax/smax.h"
#include "smax/smax_shard.h"
#include "smax_half.h"
#include "smax_reference.h"
#include "smax_test_context.h"
#include "smax_tolerance.h"

#define CANARY 0xa5

/* What one call needs: a context, an input and an output (and dy). */
typedef struct fixture {
    smax_context ctx;
    smax_problem p;
    int backward;
    size_t x_offset, y_offset; /* bytes; unaligned ones take the staged path */
    smax_buffer x, y, dy;
    float *host_x, *host_dy;
    size_t x_bytes, y_bytes;
} fixture;

typedef struct call {
    const char *name;
    int64_t rows, cols;
    smax_dtype y_dtype;
    smax_algorithm algorithm;
    int backward;
    size_t misalign; /* bytes added to both offsets */
    /* the call itself; 0: a smax_softmax/backward on the fixture */
    smax_status (*run)(fixture *f, smax_buffer *made);
} call;

static int failures;

static void fail(const char *call_name, const char *point, int64_t n,
                 const char *what, smax_context ctx)
{
    fprintf(stderr, "FAILED %s, %s fault at call %lld: %s%s%s\n", call_name,
            point, (long long)n, what, ctx ? ": " : "",
            ctx ? smax_last_error(ctx) : "");
    failures++;
}

static smax_status run_compute(fixture *f)
{
    if (f->backward)
        return smax_softmax_backward(f->ctx, &f->p, f->x, f->x_offset, f->dy,
                                     f->x_offset, f->y, f->y_offset);
    return smax_softmax(f->ctx, &f->p, f->x, f->x_offset, f->y, f->y_offset);
}

static smax_status op_buffer_alloc(fixture *f, smax_buffer *made)
{
    return smax_buffer_alloc(f->ctx, 4096, made);
}

static smax_status op_buffer_write(fixture *f, smax_buffer *made)
{
    (void)made;
    return smax_buffer_write(f->ctx, f->y, 0, f->host_x, f->y_bytes);
}

static smax_status op_buffer_read(fixture *f, smax_buffer *made)
{
    (void)made;
    /* reads into host memory holding the canary: checked like y */
    return smax_buffer_read(f->ctx, f->x, 0, f->host_dy, f->x_bytes);
}

static smax_status op_buffer_copy(fixture *f, smax_buffer *made)
{
    (void)made;
    return smax_buffer_copy(f->ctx, f->y, 0, f->x, 0, f->y_bytes);
}

static smax_status op_context_create(fixture *f, smax_buffer *made)
{
    (void)f, (void)made;
    smax_context c = (smax_context)(uintptr_t)1; /* must come back NULL */
    smax_status st = smax_context_create(&c);
    if (st == SMAX_SUCCESS)
        smax_context_destroy(c);
    else if (c != NULL)
        return SMAX_ERROR_INVALID_HANDLE; /* a handle left behind */
    return st;
}

/* The shard calls (smax_shard.h) write into y: partials, totals or the
 * shard's outputs. Their inputs are the fixture's x and dy, which hold
 * finite values whatever the shape (2 shards' pairs fit in x). */
static smax_status op_shard_partials(fixture *f, smax_buffer *made)
{
    (void)made;
    return smax_shard_partials(f->ctx, &f->p, f->x, 0, f->y, 0);
}

static smax_status op_shard_merge(fixture *f, smax_buffer *made)
{
    (void)made;
    return smax_shard_merge(f->ctx, f->p.rows, 2, f->x, 0, f->y, 0);
}

static smax_status op_shard_finish(fixture *f, smax_buffer *made)
{
    (void)made;
    return smax_shard_finish(f->ctx, &f->p, f->x, 0, f->dy, 0, f->y, 0);
}

static smax_status op_shard_backward_partials(fixture *f, smax_buffer *made)
{
    (void)made;
    return smax_shard_backward_partials(f->ctx, &f->p, f->x, 0, f->dy, 0,
                                        f->y, 0);
}

static smax_status op_shard_backward_merge(fixture *f, smax_buffer *made)
{
    (void)made;
    return smax_shard_backward_merge(f->ctx, f->p.rows, 2, f->x, 0, f->y, 0);
}

static smax_status op_shard_backward_finish(fixture *f, smax_buffer *made)
{
    (void)made;
    return smax_shard_backward_finish(f->ctx, &f->p, f->x, 0, f->dy, 0, f->dy,
                                      0, f->y, 0);
}

static const call calls[] = {
    {"context_create", 1, 1, SMAX_DTYPE_F32, SMAX_ALGO_AUTO, 0, 0, op_context_create},
    {"buffer_alloc", 1, 1, SMAX_DTYPE_F32, SMAX_ALGO_AUTO, 0, 0, op_buffer_alloc},
    {"buffer_write", 4, 100, SMAX_DTYPE_F32, SMAX_ALGO_AUTO, 0, 0, op_buffer_write},
    {"buffer_read", 4, 100, SMAX_DTYPE_F32, SMAX_ALGO_AUTO, 0, 0, op_buffer_read},
    {"buffer_copy", 4, 100, SMAX_DTYPE_F32, SMAX_ALGO_AUTO, 0, 0, op_buffer_copy},
    {"softmax f32 auto 3x1000", 3, 1000, SMAX_DTYPE_F32, SMAX_ALGO_AUTO, 0, 0, NULL},
    {"softmax f32 fused 3x1000", 3, 1000, SMAX_DTYPE_F32, SMAX_ALGO_FUSED, 0, 0, NULL},
    {"softmax f32 multiblock 2x70000", 2, 70000, SMAX_DTYPE_F32, SMAX_ALGO_MULTIBLOCK, 0, 0, NULL},
    {"softmax bf16 out online 3x1000", 3, 1000, SMAX_DTYPE_BF16, SMAX_ALGO_ONLINE, 0, 0, NULL},
    {"softmax f32 staged offset 3x1000", 3, 1000, SMAX_DTYPE_F32, SMAX_ALGO_AUTO, 0, 2, NULL},
    {"backward f32 auto 3x1000", 3, 1000, SMAX_DTYPE_F32, SMAX_ALGO_AUTO, 1, 0, NULL},
    {"backward f32 multiblock 2x70000", 2, 70000, SMAX_DTYPE_F32, SMAX_ALGO_MULTIBLOCK, 1, 0, NULL},
    {"backward f32 staged offset 3x1000", 3, 1000, SMAX_DTYPE_F32, SMAX_ALGO_AUTO, 1, 2, NULL},
    {"shard_partials 2x70000", 2, 70000, SMAX_DTYPE_F32, SMAX_ALGO_AUTO, 0, 0, op_shard_partials},
    {"shard_merge 3x1000", 3, 1000, SMAX_DTYPE_F32, SMAX_ALGO_AUTO, 0, 0, op_shard_merge},
    {"shard_finish 3x1000", 3, 1000, SMAX_DTYPE_F32, SMAX_ALGO_AUTO, 0, 0, op_shard_finish},
    {"shard_backward_partials 3x1000", 3, 1000, SMAX_DTYPE_F32, SMAX_ALGO_AUTO, 0, 0, op_shard_backward_partials},
    {"shard_backward_merge 3x1000", 3, 1000, SMAX_DTYPE_F32, SMAX_ALGO_AUTO, 0, 0, op_shard_backward_merge},
    {"shard_backward_finish 3x1000", 3, 1000, SMAX_DTYPE_F32, SMAX_ALGO_AUTO, 0, 0, op_shard_backward_finish},
};
#define N_CALLS (sizeof calls / sizeof calls[0])

static const char *const point_names[SMAX_FAULT_POINT_COUNT] = {
    "alloc", "transfer", "build", "launch"};

static void fixture_free(fixture *f)
{
    smax_buffer_free(f->x);
    smax_buffer_free(f->y);
    smax_buffer_free(f->dy);
    smax_context_destroy(f->ctx);
    free(f->host_x);
    free(f->host_dy);
    memset(f, 0, sizeof *f);
}

/* A context with x (and dy) written and y holding the canary. */
static smax_status fixture_make(const call *c, fixture *f)
{
    memset(f, 0, sizeof *f);
    smax_status st = smax_context_create(&f->ctx);
    if (st != SMAX_SUCCESS)
        return st;
    f->p = smax_problem_make(c->rows, c->cols);
    f->p.y_dtype = c->y_dtype;
    f->p.algorithm = c->algorithm;
    f->backward = c->backward;
    f->x_offset = f->y_offset = c->misalign;
    const size_t n = (size_t)(c->rows * c->cols);
    f->x_bytes = n * sizeof(float);
    f->y_bytes = n * smax_fmt_bytes((int)c->y_dtype);
    f->host_x = malloc(f->x_bytes);
    f->host_dy = malloc(f->x_bytes);
    if (f->host_x == NULL || f->host_dy == NULL)
        return SMAX_ERROR_OUT_OF_MEMORY;
    for (size_t i = 0; i < n; ++i) {
        f->host_x[i] = (float)((int)(i * 7919 % 2001) - 1000) / 250.0f;
        f->host_dy[i] = (float)((int)(i * 104729 % 201) - 100) / 100.0f;
    }
    if (c->backward) /* y of a softmax, as the gradient expects */
        smax_reference(f->host_x, c->rows, c->cols, c->cols, f->host_x,
                       c->cols, 0, 1.0f);
    unsigned char *canary = malloc(f->y_bytes + c->misalign);
    if (canary == NULL)
        return SMAX_ERROR_OUT_OF_MEMORY;
    memset(canary, CANARY, f->y_bytes + c->misalign);
    (void)((st = smax_buffer_alloc(f->ctx, f->x_bytes + c->misalign, &f->x)) ||
           (st = smax_buffer_alloc(f->ctx, f->y_bytes + c->misalign, &f->y)) ||
           (st = smax_buffer_alloc(f->ctx, f->x_bytes + c->misalign, &f->dy)) ||
           (st = smax_buffer_write(f->ctx, f->x, c->misalign, f->host_x,
                                   f->x_bytes)) ||
           (st = smax_buffer_write(f->ctx, f->dy, c->misalign, f->host_dy,
                                   f->x_bytes)) ||
           (st = smax_buffer_write(f->ctx, f->y, 0, canary,
                                   f->y_bytes + c->misalign)));
    free(canary);
    return st;
}

/* 1 if every byte of y (from 0, including the misaligned head) is still
 * the canary; for buffer_read, the host destination instead. */
static int untouched(const call *c, fixture *f)
{
    const size_t bytes = f->y_bytes + c->misalign;
    unsigned char *got = malloc(bytes);
    int ok = got != NULL;
    if (c->run == op_buffer_read) {
        for (size_t i = 0; ok && i < f->x_bytes; ++i)
            ok = ((unsigned char *)f->host_dy)[i] == CANARY;
    } else if (ok && smax_buffer_read(f->ctx, f->y, 0, got, bytes) == 0) {
        for (size_t i = 0; ok && i < bytes; ++i)
            ok = got[i] == CANARY;
    } else {
        ok = 0;
    }
    free(got);
    return ok;
}

/* The result of a compute call, against the reference. */
static int correct(const call *c, fixture *f)
{
    void *got = malloc(f->y_bytes);
    smax_plan_info info;
    smax_check_result r;
    const int ok =
        got != NULL &&
        smax_buffer_read(f->ctx, f->y, f->y_offset, got, f->y_bytes) == 0 &&
        (c->backward ? smax_plan_backward : smax_plan)(f->ctx, &f->p,
                                                      &info) == 0 &&
        smax_check_any(c->backward, f->host_x, f->host_dy, c->rows, c->cols, 0,
                       1.0f, c->backward ? SMAX_FMT_F32 : (int)c->y_dtype, got,
                       (int)info.merge_levels, &r);
    free(got);
    return ok;
}

static smax_status do_call(const call *c, fixture *f, smax_buffer *made)
{
    return c->run != NULL ? c->run(f, made) : run_compute(f);
}

/* Fails the call at the nth call of point; returns 1 if the call reached
 * it (a case was checked), 0 if it made fewer calls there. */
static int one_case(const call *c, smax_fault_point point, int64_t n)
{
    fixture f;
    smax_status st = fixture_make(c, &f);
    if (st != SMAX_SUCCESS) {
        fail(c->name, point_names[point], n, "fixture set-up failed", f.ctx);
        fixture_free(&f);
        return 0;
    }
    if (c->run == op_buffer_read)
        memset(f.host_dy, CANARY, f.x_bytes);
    smax_buffer made = NULL;
    smax_fault_arm(point, n);
    st = do_call(c, &f, &made);
    const int64_t reached = smax_fault_calls(point);
    smax_fault_arm(point, 0);
    if (reached < n) { /* fewer calls than n: nothing was injected */
        if (st != SMAX_SUCCESS)
            fail(c->name, point_names[point], n, "failed with no fault",
                 f.ctx);
        smax_buffer_free(made);
        fixture_free(&f);
        return 0;
    }
    const smax_status want =
        point == SMAX_FAULT_ALLOC ? SMAX_ERROR_OUT_OF_MEMORY : SMAX_ERROR_BACKEND;
    char what[160];
    if (st != want) {
        snprintf(what, sizeof what, "status %s, want %s",
                 smax_status_string(st), smax_status_string(want));
        fail(c->name, point_names[point], n, what, f.ctx);
    } else if (c->run != op_context_create &&
               strstr(smax_last_error(f.ctx), "injected") == NULL) {
        fail(c->name, point_names[point], n, "no detail", f.ctx);
    } else if (c->run == op_context_create &&
               strstr(smax_last_error(NULL), "injected") == NULL) {
        fail(c->name, point_names[point], n, "no detail", NULL);
    }
    if (made != NULL)
        fail(c->name, point_names[point], n, "a buffer handle came back",
             NULL);
    if (c->run != op_context_create && c->run != op_buffer_alloc) {
        if (!untouched(c, &f))
            fail(c->name, point_names[point], n, "output written", f.ctx);
    }
    /* The context goes on: the same call, not armed. */
    if (c->run == op_buffer_read)
        memset(f.host_dy, 0, f.x_bytes);
    st = do_call(c, &f, &made);
    if (st != SMAX_SUCCESS)
        fail(c->name, point_names[point], n, "the call failed again", f.ctx);
    else if (c->run == NULL && !correct(c, &f))
        fail(c->name, point_names[point], n, "wrong result afterwards", f.ctx);
    smax_buffer_free(made);
    fixture_free(&f);
    return 1;
}

int main(void)
{
    smax_context probe;
    const int no_context = smax_test_context(&probe);
    if (no_context)
        return no_context;
    smax_context_destroy(probe);

    printf("%-36s", "call \\ failing point");
    for (int p = 0; p < SMAX_FAULT_POINT_COUNT; ++p)
        printf(" %9s", point_names[p]);
    printf("\n");
    int64_t cases = 0;
    for (size_t c = 0; c < N_CALLS; ++c) {
        printf("%-36s", calls[c].name);
        for (int p = 0; p < SMAX_FAULT_POINT_COUNT; ++p) {
            int64_t n = 1;
            while (n <= 64 && one_case(&calls[c], (smax_fault_point)p, n))
                ++n;
            cases += n - 1;
            if (n == 1)
                printf(" %9s", "-");
            else
                printf(" %9lld", (long long)(n - 1));
        }
        printf("\n");
        fflush(stdout);
    }
    printf("%lld injected failures checked: %s (%d failures)\n",
           (long long)cases, failures ? "FAILED" : "passed", failures);
    return failures ? 1 : 0;
}
