/*
 * test_shard.c - rows sharded over k ranks through the phase calls of
 * smax_shard.h, k = 1..8 contexts in one process acting as the ranks (on
 * PoCL in CI; on a GPU machine all contexts share the one device).
 *
 * Per case, for each direction: every rank computes its shard's per-row
 * partials (forward (m, s), backward sums), the host plays the
 * collective (an all-gather in rank order: k blocks of rows), every rank
 * merges the gathered partials on its own context, and
 *   - the totals of all ranks are bit-identical (memcmp);
 *   - backward totals equal plain f32 addition in rank order on the host;
 *   - the outputs of all ranks joined equal the unsharded float64
 *     reference within THE tolerance rule (smax_check_any), with merge
 *     levels = the shard plan's levels + (k - 1) for the fold over the
 *     shards.
 * Shards are uneven (one of 1 column, one of 0 columns, widths that
 * differ), strides padded, offsets nonzero (one not element-aligned: the
 * staged path), dtypes f32/f16/bf16, softmax and log-softmax, scales,
 * the masked-rows flag, and special values: a shard of -inf only, a row
 * of -inf only, a NaN or +inf in one shard. Then the bad-input cases:
 * every failing call leaves its output untouched; and a caller's
 * workspace of smax_shard_plan's scratch_bytes.
 * Exit 0 passed, 1 failed, 77 no device.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smax/smax.h"
#include "smax/smax_shard.h"
#include "smax_half.h"
#include "smax_reference.h"
#include "smax_test_context.h"
#include "smax_tolerance.h"

#define MAX_RANKS 8

static int failures, checks;
static smax_context ranks[MAX_RANKS];

/* ---- host data --------------------------------------------------------------- */

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static double uniform(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return ((rng_state >> 11) + 0.5) / 9007199254740992.0;
}

static float normal(double sigma)
{
    const double u = uniform(), v = uniform();
    return (float)(sigma * sqrt(-2.0 * log(u)) * cos(6.283185307179586 * v));
}

/* Special values a case puts into its input. */
enum {
    SPECIAL_NONE = 0,
    SPECIAL_NEG_INF_SHARD = 1, /* shard 1 (or 0 when k = 1) all -inf      */
    SPECIAL_NEG_INF_ROW = 2,   /* row 1 all -inf                          */
    SPECIAL_NAN = 4,           /* a NaN in the last shard of row 0         */
    SPECIAL_POS_INF = 8        /* +inf in shard 0 of the last row          */
};

typedef struct kase {
    int64_t rows, cols;
    int k;
    int split;      /* 0 even, 1 a 1-column shard, 2 a 0-column shard,
                       3 widths growing with the rank */
    smax_dtype in, out;
    uint32_t flags;
    float scale;
    int special;
    int pad;        /* extra elements per row in every shard's buffers */
    size_t offset;  /* byte offset of every shard's data operands */
} kase;

/* The first column of each rank's shard: begin[j] .. begin[j + 1]. */
static void split_cols(const kase *c, int64_t *begin)
{
    const int k = c->k;
    int64_t w[MAX_RANKS] = {0};
    int64_t left = c->cols;
    if (c->split == 3) {
        int64_t parts = (int64_t)k * (k + 1) / 2;
        for (int j = 0; j < k; ++j) {
            w[j] = c->cols * (j + 1) / parts;
            left -= w[j];
        }
        w[k - 1] += left;
    } else {
        for (int j = 0; j < k; ++j) {
            w[j] = c->cols / k;
            left -= w[j];
        }
        for (int j = 0; j < left; ++j)
            w[j]++;
        if (k > 1 && c->split == 1) { /* rank 1 gets one column */
            w[0] += w[1] - 1;
            w[1] = 1;
        }
        if (k > 1 && c->split == 2) { /* the last rank gets none */
            w[0] += w[k - 1];
            w[k - 1] = 0;
        }
    }
    begin[0] = 0;
    for (int j = 0; j < k; ++j)
        begin[j + 1] = begin[j] + w[j];
}

/* ---- one rank's buffers --------------------------------------------------- */

/* Every buffer starts as this byte: what a call must not write (offsets,
 * row padding, the rest of a partials buffer) is checked to keep it, and
 * nothing the library reads or copies is uninitialized (compute-sanitizer
 * initcheck on the GPU). */
#define CANARY 0x5a

/* A new buffer of `bytes`, every byte CANARY. */
static smax_buffer alloc_on(smax_context ctx, size_t bytes)
{
    smax_buffer b = NULL;
    if (bytes == 0)
        bytes = 4;
    const smax_status st = smax_buffer_alloc(ctx, bytes, &b);
    SMAX_CHECK(st == SMAX_SUCCESS, "alloc %zu: %s", bytes,
               smax_last_error(ctx));
    if (b == NULL)
        return NULL;
    unsigned char *h = malloc(bytes);
    memset(h, CANARY, bytes);
    smax_buffer_write(ctx, b, 0, h, bytes);
    free(h);
    return b;
}

