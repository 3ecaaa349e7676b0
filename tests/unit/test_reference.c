/*
 * test_reference.c - the judge is tested too: the float64 reference gives
 * known answers and the special values of PRODUCT.md section 3, and the
 * tolerance rule accepts an honest f32 implementation while rejecting
 * garbage (notably an all-zero output of a long row); the f16/bf16
 * conversions give known encodings and the 16-bit rule (1 ulp) has teeth.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "smax_half.h"
#include "smax_reference.h"
#include "smax_tolerance.h"
#include "unit_check.h"

#define LOG 0x1u
#define MASKED 0x2u

/* ---- reference ------------------------------------------------------------ */

static void test_known_values(void)
{
    const float x[3] = {1.0f, 2.0f, 3.0f};
    float y[3];
    smax_reference(x, 1, 3, 3, y, 3, 0, 1.0f);
    const double s = exp(-2.0) + exp(-1.0) + 1.0;
    const double want[3] = {exp(-2.0) / s, exp(-1.0) / s, 1.0 / s};
    for (int i = 0; i < 3; ++i)
        CHECK(y[i] == (float)want[i], "softmax(1,2,3)[%d] = %.9g, want %.9g",
              i, y[i], want[i]);
    smax_reference(x, 1, 3, 3, y, 3, LOG, 1.0f);
    for (int i = 0; i < 3; ++i)
        CHECK(y[i] == (float)log(want[i]),
              "log_softmax(1,2,3)[%d] = %.9g, want %.9g", i, y[i],
              log(want[i]));
    /* Scale 2 of (0.5, 1, 1.5) is (1, 2, 3). */
    const float h[3] = {0.5f, 1.0f, 1.5f};
    smax_reference(h, 1, 3, 3, y, 3, 0, 2.0f);
    for (int i = 0; i < 3; ++i)
        CHECK(y[i] == (float)want[i], "scale 2: [%d] = %.9g", i, y[i]);
}

static void test_equal_values(void)
{
    for (int n = 1; n <= 4096; n *= 4) {
        float *x = malloc(sizeof(float) * (size_t)n * 2);
        float *y = x + n;
        for (int i = 0; i < n; ++i)
            x[i] = -7.25f;
        smax_reference(x, 1, n, n, y, n, 0, 1.0f);
        int bad = 0;
        for (int i = 0; i < n; ++i)
            bad += y[i] != 1.0f / (float)n;
        CHECK(bad == 0, "n=%d equal values: %d elements not exactly 1/n", n,
              bad);
        smax_reference(x, 1, n, n, y, n, LOG, 1.0f);
        bad = 0;
        for (int i = 0; i < n; ++i)
            bad += y[i] != (float)-log((double)n);
        CHECK(bad == 0, "n=%d equal values: %d log outputs not -log n", n,
              bad);
        free(x);
    }
}

static int all_nan(const float *y, int n)
{
    for (int i = 0; i < n; ++i)
        if (!isnan(y[i]))
            return 0;
    return 1;
}

static int all_equal(const float *y, int n, float v)
{
    for (int i = 0; i < n; ++i)
        if (!(y[i] == v))
            return 0;
    return 1;
}

