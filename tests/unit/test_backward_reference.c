/*
 * test_backward_reference.c - the gradient's judge is tested too:
 * smax_reference_backward_f64 gives closed-form answers, and the rule of
 * smax_check_backward accepts a host simulation of the device's f32
 * computation (blocked, Kahan-compensated sums, a tree over work-items and
 * merge levels, exp off by up to 3 ulp, rounded once to f16/bf16) for rows
 * up to 2^20, while it rejects wrong gradients: one element off by a few
 * trh * mag, all zeros, a dropped scale, a dropped partial, a 2-ulp error
 * of a 16-bit output, NaN mismatches. Prints the worst error / threshold
 * ratios (docs/numerics.md quotes them).
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

static double normal(double sigma)
{
    double u1 = unit_rng_uniform(), u2 = unit_rng_uniform();
    if (u1 < 1e-300)
        u1 = 1e-300;
    return sigma * sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

/* ---- the reference against closed forms ------------------------------------ */

static int all_zero(const double *v, int n)
{
    for (int i = 0; i < n; ++i)
        if (v[i] != 0.0)
            return 0;
    return 1;
}

static void test_equal_rows_give_zero(void)
{
    /* y = 1/n (exact for powers of two, so sum y = 1) and dy = c: S = c and
     * dx = y (c - c) = 0 exactly, although mag is not 0. */
    for (int n = 1; n <= 4096; n *= 4) {
        float *y = malloc(sizeof(float) * (size_t)n * 2), *dy = y + n;
        double *dx = malloc(sizeof(double) * (size_t)n * 2), *mag = dx + n;
        for (int i = 0; i < n; ++i) {
            y[i] = 1.0f / (float)n;
            dy[i] = -3.75f;
        }
        smax_reference_backward_f64(y, n, dy, n, 1, n, dx, n, 0, 2.0f);
        CHECK(all_zero(dx, n), "n=%d equal y and dy: dx[0] = %g", n, dx[0]);
        smax_reference_backward_mag(y, n, dy, n, 1, n, mag, n, 0, 2.0f);
        /* 2 * (1/n) * (3.75 + 3.75) */
        CHECK(mag[n - 1] == 15.0 / n, "n=%d mag = %.17g, want %.17g", n,
              mag[n - 1], 15.0 / n);
        free(y);
        free(dx);
    }
}

static void test_one_hot_and_small_rows(void)
{
    /* One-hot y: S = dy_k, so dx_k = 0 and every other dx is 0 * (...). */
    const float y[5] = {0.0f, 0.0f, 1.0f, 0.0f, 0.0f};
    const float dy[5] = {1.5f, -2.0f, 7.0f, 0.25f, 3.0f};
    double dx[5], mag[5];
    smax_reference_backward_f64(y, 5, dy, 5, 1, 5, dx, 5, 0, 1.0f);
    CHECK(all_zero(dx, 5), "one-hot y: dx = %g %g %g %g %g", dx[0], dx[1],
          dx[2], dx[3], dx[4]);
    smax_reference_backward_mag(y, 5, dy, 5, 1, 5, mag, 5, 0, 1.0f);
    CHECK(mag[2] == 14.0 && mag[0] == 0.0 && mag[4] == 0.0,
          "one-hot mag: %g %g %g", mag[0], mag[2], mag[4]);

    /* y = (1/4, 3/4), dy = (1, -1): S = -1/2, dx = scale (3/8, -3/8). */
    const float y2[2] = {0.25f, 0.75f}, dy2[2] = {1.0f, -1.0f};
    smax_reference_backward_f64(y2, 2, dy2, 2, 1, 2, dx, 2, 0, 2.0f);
    CHECK(dx[0] == 0.75 && dx[1] == -0.75, "2-row: dx = %.17g %.17g", dx[0],
          dx[1]);
    smax_reference_backward_mag(y2, 2, dy2, 2, 1, 2, mag, 2, 0, 2.0f);
    CHECK(mag[0] == 1.0 && mag[1] == 3.0, "2-row: mag = %g %g", mag[0],
          mag[1]);
    /* A negative scale flips dx, not mag. */
    smax_reference_backward_f64(y2, 2, dy2, 2, 1, 2, dx, 2, 0, -0.5f);
    CHECK(dx[0] == -0.1875 && dx[1] == 0.1875, "scale -0.5: %g %g", dx[0],
          dx[1]);

    /* Log-softmax with -inf entries: exp(y) = (1, 0, 0), S = 6, so
     * dx = (1 - 6, 2, 3), and mag = (1 + 6, 2, 3). */
    const float yl[3] = {0.0f, -INFINITY, -INFINITY};
    const float dyl[3] = {1.0f, 2.0f, 3.0f};
    smax_reference_backward_f64(yl, 3, dyl, 3, 1, 3, dx, 3, LOG, 1.0f);
    CHECK(dx[0] == -5.0 && dx[1] == 2.0 && dx[2] == 3.0,
          "log with -inf: dx = %g %g %g", dx[0], dx[1], dx[2]);
    smax_reference_backward_mag(yl, 3, dyl, 3, 1, 3, mag, 3, LOG, 1.0f);
    CHECK(mag[0] == 7.0 && mag[1] == 2.0 && mag[2] == 3.0,
          "log with -inf: mag = %g %g %g", mag[0], mag[1], mag[2]);
    /* The masked flag does not change the formula. */
    double dxm[3];
    smax_reference_backward_f64(yl, 3, dyl, 3, 1, 3, dxm, 3, LOG | MASKED,
                                1.0f);
    CHECK(memcmp(dx, dxm, sizeof dx[0] * 3) == 0, "masked flag changed dx");
    /* A softmax row the forward masked to zeros gets dx = 0, mag = 0. */
    const float yz[3] = {0.0f, 0.0f, 0.0f};
    smax_reference_backward_f64(yz, 3, dyl, 3, 1, 3, dx, 3, MASKED, 1.0f);
    smax_reference_backward_mag(yz, 3, dyl, 3, 1, 3, mag, 3, MASKED, 1.0f);
    CHECK(all_zero(dx, 3) && all_zero(mag, 3), "masked zero row: %g %g",
          dx[0], mag[0]);
}

