/*
 * test_merge.c - host unit tests of THE merge operator (kernels/smax_merge.h).
 *
 * The header is included as-is, compiled as host C through smax_dialect.h,
 * so these tests exercise the very definition every kernel uses. They check
 * the algebra (identity, commutativity, associativity within rounding), that
 * any split of a row merged in any order gives the float64 two-pass result,
 * and the special-value rules of PRODUCT.md section 3.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "smax_merge.h"
#include "smax_reference.h"
#include "smax_tolerance.h"
#include "unit_check.h"

/* ---- helpers ------------------------------------------------------------ */

static int same_float(float a, float b)
{
    /* Bitwise, except that any NaN equals any NaN (payloads may differ). */
    if (isnan(a) || isnan(b))
        return isnan(a) && isnan(b);
    return memcmp(&a, &b, sizeof a) == 0;
}

static int same_partial(smax_partial a, smax_partial b)
{
    return same_float(a.m, b.m) && same_float(a.s, b.s);
}

/* The float64 two-pass statistics of a row (NaN/+inf-free rows only). */
static void two_pass(const float *x, int n, double *m, double *s)
{
    double mx = -INFINITY, sum = 0.0;
    for (int i = 0; i < n; ++i)
        if (x[i] > mx)
            mx = x[i];
    for (int i = 0; i < n; ++i)
        sum += x[i] == -INFINITY ? 0.0 : exp((double)x[i] - mx);
    *m = mx;
    *s = mx == -INFINITY ? 0.0 : sum;
}

/* A slice [b, e) folded element by element, or by four like the vector
 * path of the kernels. */
static smax_partial fold_slice(const float *x, int b, int e, int by4)
{
    smax_partial p = smax_partial_identity();
    int i = b;
    if (by4)
        for (; i + 4 <= e; i += 4)
            p = smax_merge(p, smax_partial_of4(x[i], x[i + 1], x[i + 2],
                                               x[i + 3]));
    for (; i < e; ++i)
        p = smax_merge(p, smax_partial_of(x[i]));
    return p;
}

/* Merges k partials in a random tree: pick two, merge them in random
 * operand order, put the result back, until one is left. */
static smax_partial merge_random_tree(smax_partial *p, int k)
{
    if (k == 0)
        return smax_partial_identity();
    while (k > 1) {
        int i = (int)unit_rng_below(k), j = (int)unit_rng_below(k - 1);
        if (j >= i)
            ++j;
        smax_partial c = unit_rng_below(2) ? smax_merge(p[i], p[j])
                                           : smax_merge(p[j], p[i]);
        int lo = i < j ? i : j, hi = i < j ? j : i;
        p[lo] = c;
        p[hi] = p[k - 1];
        --k;
    }
    return p[0];
}

/* Splits x[0, n) into k random slices (empty ones allowed), folds each and
 * merges them in a random tree. *longest gets the longest slice. */
static smax_partial random_split_merge(const float *x, int n, int k,
                                       int *longest)
{
    int *cut = malloc(sizeof(int) * (size_t)(k + 1));
    smax_partial *p = malloc(sizeof(smax_partial) * (size_t)k);
    cut[0] = 0;
    cut[k] = n;
    for (int i = 1; i < k; ++i)
        cut[i] = (int)unit_rng_below(n + 1);
    /* Sort the inner cuts (k is small). */
    for (int i = 1; i < k; ++i)
        for (int j = i + 1; j < k; ++j)
            if (cut[j] < cut[i]) {
                int t = cut[i];
                cut[i] = cut[j];
                cut[j] = t;
            }
    *longest = 0;
    for (int i = 0; i < k; ++i) {
        p[i] = fold_slice(x, cut[i], cut[i + 1], (int)unit_rng_below(2));
        if (cut[i + 1] - cut[i] > *longest)
            *longest = cut[i + 1] - cut[i];
    }
    smax_partial r = merge_random_tree(p, k);
    free(cut);
    free(p);
    return r;
}

