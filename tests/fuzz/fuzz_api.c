/*
 * fuzz_api.c - a libFuzzer harness over the argument space of
 * smax_softmax, smax_softmax_backward and the sharded form of a forward
 * call (smax_shard.h: partials, merge, finish, one shard, which must
 * check and compute as smax_softmax does) (CI's build "opencl-fuzz": clang,
 * AddressSanitizer and UndefinedBehaviorSanitizer, PoCL, tiny shapes).
 *
 * The input bytes choose: direction, rows (0..6), cols (0..300), each row
 * stride (short of cols, equal, or padded), dtypes and algorithm (past the
 * valid ones too), flags (unknown bits too), scale (NaN, inf, 0, negative),
 * byte offsets (unaligned too), buffer sizes (one element short, exact,
 * longer), NULL buffers, struct_size, aliasing (separate, in place, or
 * overlapping), and the element values (finite, +-inf, NaN, huge, tiny).
 *
 * What must hold, whatever the input:
 *   - no crash, no sanitizer report, a known status, a detail on failure;
 *   - unknown dtype, algorithm or flag bits, a non-finite scale and a
 *     too-short buffer are refused;
 *   - a refused call writes nothing (every output byte keeps its canary);
 *   - an accepted call passes the tolerance rule against the float64
 *     reference, and leaves every byte outside its output rows unchanged.
 * The seed corpus is tests/fuzz/corpus; `scripts/test.sh` runs this for a
 * bounded time on a copy of it.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smax/smax.h"
#include "smax/smax_shard.h"
#include "smax_half.h"
#include "smax_tolerance.h"

#define CANARY 0x5a

typedef struct reader {
    const uint8_t *p;
    size_t n;
} reader;

static unsigned take(reader *r, unsigned range)
{
    unsigned v = 0;
    if (r->n > 0) {
        v = *r->p++;
        r->n--;
    }
    return range ? v % range : v;
}

static float value_of(unsigned b)
{
    static const float special[] = {
        INFINITY, -INFINITY, NAN, 60000.0f, -60000.0f, 1e30f, 1e-40f, 0.0f};
    if (b < 8)
        return special[b];
    return ((float)b - 132.0f) / 8.0f; /* -15.5 .. 15.4 */
}

/* The input being run, written out by fail_now: libFuzzer does not
 * always get to save it when the process aborts beside PoCL's threads. */
static const uint8_t *current;
static size_t current_size;

static void fail_now(void)
{
    FILE *f = fopen("smax-fuzz-failure.bin", "wb");
    if (f != NULL) {
        fwrite(current, 1, current_size, f);
        fclose(f);
        fprintf(stderr, "fuzz_api: the input is in smax-fuzz-failure.bin "
                        "(run the harness on it to repeat)\n");
    }
    abort();
}

/* A backward call's y is a forward output: a probability in [0, 1]
 * (softmax) or its log, <= 0 (log-softmax), or NaN. Outside that domain
 * the f32 sums of the contract overflow where the float64 reference does
 * not (y = 1e30 found that), which is no defect of either. */
static float y_value_of(unsigned b, int log_softmax)
{
    if (b == 0)
        return NAN;
    if (log_softmax)
        return b == 1 ? -INFINITY : -(float)(b % 160) / 8.0f;
    return (float)(b % 17) / 16.0f;
}

static void die(const char *what, smax_status st, smax_context ctx)
{
    fprintf(stderr, "fuzz_api: %s (%s): %s\n", what, smax_status_string(st),
            smax_last_error(ctx));
    fail_now();
}

typedef struct operand {
    smax_dtype dtype;
    int64_t stride;
    size_t offset, bytes; /* bytes: the buffer's size */
    smax_buffer buf;
    uint8_t *host;        /* the buffer's bytes as written */
    float *vals;          /* values of the elements, rows x cols (inputs) */
} operand;

static smax_context ctx;

static size_t span(int64_t rows, int64_t cols, int64_t stride, size_t elem)
{
    return rows == 0 || cols == 0
               ? 0
               : ((size_t)(rows - 1) * (size_t)stride + (size_t)cols) * elem;
}