/* The reference against an independent long double evaluation on random
 * rows (different summation: plain long double). */
static void test_against_long_double(void)
{
    enum { N = 777 };
    float x[N], y[N], dy[N];
    double dx[N];
    for (int log_sm = 0; log_sm < 2; ++log_sm) {
        for (int i = 0; i < N; ++i) {
            x[i] = (float)normal(2.0);
            dy[i] = (float)normal(1.0);
        }
        smax_reference(x, 1, N, N, y, N, log_sm ? LOG : 0, 1.0f);
        smax_reference_backward_f64(y, N, dy, N, 1, N, dx, N,
                                    log_sm ? LOG : 0, 0.5f);
        long double s = 0.0L;
        for (int i = 0; i < N; ++i)
            s += log_sm ? (long double)dy[i] : (long double)y[i] * dy[i];
        double worst = 0.0;
        for (int i = 0; i < N; ++i) {
            long double want =
                log_sm ? 0.5L * (dy[i] - expl((long double)y[i]) * s)
                       : 0.5L * y[i] * (dy[i] - s);
            double err = fabs((double)(dx[i] - want));
            if (err > worst)
                worst = err;
        }
        CHECK(worst < 1e-14, "log=%d: reference differs from long double by "
                             "%g", log_sm, worst);
    }
}

static void test_special_and_strides(void)
{
    /* Two rows of 3 in rows of stride 4 (y), 5 (dy), 6 (dx): row 0 has a
     * NaN in dy (the whole row is NaN), row 1 is finite; padding stays. */
    float y[8] = {0.5f, 0.25f, 0.25f, 9.0f, 0.5f, 0.25f, 0.25f, 9.0f};
    float dy[10] = {1.0f, NAN, 2.0f, 9.0f, 9.0f, 1.0f, 1.0f, 2.0f, 9.0f, 9.0f};
    double dx[12], mag[12];
    for (int i = 0; i < 12; ++i)
        dx[i] = mag[i] = 42.0;
    smax_reference_backward_f64(y, 4, dy, 5, 2, 3, dx, 6, 0, 1.0f);
    smax_reference_backward_mag(y, 4, dy, 5, 2, 3, mag, 6, 0, 1.0f);
    CHECK(isnan(dx[0]) && isnan(dx[1]) && isnan(dx[2]),
          "NaN in dy: row not NaN (%g %g %g)", dx[0], dx[1], dx[2]);
    /* Row 1: S = 0.5 + 0.25 + 0.5 = 1.25; dx = y (dy - 1.25). */
    CHECK(dx[6] == 0.5 * -0.25 && dx[7] == 0.25 * -0.25 &&
              dx[8] == 0.25 * 0.75,
          "strided row 1: %g %g %g", dx[6], dx[7], dx[8]);
    CHECK(dx[3] == 42.0 && dx[4] == 42.0 && dx[5] == 42.0 &&
              dx[9] == 42.0 && mag[5] == 42.0 && mag[11] == 42.0,
          "wrote into the row padding");
    /* An infinite dy makes the sum infinite: the row is NaN. */
    const float yi[2] = {0.5f, 0.5f}, dyi[2] = {INFINITY, 1.0f};
    smax_reference_backward_f64(yi, 2, dyi, 2, 1, 2, dx, 2, 0, 1.0f);
    CHECK(isnan(dx[0]) && isnan(dx[1]), "inf in dy: %g %g", dx[0], dx[1]);
    smax_reference_backward_f64(yi, 2, dyi, 2, 1, 2, dx, 2, LOG, 1.0f);
    CHECK(isnan(dx[0]) && isnan(dx[1]), "log, inf in dy: %g %g", dx[0],
          dx[1]);
    /* A NaN y poisons its row in log-softmax too. */
    const float yn[2] = {NAN, 0.0f}, dyn[2] = {1.0f, 1.0f};
    smax_reference_backward_f64(yn, 2, dyn, 2, 1, 2, dx, 2, LOG, 1.0f);
    CHECK(isnan(dx[0]) && isnan(dx[1]), "log, NaN y: %g %g", dx[0], dx[1]);
}

