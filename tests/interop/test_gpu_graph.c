/*
 * test_gpu_graph.c - the CUDA and HIP builds inside an application's
 * graphs and streams (docs/embedding.md; issue 10 items 1 and 2). Written
 * once against the backend's gpu_runtime.h names, so the CUDA, HIP-on-AMD
 * and HIP-on-NVIDIA builds run the same test.
 *
 *   1. Graphs: with a workspace set, forward and backward of every
 *      algorithm, f32 and bf16, are captured into one graph on the
 *      caller's stream, which is replayed 1000 times; before each replay a
 *      new input set is copied into x and dy on the stream, and every 97th
 *      replay and the last are checked against the float64 reference.
 *   2. Streams: an event recorded on the context's stream after a call
 *      orders a copy on a second stream (its result checked), and two
 *      contexts on two streams run the same work at once; the overlap is
 *      measured and printed (never asserted: tests do not judge timings).
 * Exit 0 passed, 1 failed, 77 no device.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gpu_runtime.h"
#include "smax/smax.h"
#include "smax_half.h"
#include "smax_test_context.h"
#include "smax_tolerance.h"
#if defined(SMAX_HIP_GRAPHS)
#include "smax/smax_hip.h"
#define SMAX_CONTEXT_ON_STREAM smax_hip_context_create
#define SMAX_BUFFER_WRAP smax_hip_buffer_wrap
#else
#include "smax/smax_cuda.h"
#define SMAX_CONTEXT_ON_STREAM smax_cuda_context_create
#define SMAX_BUFFER_WRAP smax_cuda_buffer_wrap
#endif

#define REPLAYS 1000
#define SETS 3

static int failures;

#define GPU_OK(call) SMAX_CHECK((call) == SMAX_GPU(Success), "%s", #call)

/* One captured pair of calls: y = softmax(x), dx = grad(y, dy). */
typedef struct pass {
    smax_problem p;
    void *x, *y, *dy, *dx;            /* device memory                 */
    void *x_sets[SETS], *dy_sets[SETS];
    smax_buffer bx, by, bdy, bdx;
    float *hx[SETS], *hdy[SETS];      /* the values of each set         */
} pass;

static const struct {
    int64_t rows, cols;
    smax_algorithm algorithm;
    smax_dtype dtype;
} shapes[] = {
    {64, 1000, SMAX_ALGO_FUSED, SMAX_DTYPE_F32},
    {64, 1000, SMAX_ALGO_ONLINE, SMAX_DTYPE_BF16},
    {8, 70000, SMAX_ALGO_MULTIBLOCK, SMAX_DTYPE_F32},
    {2, 300000, SMAX_ALGO_MULTIBLOCK, SMAX_DTYPE_BF16},
    {32, 32000, SMAX_ALGO_AUTO, SMAX_DTYPE_F32},
    {1, 1 << 20, SMAX_ALGO_AUTO, SMAX_DTYPE_BF16},
};
enum { N_PASSES = sizeof shapes / sizeof shapes[0] };

static size_t bytes_of(const pass *q)
{
    return (size_t)(q->p.rows * q->p.cols) * smax_fmt_bytes(q->p.x_dtype);
}

static int make_pass(smax_context ctx, int i, pass *q)
{
    memset(q, 0, sizeof *q);
    q->p = smax_problem_make(shapes[i].rows, shapes[i].cols);
    q->p.algorithm = shapes[i].algorithm;
    q->p.x_dtype = q->p.y_dtype = shapes[i].dtype;
    const size_t n = (size_t)(q->p.rows * q->p.cols), bytes = bytes_of(q);
    void *raw = malloc(bytes);
    if (raw == NULL)
        return 0;
    for (int s = 0; s < SETS; ++s) {
        q->hx[s] = (float *)malloc(n * sizeof(float));
        q->hdy[s] = (float *)malloc(n * sizeof(float));
        if (!q->hx[s] || !q->hdy[s])
            return free(raw), 0;
        for (size_t k = 0; k < n; ++k) {
            q->hx[s][k] = (float)((int)((k * 7919 + 131 * s) % 2001) - 1000) / 150.0f;
            q->hdy[s][k] = (float)((int)((k * 104729 + 17 * s) % 201) - 100) / 100.0f;
        }
        /* the values as stored in the dtype */
        smax_fmt_encode(q->p.x_dtype, q->hx[s], n, raw);
        smax_fmt_decode(q->p.x_dtype, raw, n, q->hx[s]);
        if (SMAX_GPU(Malloc)(&q->x_sets[s], bytes) != SMAX_GPU(Success) ||
            SMAX_GPU(Memcpy)(q->x_sets[s], raw, bytes,
                             SMAX_GPU(MemcpyHostToDevice)) != SMAX_GPU(Success))
            return free(raw), 0;
        smax_fmt_encode(q->p.x_dtype, q->hdy[s], n, raw);
        smax_fmt_decode(q->p.x_dtype, raw, n, q->hdy[s]);
        if (SMAX_GPU(Malloc)(&q->dy_sets[s], bytes) != SMAX_GPU(Success) ||
            SMAX_GPU(Memcpy)(q->dy_sets[s], raw, bytes,
                             SMAX_GPU(MemcpyHostToDevice)) != SMAX_GPU(Success))
            return free(raw), 0;
    }
    free(raw);
    void **mem[4] = {&q->x, &q->y, &q->dy, &q->dx};
    smax_buffer *buf[4] = {&q->bx, &q->by, &q->bdy, &q->bdx};
    for (int k = 0; k < 4; ++k)
        if (SMAX_GPU(Malloc)(mem[k], bytes) != SMAX_GPU(Success) ||
            SMAX_BUFFER_WRAP(ctx, *mem[k], bytes, buf[k]) != SMAX_SUCCESS)
            return 0;
    return 1;
}