static double normal(double sigma)
{
    double u1 = unit_rng_uniform(), u2 = unit_rng_uniform();
    if (u1 < 1e-300)
        u1 = 1e-300;
    return sigma * sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

static void fill_normal(float *x, int n, double sigma)
{
    for (int i = 0; i < n; ++i)
        x[i] = (float)normal(sigma);
}

/* A random partial with a finite maximum in a wide range. */
static smax_partial random_partial(void)
{
    smax_partial p;
    p.m = (float)normal(unit_rng_below(2) ? 1.0 : 40.0);
    p.s = (float)(1.0 + unit_rng_uniform() * 1000.0);
    return p;
}

/* ---- the algebra -------------------------------------------------------- */

static void test_identity(void)
{
    const smax_partial id = smax_partial_identity();
    CHECK(id.m == -INFINITY && id.s == 0.0f, "identity is (%g, %g)", id.m,
          id.s);
    CHECK(same_partial(smax_partial_of(-INFINITY), id),
          "partial_of(-inf) is not the identity");
    smax_partial ii = smax_merge(id, id);
    CHECK(same_partial(ii, id), "identity (+) identity = (%g, %g)", ii.m,
          ii.s);

    const float samples[] = {0.0f,     -3.5f,   88.5f,     -FLT_MAX,
                             FLT_MAX, 1e-40f, -1e30f,    NAN,
                             INFINITY, 17.25f, -87.0f};
    for (size_t i = 0; i < sizeof samples / sizeof samples[0]; ++i) {
        smax_partial p = smax_partial_of(samples[i]);
        smax_partial l = smax_merge(id, p), r = smax_merge(p, id);
        CHECK(same_partial(l, p) && same_partial(r, p),
              "identity not neutral for x=%g: (%g,%g) (+) id = (%g,%g), "
              "id (+) it = (%g,%g)",
              samples[i], p.m, p.s, r.m, r.s, l.m, l.s);
    }
    for (int i = 0; i < 200; ++i) {
        smax_partial p = random_partial();
        CHECK(same_partial(smax_merge(id, p), p) &&
                  same_partial(smax_merge(p, id), p),
              "identity not neutral for (%g, %g)", p.m, p.s);
    }
}

static void test_commutativity(void)
{
    int bad = 0;
    for (int i = 0; i < 2000; ++i) {
        smax_partial a = random_partial(), b = random_partial();
        if (i % 7 == 0)
            b.m = a.m; /* equal maxima: both rescales are exp(0) */
        if (!same_partial(smax_merge(a, b), smax_merge(b, a)))
            ++bad;
    }
    CHECK(bad == 0, "%d of 2000 random pairs merge differently by order",
          bad);
}

static void test_associativity(void)
{
    /* (a+b)+c and a+(b+c) take the same maximum exactly; the sums differ by
     * at most the roundings of two merges on each side: per merge two exp
     * (1 ulp each in glibc), two products and an addition, i.e. under 8
     * FLT_EPSILON for both sides together with room. */
    double worst = 0.0;
    int m_bad = 0;
    for (int i = 0; i < 2000; ++i) {
        smax_partial a = random_partial(), b = random_partial(),
                     c = random_partial();
        smax_partial l = smax_merge(smax_merge(a, b), c);
        smax_partial r = smax_merge(a, smax_merge(b, c));
        if (!same_float(l.m, r.m))
            ++m_bad;
        double rel = fabs((double)l.s - r.s) / fabs((double)r.s);
        if (rel > worst)
            worst = rel;
    }
    CHECK(m_bad == 0, "%d triples give different maxima", m_bad);
    CHECK(worst <= 8 * FLT_EPSILON, "associativity error %.3g eps",
          worst / FLT_EPSILON);
}

/* ---- any split, any order ----------------------------------------------- */

/* First-order bound for a float sum of positive terms along a path with
 * `depth` roundings, each term computed to a few ulp: honest, yet orders of
 * magnitude below what a wrong rescale or a dropped partial produces. */
static double sum_bound(int depth)
{
    return FLT_EPSILON * (8.0 + 0.5 * depth);
}

static void check_split_invariance(const char *what, const float *x, int n)
{
    double m_ref, s_ref;
    two_pass(x, n, &m_ref, &s_ref);
    int bad_m = 0, bad_s = 0;
    double worst = 0.0;
    for (int trial = 0; trial < 24; ++trial) {
        int kmax = n < 40 ? n + 1 : 40;
        int k = 1 + (int)unit_rng_below(kmax);
        int longest;
        smax_partial p = random_split_merge(x, n, k, &longest);
        if ((double)p.m != m_ref)
            ++bad_m;
        double rel = fabs((double)p.s - s_ref) / s_ref;
        if (rel > worst)
            worst = rel;
        if (!(rel <= sum_bound(longest + k)))
            ++bad_s;
    }
    CHECK(bad_m == 0, "%s n=%d: %d splits give a wrong maximum", what, n,
          bad_m);
    CHECK(bad_s == 0, "%s n=%d: %d splits give a sum beyond the bound "
                      "(worst %.3g eps)",
          what, n, bad_s, worst / FLT_EPSILON);
}

/* The library's shape of summation: bounded runs (<= 64 here), merged in a
 * tree. The softmax built from the merged (m, s) must meet the project's
 * tolerance rule against the float64 reference. */
static void check_blocked_softmax(const char *what, const float *x, int n)
{
    int k = (n + 63) / 64;
    smax_partial *p = malloc(sizeof(smax_partial) * (size_t)k);
    for (int i = 0; i < k; ++i) {
        int e = (i + 1) * 64 < n ? (i + 1) * 64 : n;
        p[i] = fold_slice(x, i * 64, e, 1);
    }
    smax_partial t = merge_random_tree(p, k);
    float *got = malloc(sizeof(float) * (size_t)n);
    float *ref = malloc(sizeof(float) * (size_t)n);
    for (int i = 0; i < n; ++i)
        got[i] = smax_exp_shifted(x[i], t.m) / t.s;
    smax_reference(x, 1, n, n, ref, n, 0, 1.0f);
    smax_check_result res;
    int ok = smax_check_output(x, n, got, n, ref, n, 1, n, 0, 0, &res);
    CHECK(ok, "%s n=%d: blocked merge softmax fails the tolerance: %s", what,
          n, res.message);
    free(p);
    free(got);
    free(ref);
}

static void test_split_invariance(void)
{
    const int sizes[] = {1, 2, 3, 4, 5, 63, 64, 65, 1000, 4099, 65537};
    const double sigmas[] = {1e-3, 1.0, 30.0, 1e4};
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; ++si) {
        int n = sizes[si];
        float *x = malloc(sizeof(float) * (size_t)n);
        for (size_t gi = 0; gi < sizeof sigmas / sizeof sigmas[0]; ++gi) {
            char what[64];
            snprintf(what, sizeof what, "normal(sigma=%g)", sigmas[gi]);
            fill_normal(x, n, sigmas[gi]);
            check_split_invariance(what, x, n);
            check_blocked_softmax(what, x, n);
        }
        /* oneDNN's overflow pattern: a few 88..90, the rest -FLT_MAX. */
        for (int i = 0; i < n; ++i)
            x[i] = -FLT_MAX;
        for (int i = 0; i < 3 && i < n; ++i)
            x[unit_rng_below(n)] = (float)(88.0 + 2.0 * unit_rng_uniform());
        check_split_invariance("overflow pattern", x, n);
        check_blocked_softmax("overflow pattern", x, n);
        free(x);
    }
}