/* ---- a host simulation of the device ---------------------------------------- *
 * What smax_softmax_backward does in f32 (compiled without contraction, so
 * every operation rounds as written): per work-item, vectors of `vec`
 * terms summed pairwise and folded into a Kahan-compensated run; the items'
 * sums added in a tree; for long rows, chunks of the row summed that way by
 * separate groups and their sums merged by a tree per merge level (fan-in =
 * group size, as common/plan.c). */

typedef struct sim_cfg {
    int group;       /* work-items per group (a power of two)        */
    int vec;         /* terms per vector: 4 (f32) or 8 (16-bit)      */
    int64_t chunk;   /* multiblock chunk length; 0: one group a row  */
    int exp_ulps;    /* exp's error: up to this many ulps either way */
    int drop_chunk;  /* a wrong result: chunk 1's sum is lost        */
    int skip_scale;  /* a wrong result: scale is ignored             */
} sim_cfg;

static float sim_term(const float *y, const float *dy, int64_t j, int log_sm)
{
    return log_sm ? dy[j] : y[j] * dy[j];
}

static void sim_kahan_add(float *s, float *c, float term)
{
    const float t1 = term - *c;
    const float t = *s + t1;
    *c = (t - *s) - t1;
    *s = t;
}

/* Pairwise sum of the vector of terms starting at j. */
static float sim_vector_sum(const float *y, const float *dy, int64_t j,
                            int vec, int log_sm)
{
    float t[8];
    for (int k = 0; k < vec; ++k)
        t[k] = sim_term(y, dy, j + k, log_sm);
    for (int w = vec / 2; w > 0; w /= 2)
        for (int k = 0; k < w; ++k)
            t[k] = t[2 * k] + t[2 * k + 1];
    return t[0];
}

/* In-place tree over n (a power of two) values, as smax_reduce_float. */
static float sim_tree(float *v, int n)
{
    for (int step = n / 2; step > 0; step /= 2)
        for (int l = 0; l < step; ++l)
            v[l] = v[l] + v[l + step];
    return v[0];
}

/* The sum of the terms of [begin, end) by one group. */
static float sim_group_sum(const float *y, const float *dy, int64_t begin,
                           int64_t end, const sim_cfg *cfg, int log_sm,
                           float *part)
{
    const int g = cfg->group, vec = cfg->vec;
    const int64_t body_end = begin + (end - begin) / vec * vec;
    for (int l = 0; l < g; ++l) {
        float s = 0.0f, c = 0.0f;
        for (int64_t j = begin + (int64_t)l * vec; j < body_end;
             j += (int64_t)g * vec)
            sim_kahan_add(&s, &c, sim_vector_sum(y, dy, j, vec, log_sm));
        for (int64_t j = body_end + l; j < end; j += g)
            sim_kahan_add(&s, &c, sim_term(y, dy, j, log_sm));
        part[l] = s;
    }
    return sim_tree(part, g);
}

/* The row sum S; *levels gets the merge levels used. */
static float sim_row_sum(const float *y, const float *dy, int64_t n,
                         const sim_cfg *cfg, int log_sm, int *levels)
{
    float *part = malloc(sizeof(float) * (size_t)cfg->group);
    *levels = 0;
    if (cfg->chunk == 0 || n <= cfg->chunk) {
        const float s = sim_group_sum(y, dy, 0, n, cfg, log_sm, part);
        free(part);
        return s;
    }
    int64_t count = (n + cfg->chunk - 1) / cfg->chunk;
    float *sums = malloc(sizeof(float) * (size_t)count);
    for (int64_t k = 0; k < count; ++k) {
        const int64_t end = (k + 1) * cfg->chunk < n ? (k + 1) * cfg->chunk : n;
        sums[k] = sim_group_sum(y, dy, k * cfg->chunk, end, cfg, log_sm, part);
    }
    if (cfg->drop_chunk)
        sums[1] = 0.0f;
    while (count > 1) { /* one merge level: groups of `group` partials */
        const int64_t out = (count + cfg->group - 1) / cfg->group;
        for (int64_t o = 0; o < out; ++o) {
            for (int l = 0; l < cfg->group; ++l) {
                const int64_t k = o * cfg->group + l;
                part[l] = k < count ? sums[k] : 0.0f;
            }
            sums[o] = sim_tree(part, cfg->group);
        }
        count = out;
        ++*levels;
    }
    const float s = sums[0];
    free(sums);
    free(part);
    return s;
}