static void test_special_rows(void)
{
    const float I = INFINITY;
    float y[4];
    for (unsigned flags = 0; flags < 4; ++flags) {
        const float nan_row[4] = {1.0f, NAN, 2.0f, -I};
        smax_reference(nan_row, 1, 4, 4, y, 4, flags, 1.0f);
        CHECK(all_nan(y, 4), "flags %u: NaN row not all NaN", flags);
        const float pinf_row[4] = {1.0f, I, 2.0f, -I};
        smax_reference(pinf_row, 1, 4, 4, y, 4, flags, 1.0f);
        CHECK(all_nan(y, 4), "flags %u: +inf row not all NaN", flags);
        const float ninf_row[4] = {-I, -I, -I, -I};
        smax_reference(ninf_row, 1, 4, 4, y, 4, flags, 1.0f);
        if (flags & MASKED)
            CHECK(all_equal(y, 4, 0.0f), "flags %u: masked row not 0", flags);
        else
            CHECK(all_nan(y, 4), "flags %u: -inf row not NaN", flags);
        const float some_row[4] = {-I, 0.0f, -I, 0.0f};
        smax_reference(some_row, 1, 4, 4, y, 4, flags, 1.0f);
        const float hole = (flags & LOG) ? -I : 0.0f;
        const float half = (flags & LOG) ? (float)-log(2.0) : 0.5f;
        CHECK(y[0] == hole && y[2] == hole && y[1] == half && y[3] == half,
              "flags %u: some -inf row gives %g %g %g %g", flags, y[0], y[1],
              y[2], y[3]);
    }
    /* Scaling first: 2 * -FLT_MAX is -inf, so that element is exactly 0;
     * scale 0 turns -inf into NaN; a negative scale turns -inf into +inf. */
    const float big[2] = {-FLT_MAX, 1.0f};
    smax_reference(big, 1, 2, 2, y, 2, 0, 2.0f);
    CHECK(y[0] == 0.0f && y[1] == 1.0f, "scale 2 on -FLT_MAX: %g %g", y[0],
          y[1]);
    const float ninf[2] = {-I, 1.0f};
    smax_reference(ninf, 1, 2, 2, y, 2, 0, 0.0f);
    CHECK(all_nan(y, 2), "scale 0 on -inf should give NaN");
    smax_reference(ninf, 1, 2, 2, y, 2, 0, -1.0f);
    CHECK(all_nan(y, 2), "scale -1 on -inf should give NaN");
    /* -FLT_MAX everywhere is a finite row: 1/n each. */
    const float low[4] = {-FLT_MAX, -FLT_MAX, -FLT_MAX, -FLT_MAX};
    smax_reference(low, 1, 4, 4, y, 4, 0, 1.0f);
    CHECK(all_equal(y, 4, 0.25f), "-FLT_MAX row: %g", y[0]);
}

static void test_in_place_and_strides(void)
{
    float x[2 * 7], y[2 * 9], z[2 * 7];
    for (int i = 0; i < 14; ++i)
        x[i] = z[i] = (float)(i % 5) - 1.5f;
    for (int i = 0; i < 18; ++i)
        y[i] = 42.0f;
    smax_reference(x, 2, 5, 7, y, 9, 0, 0.5f);
    smax_reference(z, 2, 5, 7, z, 7, 0, 0.5f); /* in place */
    int bad = 0;
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 5; ++c)
            bad += y[r * 9 + c] != z[r * 7 + c];
    CHECK(bad == 0, "in-place reference differs in %d elements", bad);
    CHECK(y[5] == 42.0f && y[6] == 42.0f && y[7] == 42.0f && y[8] == 42.0f &&
              y[14] == 42.0f,
          "reference wrote into the row padding");
}

/* ---- tolerance ------------------------------------------------------------ */

static void test_trh_formula(void)
{
    CHECK(smax_tolerance_trh(1, 0, 0) == 10 * FLT_EPSILON, "trh(1)");
    CHECK(smax_tolerance_trh(1024, 0, 0) == 10 * FLT_EPSILON, "trh(1024)");
    CHECK(smax_tolerance_trh(1025, 0, 0) > 10 * FLT_EPSILON,
          "trh must grow past 1024");
    CHECK(smax_tolerance_trh(1 << 20, 2, 0) > smax_tolerance_trh(1 << 20, 1, 0),
          "trh must grow with merge levels");
    CHECK(smax_tolerance_trh(4096, 1, 1) == 5 * smax_tolerance_trh(4096, 1, 0),
          "log-softmax is 5x");
    /* Never a blanket pass: even 2^26 elements with 3 levels stays small. */
    CHECK(smax_tolerance_trh((int64_t)1 << 26, 3, 1) < 1e-4,
          "trh(2^26, 3, log) = %g", smax_tolerance_trh((int64_t)1 << 26, 3, 1));
}

/* An honest f32 implementation (two passes, expf/logf, sums in blocks of
 * 256 added in a tree, like the kernels) must pass the rule. */