/* An operand: stride, offset, buffer size and (inputs) values, from r. */
/* input: 0 an output, 1 any values, 2 a softmax's y, 3 a log-softmax's */
static void make_operand(reader *r, operand *o, int64_t rows, int64_t cols,
                         int input, const operand *same_stride)
{
    const size_t e = o->dtype <= SMAX_DTYPE_BF16 ? smax_fmt_bytes(o->dtype) : 4;
    const unsigned s = take(r, 8);
    o->stride = s == 0 ? cols - 1 : cols + (s > 4 ? s - 4 : 0);
    if (same_stride != NULL)
        o->stride = same_stride->stride;
    o->offset = take(r, 4) == 0 ? take(r, 8) : e * take(r, 4);
    const size_t need = o->offset + span(rows, cols, o->stride, e);
    const unsigned z = take(r, 8);
    o->bytes = z == 0 && need > 0 ? need - 1 : need + (z > 5 ? 16 : 0);
    if (o->bytes == 0)
        o->bytes = 4;
    o->host = malloc(o->bytes);
    memset(o->host, CANARY, o->bytes);
    if (!input || o->dtype > SMAX_DTYPE_BF16 || o->stride < 0)
        return;
    o->vals = calloc((size_t)(rows * cols) + 1, sizeof(float));
    for (int64_t i = 0; i < rows; ++i)
        for (int64_t j = 0; j < cols; ++j) {
            const size_t at = o->offset + ((size_t)i * (size_t)o->stride +
                                           (size_t)j) * e;
            if (at + e > o->bytes)
                continue;
            float v = input >= 2 ? y_value_of(take(r, 0), input == 3)
                                 : value_of(take(r, 0));
            uint8_t enc[4]; /* the buffer's element may be unaligned */
            smax_fmt_encode(o->dtype, &v, 1, enc);
            smax_fmt_decode(o->dtype, enc, 1, &v); /* the value as stored */
            memcpy(o->host + at, enc, e);
            o->vals[i * cols + j] = v;
        }
}

/* Rows x cols values of an operand's raw output, from its buffer bytes. */
static void decode_rows(const operand *o, const uint8_t *bytes, int64_t rows,
                        int64_t cols, uint8_t *raw, size_t e)
{
    for (int64_t i = 0; i < rows; ++i)
        memcpy(raw + (size_t)(i * cols) * e,
               bytes + o->offset + (size_t)i * (size_t)o->stride * e,
               (size_t)cols * e);
}

/* A valid operand whose buffer ends before its last element. */
static int short_buffer(const operand *o, size_t bytes, int64_t rows,
                        int64_t cols)
{
    if (o->dtype > SMAX_DTYPE_BF16 || o->stride < cols)
        return 0;
    return bytes < o->offset + span(rows, cols, o->stride,
                                    smax_fmt_bytes(o->dtype));
}

static int in_rows(const operand *o, size_t at, int64_t rows, int64_t cols,
                   size_t e)
{
    if (at < o->offset || rows == 0 || cols == 0)
        return 0;
    const size_t k = (at - o->offset) / e;
    return k / (size_t)o->stride < (size_t)rows &&
           k % (size_t)o->stride < (size_t)cols;
}

/* A forward call as one shard of k = 1 (smax_shard.h): the same
 * arguments, checks and results as smax_softmax. */