/* expf off by a deterministic pseudo-random 0..exp_ulps ulps either way,
 * like a device exp within its ulp bound. Exact 0 and 1 stay exact. */
static float sim_exp(float v, int64_t i, int exp_ulps)
{
    float e = expf(v);
    if (e == 0.0f || isinf(e) || v == 0.0f || exp_ulps == 0)
        return e;
    const int k = (int)((unsigned long long)(i * 2654435761LL) %
                        (unsigned long long)(2 * exp_ulps + 1)) -
                  exp_ulps;
    for (int s = 0; s < (k < 0 ? -k : k); ++s)
        e = nextafterf(e, k < 0 ? 0.0f : INFINITY);
    return e;
}

/* dx of one row in f32, the device's way. Returns the merge levels. */
static int sim_backward(const float *y, const float *dy, int64_t n,
                        int log_sm, float scale, const sim_cfg *cfg, float *dx)
{
    int levels;
    const float s = sim_row_sum(y, dy, n, cfg, log_sm, &levels);
    const float sc = cfg->skip_scale ? 1.0f : scale;
    for (int64_t i = 0; i < n; ++i)
        dx[i] = log_sm ? sc * (dy[i] - sim_exp(y[i], i, cfg->exp_ulps) * s)
                       : sc * y[i] * (dy[i] - s);
    return levels;
}

/* ---- the rule: honest results pass -------------------------------------------- */

/* A row of realistic data: y the f32 softmax (or log-softmax) of x ~
 * N(0, sx), one -inf input in longer rows (exact 0 / -inf in y), and dy ~
 * N(0, sdy), both rounded to the input format ifmt as the device sees
 * them. */
static void make_row(int64_t n, double sx, double sdy, int log_sm, int ifmt,
                     float *x, float *y, float *dy)
{
    for (int64_t i = 0; i < n; ++i)
        x[i] = (float)normal(sx);
    if (n > 4)
        x[n / 2] = -INFINITY;
    smax_reference(x, 1, n, n, y, n, log_sm ? LOG : 0, 1.0f);
    for (int64_t i = 0; i < n; ++i) {
        y[i] = smax_round_to(ifmt, y[i]);
        dy[i] = smax_round_to(ifmt, normal(sdy));
    }
}

/* Multiblock above 16384 elements: chunks for ~528 groups (132 compute
 * units x 4) but at least 4 group sizes long, as plan_multiblock. */
static sim_cfg config_for(int64_t n, int vec)
{
    sim_cfg cfg = {256, vec, 0, 3, 0, 0};
    if (n > 16384) {
        int64_t len = ((n + 527) / 528 + 3) & ~(int64_t)3;
        cfg.chunk = len < 4 * cfg.group ? 4 * cfg.group : len;
    } else if (n > 4096) {
        cfg.group = 1024; /* the fused kernel's long-row groups */
    }
    return cfg;
}

typedef struct row_buffers {
    float *x, *y, *dy, *dx;
    double *ref, *mag;
    void *raw;
} row_buffers;

static row_buffers buffers_alloc(int64_t n)
{
    row_buffers b;
    b.x = malloc(sizeof(float) * (size_t)n * 4);
    b.y = b.x + n;
    b.dy = b.y + n;
    b.dx = b.dy + n;
    b.ref = malloc(sizeof(double) * (size_t)n * 2);
    b.mag = b.ref + n;
    b.raw = malloc(sizeof(float) * (size_t)n);
    return b;
}

static void buffers_free(row_buffers *b)
{
    free(b->x);
    free(b->ref);
    free(b->raw);
}

static const char *fmt_name(int fmt)
{
    return fmt == SMAX_FMT_F32 ? "f32" : fmt == SMAX_FMT_F16 ? "f16" : "bf16";
}

/* The worst ratio error / threshold seen, per output format and mode. */
static double worst_ratio[3][2];