/* Counts the n bytes at p that are not `fill`. */
static size_t bytes_not(const unsigned char *p, size_t n, unsigned char fill)
{
    size_t bad = 0;
    for (size_t i = 0; i < n; ++i)
        bad += p[i] != fill;
    return bad;
}

/* Reads the `bytes` of buf once: [begin, end) into dst, and checks that
 * the bytes around it are still CANARY. */
static void read_inside(smax_context ctx, smax_buffer buf, size_t bytes,
                        size_t begin, size_t end, void *dst, const char *what,
                        int rank)
{
    unsigned char *h = malloc(bytes);
    smax_buffer_read(ctx, buf, 0, h, bytes);
    memcpy(dst, h + begin, end - begin);
    const size_t bad =
        bytes_not(h, begin, CANARY) + bytes_not(h + end, bytes - end, CANARY);
    checks++;
    SMAX_CHECK(bad == 0, "%s of rank %d: %zu bytes written outside it", what,
               rank, bad);
    free(h);
}

/* Writes columns [b, e) of the dense rows x cols raw matrix `full` (elem
 * bytes each) into a new buffer of rows x (e - b + pad) at `offset`. */
static smax_buffer shard_upload(smax_context ctx, const unsigned char *full,
                                int64_t rows, int64_t cols, int64_t b,
                                int64_t e, int pad, size_t elem,
                                size_t offset)
{
    const int64_t stride = e - b + pad;
    const size_t bytes = offset + (size_t)(rows * stride) * elem;
    unsigned char *host = malloc(bytes ? bytes : 1);
    memset(host, CANARY, bytes);
    for (int64_t r = 0; r < rows; ++r)
        memcpy(host + offset + (size_t)(r * stride) * elem,
               full + (size_t)(r * cols + b) * elem, (size_t)(e - b) * elem);
    smax_buffer buf = alloc_on(ctx, bytes);
    if (buf != NULL)
        smax_buffer_write(ctx, buf, 0, host, bytes);
    free(host);
    return buf;
}

static void shard_download(smax_context ctx, smax_buffer buf,
                           unsigned char *full, int64_t rows, int64_t cols,
                           int64_t b, int64_t e, int pad, size_t elem,
                           size_t offset)
{
    const int64_t stride = e - b + pad;
    const size_t bytes = offset + (size_t)(rows * stride) * elem;
    unsigned char *host = malloc(bytes ? bytes : 1);
    smax_buffer_read(ctx, buf, 0, host, bytes);
    size_t bad = bytes_not(host, offset, CANARY);
    for (int64_t r = 0; r < rows; ++r) {
        const size_t row = offset + (size_t)(r * stride) * elem;
        memcpy(full + (size_t)(r * cols + b) * elem, host + row,
               (size_t)(e - b) * elem);
        bad += bytes_not(host + row + (size_t)(e - b) * elem,
                         (size_t)pad * elem, CANARY);
    }
    checks++;
    SMAX_CHECK(bad == 0, "columns [%lld, %lld): %zu bytes of the offset or "
               "row padding written", (long long)b, (long long)e, bad);
    free(host);
}

static smax_problem shard_problem(const kase *c, int64_t width, int backward)
{
    smax_problem p = smax_problem_make(c->rows, width);
    p.x_dtype = c->in;
    p.y_dtype = c->out;
    if (backward) { /* y, dy of the forward output type; dx of the input's */
        p.x_dtype = c->in;
        p.y_dtype = c->out;
    }
    p.x_row_stride = p.y_row_stride = p.dy_row_stride = width + c->pad;
    p.flags = c->flags;
    p.scale = c->scale;
    return p;
}

/* Every rank's totals from the gathered per-row arrays (`width` floats a
 * row): each rank merges on its own context; all must be bit-identical.
 * Returns rank 0's totals (malloc'd). */
static float *merge_everywhere(const kase *c, const float *gathered,
                               int width, const char *what)
{
    const size_t row_bytes = (size_t)width * sizeof(float);
    const size_t gbytes = (size_t)c->k * (size_t)c->rows * row_bytes;
    const size_t tbytes = (size_t)c->rows * row_bytes;
    float *first = malloc(tbytes), *got = malloc(tbytes);
    for (int j = 0; j < c->k; ++j) {
        smax_context ctx = ranks[j];
        smax_buffer g = alloc_on(ctx, gbytes + 64);
        smax_buffer t = alloc_on(ctx, tbytes + 64);
        smax_buffer_write(ctx, g, 64, gathered, gbytes);
        /* rank 0 merges in place (totals = block 0), the others apart */
        smax_status st =
            (width == 2 ? smax_shard_merge : smax_shard_backward_merge)(
                ctx, c->rows, c->k, g, 64, j == 0 ? g : t, 64);
        SMAX_CHECK(st == SMAX_SUCCESS, "%s merge on rank %d: %s", what, j,
                   smax_last_error(ctx));
        if (j == 0)
            smax_buffer_read(ctx, g, 64, first, tbytes);
        else
            read_inside(ctx, t, tbytes + 64, 64, 64 + tbytes, got,
                        "merged totals", j);
        if (j > 0)
            SMAX_CHECK(memcmp(first, got, tbytes) == 0,
                       "%s totals of rank %d differ from rank 0's", what, j);
        smax_buffer_free(g);
        smax_buffer_free(t);
    }
    free(got);
    return first;
}

