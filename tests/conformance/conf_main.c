/*
 * conf_main.c - smax_conformance: the conformance suite's entry point.
 *
 *   smax_conformance [--large] [--full] [-v] [--only GROUP]
 *                    [--variant TEXT] [--expect-cooperative]
 *                    [--expect-split] [--expect-deep-regs]
 *                    [--expect-narrow-regs]
 *
 * --expect-cooperative: first assert that the device runs multi-block in
 * one launch (a forced multiblock plan of 4 x 100000 keeps its chunks
 * on-chip), so that a run meant to cover those kernels (on a CPU device,
 * with SMAX_TEST_CPU_COOPERATIVE=1) cannot pass without them.
 * --expect-split: likewise that auto holds a row of 5000 columns, forward
 * and backward, in one group, part in registers and part on-chip (on a CPU
 * device, with SMAX_TEST_SPLIT=1).
 * --expect-deep-regs: likewise that auto holds forward f32 and bf16 rows of
 * 1000 columns in the deep register kernel (with SMAX_TEST_DEEP_REGS=1).
 * --expect-narrow-regs: likewise in the narrow register kernel (with
 * SMAX_TEST_NARROW_REGS=1).
 * --full: the large tier runs every length for every variant (no
 * thinning, conf_thinned); the default tier always does. --variant runs
 * only the variants whose name contains TEXT, or one of several texts
 * separated by '+' ("bwd", "f16->bf16+dx:f16", ...).
 * Exit status: 0 all passed, 1 any failure, 77 no device of this backend
 * (CTest SKIP_RETURN_CODE), 2 bad usage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "conf.h"

/* The support library repeats the flag values to build without smax.h. */
_Static_assert(SMAX_FLAG_LOG == 0x1u && SMAX_FLAG_MASKED_ROWS_ZERO == 0x2u,
               "tests/support assumes these flag values");

typedef struct group {
    const char *name;
    void (*run)(conf_suite *);
    int large_only;
} group;

static const group groups[] = {
    {"bad-input", conf_bad_input, 0},
    {"shapes", conf_shapes, 0},
    {"values", conf_value_cases, 0},
    {"special", conf_special, 0},
    {"layout", conf_layouts, 0},
    {"dtypes", conf_dtypes, 0},
    {"large", conf_large_tier, 1},
    {"huge", conf_huge_tier, 1},
};

static int usage(const char *argv0)
{
    fprintf(stderr, "usage: %s [--large] [--full] [-v] [--only GROUP] "
                    "[--variant TEXT[+TEXT...]] [--expect-cooperative] "
                    "[--expect-split] [--expect-deep-regs] "
                    "[--expect-narrow-regs]\n"
                    "groups:",
            argv0);
    for (size_t i = 0; i < sizeof groups / sizeof groups[0]; ++i)
        fprintf(stderr, " %s", groups[i].name);
    fprintf(stderr, "\nvariants:");
    for (int i = 0; i < CONF_VARIANT_COUNT; ++i)
        fprintf(stderr, " '%s'", conf_variants[i].name);
    fprintf(stderr, "\n");
    return 2;
}

/* --expect-cooperative: the multi-block plan of a few long rows is the
 * one-launch form (one merge level, several chunks, said in its reason). */
static void check_cooperative(conf_suite *s)
{
    smax_problem p = smax_problem_make(4, 100000);
    p.algorithm = SMAX_ALGO_MULTIBLOCK;
    smax_plan_info pi;
    memset(&pi, 0, sizeof pi); /* read below even when planning fails */
    const smax_status st = smax_plan(s->ctx, &p, &pi);
    if (st == SMAX_SUCCESS && pi.merge_levels == 1 && pi.chunks_per_row >= 2 &&
        strstr(pi.reason, "one launch") != NULL)
        conf_pass("[cooperative] multiblock 4 x 100000 runs in one launch: %s",
                  pi.reason);
    else
        conf_fail("[cooperative] multiblock 4 x 100000 is not the one-launch "
                  "form (%s, %lld chunks, %u levels): %s",
                  smax_status_string(st), (long long)pi.chunks_per_row,
                  pi.merge_levels, st == SMAX_SUCCESS ? pi.reason : "");
}