/* One row through the simulation, judged in every output format. */
static void judge_row(row_buffers *b, int64_t n, int log_sm, float scale,
                      const sim_cfg *cfg, const char *what)
{
    const uint32_t flags = log_sm ? LOG : 0;
    const int levels = sim_backward(b->y, b->dy, n, log_sm, scale, cfg, b->dx);
    smax_reference_backward_f64(b->y, n, b->dy, n, 1, n, b->ref, n, flags,
                                scale);
    smax_reference_backward_mag(b->y, n, b->dy, n, 1, n, b->mag, n, flags,
                                scale);
    for (int fmt = SMAX_FMT_F32; fmt <= SMAX_FMT_BF16; ++fmt) {
        smax_fmt_encode(fmt, b->dx, (size_t)n, b->raw);
        smax_check_result res;
        const int ok = smax_check_backward(b->ref, n, b->mag, n, b->raw, n, fmt,
                                           1, n, levels, &res);
        CHECK(ok, "%s -> %s, n=%lld log=%d scale=%g levels=%d rejected: %s",
              what, fmt_name(fmt), (long long)n, log_sm, scale, levels,
              res.message);
        const double ratio = res.worst_rel / res.trh;
        if (ratio > worst_ratio[fmt][log_sm])
            worst_ratio[fmt][log_sm] = ratio;
    }
}

static void test_simulation_passes(void)
{
    const int64_t sizes[] = {1, 2, 3, 5, 64, 100, 1000, 1024, 1025,
                             4099, 65539, 1 << 20};
    const double sdys[] = {1.0, 30.0};
    const double sxs[] = {1.0, 10.0};
    const float scales[] = {1.0f, 0.5f, 1.7f};
    printf("worst error / threshold of the simulated device:\n"
           "%9s %4s | %6s %6s %6s\n", "n", "mode", "f32", "f16", "bf16");
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; ++si) {
        const int64_t n = sizes[si];
        row_buffers b = buffers_alloc(n);
        memset(worst_ratio, 0, sizeof worst_ratio);
        for (int log_sm = 0; log_sm < 2; ++log_sm)
            for (int ifmt = SMAX_FMT_F32; ifmt <= SMAX_FMT_BF16; ++ifmt)
                for (size_t di = 0; di < 2; ++di)
                    for (size_t xi = 0; xi < 2; ++xi) {
                        const float scale = scales[(di + xi + ifmt) % 3];
                        sim_cfg cfg =
                            config_for(n, ifmt == SMAX_FMT_F32 ? 4 : 8);
                        make_row(n, sxs[xi], sdys[di], log_sm, ifmt, b.x, b.y,
                                 b.dy);
                        char what[64];
                        snprintf(what, sizeof what, "%s in, x~N(%g), dy~N(%g)",
                                 fmt_name(ifmt), sxs[xi], sdys[di]);
                        judge_row(&b, n, log_sm, scale, &cfg, what);
                    }
        for (int log_sm = 0; log_sm < 2; ++log_sm)
            printf("%9lld %4s | %6.3f %6.3f %6.3f\n", (long long)n,
                   log_sm ? "log" : "soft", worst_ratio[0][log_sm],
                   worst_ratio[1][log_sm], worst_ratio[2][log_sm]);
        buffers_free(&b);
    }
}

/* Cancellation: a row of equal y and dy has dx = 0 exactly, which the f32
 * device misses by a few ulps of S; the rule must accept that (a relative
 * rule could not). Also a dominant element (y near one-hot). */
static void test_cancellation_passes(void)
{
    enum { N = 3000 };
    row_buffers b = buffers_alloc(N);
    for (int i = 0; i < N; ++i) {
        b.y[i] = 1.0f / 3000.0f;
        b.dy[i] = 0.1f;
    }
    sim_cfg cfg = config_for(N, 4);
    judge_row(&b, N, 0, 1.0f, &cfg, "equal y and dy");
    int nonzero = 0;
    for (int i = 0; i < N; ++i)
        nonzero += b.dx[i] != 0.0f;
    CHECK(nonzero > 0 && fabs(b.ref[0]) < 1e-12,
          "equal rows: the simulation should miss the exact 0 (%d nonzero, "
          "ref %g) for this case to mean anything",
          nonzero, b.ref[0]);
    for (int i = 0; i < N; ++i) {
        b.x[i] = i == 7 ? 40.0f : (float)normal(1.0);
        b.dy[i] = (float)normal(1.0);
    }
    smax_reference(b.x, 1, N, N, b.y, N, 0, 1.0f);
    judge_row(&b, N, 0, 1.0f, &cfg, "dominant element");
    smax_reference(b.x, 1, N, N, b.y, N, LOG, 1.0f);
    judge_row(&b, N, 1, 1.0f, &cfg, "dominant element");
    buffers_free(&b);
}

/* ---- the rule: wrong results fail ------------------------------------------- */

/* Fills b for a realistic row of n and runs the honest simulation. Returns
 * the merge levels. */