/* Levels the tolerance allows: the shards' own plus the fold of k. */
static int levels_of(const kase *c, const int64_t *begin, int backward)
{
    int levels = 0;
    for (int j = 0; j < c->k; ++j) {
        smax_problem p = shard_problem(c, begin[j + 1] - begin[j], backward);
        smax_plan_info info;
        smax_status st = (backward ? smax_shard_plan_backward
                                   : smax_shard_plan)(ranks[j], &p, &info);
        SMAX_CHECK(st == SMAX_SUCCESS, "shard plan: %s",
                   smax_last_error(ranks[j]));
        if (st == SMAX_SUCCESS && (int)info.merge_levels > levels)
            levels = (int)info.merge_levels;
    }
    return levels + c->k - 1;
}

static void fill_input(const kase *c, const int64_t *begin, float *x)
{
    const int64_t n = c->rows * c->cols;
    for (int64_t i = 0; i < n; ++i)
        x[i] = normal(3.0);
    if (c->special & SPECIAL_NEG_INF_SHARD) {
        const int s = c->k > 1 ? 1 : 0;
        for (int64_t r = 0; r < c->rows; ++r)
            for (int64_t j = begin[s]; j < begin[s + 1]; ++j)
                x[r * c->cols + j] = -INFINITY;
    }
    if ((c->special & SPECIAL_NEG_INF_ROW) && c->rows > 1)
        for (int64_t j = 0; j < c->cols; ++j)
            x[c->cols + j] = -INFINITY;
    if (c->special & SPECIAL_NAN) {
        int s = c->k - 1;
        while (s > 0 && begin[s + 1] == begin[s])
            --s;
        x[(begin[s] + begin[s + 1]) / 2] = NAN;
    }
    if (c->special & SPECIAL_POS_INF)
        x[(c->rows - 1) * c->cols] = INFINITY;
}

static void judge(const kase *c, int backward, const float *in0,
                  const float *in1, int out_fmt, const void *got, int levels)
{
    smax_check_result res;
    const int ok = smax_check_any(backward, in0, in1, c->rows, c->cols,
                                  c->flags, c->scale, out_fmt, got, levels,
                                  &res);
    checks++;
    SMAX_CHECK(ok,
               "%s %lld x %lld over %d ranks (split %d, %d->%d, flags %u, "
               "scale %g, special %d): %lld bad, %s",
               backward ? "backward" : "forward", (long long)c->rows,
               (long long)c->cols, c->k, c->split, (int)c->in, (int)c->out,
               c->flags, c->scale, c->special, (long long)res.bad,
               res.message);
}

/* ---- forward ------------------------------------------------------------------- */

