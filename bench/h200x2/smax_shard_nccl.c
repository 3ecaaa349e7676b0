/*
 * smax_shard_nccl.c - vocabulary-parallel softmax over NCCL, one process
 * per rank (bench/h200x2/shard.sh starts them): correctness against the
 * float64 reference and time against
 *   (a) the unsharded softmax of the whole rows on one GPU (rank 0), and
 *   (b) an all-gather of the logits (one ncclBroadcast per rank in a
 *       group: blocks of rows x width), a strided copy per block into whole
 *       rows, then the unsharded softmax on every rank.
 * The sharded call is smax_nccl_softmax (partials, an all-gather of
 * rows x 2 floats per rank, the merge in rank order, the finish); the
 * gradient smax_nccl_softmax_backward against (a) smax_softmax_backward.
 *
 *   smax-shard-nccl --rank R --nranks N --id-file PATH
 *                   [--shape 4096x128256] [--dtype f32|bf16] [--iters 20]
 *                   [--device D] [--no-check] [--csv FILE]
 *
 * Rank 0 writes the NCCL unique id to PATH (it must not exist yet); the
 * others wait for it. Every rank makes the same input from a hash of the
 * element index, and takes columns [w*R, w*(R+1)) (the last rank the rest).
 * Times are medians of CUDA-event timings on each rank's stream, after
 * warm-up; rank 0 prints one line per measurement (and CSV rows), with the
 * slowest rank's median for the sharded and (b) figures. Exit 0 when every
 * check passed.
 */
#define _POSIX_C_SOURCE 200809L
#include <cuda_runtime_api.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "smax/smax_cuda.h"
#include "smax/smax_nccl.h"
#include "smax_half.h"
#include "smax_tolerance.h"

#define CUDA_OK(call)                                                         \
    do {                                                                      \
        cudaError_t e_ = (call);                                              \
        if (e_ != cudaSuccess) {                                              \
            fprintf(stderr, "rank %d: %s: %s\n", g_rank, #call,               \
                    cudaGetErrorString(e_));                                  \
            exit(2);                                                          \
        }                                                                     \
    } while (0)
#define NCCL_OK(call)                                                         \
    do {                                                                      \
        ncclResult_t r_ = (call);                                             \
        if (r_ != ncclSuccess) {                                              \
            fprintf(stderr, "rank %d: %s: %s\n", g_rank, #call,               \
                    ncclGetErrorString(r_));                                  \
            exit(2);                                                          \
        }                                                                     \
    } while (0)
#define SMAX_OK(ctx, call)                                                    \
    do {                                                                      \
        smax_status s_ = (call);                                              \
        if (s_ != SMAX_SUCCESS) {                                             \
            fprintf(stderr, "rank %d: %s: %s: %s %s\n", g_rank, #call,        \
                    smax_status_string(s_), smax_last_error(ctx),             \
                    smax_nccl_last_error());                                  \
            exit(2);                                                          \
        }                                                                     \
    } while (0)

static int g_rank, g_nranks;
static ncclComm_t g_comm;
static cudaStream_t g_stream;
static smax_context g_ctx;

/* The same input on every rank: a hash of the element index, uniform in
 * [-8, 8) for x and [-1, 1) for dy. */
static float hashed(uint64_t i, uint64_t salt, float half_range)
{
    uint64_t z = i * 0x9e3779b97f4a7c15ull + salt;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    return (float)((double)(z >> 40) / 16777216.0 * 2.0 - 1.0) * half_range;
}

static void barrier(void)
{
    static float *one = NULL;
    if (one == NULL)
        CUDA_OK(cudaMalloc((void **)&one, sizeof(float)));
    NCCL_OK(ncclAllReduce(one, one, 1, ncclFloat, ncclSum, g_comm, g_stream));
    CUDA_OK(cudaStreamSynchronize(g_stream));
}