static int honest_row(row_buffers *b, int64_t n, int log_sm, float scale)
{
    make_row(n, 1.0, 1.0, log_sm, SMAX_FMT_F32, b->x, b->y, b->dy);
    sim_cfg cfg = config_for(n, 4);
    const uint32_t flags = log_sm ? LOG : 0;
    smax_reference_backward_f64(b->y, n, b->dy, n, 1, n, b->ref, n, flags,
                                scale);
    smax_reference_backward_mag(b->y, n, b->dy, n, 1, n, b->mag, n, flags,
                                scale);
    return sim_backward(b->y, b->dy, n, log_sm, scale, &cfg, b->dx);
}

/* The element of largest mag: where an error is most meaningful. */
static int64_t largest_mag(const double *mag, int64_t n)
{
    int64_t k = 0;
    for (int64_t i = 1; i < n; ++i)
        if (mag[i] > mag[k])
            k = i;
    return k;
}

static void test_wrong_results_fail(void)
{
    const int64_t sizes[] = {100, 5000, 1 << 20};
    for (size_t si = 0; si < 3; ++si) {
        const int64_t n = sizes[si];
        row_buffers b = buffers_alloc(n);
        for (int log_sm = 0; log_sm < 2; ++log_sm) {
            const int levels = honest_row(&b, n, log_sm, 2.0f);
            smax_check_result res;
            CHECK(smax_check_backward(b.ref, n, b.mag, n, b.dx, n,
                                      SMAX_FMT_F32, 1, n, levels, &res),
                  "n=%lld log=%d honest rejected: %s", (long long)n, log_sm,
                  res.message);
            const double trh = res.trh;

            /* One element off by 3 trh mag, either way. */
            const int64_t k = largest_mag(b.mag, n);
            for (int sign = -1; sign <= 1; sign += 2) {
                const float keep = b.dx[k];
                b.dx[k] = (float)(b.ref[k] + sign * 3.0 * trh * b.mag[k]);
                const int ok = smax_check_backward(b.ref, n, b.mag, n, b.dx, n,
                                                   SMAX_FMT_F32, 1, n, levels,
                                                   &res);
                CHECK(!ok && res.bad == 1 && res.first_col == k &&
                          res.worst_rel / res.trh > 2.5,
                      "n=%lld log=%d: 3 trh mag at %lld: ok %d, %lld bad at "
                      "%lld, ratio %g",
                      (long long)n, log_sm, (long long)k, ok, (long long)res.bad,
                      (long long)res.first_col, res.worst_rel / res.trh);
                b.dx[k] = keep;
            }
            /* 0.5 trh mag on every element still passes (no hair trigger). */
            float *half_off = malloc(sizeof(float) * (size_t)n);
            for (int64_t i = 0; i < n; ++i)
                half_off[i] = (float)(b.ref[i] + 0.5 * trh * b.mag[i]);
            CHECK(smax_check_backward(b.ref, n, b.mag, n, half_off, n,
                                      SMAX_FMT_F32, 1, n, levels, &res),
                  "n=%lld log=%d: 0.5 trh mag everywhere rejected: %s",
                  (long long)n, log_sm, res.message);

            /* An all-zero dx. */
            memset(half_off, 0, sizeof(float) * (size_t)n);
            int ok = smax_check_backward(b.ref, n, b.mag, n, half_off, n,
                                         SMAX_FMT_F32, 1, n, levels, &res);
            CHECK(!ok && res.bad > n / 2, "n=%lld log=%d: all-zero dx: %lld "
                                          "failures",
                  (long long)n, log_sm, (long long)res.bad);
            free(half_off);

            /* The scale dropped (2 -> 1). */
            sim_cfg cfg = config_for(n, 4);
            cfg.skip_scale = 1;
            sim_backward(b.y, b.dy, n, log_sm, 2.0f, &cfg, b.dx);
            ok = smax_check_backward(b.ref, n, b.mag, n, b.dx, n,
                                     SMAX_FMT_F32, 1, n, levels, &res);
            CHECK(!ok && res.bad > n / 2,
                  "n=%lld log=%d: dropped scale: %lld failures", (long long)n,
                  log_sm, (long long)res.bad);

            /* A chunk's partial lost in the merge (multiblock rows). */
            if (n > 16384) {
                cfg = config_for(n, 4);
                cfg.drop_chunk = 1;
                sim_backward(b.y, b.dy, n, log_sm, 2.0f, &cfg, b.dx);
                ok = smax_check_backward(b.ref, n, b.mag, n, b.dx, n,
                                         SMAX_FMT_F32, 1, n, levels, &res);
                CHECK(!ok, "n=%lld log=%d: dropped partial accepted (worst "
                           "ratio %g)",
                      (long long)n, log_sm, res.worst_rel / res.trh);
            }
        }
        buffers_free(&b);
    }
}