static void free_pass(pass *q)
{
    smax_buffer_free(q->bx);
    smax_buffer_free(q->by);
    smax_buffer_free(q->bdy);
    smax_buffer_free(q->bdx);
    (void)SMAX_GPU(Free)(q->x);
    (void)SMAX_GPU(Free)(q->y);
    (void)SMAX_GPU(Free)(q->dy);
    (void)SMAX_GPU(Free)(q->dx);
    for (int s = 0; s < SETS; ++s) {
        (void)SMAX_GPU(Free)(q->x_sets[s]);
        (void)SMAX_GPU(Free)(q->dy_sets[s]);
        free(q->hx[s]);
        free(q->hdy[s]);
    }
}

/* y and dx of pass q against the reference for input set s. */
/* The pass's results read back and judged against the float64 reference
 * (the gradient from the y the device computed). */
static void judge_pass(smax_context ctx, const pass *q, int s, int replay,
                       const void *gy, const void *gdx, float *y)
{
    const smax_problem *p = &q->p;
    const int64_t rows = p->rows, cols = p->cols, n = rows * cols;
    smax_plan_info fi, bi;
    smax_plan(ctx, p, &fi);
    smax_plan_backward(ctx, p, &bi);
    smax_check_result r;
    int ok = smax_check_any(0, q->hx[s], NULL, rows, cols, 0, 1.0f,
                            p->y_dtype, gy, (int)fi.merge_levels, &r);
    SMAX_CHECK(ok, "replay %d, forward %lldx%lld (%s): %s", replay,
               (long long)rows, (long long)cols, fi.reason, r.message);
    /* the gradient of what the device computed as y */
    smax_fmt_decode(p->y_dtype, gy, (size_t)n, y);
    ok = smax_check_any(1, y, q->hdy[s], rows, cols, 0, 1.0f, p->x_dtype, gdx,
                        (int)bi.merge_levels, &r);
    SMAX_CHECK(ok, "replay %d, backward %lldx%lld (%s): %s", replay,
               (long long)rows, (long long)cols, bi.reason, r.message);
}

static void check_pass(smax_context ctx, const pass *q, int s, int replay)
{
    const int64_t n = q->p.rows * q->p.cols;
    const size_t bytes = bytes_of(q);
    void *gy = malloc(bytes), *gdx = malloc(bytes);
    float *y = (float *)malloc((size_t)n * sizeof *y);
    if (!gy || !gdx || !y ||
        SMAX_GPU(Memcpy)(gy, q->y, bytes, SMAX_GPU(MemcpyDeviceToHost)) !=
            SMAX_GPU(Success) ||
        SMAX_GPU(Memcpy)(gdx, q->dx, bytes, SMAX_GPU(MemcpyDeviceToHost)) !=
            SMAX_GPU(Success))
        SMAX_CHECK(0, "read-back of pass %lldx%lld", (long long)q->p.rows,
                   (long long)q->p.cols);
    else
        judge_pass(ctx, q, s, replay, gy, gdx, y);
    free(gy);
    free(gdx);
    free(y);
}

