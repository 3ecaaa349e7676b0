/*
 * bench.h - pieces shared by the files of smax-bench.
 *
 * smax-bench uses only the public API (smax.h) plus the host float64
 * reference and tolerance rule of the test support library.
 */
#ifndef SMAX_BENCH_H
#define SMAX_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "smax/smax.h"

/* ---- shapes ------------------------------------------------------------- */

typedef struct bench_shape {
    int64_t rows, cols;
} bench_shape;

typedef struct bench_shape_list {
    bench_shape *items;
    size_t count, capacity;
} bench_shape_list;

/* Appends the shapes of a file of "rows cols" lines ('#' comments, blank
 * lines allowed; "RxC" accepted too). Returns 0 on success, -1 with a
 * message on stderr otherwise. */
int bench_shapes_read_file(bench_shape_list *list, const char *path);
/* Parses "RxC" (or "R,C") and appends it. Returns 0 or -1. */
int bench_shapes_parse_one(bench_shape_list *list, const char *text);
int bench_shapes_add(bench_shape_list *list, int64_t rows, int64_t cols);
void bench_shapes_free(bench_shape_list *list);

/* ---- host helpers -------------------------------------------------------- */

/* Host work on big shapes (random data, reference, checks) runs over row
 * blocks in parallel where OpenMP is available. */
#ifdef _OPENMP
#define BENCH_PARALLEL_FOR _Pragma("omp parallel for schedule(dynamic, 1)")
#define BENCH_CRITICAL _Pragma("omp critical")
#else
#define BENCH_PARALLEL_FOR
#define BENCH_CRITICAL
#endif

/* Monotonic clock in seconds. */
double bench_now(void);
/* Fills n floats with N(0, sigma) from a fixed-seed generator (the same
 * numbers whatever the thread count); the values are never exactly zero. */
void bench_fill_normal(float *x, size_t n, uint64_t seed, double sigma);
double bench_median(double *v, int n); /* sorts v */
const char *bench_algo_name(smax_algorithm a);
/* "1.5 GiB" style. buf must hold 32 chars. */
const char *bench_bytes_str(double bytes, char *buf);

/* ---- timing -------------------------------------------------------------- */

/* One launch on rotation slot `slot`. Returns the status of the launch. */
typedef smax_status (*bench_launch_fn)(void *user, int slot);

typedef struct bench_timing_opts {
    int reps;             /* timed batches (at most)                         */
    int min_batches;      /* at least this many even past max_seconds        */
    double batch_seconds; /* a batch lasts at least about this long          */
    double max_seconds;   /* stop adding batches after this long in total    */
    int max_per_batch;    /* cap on launches per batch                       */
    int stat_min;         /* 1: the fastest batch stands for the measurement, */
                          /* else the median (bench_timing.us)               */
} bench_timing_opts;

typedef struct bench_timing {
    double median_us, min_us, max_us; /* per launch                       */
    double us; /* the one the options chose (stat_min): GB/s come from it */
    int per_batch;                    /* launches between synchronizes    */
    int batches;
    double single_us; /* one launch + synchronize, after warm-up          */
} bench_timing;

/* Times fn: warm-up, calibration of the batch size, then batches of
 * back-to-back launches between smax_synchronize() calls, rotating over
 * nslots slots. The median is over batches of (batch time / launches).
 * Returns SMAX_SUCCESS or the first failing status. */
smax_status bench_time(smax_context ctx, bench_launch_fn fn, void *user,
                       int nslots, const bench_timing_opts *opts,
                       bench_timing *out);

/* ---- results ------------------------------------------------------------- */

enum bench_status {
    BENCH_OK = 0,     /* ran, verified and timed                          */
    BENCH_NA = 1,     /* forced algorithm not supported for this shape     */
    BENCH_FAIL = 2,   /* ran, but the output failed verification           */
    BENCH_ERROR = 3,  /* a call failed                                     */
    BENCH_SKIP = 4    /* shape not run (does not fit in memory)            */
};

typedef struct bench_result {
    int64_t rows, cols;
    char algo[16];   /* requested: fused/online/multiblock/auto, or copy  */
    char ran[16];    /* what the plan ran                                 */
    int status;      /* enum bench_status                                 */
    /* plan */
    uint32_t group_size, rows_per_group, merge_levels, vector_width;
    int64_t chunks_per_row;
    int cluster; /* each row a thread-block cluster (said in the reason) */
    int reread;  /* chunks re-read from the cache (said in the reason)   */
    /* verification */
    int64_t bad;
    double worst_rel; /* the rule's measure: relative error (f32 forward),
                         ulps (16-bit forward), or error / allowed x trh
                         (backward)                                       */
    double trh;       /* the threshold worst_rel is held to               */
    /* timing */
    bench_timing t;
    int slots;
    double gbps;      /* bytes read once + bytes written once, / time;
                         copy: 2 x the bytes copied, / time               */
    double pct_copy;  /* this GB/s / the copy's GB/s * 100                */
    double vs_best;   /* auto only: auto time / best forced time          */
    char note[320];
} bench_result;

typedef struct bench_meta {
    char device[256];
    char vendor[128];
    const char *backend;
    const char *version;
    uint64_t global_mem_bytes;
    uint32_t compute_units;
    int log_softmax;
    const char *x_dtype, *y_dtype; /* "f32", "f16", "bf16"                 */
    int backward;                  /* the gradient: y, dy read; dx written  */
    int reps;
    int stat_min; /* time = the fastest batch, else the median          */
    double rotate_bytes;
    char date[64];
    char command[2048];
    /* launch overhead, 1x1 auto */
    int have_overhead;
    double overhead_batched_us, overhead_single_us;
    double copy_overhead_batched_us;
} bench_meta;

/* The table, streamed: the head before the first shape, each shape's rows
 * (r[first, end)) as soon as it has run, so that a run stopped part way
 * (a device call's time limit) still shows what it measured; the tail
 * (launch overhead, counts) last. */
void bench_print_head(FILE *f, const bench_meta *meta);
void bench_print_rows(FILE *f, const bench_result *r, size_t first,
                      size_t end);
void bench_print_tail(FILE *f, const bench_meta *meta, const bench_result *r,
                      size_t n);
int bench_write_csv(const char *path, const bench_meta *meta,
                    const bench_result *r, size_t n);
int bench_write_json(const char *path, const bench_meta *meta,
                     const bench_result *r, size_t n);
const char *bench_status_name(int status);

#endif