/* An uncompensated serial f32 sum of a long row is not an honest blocked
 * summation: its error grows like sqrt(n) and the rule must see it. */
static void test_serial_sum_fails(void)
{
    const int64_t n = 1 << 20;
    row_buffers b = buffers_alloc(n);
    for (int64_t i = 0; i < n; ++i) {
        b.y[i] = (float)(unit_rng_uniform() * 2.0 / (double)n);
        b.dy[i] = (float)(0.5 + unit_rng_uniform());
    }
    float s = 0.0f;
    for (int64_t i = 0; i < n; ++i)
        s += b.y[i] * b.dy[i];
    for (int64_t i = 0; i < n; ++i)
        b.dx[i] = b.y[i] * (b.dy[i] - s);
    smax_reference_backward_f64(b.y, n, b.dy, n, 1, n, b.ref, n, 0, 1.0f);
    smax_reference_backward_mag(b.y, n, b.dy, n, 1, n, b.mag, n, 0, 1.0f);
    smax_check_result res;
    const int ok = smax_check_backward(b.ref, n, b.mag, n, b.dx, n,
                                       SMAX_FMT_F32, 1, n, 0, &res);
    CHECK(!ok, "serial f32 sum of 2^20 terms accepted (worst ratio %g)",
          res.worst_rel / res.trh);
    printf("serial uncompensated f32 sum, n = 2^20: worst ratio %.2f\n",
           res.worst_rel / res.trh);
    buffers_free(&b);
}

/* 16-bit outputs: the honest f32 result rounded once passes (judge_row);
 * both 16-bit neighbours of the reference pass; 2 ulps further from zero
 * than the rounded result fails. */
static void test_half_outputs(void)
{
    enum { N = 2000 };
    row_buffers b = buffers_alloc(N);
    uint16_t *h = b.raw;
    for (int fmt = SMAX_FMT_F16; fmt <= SMAX_FMT_BF16; ++fmt)
        for (int log_sm = 0; log_sm < 2; ++log_sm) {
            const int levels = honest_row(&b, N, log_sm, 1.0f);
            const double trh = smax_tolerance_backward_trh(N, levels);
            smax_fmt_encode(fmt, b.dx, N, h);
            smax_check_result res;
            CHECK(smax_check_backward(b.ref, N, b.mag, N, h, N, fmt, 1, N,
                                      levels, &res),
                  "%s log=%d honest rejected: %s", fmt_name(fmt), log_sm,
                  res.message);
            /* The element where a 16-bit ulp weighs most against trh mag. */
            int64_t k = 0;
            for (int64_t i = 1; i < N; ++i)
                if (fabs(b.ref[i]) / b.mag[i] > fabs(b.ref[k]) / b.mag[k])
                    k = i;
            const uint16_t keep = h[k];
            const double up = smax_fmt_ulp(fmt, b.ref[k]);
            CHECK(0.5 * up > trh * b.mag[k],
                  "%s log=%d: test setup, a 16-bit ulp (%g) should dwarf "
                  "trh mag (%g)",
                  fmt_name(fmt), log_sm, up, trh * b.mag[k]);
            /* Both neighbours of ref (round down and up in magnitude). */
            const double r = b.ref[k];
            const uint16_t near = smax_half_encode(fmt, r);
            const double nv = smax_half_decode(fmt, near);
            const uint16_t other = fabs(nv) > fabs(r) ? (uint16_t)(near - 1)
                                                      : (uint16_t)(near + 1);
            h[k] = near;
            int ok1 = smax_check_backward(b.ref, N, b.mag, N, h, N, fmt, 1, N,
                                          levels, &res);
            h[k] = other;
            int ok2 = smax_check_backward(b.ref, N, b.mag, N, h, N, fmt, 1, N,
                                          levels, &res);
            CHECK(ok1 && ok2, "%s log=%d: a neighbour of ref %.9g rejected "
                              "(%d %d): %s",
                  fmt_name(fmt), log_sm, r, ok1, ok2, res.message);
            /* Two encodings further from zero: at least 1.5 ulps off. */
            h[k] = (uint16_t)(near + 2);
            const int ok = smax_check_backward(b.ref, N, b.mag, N, h, N, fmt,
                                               1, N, levels, &res);
            CHECK(!ok && res.first_col == k,
                  "%s log=%d: 2 ulp off at %lld accepted (first fail %lld)",
                  fmt_name(fmt), log_sm, (long long)k,
                  (long long)res.first_col);
            h[k] = keep;
        }
    buffers_free(&b);
}

/* ---- the rule's formula and its special values ------------------------------ */