/* Equal values: every term is exp(0) = 1 and every rescale exp(0) = 1, so
 * any split in any order must give exactly (v, n). */
static void test_equal_values(void)
{
    const int n = 1000;
    float x[1000];
    const float values[] = {3.75f, -FLT_MAX, 0.0f, 1e-40f, 89.0f};
    for (size_t vi = 0; vi < sizeof values / sizeof values[0]; ++vi) {
        for (int i = 0; i < n; ++i)
            x[i] = values[vi];
        int bad = 0;
        for (int trial = 0; trial < 16; ++trial) {
            int longest;
            smax_partial p =
                random_split_merge(x, n, 1 + (int)unit_rng_below(40), &longest);
            if (p.m != values[vi] || p.s != (float)n)
                ++bad;
        }
        CHECK(bad == 0, "%d splits of %d equal values %g are not exactly "
                        "(v, n)",
              bad, n, values[vi]);
    }
}

/* ---- special values ------------------------------------------------------ */

static void test_neg_inf(void)
{
    const smax_partial id = smax_partial_identity();
    CHECK(smax_exp_shifted(-INFINITY, -INFINITY) == 0.0f,
          "exp_shifted(-inf, -inf) = %g", smax_exp_shifted(-INFINITY,
                                                           -INFINITY));
    CHECK(smax_exp_shifted(-INFINITY, 3.0f) == 0.0f, "exp_shifted(-inf, 3)");
    CHECK(smax_exp_shifted(2.5f, 2.5f) == 1.0f, "exp_shifted(m, m) != 1");
    smax_partial q = smax_partial_of4(-INFINITY, -INFINITY, -INFINITY,
                                      -INFINITY);
    CHECK(same_partial(q, id), "partial_of4(-inf x4) = (%g, %g)", q.m, q.s);
    q = smax_partial_of4(-INFINITY, 1.0f, -INFINITY, 2.0f);
    CHECK(q.m == 2.0f && fabs(q.s - (1.0 + exp(-1.0))) <= 2 * FLT_EPSILON,
          "partial_of4(-inf, 1, -inf, 2) = (%g, %g)", q.m, q.s);

    /* A row of -inf only: empty in every split and order, never NaN. */
    float x[300];
    for (int i = 0; i < 300; ++i)
        x[i] = -INFINITY;
    int bad = 0;
    for (int trial = 0; trial < 16; ++trial) {
        int longest;
        smax_partial p =
            random_split_merge(x, 300, 1 + (int)unit_rng_below(20), &longest);
        if (!same_partial(p, id))
            ++bad;
    }
    CHECK(bad == 0, "%d splits of an all -inf row are not the identity", bad);

    /* A slice of -inf merged with a finite slice gives the finite slice's
     * partial exactly, in both orders: the guarded rescale is exp -> 0. */
    for (int i = 0; i < 300; ++i)
        x[i] = i < 150 ? -INFINITY : (float)normal(5.0);
    smax_partial a = fold_slice(x, 0, 150, 1), b = fold_slice(x, 150, 300, 1);
    CHECK(same_partial(a, id), "the -inf slice is (%g, %g)", a.m, a.s);
    CHECK(same_partial(smax_merge(a, b), b) &&
              same_partial(smax_merge(b, a), b),
          "a -inf slice changes the finite slice (%g, %g)", b.m, b.s);
    CHECK(same_partial(smax_merge(id, smax_partial_of(-FLT_MAX)),
                       smax_partial_of(-FLT_MAX)),
          "-FLT_MAX is not finite to the merge");

    /* -inf at random places (including whole slices): same as two-pass
     * over the finite elements. */
    for (int i = 0; i < 300; ++i)
        x[i] = unit_rng_below(3) == 0 ? (float)normal(3.0) : -INFINITY;
    check_split_invariance("sparse -inf", x, 300);
}