static void f32_softmax(const float *x, int n, float *y, int log_sm)
{
    float m = -INFINITY;
    for (int i = 0; i < n; ++i)
        m = fmaxf(m, x[i]);
    int blocks = n > 0 ? (n + 255) / 256 : 1;
    float *part = malloc(sizeof(float) * (size_t)blocks);
    part[0] = 0.0f;
    for (int b = 0; b < blocks; ++b) {
        float s = 0.0f;
        for (int i = b * 256; i < n && i < (b + 1) * 256; ++i)
            s += x[i] == -INFINITY ? 0.0f : expf(x[i] - m);
        part[b] = s;
    }
    for (int w = 1; w < blocks; w *= 2)
        for (int b = 0; b + w < blocks; b += 2 * w)
            part[b] += part[b + w];
    const float s = part[0], ls = logf(part[0]);
    for (int i = 0; i < n; ++i)
        y[i] = log_sm ? (x[i] - m) - ls
                      : (x[i] == -INFINITY ? 0.0f : expf(x[i] - m)) / s;
    free(part);
}

static double normal(double sigma)
{
    double u1 = unit_rng_uniform(), u2 = unit_rng_uniform();
    if (u1 < 1e-300)
        u1 = 1e-300;
    return sigma * sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

static void test_honest_f32_passes(void)
{
    const int sizes[] = {1, 3, 100, 1024, 5000, 70000};
    const double sigmas[] = {1e-3, 1.0, 30.0, 1e4};
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; ++si) {
        const int n = sizes[si];
        float *x = malloc(sizeof(float) * (size_t)n * 3);
        float *y = x + n, *ref = x + 2 * n;
        for (size_t gi = 0; gi < sizeof sigmas / sizeof sigmas[0]; ++gi)
            for (int log_sm = 0; log_sm < 2; ++log_sm) {
                for (int i = 0; i < n; ++i)
                    x[i] = (float)normal(sigmas[gi]);
                if (n > 2)
                    x[1] = -INFINITY;
                f32_softmax(x, n, y, log_sm);
                smax_reference(x, 1, n, n, ref, n, log_sm ? LOG : 0, 1.0f);
                smax_check_result res;
                int ok = smax_check_output(x, n, y, n, ref, n, 1, n,
                                           log_sm ? LOG : 0, 0, &res);
                CHECK(ok, "honest f32 n=%d sigma=%g log=%d rejected: %s", n,
                      sigmas[gi], log_sm, res.message);
            }
        free(x);
    }
    /* The dominant-element case behind the log-space rule: y = -log S with
     * S slightly above 1. */
    float x[8] = {10.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, -3.0f}, y[8],
          ref[8];
    for (int k = 0; k < 12; ++k) {
        x[0] = 4.0f + (float)k;
        f32_softmax(x, 8, y, 1);
        smax_reference(x, 1, 8, 8, ref, 8, LOG, 1.0f);
        smax_check_result res;
        CHECK(smax_check_output(x, 8, y, 8, ref, 8, 1, 8, LOG, 0, &res),
              "dominant %g log-softmax rejected: %s", x[0], res.message);
    }
}