static void test_trh_formula(void)
{
    const double e = FLT_EPSILON;
    CHECK(smax_tolerance_backward_trh(1, 0) == 12 * e, "trh(1)");
    CHECK(smax_tolerance_backward_trh(1024, 0) == 12 * e, "trh(1024)");
    CHECK(smax_tolerance_backward_trh(1025, 0) == 13 * e, "trh(1025)");
    CHECK(smax_tolerance_backward_trh(1 << 20, 2) == 26 * e, "trh(2^20, 2)");
    CHECK(smax_tolerance_backward_trh(1 << 20, 3) >
              smax_tolerance_backward_trh(1 << 20, 2),
          "trh must grow with merge levels");
    CHECK(smax_tolerance_backward_trh(INT64_MAX, 4) < 1e-5,
          "trh(2^63, 4) = %g: never a blanket pass",
          smax_tolerance_backward_trh(INT64_MAX, 4));
}

static void test_special_values(void)
{
    const double ref[4] = {NAN, INFINITY, 70000.0, 60000.0};
    const double mag[4] = {NAN, INFINITY, 1.0, 1.0};
    smax_check_result res;
    /* NaN both ways. */
    float g[4] = {NAN, INFINITY, 70000.0f, 60000.0f};
    CHECK(smax_check_backward(ref, 4, mag, 4, g, 4, SMAX_FMT_F32, 1, 4, 0,
                              &res),
          "exact specials rejected: %s", res.message);
    g[0] = 0.0f;
    CHECK(!smax_check_backward(ref, 4, mag, 4, g, 4, SMAX_FMT_F32, 1, 4, 0,
                               &res) && res.first_col == 0,
          "missing NaN accepted");
    g[0] = NAN;
    g[3] = NAN;
    CHECK(!smax_check_backward(ref, 4, mag, 4, g, 4, SMAX_FMT_F32, 1, 4, 0,
                               &res) && res.first_col == 3,
          "unexpected NaN accepted");
    /* An infinite reference is exact. */
    g[3] = 60000.0f;
    g[1] = FLT_MAX;
    CHECK(!smax_check_backward(ref, 4, mag, 4, g, 4, SMAX_FMT_F32, 1, 4, 0,
                               &res) && res.first_col == 1,
          "finite result of an infinite reference accepted");
    /* f16: 70000 overflows, so inf is right there; 60000 does not. */
    uint16_t h[4] = {0x7E00, 0x7C00, 0x7C00,
                     smax_half_encode(SMAX_FMT_F16, 60000.0)};
    CHECK(smax_check_backward(ref, 4, mag, 4, h, 4, SMAX_FMT_F16, 1, 4, 0,
                              &res),
          "f16 overflow to inf rejected: %s", res.message);
    h[3] = 0x7C00;
    CHECK(!smax_check_backward(ref, 4, mag, 4, h, 4, SMAX_FMT_F16, 1, 4, 0,
                               &res) && res.first_col == 3,
          "f16 inf for 60000 accepted");
    h[3] = smax_half_encode(SMAX_FMT_F16, 60000.0);
    h[2] = 0xFC00; /* -inf for +70000 */
    CHECK(!smax_check_backward(ref, 4, mag, 4, h, 4, SMAX_FMT_F16, 1, 4, 0,
                               &res) && res.first_col == 2,
          "f16 -inf for +70000 accepted");
    /* f32: a finite reference beyond FLT_MAX overflows to inf too. */
    const double big_ref[1] = {1e39}, big_mag[1] = {1e39};
    const float big_inf[1] = {INFINITY};
    CHECK(smax_check_backward(big_ref, 1, big_mag, 1, big_inf, 1,
                              SMAX_FMT_F32, 1, 1, 0, &res),
          "f32 overflow of 1e39 rejected: %s", res.message);
    /* The underflow floor: a flushed subnormal passes, FLT_MIN * 4 not. */
    const double tiny_ref[2] = {1e-40, 4.0 * FLT_MIN};
    const double tiny_mag[2] = {2e-40, 4.0 * FLT_MIN};
    const float flushed[2] = {0.0f, 0.0f};
    CHECK(!smax_check_backward(tiny_ref, 2, tiny_mag, 2, flushed, 2,
                               SMAX_FMT_F32, 1, 2, 0, &res) &&
              res.bad == 1 && res.first_col == 1,
          "underflow floor: %lld failures, first %lld", (long long)res.bad,
          (long long)res.first_col);
}

int main(void)
{
    test_equal_rows_give_zero();
    test_one_hot_and_small_rows();
    test_against_long_double();
    test_special_and_strides();
    test_trh_formula();
    test_special_values();
    test_simulation_passes();
    test_cancellation_passes();
    test_wrong_results_fail();
    test_serial_sum_fails();
    test_half_outputs();
    return UNIT_SUMMARY();
}