/* --expect-split: auto holds a row past its group's registers in one
 * group, part in registers and part on-chip, forward and backward
 * (kernels/smax_fused_split.h, smax_backward_fused_split.h, said in the
 * plan's reason); under SMAX_TEST_SPLIT=2 the forward f32 row by the wide
 * kernel (smax_fused_split_wide), in a row long enough that its registers
 * do not hold it alone in a GPU's smallest split group, short enough that
 * the rest fits 48 KB. */
static void check_split(conf_suite *s)
{
    const char *sw = getenv("SMAX_TEST_SPLIT");
    const int wide = sw != NULL && strcmp(sw, "2") == 0;
    const int64_t cols = wide ? 10000 : 5000;
    smax_problem p = smax_problem_make(4, cols);
    for (int backward = 0; backward < 2; ++backward) {
        const char *dir = backward ? "gradient" : "forward";
        smax_plan_info pi;
        memset(&pi, 0, sizeof pi); /* read below even when planning fails */
        const smax_status st = backward ? smax_plan_backward(s->ctx, &p, &pi)
                                        : smax_plan(s->ctx, &p, &pi);
        if (st == SMAX_SUCCESS && pi.algorithm == SMAX_ALGO_FUSED &&
            strstr(pi.reason, "in registers and on-chip") != NULL &&
            (!wide || backward ||
             strstr(pi.reason, "the wide kernel") != NULL))
            conf_pass("[split] auto %s 4 x %lld is held by one group in "
                      "registers and on-chip: %s",
                      dir, (long long)cols, pi.reason);
        else
            conf_fail("[split] auto %s 4 x %lld is not the split form (%s): "
                      "%s",
                      dir, (long long)cols, smax_status_string(st),
                      st == SMAX_SUCCESS ? pi.reason : "");
    }
}

/* --expect-deep-regs, --expect-narrow-regs: auto holds a forward row of
 * 1000 columns of `dtype` in the register kernel `which` ("deep": eight
 * f32 vectors a lane, four of two 16-bit sides; "narrow": two f32
 * vectors; kernels/smax_fused_regs.h), said in the plan's reason. */
static void check_register_kernel(conf_suite *s, const char *which,
                                  smax_dtype dtype)
{
    char words[32];
    snprintf(words, sizeof words, "the %s kernel", which);
    smax_problem p = smax_problem_make(4, 1000);
    p.x_dtype = p.y_dtype = dtype;
    smax_plan_info pi;
    memset(&pi, 0, sizeof pi); /* read below even when planning fails */
    const smax_status st = smax_plan(s->ctx, &p, &pi);
    const char *name = conf_dtype_name(dtype);
    if (st == SMAX_SUCCESS && pi.algorithm == SMAX_ALGO_FUSED &&
        strstr(pi.reason, words) != NULL)
        conf_pass("[%s-regs] auto forward %s 4 x 1000 is held by the %s "
                  "register kernel: %s",
                  which, name, which, pi.reason);
    else
        conf_fail("[%s-regs] auto forward %s 4 x 1000 is not the %s "
                  "register kernel (%s): %s",
                  which, name, which, smax_status_string(st),
                  st == SMAX_SUCCESS ? pi.reason : "");
}