static void test_garbage_fails(void)
{
    /* All zeros for a long uniform row: every reference element is 2^-24,
     * below 1e-5 and within FLT_EPSILON of 0, so the brief's absolute test
     * alone would pass it; the relative part of the small-value rule and
     * the row sum must both catch it. */
    const int n = 1 << 24;
    float *x = calloc((size_t)n, sizeof(float));
    float *ref = malloc(sizeof(float) * (size_t)n);
    float *got = calloc((size_t)n, sizeof(float));
    smax_reference(x, 1, n, n, ref, n, 0, 1.0f);
    smax_check_result res;
    int ok = smax_check_output(x, n, got, n, ref, n, 1, n, 0, 2, &res);
    /* Every element fails the small-value rule, and the row sum too. */
    CHECK(!ok && res.bad == (int64_t)n + 1,
          "all-zero output of a 2^24 row: %lld failures, want n + 1",
          (long long)res.bad);
    /* Tiny values all biased within their own element bound (trh +
     * |ln 2^-24| FLT_EPSILON, about 55 FLT_EPSILON here) pass element by
     * element; the row sum (trh = 38 FLT_EPSILON) must still refuse a
     * common bias of 0.9 of that. */
    {
        const double trh24 = smax_tolerance_trh(n, 2, 0);
        const double bias = 0.9 * (trh24 + fabs(log(ref[0])) * FLT_EPSILON);
        for (int i = 0; i < n; ++i)
            got[i] = (float)(ref[i] * (1.0 + bias));
        ok = smax_check_output(x, n, got, n, ref, n, 1, n, 0, 2, &res);
        CHECK(!ok && res.bad == 1 && res.first_col == -1,
              "biased tiny values: %lld failures, first col %lld (want only "
              "the row sum)",
              (long long)res.bad, (long long)res.first_col);
    }
    /* The exact reference passes itself with zero error. */
    ok = smax_check_output(x, n, ref, n, ref, n, 1, n, 0, 2, &res);
    CHECK(ok && res.worst_rel < 1e-7, "reference vs itself: %s",
          res.message);
    /* A permutation of a long row's tiny outputs keeps the row sum and
     * every absolute difference below FLT_EPSILON; the relative part of
     * the small-value rule must still catch it. */
    const int m = 1 << 22;
    for (int i = 0; i < m; ++i)
        x[i] = (float)normal(1.0);
    smax_reference(x, 1, m, m, ref, m, 0, 1.0f);
    for (int i = 0; i < m; ++i)
        got[i] = ref[(i + 1) % m];
    ok = smax_check_output(x, m, got, m, ref, m, 1, m, 0, 1, &res);
    CHECK(!ok, "shifted tiny outputs of a 2^22 row pass (worst %g)",
          res.worst_rel);
    free(x);
    free(ref);
    free(got);

    /* Perturbations around the threshold, on a small row. */
    float xs[64], r[64], g[64];
    for (int i = 0; i < 64; ++i)
        xs[i] = (float)normal(1.0);
    smax_reference(xs, 1, 64, 64, r, 64, 0, 1.0f);
    const double trh = smax_tolerance_trh(64, 0, 0);
    for (int i = 0; i < 64; ++i)
        g[i] = (float)(r[i] * (1.0 + 0.4 * trh));
    CHECK(smax_check_output(xs, 64, g, 64, r, 64, 1, 64, 0, 0, &res),
          "0.4 trh error rejected: %s", res.message);
    memcpy(g, r, sizeof g);
    g[17] = (float)(r[17] * (1.0 + 3.0 * trh));
    ok = smax_check_output(xs, 64, g, 64, r, 64, 1, 64, 0, 0, &res);
    CHECK(!ok && res.first_row == 0 && res.first_col == 17,
          "3 trh error on one element accepted or misplaced (%lld, %lld)",
          (long long)res.first_row, (long long)res.first_col);
    /* Softmax outputs scaled by a common 1 + 3 trh: each element fails. */
    for (int i = 0; i < 64; ++i)
        g[i] = (float)(r[i] * (1.0 + 3.0 * trh));
    CHECK(!smax_check_output(xs, 64, g, 64, r, 64, 1, 64, 0, 0, &res),
          "common 3 trh error accepted");

    /* NaN mismatches, both ways. */
    memcpy(g, r, sizeof g);
    g[3] = NAN;
    CHECK(!smax_check_output(xs, 64, g, 64, r, 64, 1, 64, 0, 0, &res),
          "unexpected NaN accepted");
    float nan_ref[64];
    for (int i = 0; i < 64; ++i)
        nan_ref[i] = NAN;
    memcpy(g, nan_ref, sizeof g);
    g[5] = 0.0f;
    CHECK(!smax_check_output(xs, 64, g, 64, nan_ref, 64, 1, 64, 0, 0, &res),
          "missing NaN accepted");
    /* A tiny nonzero output where the input is -inf is wrong. */
    xs[9] = -INFINITY;
    smax_reference(xs, 1, 64, 64, r, 64, 0, 1.0f);
    memcpy(g, r, sizeof g);
    g[9] = 1e-30f;
    CHECK(!smax_check_output(xs, 64, g, 64, r, 64, 1, 64, 0, 0, &res) &&
              res.first_col == 9,
          "nonzero at a -inf input accepted");
    /* Log-softmax: -inf there, and garbage log outputs fail the sum. */
    smax_reference(xs, 1, 64, 64, r, 64, LOG, 1.0f);
    memcpy(g, r, sizeof g);
    g[9] = -FLT_MAX;
    CHECK(!smax_check_output(xs, 64, g, 64, r, 64, 1, 64, LOG, 0, &res),
          "finite log output at a -inf input accepted");
    for (int i = 0; i < 64; ++i)
        g[i] = i == 9 ? -INFINITY : r[i] - 1e-4f;
    CHECK(!smax_check_output(xs, 64, g, 64, r, 64, 1, 64, LOG, 0, &res),
          "log outputs shifted by 1e-4 accepted");
}


