/*
 * bench_util.c - shape lists, clock, random data and the batch timer.
 */
#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif

#include "bench.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifdef _WIN32
#include <windows.h>
#else
#include <time.h>
#endif

/* ---- shapes ------------------------------------------------------------- */

int bench_shapes_add(bench_shape_list *list, int64_t rows, int64_t cols)
{
    if (list->count == list->capacity) {
        size_t cap = list->capacity ? 2 * list->capacity : 16;
        bench_shape *p = realloc(list->items, cap * sizeof *p);
        if (!p) {
            fprintf(stderr, "smax-bench: out of host memory\n");
            return -1;
        }
        list->items = p;
        list->capacity = cap;
    }
    list->items[list->count].rows = rows;
    list->items[list->count].cols = cols;
    list->count++;
    return 0;
}

void bench_shapes_free(bench_shape_list *list)
{
    free(list->items);
    list->items = NULL;
    list->count = list->capacity = 0;
}

/* Parses "R C", "RxC", "R,C" at s; returns 1 with both filled, 0 if the
 * text is empty, -1 if it is malformed. */
static int parse_pair(const char *s, int64_t *rows, int64_t *cols)
{
    char *end;
    long long r, c;
    while (isspace((unsigned char)*s))
        s++;
    if (*s == '\0')
        return 0;
    errno = 0;
    r = strtoll(s, &end, 10);
    if (end == s || errno)
        return -1;
    s = end;
    while (isspace((unsigned char)*s))
        s++;
    if (*s == 'x' || *s == 'X' || *s == ',' || *s == '*')
        s++;
    errno = 0;
    c = strtoll(s, &end, 10);
    if (end == s || errno)
        return -1;
    s = end;
    while (isspace((unsigned char)*s))
        s++;
    if (*s != '\0')
        return -1;
    if (r < 0 || c < 0)
        return -1;
    *rows = r;
    *cols = c;
    return 1;
}

int bench_shapes_parse_one(bench_shape_list *list, const char *text)
{
    int64_t r, c;
    if (parse_pair(text, &r, &c) != 1) {
        fprintf(stderr, "smax-bench: bad shape '%s' (want ROWSxCOLS)\n",
                text);
        return -1;
    }
    return bench_shapes_add(list, r, c);
}

int bench_shapes_read_file(bench_shape_list *list, const char *path)
{
    char line[512];
    int lineno = 0;
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "smax-bench: cannot open shape file %s: %s\n", path,
                strerror(errno));
        return -1;
    }
    while (fgets(line, sizeof line, f)) {
        int64_t r, c;
        int got;
        char *hash = strchr(line, '#');
        lineno++;
        if (hash)
            *hash = '\0';
        line[strcspn(line, "\r\n")] = '\0';
        got = parse_pair(line, &r, &c);
        if (got == 0)
            continue;
        if (got < 0) {
            fprintf(stderr, "smax-bench: %s:%d: bad line (want 'rows cols')\n",
                    path, lineno);
            fclose(f);
            return -1;
        }
        if (bench_shapes_add(list, r, c)) {
            fclose(f);
            return -1;
        }
    }
    fclose(f);
    return 0;
}

/* ---- host helpers -------------------------------------------------------- */

double bench_now(void)
{
#ifdef _WIN32
    LARGE_INTEGER f, c;
    QueryPerformanceFrequency(&f);
    QueryPerformanceCounter(&c);
    return (double)c.QuadPart / (double)f.QuadPart;
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
#endif
}

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Uniform in (0, 1], never 0. */
static double uniform01(uint64_t *state)
{
    return ((double)(splitmix64(state) >> 11) + 1.0) * (1.0 / 9007199254740992.0);
}

#define FILL_BLOCK ((size_t)1 << 20)

static void fill_block(float *x, size_t n, uint64_t state, double sigma)
{
    const double two_pi = 6.283185307179586476925286766559;
    size_t i = 0;
    while (i < n) {
        /* Box-Muller: two normals per pair of uniforms. */
        double u1 = uniform01(&state), u2 = uniform01(&state);
        double rad = sigma * sqrt(-2.0 * log(u1));
        float a = (float)(rad * cos(two_pi * u2));
        float b = (float)(rad * sin(two_pi * u2));
        /* Never an exact zero: a zero input would hide a kernel that writes
         * exp(0)-like constants. */
        if (a == 0.0f)
            a = 1e-3f;
        if (b == 0.0f)
            b = -1e-3f;
        x[i++] = a;
        if (i < n)
            x[i++] = b;
    }
}