static smax_status shard_softmax(const smax_problem *p, smax_buffer x,
                                 size_t x_offset, smax_buffer y,
                                 size_t y_offset)
{
    const size_t bytes = (size_t)(p->rows > 0 ? p->rows : 1) * 2 * sizeof(float);
    smax_buffer partials = NULL, totals = NULL;
    if (smax_buffer_alloc(ctx, bytes, &partials) ||
        smax_buffer_alloc(ctx, bytes, &totals))
        die("shard set-up", SMAX_ERROR_BACKEND, ctx);
    smax_status st = smax_shard_partials(ctx, p, x, x_offset, partials, 0);
    if (st == SMAX_SUCCESS)
        st = smax_shard_merge(ctx, p->rows, 1, partials, 0, totals, 0);
    if (st == SMAX_SUCCESS)
        st = smax_shard_finish(ctx, p, x, x_offset, totals, 0, y, y_offset);
    smax_buffer_free(partials);
    smax_buffer_free(totals);
    return st;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (ctx == NULL && smax_context_create(&ctx) != SMAX_SUCCESS)
        return 0; /* no device: nothing to fuzz */
    current = data;
    current_size = size;
    reader r = {data, size};
    const int backward = take(&r, 2);
    smax_problem p = smax_problem_make(take(&r, 7), take(&r, 4) ? take(&r, 40)
                                                                : take(&r, 0) + 45);
    p.x_dtype = (smax_dtype)take(&r, 4);
    p.y_dtype = (smax_dtype)take(&r, 4);
    p.algorithm = (smax_algorithm)take(&r, 5);
    p.flags = take(&r, 8) == 0 ? 4u : take(&r, 4);
    static const float scales[] = {1.0f, 0.5f, -1.0f, 0.0f, 3.0f, NAN, INFINITY, 1e-3f};
    p.scale = scales[take(&r, 8)];
    const int64_t rows = p.rows, cols = p.cols;
    /* A version-1 caller's problem has no dy_row_stride: dy then has y's
     * (smax.h), and is laid out so. An impossible struct_size must fail. */
    const unsigned version = take(&r, 32);
    if (version == 0)
        p.struct_size = SMAX_PROBLEM_SIZE_V1;
    else if (version == 1)
        p.struct_size = 3;

    /* forward: x in, y out; backward: y and dy in, dx out */
    operand in[2] = {{0}}, out = {0};
    const int n_in = backward ? 2 : 1;
    in[0].dtype = backward ? p.y_dtype : p.x_dtype;
    in[1].dtype = p.y_dtype;
    out.dtype = backward ? p.x_dtype : p.y_dtype;
    for (int i = 0; i < n_in; ++i)
        make_operand(&r, &in[i], rows, cols,
                     backward && i == 0 ? 2 + (int)(p.flags & SMAX_FLAG_LOG) : 1,
                     i == 1 && version == 0 ? &in[0] : NULL);
    make_operand(&r, &out, rows, cols, 0, NULL);
    p.x_row_stride = backward ? out.stride : in[0].stride;
    p.y_row_stride = backward ? in[0].stride : out.stride;
    p.dy_row_stride = in[1].stride;
    const unsigned alias = take(&r, 6); /* 0: in place, 1: overlap, else apart */
    const int null_buf = take(&r, 16) == 0;
    /* Taken last, so that the corpus's older inputs keep their meaning. */
    const int shard = !backward && take(&r, 4) == 3;

    for (int i = 0; i < n_in; ++i)
        if (smax_buffer_alloc(ctx, in[i].bytes, &in[i].buf) ||
            smax_buffer_write(ctx, in[i].buf, 0, in[i].host, in[i].bytes))
            die("input set-up", SMAX_ERROR_BACKEND, ctx);
    smax_buffer ob = NULL;
    size_t ob_bytes = out.bytes;
    const operand *shared = &in[n_in - 1]; /* forward x; backward dy */
    if (alias <= 1) { /* the output in an input's buffer */
        ob = shared->buf;
        ob_bytes = shared->bytes;
        if (alias == 1)
            out.offset = shared->offset + smax_fmt_bytes(out.dtype % 3);
        else
            out.offset = shared->offset;
    } else if (smax_buffer_alloc(ctx, out.bytes, &ob) ||
               smax_buffer_write(ctx, ob, 0, out.host, out.bytes)) {
        die("output set-up", SMAX_ERROR_BACKEND, ctx);
    }
    uint8_t *before = malloc(ob_bytes), *after = malloc(ob_bytes);
    if (smax_buffer_read(ctx, ob, 0, before, ob_bytes))
        die("read", SMAX_ERROR_BACKEND, ctx);

    smax_buffer b0 = null_buf ? NULL : in[0].buf;
    const smax_status st =
        backward ? smax_softmax_backward(ctx, &p, b0, in[0].offset, in[1].buf,
                                         in[1].offset, ob, out.offset)
        : shard  ? shard_softmax(&p, b0, in[0].offset, ob, out.offset)
                 : smax_softmax(ctx, &p, b0, in[0].offset, ob, out.offset);
    if ((unsigned)st > SMAX_ERROR_BACKEND)
        die("unknown status", st, ctx);
    if (getenv("SMAX_FUZZ_VERBOSE") != NULL) /* what the corpus covers */
        fprintf(stderr, "%s %lldx%lld x %d y %d algo %d: %s\n",
                backward ? "backward" : shard ? "shard" : "forward",
                (long long)rows,
                (long long)cols, (int)p.x_dtype, (int)p.y_dtype,
                (int)p.algorithm, smax_status_string(st));
    if (smax_buffer_read(ctx, ob, 0, after, ob_bytes))
        die("read", SMAX_ERROR_BACKEND, ctx);

    const int work = rows > 0 && cols > 0;
    int must_refuse =
        p.x_dtype > SMAX_DTYPE_BF16 || p.y_dtype > SMAX_DTYPE_BF16 ||
        (unsigned)p.algorithm > SMAX_ALGO_MULTIBLOCK || (p.flags & ~3u) ||
        !isfinite(p.scale) || p.struct_size == 3 || (work && null_buf);
    for (int i = 0; i < n_in; ++i)
        must_refuse |= work && short_buffer(&in[i], in[i].bytes, rows, cols);
    must_refuse |= work && short_buffer(&out, ob_bytes, rows, cols);
    if (st != SMAX_SUCCESS) {
        if (memcmp(before, after, ob_bytes) != 0)
            die("a refused call wrote its output", st, ctx);
        if (smax_last_error(ctx)[0] == '\0')
            die("a refused call gave no detail", st, ctx);
    } else if (must_refuse) {
        die("an invalid call was accepted", st, ctx);
    } else if (rows > 0 && cols > 0) {
        /* bytes outside the output rows are untouched */
        const size_t e = smax_fmt_bytes(out.dtype);
        for (size_t at = 0; at < ob_bytes; ++at)
            if (after[at] != before[at] && !in_rows(&out, at, rows, cols, e))
                die("a byte outside the output rows changed", st, ctx);
        const size_t n = (size_t)(rows * cols);
        uint8_t *raw = malloc(n * e);
        decode_rows(&out, after, rows, cols, raw, e);
        smax_plan_info info;
        smax_status pst = (backward ? smax_plan_backward
                           : shard  ? smax_shard_plan
                                    : smax_plan)(ctx, &p, &info);
        if (pst != SMAX_SUCCESS)
            die("plan of an accepted call", pst, ctx);
        smax_check_result res;
        const int ok = smax_check_any(backward, in[0].vals, in[1].vals, rows,
                                      cols, p.flags, p.scale, out.dtype, raw,
                                      (int)info.merge_levels, &res);
        if (!ok) {
            fprintf(stderr,
                    "fuzz_api: %s %lldx%lld x %d y %d algo %d (%s) flags %u "
                    "scale %g strides %lld/%lld/%lld offsets %zu/%zu/%zu "
                    "alias %u struct_size %zu: %s\n",
                    backward ? "backward" : shard ? "shard" : "forward",
                    (long long)rows, (long long)cols, (int)p.x_dtype,
                    (int)p.y_dtype, (int)p.algorithm, info.reason, p.flags, p.scale,
                    (long long)p.x_row_stride, (long long)p.y_row_stride,
                    (long long)p.dy_row_stride, in[0].offset,
                    in[n_in - 1].offset, out.offset, alias, p.struct_size,
                    res.message);
            fail_now();
        }
        free(raw);
    }
    for (int i = 0; i < n_in; ++i) {
        smax_buffer_free(in[i].buf);
        free(in[i].host);
        free(in[i].vals);
    }
    if (alias > 1)
        smax_buffer_free(ob);
    free(out.host);
    free(before);
    free(after);
    return 0;
}