static int count_nan_s(const float *x, int n, int trials, int *bad_m)
{
    int not_nan = 0;
    *bad_m = 0;
    for (int t = 0; t < trials; ++t) {
        int longest;
        smax_partial p =
            random_split_merge(x, n, 1 + (int)unit_rng_below(n < 30 ? n : 30),
                               &longest);
        if (!isnan(p.s))
            ++not_nan;
        if (isnan(p.m))
            ++*bad_m;
    }
    return not_nan;
}

static void test_nan(void)
{
    CHECK(smax_max_skip_nan(NAN, 2.0f) == 2.0f &&
              smax_max_skip_nan(2.0f, NAN) == 2.0f,
          "the maximum does not skip NaN");
    smax_partial p = smax_partial_of(NAN);
    CHECK(isnan(p.s), "partial_of(NaN).s = %g", p.s);
    CHECK(isnan(smax_merge(p, smax_partial_identity()).s),
          "NaN lost when merged with the identity");
    CHECK(isnan(smax_merge(p, smax_partial_of(50.0f)).s) &&
              isnan(smax_merge(smax_partial_of(50.0f), p).s),
          "NaN lost when merged with a larger finite partial");

    float x[257];
    int bad_m;
    for (int pos = 0; pos < 257; pos += 64) {
        fill_normal(x, 257, 10.0);
        x[pos] = NAN;
        int n_ok = count_nan_s(x, 257, 16, &bad_m);
        CHECK(n_ok == 0, "NaN at %d: %d splits lose it", pos, n_ok);
        CHECK(bad_m == 0, "NaN at %d: %d splits give a NaN maximum", pos,
              bad_m);
    }
    /* NaN among -inf only: the both-empty branch must keep it. */
    for (int i = 0; i < 257; ++i)
        x[i] = -INFINITY;
    x[100] = NAN;
    int n_ok = count_nan_s(x, 257, 16, &bad_m);
    CHECK(n_ok == 0, "NaN among -inf: %d splits lose it", n_ok);
}

