/*
 * conf.h - the conformance suite of PRODUCT.md section 4, shared pieces.
 *
 * One program, built unchanged for every backend, using only the public API
 * (smax.h) and the test support library (float64 reference, tolerance,
 * f16/bf16 encodings). Every group runs for every variant: the nine
 * (x dtype, y dtype) pairs, forward (smax_softmax) and backward
 * (smax_softmax_backward). Files, one concern each:
 *   conf_main.c        options, context, the order of the groups, exit code
 *   conf_report.c      pass / fail / skip counting and the summary line
 *   conf_variant.c     the 18 variants, dtype facts, fused limits
 *   conf_values.c      deterministic input generators (dtype-aware)
 *   conf_prep.c        a case's inputs rounded to their dtypes, references
 *   conf_geometry.c    where a case's arrays lie (buffers, offsets,
 *                      strides, aliasing) and its smax_problem
 *   conf_run.c         one case on the device: byte images, poison,
 *                      canaries, two runs (determinism), the checks
 *   conf_check.c       the output against the reference (the three rules)
 *   conf_util.c        plans, buffers, context-usable probe, chunk search
 *   conf_shapes.c      sizes: n sweep, plan boundaries, rows, chunks
 *   conf_value_cases.c value distributions x flags x scales
 *   conf_special.c     section 3's special rows (and dy's), all algorithms
 *                      agreeing
 *   conf_layout.c      strides, in place, offsets, shared buffers
 *   conf_dtypes.c      capabilities and the 16-bit types' range edges
 *   conf_bad*.c        section 5 for both calls, exact statuses, nothing
 *                      written, struct_size
 *   conf_large.c       the --large tier
 */
#ifndef SMAX_CONF_H
#define SMAX_CONF_H

#include <stddef.h>
#include <stdint.h>

#include "smax/smax.h"

/* ---- variants (conf_variant.c) ---------------------------------------------
 * A dtype pair and a direction. Forward: x (x_dtype) -> y (y_dtype).
 * Backward: y, dy (y_dtype) -> dx (x_dtype). */

typedef struct conf_variant {
    smax_dtype xt, yt;
    int backward;
    const char *name; /* "fwd f16->bf16", "bwd y,dy:f16 dx:f32"        */
} conf_variant;

#define CONF_VARIANT_COUNT 18
/* conf_variants[0] is forward f32 -> f32, the base variant: never thinned. */
extern const conf_variant conf_variants[CONF_VARIANT_COUNT];
int conf_variant_index(const conf_variant *v);
int conf_is_base(const conf_variant *v);

const char *conf_dtype_name(smax_dtype t);
int conf_fmt(smax_dtype t);     /* SMAX_FMT_* of smax_half.h */
size_t conf_esize(smax_dtype t); /* bytes per element         */
double conf_dtype_max(smax_dtype t);        /* largest finite       */
double conf_dtype_min_normal(smax_dtype t); /* smallest normal      */
/* v's input and output dtypes (forward x, y; backward y, dx). */
smax_dtype conf_in_dtype(const conf_variant *v);
smax_dtype conf_out_dtype(const conf_variant *v);

/* ---- the suite's state -------------------------------------------------- */

typedef struct conf_suite {
    smax_context ctx;
    smax_device_info info;
    int large;   /* --large: the long tier                              */
    int verbose; /* -v: a line per case                                  */
    int full;    /* --full: no thinning of the large tier               */
    const char *only_variant; /* --variant A+B: names containing A or B */
    /* Longest row forced fused runs, per variant, found through the plan
     * (forward: must equal info.fused_max_cols); -1 if none. */
    int64_t fused_limit[CONF_VARIANT_COUNT];
} conf_suite;

/* Whether the large tier runs a thinned sweep for v: every kind of case,
 * but not every length (conf_large.c). The default tier runs everything
 * for every variant. Never thinned: the base variant, forward f16->f16
 * and bf16->bf16, backward f32; nothing with --full. */
int conf_thinned(const conf_suite *s, const conf_variant *v);
/* Whether --variant selects v (every variant without it): its name
 * contains one of the texts separated by '+'. */
int conf_selected(const conf_suite *s, const conf_variant *v);
/* Fills s->fused_limit (plan queries only). */
void conf_find_fused_limits(conf_suite *s);
/* Whether the device reports both dtypes of v supported. */
int conf_variant_supported(const conf_suite *s, const conf_variant *v);

