/*
 * conf_shapes.c - sizes (PRODUCT.md section 4, "shapes").
 *
 * The interesting sizes are where the launch geometry changes, and those
 * depend on the device, so they are asked of the library rather than
 * assumed: smax_plan is scanned over n for every algorithm and each change
 * of group size, rows per group, chunks per row, merge levels or outcome
 * gives a boundary to test at n-1, n, n+1; the plan's vector width times
 * the lanes per row gives the vector tail boundaries. All of it per
 * variant (dtype pair and direction): the vector width is 16 bytes of the
 * narrower type, and the backward fused limit is its own.

 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conf.h"

/* A small set of distinct sizes. */
typedef struct size_set {
    int64_t v[2048];
    int n;
} size_set;

static void add_size(size_set *set, int64_t n, int64_t max)
{
    if (n < 1 || n > max)
        return;
    for (int i = 0; i < set->n; ++i)
        if (set->v[i] == n)
            return;
    if (set->n < (int)(sizeof set->v / sizeof set->v[0]))
        set->v[set->n++] = n;
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* Runs a shape under every algorithm and auto, or under `only` alone
 * where only one algorithm has what the case is about (only_one). */
static void run_shape_as(conf_suite *s, const conf_variant *v, int64_t rows,
                         int64_t cols, conf_dist d, const char *why,
                         int only_one, smax_algorithm only)
{
    float *x = malloc(sizeof(float) * (size_t)(rows * cols));
    if (!x) {
        conf_skip("host memory", "[shapes] %s %s %lldx%lld", v->name, why,
                  (long long)rows, (long long)cols);
        return;
    }
    conf_fill(x, rows, cols, d, v->xt);
    conf_case c;
    memset(&c, 0, sizeof c);
    c.group = "shapes";
    c.v = v;
    snprintf(c.label, sizeof c.label, "%s, %s", why, conf_dist_name(d));
    c.rows = rows;
    c.cols = cols;
    c.scale = 1.0f;
    c.x = x;
    if (only_one) {
        c.algo = only;
        conf_run_case(s, &c, NULL);
    } else {
        conf_run_all_algos(s, &c);
    }
    free(x);
}

static void run_shape(conf_suite *s, const conf_variant *v, int64_t rows,
                      int64_t cols, conf_dist d, const char *why)
{
    run_shape_as(s, v, rows, cols, d, why, 0, SMAX_ALGO_AUTO);
}

static int in_set(const size_set *set, int64_t n)
{
    for (int i = 0; i < set->n; ++i)
        if (set->v[i] == n)
            return 1;
    return 0;
}

/* n = 1, 2, 3, 2^k and 2^k +- 1 up to 1025; *ran gets the sizes run. */
static void n_sweep(conf_suite *s, const conf_variant *v, size_set *ran)
{
    ran->n = 0;
    for (int64_t n = 1; n <= 3; ++n)
        add_size(ran, n, 1025);
    for (int64_t p = 4; p <= 1024; p *= 2)
        for (int k = 0; k < 3; ++k)
            add_size(ran, p - 1 + k, 1025);
    for (int i = 0; i < ran->n; ++i)
        run_shape(s, v, 3, ran->v[i], CONF_NORMAL_1, "n sweep");
}

typedef struct plan_key {
    smax_status st;
    smax_algorithm algo;
    uint32_t group, rows_per_group, levels;
    int64_t chunks;
} plan_key;

static plan_key key_of(conf_suite *s, const conf_variant *v, int64_t rows,
                       int64_t cols, smax_algorithm a, uint32_t *lanes,
                       uint32_t *width)
{
    smax_plan_info pi;
    plan_key k;
    memset(&k, 0, sizeof k);
    k.st = conf_plan(s, v, rows, cols, a, &pi);
    if (k.st == SMAX_SUCCESS) {
        k.algo = pi.algorithm;
        k.group = pi.group_size;
        k.rows_per_group = pi.rows_per_group;
        k.levels = pi.merge_levels;
        k.chunks = pi.chunks_per_row;
        if (pi.rows_per_group)
            *lanes = pi.group_size / pi.rows_per_group;
        *width = pi.vector_width ? pi.vector_width : 1;
    }
    return k;
}

/* Boundaries of every algorithm's plan for `rows`-row problems. */
static void plan_boundaries(conf_suite *s, const conf_variant *v,
                            int64_t rows, int64_t scan_max, size_set *set)
{
    for (int a = 0; a < CONF_ALGO_COUNT; ++a) {
        uint32_t lanes = 0, width = 4, seen_lanes[32];
        int n_lanes = 0;
        plan_key prev = key_of(s, v, rows, 1, conf_algos[a], &lanes, &width);
        for (int64_t n = 2; n <= scan_max; ++n) {
            plan_key k = key_of(s, v, rows, n, conf_algos[a], &lanes, &width);
            if (memcmp(&k, &prev, sizeof k) != 0) {
                add_size(set, n - 1, scan_max);
                add_size(set, n, scan_max);
                add_size(set, n + 1, scan_max);
            }
            int known = 0;
            for (int i = 0; i < n_lanes; ++i)
                known |= seen_lanes[i] == lanes;
            if (!known && lanes && n_lanes < 32) {
                seen_lanes[n_lanes++] = lanes;
                /* One vector sweep of all lanes, and its tails. */
                const int64_t w = (int64_t)width * (int64_t)lanes;
                add_size(set, w - 1, scan_max);
                add_size(set, w, scan_max);
                add_size(set, w + 1, scan_max);
                add_size(set, w + (int64_t)width - 1, scan_max);
                add_size(set, 2 * w + (int64_t)width / 2, scan_max);
            }
            prev = k;
        }
    }
}

static void tile_boundaries(conf_suite *s, const conf_variant *v,
                            const size_set *swept)
{
    /* Scan far enough to see every change of lanes and rows per group and
     * a few multiblock chunk boundaries; past that, chunk boundaries only
     * repeat every chunk length (the --large tier scans up to the fused
     * limit). The fused limit itself is always tested. */
    const int64_t fused_max = s->fused_limit[conf_variant_index(v)];
    int64_t scan_max = 3 * 16384 + 8;
    if (s->large && fused_max + 2 > scan_max && fused_max + 2 <= (1 << 22))
        scan_max = fused_max + 2;
    size_set set = {{0}, 0};
    plan_boundaries(s, v, 3, scan_max, &set);
    const int64_t limit = (int64_t)1 << 22;
    add_size(&set, fused_max - 1, limit);
    add_size(&set, fused_max, limit);
    add_size(&set, fused_max + 1, limit);
    qsort(set.v, (size_t)set.n, sizeof set.v[0], cmp_i64);
    printf("  %s: plan boundaries (3 rows, scanned up to %lld cols):",
           v->name, (long long)scan_max);
    for (int i = 0; i < set.n; ++i)
        printf(" %lld", (long long)set.v[i]);
    printf("\n");
    for (int i = 0; i < set.n; ++i)
        if (!in_set(swept, set.v[i]))
            run_shape(s, v, 3, set.v[i], CONF_NORMAL_1, "plan boundary");
}

static void row_counts(conf_suite *s, const conf_variant *v)
{
    const int64_t few[] = {1, 2, 3};
    for (int i = 0; i < 3; ++i) {
        run_shape(s, v, few[i], 5, CONF_NORMAL_1, "rows");
        run_shape(s, v, few[i], 100, CONF_NORMAL_30, "rows");
    }
    /* Row packing: around the rows one group serves. */
    smax_plan_info pi;
    if (conf_plan(s, v, 1, 4, SMAX_ALGO_AUTO, &pi) == SMAX_SUCCESS &&
        pi.rows_per_group > 1) {
        int64_t r = pi.rows_per_group;
        run_shape(s, v, r - 1, 4, CONF_NORMAL_1, "rows per group - 1");
        run_shape(s, v, r, 4, CONF_NORMAL_1, "rows per group");
        run_shape(s, v, r + 1, 4, CONF_NORMAL_1, "rows per group + 1");
        run_shape(s, v, 2 * r + 1, 7, CONF_NORMAL_1, "2 groups + 1 row");
    }
    const int64_t many[] = {65535, 65536, 65537};
    const int64_t cols[] = {1, 3, 8};
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            run_shape(s, v, many[i], cols[j], CONF_NORMAL_1, "many rows");
}

/* Multi-block chunk counts 1, 2, 3 and non powers of two, and a merge
 * tree of two levels where that fits the default tier. */
static void chunk_counts(conf_suite *s, const conf_variant *v)
{
    const struct {
        int64_t rows, chunks;
    } want[] = {{1, 1}, {1, 2}, {1, 3}, {1, 5}, {1, 6}, {1, 7}, {2, 2}, {2, 3}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; ++i) {
        char why[96];
        int64_t cols = conf_cols_for_chunks(s, v, want[i].rows,
                                            want[i].chunks, 1 << 20);
        snprintf(why, sizeof why, "multiblock %lld chunks per row",
                 (long long)want[i].chunks);
        if (cols < 0) {
            char reason[160];
            snprintf(reason, sizeof reason,
                     "no size up to 2^20 gives a %lld-row multiblock plan of "
                     "exactly %lld chunks on this device",
                     (long long)want[i].rows, (long long)want[i].chunks);
            conf_skip(reason, "[shapes] %s %s", v->name, why);
            continue;
        }
        /* The first size with this many chunks (a 1..4-element last
         * chunk), and the last one (a full last chunk). */
        run_shape(s, v, want[i].rows, cols, CONF_NORMAL_1, why);
        int64_t next = conf_cols_for_chunks(s, v, want[i].rows,
                                            want[i].chunks + 1, 1 << 20);
        if (next > cols + 1)
            run_shape(s, v, want[i].rows, next - 1, CONF_NORMAL_30, why);
    }

    const int64_t cols2 = conf_cols_for_levels(s, v, 2, (int64_t)1 << 26);
    if (cols2 < 0) {
        conf_skip("no 1-row size up to 2^26 gives a 2-level merge tree",
                  "[shapes] %s merge levels >= 2", v->name);
    } else if (cols2 <= CONF_TWO_LEVELS_DEFAULT_MAX) {
        /* Only multiblock has merge levels; a row of 2^24 elements
         * costs seconds per algorithm on the host. */
        run_shape_as(s, v, 1, cols2, CONF_NORMAL_1, "2 merge levels", 1,
                     SMAX_ALGO_MULTIBLOCK);
    } else if (!s->large) {
        conf_skip("2 merge levels need a longer row: --large",
                  "[shapes] %s merge levels >= 2 (%lld cols)", v->name,
                  (long long)cols2);
    }
}

void conf_shapes(conf_suite *s)
{
    for (int i = 0; i < CONF_VARIANT_COUNT; ++i) {
        const conf_variant *v = &conf_variants[i];
        if (!conf_selected(s, v))
            continue;
        size_set swept;
        n_sweep(s, v, &swept);
        tile_boundaries(s, v, &swept);
        row_counts(s, v);
        chunk_counts(s, v);
    }
}