static void test_pos_inf(void)
{
    smax_partial p = smax_partial_of(INFINITY);
    CHECK(p.m == INFINITY && isnan(p.s), "partial_of(+inf) = (%g, %g)", p.m,
          p.s);
    float x[257];
    for (int pos = 0; pos < 257; pos += 85) {
        fill_normal(x, 257, 10.0);
        x[pos] = INFINITY;
        if (pos == 85)
            x[200] = INFINITY; /* two of them */
        int not_nan = 0, bad_m = 0;
        for (int t = 0; t < 16; ++t) {
            int longest;
            smax_partial q = random_split_merge(
                x, 257, 1 + (int)unit_rng_below(30), &longest);
            not_nan += !isnan(q.s);
            bad_m += q.m != INFINITY;
        }
        CHECK(not_nan == 0 && bad_m == 0,
              "+inf at %d: %d splits not NaN, %d with a finite maximum", pos,
              not_nan, bad_m);
    }
}

static void test_extremes(void)
{
    smax_partial a = {100.0f, 1.0f}, b = {-100.0f, 1.0f};
    smax_partial c = smax_merge(a, b);
    CHECK(c.m == 100.0f && c.s == 1.0f, "(100,1)(+)(-100,1) = (%g, %g)", c.m,
          c.s);
    a.m = FLT_MAX;
    b.m = -FLT_MAX; /* the difference overflows to -inf: exp gives 0 */
    c = smax_merge(b, a);
    CHECK(c.m == FLT_MAX && c.s == 1.0f, "(FLT_MAX)(+)(-FLT_MAX) = (%g, %g)",
          c.m, c.s);
    /* The negative twin of the overflow pattern: -86..-88 and -FLT_MAX. */
    float x[100];
    for (int i = 0; i < 100; ++i)
        x[i] = i % 33 == 0 ? (float)(-86.0 - 2.0 * unit_rng_uniform())
                           : -FLT_MAX;
    check_split_invariance("negative overflow pattern", x, 100);
    /* Subnormal inputs behave as zeros up to rounding. */
    for (int i = 0; i < 100; ++i)
        x[i] = (float)(i + 1) * 1e-43f;
    check_split_invariance("subnormals", x, 100);
}

/* The streaming form (smax_accumulate) folds a long row element by element
 * with a compensated sum: its result stays within a few eps of the two-pass
 * float64 sum where a plain running merge drifts, and it keeps the special
 * values of smax_merge. */
static void test_accumulator(void)
{
    enum { N = 1 << 20 };
    static float x[N];
    fill_normal(x, N, 1.0);
    double m_ref, s_ref;
    two_pass(x, N, &m_ref, &s_ref);
    smax_accumulator acc = smax_accumulator_init();
    smax_partial plain = smax_partial_identity();
    for (int i = 0; i < N; ++i) {
        acc = smax_accumulate(acc, smax_partial_of(x[i]));
        plain = smax_merge(plain, smax_partial_of(x[i]));
    }
    smax_partial got = smax_accumulator_partial(acc);
    double err = fabs(got.s * exp((double)got.m - m_ref) - s_ref) / s_ref;
    double err_plain =
        fabs(plain.s * exp((double)plain.m - m_ref) - s_ref) / s_ref;
    CHECK(got.m == (float)m_ref, "accumulated max %g, two-pass %g", got.m,
          m_ref);
    CHECK(err <= 4 * FLT_EPSILON,
          "compensated sum of 2^20 terms errs by %.3g eps", err / FLT_EPSILON);
    CHECK(err < err_plain,
          "compensation does not help: %.3g eps vs plain %.3g eps",
          err / FLT_EPSILON, err_plain / FLT_EPSILON);

    const smax_partial id = smax_partial_identity();
    smax_accumulator a = smax_accumulator_init();
    a = smax_accumulate(a, smax_partial_of(-INFINITY));
    CHECK(same_partial(smax_accumulator_partial(a), id),
          "accumulating -inf leaves (%g, %g), not the identity", a.m, a.s);
    a = smax_accumulate(a, smax_partial_of(1.0f));
    CHECK(a.m == 1.0f && a.s == 1.0f, "-inf then 1 gives (%g, %g)", a.m, a.s);
    a = smax_accumulate(a, smax_partial_of(NAN));
    CHECK(isnan(a.s) && a.m == 1.0f, "NaN does not poison the sum: (%g, %g)",
          a.m, a.s);
    a = smax_accumulate(smax_accumulator_init(), smax_partial_of(INFINITY));
    CHECK(isnan(a.s), "+inf gives sum %g, not NaN", a.s);
}

int main(void)
{
    test_identity();
    test_commutativity();
    test_associativity();
    test_split_invariance();
    test_equal_values();
    test_neg_inf();
    test_nan();
    test_pos_inf();
    test_extremes();
    test_accumulator();
    return UNIT_SUMMARY();
}