/* ---- f16 / bf16 ------------------------------------------------------------- */

static void test_half_encodings(void)
{
    char why[200] = "";
    CHECK(smax_half_selfcheck(why, sizeof why), "self-check: %s", why);
    const struct {
        int fmt;
        double v;
        uint16_t h;
    } known[] = {
        {SMAX_FMT_F16, 1.0, 0x3C00},
        {SMAX_FMT_F16, -0.0, 0x8000},
        {SMAX_FMT_F16, 0.1, 0x2E66},              /* 0.0999755859375 */
        {SMAX_FMT_F16, 65504.0, 0x7BFF},          /* largest finite */
        {SMAX_FMT_F16, 65519.99, 0x7BFF},         /* below the tie */
        {SMAX_FMT_F16, 65520.0, 0x7C00},          /* tie: to inf (even) */
        {SMAX_FMT_F16, -1e9, 0xFC00},
        {SMAX_FMT_F16, 6.103515625e-05, 0x0400},  /* 2^-14, smallest normal */
        {SMAX_FMT_F16, 2.98023223876953125e-08, 0x0000}, /* 2^-25 tie: 0 */
        {SMAX_FMT_F16, 8.94069671630859375e-08, 0x0002}, /* 1.5 2^-24: 2 */
        {SMAX_FMT_BF16, 1.0, 0x3F80},
        {SMAX_FMT_BF16, 1.0 / 3.0, 0x3EAB},
        {SMAX_FMT_BF16, 1.00390625, 0x3F80},      /* 1 + 2^-8 tie: even */
        {SMAX_FMT_BF16, 1.01171875, 0x3F82},      /* 1 + 3 2^-8 tie: even */
        {SMAX_FMT_BF16, 3.4e38, 0x7F80},          /* above bf16 max: inf */
        {SMAX_FMT_BF16, -INFINITY, 0xFF80},
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; ++i) {
        const uint16_t h = smax_half_encode(known[i].fmt, known[i].v);
        CHECK(h == known[i].h, "fmt %d: %.17g encodes as 0x%04x, want 0x%04x",
              known[i].fmt, known[i].v, h, known[i].h);
    }
    CHECK(isnan(smax_half_decode(SMAX_FMT_F16,
                                 smax_half_encode(SMAX_FMT_F16, NAN))) &&
              isnan(smax_half_decode(SMAX_FMT_BF16,
                                     smax_half_encode(SMAX_FMT_BF16, NAN))),
          "NaN does not stay NaN");
    CHECK(smax_half_decode(SMAX_FMT_F16, 0x0001) == 0x1p-24f &&
              smax_half_decode(SMAX_FMT_BF16, 0x0001) == 0x1p-133f &&
              smax_half_decode(SMAX_FMT_BF16, 0x7F7F) == 0x1.fep127f,
          "decoding of the extremes");
    /* One rounding from double: 1 + 2^-11 + 2^-40 is above the f16 tie
     * 1 + 2^-11 and must round up; through float it would be the tie. */
    CHECK(smax_half_encode(SMAX_FMT_F16, 1.0 + 0x1p-11 + 0x1p-40) == 0x3C01,
          "not a single rounding from double");
    CHECK(smax_round_to(SMAX_FMT_F32, 0.1) == 0.1f &&
              smax_round_to(SMAX_FMT_F16, 0.1) == 0.0999755859375f &&
              smax_round_to(SMAX_FMT_BF16, 0.1) == 0.10009765625f,
          "round_to 0.1: %.12g %.12g", (double)smax_round_to(SMAX_FMT_F16, 0.1),
          (double)smax_round_to(SMAX_FMT_BF16, 0.1));

    CHECK(smax_half_ulps(0x3C00, 0x3C01) == 1 &&
              smax_half_ulps(0x0001, 0x8001) == 2 &&
              smax_half_ulps(0x0000, 0x8000) == 0 &&
              smax_half_ulps(0x7BFF, 0x7C00) == 1 &&
              smax_half_ulps(0xBC00, 0x3C00) == 2 * 0x3C00,
          "ulp distances");

    const struct {
        int fmt;
        double v, ulp;
    } spacing[] = {
        {SMAX_FMT_F16, 1.0, 0x1p-10},    {SMAX_FMT_F16, -1.5, 0x1p-10},
        {SMAX_FMT_F16, 0.9999, 0x1p-10}, /* rounds to 1 */
        {SMAX_FMT_F16, 0.999, 0x1p-11},  {SMAX_FMT_F16, 65504.0, 32.0},
        {SMAX_FMT_F16, 1e6, 32.0},       {SMAX_FMT_F16, 0.0, 0x1p-24},
        {SMAX_FMT_F16, 1e-7, 0x1p-24},   {SMAX_FMT_BF16, 1.0, 0x1p-7},
        {SMAX_FMT_BF16, 0.0, 0x1p-133},  {SMAX_FMT_F32, 1.0, 0x1p-23},
        {SMAX_FMT_F32, 0.0, 0x1p-149},   {SMAX_FMT_F32, FLT_MAX, 0x1p104},
    };
    for (size_t i = 0; i < sizeof spacing / sizeof spacing[0]; ++i) {
        const double u = smax_fmt_ulp(spacing[i].fmt, spacing[i].v);
        CHECK(u == spacing[i].ulp, "fmt %d: ulp at %.9g is %g, want %g",
              spacing[i].fmt, spacing[i].v, u, spacing[i].ulp);
    }

    const float src[4] = {1.0f, -0.1f, 3e-8f, 70000.0f};
    uint16_t raw[4];
    float back[4];
    CHECK(smax_fmt_bytes(SMAX_FMT_F32) == 4 && smax_fmt_bytes(SMAX_FMT_F16) == 2 &&
              smax_fmt_bytes(SMAX_FMT_BF16) == 2,
          "element sizes");
    smax_fmt_encode(SMAX_FMT_F16, src, 4, raw);
    smax_fmt_decode(SMAX_FMT_F16, raw, 4, back);
    CHECK(raw[0] == 0x3C00 && back[1] == smax_round_to(SMAX_FMT_F16, -0.1f) &&
              back[2] == 0x1p-24f && isinf(back[3]),
          "f16 array: %g %g %g %g", back[0], back[1], back[2], back[3]);
    float copy[4];
    smax_fmt_encode(SMAX_FMT_F32, src, 4, copy);
    smax_fmt_decode(SMAX_FMT_F32, copy, 4, back);
    CHECK(memcmp(back, src, sizeof src) == 0, "f32 array is not a copy");
}