#define CONF_ALGO_COUNT 4

/* The longest one-row case of a 2-level merge tree the default tier runs
 * (GPUs fold 1024 partials a level: their first such row is just over
 * 2^24); longer ones are the large tier's. */
#define CONF_TWO_LEVELS_DEFAULT_MAX ((int64_t)1 << 25)
extern const smax_algorithm conf_algos[CONF_ALGO_COUNT];
const char *conf_algo_name(smax_algorithm a);

/* ---- reporting (conf_report.c) ------------------------------------------ */

void conf_report_init(int verbose);
void conf_group(const char *name); /* progress line, timing of the last */
void conf_pass(const char *fmt, ...);
void conf_fail(const char *fmt, ...);
void conf_skip(const char *reason, const char *fmt, ...);
/* Remembers the largest error/threshold ratio of each rule and where it
 * happened. */
typedef enum conf_rule {
    CONF_RULE_F32,  /* forward, f32 output: smax_check_output        */
    CONF_RULE_HALF, /* forward, 16-bit output: ulps against 1         */
    CONF_RULE_BACKWARD,
    CONF_RULE_COUNT
} conf_rule;
void conf_note_error(conf_rule rule, double ratio, const char *where);
/* Prints the summary; returns the number of failures. */
long conf_report_finish(void);
long conf_failures(void);

/* ---- inputs (conf_values.c) --------------------------------------------- */

typedef enum conf_dist {
    CONF_NORMAL_1,     /* first: the default dy distribution           */
    CONF_NORMAL_1E_3,
    CONF_NORMAL_30,
    CONF_NORMAL_1E4,   /* clamped to the dtype's finite range           */
    CONF_OVERFLOW,     /* a few 88..90 per row, the rest the lowest     */
    CONF_NEG_OVERFLOW, /* a few -86..-88 per row, the rest the lowest   */
    CONF_EQUAL,        /* one value for the whole row                  */
    CONF_DOMINANT,     /* normal(1) plus one element 40 above           */
    CONF_LOWEST,       /* the dtype's lowest finite value everywhere    */
    CONF_SUBNORMAL,    /* random subnormals of the dtype, both signs    */
    CONF_DIST_COUNT
} conf_dist;

const char *conf_dist_name(conf_dist d);
void conf_seed(uint64_t seed);
uint64_t conf_rand(void);
double conf_uniform(void);          /* [0, 1)    */
int64_t conf_below(int64_t n);      /* [0, n)    */
double conf_normal(double sigma);
/* Fills rows x cols (dense, stride cols) from distribution d, meant for
 * dtype t ("lowest" and "subnormal" are t's; values stay in t's range).
 * The values are not yet rounded to t (conf_prep.c does that). */
void conf_fill(float *x, int64_t rows, int64_t cols, conf_dist d,
               smax_dtype t);

/* ---- one case ----------------------------------------------------------- */

typedef enum conf_alias {
    CONF_ALIAS_NONE,
    CONF_ALIAS_IN_PLACE, /* forward: y is x; backward: dx is dy        */
    CONF_ALIAS_DX_IS_Y   /* backward: dx is y                          */
} conf_alias;

/* Where the arrays live. Forward: x -> y. Backward: y, dy -> dx, where
 * dx uses x_pad and x_offset (the problem's x_row_stride). */
typedef struct conf_layout {
    int64_t x_pad, y_pad, dy_pad; /* elements after each row             */
    size_t x_offset, y_offset, dy_offset; /* bytes from the buffer start */
    conf_alias alias;
    int one_buffer;  /* every array in one buffer at its offset
                        (disjoint; conf_layout.c resolves the offsets)    */
    int dy_is_y;     /* backward: dy is y (same memory)                   */
    int dy_in_y_buffer; /* backward: dy in y's buffer at dy_offset, free
                           to overlap y                                   */
    int exact_size;  /* no canary: buffers end where the data ends       */
    int v1_problem;  /* struct_size = SMAX_PROBLEM_SIZE_V1 and garbage in
                        dy_row_stride: dy's stride must be y's            */
} conf_layout;

/* A case's inputs rounded to their dtypes and its reference (conf_prep.c). */
typedef struct conf_prep {
    int64_t rows, cols;
    float *in[2];  /* forward: x; backward: y, dy (dense, rounded)      */
    float *ref32;  /* forward, f32 output: smax_reference              */
    double *ref64; /* forward, 16-bit output: smax_reference_f64;
                      backward: dx from smax_reference_backward_f64     */
    double *mag;   /* backward: smax_reference_backward_mag             */
} conf_prep;