int main(int argc, char **argv)
{
    conf_suite s;
    memset(&s, 0, sizeof s);
    const char *only = NULL;
    int expect_cooperative = 0;
    int expect_split = 0;
    int expect_deep_regs = 0;
    int expect_narrow_regs = 0;
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--large") == 0)
            s.large = 1;
        else if (strcmp(argv[i], "--full") == 0)
            s.full = 1;
        else if (strcmp(argv[i], "-v") == 0)
            s.verbose = 1;
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
            only = argv[++i];
        else if (strcmp(argv[i], "--variant") == 0 && i + 1 < argc)
            s.only_variant = argv[++i];
        else if (strcmp(argv[i], "--expect-cooperative") == 0)
            expect_cooperative = 1;
        else if (strcmp(argv[i], "--expect-split") == 0)
            expect_split = 1;
        else if (strcmp(argv[i], "--expect-deep-regs") == 0)
            expect_deep_regs = 1;
        else if (strcmp(argv[i], "--expect-narrow-regs") == 0)
            expect_narrow_regs = 1;
        else
            return usage(argv[0]);
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    conf_report_init(s.verbose);
    /* The context first: in the BACKEND=all build the loader picks the
     * backend that smax_backend_name() names when the first one is made. */
    smax_status st = smax_context_create(&s.ctx);
    printf("smax conformance: library %s, backend %s, tier %s%s%s%s\n",
           smax_version_string(), smax_backend_name(),
           s.large ? "default + large" : "default",
           s.full ? ", full (no thinning)" : "",
           s.only_variant ? ", variants matching " : "",
           s.only_variant ? s.only_variant : "");
    if (st == SMAX_ERROR_NO_DEVICE) {
        printf("skipped: no %s device: %s\n", smax_backend_name(),
               smax_status_string(st));
        printf("0 passed, 0 failed, 1 skipped\n");
        return 77;
    }
    if (st != SMAX_SUCCESS) {
        printf("FAIL: smax_context_create returned %s\n",
               smax_status_string(st));
        printf("0 passed, 1 failed, 0 skipped\n");
        return 1;
    }
    st = smax_device_info_get(s.ctx, &s.info);
    if (st != SMAX_SUCCESS) {
        printf("FAIL: smax_device_info_get returned %s (%s)\n",
               smax_status_string(st), smax_last_error(s.ctx));
        printf("0 passed, 1 failed, 0 skipped\n");
        smax_context_destroy(s.ctx);
        return 1;
    }
    printf("device: %s (%s), %u compute units, %llu MiB global, %llu MiB "
           "max alloc, %llu KiB local, fused up to %lld cols, f16 %s, bf16 "
           "%s\n",
           s.info.name, s.info.vendor, s.info.compute_units,
           (unsigned long long)(s.info.global_mem_bytes >> 20),
           (unsigned long long)(s.info.max_alloc_bytes >> 20),
           (unsigned long long)(s.info.local_mem_bytes >> 10),
           (long long)s.info.fused_max_cols, s.info.supports_f16 ? "yes" : "no",
           s.info.supports_bf16 ? "yes" : "no");

    struct timespec t0, t1;
    timespec_get(&t0, TIME_UTC);
    conf_find_fused_limits(&s);
    if (expect_cooperative)
        check_cooperative(&s);
    if (expect_split)
        check_split(&s);
    if (expect_deep_regs) {
        check_register_kernel(&s, "deep", SMAX_DTYPE_F32);
        check_register_kernel(&s, "deep", SMAX_DTYPE_BF16);
    }
    if (expect_narrow_regs)
        check_register_kernel(&s, "narrow", SMAX_DTYPE_F32);
    for (size_t i = 0; i < sizeof groups / sizeof groups[0]; ++i) {
        if (only && strcmp(only, groups[i].name) != 0)
            continue;
        if (groups[i].large_only && !s.large && !only)
            continue; /* naming the group with --only runs it anyway */
        conf_group(groups[i].name);
        conf_seed(0x736d6178ULL + i); /* each group reproducible alone */
        groups[i].run(&s);
    }
    timespec_get(&t1, TIME_UTC);

    st = smax_context_destroy(s.ctx);
    if (st != SMAX_SUCCESS)
        conf_fail("smax_context_destroy returned %s", smax_status_string(st));
    printf("total time %.1f s\n", (double)(t1.tv_sec - t0.tv_sec) +
                                      1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
    return conf_report_finish() == 0 ? 0 : 1;
}