static void run_forward(const kase *c, const int64_t *begin, const float *x)
{
    const int64_t rows = c->rows, cols = c->cols;
    const size_t xe = smax_fmt_bytes(c->in), ye = smax_fmt_bytes(c->out);
    unsigned char *xraw = malloc((size_t)(rows * cols) * xe);
    unsigned char *yraw = malloc((size_t)(rows * cols) * ye);
    float *xd = malloc((size_t)(rows * cols) * sizeof(float));
    smax_fmt_encode(c->in, x, (size_t)(rows * cols), xraw);
    smax_fmt_decode(c->in, xraw, (size_t)(rows * cols), xd);
    float *gathered = malloc((size_t)(c->k * rows) * 2 * sizeof(float));
    smax_buffer bx[MAX_RANKS], by[MAX_RANKS];

    for (int j = 0; j < c->k; ++j) {
        smax_context ctx = ranks[j];
        const int64_t w = begin[j + 1] - begin[j];
        const smax_problem p = shard_problem(c, w, 0);
        bx[j] = shard_upload(ctx, xraw, rows, cols, begin[j], begin[j + 1],
                             c->pad, xe, c->offset);
        smax_buffer part = alloc_on(ctx, (size_t)rows * 8 + 4);
        /* odd ranks write their partials at a byte offset of 4, rank 2 at
         * 2 (not a whole float: the staged path) */
        const size_t po = j == 2 ? 2 : (size_t)(j % 2) * 4;
        smax_status st = smax_shard_partials(ctx, &p, bx[j], c->offset, part,
                                             po);
        SMAX_CHECK(st == SMAX_SUCCESS, "partials of rank %d: %s", j,
                   smax_last_error(ctx));
        read_inside(ctx, part, (size_t)rows * 8 + 4, po, po + (size_t)rows * 8,
                    gathered + 2 * j * rows, "partials", j);
        smax_buffer_free(part);
    }
    float *totals = merge_everywhere(c, gathered, 2, "forward");
    for (int j = 0; j < c->k; ++j) {
        smax_context ctx = ranks[j];
        const int64_t w = begin[j + 1] - begin[j];
        const smax_problem p = shard_problem(c, w, 0);
        smax_buffer t = alloc_on(ctx, (size_t)rows * 8);
        smax_buffer_write(ctx, t, 0, totals, (size_t)rows * 8);
        /* even ranks in place (x == y where the dtypes have one size) */
        const int in_place = j % 2 == 0 && xe == ye;
        by[j] = in_place ? bx[j]
                         : alloc_on(ctx, c->offset +
                                             (size_t)(rows * (w + c->pad)) * ye);
        smax_status st =
            smax_shard_finish(ctx, &p, bx[j], c->offset, t, 0, by[j], c->offset);
        SMAX_CHECK(st == SMAX_SUCCESS, "finish of rank %d: %s", j,
                   smax_last_error(ctx));
        shard_download(ctx, by[j], yraw, rows, cols, begin[j], begin[j + 1],
                       c->pad, ye, c->offset);
        smax_buffer_free(t);
        if (by[j] != bx[j])
            smax_buffer_free(by[j]);
        smax_buffer_free(bx[j]);
    }
    judge(c, 0, xd, NULL, c->out, yraw, levels_of(c, begin, 0));
    free(totals);
    free(gathered);
    free(xraw);
    free(yraw);
    free(xd);
}

/* ---- backward ------------------------------------------------------------------ */

static void run_backward(const kase *c, const int64_t *begin, const float *x)
{
    const int64_t rows = c->rows, cols = c->cols;
    const size_t n = (size_t)(rows * cols);
    const size_t ye = smax_fmt_bytes(c->out), dxe = smax_fmt_bytes(c->in);
    /* y: the forward output as the device would give it; dy: noise */
    float *y = malloc(n * sizeof(float)), *dy = malloc(n * sizeof(float));
    smax_reference(x, rows, cols, cols, y, cols, c->flags, c->scale);
    for (size_t i = 0; i < n; ++i)
        dy[i] = normal(1.0);
    unsigned char *yraw = malloc(n * ye), *dyraw = malloc(n * ye);
    unsigned char *dxraw = malloc(n * dxe);
    smax_fmt_encode(c->out, y, n, yraw);
    smax_fmt_encode(c->out, dy, n, dyraw);
    smax_fmt_decode(c->out, yraw, n, y);
    smax_fmt_decode(c->out, dyraw, n, dy);
    float *gathered = malloc((size_t)(c->k * rows) * sizeof(float));
    smax_buffer by[MAX_RANKS], bdy[MAX_RANKS];

    for (int j = 0; j < c->k; ++j) {
        smax_context ctx = ranks[j];
        const int64_t w = begin[j + 1] - begin[j];
        const smax_problem p = shard_problem(c, w, 1);
        by[j] = shard_upload(ctx, yraw, rows, cols, begin[j], begin[j + 1],
                             c->pad, ye, c->offset);
        bdy[j] = shard_upload(ctx, dyraw, rows, cols, begin[j], begin[j + 1],
                              c->pad, ye, c->offset);
        smax_buffer sums = alloc_on(ctx, (size_t)rows * 4 + 8);
        smax_status st = smax_shard_backward_partials(ctx, &p, by[j], c->offset,
                                                      bdy[j], c->offset, sums, 4);
        SMAX_CHECK(st == SMAX_SUCCESS, "backward partials of rank %d: %s", j,
                   smax_last_error(ctx));
        read_inside(ctx, sums, (size_t)rows * 4 + 8, 4, 4 + (size_t)rows * 4,
                    gathered + j * rows, "backward partials", j);
        smax_buffer_free(sums);
    }
    float *totals = merge_everywhere(c, gathered, 1, "backward");
    /* plain f32 addition in rank order, exactly */
    for (int64_t r = 0; r < rows; ++r) {
        float s = 0.0f;
        for (int j = 0; j < c->k; ++j)
            s += gathered[j * rows + r];
        SMAX_CHECK((isnan(s) && isnan(totals[r])) ||
                       memcmp(&s, &totals[r], sizeof s) == 0,
                   "backward total of row %lld: %.9g, rank-order sum %.9g",
                   (long long)r, totals[r], s);
    }
    for (int j = 0; j < c->k; ++j) {
        smax_context ctx = ranks[j];
        const int64_t w = begin[j + 1] - begin[j];
        const smax_problem p = shard_problem(c, w, 1);
        smax_buffer t = alloc_on(ctx, (size_t)rows * 4);
        smax_buffer_write(ctx, t, 0, totals, (size_t)rows * 4);
        /* even ranks write dx over dy where the sizes match */
        const int in_place = j % 2 == 0 && dxe == ye;
        smax_buffer dx = in_place ? bdy[j]
                                  : alloc_on(ctx, c->offset +
                                                      (size_t)(rows * (w + c->pad)) *
                                                          dxe);
        smax_status st = smax_shard_backward_finish(
            ctx, &p, by[j], c->offset, bdy[j], c->offset, t, 0, dx, c->offset);
        SMAX_CHECK(st == SMAX_SUCCESS, "backward finish of rank %d: %s", j,
                   smax_last_error(ctx));
        shard_download(ctx, dx, dxraw, rows, cols, begin[j], begin[j + 1],
                       c->pad, dxe, c->offset);
        smax_buffer_free(t);
        if (dx != bdy[j])
            smax_buffer_free(dx);
        smax_buffer_free(by[j]);
        smax_buffer_free(bdy[j]);
    }
    judge(c, 1, y, dy, c->in, dxraw, levels_of(c, begin, 1));
    free(totals);
    free(gathered);
    free(y);
    free(dy);
    free(yraw);
    free(dyraw);
    free(dxraw);
}