/* Every rounding boundary of both types, from the definition: the values
 * of two adjacent positive codes h and h + 1 (decoded exactly, with
 * ldexp, here rather than by the decoder under test) have a midpoint,
 * exact in double; a double just below it encodes as h, just above it as
 * h + 1, the midpoint itself as whichever is even, and each code's value
 * as itself; the same negated gives the codes with the sign bit. The top
 * pair is the largest finite value and the infinity one step past it. */
static double code_value(int fmt, uint32_t h)
{
    const int mbits = fmt == SMAX_FMT_BF16 ? 7 : 10;
    const int ebits = fmt == SMAX_FMT_BF16 ? 8 : 5;
    const int bias = (1 << (ebits - 1)) - 1;
    const int e = (int)(h >> mbits), m = (int)(h & ((1u << mbits) - 1));
    if (e == 0)
        return ldexp((double)m, 1 - bias - mbits);
    return ldexp((double)(m | (1 << mbits)), e - bias - mbits);
}

static void test_half_rounding_boundaries(void)
{
    for (int fmt = SMAX_FMT_F16; fmt <= SMAX_FMT_BF16; ++fmt) {
        const uint32_t inf = fmt == SMAX_FMT_BF16 ? 0x7F80u : 0x7C00u;
        long bad = 0;
        for (uint32_t h = 0; h < inf; ++h) {
            const double lo = code_value(fmt, h), hi = code_value(fmt, h + 1);
            const double mid = lo + (hi - lo) / 2;
            const uint32_t even = (h & 1u) ? h + 1 : h;
            for (int neg = 0; neg <= 1; ++neg) {
                const double sg = neg ? -1.0 : 1.0;
                const uint32_t sb = neg ? 0x8000u : 0u;
                const struct {
                    double v;
                    uint32_t want;
                } c[4] = {{lo, h},
                          {nextafter(mid, 0.0), h},
                          {mid, even},
                          {nextafter(mid, INFINITY), h + 1}};
                for (int k = 0; k < 4; ++k) {
                    const uint16_t got = smax_half_encode(fmt, sg * c[k].v);
                    if (got != (uint16_t)(sb | c[k].want) && bad++ < 5)
                        CHECK(0, "fmt %d: %.17g encodes as 0x%04x, want 0x%04x",
                              fmt, sg * c[k].v, got,
                              (unsigned)(sb | c[k].want));
                }
                const float d = smax_half_decode(fmt, (uint16_t)(sb | h));
                if ((double)d != sg * lo && bad++ < 5)
                    CHECK(0, "fmt %d: 0x%04x decodes to %.9g, want %.17g", fmt,
                          (unsigned)(sb | h), (double)d, sg * lo);
            }
        }
        CHECK(bad == 0, "fmt %d: %ld boundary cases wrong", fmt, bad);
        CHECK(isinf(smax_half_decode(fmt, (uint16_t)inf)) &&
                  smax_half_decode(fmt, (uint16_t)(0x8000u | inf)) < 0,
              "fmt %d: the infinities", fmt);
    }
    /* Far below the smallest subnormal, a double subnormal among them. */
    CHECK(smax_half_encode(SMAX_FMT_F16, 0x1p-40) == 0x0000 &&
              smax_half_encode(SMAX_FMT_BF16, -0x1p-1070) == 0x8000 &&
              smax_half_encode(SMAX_FMT_F16, 1e300) == 0x7C00,
          "far below and far above the range");
}

