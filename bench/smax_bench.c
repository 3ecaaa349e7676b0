/*
 * smax_bench.c - smax-bench: verify and time smax_softmax (or, with
 * --backward, smax_softmax_backward) over a list of shapes, for each
 * algorithm and any dtypes, against a device-to-device copy.
 *
 * Public API only (smax.h), plus the host float64 reference and tolerance
 * rule of the test support library. Runs unchanged on every backend: there
 * is no event API, so launches are timed in batches between
 * smax_synchronize() calls with a monotonic host clock. See bench/README.md.
 */
#include "bench.h"

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "smax_half.h"
#include "smax_reference.h"
#include "smax_tolerance.h"

#ifndef SMAX_BENCH_DEFAULT_SHAPES
#define SMAX_BENCH_DEFAULT_SHAPES "bench/shapes/pocl.txt"
#endif

#define EXIT_SKIP 77 /* no device of this backend: CTest SKIP_RETURN_CODE */
#define MAX_SLOTS 1024
#define SLOT_ALIGN 256

typedef struct options {
    bench_shape_list shapes;
    int algos[4];
    int nalgos;
    int log_softmax;
    smax_dtype x_dtype, y_dtype;
    int backward;
    int reps;
    int stat_min;
    int quiet;
    const char *csv, *json;
    uint64_t seed;
    double rotate_bytes;
    double batch_ms;
    double max_seconds;
    int overhead;
} options;

/* Pools of slots: the input (x, or y), dy (backward only) and the output
 * (y, or dx). */
typedef struct launch_state {
    smax_context ctx;
    smax_problem prob;
    int backward;
    smax_buffer xpool, dpool, ypool;
    size_t slot_bytes; /* distance between slots                       */
    size_t bytes;      /* bytes of one input                            */
    size_t copy_bytes; /* what the copy moves: half the bytes counted   */
} launch_state;

static smax_status launch_softmax(void *user, int slot)
{
    launch_state *s = user;
    size_t off = (size_t)slot * s->slot_bytes;
    if (s->backward)
        return smax_softmax_backward(s->ctx, &s->prob, s->xpool, off,
                                     s->dpool, off, s->ypool, off);
    return smax_softmax(s->ctx, &s->prob, s->xpool, off, s->ypool, off);
}

static smax_status launch_copy(void *user, int slot)
{
    launch_state *s = user;
    size_t off = (size_t)slot * s->slot_bytes;
    return smax_buffer_copy(s->ctx, s->ypool, off, s->xpool, off,
                            s->copy_bytes);
}

/* y -> x: once y holds a copy of x this rewrites x with the same bytes. */
static smax_status launch_copy_back(void *user, int slot)
{
    launch_state *s = user;
    size_t off = (size_t)slot * s->slot_bytes;
    return smax_buffer_copy(s->ctx, s->xpool, off, s->ypool, off,
                            s->copy_bytes);
}

/* ---- command line ----------------------------------------------------------- */

static void usage(FILE *f)
{
    fprintf(f,
        "usage: smax-bench [options]\n"
        "Verifies and times smax_softmax (or smax_softmax_backward) per shape\n"
        "and algorithm, next to a device-to-device copy of as many bytes.\n\n"
        "  --shapes FILE     shape list, lines 'rows cols', '#' comments\n"
        "                    (default %s)\n"
        "  --shape RxC       one shape (repeatable; replaces the default list)\n"
        "  --algo LIST       auto|fused|online|multiblock|all, or a comma list\n"
        "                    (default all = every forced algorithm, then auto)\n"
        "  --log             log-softmax instead of softmax\n"
        "  --dtype X[,Y]     f32|f16|bf16 of x and y (one name: both; default\n"
        "                    f32); with --backward y is also dy's, x dx's\n"
        "  --backward        the gradient (smax_softmax_backward): y and dy\n"
        "                    read, dx written\n"
        "  --reps N          timed batches per measurement (default 11; at least\n"
        "                    3, fewer than N once a measurement passes --max-seconds)\n"
        "  --stat median|min the batch that stands for a measurement: the median\n"
        "                    (default), or the fastest, for hosts whose other\n"
        "                    load slows some batches (a CPU device)\n"
        "  --batch-ms MS     minimum length of one batch (default 2)\n"
        "  --max-seconds S   time budget of one measurement (default 2)\n"
        "  --rotate-mb MB    rotate over buffers totalling this much to keep the\n"
        "                    cache cold (default 128; 0 = off)\n"
        "  --seed N          random data seed (default 1)\n"
        "  --no-overhead     skip the 1x1 launch-overhead measurement\n"
        "  --csv FILE        write results as CSV\n"
        "  --json FILE       write results as JSON\n"
        "  --quiet           no progress on stderr\n"
        "  --help, --version\n"
        "Exit status: 0 all verified, 1 a verification or call failed,\n"
        "2 bad usage, 77 no device of this backend.\n",
        SMAX_BENCH_DEFAULT_SHAPES);
}

static int add_algo(options *o, int a)
{
    int i;
    for (i = 0; i < o->nalgos; i++)
        if (o->algos[i] == a)
            return 0;
    o->algos[o->nalgos++] = a;
    return 0;
}

static int parse_algos(options *o, const char *arg)
{
    char buf[128], *tok;
    snprintf(buf, sizeof buf, "%s", arg);
    for (tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        if (!strcmp(tok, "all")) {
            add_algo(o, SMAX_ALGO_FUSED);
            add_algo(o, SMAX_ALGO_ONLINE);
            add_algo(o, SMAX_ALGO_MULTIBLOCK);
            add_algo(o, SMAX_ALGO_AUTO);
        } else if (!strcmp(tok, "auto")) {
            add_algo(o, SMAX_ALGO_AUTO);
        } else if (!strcmp(tok, "fused")) {
            add_algo(o, SMAX_ALGO_FUSED);
        } else if (!strcmp(tok, "online")) {
            add_algo(o, SMAX_ALGO_ONLINE);
        } else if (!strcmp(tok, "multiblock")) {
            add_algo(o, SMAX_ALGO_MULTIBLOCK);
        } else {
            fprintf(stderr, "smax-bench: unknown algorithm '%s'\n", tok);
            return -1;
        }
    }
    return 0;
}

static int parse_dtype(const char *name, smax_dtype *out)
{
    if (!strcmp(name, "f32"))
        *out = SMAX_DTYPE_F32;
    else if (!strcmp(name, "f16"))
        *out = SMAX_DTYPE_F16;
    else if (!strcmp(name, "bf16"))
        *out = SMAX_DTYPE_BF16;
    else
        return -1;
    return 0;
}