static void run_case(const kase *c)
{
    int64_t begin[MAX_RANKS + 1];
    split_cols(c, begin);
    float *x = malloc((size_t)(c->rows * c->cols) * sizeof(float));
    fill_input(c, begin, x);
    run_forward(c, begin, x);
    /* the gradient of a NaN or +inf row is NaN anyway; its y is what the
     * forward gives */
    run_backward(c, begin, x);
    free(x);
}

/* ---- the cases ------------------------------------------------------------------ */

#define F32 SMAX_DTYPE_F32
#define F16 SMAX_DTYPE_F16
#define BF16 SMAX_DTYPE_BF16
#define LOG SMAX_FLAG_LOG
#define MASKED SMAX_FLAG_MASKED_ROWS_ZERO

static const kase cases[] = {
    /* rows, cols, k, split, in, out, flags, scale, special, pad, offset */
    {3, 257, 1, 0, F32, F32, 0, 1.0f, 0, 0, 0},
    {5, 1000, 2, 0, F32, F32, 0, 1.0f, 0, 0, 0},
    {4, 999, 3, 1, F32, F32, LOG, 0.5f, 0, 3, 64},
    {7, 1531, 4, 3, F32, F32, 0, 2.0f, 0, 1, 0},
    {2, 2048, 5, 2, F32, F32, LOG, 1.0f, 0, 0, 16},
    {6, 777, 6, 1, F32, F32, 0, 1.0f, 0, 5, 0},
    {3, 4099, 7, 3, F32, F32, 0, 0.5f, 0, 0, 0},
    {9, 3001, 8, 0, F32, F32, 0, 1.0f, 0, 2, 0},
    {1, 40000, 8, 3, F32, F32, 0, 1.0f, 0, 0, 0}, /* chunked shards */
    /* 16-bit I/O */
    {4, 1024, 3, 1, F16, F16, 0, 1.0f, 0, 0, 0},
    {5, 1500, 4, 3, BF16, BF16, LOG, 1.0f, 0, 1, 32},
    {3, 700, 2, 0, BF16, F32, 0, 2.0f, 0, 0, 0},
    {3, 900, 5, 2, F32, BF16, 0, 1.0f, 0, 0, 0},
    {2, 640, 8, 1, F16, F32, LOG, 0.5f, 0, 0, 0},
    /* an element offset that is not aligned: the staged path */
    {3, 333, 3, 3, F32, F32, 0, 1.0f, 0, 0, 2},
    /* special values */
    {4, 800, 3, 0, F32, F32, 0, 1.0f, SPECIAL_NEG_INF_SHARD, 0, 0},
    {4, 800, 4, 1, F32, F32, LOG, 1.0f,
     SPECIAL_NEG_INF_SHARD | SPECIAL_NEG_INF_ROW | SPECIAL_NAN, 0, 0},
    {5, 600, 2, 0, F32, F32, MASKED, 1.0f,
     SPECIAL_NEG_INF_ROW | SPECIAL_NAN | SPECIAL_POS_INF, 0, 0},
    {4, 801, 5, 2, BF16, BF16, MASKED | LOG, 1.0f,
     SPECIAL_NEG_INF_SHARD | SPECIAL_NEG_INF_ROW, 0, 0},
    {3, 512, 1, 0, F32, F32, 0, 1.0f, SPECIAL_NAN | SPECIAL_NEG_INF_ROW, 0, 0},
};
#define N_CASES (int)(sizeof cases / sizeof cases[0])