typedef struct conf_case {
    const char *group;
    char label[200];
    const conf_variant *v;
    int64_t rows, cols;
    smax_algorithm algo;
    uint32_t flags;
    float scale;
    conf_layout layout;
    /* Inputs, dense rows x cols, rounded to their dtype before anyone
     * sees them. Forward: x. Backward: y and dy as given, or where y is
     * NULL the reference forward of x under flags and scale, and where dy
     * is NULL values drawn from dy_dist. */
    const float *x, *y, *dy;
    conf_dist dy_dist;
    const conf_prep *prep; /* prepared once for several runs, or NULL */
} conf_case;

typedef enum conf_outcome {
    CONF_PASSED,
    CONF_FAILED,
    CONF_SKIPPED
} conf_outcome;

/* Prepares c's inputs and reference; 0 if host memory ran out. */
int conf_prepare(const conf_case *c, conf_prep *p);
/* The inputs only (no reference). */
int conf_prepare_inputs(const conf_case *c, conf_prep *p);
void conf_prep_free(conf_prep *p);
/* Builds the reference of p from p->in (after the inputs changed). */
int conf_prep_reference(const conf_case *c, conf_prep *p);

/* Runs c under its algorithm, checks everything and reports one line of
 * outcome. out (dense rows x cols) receives the output (decoded to float)
 * when it ran. */
conf_outcome conf_run_case(conf_suite *s, const conf_case *c, float *out);

/* Runs c under every algorithm and AUTO (prepared once). */
void conf_run_all_algos(conf_suite *s, conf_case *c);

/* Checks got (raw elements of the output dtype, dense) against the
 * reference (conf_check.c); on failure writes why. Records the error
 * ratio under `where`. */
int conf_check_output(const conf_case *c, const conf_prep *p,
                      const void *got, int merge_levels, const char *where,
                      char *why, size_t why_len);

/* A context-still-usable probe after a failed call: a tiny softmax and a
 * tiny gradient must succeed and be right. Returns 1 if so. */
int conf_context_usable(conf_suite *s, char *why, size_t why_len);

/* Device memory helpers shared by the groups. */
smax_buffer conf_alloc_filled(conf_suite *s, size_t bytes, unsigned char fill);
/* 1 if the buffer holds `bytes` bytes equal to `fill` from offset 0. */
int conf_buffer_is(conf_suite *s, smax_buffer b, size_t bytes,
                   unsigned char fill);

/* Plan for a dense problem of variant v (rows x cols, algorithm a):
 * smax_plan or smax_plan_backward; returns the status. */
smax_status conf_plan(conf_suite *s, const conf_variant *v, int64_t rows,
                      int64_t cols, smax_algorithm a, smax_plan_info *out);

/* Cols of a rows-row problem whose multiblock plan has exactly `chunks`
 * chunks per row (the smallest such cols), or -1 if none up to limit. */
int64_t conf_cols_for_chunks(conf_suite *s, const conf_variant *v,
                             int64_t rows, int64_t chunks, int64_t limit);
/* Cols of a rows-row problem whose multiblock plan has the most chunks
 * per row from `least` up to `most` (the smallest cols with that count;
 * *got says it), or -1 if none up to limit: a device of few compute units
 * gives the one-launch plans no more chunks a row than it has units. */
int64_t conf_cols_for_chunk_range(conf_suite *s, const conf_variant *v,
                                  int64_t rows, int64_t least, int64_t most,
                                  int64_t limit, int64_t *got);
/* Smallest cols of a 1-row multiblock problem with >= levels merge levels,
 * or -1 if none up to limit. */
int64_t conf_cols_for_levels(conf_suite *s, const conf_variant *v,
                             int levels, int64_t limit);

/* ---- the groups --------------------------------------------------------- */

void conf_shapes(conf_suite *s);
void conf_value_cases(conf_suite *s);
void conf_special(conf_suite *s);
void conf_layouts(conf_suite *s);
void conf_dtypes(conf_suite *s);
void conf_bad_input(conf_suite *s);
void conf_large_tier(conf_suite *s);
/* The large tier's problem of more than 2^31 elements, a group of its own
 * so that parallel runs can take it one at a time (tens of GB each). */
void conf_huge_tier(conf_suite *s);

#endif