void bench_fill_normal(float *x, size_t n, uint64_t seed, double sigma)
{
    const int64_t blocks = (int64_t)((n + FILL_BLOCK - 1) / FILL_BLOCK);
    int64_t b;
    BENCH_PARALLEL_FOR
    for (b = 0; b < blocks; b++) {
        uint64_t state = seed * 0x2545f4914f6cdd1dull + 0x5851f42d4c957f2dull +
                         (uint64_t)b * 0x9e3779b97f4a7c15ull;
        size_t start = (size_t)b * FILL_BLOCK;
        size_t len = n - start < FILL_BLOCK ? n - start : FILL_BLOCK;
        (void)splitmix64(&state);
        fill_block(x + start, len, state, sigma);
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double bench_median(double *v, int n)
{
    if (n <= 0)
        return 0.0;
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

const char *bench_algo_name(smax_algorithm a)
{
    switch (a) {
    case SMAX_ALGO_AUTO: return "auto";
    case SMAX_ALGO_FUSED: return "fused";
    case SMAX_ALGO_ONLINE: return "online";
    case SMAX_ALGO_MULTIBLOCK: return "multiblock";
    }
    return "?";
}

const char *bench_bytes_str(double bytes, char *buf)
{
    static const char *unit[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    while (bytes >= 1024.0 && u < 4) {
        bytes /= 1024.0;
        u++;
    }
    snprintf(buf, 32, u ? "%.1f %s" : "%.0f %s", bytes, unit[u]);
    return buf;
}

/* ---- timing -------------------------------------------------------------- */

#define BENCH_MAX_BATCHES 1000

/* Launches per batch so that one lasts about batch_seconds, given the
 * estimated seconds of one launch. */
static int batch_size(double est, const bench_timing_opts *opts)
{
    double want = est > 0 ? opts->batch_seconds / est : 1e9;
    int n = want > (double)opts->max_per_batch ? opts->max_per_batch
                                               : (int)ceil(want);
    return n < 1 ? 1 : n;
}

/* n back-to-back launches over the rotating slots, then a synchronize;
 * *seconds is the host time of the whole batch. */
static smax_status run_batch(smax_context ctx, bench_launch_fn fn, void *user,
                             int nslots, int *slot, int n, double *seconds)
{
    smax_status st;
    double t0 = bench_now();
    for (int k = 0; k < n; k++) {
        if ((st = fn(user, *slot)) != SMAX_SUCCESS)
            return st;
        *slot = (*slot + 1) % nslots;
    }
    st = smax_synchronize(ctx);
    *seconds = bench_now() - t0;
    return st;
}

smax_status bench_time(smax_context ctx, bench_launch_fn fn, void *user,
                       int nslots, const bench_timing_opts *opts,
                       bench_timing *out)
{
    double per[BENCH_MAX_BATCHES];
    int reps = opts->reps < 1 ? 1 : opts->reps;
    int slot = 0, k, per_batch, nb = 0;
    double start, batch;
    smax_status st;

    if (reps > BENCH_MAX_BATCHES)
        reps = BENCH_MAX_BATCHES;
    if (nslots < 1)
        nslots = 1;
    memset(out, 0, sizeof *out);

    /* Warm-up: every slot once (first-touch, program build, caches). */
    for (k = 0; k < nslots; k++) {
        if ((st = fn(user, k)) != SMAX_SUCCESS)
            return st;
    }
    if ((st = smax_synchronize(ctx)) != SMAX_SUCCESS)
        return st;

    /* One launch + synchronize: the latency of a lone call. */
    if ((st = run_batch(ctx, fn, user, nslots, &slot, 1, &batch)) !=
        SMAX_SUCCESS)
        return st;
    out->single_us = batch * 1e6;

    /* Calibrate the batch size: a batch lasts >= batch_seconds. */
    per_batch = 1;
    if (batch < opts->batch_seconds) {
        double est = batch;
        for (int pass = 0; pass < 3; pass++) {
            per_batch = batch_size(est, opts);
            if ((st = run_batch(ctx, fn, user, nslots, &slot, per_batch,
                                &batch)) != SMAX_SUCCESS)
                return st;
            est = batch / per_batch;
            if (batch >= 0.8 * opts->batch_seconds ||
                per_batch >= opts->max_per_batch)
                break;
        }
        per_batch = batch_size(est, opts);
    }

    /* Timed batches. */
    start = bench_now();
    while (nb < reps) {
        if ((st = run_batch(ctx, fn, user, nslots, &slot, per_batch,
                            &batch)) != SMAX_SUCCESS)
            return st;
        per[nb++] = batch / per_batch * 1e6;
        if (nb >= opts->min_batches && bench_now() - start > opts->max_seconds)
            break;
    }

    out->per_batch = per_batch;
    out->batches = nb;
    out->median_us = bench_median(per, nb); /* sorts per */
    out->min_us = per[0];
    out->max_us = per[nb - 1];
    out->us = opts->stat_min ? out->min_us : out->median_us;
    return SMAX_SUCCESS;
}