/* ---- bad input -------------------------------------------------------------------- */

#define EXPECT(call, want)                                                    \
    do {                                                                      \
        const smax_status got_ = (call);                                      \
        checks++;                                                             \
        SMAX_CHECK(got_ == (want), "%s: %s, expected %s", #call,              \
                   smax_status_string(got_), smax_status_string(want));       \
    } while (0)

/* Reads `bytes` of buf and checks they are all `fill`. */
static void expect_untouched(smax_context ctx, smax_buffer buf, size_t bytes,
                             unsigned char fill, const char *what)
{
    smax_synchronize(ctx);
    unsigned char *h = malloc(bytes);
    smax_buffer_read(ctx, buf, 0, h, bytes);
    const size_t bad = bytes_not(h, bytes, fill);
    checks++;
    SMAX_CHECK(bad == 0, "%s: %zu bytes written by a failed call", what, bad);
    free(h);
}

static void fill_buffer(smax_context ctx, smax_buffer buf, size_t bytes,
                        unsigned char fill)
{
    unsigned char *h = malloc(bytes);
    memset(h, fill, bytes);
    smax_buffer_write(ctx, buf, 0, h, bytes);
    free(h);
}

static void bad_input(void)
{
    smax_context ctx = ranks[0], other = ranks[1];
    const int64_t rows = 4, cols = 100;
    smax_buffer x = alloc_on(ctx, rows * cols * 4);
    smax_buffer y = alloc_on(ctx, rows * cols * 4);
    smax_buffer part = alloc_on(ctx, rows * 8 * 3);
    smax_buffer small = alloc_on(ctx, rows * 8 - 4);
    smax_buffer foreign = alloc_on(other, rows * 8);
    float *h = malloc(rows * cols * 4);
    for (int i = 0; i < rows * cols; ++i)
        h[i] = normal(1.0);
    smax_buffer_write(ctx, x, 0, h, rows * cols * 4);
    smax_problem p = smax_problem_make(rows, cols);

    /* context, problem, enums, sizes */
    EXPECT(smax_shard_partials(NULL, &p, x, 0, part, 0),
           SMAX_ERROR_INVALID_HANDLE);
    EXPECT(smax_shard_partials(ctx, NULL, x, 0, part, 0),
           SMAX_ERROR_INVALID_POINTER);
    smax_problem q = p;
    q.x_dtype = (smax_dtype)7;
    EXPECT(smax_shard_partials(ctx, &q, x, 0, part, 0),
           SMAX_ERROR_INVALID_VALUE);
    q = p;
    q.flags = 0x80;
    EXPECT(smax_shard_finish(ctx, &q, x, 0, part, 0, y, 0),
           SMAX_ERROR_INVALID_VALUE);
    q = p;
    q.scale = INFINITY;
    EXPECT(smax_shard_partials(ctx, &q, x, 0, part, 0),
           SMAX_ERROR_INVALID_VALUE);
    q = p;
    q.rows = -1;
    EXPECT(smax_shard_partials(ctx, &q, x, 0, part, 0),
           SMAX_ERROR_INVALID_SIZE);
    q = p;
    q.x_row_stride = cols - 1;
    EXPECT(smax_shard_partials(ctx, &q, x, 0, part, 0),
           SMAX_ERROR_INVALID_SIZE);
    q = p;
    q.rows = INT64_MAX / 2;
    EXPECT(smax_shard_partials(ctx, &q, x, 0, part, 0),
           SMAX_ERROR_INVALID_SIZE);
    q = p;
    q.struct_size = 3;
    EXPECT(smax_shard_backward_partials(ctx, &q, x, 0, x, 0, part, 0),
           SMAX_ERROR_INVALID_VALUE);
    EXPECT(smax_shard_merge(NULL, rows, 2, part, 0, part, 0),
           SMAX_ERROR_INVALID_HANDLE);
    EXPECT(smax_shard_merge(ctx, rows, 0, part, 0, part, 0),
           SMAX_ERROR_INVALID_SIZE);
    EXPECT(smax_shard_merge(ctx, -1, 2, part, 0, part, 0),
           SMAX_ERROR_INVALID_SIZE);
    EXPECT(smax_shard_backward_merge(ctx, INT64_MAX / 4, 8, part, 0, part, 0),
           SMAX_ERROR_INVALID_SIZE);

    /* the quick returns */
    q = p;
    q.rows = 0;
    EXPECT(smax_shard_partials(ctx, &q, NULL, 0, NULL, 0), SMAX_SUCCESS);
    EXPECT(smax_shard_finish(ctx, &q, NULL, 0, NULL, 0, NULL, 0), SMAX_SUCCESS);
    EXPECT(smax_shard_merge(ctx, 0, 3, NULL, 0, NULL, 0), SMAX_SUCCESS);
    q = p;
    q.cols = 0;
    EXPECT(smax_shard_finish(ctx, &q, NULL, 0, NULL, 0, NULL, 0), SMAX_SUCCESS);
    EXPECT(smax_shard_backward_finish(ctx, &q, NULL, 0, NULL, 0, NULL, 0, NULL,
                                      0),
           SMAX_SUCCESS);
    /* a shard of no columns gives the identity, reading no input */
    fill_buffer(ctx, part, rows * 8, CANARY);
    EXPECT(smax_shard_partials(ctx, &q, NULL, 0, part, 0), SMAX_SUCCESS);
    {
        float got[8];
        smax_buffer_read(ctx, part, 0, got, sizeof got);
        int ok = 1;
        for (int r = 0; r < rows; ++r)
            ok &= got[2 * r] == -INFINITY && got[2 * r + 1] == 0.0f;
        SMAX_CHECK(ok, "an empty shard's partials are not (-inf, 0)");
    }
    EXPECT(smax_shard_backward_partials(ctx, &q, NULL, 0, NULL, 0, part, 0),
           SMAX_SUCCESS);
    {
        float got[4];
        smax_buffer_read(ctx, part, 0, got, sizeof got);
        SMAX_CHECK(got[0] == 0 && got[1] == 0 && got[2] == 0 && got[3] == 0,
                   "an empty shard's sums are not 0");
    }

    /* pointers, handles, ranges, overlaps: nothing written */
    fill_buffer(ctx, part, rows * 8 * 3, 0x77);
    fill_buffer(ctx, y, rows * cols * 4, 0x77);
    fill_buffer(ctx, small, rows * 8 - 4, 0x77);
    EXPECT(smax_shard_partials(ctx, &p, NULL, 0, part, 0),
           SMAX_ERROR_INVALID_POINTER);
    EXPECT(smax_shard_partials(ctx, &p, x, 0, NULL, 0),
           SMAX_ERROR_INVALID_POINTER);
    EXPECT(smax_shard_partials(ctx, &p, x, 0, small, 0),
           SMAX_ERROR_INVALID_SIZE);
    EXPECT(smax_shard_partials(ctx, &p, x, 0, part, rows * 8 * 2 + 4),
           SMAX_ERROR_INVALID_SIZE);
    EXPECT(smax_shard_partials(ctx, &p, x, 0, foreign, 0),
           SMAX_ERROR_INVALID_HANDLE);
    EXPECT(smax_shard_partials(ctx, &p, x, 0, x, 16),
           SMAX_ERROR_INVALID_VALUE);
    EXPECT(smax_shard_partials(ctx, &p, x, 0, x, 0),
           SMAX_ERROR_INVALID_VALUE);
    EXPECT(smax_shard_finish(ctx, &p, x, 0, part, 0, part, 0),
           SMAX_ERROR_INVALID_SIZE);
    EXPECT(smax_shard_finish(ctx, &p, x, 0, y, 8, y, 0),
           SMAX_ERROR_INVALID_VALUE);
    EXPECT(smax_shard_finish(ctx, &p, x, 0, small, 0, y, 0),
           SMAX_ERROR_INVALID_SIZE);
    EXPECT(smax_shard_finish(ctx, &p, x, 0, NULL, 0, y, 0),
           SMAX_ERROR_INVALID_POINTER);
    EXPECT(smax_shard_backward_finish(ctx, &p, x, 0, x, 0, part, 0, NULL, 0),
           SMAX_ERROR_INVALID_POINTER);
    EXPECT(smax_shard_backward_finish(ctx, &p, x, 0, x, 0, y, 0, y, 0),
           SMAX_ERROR_INVALID_VALUE); /* totals inside dx */
    EXPECT(smax_shard_backward_partials(ctx, &p, x, 0, y, 0, y, 40),
           SMAX_ERROR_INVALID_VALUE); /* sums inside dy */
    /* merge: totals over another block; gathered too small */
    EXPECT(smax_shard_merge(ctx, rows, 3, part, 0, part, rows * 8),
           SMAX_ERROR_INVALID_VALUE);
    EXPECT(smax_shard_merge(ctx, rows, 3, part, 8, part, 8),
           SMAX_ERROR_INVALID_SIZE);
    EXPECT(smax_shard_merge(ctx, rows, 2, part, 0, small, 0),
           SMAX_ERROR_INVALID_SIZE);
    EXPECT(smax_shard_merge(ctx, rows, 2, part, 0, foreign, 0),
           SMAX_ERROR_INVALID_HANDLE);
    EXPECT(smax_shard_backward_merge(ctx, rows, 2, part, 0, part, 4),
           SMAX_ERROR_INVALID_VALUE);
    expect_untouched(ctx, part, rows * 8 * 3, 0x77, "partials");
    expect_untouched(ctx, y, rows * cols * 4, 0x77, "y");
    expect_untouched(ctx, small, rows * 8 - 4, 0x77, "small");

    /* the context stays usable: a good call after the bad ones */
    EXPECT(smax_shard_partials(ctx, &p, x, 0, part, 0), SMAX_SUCCESS);
    EXPECT(smax_shard_merge(ctx, rows, 1, part, 0, part, 8 * rows),
           SMAX_SUCCESS);
    EXPECT(smax_shard_finish(ctx, &p, x, 0, part, 8 * rows, y, 0),
           SMAX_SUCCESS);
    {
        float *got = malloc(rows * cols * 4);
        smax_buffer_read(ctx, y, 0, got, rows * cols * 4);
        smax_check_result res;
        checks++;
        SMAX_CHECK(smax_check_any(0, h, NULL, rows, cols, 0, 1.0f, SMAX_FMT_F32,
                                  got, 1, &res),
                   "one shard after the bad calls: %s", res.message);
        free(got);
    }
    free(h);
    smax_buffer_free(x);
    smax_buffer_free(y);
    smax_buffer_free(part);
    smax_buffer_free(small);
    smax_buffer_free(foreign);
}

