/*
 * sharded_softmax.c - softmax over rows whose columns are split over
 * several ranks, with the phase calls of smax_shard.h (docs/sharded.md).
 *
 * Here the K ranks are K smax contexts of one process, and the "collective"
 * is a copy through the host, so the program runs anywhere smax does (on
 * the CPU through PoCL too). In a real job each rank is a process with its
 * own GPU, and the two marked steps are one collective call each; the
 * NCCL form is in the comments (or use smax_nccl_softmax, smax_nccl.h,
 * which does all four steps).
 *
 * Build: cc sharded_softmax.c $(pkg-config --cflags --libs smax)
 * Exit status 0 when the joined output matches an unsharded smax_softmax.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <smax/smax.h>
#include <smax/smax_shard.h>

#define K 3        /* ranks                                     */
#define ROWS 4     /* every rank holds all rows ...             */
#define COLS 1000  /* ... and a range of the columns            */

#define OK(call)                                                             \
    do {                                                                     \
        smax_status st_ = (call);                                            \
        if (st_ != SMAX_SUCCESS) {                                           \
            fprintf(stderr, "%s: %s\n", #call, smax_status_string(st_));     \
            return 1;                                                        \
        }                                                                    \
    } while (0)

int main(void)
{
    /* The whole logits, only to make the shards and to compare at the end. */
    static float x[ROWS][COLS], y_joined[ROWS][COLS], y_whole[ROWS][COLS];
    for (int r = 0; r < ROWS; ++r)
        for (int c = 0; c < COLS; ++c)
            x[r][c] = (float)sin(0.37 * c + r) * 6.0f;
    /* Uneven shards: rank j owns columns begin[j] .. begin[j + 1]. */
    const int begin[K + 1] = {0, 123, 124, COLS};

    smax_context ctx[K];
    smax_buffer bx[K], by[K], part[K], gathered[K];
    for (int j = 0; j < K; ++j) {
        smax_status st = smax_context_create(&ctx[j]);
        if (st == SMAX_ERROR_NO_DEVICE) {
            printf("no device: %s\n", smax_last_error(NULL));
            return 77; /* ctest: skipped */
        }
        OK(st);
    }

    /* 1. Every rank: its shard's per-row partials (m, s), 2 floats a row. */
    for (int j = 0; j < K; ++j) {
        const int w = begin[j + 1] - begin[j];
        smax_problem shard = smax_problem_make(ROWS, w);
        float *mine = malloc(sizeof(float) * ROWS * (size_t)w);
        for (int r = 0; r < ROWS; ++r)
            memcpy(mine + r * w, &x[r][begin[j]], sizeof(float) * (size_t)w);
        OK(smax_buffer_alloc(ctx[j], sizeof(float) * ROWS * (size_t)w, &bx[j]));
        OK(smax_buffer_alloc(ctx[j], sizeof(float) * ROWS * (size_t)w, &by[j]));
        OK(smax_buffer_write(ctx[j], bx[j], 0, mine,
                             sizeof(float) * ROWS * (size_t)w));
        free(mine);
        OK(smax_buffer_alloc(ctx[j], sizeof(smax_row_partial) * ROWS, &part[j]));
        OK(smax_buffer_alloc(ctx[j], sizeof(smax_row_partial) * ROWS * K,
                             &gathered[j]));
        OK(smax_shard_partials(ctx[j], &shard, bx[j], 0, part[j], 0));
    }

    /* 2. The collective: every rank gets all ranks' partials in rank order,
     *    block j = rank j's ROWS pairs. With NCCL, on each rank:
     *      ncclAllGather(ptr(part), ptr(gathered), 2 * ROWS, ncclFloat,
     *                    comm, smax_cuda_stream(ctx));
     *    where ptr(b) = smax_cuda_buffer_pointer(b). */
    smax_row_partial all[K][ROWS];
    for (int j = 0; j < K; ++j)
        OK(smax_buffer_read(ctx[j], part[j], 0, all[j], sizeof all[j]));
    for (int j = 0; j < K; ++j)
        OK(smax_buffer_write(ctx[j], gathered[j], 0, all, sizeof all));

    /* 3. Every rank: the row totals, merged in rank order (bit-identical on
     *    every rank), in place over block 0. 4. Its part of the output. */
    for (int j = 0; j < K; ++j) {
        const int w = begin[j + 1] - begin[j];
        smax_problem shard = smax_problem_make(ROWS, w);
        OK(smax_shard_merge(ctx[j], ROWS, K, gathered[j], 0, gathered[j], 0));
        OK(smax_shard_finish(ctx[j], &shard, bx[j], 0, gathered[j], 0, by[j],
                             0));
        float *mine = malloc(sizeof(float) * ROWS * (size_t)w);
        OK(smax_buffer_read(ctx[j], by[j], 0, mine,
                            sizeof(float) * ROWS * (size_t)w));
        for (int r = 0; r < ROWS; ++r)
            memcpy(&y_joined[r][begin[j]], mine + r * w,
                   sizeof(float) * (size_t)w);
        free(mine);
    }

    /* The same rows unsharded on rank 0's context, for comparison. */
    smax_buffer wx, wy;
    smax_problem whole = smax_problem_make(ROWS, COLS);
    OK(smax_buffer_alloc(ctx[0], sizeof x, &wx));
    OK(smax_buffer_alloc(ctx[0], sizeof x, &wy));
    OK(smax_buffer_write(ctx[0], wx, 0, x, sizeof x));
    OK(smax_softmax(ctx[0], &whole, wx, 0, wy, 0));
    OK(smax_buffer_read(ctx[0], wy, 0, y_whole, sizeof y_whole));
    double worst = 0.0;
    for (int r = 0; r < ROWS; ++r)
        for (int c = 0; c < COLS; ++c) {
            const double d = fabs(y_joined[r][c] - y_whole[r][c]) /
                             fmax(fabs(y_whole[r][c]), 1e-30);
            worst = d > worst ? d : worst;
        }
    printf("%d x %d over %d ranks: largest relative difference from the "
           "unsharded softmax %.3g\n", ROWS, COLS, K, worst);

    smax_buffer_free(wx);
    smax_buffer_free(wy);
    for (int j = 0; j < K; ++j) {
        smax_buffer_free(bx[j]);
        smax_buffer_free(by[j]);
        smax_buffer_free(part[j]);
        smax_buffer_free(gathered[j]);
        smax_context_destroy(ctx[j]);
    }
    return worst < 1e-5 ? 0 : 1;
}
