/*
 * conf.h - the conformance suite of PRODUCT.md section 4, shared pieces.
 *
 * One program, built unchanged for every backend, using only the public API
 * (smax.h) and the test support library (float64 reference, tolerance).
 * Files, one concern each:
 *   conf_main.c        options, context, the order of the groups, exit code
 *   conf_report.c      pass / fail / skip counting and the summary line
 *   conf_values.c      deterministic input generators
 *   conf_run.c         one case on the device: poison, canaries, layout,
 *                      two runs (determinism), reference check
 *   conf_shapes.c      sizes: n sweep, plan boundaries, rows, chunks, empty
 *   conf_value_cases.c value distributions x flags x scales
 *   conf_special.c     section 3's special rows, all algorithms agreeing
 *   conf_layout.c      strides, in place, offsets, shared buffers
 *   conf_dtypes.c      f16 / bf16 (capability-driven)
 *   conf_bad_input.c   section 5, exact statuses, nothing written
 *   conf_large.c       the --large tier
 */
#ifndef SMAX_CONF_H
#define SMAX_CONF_H

#include <stddef.h>
#include <stdint.h>

#include "smax/smax.h"

/* ---- the suite's state ---------------------------------------------------- */

typedef struct conf_suite {
    smax_context ctx;
    smax_device_info info;
    int large;   /* --large: the long tier                              */
    int verbose; /* -v: a line per case                                  */
} conf_suite;

#define CONF_ALGO_COUNT 4
extern const smax_algorithm conf_algos[CONF_ALGO_COUNT];
const char *conf_algo_name(smax_algorithm a);

/* ---- reporting (conf_report.c) ------------------------------------------- */

void conf_report_init(int verbose);
void conf_group(const char *name); /* progress line, timing of the last */
void conf_pass(const char *fmt, ...);
void conf_fail(const char *fmt, ...);
void conf_skip(const char *reason, const char *fmt, ...);
/* Remembers the largest error/threshold ratio and where it happened. */
void conf_note_error(double ratio, const char *where);
/* Prints the summary; returns the number of failures. */
long conf_report_finish(void);
long conf_failures(void);

/* ---- inputs (conf_values.c) ------------------------------------------------ */

typedef enum conf_dist {
    CONF_NORMAL_1E_3,
    CONF_NORMAL_1,
    CONF_NORMAL_30,
    CONF_NORMAL_1E4,
    CONF_OVERFLOW,     /* a few 88..90 per row, the rest -FLT_MAX      */
    CONF_NEG_OVERFLOW, /* a few -86..-88 per row, the rest -FLT_MAX    */
    CONF_EQUAL,        /* one value for the whole row                  */
    CONF_DOMINANT,     /* normal(1) plus one element 40 above           */
    CONF_LOWEST,       /* -FLT_MAX everywhere                           */
    CONF_SUBNORMAL,    /* random subnormals of both signs               */
    CONF_DIST_COUNT
} conf_dist;

const char *conf_dist_name(conf_dist d);
void conf_seed(uint64_t seed);
uint64_t conf_rand(void);
double conf_uniform(void);          /* [0, 1)    */
int64_t conf_below(int64_t n);      /* [0, n)    */
double conf_normal(double sigma);
/* Fills rows x cols (dense, stride cols) from distribution d. */
void conf_fill(float *x, int64_t rows, int64_t cols, conf_dist d);

/* ---- one case (conf_run.c) ------------------------------------------------- */

typedef struct conf_layout {
    int64_t x_pad, y_pad; /* elements after each row: stride = cols + pad */
    size_t x_offset;      /* bytes from the start of x's buffer            */
    size_t y_offset;      /* bytes from the start of y's buffer            */
    int in_place;         /* y is x: same buffer, offset and stride        */
    int same_buffer;      /* y lives in x's buffer at y_offset (disjoint)  */
    int exact_size;       /* no canary: buffers end where the data ends    */
} conf_layout;

typedef struct conf_case {
    const char *group;
    char label[200];
    int64_t rows, cols;
    smax_algorithm algo;
    uint32_t flags;
    float scale;
    conf_layout layout;
    const float *x;   /* dense rows x cols input                         */
    const float *ref; /* dense reference, or NULL to compute it          */
} conf_case;

typedef enum conf_outcome { CONF_PASSED, CONF_FAILED, CONF_SKIPPED } conf_outcome;

/* Runs c under its algorithm, checks everything and reports one line of
 * outcome. out (dense rows x cols) receives the output when it ran. */
conf_outcome conf_run_case(conf_suite *s, const conf_case *c, float *out);

/* Runs c under every algorithm and AUTO. */
void conf_run_all_algos(conf_suite *s, conf_case *c);

/* A context-still-usable probe after a failed call: a tiny softmax must
 * succeed and be right. Returns 1 if so. */
int conf_context_usable(conf_suite *s, char *why, size_t why_len);

/* Device memory helpers shared by the groups. */
smax_buffer conf_alloc_filled(conf_suite *s, size_t bytes, unsigned char fill);
/* 1 if the buffer holds `bytes` bytes equal to `fill` from offset 0. */
int conf_buffer_is(conf_suite *s, smax_buffer b, size_t bytes,
                   unsigned char fill);

/* Plan info for a problem (rows x cols dense f32, algorithm a); returns
 * the status. */
smax_status conf_plan(conf_suite *s, int64_t rows, int64_t cols,
                      smax_algorithm a, smax_plan_info *out);

/* ---- the groups ------------------------------------------------------------ */

void conf_shapes(conf_suite *s);
void conf_value_cases(conf_suite *s);
void conf_special(conf_suite *s);
void conf_layouts(conf_suite *s);
void conf_dtypes(conf_suite *s);
void conf_bad_input(conf_suite *s);
void conf_large_tier(conf_suite *s);

/* Cols of a rows-row problem whose multiblock plan has exactly `chunks`
 * chunks per row (the smallest such cols), or -1 if none up to limit. */
int64_t conf_cols_for_chunks(conf_suite *s, int64_t rows, int64_t chunks,
                             int64_t limit);
/* Smallest cols of a 1-row multiblock problem with >= levels merge levels,
 * or -1 if none up to limit. */
int64_t conf_cols_for_levels(conf_suite *s, int levels, int64_t limit);

#endif