/* smax_shard_plan's scratch_bytes as a caller's workspace: the partials
 * match those of the context's own areas bit for bit; a workspace one
 * float short is INVALID_SIZE with nothing written. */
static void with_workspace(void)
{
    smax_context a = ranks[0], b = ranks[1];
    const int64_t rows = 3, cols = 5000;
    smax_problem p = smax_problem_make(rows, cols);
    p.scale = 0.5f;
    smax_plan_info info;
    EXPECT(smax_shard_plan(b, &p, &info), SMAX_SUCCESS);
    float *h = malloc(rows * cols * 4);
    for (int i = 0; i < rows * cols; ++i)
        h[i] = normal(4.0);
    smax_buffer xa = alloc_on(a, rows * cols * 4), xb = alloc_on(b, rows * cols * 4);
    smax_buffer pa = alloc_on(a, rows * 8), pb = alloc_on(b, rows * 8);
    smax_buffer ws = alloc_on(b, info.scratch_bytes + 256);
    smax_buffer_write(a, xa, 0, h, rows * cols * 4);
    smax_buffer_write(b, xb, 0, h, rows * cols * 4);
    EXPECT(smax_shard_partials(a, &p, xa, 0, pa, 0), SMAX_SUCCESS);
    EXPECT(smax_context_set_workspace(b, ws, 0, info.scratch_bytes),
           SMAX_SUCCESS);
    EXPECT(smax_shard_partials(b, &p, xb, 0, pb, 0), SMAX_SUCCESS);
    float ga[6], gb[6];
    smax_buffer_read(a, pa, 0, ga, sizeof ga);
    smax_buffer_read(b, pb, 0, gb, sizeof gb);
    checks++;
    SMAX_CHECK(memcmp(ga, gb, sizeof ga) == 0,
               "partials with a caller's workspace differ");
    if (info.scratch_bytes >= 8) {
        fill_buffer(b, pb, rows * 8, 0x77);
        EXPECT(smax_context_set_workspace(b, ws, 0, info.scratch_bytes - 4),
               SMAX_SUCCESS);
        EXPECT(smax_shard_partials(b, &p, xb, 0, pb, 0),
               SMAX_ERROR_INVALID_SIZE);
        expect_untouched(b, pb, rows * 8, 0x77, "partials, workspace short");
    }
    EXPECT(smax_context_set_workspace(b, NULL, 0, 0), SMAX_SUCCESS);
    free(h);
    smax_buffer_free(xa);
    smax_buffer_free(xb);
    smax_buffer_free(pa);
    smax_buffer_free(pb);
    smax_buffer_free(ws);
}

int main(void)
{
    for (int j = 0; j < MAX_RANKS; ++j) {
        const int rc = smax_test_context(&ranks[j]);
        if (rc != 0)
            return rc;
    }
    smax_device_info info;
    smax_device_info_get(ranks[0], &info);
    for (int i = 0; i < N_CASES; ++i) {
        const kase *c = &cases[i];
        if ((c->in == SMAX_DTYPE_F16 || c->out == SMAX_DTYPE_F16) &&
            !info.supports_f16) {
            printf("SKIP case %d: no f16 on this device\n", i);
            continue;
        }
        if ((c->in == SMAX_DTYPE_BF16 || c->out == SMAX_DTYPE_BF16) &&
            !info.supports_bf16) {
            printf("SKIP case %d: no bf16 on this device\n", i);
            continue;
        }
        run_case(c);
    }
    bad_input();
    with_workspace();
    for (int j = 0; j < MAX_RANKS; ++j)
        smax_context_destroy(ranks[j]);
    printf("%d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