static void graphs(smax_context ctx, smax_gpu_stream stream)
{
    pass q[N_PASSES];
    uint64_t need = 0;
    for (int i = 0; i < N_PASSES; ++i) {
        if (!make_pass(ctx, i, &q[i])) {
            SMAX_CHECK(0, "set-up of pass %d", i);
            return;
        }
        smax_plan_info fi, bi;
        SMAX_CHECK(smax_plan(ctx, &q[i].p, &fi) == SMAX_SUCCESS &&
                  smax_plan_backward(ctx, &q[i].p, &bi) == SMAX_SUCCESS,
              "plans of pass %d: %s", i, smax_last_error(ctx));
        need = fi.scratch_bytes > need ? fi.scratch_bytes : need;
        need = bi.scratch_bytes > need ? bi.scratch_bytes : need;
    }
    smax_buffer ws = NULL;
    SMAX_CHECK(smax_buffer_alloc(ctx, need + 256, &ws) == SMAX_SUCCESS &&
              smax_context_set_workspace(ctx, ws, 0, need + 256) ==
                  SMAX_SUCCESS,
          "workspace: %s", smax_last_error(ctx));
    GPU_OK(SMAX_GPU(StreamSynchronize)(stream));

    SMAX_GPU(Graph_t) graph = NULL;
    SMAX_GPU(GraphExec_t) exec = NULL;
    GPU_OK(SMAX_GPU(StreamBeginCapture)(stream,
                                        SMAX_GPU(StreamCaptureModeGlobal)));
    for (int i = 0; i < N_PASSES; ++i) {
        SMAX_CHECK(smax_softmax(ctx, &q[i].p, q[i].bx, 0, q[i].by, 0) ==
                  SMAX_SUCCESS,
              "captured forward %d: %s", i, smax_last_error(ctx));
        SMAX_CHECK(smax_softmax_backward(ctx, &q[i].p, q[i].by, 0, q[i].bdy, 0,
                                    q[i].bdx, 0) == SMAX_SUCCESS,
              "captured backward %d: %s", i, smax_last_error(ctx));
    }
    GPU_OK(SMAX_GPU(StreamEndCapture)(stream, &graph));
    GPU_OK(SMAX_GPU(GraphInstantiateWithFlags)(&exec, graph, 0));
    if (failures == 0) {
        const clock_t t0 = clock();
        for (int rep = 0; rep < REPLAYS; ++rep) {
            const int s = rep % SETS;
            for (int i = 0; i < N_PASSES; ++i) {
                const size_t b = bytes_of(&q[i]);
                GPU_OK(SMAX_GPU(MemcpyAsync)(q[i].x, q[i].x_sets[s], b,
                                             SMAX_GPU(MemcpyDeviceToDevice),
                                             stream));
                GPU_OK(SMAX_GPU(MemcpyAsync)(q[i].dy, q[i].dy_sets[s], b,
                                             SMAX_GPU(MemcpyDeviceToDevice),
                                             stream));
            }
            GPU_OK(SMAX_GPU(GraphLaunch)(exec, stream));
            if (rep % 97 == 0 || rep == REPLAYS - 1) {
                GPU_OK(SMAX_GPU(StreamSynchronize)(stream));
                for (int i = 0; i < N_PASSES; ++i)
                    check_pass(ctx, &q[i], s, rep);
            }
            if (failures > 0)
                break;
        }
        printf("graph of %d forward + %d backward calls (every algorithm, "
               "f32 and bf16): %d replays, %s (%.1f s host time)\n",
               N_PASSES, N_PASSES, REPLAYS, failures ? "FAILED" : "passed",
               (double)(clock() - t0) / CLOCKS_PER_SEC);
    }
    if (exec != NULL)
        (void)SMAX_GPU(GraphExecDestroy)(exec);
    if (graph != NULL)
        (void)SMAX_GPU(GraphDestroy)(graph);
    smax_context_set_workspace(ctx, NULL, 0, 0);
    smax_buffer_free(ws);
    for (int i = 0; i < N_PASSES; ++i)
        free_pass(&q[i]);
}

/* Item 2: an event after a call orders another stream's copy; two
 * contexts on two streams at once. */