static int parse_dtypes(options *o, const char *arg)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%s", arg);
    char *comma = strchr(buf, ',');
    if (comma)
        *comma = '\0';
    if (parse_dtype(buf, &o->x_dtype) ||
        parse_dtype(comma ? comma + 1 : buf, &o->y_dtype)) {
        fprintf(stderr, "smax-bench: --dtype wants f32, f16 or bf16 (X or "
                        "X,Y), not '%s'\n", arg);
        return -1;
    }
    return 0;
}

static const char *bench_dtype_name(smax_dtype t)
{
    return t == SMAX_DTYPE_F16 ? "f16" : t == SMAX_DTYPE_BF16 ? "bf16" : "f32";
}

static int file_exists(const char *path)
{
    FILE *f = fopen(path, "r");
    if (f)
        fclose(f);
    return f != NULL;
}

/* Returns 0 to go on, 1 to exit 0 (help), 2 on a usage error. */
static int parse_args(options *o, int argc, char **argv)
{
    int i, have_shapes = 0;
    memset(o, 0, sizeof *o);
    o->reps = 11;
    o->seed = 1;
    o->rotate_bytes = 128.0 * 1024 * 1024;
    o->batch_ms = 2.0;
    o->max_seconds = 2.0;
    o->overhead = 1;

    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
#define NEED_VALUE                                                          \
    do {                                                                    \
        if (!v) {                                                           \
            fprintf(stderr, "smax-bench: %s needs a value\n", a);           \
            return 2;                                                       \
        }                                                                   \
        i++;                                                                \
    } while (0)
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 1;
        } else if (!strcmp(a, "--version")) {
            printf("smax-bench, smax %s (%s)\n", smax_version_string(),
                   smax_backend_name());
            return 1;
        } else if (!strcmp(a, "--shapes")) {
            NEED_VALUE;
            if (bench_shapes_read_file(&o->shapes, v))
                return 2;
            have_shapes = 1;
        } else if (!strcmp(a, "--shape")) {
            NEED_VALUE;
            if (bench_shapes_parse_one(&o->shapes, v))
                return 2;
            have_shapes = 1;
        } else if (!strcmp(a, "--algo")) {
            NEED_VALUE;
            if (parse_algos(o, v))
                return 2;
        } else if (!strcmp(a, "--log")) {
            o->log_softmax = 1;
        } else if (!strcmp(a, "--dtype")) {
            NEED_VALUE;
            if (parse_dtypes(o, v))
                return 2;
        } else if (!strcmp(a, "--backward")) {
            o->backward = 1;
        } else if (!strcmp(a, "--reps")) {
            NEED_VALUE;
            o->reps = atoi(v);
            if (o->reps < 1) {
                fprintf(stderr, "smax-bench: --reps must be >= 1\n");
                return 2;
            }
        } else if (!strcmp(a, "--stat")) {
            NEED_VALUE;
            if (strcmp(v, "median") && strcmp(v, "min")) {
                fprintf(stderr, "smax-bench: --stat takes median or min\n");
                return 2;
            }
            o->stat_min = !strcmp(v, "min");
        } else if (!strcmp(a, "--batch-ms")) {
            NEED_VALUE;
            o->batch_ms = atof(v);
        } else if (!strcmp(a, "--max-seconds")) {
            NEED_VALUE;
            o->max_seconds = atof(v);
        } else if (!strcmp(a, "--rotate-mb")) {
            NEED_VALUE;
            o->rotate_bytes = atof(v) * 1024.0 * 1024.0;
        } else if (!strcmp(a, "--seed")) {
            NEED_VALUE;
            o->seed = strtoull(v, NULL, 0);
        } else if (!strcmp(a, "--no-overhead")) {
            o->overhead = 0;
        } else if (!strcmp(a, "--csv")) {
            NEED_VALUE;
            o->csv = v;
        } else if (!strcmp(a, "--json")) {
            NEED_VALUE;
            o->json = v;
        } else if (!strcmp(a, "--quiet") || !strcmp(a, "-q")) {
            o->quiet = 1;
        } else {
            fprintf(stderr, "smax-bench: unknown option '%s' (try --help)\n", a);
            return 2;
        }
#undef NEED_VALUE
    }
    if (o->nalgos == 0)
        parse_algos(o, "all");
    if (!have_shapes) {
        const char *path = SMAX_BENCH_DEFAULT_SHAPES;
#ifdef SMAX_BENCH_INSTALLED_SHAPES
        if (!file_exists(path) && file_exists(SMAX_BENCH_INSTALLED_SHAPES))
            path = SMAX_BENCH_INSTALLED_SHAPES;
#endif
        if (file_exists(path)) {
            if (bench_shapes_read_file(&o->shapes, path))
                return 2;
        } else {
            /* No shape file at hand: a small built-in list. */
            bench_shapes_add(&o->shapes, 1024, 1024);
            bench_shapes_add(&o->shapes, 64, 65536);
            bench_shapes_add(&o->shapes, 1, 16777216);
        }
    }
    return 0;
}

/* ---- one shape -------------------------------------------------------------- */

typedef struct sweep {
    const options *o;
    smax_context ctx;
    smax_device_info info;
    bench_timing_opts topts;
    bench_result *results;
    size_t nresults, cap;
    int job, njobs;
} sweep;

static bench_result *new_result(sweep *s, int64_t rows, int64_t cols,
                                const char *algo)
{
    bench_result *r;
    if (s->nresults == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 64;
        bench_result *p = realloc(s->results, cap * sizeof *p);
        if (!p) {
            fprintf(stderr, "smax-bench: out of host memory\n");
            exit(2);
        }
        s->results = p;
        s->cap = cap;
    }
    r = &s->results[s->nresults++];
    memset(r, 0, sizeof *r);
    r->rows = rows;
    r->cols = cols;
    snprintf(r->algo, sizeof r->algo, "%s", algo);
    return r;
}

static void note_call(bench_result *r, smax_context ctx, const char *what,
                      smax_status st)
{
    const char *detail = smax_last_error(ctx);
    snprintf(r->note, sizeof r->note, "%s: %s%s%s", what,
             smax_status_string(st), detail && detail[0] ? ": " : "",
             detail ? detail : "");
}