static int cmp_float(const void *a, const void *b)
{
    const float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

/* Median of iters timings (ms) of fn on the stream, after 3 warm-ups. */
static float time_ms(void (*fn)(void *), void *arg, int iters)
{
    cudaEvent_t a, b;
    CUDA_OK(cudaEventCreate(&a));
    CUDA_OK(cudaEventCreate(&b));
    float *t = malloc(sizeof(float) * (size_t)iters);
    for (int i = 0; i < 3; ++i)
        fn(arg);
    for (int i = 0; i < iters; ++i) {
        barrier();
        CUDA_OK(cudaEventRecord(a, g_stream));
        fn(arg);
        CUDA_OK(cudaEventRecord(b, g_stream));
        CUDA_OK(cudaEventSynchronize(b));
        CUDA_OK(cudaEventElapsedTime(&t[i], a, b));
    }
    qsort(t, (size_t)iters, sizeof *t, cmp_float);
    const float med = t[iters / 2];
    free(t);
    CUDA_OK(cudaEventDestroy(a));
    CUDA_OK(cudaEventDestroy(b));
    return med;
}

/* The largest of every rank's value (an all-reduce of the maximum). */
static float slowest(float v)
{
    float *d;
    CUDA_OK(cudaMalloc((void **)&d, sizeof v));
    /* all on the (non-blocking) stream, in order */
    CUDA_OK(cudaMemcpyAsync(d, &v, sizeof v, cudaMemcpyHostToDevice,
                            g_stream));
    NCCL_OK(ncclAllReduce(d, d, 1, ncclFloat, ncclMax, g_comm, g_stream));
    CUDA_OK(cudaMemcpyAsync(&v, d, sizeof v, cudaMemcpyDeviceToHost,
                            g_stream));
    CUDA_OK(cudaStreamSynchronize(g_stream));
    CUDA_OK(cudaFree(d));
    return v;
}

typedef struct setup {
    int64_t rows, cols;
    int64_t begin[64];      /* columns of rank j: begin[j] .. begin[j+1] */
    smax_dtype dt;
    size_t elem;
    smax_problem shard;     /* this rank's columns                        */
    smax_problem full;      /* whole rows                                 */
    smax_buffer x, y, dy, dx, ws;         /* the shard                    */
    smax_buffer gath;       /* k blocks of rows x width (b, checks)      */
    smax_buffer fx, fy, fdy, fdx;         /* whole rows (a, b)            */
} setup;

static void run_sharded(void *arg)
{
    setup *s = arg;
    SMAX_OK(g_ctx, smax_nccl_softmax(g_ctx, g_comm, &s->shard, s->x, 0, s->y,
                                     0, s->ws, 0));
}

static void run_sharded_backward(void *arg)
{
    setup *s = arg;
    SMAX_OK(g_ctx, smax_nccl_softmax_backward(g_ctx, g_comm, &s->shard, s->y,
                                              0, s->dy, 0, s->dx, 0, s->ws, 0));
}

static void run_unsharded(void *arg)
{
    setup *s = arg;
    SMAX_OK(g_ctx, smax_softmax(g_ctx, &s->full, s->fx, 0, s->fy, 0));
}

static void run_unsharded_backward(void *arg)
{
    setup *s = arg;
    SMAX_OK(g_ctx, smax_softmax_backward(g_ctx, &s->full, s->fy, 0, s->fdy, 0,
                                         s->fdx, 0));
}

/* Every rank's shard of `src` (rows x width) into s->gath, block j at
 * rows * begin[j] elements: one broadcast per rank in a group. */
static void gather_blocks(setup *s, smax_buffer src)
{
    char *dst = smax_cuda_buffer_pointer(s->gath);
    const char *mine = smax_cuda_buffer_pointer(src);
    NCCL_OK(ncclGroupStart());
    for (int j = 0; j < g_nranks; ++j) {
        const size_t bytes =
            (size_t)(s->rows * (s->begin[j + 1] - s->begin[j])) * s->elem;
        char *at = dst + (size_t)(s->rows * s->begin[j]) * s->elem;
        NCCL_OK(ncclBroadcast(j == g_rank ? mine : at, at, bytes, ncclChar, j,
                              g_comm, g_stream));
    }
    NCCL_OK(ncclGroupEnd());
}

/* The gathered blocks into whole rows of `full`. */
static void join_blocks(setup *s, smax_buffer full)
{
    char *dst = smax_cuda_buffer_pointer(full);
    const char *src = smax_cuda_buffer_pointer(s->gath);
    for (int j = 0; j < g_nranks; ++j) {
        const size_t w = (size_t)(s->begin[j + 1] - s->begin[j]);
        if (w == 0)
            continue;
        CUDA_OK(cudaMemcpy2DAsync(
            dst + (size_t)s->begin[j] * s->elem, (size_t)s->cols * s->elem,
            src + (size_t)(s->rows * s->begin[j]) * s->elem, w * s->elem,
            w * s->elem, (size_t)s->rows, cudaMemcpyDeviceToDevice, g_stream));
    }
}

static void run_allgather_softmax(void *arg)
{
    setup *s = arg;
    gather_blocks(s, s->x);
    join_blocks(s, s->fx);
    SMAX_OK(g_ctx, smax_softmax(g_ctx, &s->full, s->fx, 0, s->fy, 0));
}

/* Rows checked: 16 spread over the matrix, first and last included. */
#define CHECK_ROWS 16

/* Gathers the shards of `out` (format of s->dt) and judges CHECK_ROWS rows
 * on rank 0 against the reference of in0 (and in1), given on the host for
 * those rows. */
static int check_rows(setup *s, smax_buffer out, int backward,
                      const float *in0, const float *in1, const int64_t *pick,
                      int levels, const char *what)
{
    gather_blocks(s, out);
    CUDA_OK(cudaStreamSynchronize(g_stream));
    if (g_rank != 0)
        return 1;
    const size_t row_bytes = (size_t)s->cols * s->elem;
    unsigned char *got = malloc(row_bytes * CHECK_ROWS);
    const char *dev = smax_cuda_buffer_pointer(s->gath);
    for (int i = 0; i < CHECK_ROWS; ++i)
        for (int j = 0; j < g_nranks; ++j) {
            const size_t w = (size_t)(s->begin[j + 1] - s->begin[j]);
            CUDA_OK(cudaMemcpy(
                got + i * row_bytes + (size_t)s->begin[j] * s->elem,
                dev + ((size_t)(s->rows * s->begin[j]) + (size_t)pick[i] * w) *
                          s->elem,
                w * s->elem, cudaMemcpyDeviceToHost));
        }
    smax_check_result res;
    const int ok = smax_check_any(backward, in0, in1, CHECK_ROWS, s->cols, 0,
                                  1.0f, (int)s->dt, got, levels, &res);
    printf("check %-9s %s (%d rows of %lld, worst %.3g of %.3g)%s%s\n",
           what, ok ? "PASSED" : "FAILED", CHECK_ROWS, (long long)s->cols,
           res.worst_rel, res.trh, ok ? "" : ": ", ok ? "" : res.message);
    free(got);
    return ok;
}

int main(int argc, char **argv)
{
    int nranks = 2, device = -1, iters = 20, check = 1;
    const char *id_file = NULL, *csv = NULL, *dtype = "f32";
    int64_t rows = 4096, cols = 128256;
    g_rank = -1;
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : "";
        if (!strcmp(a, "--rank")) g_rank = atoi(v), ++i;
        else if (!strcmp(a, "--nranks")) nranks = atoi(v), ++i;
        else if (!strcmp(a, "--id-file")) id_file = v, ++i;
        else if (!strcmp(a, "--device")) device = atoi(v), ++i;
        else if (!strcmp(a, "--iters")) iters = atoi(v), ++i;
        else if (!strcmp(a, "--dtype")) dtype = v, ++i;
        else if (!strcmp(a, "--csv")) csv = v, ++i;
        else if (!strcmp(a, "--no-check")) check = 0;
        else if (!strcmp(a, "--shape")) {
            long long r, c;
            if (sscanf(v, "%lldx%lld", &r, &c) != 2) {
                fprintf(stderr, "--shape ROWSxCOLS\n");
                return 2;
            }
            rows = r, cols = c, ++i;
        } else {
            fprintf(stderr, "unknown argument %s\n", a);
            return 2;
        }
    }
    if (g_rank < 0 || nranks < 1 || nranks > 63 || id_file == NULL ||
        iters < 1) {
        fprintf(stderr, "usage: %s --rank R --nranks N --id-file PATH "
                        "[--shape RxC] [--dtype f32|bf16] [--iters N] "
                        "[--device D] [--no-check] [--csv FILE]\n", argv[0]);
        return 2;
    }
    g_nranks = nranks;
    int devices = 0;
    CUDA_OK(cudaGetDeviceCount(&devices));
    if (device < 0)
        device = g_rank % devices;
    CUDA_OK(cudaSetDevice(device));

    /* the unique id through a file */
    ncclUniqueId id;
    if (g_rank == 0) {
        NCCL_OK(ncclGetUniqueId(&id));
        char tmp[4096];
        snprintf(tmp, sizeof tmp, "%s.tmp", id_file);
        FILE *f = fopen(tmp, "wb");
        if (f == NULL || fwrite(&id, sizeof id, 1, f) != 1) {
            fprintf(stderr, "cannot write %s\n", tmp);
            return 2;
        }
        fclose(f);
        rename(tmp, id_file);
    } else {
        FILE *f = NULL;
        for (int t = 0; t < 1200 && f == NULL; ++t) {
            f = fopen(id_file, "rb");
            if (f == NULL) {
                struct timespec ts = {0, 50000000};
                nanosleep(&ts, NULL);
            }
        }
        if (f == NULL || fread(&id, sizeof id, 1, f) != 1) {
            fprintf(stderr, "rank %d: no id in %s\n", g_rank, id_file);
            return 2;
        }
        fclose(f);
    }
    NCCL_OK(ncclCommInitRank(&g_comm, nranks, id, g_rank));
    CUDA_OK(cudaStreamCreateWithFlags(&g_stream, cudaStreamNonBlocking));
    SMAX_OK(NULL, smax_cuda_context_create(device, g_stream, &g_ctx));

    setup s;
    memset(&s, 0, sizeof s);
    s.rows = rows;
    s.cols = cols;
    s.dt = strcmp(dtype, "bf16") == 0 ? SMAX_DTYPE_BF16 : SMAX_DTYPE_F32;
    s.elem = s.dt == SMAX_DTYPE_F32 ? 4 : 2;
    const int64_t w0 = cols / nranks;
    for (int j = 0; j <= nranks; ++j)
        s.begin[j] = j == nranks ? cols : w0 * j;
    const int64_t b = s.begin[g_rank], w = s.begin[g_rank + 1] - b;
    s.shard = smax_problem_make(rows, w);
    s.full = smax_problem_make(rows, cols);
    s.shard.x_dtype = s.shard.y_dtype = s.full.x_dtype = s.full.y_dtype = s.dt;

    /* host input (the shard, and on rank 0 the whole rows for (a)) */
    const size_t shard_n = (size_t)(rows * w), full_n = (size_t)(rows * cols);
    float *hx = malloc(shard_n * sizeof(float));
    float *hdy = malloc(shard_n * sizeof(float));
    for (int64_t r = 0; r < rows; ++r)
        for (int64_t c = 0; c < w; ++c) {
            const uint64_t i = (uint64_t)(r * cols + b + c);
            hx[r * w + c] = hashed(i, 1, 8.0f);
            hdy[r * w + c] = hashed(i, 2, 1.0f);
        }
    void *raw = malloc(shard_n * s.elem);
    SMAX_OK(g_ctx, smax_buffer_alloc(g_ctx, shard_n * s.elem + 4, &s.x));
    SMAX_OK(g_ctx, smax_buffer_alloc(g_ctx, shard_n * s.elem + 4, &s.y));
    SMAX_OK(g_ctx, smax_buffer_alloc(g_ctx, shard_n * s.elem + 4, &s.dy));
    SMAX_OK(g_ctx, smax_buffer_alloc(g_ctx, shard_n * s.elem + 4, &s.dx));
    SMAX_OK(g_ctx, smax_buffer_alloc(g_ctx,
                                     smax_nccl_workspace_bytes(rows, nranks),
                                     &s.ws));
    SMAX_OK(g_ctx, smax_buffer_alloc(g_ctx, full_n * s.elem, &s.gath));
    SMAX_OK(g_ctx, smax_buffer_alloc(g_ctx, full_n * s.elem, &s.fx));
    SMAX_OK(g_ctx, smax_buffer_alloc(g_ctx, full_n * s.elem, &s.fy));
    smax_fmt_encode((int)s.dt, hx, shard_n, raw);
    SMAX_OK(g_ctx, smax_buffer_write(g_ctx, s.x, 0, raw, shard_n * s.elem));
    smax_fmt_encode((int)s.dt, hdy, shard_n, raw);
    SMAX_OK(g_ctx, smax_buffer_write(g_ctx, s.dy, 0, raw, shard_n * s.elem));
    free(raw);
    free(hx);
    free(hdy);

    smax_plan_info plan;
    SMAX_OK(g_ctx, smax_shard_plan(g_ctx, &s.shard, &plan));
    const int levels = (int)plan.merge_levels + nranks - 1;
    smax_plan_info bplan;
    SMAX_OK(g_ctx, smax_shard_plan_backward(g_ctx, &s.shard, &bplan));
    const int blevels = (int)bplan.merge_levels + nranks - 1;

    int ok = 1;
    run_sharded(&s);
    run_sharded_backward(&s);
    if (check) {
        /* the picked rows of x, y (as computed) and dy on the host */
        int64_t pick[CHECK_ROWS];
        for (int i = 0; i < CHECK_ROWS; ++i)
            pick[i] = rows == 1 ? 0 : (rows - 1) * i / (CHECK_ROWS - 1);
        float *px = malloc(sizeof(float) * (size_t)cols * CHECK_ROWS);
        float *pdy = malloc(sizeof(float) * (size_t)cols * CHECK_ROWS);
        for (int i = 0; i < CHECK_ROWS; ++i)
            for (int64_t c = 0; c < cols; ++c) {
                const uint64_t e = (uint64_t)(pick[i] * cols + c);
                px[i * cols + c] = smax_round_to((int)s.dt, hashed(e, 1, 8.0f));
                pdy[i * cols + c] = smax_round_to((int)s.dt, hashed(e, 2, 1.0f));
            }
        ok &= check_rows(&s, s.y, 0, px, NULL, pick, levels, "forward");
        /* the gradient's y is the forward output just gathered */
        float *py = malloc(sizeof(float) * (size_t)cols * CHECK_ROWS);
        if (g_rank == 0) {
            const char *dev = smax_cuda_buffer_pointer(s.gath);
            unsigned char *row = malloc((size_t)cols * s.elem);
            for (int i = 0; i < CHECK_ROWS; ++i) {
                for (int j = 0; j < nranks; ++j) {
                    const size_t wj = (size_t)(s.begin[j + 1] - s.begin[j]);
                    CUDA_OK(cudaMemcpy(
                        row + (size_t)s.begin[j] * s.elem,
                        dev + ((size_t)(rows * s.begin[j]) +
                               (size_t)pick[i] * wj) * s.elem,
                        wj * s.elem, cudaMemcpyDeviceToHost));
                }
                smax_fmt_decode((int)s.dt, row, (size_t)cols, py + i * cols);
            }
            free(row);
        }
        ok &= check_rows(&s, s.dx, 1, py, pdy, pick, blevels, "backward");
        free(px);
        free(pdy);
        free(py);
    }

    const double gb = (double)full_n * (double)s.elem * 2.0 / 1e9;
    const double gb_bwd = (double)full_n * (double)s.elem * 3.0 / 1e9;
    barrier();
    const float t_shard = slowest(time_ms(run_sharded, &s, iters));
    const float t_shard_bwd = slowest(time_ms(run_sharded_backward, &s, iters));
    const float t_gather = slowest(time_ms(run_allgather_softmax, &s, iters));
    float t_one = 0.0f, t_one_bwd = 0.0f;
    /* (a): rank 0 alone, the others wait at the next barrier */
    if (g_rank == 0) {
        SMAX_OK(g_ctx, smax_buffer_alloc(g_ctx, full_n * s.elem, &s.fdy));
        SMAX_OK(g_ctx, smax_buffer_alloc(g_ctx, full_n * s.elem, &s.fdx));
        /* whole rows of x (and dy) through the gather of (b) */
    }
    gather_blocks(&s, s.x);
    join_blocks(&s, s.fx);
    SMAX_OK(g_ctx, smax_softmax(g_ctx, &s.full, s.fx, 0, s.fy, 0));
    gather_blocks(&s, s.dy);
    if (g_rank == 0) {
        join_blocks(&s, s.fdy);
        CUDA_OK(cudaStreamSynchronize(g_stream));
        /* time_ms's barrier needs every rank: time without it here */
        cudaEvent_t a, e;
        CUDA_OK(cudaEventCreate(&a));
        CUDA_OK(cudaEventCreate(&e));
        float *t = malloc(sizeof(float) * (size_t)iters);
        for (int pass = 0; pass < 2; ++pass) {
            void (*fn)(void *) = pass ? run_unsharded_backward : run_unsharded;
            for (int i = 0; i < 3; ++i)
                fn(&s);
            for (int i = 0; i < iters; ++i) {
                CUDA_OK(cudaEventRecord(a, g_stream));
                fn(&s);
                CUDA_OK(cudaEventRecord(e, g_stream));
                CUDA_OK(cudaEventSynchronize(e));
                CUDA_OK(cudaEventElapsedTime(&t[i], a, e));
            }
            qsort(t, (size_t)iters, sizeof *t, cmp_float);
            *(pass ? &t_one_bwd : &t_one) = t[iters / 2];
        }
        free(t);
    }
    barrier();
    if (g_rank == 0) {
        const char *name = s.dt == SMAX_DTYPE_F32 ? "f32" : "bf16";
        printf("%lld x %lld %s over %d ranks (median of %d; GB/s = whole "
               "rows read + written / time)\n",
               (long long)rows, (long long)cols, name, nranks, iters);
        printf("  forward  sharded (smax_nccl_softmax)      %9.3f ms %8.1f GB/s\n",
               t_shard, gb / (t_shard * 1e-3));
        printf("  forward  (a) unsharded, one GPU           %9.3f ms %8.1f GB/s\n",
               t_one, gb / (t_one * 1e-3));
        printf("  forward  (b) all-gather logits + softmax  %9.3f ms %8.1f GB/s\n",
               t_gather, gb / (t_gather * 1e-3));
        printf("  backward sharded (smax_nccl_..._backward) %9.3f ms %8.1f GB/s\n",
               t_shard_bwd, gb_bwd / (t_shard_bwd * 1e-3));
        printf("  backward (a) unsharded, one GPU           %9.3f ms %8.1f GB/s\n",
               t_one_bwd, gb_bwd / (t_one_bwd * 1e-3));
        if (csv != NULL) {
            FILE *f = fopen(csv, "a");
            if (f != NULL) {
                fprintf(f, "%lld,%lld,%s,%d,forward,sharded,%.4f\n",
                        (long long)rows, (long long)cols, name, nranks, t_shard);
                fprintf(f, "%lld,%lld,%s,%d,forward,unsharded_one_gpu,%.4f\n",
                        (long long)rows, (long long)cols, name, nranks, t_one);
                fprintf(f, "%lld,%lld,%s,%d,forward,allgather_softmax,%.4f\n",
                        (long long)rows, (long long)cols, name, nranks, t_gather);
                fprintf(f, "%lld,%lld,%s,%d,backward,sharded,%.4f\n",
                        (long long)rows, (long long)cols, name, nranks,
                        t_shard_bwd);
                fprintf(f, "%lld,%lld,%s,%d,backward,unsharded_one_gpu,%.4f\n",
                        (long long)rows, (long long)cols, name, nranks,
                        t_one_bwd);
                fclose(f);
            }
        }
    }
    smax_buffer bufs[] = {s.x, s.y, s.dy, s.dx, s.ws, s.gath, s.fx, s.fy,
                          s.fdy, s.fdx};
    for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; ++i)
        smax_buffer_free(bufs[i]);
    smax_context_destroy(g_ctx);
    ncclCommDestroy(g_comm);
    cudaStreamDestroy(g_stream);
    if (g_rank == 0)
        unlink(id_file);
    return ok ? 0 : 1;
}