/* The 16-bit forward rule: 1 ulp of the output type against the reference
 * rounded once; exact at -inf inputs and infinite references. */
static void test_half_rule(void)
{
    enum { N = 100 };
    float x[N];
    double ref[N];
    uint16_t got[N];
    smax_check_result res;
    for (int fmt = SMAX_FMT_F16; fmt <= SMAX_FMT_BF16; ++fmt)
        for (int log_sm = 0; log_sm < 2; ++log_sm) {
            const uint32_t flags = log_sm ? LOG : 0;
            for (int i = 0; i < N; ++i)
                x[i] = (float)normal(1.0);
            x[5] = -INFINITY;
            smax_reference_f64(x, 1, N, N, ref, N, flags, 1.0f);
            for (int i = 0; i < N; ++i)
                got[i] = smax_half_encode(fmt, ref[i]);
            CHECK(smax_check_output_half(x, N, got, N, ref, N, 1, N, fmt, 0, 0,
                                         &res) &&
                      res.worst_rel == 0.0 && res.trh == 1.0,
                  "fmt %d log %d: the rounded reference: %s", fmt, log_sm,
                  res.message);
            /* An honest f32 computation rounded once more. */
            float y32[N];
            f32_softmax(x, N, y32, log_sm);
            smax_fmt_encode(fmt, y32, N, got);
            CHECK(smax_check_output_half(x, N, got, N, ref, N, 1, N, fmt, 0, 0,
                                         &res) && res.worst_rel <= 1.0,
                  "fmt %d log %d: honest f32 rounded: %s", fmt, log_sm,
                  res.message);
            /* One ulp either way passes, two fail where they are. */
            for (int i = 0; i < N; ++i)
                got[i] = smax_half_encode(fmt, ref[i]);
            got[17] = (uint16_t)(got[17] + 1);
            got[18] = (uint16_t)(got[18] - 1);
            CHECK(smax_check_output_half(x, N, got, N, ref, N, 1, N, fmt, 0, 0,
                                         &res) && res.worst_rel == 1.0,
                  "fmt %d log %d: 1 ulp rejected: %s", fmt, log_sm,
                  res.message);
            got[40] = (uint16_t)(got[40] + 2);
            CHECK(!smax_check_output_half(x, N, got, N, ref, N, 1, N, fmt, 0, 0,
                                          &res) && res.bad == 1 &&
                      res.first_col == 40 && res.worst_rel == 2.0,
                  "fmt %d log %d: 2 ulp at 40: %lld bad, first %lld", fmt,
                  log_sm, (long long)res.bad, (long long)res.first_col);
            got[40] = (uint16_t)(got[40] - 2);
            /* The -inf input: exactly 0 (log: -inf), not 1 ulp off. */
            const uint16_t hole = got[5];
            got[5] = (uint16_t)(hole + 1);
            CHECK(!smax_check_output_half(x, N, got, N, ref, N, 1, N, fmt, 0, 0,
                                          &res) && res.first_col == 5,
                  "fmt %d log %d: 1 ulp at a -inf input accepted", fmt,
                  log_sm);
            got[5] = hole;
            /* NaN both ways. */
            got[9] = smax_half_encode(fmt, NAN);
            CHECK(!smax_check_output_half(x, N, got, N, ref, N, 1, N, fmt, 0, 0,
                                          &res) && res.first_col == 9,
                  "fmt %d log %d: unexpected NaN accepted", fmt, log_sm);
        }
    /* A NaN row must stay NaN. */
    x[3] = NAN;
    smax_reference_f64(x, 1, N, N, ref, N, 0, 1.0f);
    for (int i = 0; i < N; ++i)
        got[i] = smax_half_encode(SMAX_FMT_F16, 0.01);
    CHECK(!smax_check_output_half(x, N, got, N, ref, N, 1, N, SMAX_FMT_F16, 0, 0,
                                  &res) && res.bad == N,
          "finite outputs of a NaN row: %lld failures", (long long)res.bad);

    /* An all-zero f16 output of a long uniform row: 2^-16 each, 256 ulps
     * away from 0. */
    const int n = 1 << 16;
    float *xs = calloc((size_t)n, sizeof(float));
    double *rs = malloc(sizeof(double) * (size_t)n);
    uint16_t *zs = calloc((size_t)n, sizeof(uint16_t));
    smax_reference_f64(xs, 1, n, n, rs, n, 0, 1.0f);
    CHECK(!smax_check_output_half(xs, n, zs, n, rs, n, 1, n, SMAX_FMT_F16, 0, 0,
                                  &res) && res.bad == n && res.worst_rel == 256.0,
          "all-zero f16 row: %lld failures, worst %g ulp", (long long)res.bad,
          res.worst_rel);
    free(xs);
    free(rs);
    free(zs);

    /* Past the f16 range: log-softmax of (0, -70000) is (-0, -70000), whose
     * rounding is -inf. The largest finite value is 1 ulp from it (an f32
     * result a little short of -65520 rounds there) and passes; 2 ulps
     * fail. A reference that is itself infinite is exact. */
    const float xr[2] = {0.0f, -70000.0f};
    double rr[2];
    smax_reference_f64(xr, 1, 2, 2, rr, 2, LOG, 1.0f);
    uint16_t g2[2] = {0x0000, 0xFBFF};
    CHECK(smax_check_output_half(xr, 2, g2, 2, rr, 2, 1, 2, SMAX_FMT_F16, 0, 0,
                                 &res),
          "-65504 for -70000 rejected: %s", res.message);
    g2[1] = 0xFBFE;
    CHECK(!smax_check_output_half(xr, 2, g2, 2, rr, 2, 1, 2, SMAX_FMT_F16, 0, 0,
                                  &res) && res.first_col == 1,
          "-65472 for -70000 accepted");
    const double inf_ref[1] = {-INFINITY};
    const float inf_x[1] = {0.0f};
    const uint16_t near_inf[1] = {0xFBFF};
    CHECK(!smax_check_output_half(inf_x, 1, near_inf, 1, inf_ref, 1, 1, 1,
                                  SMAX_FMT_F16, 0, 0, &res),
          "finite output of an infinite reference accepted");
}

int main(void)
{
    test_known_values();
    test_equal_values();
    test_special_rows();
    test_in_place_and_strides();
    test_trh_formula();
    test_honest_f32_passes();
    test_garbage_fails();
    test_half_encodings();
    test_half_rounding_boundaries();
    test_half_rule();
    return UNIT_SUMMARY();
}