static void progress(const sweep *s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void progress(const sweep *s, const char *fmt, ...)
{
    va_list ap;
    if (s->o->quiet)
        return;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fflush(stderr);
}

static size_t round_up(size_t v, size_t a) { return (v + a - 1) / a * a; }
static size_t max_size(size_t a, size_t b) { return a > b ? a : b; }

static void skip_shape(sweep *s, int64_t rows, int64_t cols, const char *why)
{
    int i;
    for (i = 0; i < s->o->nalgos; i++) {
        bench_result *r =
            new_result(s, rows, cols, bench_algo_name(s->o->algos[i]));
        r->status = BENCH_SKIP;
        snprintf(r->note, sizeof r->note, "%s", why);
    }
    s->job += s->o->nalgos + 1;
    progress(s, "[%d/%d] %lldx%lld skipped: %s\n", s->job, s->njobs,
             (long long)rows, (long long)cols, why);
}

#define HOST_BLOCK_ELEMS ((int64_t)1 << 22)

/* Rows per block of host work: about HOST_BLOCK_ELEMS elements. */
static int64_t host_block_rows(int64_t cols)
{
    return cols >= HOST_BLOCK_ELEMS ? 1 : HOST_BLOCK_ELEMS / cols;
}

/* The host side of one shape: the inputs as the device sees them (decoded
 * floats and their encodings), the reference, and the output read back.
 * Forward: in0 = x, output y. Backward: in0 = y (a real softmax output,
 * rounded to its type), in1 = dy, output dx. */
typedef struct workload {
    int backward;
    uint32_t flags;
    int in_fmt, out_fmt;         /* smax_half.h formats = smax_dtype     */
    size_t n, in_bytes, out_bytes;
    float *in0, *in1;            /* decoded inputs                       */
    void *raw0, *raw1;           /* their encodings                      */
    void *got;                   /* the output's encodings               */
    float *ref32;                /* forward, f32 output                  */
    double *ref64, *mag;         /* forward 16-bit output; backward      */
} workload;

static void workload_free(workload *w)
{
    free(w->in0);
    free(w->in1);
    free(w->raw0);
    free(w->raw1);
    free(w->got);
    free(w->ref32);
    free(w->ref64);
    free(w->mag);
    memset(w, 0, sizeof *w);
}

/* The reference of rows [r0, r0 + n). */
static void reference_block(const workload *w, int64_t r0, int64_t n,
                            int64_t cols)
{
    const int64_t at = r0 * cols;
    if (w->backward) {
        smax_reference_backward_f64(w->in0 + at, cols, w->in1 + at, cols, n,
                                    cols, w->ref64 + at, cols, w->flags, 1.0f);
        smax_reference_backward_mag(w->in0 + at, cols, w->in1 + at, cols, n,
                                    cols, w->mag + at, cols, w->flags, 1.0f);
    } else if (w->out_fmt == SMAX_FMT_F32) {
        smax_reference(w->in0 + at, n, cols, cols, w->ref32 + at, cols,
                       w->flags, 1.0f);
    } else {
        smax_reference_f64(w->in0 + at, n, cols, cols, w->ref64 + at, cols,
                           w->flags, 1.0f);
    }
}

/* THE rule for this workload's output over rows [r0, r0 + n). */
static int check_block(const workload *w, int64_t r0, int64_t n, int64_t cols,
                       int merge_levels, smax_check_result *c)
{
    const int64_t at = r0 * cols;
    const char *got = (const char *)w->got +
                      (size_t)at * smax_fmt_bytes(w->out_fmt);
    if (w->backward)
        return smax_check_backward(w->ref64 + at, cols, w->mag + at, cols, got,
                                   cols, w->out_fmt, n, cols, merge_levels, c);
    if (w->out_fmt == SMAX_FMT_F32)
        return smax_check_output(w->in0 + at, cols, (const float *)got, cols,
                                 w->ref32 + at, cols, n, cols, w->flags,
                                 merge_levels, c);
    return smax_check_output_half(w->in0 + at, cols, (const uint16_t *)got,
                                  cols, w->ref64 + at, cols, n, cols,
                                  w->out_fmt, w->flags, merge_levels, c);
}

/* The float64 host reference, over row blocks (in parallel with OpenMP),
 * with progress for big shapes. */
static void reference(sweep *s, const workload *w, int64_t rows, int64_t cols)
{
    const int64_t step = host_block_rows(cols);
    const int64_t nblocks = (rows + step - 1) / step;
    const int loud = rows * cols >= ((int64_t)1 << 24);
    int64_t b, done = 0;
    int shown = 0;
    double t0 = bench_now();
    if (loud)
        progress(s, "      float64 host reference for %lldx%lld ...",
                 (long long)rows, (long long)cols);
    BENCH_PARALLEL_FOR
    for (b = 0; b < nblocks; b++) {
        const int64_t r0 = b * step;
        const int64_t n = rows - r0 < step ? rows - r0 : step;
        reference_block(w, r0, n, cols);
        if (loud && nblocks > 1) {
            BENCH_CRITICAL
            {
                done += n;
                while (shown < 3 && done * 4 >= rows * (shown + 1)) {
                    shown++;
                    progress(s, " %d%%", 25 * shown);
                }
            }
        }
    }
    if (loud)
        progress(s, " done (%.1f s)\n", bench_now() - t0);
}

/* The rule over row blocks in parallel; on a failure the whole check runs
 * once more serially, for the exact first failure. */
static int check(const workload *w, int64_t rows, int64_t cols,
                 int merge_levels, smax_check_result *out)
{
    const int64_t step = host_block_rows(cols);
    const int64_t nblocks = (rows + step - 1) / step;
    int64_t b, bad = 0;
    double worst = 0.0, trh = 0.0;
    if (nblocks <= 1)
        return check_block(w, 0, rows, cols, merge_levels, out);
    BENCH_PARALLEL_FOR
    for (b = 0; b < nblocks; b++) {
        const int64_t r0 = b * step;
        const int64_t n = rows - r0 < step ? rows - r0 : step;
        smax_check_result c;
        check_block(w, r0, n, cols, merge_levels, &c);
        BENCH_CRITICAL
        {
            bad += c.bad;
            if (c.worst_rel > worst)
                worst = c.worst_rel;
            trh = c.trh;
        }
    }
    if (bad == 0) {
        memset(out, 0, sizeof *out);
        out->first_row = out->first_col = -1;
        out->worst_rel = worst;
        out->trh = trh;
        return 1;
    }
    return check_block(w, 0, rows, cols, merge_levels, out);
}

/* The gradient's y, the forward reference of x (in0, in place through
 * got), over row blocks in parallel: serial, it took most of a big
 * shape's host time (5 of 6 s at 2048 x 50257 on the H100 machine). */
static void backward_y(workload *w, int64_t rows, int64_t cols)
{
    const int64_t step = host_block_rows(cols);
    const int64_t nblocks = (rows + step - 1) / step;
    int64_t b;
    BENCH_PARALLEL_FOR
    for (b = 0; b < nblocks; b++) {
        const int64_t r0 = b * step;
        const int64_t n = rows - r0 < step ? rows - r0 : step;
        const size_t at = (size_t)(r0 * cols), len = (size_t)(n * cols);
        smax_reference(w->in0 + at, n, cols, cols, (float *)w->got + at, cols,
                       w->flags, 1.0f);
        memcpy(w->in0 + at, (float *)w->got + at, len * sizeof(float));
    }
}

/* v rounded to fmt: encoded into raw and decoded back, in parallel blocks
 * of HOST_BLOCK_ELEMS. */
static void encode_decode(int fmt, float *v, size_t n, void *raw)
{
    const size_t block = (size_t)HOST_BLOCK_ELEMS, width = smax_fmt_bytes(fmt);
    const int64_t nblocks = (int64_t)((n + block - 1) / block);
    int64_t b;
    BENCH_PARALLEL_FOR
    for (b = 0; b < nblocks; b++) {
        const size_t at = (size_t)b * block;
        const size_t len = n - at < block ? n - at : block;
        smax_fmt_encode(fmt, v + at, len, (char *)raw + at * width);
        smax_fmt_decode(fmt, (const char *)raw + at * width, len, v + at);
    }
}

/* Allocates and fills the host side of a shape: random normal input (the
 * backward y is the softmax of it), encoded and decoded again so that the
 * reference sees the device's values. 0 when host memory runs short. */
static int workload_make(workload *w, const options *o, int64_t rows,
                         int64_t cols)
{
    memset(w, 0, sizeof *w);
    w->backward = o->backward;
    w->flags = o->log_softmax ? SMAX_FLAG_LOG : 0;
    /* Kernels read in and write out: forward x -> y, backward y, dy -> dx. */
    w->in_fmt = (int)(o->backward ? o->y_dtype : o->x_dtype);
    w->out_fmt = (int)(o->backward ? o->x_dtype : o->y_dtype);
    w->n = (size_t)rows * (size_t)cols;
    w->in_bytes = w->n * smax_fmt_bytes(w->in_fmt);
    w->out_bytes = w->n * smax_fmt_bytes(w->out_fmt);
    const size_t fbytes = w->n * sizeof(float), dbytes = w->n * sizeof(double);
    w->in0 = malloc(fbytes);
    w->raw0 = malloc(w->in_bytes);
    w->got = malloc(w->out_bytes > fbytes ? w->out_bytes : fbytes);
    int ok = w->in0 && w->raw0 && w->got;
    if (w->backward) {
        w->in1 = malloc(fbytes);
        w->raw1 = malloc(w->in_bytes);
        w->ref64 = malloc(dbytes);
        w->mag = malloc(dbytes);
        ok = ok && w->in1 && w->raw1 && w->ref64 && w->mag;
    } else if (w->out_fmt == SMAX_FMT_F32) {
        ok = ok && (w->ref32 = malloc(fbytes)) != NULL;
    } else {
        ok = ok && (w->ref64 = malloc(dbytes)) != NULL;
    }
    if (!ok) {
        workload_free(w);
        return 0;
    }
    const uint64_t seed = o->seed ^ ((uint64_t)rows << 32) ^ (uint64_t)cols;
    bench_fill_normal(w->in0, w->n, seed, 1.0);
    if (w->backward) {
        backward_y(w, rows, cols); /* y: a real forward output */
        bench_fill_normal(w->in1, w->n, seed ^ 0x9e3779b97f4a7c15ULL, 1.0);
        encode_decode(w->in_fmt, w->in1, w->n, w->raw1);
    }
    encode_decode(w->in_fmt, w->in0, w->n, w->raw0);
    return 1;
}

/* Writes one input into every slot of a pool, and zeros past it: the
 * copy mark reads more of a slot than the input fills (total / 2 bytes),
 * and compute-sanitizer's initcheck reported each such read of
 * never-written memory. Slot by slot, input only, where the host cannot
 * stage the whole pool. */
static smax_status fill_pool(sweep *s, smax_buffer pool, const void *src,
                             size_t bytes, size_t slot_bytes, int nslots)
{
    smax_status st = SMAX_SUCCESS;
    unsigned char *stage = calloc((size_t)nslots, slot_bytes);
    int i;
    if (stage) {
        for (i = 0; i < nslots; i++)
            memcpy(stage + (size_t)i * slot_bytes, src, bytes);
        st = smax_buffer_write(s->ctx, pool, 0, stage,
                               (size_t)nslots * slot_bytes);
        free(stage);
        return st;
    }
    for (i = 0; i < nslots && st == SMAX_SUCCESS; i++)
        st = smax_buffer_write(s->ctx, pool, (size_t)i * slot_bytes, src,
                               bytes);
    return st;
}

/* Everything about one shape while it runs. */
typedef struct shape_run {
    sweep *s;
    int64_t rows, cols;
    size_t bytes;      /* one input (x, or y and dy)                    */
    size_t out_bytes;  /* the output (y, or dx)                         */
    size_t total;      /* bytes counted: inputs read + output written   */
    int npools, nslots;
    uint64_t scratch_max;
    size_t first_result;
    launch_state ls;
    workload w;
    smax_plan_info plans[4];
    smax_status plan_st[4];
    char plan_err[4][320];
} shape_run;

/* Byte counts and the problem of the shape. */
static void shape_init(shape_run *sr, sweep *s, int64_t rows, int64_t cols)
{
    const options *o = s->o;
    const size_t n = (size_t)rows * (size_t)cols;
    memset(sr, 0, sizeof *sr);
    sr->s = s;
    sr->rows = rows;
    sr->cols = cols;
    sr->first_result = s->nresults;
    sr->npools = o->backward ? 3 : 2;
    sr->bytes = n * smax_fmt_bytes((int)(o->backward ? o->y_dtype
                                                     : o->x_dtype));
    sr->out_bytes = n * smax_fmt_bytes((int)(o->backward ? o->x_dtype
                                                         : o->y_dtype));
    sr->total = sr->bytes * (size_t)(sr->npools - 1) + sr->out_bytes;
    /* The copy mark moves as many bytes as the softmax: total / 2 read
     * and as many written (always even: element sizes are 2 or 4). */
    sr->ls.copy_bytes = sr->total / 2;
    sr->ls.bytes = sr->bytes;
    sr->ls.slot_bytes = round_up(max_size(max_size(sr->bytes, sr->out_bytes),
                                          sr->ls.copy_bytes),
                                 SLOT_ALIGN);
    sr->ls.ctx = s->ctx;
    sr->ls.backward = o->backward;
    sr->ls.prob = smax_problem_make(rows, cols);
    sr->ls.prob.flags = o->log_softmax ? SMAX_FLAG_LOG : 0;
    sr->ls.prob.x_dtype = o->x_dtype;
    sr->ls.prob.y_dtype = o->y_dtype;
}

/* Plans first: they tell whether each algorithm runs and its scratch. */
static void plan_all(shape_run *sr)
{
    const options *o = sr->s->o;
    smax_context ctx = sr->s->ctx;
    const smax_problem *prob = &sr->ls.prob;
    int i;
    for (i = 0; i < o->nalgos; i++) {
        sr->ls.prob.algorithm = (smax_algorithm)o->algos[i];
        memset(&sr->plans[i], 0, sizeof sr->plans[i]);
        sr->plan_st[i] = o->backward
                             ? smax_plan_backward(ctx, prob, &sr->plans[i])
                             : smax_plan(ctx, prob, &sr->plans[i]);
        sr->plan_err[i][0] = '\0';
        if (sr->plan_st[i] != SMAX_SUCCESS)
            snprintf(sr->plan_err[i], sizeof sr->plan_err[i], "%s",
                     smax_last_error(ctx));
        else if (sr->plans[i].scratch_bytes > sr->scratch_max)
            sr->scratch_max = sr->plans[i].scratch_bytes;
    }
}

/* How many slots to rotate over, within the device's memory; 0 with a
 * reason when even one does not fit. */
static int choose_slots(shape_run *sr, char *why, size_t whylen)
{
    const smax_device_info *info = &sr->s->info;
    const double slot = (double)sr->ls.slot_bytes;
    const double usable =
        0.85 * (double)info->global_mem_bytes - (double)sr->scratch_max;
    char b1[32], b2[32], b3[32], b4[32];
    int nslots = 1;
    if (slot > (double)info->max_alloc_bytes || sr->npools * slot > usable) {
        snprintf(why, whylen,
                 "does not fit: needs %d x %s (+%s scratch); device has %s, "
                 "largest buffer %s", sr->npools, bench_bytes_str(slot, b1),
                 bench_bytes_str((double)sr->scratch_max, b2),
                 bench_bytes_str((double)info->global_mem_bytes, b3),
                 bench_bytes_str((double)info->max_alloc_bytes, b4));
        return 0;
    }
    if (sr->s->o->rotate_bytes > 0) {
        double want = ceil(sr->s->o->rotate_bytes / (sr->npools * slot));
        nslots = want > MAX_SLOTS ? MAX_SLOTS : want < 1 ? 1 : (int)want;
        while (nslots > 1 && (nslots * slot > (double)info->max_alloc_bytes ||
                              sr->npools * nslots * slot > 0.5 * usable))
            nslots--;
    }
    sr->nslots = nslots;
    return 1;
}

static void free_pools(launch_state *ls)
{
    smax_buffer_free(ls->xpool);
    smax_buffer_free(ls->dpool);
    smax_buffer_free(ls->ypool);
    ls->xpool = ls->dpool = ls->ypool = NULL;
}

/* Device pools, halving the slots while memory runs short. */
static smax_status alloc_pools(shape_run *sr)
{
    launch_state *ls = &sr->ls;
    for (;;) {
        const size_t pool_bytes = (size_t)sr->nslots * ls->slot_bytes;
        smax_status st = smax_buffer_alloc(ls->ctx, pool_bytes, &ls->xpool);
        if (st == SMAX_SUCCESS)
            st = smax_buffer_alloc(ls->ctx, pool_bytes, &ls->ypool);
        if (st == SMAX_SUCCESS && ls->backward)
            st = smax_buffer_alloc(ls->ctx, pool_bytes, &ls->dpool);
        if (st == SMAX_SUCCESS)
            return st;
        free_pools(ls);
        if (sr->nslots == 1)
            return st;
        sr->nslots = sr->nslots / 2 > 1 ? sr->nslots / 2 : 1;
    }
}

/* Host data, device pools and inputs; 0 (the shape skipped) on failure. */
static int prepare_shape(shape_run *sr)
{
    sweep *s = sr->s;
    char why[320], b1[32];
    smax_status st;
    if (!choose_slots(sr, why, sizeof why)) {
        skip_shape(s, sr->rows, sr->cols, why);
        return 0;
    }
    if (sr->rows * sr->cols >= ((int64_t)1 << 24))
        progress(s, "      %lldx%lld: random input (%s), %d slot(s)\n",
                 (long long)sr->rows, (long long)sr->cols,
                 bench_bytes_str((double)sr->bytes, b1), sr->nslots);
    if (!workload_make(&sr->w, s->o, sr->rows, sr->cols)) {
        skip_shape(s, sr->rows, sr->cols,
                   "not enough host memory for the inputs, reference, output");
        return 0;
    }
    st = alloc_pools(sr);
    if (st != SMAX_SUCCESS) {
        snprintf(why, sizeof why, "device allocation of %d x %s failed: %s: %s",
                 sr->npools, bench_bytes_str((double)sr->ls.slot_bytes, b1),
                 smax_status_string(st), smax_last_error(s->ctx));
        skip_shape(s, sr->rows, sr->cols, why);
        return 0;
    }
    st = fill_pool(s, sr->ls.xpool, sr->w.raw0, sr->bytes, sr->ls.slot_bytes,
                   sr->nslots);
    if (st == SMAX_SUCCESS && sr->ls.backward)
        st = fill_pool(s, sr->ls.dpool, sr->w.raw1, sr->bytes,
                       sr->ls.slot_bytes, sr->nslots);
    if (st != SMAX_SUCCESS) {
        snprintf(why, sizeof why, "writing the input failed: %s: %s",
                 smax_status_string(st), smax_last_error(s->ctx));
        skip_shape(s, sr->rows, sr->cols, why);
        return 0;
    }
    return 1;
}

/* One copy x -> y, read back and compared with what x holds. */
static smax_status copy_once(shape_run *sr, bench_result *r)
{
    const size_t cmp = sr->ls.copy_bytes < sr->bytes ? sr->ls.copy_bytes
                                                     : sr->bytes;
    smax_status st = launch_copy(&sr->ls, 0);
    if (st == SMAX_SUCCESS)
        st = smax_synchronize(sr->s->ctx);
    if (st == SMAX_SUCCESS)
        st = smax_buffer_read(sr->s->ctx, sr->ls.ypool, 0, sr->w.got, cmp);
    if (st == SMAX_SUCCESS && memcmp(sr->w.got, sr->w.raw0, cmp) != 0) {
        r->status = BENCH_FAIL;
        snprintf(r->note, sizeof r->note,
                 "smax_buffer_copy did not reproduce its input");
    }
    return st;
}

/* The copy baseline: as many bytes as the softmax moves, same rotation,
 * same timer. Both directions (the warm-up of the first fills every y slot,
 * so the second rewrites x with its own bytes); the faster one is the 100%
 * mark: a copy's speed can depend on where the two buffers landed in
 * memory, and the mark should be the device's. */
static void measure_copy(shape_run *sr)
{
    sweep *s = sr->s;
    bench_result *r = new_result(s, sr->rows, sr->cols, "copy");
    bench_timing back;
    smax_status st;
    s->job++;
    progress(s, "[%d/%d] %lldx%lld copy ...", s->job, s->njobs,
             (long long)sr->rows, (long long)sr->cols);
    r->slots = sr->nslots;
    st = copy_once(sr, r);
    if (st == SMAX_SUCCESS)
        st = bench_time(s->ctx, launch_copy, &sr->ls, sr->nslots, &s->topts,
                        &r->t);
    if (st == SMAX_SUCCESS)
        st = bench_time(s->ctx, launch_copy_back, &sr->ls, sr->nslots,
                        &s->topts, &back);
    if (st != SMAX_SUCCESS) {
        r->status = BENCH_ERROR;
        note_call(r, s->ctx, "copy", st);
        progress(s, " %s\n", r->note);
        return;
    }
    snprintf(r->ran, sizeof r->ran, "x->y");
    if (r->status == BENCH_OK)
        snprintf(r->note, sizeof r->note,
                 "%zu bytes each way; x->y %.1f us, y->x %.1f us (the faster "
                 "is 100%%)", sr->ls.copy_bytes, r->t.us, back.us);
    if (back.us < r->t.us) {
        r->t = back;
        snprintf(r->ran, sizeof r->ran, "y->x");
    }
    r->gbps = 2.0 * (double)sr->ls.copy_bytes / (r->t.us * 1e-6) / 1e9;
    r->pct_copy = 100.0;
    progress(s, " %.1f us, %.2f GB/s\n", r->t.us, r->gbps);
}

/* The plan into the result; the merge levels the check may allow. */
static int record_plan(bench_result *r, const smax_plan_info *p)
{
    snprintf(r->ran, sizeof r->ran, "%s", bench_algo_name(p->algorithm));
    r->group_size = p->group_size;
    r->rows_per_group = p->rows_per_group;
    r->chunks_per_row = p->chunks_per_row;
    r->cluster = strstr(p->reason, "cluster") != NULL;
    r->reread = strstr(p->reason, "re-read") != NULL;
    r->merge_levels = p->merge_levels;
    r->vector_width = p->vector_width;
    if (p->algorithm != SMAX_ALGO_MULTIBLOCK && p->merge_levels != 0) {
        /* The tolerance contract: 0 merge levels for fused/online. A plan
         * claiming more would loosen the check; do not let it. */
        snprintf(r->note, sizeof r->note,
                 "plan reports merge_levels %u for a %s plan; checked with 0",
                 p->merge_levels, r->ran);
        return 0;
    }
    return (int)p->merge_levels;
}

/* A plan that failed: n/a (with the library's reason) or an error. */
static void record_plan_failure(bench_result *r, smax_status st,
                                const char *err)
{
    r->status = st == SMAX_ERROR_NOT_SUPPORTED ? BENCH_NA : BENCH_ERROR;
    if (r->status == BENCH_NA)
        snprintf(r->note, sizeof r->note, "%.300s",
                 err[0] ? err : "not supported");
    else
        snprintf(r->note, sizeof r->note, "%s: %s%s%.250s",
                 r->ran[0] ? r->ran : "smax_plan", smax_status_string(st),
                 err[0] ? ": " : "", err);
}

/* Verify: poison the output, run once, read back, compare by THE rule. */
static smax_status verify(shape_run *sr, bench_result *r, int merge_levels)
{
    smax_context ctx = sr->s->ctx;
    smax_check_result chk;
    smax_status st;
    memset(sr->w.got, 0xff, sr->out_bytes); /* all-ones bits: NaN */
    st = smax_buffer_write(ctx, sr->ls.ypool, 0, sr->w.got, sr->out_bytes);
    if (st == SMAX_SUCCESS)
        st = launch_softmax(&sr->ls, 0);
    if (st == SMAX_SUCCESS)
        st = smax_synchronize(ctx);
    if (st == SMAX_SUCCESS)
        st = smax_buffer_read(ctx, sr->ls.ypool, 0, sr->w.got, sr->out_bytes);
    if (st != SMAX_SUCCESS)
        return st;
    memset(&chk, 0, sizeof chk);
    if (!check(&sr->w, sr->rows, sr->cols, merge_levels, &chk)) {
        r->status = BENCH_FAIL;
        snprintf(r->note, sizeof r->note,
                 "%lld bad (trh %.3g, merge levels %d); first: %s",
                 (long long)chk.bad, chk.trh, merge_levels, chk.message);
    }
    r->bad = chk.bad;
    r->worst_rel = chk.worst_rel;
    r->trh = chk.trh;
    return SMAX_SUCCESS;
}

static const char *call_name(const shape_run *sr)
{
    return sr->ls.backward ? "smax_softmax_backward" : "smax_softmax";
}

/* Plan, verify and time algorithm number i. */
static void measure_algo(shape_run *sr, int i)
{
    sweep *s = sr->s;
    const int algo = s->o->algos[i];
    bench_result *r = new_result(s, sr->rows, sr->cols, bench_algo_name(algo));
    smax_status st;
    int merge_levels;
    s->job++;
    r->slots = sr->nslots;
    progress(s, "[%d/%d] %lldx%lld %s ...", s->job, s->njobs,
             (long long)sr->rows, (long long)sr->cols, r->algo);
    sr->ls.prob.algorithm = (smax_algorithm)algo;
    if (sr->plan_st[i] != SMAX_SUCCESS) {
        record_plan_failure(r, sr->plan_st[i], sr->plan_err[i]);
        progress(s, " %s: %s\n", bench_status_name(r->status), r->note);
        return;
    }
    merge_levels = record_plan(r, &sr->plans[i]);
    if (r->note[0])
        progress(s, " (warning: %s)", r->note);
    st = verify(sr, r, merge_levels);
    if (st == SMAX_SUCCESS)
        st = bench_time(s->ctx, launch_softmax, &sr->ls, sr->nslots,
                        &s->topts, &r->t);
    if (st != SMAX_SUCCESS) {
        r->status = st == SMAX_ERROR_NOT_SUPPORTED ? BENCH_NA : BENCH_ERROR;
        note_call(r, s->ctx, call_name(sr), st);
        progress(s, " %s: %s\n", bench_status_name(r->status), r->note);
        return;
    }
    /* Each byte read once and each written once. */
    r->gbps = (double)sr->total / (r->t.us * 1e-6) / 1e9;
    progress(s, " %s, %s, %.1f us, %.2f GB/s\n", r->ran,
             bench_status_name(r->status), r->t.us, r->gbps);
}

/* % of copy, and auto versus the best forced algorithm. */
static void summarize_shape(sweep *s, size_t first)
{
    size_t k;
    double copy_gbps = 0, best = 0;
    bench_result *autor = NULL;
    for (k = first; k < s->nresults; k++) {
        bench_result *r = &s->results[k];
        if (!strcmp(r->algo, "copy")) {
            if (r->status == BENCH_OK)
                copy_gbps = r->gbps;
        } else if (r->status != BENCH_OK) {
            continue;
        } else if (!strcmp(r->algo, "auto")) {
            autor = r;
        } else if (best == 0 || r->t.us < best) {
            best = r->t.us;
        }
    }
    for (k = first; k < s->nresults; k++) {
        bench_result *r = &s->results[k];
        if (copy_gbps > 0 && r->gbps > 0 && strcmp(r->algo, "copy"))
            r->pct_copy = 100.0 * r->gbps / copy_gbps;
    }
    if (autor && best > 0)
        autor->vs_best = autor->t.us / best;
}

/* True when rows x cols cannot even be addressed on this host. */
static int too_large(int64_t rows, int64_t cols)
{
    return (uint64_t)rows > (uint64_t)SIZE_MAX / 8 / (uint64_t)cols ||
           (uint64_t)rows * (uint64_t)cols > (uint64_t)SIZE_MAX / 8;
}

static void run_shape(sweep *s, int64_t rows, int64_t cols)
{
    shape_run *sr;
    int i;
    if (rows == 0 || cols == 0) {
        skip_shape(s, rows, cols, "empty problem (nothing to time)");
        return;
    }
    if (too_large(rows, cols)) {
        skip_shape(s, rows, cols, "too large for this host");
        return;
    }
    sr = malloc(sizeof *sr);
    if (!sr) {
        skip_shape(s, rows, cols, "out of host memory");
        return;
    }
    shape_init(sr, s, rows, cols);
    plan_all(sr);
    if (prepare_shape(sr)) {
        reference(s, &sr->w, rows, cols);
        measure_copy(sr);
        for (i = 0; i < s->o->nalgos; i++)
            measure_algo(sr, i);
        summarize_shape(s, sr->first_result);
    }
    free_pools(&sr->ls);
    workload_free(&sr->w);
    free(sr);
}

/* ---- launch overhead --------------------------------------------------------- */

/* A 1x1 problem of the run's dtypes and direction: forward x = 0.5 gives
 * 1 (log: 0); backward y = 1 (log: 0), dy = 0.5 gives dx = 0. */
static smax_status overhead_setup(launch_state *ls, const options *o,
                                  float *expect)
{
    const int in_fmt = (int)(o->backward ? o->y_dtype : o->x_dtype);
    const float in0 = o->backward ? (o->log_softmax ? 0.0f : 1.0f) : 0.5f;
    const float in1 = 0.5f;
    unsigned char raw[4];
    smax_status st;
    ls->prob = smax_problem_make(1, 1);
    ls->prob.flags = o->log_softmax ? SMAX_FLAG_LOG : 0;
    ls->prob.x_dtype = o->x_dtype;
    ls->prob.y_dtype = o->y_dtype;
    ls->backward = o->backward;
    ls->bytes = ls->copy_bytes = smax_fmt_bytes(in_fmt);
    ls->slot_bytes = SLOT_ALIGN;
    *expect = o->backward || o->log_softmax ? 0.0f : 1.0f;
    if ((st = smax_buffer_alloc(ls->ctx, SLOT_ALIGN, &ls->xpool)) ||
        (st = smax_buffer_alloc(ls->ctx, SLOT_ALIGN, &ls->ypool)))
        return st;
    smax_fmt_encode(in_fmt, &in0, 1, raw);
    if ((st = smax_buffer_write(ls->ctx, ls->xpool, 0, raw, ls->bytes)))
        return st;
    if (!o->backward)
        return SMAX_SUCCESS;
    smax_fmt_encode(in_fmt, &in1, 1, raw);
    if ((st = smax_buffer_alloc(ls->ctx, SLOT_ALIGN, &ls->dpool)))
        return st;
    return smax_buffer_write(ls->ctx, ls->dpool, 0, raw, ls->bytes);
}

/* One launch, its output read back and decoded. */
static smax_status overhead_once(launch_state *ls, const options *o,
                                 float *out)
{
    const int out_fmt = (int)(o->backward ? o->x_dtype : o->y_dtype);
    unsigned char raw[4];
    smax_status st = launch_softmax(ls, 0);
    if (st == SMAX_SUCCESS)
        st = smax_synchronize(ls->ctx);
    if (st == SMAX_SUCCESS)
        st = smax_buffer_read(ls->ctx, ls->ypool, 0, raw,
                              smax_fmt_bytes(out_fmt));
    if (st == SMAX_SUCCESS)
        smax_fmt_decode(out_fmt, raw, 1, out);
    return st;
}

static void measure_overhead(sweep *s, bench_meta *m)
{
    launch_state ls;
    float expect = 0.0f, out = -1.0f;
    bench_timing t;
    smax_status st;

    memset(&ls, 0, sizeof ls);
    ls.ctx = s->ctx;
    progress(s, "launch overhead (1x1, auto) ...");
    if ((st = overhead_setup(&ls, s->o, &expect)) ||
        (st = overhead_once(&ls, s->o, &out)) ||
        (st = bench_time(s->ctx, launch_softmax, &ls, 1, &s->topts, &t))) {
        progress(s, " failed: %s: %s\n", smax_status_string(st),
                 smax_last_error(s->ctx));
        goto done;
    }
    if (out != expect)
        progress(s, " (warning: 1x1 gave %.9g, not %g)", out, expect);
    m->overhead_batched_us = t.us;
    m->overhead_single_us = t.single_us;
    if ((st = bench_time(s->ctx, launch_copy, &ls, 1, &s->topts, &t)) ==
        SMAX_SUCCESS)
        m->copy_overhead_batched_us = t.us;
    m->have_overhead = 1;
    progress(s, " %.2f us per launch (batched), %.2f us launch+sync\n",
             m->overhead_batched_us, m->overhead_single_us);
done:
    free_pools(&ls);
}

/* ---- main --------------------------------------------------------------------- */

static void join_command(char *dst, size_t n, int argc, char **argv)
{
    size_t len = 0;
    int i;
    dst[0] = '\0';
    for (i = 0; i < argc && len + 1 < n; i++) {
        int quote = strpbrk(argv[i], " \t\"'") != NULL || argv[i][0] == '\0';
        int w = snprintf(dst + len, n - len, quote ? "%s'%s'" : "%s%s",
                         i ? " " : "", argv[i]);
        if (w < 0)
            break;
        len += (size_t)w;
    }
}

int main(int argc, char **argv)
{
    options o;
    sweep s;
    bench_meta meta;
    smax_status st;
    size_t i;
    int rc, failed = 0;

    rc = parse_args(&o, argc, argv);
    if (rc)
        return rc == 1 ? 0 : 2;

    memset(&s, 0, sizeof s);
    memset(&meta, 0, sizeof meta);
    s.o = &o;
    s.topts.reps = o.reps;
    s.topts.min_batches = o.reps < 3 ? o.reps : 3;
    s.topts.batch_seconds = o.batch_ms * 1e-3;
    s.topts.max_seconds = o.max_seconds;
    s.topts.max_per_batch = 100000;
    s.topts.stat_min = o.stat_min;

    st = smax_context_create(&s.ctx);
    if (st != SMAX_SUCCESS) {
        const char *detail = smax_last_error(NULL);
        fprintf(stderr, "smax-bench: smax_context_create: %s%s%s\n",
                smax_status_string(st), detail && detail[0] ? ": " : "",
                detail ? detail : "");
        if (st == SMAX_ERROR_NO_DEVICE) {
            fprintf(stderr, "smax-bench: no %s device here: skipped\n",
                    smax_backend_name());
            return EXIT_SKIP;
        }
        return 2;
    }
    st = smax_device_info_get(s.ctx, &s.info);
    if (st != SMAX_SUCCESS) {
        fprintf(stderr, "smax-bench: smax_device_info_get: %s: %s\n",
                smax_status_string(st), smax_last_error(s.ctx));
        smax_context_destroy(s.ctx);
        return 2;
    }

    snprintf(meta.device, sizeof meta.device, "%s", s.info.name);
    snprintf(meta.vendor, sizeof meta.vendor, "%s", s.info.vendor);
    meta.backend = smax_backend_name();
    meta.version = smax_version_string();
    meta.global_mem_bytes = s.info.global_mem_bytes;
    meta.compute_units = s.info.compute_units;
    meta.log_softmax = o.log_softmax;
    meta.x_dtype = bench_dtype_name(o.x_dtype);
    meta.y_dtype = bench_dtype_name(o.y_dtype);
    meta.backward = o.backward;
    meta.reps = o.reps;
    meta.stat_min = o.stat_min;
    meta.rotate_bytes = o.rotate_bytes;
    {
        time_t now = time(NULL);
        struct tm *tm = gmtime(&now);
        if (tm)
            strftime(meta.date, sizeof meta.date, "%Y-%m-%dT%H:%M:%SZ", tm);
    }
    join_command(meta.command, sizeof meta.command, argc, argv);

    s.njobs = (int)o.shapes.count * (o.nalgos + 1);
    if (!o.quiet) {
        char b1[32], b2[32];
        fprintf(stderr, "smax-bench: smax %s, backend %s, device \"%s\" (%s, "
                        "%s, largest buffer %s, fused up to %lld cols)\n",
                meta.version, meta.backend, meta.device, meta.vendor,
                bench_bytes_str((double)s.info.global_mem_bytes, b1),
                bench_bytes_str((double)s.info.max_alloc_bytes, b2),
                (long long)s.info.fused_max_cols);
        fprintf(stderr, "smax-bench: %zu shapes x %d algorithms (+ copy)\n",
                o.shapes.count, o.nalgos);
    }

    if (o.overhead)
        measure_overhead(&s, &meta);
    bench_print_head(stdout, &meta);
    fflush(stdout);
    for (i = 0; i < o.shapes.count; i++) {
        const size_t first = s.nresults;
        size_t k;
        run_shape(&s, o.shapes.items[i].rows, o.shapes.items[i].cols);
        /* Notes may hold multi-line vendor logs: one line each. */
        for (k = first; k < s.nresults; k++) {
            char *c;
            for (c = s.results[k].note; *c; c++)
                if ((unsigned char)*c < 0x20)
                    *c = ' ';
        }
        bench_print_rows(stdout, s.results, first, s.nresults);
        fflush(stdout);
    }
    bench_print_tail(stdout, &meta, s.results, s.nresults);
    fflush(stdout);
    for (i = 0; i < s.nresults; i++)
        if (s.results[i].status == BENCH_FAIL ||
            s.results[i].status == BENCH_ERROR)
            failed = 1;
    if (o.csv && bench_write_csv(o.csv, &meta, s.results, s.nresults))
        failed = 1;
    if (o.json && bench_write_json(o.json, &meta, s.results, s.nresults))
        failed = 1;

    free(s.results);
    bench_shapes_free(&o.shapes);
    smax_context_destroy(s.ctx);
    return failed ? 1 : 0;
}