static void streams(smax_context ctx, smax_gpu_stream stream)
{
    pass q;
    if (!make_pass(ctx, 4, &q)) { /* 32 x 32000, auto, f32 */
        SMAX_CHECK(0, "set-up");
        return;
    }
    const size_t bytes = bytes_of(&q);
    smax_gpu_stream other;
    SMAX_GPU(Event_t) done;
    GPU_OK(SMAX_GPU(StreamCreate)(&other));
    GPU_OK(SMAX_GPU(EventCreate)(&done));
    GPU_OK(SMAX_GPU(Memcpy)(q.x, q.x_sets[0], bytes,
                            SMAX_GPU(MemcpyDeviceToDevice)));
    GPU_OK(SMAX_GPU(Memcpy)(q.dy, q.dy_sets[0], bytes,
                            SMAX_GPU(MemcpyDeviceToDevice)));
    SMAX_CHECK(smax_softmax(ctx, &q.p, q.bx, 0, q.by, 0) == SMAX_SUCCESS, "%s",
          smax_last_error(ctx));
    SMAX_CHECK(smax_softmax_backward(ctx, &q.p, q.by, 0, q.bdy, 0, q.bdx, 0) ==
              SMAX_SUCCESS,
          "%s", smax_last_error(ctx));
    GPU_OK(SMAX_GPU(EventRecord)(done, stream));
    /* y and dx travel to the other stream's copies only through the event */
    void *y2 = NULL, *dx2 = NULL;
    GPU_OK(SMAX_GPU(Malloc)(&y2, bytes));
    GPU_OK(SMAX_GPU(Malloc)(&dx2, bytes));
    GPU_OK(SMAX_GPU(StreamWaitEvent)(other, done, 0));
    GPU_OK(SMAX_GPU(MemcpyAsync)(y2, q.y, bytes, SMAX_GPU(MemcpyDeviceToDevice),
                                 other));
    GPU_OK(SMAX_GPU(MemcpyAsync)(dx2, q.dx, bytes,
                                 SMAX_GPU(MemcpyDeviceToDevice), other));
    GPU_OK(SMAX_GPU(StreamSynchronize)(other));
    void *keep_y = q.y, *keep_dx = q.dx;
    q.y = y2;
    q.dx = dx2;
    check_pass(ctx, &q, 0, -1);
    q.y = keep_y;
    q.dx = keep_dx;
    (void)SMAX_GPU(Free)(y2);
    (void)SMAX_GPU(Free)(dx2);

    /* Two contexts, two streams: the same 20 forward calls each. */
    smax_context ctx2 = NULL;
    SMAX_CHECK(SMAX_CONTEXT_ON_STREAM(0, other, &ctx2) == SMAX_SUCCESS, "%s",
          smax_last_error(NULL));
    pass q2;
    if (ctx2 != NULL && make_pass(ctx2, 4, &q2)) {
        SMAX_GPU(Event_t) e[4];
        for (int k = 0; k < 4; ++k)
            GPU_OK(SMAX_GPU(EventCreate)(&e[k]));
        float alone = 0, both = 0;
        /* alone: ctx's 20 calls; both: ctx's and ctx2's at once */
        for (int round = 0; round < 2; ++round) {
            GPU_OK(SMAX_GPU(DeviceSynchronize)());
            GPU_OK(SMAX_GPU(EventRecord)(e[0], stream));
            GPU_OK(SMAX_GPU(StreamWaitEvent)(other, e[0], 0));
            for (int k = 0; k < 20; ++k) {
                smax_softmax(ctx, &q.p, q.bx, 0, q.by, 0);
                if (round == 1)
                    smax_softmax(ctx2, &q2.p, q2.bx, 0, q2.by, 0);
            }
            GPU_OK(SMAX_GPU(EventRecord)(e[1], stream));
            GPU_OK(SMAX_GPU(EventRecord)(e[2], other));
            GPU_OK(SMAX_GPU(StreamWaitEvent)(stream, e[2], 0));
            GPU_OK(SMAX_GPU(EventRecord)(e[3], stream));
            GPU_OK(SMAX_GPU(DeviceSynchronize)());
            float ms = 0;
            GPU_OK(SMAX_GPU(EventElapsedTime)(&ms, e[0], e[3]));
            if (round == 0)
                alone = ms;
            else
                both = ms;
        }
        printf("two contexts on two streams: 20 calls of 32 x 32000 each, "
               "%.3f ms for one stream's alone, %.3f ms for both at once "
               "(%.2f of twice the time alone)\n",
               alone, both, both / (2 * alone));
        for (int k = 0; k < 4; ++k)
            (void)SMAX_GPU(EventDestroy)(e[k]);
        free_pass(&q2);
    }
    smax_context_destroy(ctx2);
    (void)SMAX_GPU(EventDestroy)(done);
    (void)SMAX_GPU(StreamDestroy)(other);
    free_pass(&q);
}

int main(void)
{
    int devices = 0;
    if (SMAX_GPU(GetDeviceCount)(&devices) != SMAX_GPU(Success) ||
        devices == 0) {
        printf("SKIPPED: no %s device\n", SMAX_GPU_RUNTIME_NAME);
        return 77;
    }
    smax_gpu_stream stream;
    smax_context ctx = NULL;
    if (SMAX_GPU(StreamCreate)(&stream) != SMAX_GPU(Success) ||
        SMAX_CONTEXT_ON_STREAM(0, stream, &ctx) != SMAX_SUCCESS)
        return fprintf(stderr, "context: %s\n", smax_last_error(NULL)), 1;
    graphs(ctx, stream);
    streams(ctx, stream);
    smax_context_destroy(ctx);
    (void)SMAX_GPU(StreamDestroy)(stream);
    printf("graphs and streams: %s (%d failures)\n",
           failures ? "FAILED" : "passed", failures);
    return failures ? 1 : 0;
}
