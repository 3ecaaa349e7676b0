/*
 * test_plan_rules.c - host unit tests of the planner's device-dependent
 * rules (common/plan.c, compiled into this test with the problem checks),
 * on a device described by hand: the H100's queried limits (132 compute
 * units, groups of 1024, 227 KB of on-chip memory a group, 50 MB of L2)
 * with each trait the rules read turned on and off. No backend runs: the
 * backend calls the planner makes (whether a cluster fits, a kernel's
 * largest group) are answered by plan_host.h. These rules were tuned on the H100 (bench/results/h100-2026-11-24);
 * the GPU machine measures them, this test keeps them what
 * docs/algorithms.md says they are on every build.
 */
#include <string.h>

#include "backend.h"
#include "plan.h"
#include "smax_geometry.h"
#include "plan_host.h"
#include "unit_check.h"

/* Rows read as `in` and written as `out` (forward x and y, the gradient's
 * y and dy, and dx), x's rows `pad` elements apart past their length. */
static smax_exec_plan plan_padded(struct smax_context_s *c, smax_direction dir,
                                  smax_dtype in, smax_dtype out, int64_t rows,
                                  int64_t cols, int64_t pad)
{
    smax_problem p;
    smax_problem_init(&p, sizeof p, rows, cols);
    p.x_dtype = dir == SMAX_FORWARD ? in : out;
    p.y_dtype = dir == SMAX_FORWARD ? out : in;
    p.x_row_stride = cols + pad;
    smax_exec_plan plan;
    const smax_status st = smax_make_plan(c, &p, dir, &plan);
    CHECK(st == SMAX_SUCCESS, "%lld x %lld: status %d (%s)", (long long)rows,
          (long long)cols, (int)st, c->last_error);
    return plan;
}

/* Packed rows of either direction (plan_padded). */
static smax_exec_plan plan_widths(struct smax_context_s *c, smax_direction dir,
                                  smax_dtype in, smax_dtype out, int64_t rows,
                                  int64_t cols)
{
    return plan_padded(c, dir, in, out, rows, cols, 0);
}

static smax_exec_plan plan_of(struct smax_context_s *c, smax_direction dir,
                              smax_dtype t, int64_t rows, int64_t cols)
{
    return plan_widths(c, dir, t, t, rows, cols);
}

static int one_launch(const smax_exec_plan *p)
{
    return p->algorithm == SMAX_ALGO_MULTIBLOCK && p->cooperative &&
           !p->reread && p->merge_levels == 1;
}

/* ---- the rules ---------------------------------------------------------- */

/* Forward rows that fit on-chip stay fused at any length where the device
 * keeps them by asynchronous copies; loaded through registers, rows past
 * 32 elements per item of the largest group are spread. On a device
 * without clusters (HIP on NVIDIA keeps by cp.async and has none). */
static void test_fused_length(void)
{
    struct smax_context_s c = h100();
    c.traits.max_cluster = 0;
    c.traits.bulk_keep = 0;
    const int64_t shapes[][2] = {{8192, 50257}, {1024, 40000}};
    for (int i = 0; i < 2; ++i) {
        c.traits.async_keep = 1;
        smax_exec_plan p = plan_of(&c, SMAX_FORWARD, SMAX_DTYPE_F32,
                                   shapes[i][0], shapes[i][1]);
        CHECK(p.algorithm == SMAX_ALGO_FUSED, "kept by cp.async, %lld cols: "
              "algorithm %d (%s)", (long long)shapes[i][1], (int)p.algorithm,
              p.reason);
        c.traits.async_keep = 0;
        p = plan_of(&c, SMAX_FORWARD, SMAX_DTYPE_F32, shapes[i][0],
                    shapes[i][1]);
        CHECK(one_launch(&p), "through registers, %lld cols: not spread "
              "(%s)", (long long)shapes[i][1], p.reason);
    }
    /* bf16 rows are kept as bits: 65536 of them fit. */
    c.traits.async_keep = 1;
    smax_exec_plan p = plan_of(&c, SMAX_FORWARD, SMAX_DTYPE_BF16, 4096, 65536);
    CHECK(p.algorithm == SMAX_ALGO_FUSED, "bf16 4096 x 65536: %s", p.reason);
    /* Rows of 32768 and fewer were fused either way. */
    c.traits.async_keep = 0;
    p = plan_of(&c, SMAX_FORWARD, SMAX_DTYPE_F32, 8192, 32768);
    CHECK(p.algorithm == SMAX_ALGO_FUSED, "f32 8192 x 32768: %s", p.reason);
}

static int is_cluster(const smax_exec_plan *p)
{
    return one_launch(p) && p->cluster == p->chunks && p->cluster > 0;
}

/* Rows that fit on-chip (the gradient's y and dy) are clusters where they
 * leave fewer than three groups a compute unit, or, forward, where the rows
 * are fewer than a quarter of the units and too long for registers; fused
 * otherwise. */
static void test_cluster_rows(void)
{
    struct smax_context_s c = h100();
    const struct {
        smax_direction dir;
        smax_dtype t;
        int64_t rows, cols;
        int cluster;
    } cases[] = {
        {SMAX_FORWARD, SMAX_DTYPE_F32, 8192, 50257, 1},  /* 1 a unit     */
        {SMAX_FORWARD, SMAX_DTYPE_F32, 1024, 32000, 1},  /* 1 a unit     */
        {SMAX_FORWARD, SMAX_DTYPE_BF16, 4096, 65536, 1}, /* 1 a unit     */
        {SMAX_FORWARD, SMAX_DTYPE_BF16, 8192, 50257, 1}, /* 2 a unit     */
        {SMAX_FORWARD, SMAX_DTYPE_F32, 2048, 28000, 1},  /* 2 a unit     */
        {SMAX_FORWARD, SMAX_DTYPE_BF16, 16384, 32768, 0}, /* 3 a unit    */
        {SMAX_FORWARD, SMAX_DTYPE_BF16, 256, 32000, 0},  /* 3 a unit     */
        {SMAX_FORWARD, SMAX_DTYPE_BF16, 32, 32000, 1},   /* 32 rows      */
        {SMAX_FORWARD, SMAX_DTYPE_BF16, 24, 1024, 0},    /* registers    */
        {SMAX_FORWARD, SMAX_DTYPE_BF16, 24, 4096, 1},    /* past them    */
        {SMAX_BACKWARD, SMAX_DTYPE_BF16, 1024, 32000, 1}, /* 1 a unit    */
        {SMAX_BACKWARD, SMAX_DTYPE_F32, 1024, 20000, 1},  /* 1 a unit    */
        {SMAX_BACKWARD, SMAX_DTYPE_F32, 4096, 14000, 1},  /* 2 a unit    */
        {SMAX_BACKWARD, SMAX_DTYPE_F32, 16384, 8193, 0},  /* 3 a unit    */
        {SMAX_BACKWARD, SMAX_DTYPE_BF16, 8192, 16384, 0}, /* 3 a unit    */
        {SMAX_BACKWARD, SMAX_DTYPE_BF16, 32, 16384, 0},   /* 3 a unit    */
        {SMAX_BACKWARD, SMAX_DTYPE_F32, 32, 16384, 1},    /* 1 a unit    */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        smax_exec_plan p = plan_of(&c, cases[i].dir, cases[i].t,
                                   cases[i].rows, cases[i].cols);
        CHECK(is_cluster(&p) == cases[i].cluster &&
                  (cases[i].cluster || p.algorithm == SMAX_ALGO_FUSED),
              "case %zu, %lld x %lld: want %s (%s)", i,
              (long long)cases[i].rows, (long long)cases[i].cols,
              cases[i].cluster ? "a cluster" : "fused", p.reason);
    }
    /* Where no cluster fits, the row stays fused. */
    clusters_fit = 0;
    smax_exec_plan p = plan_of(&c, SMAX_FORWARD, SMAX_DTYPE_F32, 1024, 32000);
    CHECK(p.algorithm == SMAX_ALGO_FUSED, "no cluster fits: %s", p.reason);
    clusters_fit = 1;
}

/* Without clusters, forward rows fewer than a quarter of the compute units
 * (33 of 132) that take more than a third of a unit's on-chip memory are
 * spread over groups that exchange partials; shorter rows, more rows, and
 * the gradient stay fused; with clusters they are clusters as before
 * (plan.c, few_wide_rows). */
static void test_few_wide_rows(void)
{
    const struct {
        smax_direction dir;
        smax_dtype t;
        int64_t rows, cols;
        int spread;
    } cases[] = {
        {SMAX_FORWARD, SMAX_DTYPE_F32, 17, 32000, 1},  /* 125 KB a row */
        {SMAX_FORWARD, SMAX_DTYPE_F32, 32, 32000, 1},
        {SMAX_FORWARD, SMAX_DTYPE_F32, 33, 32000, 0},  /* a quarter    */
        {SMAX_FORWARD, SMAX_DTYPE_BF16, 32, 65536, 1}, /* 128 KB       */
        {SMAX_FORWARD, SMAX_DTYPE_BF16, 32, 32000, 0}, /* 62.5 KB      */
        {SMAX_FORWARD, SMAX_DTYPE_F32, 32, 16000, 0},
        {SMAX_FORWARD, SMAX_DTYPE_F32, 32, 19456, 0},  /* a third: 76 KB */
        {SMAX_FORWARD, SMAX_DTYPE_F32, 32, 19457, 1},
        {SMAX_BACKWARD, SMAX_DTYPE_BF16, 32, 32000, 0},
    };
    for (int clusters = 0; clusters < 2; ++clusters) {
        struct smax_context_s c = h100();
        if (!clusters)
            c.traits.max_cluster = 0, c.traits.bulk_keep = 0;
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
            const smax_exec_plan p = plan_of(&c, cases[i].dir, cases[i].t,
                                             cases[i].rows, cases[i].cols);
            const int want_spread = !clusters && cases[i].spread;
            CHECK(want_spread ? one_launch(&p) && !p.cluster
                              : p.algorithm == SMAX_ALGO_FUSED || p.cluster,
                  "case %zu, %lld x %lld, clusters %d: want %s (%s)", i,
                  (long long)cases[i].rows, (long long)cases[i].cols,
                  clusters, want_spread ? "the exchange" : "fused or a cluster",
                  p.reason);
        }
    }
}

/* A row of one chunk is never a cluster: a cluster of one group has no
 * distributed shared memory to push its partial into. */
static void test_cluster_of_one(void)
{
    struct smax_context_s c = h100();
    smax_problem pr;
    smax_problem_init(&pr, sizeof pr, 1, 1000);
    pr.algorithm = SMAX_ALGO_MULTIBLOCK;
    smax_exec_plan p;
    CHECK(smax_make_plan(&c, &pr, SMAX_FORWARD, &p) == SMAX_SUCCESS &&
              p.chunks == 1 && p.cluster == 0,
          "1 x 1000 forced multiblock: chunks %d, cluster %d (%s)", p.chunks,
          p.cluster, p.reason);
}

/* A forward row past on-chip memory is a thread-block cluster where its
 * chunks leave at least 3 groups a compute unit, else the device-memory
 * exchange at its 1/6 share. */
static void test_cluster_cap(void)
{
    struct smax_context_s c = h100();
    smax_exec_plan p = plan_of(&c, SMAX_FORWARD, SMAX_DTYPE_F32, 1024, 262144);
    CHECK(one_launch(&p) && p.cluster == p.chunks && p.chunks <= 16,
          "f32 1024 x 262144: cluster %d, chunks %d (%s)", p.cluster,
          p.chunks, p.reason);
    CHECK(3 * (int64_t)p.chunk_len * 4 <= (int64_t)c.traits.max_local_dynamic,
          "f32 1024 x 262144: a cluster chunk of %d elements leaves fewer "
          "than 3 groups a unit", p.chunk_len);

    /* 16 chunks of 2^20 bf16 would be 128 KB each: one group a unit. */
    p = plan_of(&c, SMAX_FORWARD, SMAX_DTYPE_BF16, 256, 1048576);
    CHECK(one_launch(&p) && p.cluster == 0 && p.chunks > 16,
          "bf16 256 x 2^20: cluster %d, chunks %d (%s)", p.cluster, p.chunks,
          p.reason);
    CHECK(6 * (int64_t)p.chunk_len * 2 <= (int64_t)c.traits.max_local_dynamic,
          "bf16 256 x 2^20: chunks of %d elements past the 1/6 share",
          p.chunk_len);

    /* No clusters on the device, or none fits: the device-memory exchange. */
    c.traits.max_cluster = 0;
    c.traits.bulk_keep = 0;
    p = plan_of(&c, SMAX_FORWARD, SMAX_DTYPE_F32, 1024, 262144);
    CHECK(one_launch(&p) && p.cluster == 0, "no clusters: cluster %d (%s)",
          p.cluster, p.reason);
    c.traits.max_cluster = 16;
    clusters_fit = 0;
    p = plan_of(&c, SMAX_FORWARD, SMAX_DTYPE_F32, 1024, 262144);
    CHECK(one_launch(&p) && p.cluster == 0, "no cluster fits: cluster %d "
          "(%s)", p.cluster, p.reason);
    clusters_fit = 1;
}

/* SMAX_CLUSTERS caps a cluster's groups (smax_cluster_cap): a number caps
 * them, 0 or 1 turns them off, anything else leaves the device's; under a
 * cap of 8 no plan takes a larger cluster, where with 16 some do. */
static void test_cluster_env_cap(void)
{
    const struct {
        int device_max;
        const char *env;
        int want;
    } cases[] = {{16, NULL, 16}, {16, "", 16},   {16, "8", 8},
                 {16, "0", 0},   {16, "1", 0},   {16, "32", 16},
                 {0, "8", 0},    {16, "x", 16},  {16, "8x", 16},
                 {16, "-3", 16}, {8, "12", 8},   {16, "2", 2}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        const int got = smax_cluster_cap(cases[i].device_max, cases[i].env);
        CHECK(got == cases[i].want, "cap %d with SMAX_CLUSTERS=%s: %d, want %d",
              cases[i].device_max, cases[i].env ? cases[i].env : "(unset)",
              got, cases[i].want);
    }
    const struct {
        smax_direction dir;
        int64_t rows, cols;
    } shapes[] = {{SMAX_FORWARD, 9, 16384},    {SMAX_FORWARD, 8, 262144},
                  {SMAX_FORWARD, 1024, 262144}, {SMAX_BACKWARD, 1024, 65536},
                  {SMAX_BACKWARD, 9, 16384}};
    struct smax_context_s c = h100();
    int past_eight = 0;
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; ++i) {
        c.traits.max_cluster = 16;
        const smax_exec_plan wide = plan_of(&c, shapes[i].dir, SMAX_DTYPE_F32,
                                            shapes[i].rows, shapes[i].cols);
        past_eight += wide.cluster > 8;
        c.traits.max_cluster = smax_cluster_cap(16, "8");
        const smax_exec_plan p = plan_of(&c, shapes[i].dir, SMAX_DTYPE_F32,
                                         shapes[i].rows, shapes[i].cols);
        CHECK(p.cluster <= 8, "%lld x %lld under a cap of 8: cluster %d (%s)",
              (long long)shapes[i].rows, (long long)shapes[i].cols, p.cluster,
              p.reason);
    }
    CHECK(past_eight > 0, "no shape took a cluster past 8 groups uncapped");
}

/* The gradient's one-launch rows are clusters too, while their chunks
 * leave three groups a compute unit, as the forward's: y and dy of f32
 * 1024 x 65536 take 32 KB a group in 16 chunks; of 1024 x 262144 they
 * would take 128 KB (one group a unit), so that row exchanges through
 * device memory, in 43 chunks of 32 KB on-chip and 16 KB in registers
 * (test_exchange_regs), and so does 256 x 2^20, past any cluster. */
static void test_cluster_backward(void)
{
    struct smax_context_s c = h100();
    smax_exec_plan p = plan_of(&c, SMAX_BACKWARD, SMAX_DTYPE_F32, 1024, 65536);
    CHECK(is_cluster(&p), "gradient: cluster %d, chunks %d (%s)", p.cluster,
          p.chunks, p.reason);
    p = plan_of(&c, SMAX_BACKWARD, SMAX_DTYPE_F32, 1024, 262144);
    CHECK(one_launch(&p) && p.cluster == 0 && p.chunks == 43,
          "gradient, one group a unit as a cluster: cluster %d, chunks %d "
          "(%s)", p.cluster, p.chunks, p.reason);
    p = plan_of(&c, SMAX_BACKWARD, SMAX_DTYPE_BF16, 512, 400000);
    CHECK(one_launch(&p) && p.cluster == 0,
          "bf16 gradient, two groups a unit as a cluster: cluster %d, chunks "
          "%d (%s)", p.cluster, p.chunks, p.reason);
    p = plan_of(&c, SMAX_BACKWARD, SMAX_DTYPE_BF16, 1024, 262144);
    CHECK(is_cluster(&p) && p.chunks == 16,
          "bf16 gradient, three groups a unit: cluster %d, chunks %d (%s)",
          p.cluster, p.chunks, p.reason);
    p = plan_of(&c, SMAX_BACKWARD, SMAX_DTYPE_F32, 256, 1048576);
    CHECK(one_launch(&p) && p.cluster == 0,
          "gradient past a cluster: cluster %d (%s)", p.cluster, p.reason);
}

/* A gradient row that is a cluster takes the chunks its on-chip share
 * asks for, as a forward row does: its kernel keeps a chunk by bulk copies
 * (kernels/smax_multiblock_cluster.h), so the rule that once grew the
 * count until every item fetched its y and dy in one register batch is
 * gone: f32 1024 x 32768 runs 7 chunks of 4704 elements (4.6 vector pairs
 * for each of 256 items), not 8 of 4096; rows longer than 16 chunks at
 * their share still take 16 (a cluster's most), and f32 rows written as
 * bf16 (kept through registers) take the same count as f32 ones. */
static void test_cluster_backward_share(void)
{
    struct smax_context_s c = h100();
    static const struct {
        smax_dtype t;
        int64_t rows, cols;
        int chunks;
    } cases[] = {
        {SMAX_DTYPE_F32, 1024, 32768, 7},   {SMAX_DTYPE_F32, 512, 65536, 14},
        {SMAX_DTYPE_F32, 640, 50257, 11},   {SMAX_DTYPE_F32, 256, 128256, 16},
        {SMAX_DTYPE_BF16, 512, 65536, 7},   {SMAX_DTYPE_BF16, 256, 128256, 14},
        {SMAX_DTYPE_BF16, 128, 262144, 16},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        const smax_exec_plan p = plan_of(&c, SMAX_BACKWARD, cases[i].t,
                                         cases[i].rows, cases[i].cols);
        CHECK(is_cluster(&p) && p.chunks == cases[i].chunks,
              "gradient %s %lld x %lld: cluster %d, chunks %d (want %d) (%s)",
              cases[i].t == SMAX_DTYPE_F32 ? "f32" : "bf16",
              (long long)cases[i].rows, (long long)cases[i].cols, p.cluster,
              p.chunks, cases[i].chunks, p.reason);
    }
    smax_problem q;
    smax_problem_init(&q, sizeof q, 1024, 32768);
    q.y_dtype = SMAX_DTYPE_F32; /* y and dy */
    q.x_dtype = SMAX_DTYPE_BF16; /* dx */
    smax_exec_plan p;
    CHECK(smax_make_plan(&c, &q, SMAX_BACKWARD, &p) == SMAX_SUCCESS &&
              is_cluster(&p) && p.chunks == 7,
          "gradient f32 -> bf16 1024 x 32768: cluster %d, chunks %d (%s)",
          p.cluster, p.chunks, p.reason);
}

/* The forward of x and y of their own dtypes (plan_padded). */
static smax_exec_plan plan_pair(struct smax_context_s *c, smax_dtype in,
                                smax_dtype out, int64_t rows, int64_t cols,
                                int64_t pad)
{
    return plan_padded(c, SMAX_FORWARD, in, out, rows, cols, pad);
}

/* Packed rows with a 16-bit side whose bytes are not a multiple of 16 are
 * flat tiles of as many whole rounds of the group's row slots as fit in
 * SMAX_TILE_LOAD_ELEMS an item, row slots of up to 128 items (the
 * gradient 64; 32 where an f32 side is read or written; the gradient's
 * f32 dx 16); rows on the grid, strided rows and f32 rows stay in
 * registers, and 16-bit rows past the register kernel's 2048 columns run
 * on-chip. */
static void test_tile_rows(void)
{
    struct smax_context_s c = h100();
    const smax_dtype B = SMAX_DTYPE_BF16, H = SMAX_DTYPE_F16,
                     F = SMAX_DTYPE_F32;
    const struct {
        smax_dtype in, out;
        int64_t cols, pad;
        int tile;
    } cases[] = {
        {B, B, 100, 0, 1},  {H, H, 1001, 0, 1}, {H, B, 333, 0, 1},
        {B, F, 100, 0, 1},  {F, B, 196, 0, 1},  {B, B, 1, 0, 1},
        {B, B, 128, 0, 0},  /* on the grid                      */
        {B, B, 100, 4, 0},  /* strided                          */
        {F, F, 101, 0, 0},  /* f32                              */
        {B, B, 1500, 0, 1}, /* 128 items                        */
        {B, B, 2047, 0, 1}, /* 128 items                        */
        {B, B, 2049, 0, 0}, /* past the register kernel: on-chip */
        {B, F, 500, 0, 1},  /* 32 items, an f32 side written    */
        {B, F, 333, 0, 1},
        {H, F, 384, 0, 0},  /* (384: on the grid)               */
        {H, F, 385, 0, 1},
        {H, F, 513, 0, 0},  /* 64 items                         */
        {F, B, 333, 0, 1},  /* 32 items, an f32 side read       */
        {F, H, 500, 0, 1},
        {F, B, 1001, 0, 0}, /* 64 items, an f32 side read       */
        /* On the grid where registers would fill under 15/16 of their
         * slots: */
        {B, B, 1536, 0, 1}, {H, B, 384, 0, 1}, {H, H, 1792, 0, 1},
        {B, B, 48, 0, 1},   {B, B, 1920, 0, 0}, {B, B, 2048, 0, 0},
        {B, B, 1536, 8, 0}, /* strided                          */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        const smax_exec_plan p = plan_pair(&c, cases[i].in, cases[i].out,
                                           300000, cases[i].cols,
                                           cases[i].pad);
        CHECK((p.tile_rows > 0) == cases[i].tile &&
                  p.algorithm == SMAX_ALGO_FUSED,
              "case %zu, %lld cols: tile_rows %d, want %s (%s)", i,
              (long long)cases[i].cols, p.tile_rows,
              cases[i].tile ? "a tile" : "none", p.reason);
        if (!p.tile_rows)
            continue;
        const int64_t tile = (int64_t)p.tile_rows * cases[i].cols;
        const int64_t slots = p.group_size / p.lanes;
        CHECK(p.tile_rows % slots == 0 &&
                  tile <= (int64_t)SMAX_TILE_LOAD_ELEMS * p.group_size &&
                  tile + slots * cases[i].cols >
                      (int64_t)SMAX_TILE_LOAD_ELEMS * p.group_size &&
                  (int64_t)p.lanes * SMAX_TILE_ITEM_ELEMS >= cases[i].cols &&
                  p.rows_per_group == p.tile_rows,
              "case %zu: %d rows of %lld a tile, %d lanes", i, p.tile_rows,
              (long long)cases[i].cols, p.lanes);
    }
    /* The gradient: y, dy and dx all back to back, row slots of up to 64
     * items (16 where dx is f32). */
    smax_exec_plan p = plan_of(&c, SMAX_BACKWARD, B, 300000, 100);
    CHECK(p.tile_rows > 0 && p.algorithm == SMAX_ALGO_FUSED,
          "gradient, 100 cols: tile_rows %d (%s)", p.tile_rows, p.reason);
    p = plan_of(&c, SMAX_BACKWARD, B, 100000, 333);
    CHECK(p.tile_rows > 0, "gradient, 333 cols: tile_rows %d", p.tile_rows);
    p = plan_of(&c, SMAX_BACKWARD, B, 30000, 1001);
    CHECK(p.tile_rows > 0, "gradient, 1001 cols (64 items): tile_rows %d",
          p.tile_rows);
    p = plan_of(&c, SMAX_BACKWARD, B, 30000, 1500);
    CHECK(p.tile_rows == 0, "gradient, 1500 cols (128 items): tile_rows %d",
          p.tile_rows);
    p = plan_of(&c, SMAX_BACKWARD, B, 30000, 1100);
    CHECK(p.tile_rows == 0 && !p.in_registers && p.cols_padded > 0,
          "gradient, 1100 cols (a third of the register slots idle): "
          "on-chip, tile_rows %d, in registers %d", p.tile_rows,
          p.in_registers);
    smax_problem pr;
    /* dx 16-bit from f32 y and dy: 32 items; dx f32: 16. */
    smax_problem_init(&pr, sizeof pr, 100000, 333);
    pr.x_dtype = B;
    pr.y_dtype = F;
    CHECK(smax_make_plan(&c, &pr, SMAX_BACKWARD, &p) == SMAX_SUCCESS &&
              p.tile_rows > 0,
          "gradient, f32 y, dy -> bf16 dx, 333 cols: tile_rows %d",
          p.tile_rows);
    pr.x_dtype = F;
    pr.y_dtype = B;
    CHECK(smax_make_plan(&c, &pr, SMAX_BACKWARD, &p) == SMAX_SUCCESS &&
              p.tile_rows == 0,
          "gradient, bf16 y, dy -> f32 dx, 333 cols: tile_rows %d",
          p.tile_rows);
    smax_problem_init(&pr, sizeof pr, 300000, 100);
    pr.x_dtype = pr.y_dtype = B;
    pr.dy_row_stride = 104;
    CHECK(smax_make_plan(&c, &pr, SMAX_BACKWARD, &p) == SMAX_SUCCESS &&
              p.tile_rows == 0,
          "gradient, strided dy: tile_rows %d", p.tile_rows);
}

/* The register kernel's lanes: 4 vectors a lane, 2 in the forward kernel
 * of 16-bit pairs, whose register rows end at 2048 columns; rows read as
 * 16-bit and written as f32 end at 1024; forward f32 rows of at most a
 * vector past 4 vectors of a power of two of lanes (from 4 lanes) run
 * on-chip with those lanes. */
static void test_register_lanes(void)
{
    struct smax_context_s c = h100();
    const smax_dtype F = SMAX_DTYPE_F32, B = SMAX_DTYPE_BF16,
                     H = SMAX_DTYPE_F16;
    const struct {
        smax_direction dir;
        smax_dtype in, out;
        int64_t cols;
        int in_registers, lanes;
    } cases[] = {
        {SMAX_FORWARD, B, B, 1024, 1, 64},   {SMAX_FORWARD, H, H, 2048, 1, 128},
        {SMAX_FORWARD, H, B, 512, 1, 32},    {SMAX_FORWARD, B, B, 2056, 0, 64},
        {SMAX_FORWARD, B, B, 4096, 0, 64},   {SMAX_FORWARD, B, F, 1024, 1, 32},
        {SMAX_FORWARD, F, B, 1024, 1, 32},   {SMAX_FORWARD, F, F, 1024, 1, 64},
        {SMAX_BACKWARD, B, B, 1024, 1, 32},  {SMAX_FORWARD, F, F, 65, 0, 4},
        {SMAX_FORWARD, F, F, 129, 0, 8},     {SMAX_FORWARD, F, F, 513, 0, 32},
        {SMAX_FORWARD, F, F, 1025, 0, 64},   {SMAX_FORWARD, F, F, 1028, 0, 64},
        {SMAX_FORWARD, F, F, 1029, 1, 128},  {SMAX_FORWARD, F, F, 1050, 1, 128},
        {SMAX_FORWARD, F, F, 33, 1, 4},      {SMAX_FORWARD, B, F, 1025, 0, 32},
        {SMAX_FORWARD, H, F, 2048, 0, 32},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        const smax_exec_plan plan =
            plan_widths(&c, cases[i].dir, cases[i].in, cases[i].out, 20000,
                        cases[i].cols);
        CHECK(plan.algorithm == SMAX_ALGO_FUSED && !plan.tile_rows &&
                  plan.in_registers == cases[i].in_registers &&
                  plan.lanes == cases[i].lanes,
              "case %zu (%lld cols): in_registers %d, %d lanes, want %d, %d "
              "(%s)",
              i, (long long)cases[i].cols, plan.in_registers, plan.lanes,
              cases[i].in_registers, cases[i].lanes, plan.reason);
    }
}

/* The on-chip fused kernels' lanes: halved where each would hold few
 * vectors (the 16-bit gradient: 4 vectors a lane rounded down; the
 * forward once, under 2.25 vectors a lane); the f32 gradient keeps them.
 * Forward rows on a GPU have lanes of 128 bytes instead, halved once off
 * the vector grid where at most 5/8 full (test_wide_lanes). */
static void test_onchip_lanes(void)
{
    struct smax_context_s c = h100();
    const smax_dtype F = SMAX_DTYPE_F32, B = SMAX_DTYPE_BF16;
    const struct {
        smax_direction dir;
        smax_dtype dtype;
        int64_t cols;
        int lanes;
    } cases[] = {
        {SMAX_BACKWARD, B, 1025, 32}, {SMAX_BACKWARD, B, 2049, 64},
        {SMAX_BACKWARD, B, 4097, 128}, {SMAX_BACKWARD, B, 513, 16},
        {SMAX_BACKWARD, F, 2049, 256}, {SMAX_FORWARD, F, 2049, 64},
        {SMAX_FORWARD, F, 2500, 128},  {SMAX_FORWARD, B, 4097, 64},
        {SMAX_FORWARD, B, 5000, 128},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        const smax_exec_plan p =
            plan_of(&c, cases[i].dir, cases[i].dtype, 20000, cases[i].cols);
        CHECK(p.algorithm == SMAX_ALGO_FUSED && !p.in_registers &&
                  !p.tile_rows && p.lanes == cases[i].lanes &&
                  p.rows_per_group * p.lanes == p.group_size &&
                  p.local_bytes <= c.traits.max_local_dynamic,
              "case %zu (%lld cols): %d lanes, want %d (%s)", i,
              (long long)cases[i].cols, p.lanes, cases[i].lanes, p.reason);
    }
}

/* Forward rows on a GPU: lanes of 128 bytes of x (64 16-bit elements, 32
 * f32) in a power of two, and a group of its own for a row of 128 lanes or
 * more; rows of one width off the vector grid whose lanes are at most 5/8
 * full take half of them once, a row alone in its group keeping one (on
 * the grid, past 5/8, or read narrower than written, they do not); a CPU
 * device keeps its own plan. */
static void test_wide_lanes(void)
{
    struct smax_context_s c = h100();
    const smax_dtype F = SMAX_DTYPE_F32, B = SMAX_DTYPE_BF16,
                     H = SMAX_DTYPE_F16;
    const struct {
        smax_dtype in, out;
        int64_t cols;
        int lanes, group;
    } cases[] = {
        {B, B, 8192, 128, 128}, {H, H, 6144, 128, 128}, {H, B, 5000, 128, 128},
        {B, B, 4096, 64, 256},  {B, B, 16384, 256, 256}, {B, F, 8192, 128, 128},
        {F, F, 3000, 128, 128}, {F, F, 4096, 128, 128},  {F, F, 8192, 256, 256},
        {B, F, 4096, 64, 256},  {B, F, 1536, 32, 256},   {B, F, 3000, 64, 256},
        {B, F, 4097, 128, 128}, {F, B, 4097, 128, 128},
        {B, B, 2049, 32, 256},  {B, B, 2600, 64, 256},   {B, B, 2056, 64, 256},
        {F, F, 2049, 64, 64},   {F, F, 2500, 128, 128},  {H, H, 4097, 64, 64},
        {B, B, 5000, 128, 128},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        const smax_exec_plan p =
            plan_pair(&c, cases[i].in, cases[i].out, 20000, cases[i].cols, 0);
        CHECK(p.algorithm == SMAX_ALGO_FUSED && !p.in_registers &&
                  !p.tile_rows && p.lanes == cases[i].lanes &&
                  p.group_size == cases[i].group &&
                  p.rows_per_group * p.lanes == p.group_size &&
                  p.groups * p.rows_per_group >= 20000 &&
                  p.local_bytes <= c.traits.max_local_dynamic,
              "case %zu (%lld cols): %d lanes, group %d, want %d, %d (%s)", i,
              (long long)cases[i].cols, p.lanes, p.group_size, cases[i].lanes,
              cases[i].group, p.reason);
    }
    c.traits.is_cpu = 1;
    const smax_exec_plan cpu = plan_pair(&c, B, B, 20000, 8192, 0);
    CHECK(cpu.lanes != 128 || cpu.group_size != 128,
          "CPU device: %d lanes, group %d (%s)", cpu.lanes, cpu.group_size,
          cpu.reason);
}

/* A tile's row slots of fewer than a warp take rows a warp's count apart
 * where consecutive rows would read the same banks: rows of about a
 * multiple of 128 bytes (bf16 127 and 63 columns: 4 and 5 rows a bank
 * consecutive, 1-2 spread), not where consecutive rows spread already
 * (100 columns), nor where a row slot fills a warp (333). */
static void test_tile_spread(void)
{
    struct smax_context_s c = h100();
    const struct {
        int64_t cols;
        int spread;
    } cases[] = {{127, 1}, {63, 1}, {65, 1}, {100, 0}, {150, 0}, {333, 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        const smax_exec_plan p =
            plan_of(&c, SMAX_FORWARD, SMAX_DTYPE_BF16, 300000, cases[i].cols);
        CHECK(p.tile_rows > 0 && p.tile_spread == cases[i].spread,
              "bf16, %lld cols (%d lanes): tile_spread %d, want %d",
              (long long)cases[i].cols, p.lanes, p.tile_spread,
              cases[i].spread);
    }
}

/* Single vectors past on-chip memory re-read their chunks from the cache,
 * keeping the head of each that a group's on-chip memory holds where the
 * streamed tails then fit the cache, and none where they do not
 * (reread_geometry). */
static void test_reread_keep(void)
{
    struct smax_context_s c = h100();
    const struct {
        smax_direction dir;
        int64_t cols;
        int kept;
    } cases[] = {{SMAX_FORWARD, 1 << 23, 1},  {SMAX_FORWARD, 1 << 24, 1},
                 {SMAX_FORWARD, 1 << 25, 0},  {SMAX_BACKWARD, 1 << 23, 1},
                 {SMAX_BACKWARD, 1 << 24, 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        const smax_exec_plan p =
            plan_of(&c, cases[i].dir, SMAX_DTYPE_F32, 1, cases[i].cols);
        const int64_t arrays = cases[i].dir == SMAX_BACKWARD ? 2 : 1;
        const int64_t tail_bytes =
            (cases[i].cols - (int64_t)p.chunks * p.keep_len) * 4 * arrays;
        CHECK(p.reread && p.cooperative, "1 x %lld: not re-read (%s)",
              (long long)cases[i].cols, p.reason);
        CHECK((p.keep_len > 0) == cases[i].kept,
              "1 x %lld, direction %d: keep_len %d, tails of %lld bytes",
              (long long)cases[i].cols, (int)cases[i].dir, p.keep_len,
              (long long)tail_bytes);
        CHECK(p.keep_len <= p.chunk_len &&
                  (size_t)p.cols_padded * 4 * (size_t)arrays <= p.local_bytes &&
                  p.local_bytes <= c.traits.max_local_dynamic &&
                  p.cols_padded >= p.keep_len,
              "1 x %lld: head %d of %d, pitch %d, %zu bytes on-chip",
              (long long)cases[i].cols, p.keep_len, p.chunk_len, p.cols_padded,
              p.local_bytes);
        if (p.keep_len > 0)
            CHECK(tail_bytes <= (int64_t)c.traits.cache_bytes,
                  "1 x %lld: a head kept with tails of %lld bytes",
                  (long long)cases[i].cols, (long long)tail_bytes);
        /* The exchange's sync area holds either layout: the counter and a
         * flag a group, or the counter, a pad and two 64-bit words a group
         * (kernels/smax_cooperative.h), which the kernels of CUDA and HIP
         * address past the flags' end. */
        CHECK(p.sync_bytes >= (size_t)(2 + 4 * p.groups) * 4,
              "1 x %lld: %zu bytes of sync for %lld groups",
              (long long)cases[i].cols, p.sync_bytes, (long long)p.groups);
    }
    /* A backend whose kernels gain nothing so keeps no head, whatever
     * fits (NVIDIA's OpenCL). */
    c.traits.reread_keep_heads = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        const smax_exec_plan p =
            plan_of(&c, cases[i].dir, SMAX_DTYPE_F32, 1, cases[i].cols);
        CHECK(p.reread && p.keep_len == 0,
              "no heads: 1 x %lld, direction %d: re-read %d, keep_len %d",
              (long long)cases[i].cols, (int)cases[i].dir, p.reread,
              p.keep_len);
    }
    /* The test switch keeps at most half a chunk, whatever the cache and
     * backend. */
    c.traits.test_reread = 1;
    const smax_exec_plan p = plan_of(&c, SMAX_FORWARD, SMAX_DTYPE_F32, 1, 1 << 25);
    CHECK(p.reread && p.keep_len > 0 && p.keep_len <= p.chunk_len / 2,
          "test switch: head %d of %d", p.keep_len, p.chunk_len);
}

/* The re-read rows' groups are the largest their kernel may have, not
 * the device-wide answer (NVIDIA's OpenCL: 256 for every kernel, 1024 for
 * the re-read kernels by the register cap they are built under), and
 * never more. */
static void test_reread_group(void)
{
    struct smax_context_s c = h100();
    c.info.max_group_size = 256;
    const struct {
        int kernel_max, want;
    } cases[] = {{1024, SMAX_REREAD_GROUP}, {512, 512}, {256, 256},
                 {2048, SMAX_REREAD_GROUP}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        kernel_max_group = cases[i].kernel_max;
        for (int dir = 0; dir < 2; ++dir) {
            const smax_exec_plan p =
                plan_of(&c, dir ? SMAX_BACKWARD : SMAX_FORWARD,
                        SMAX_DTYPE_F32, 1, 1 << 24);
            CHECK(p.reread && p.group_size == cases[i].want,
                  "kernel limit %d, direction %d: re-read %d, group %d, "
                  "want %d",
                  cases[i].kernel_max, dir, p.reread, p.group_size,
                  cases[i].want);
        }
    }
    kernel_max_group = 0;
}

/* A CPU device as PoCL reports one: 2 cores, 1 MB of local memory. */
static struct smax_context_s pocl(void)
{
    struct smax_context_s c = h100();
    c.info.compute_units = 2;
    c.traits.is_cpu = 1;
    c.traits.cooperative = 0;
    c.traits.max_cluster = 0;
    c.traits.bulk_keep = 0;
    c.traits.async_keep = 0;
    c.traits.preferred_group = 64;
    c.traits.max_local_dynamic = (1u << 20) - 256; /* PoCL's 1 MB */
    return c;
}

/* CPU devices: softmax rows get a slot of local memory an item for their
 * exponentials, whatever y's type, the group no larger than the slots that
 * fit; log-softmax and rows longer than local memory get none
 * (kernels/smax_cpu_rows.h). */
static void test_cpu_rows_slots(void)
{
    struct smax_context_s c = pocl();
    const struct {
        smax_dtype y;
        uint32_t flags;
        int64_t rows, cols;
        int slot;
    } cases[] = {{SMAX_DTYPE_BF16, 0, 256, 16384, 1},
                 {SMAX_DTYPE_F16, 0, 16384, 128, 1},
                 {SMAX_DTYPE_BF16, 0, 64, 65536, 1},
                 {SMAX_DTYPE_BF16, 0, 2, 1 << 20, 0},
                 {SMAX_DTYPE_BF16, SMAX_FLAG_LOG, 256, 16384, 0},
                 {SMAX_DTYPE_F32, 0, 256, 16384, 1},
                 {SMAX_DTYPE_F32, SMAX_FLAG_LOG, 256, 16384, 0},
                 {SMAX_DTYPE_F32, 0, 2, 1 << 20, 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        smax_problem q;
        smax_problem_init(&q, sizeof q, cases[i].rows, cases[i].cols);
        q.x_dtype = SMAX_DTYPE_BF16;
        q.y_dtype = cases[i].y;
        q.flags = cases[i].flags;
        smax_exec_plan p;
        const smax_status st = smax_make_plan(&c, &q, SMAX_FORWARD, &p);
        CHECK(st == SMAX_SUCCESS && p.per_item, "case %zu: status %d, %s", i,
              (int)st, p.reason);
        CHECK((p.cols_padded > 0) == cases[i].slot,
              "case %zu (%lld x %lld): slot pitch %d", i,
              (long long)cases[i].rows, (long long)cases[i].cols, p.cols_padded);
        if (cases[i].slot)
            CHECK(p.cols_padded >= cases[i].cols &&
                      p.local_bytes == (size_t)p.group_size *
                                           (size_t)p.cols_padded * 4 &&
                      p.local_bytes <= c.traits.max_local_dynamic,
                  "case %zu: %d items of %d floats in %zu bytes", i,
                  p.group_size, p.cols_padded, p.local_bytes);
        else
            CHECK(p.local_bytes > 0, "case %zu: the local argument needs a "
                  "size", i);
    }
}

/* CPU devices: rows fewer than the compute units and longer than
 * SMAX_GROUPS_PER_CU chunks of 16384 elements a unit run multi-block, one
 * item a chunk (plan_auto_cpu), forward and gradient; the rest one item a
 * row. */
static void test_cpu_few_rows_split(void)
{
    struct smax_context_s c = pocl(); /* 2 compute units */
    const struct {
        int64_t rows, cols;
        int split;
    } cases[] = {{1, 1 << 24, 1},  {1, 131073, 1},     {1, 131072, 0},
                 {1, 4096, 0},     {2, 1 << 24, 0},    {3, 1 << 20, 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i)
        for (int d = 0; d < 6; ++d) {
            const smax_dtype dt[] = {SMAX_DTYPE_F32, SMAX_DTYPE_BF16,
                                     SMAX_DTYPE_F16};
            smax_problem q;
            smax_problem_init(&q, sizeof q, cases[i].rows, cases[i].cols);
            q.x_dtype = dt[d % 3];
            q.y_dtype = dt[d % 3];
            smax_exec_plan p;
            const smax_status st = smax_make_plan(
                &c, &q, d < 3 ? SMAX_FORWARD : SMAX_BACKWARD, &p);
            const int split = p.algorithm == SMAX_ALGO_MULTIBLOCK &&
                              p.group_size == 1 && p.lanes == 1 &&
                              p.chunks >= 2 && p.chunk_len <= 16384 &&
                              !p.per_item;
            const int rows = p.algorithm == SMAX_ALGO_ONLINE && p.per_item;
            CHECK(st == SMAX_SUCCESS &&
                      (cases[i].split ? split : rows),
                  "case %zu dtype %d (%lld x %lld): status %d, %s", i, d,
                  (long long)cases[i].rows, (long long)cases[i].cols, (int)st,
                  p.reason);
        }
    /* Forced, the gradient's chunks are one item each too. */
    smax_problem q;
    smax_problem_init(&q, sizeof q, 1, 1 << 24);
    q.algorithm = SMAX_ALGO_MULTIBLOCK;
    smax_exec_plan p;
    const smax_status st = smax_make_plan(&c, &q, SMAX_BACKWARD, &p);
    CHECK(st == SMAX_SUCCESS && p.algorithm == SMAX_ALGO_MULTIBLOCK &&
              p.group_size == 1 && p.chunks >= 2,
          "forced gradient: status %d, group %d, %d chunks", (int)st,
          p.group_size, p.chunks);
}

/* CPU devices: the gradient's `auto` and `online` take one item per row
 * (kernels/smax_backward_cpu_rows.h), whatever the dtype or flags, where
 * the rows are not fewer than the compute units (test_cpu_few_rows_split):
 * no slot and no local argument (its kernel has none). */
static void test_cpu_backward_rows(void)
{
    struct smax_context_s c = pocl();
    const struct {
        smax_dtype in;
        uint32_t flags;
        int64_t rows, cols;
    } cases[] = {{SMAX_DTYPE_F32, 0, 1024, 1024},
                 {SMAX_DTYPE_BF16, 0, 256, 16384},
                 {SMAX_DTYPE_F16, SMAX_FLAG_LOG, 16384, 128},
                 {SMAX_DTYPE_F32, 0, 2, 1 << 23}};
    const smax_algorithm algos[] = {SMAX_ALGO_AUTO, SMAX_ALGO_ONLINE};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i)
        for (size_t a = 0; a < 2; ++a) {
            smax_problem q;
            smax_problem_init(&q, sizeof q, cases[i].rows, cases[i].cols);
            q.x_dtype = cases[i].in;
            q.y_dtype = cases[i].in;
            q.flags = cases[i].flags;
            q.algorithm = algos[a];
            smax_exec_plan p;
            const smax_status st = smax_make_plan(&c, &q, SMAX_BACKWARD, &p);
            CHECK(st == SMAX_SUCCESS && p.per_item &&
                      p.algorithm == SMAX_ALGO_ONLINE && p.lanes == 1 &&
                      p.cols_padded == 0 && p.local_bytes == 0 &&
                      p.groups * p.group_size >= cases[i].rows,
                  "case %zu algo %d: status %d, per_item %d, local %zu, %s",
                  i, (int)algos[a], (int)st, p.per_item, p.local_bytes,
                  p.reason);
        }
}

/* Chunks of the device-memory exchange keep SMAX_COOP_MIN_ITEM_BYTES an
 * item, 32 KB, wherever a group may take that much: on a device whose
 * runtime gives a group only part of a compute unit's on-chip memory
 * (NVIDIA's OpenCL: 48 KB, groups of up to 256 items), not a sixth of
 * the group's 48 KB, so many such rows run in one launch; and on the H100
 * without clusters, not a sixth of its 227 KB. A cluster's chunks still
 * start from that sixth. */
static void test_coop_chunk_floor(void)
{
    struct smax_context_s c = h100();
    c.info.max_group_size = 256;
    c.info.local_mem_bytes = 49152;
    c.traits.max_local_dynamic = 49152 - 16;
    c.traits.max_cluster = 0;
    c.traits.bulk_keep = 0;
    c.traits.async_keep = 0;
    const struct {
        smax_direction dir;
        smax_dtype t;
        int64_t rows, cols, chunk;
    } cases[] = {{SMAX_FORWARD, SMAX_DTYPE_F32, 4096, 65536, 8192},
                 {SMAX_FORWARD, SMAX_DTYPE_F32, 512, 65536, 8192},
                 {SMAX_BACKWARD, SMAX_DTYPE_F32, 1024, 32768, 4096},
                 {SMAX_FORWARD, SMAX_DTYPE_BF16, 1024, 65536, 16384}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        const smax_exec_plan p = plan_of(&c, cases[i].dir, cases[i].t,
                                         cases[i].rows, cases[i].cols);
        CHECK(one_launch(&p) && p.chunk_len == cases[i].chunk,
              "case %zu: one launch %d, chunk %d (%s)", i, one_launch(&p),
              p.chunk_len, p.reason);
    }
    c = h100();
    c.traits.max_cluster = 0;
    c.traits.bulk_keep = 0;
    smax_exec_plan p = plan_of(&c, SMAX_FORWARD, SMAX_DTYPE_F32, 4096, 262144);
    CHECK(one_launch(&p) && p.chunk_len == 8192,
          "H100 without clusters: chunk %d (%s)", p.chunk_len, p.reason);
    p = plan_of(&c, SMAX_BACKWARD, SMAX_DTYPE_BF16, 1024, 262144);
    CHECK(one_launch(&p) && p.chunk_len == 8192,
          "H100 without clusters, bf16 gradient: chunk %d (%s)", p.chunk_len,
          p.reason);
    c = h100();
    p = plan_of(&c, SMAX_FORWARD, SMAX_DTYPE_F32, 4096, 65536);
    CHECK(is_cluster(&p) && p.chunks == 7,
          "H100 f32 4096 x 65536: cluster %d, chunks %d (%s)", p.cluster,
          p.chunks, p.reason);
}

/* One-launch chunks start and end on 128-byte lines of the narrower
 * element type (8 vectors), and so do re-read heads: 16-bit rows whose
 * share is an odd number of vectors (bf16 1024 x 262144 in 14 chunks)
 * had split 32-byte sectors between two groups (plan.c, chunk_edge). */
static void test_chunk_edges(void)
{
    struct smax_context_s c = h100();
    const struct {
        smax_direction dir;
        smax_dtype t;
        int64_t rows, cols;
    } cases[] = {{SMAX_FORWARD, SMAX_DTYPE_BF16, 1024, 262144},
                 {SMAX_FORWARD, SMAX_DTYPE_F16, 4096, 128256},
                 {SMAX_FORWARD, SMAX_DTYPE_BF16, 8192, 50257},
                 {SMAX_FORWARD, SMAX_DTYPE_F32, 512, 128256},
                 {SMAX_FORWARD, SMAX_DTYPE_BF16, 256, 1000000},
                 {SMAX_BACKWARD, SMAX_DTYPE_BF16, 4096, 128256},
                 {SMAX_FORWARD, SMAX_DTYPE_BF16, 1, 1 << 24},
                 {SMAX_FORWARD, SMAX_DTYPE_F32, 1, 1 << 23}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        const smax_exec_plan p = plan_of(&c, cases[i].dir, cases[i].t,
                                         cases[i].rows, cases[i].cols);
        const int edge = 8 * p.vec;
        CHECK(p.algorithm == SMAX_ALGO_MULTIBLOCK && p.cooperative &&
                  p.chunks > 1 && p.chunk_len % edge == 0 &&
                  p.keep_len % edge == 0,
              "case %zu, %lld x %lld: %d chunks of %d, head %d, edge %d (%s)",
              i, (long long)cases[i].rows, (long long)cases[i].cols, p.chunks,
              p.chunk_len, p.keep_len, edge, p.reason);
    }
}

static int same_plan(const smax_exec_plan *a, const smax_exec_plan *b)
{
    return a->algorithm == b->algorithm && a->cluster == b->cluster &&
           a->chunks == b->chunks && a->chunk_len == b->chunk_len &&
           a->group_size == b->group_size && a->reread == b->reread;
}

/* Peak memory bandwidth of an H200 (3201 MHz, 6144 bits) and of an H100
 * (2619 MHz, 5120 bits), bytes a second. */
#define H200_MEMORY_BANDWIDTH (3201000000ull * 2 * 768)
#define H100_MEMORY_BANDWIDTH (2619000000ull * 2 * 640)

/* A compute unit's share of one-launch chunks follows the memory's
 * bandwidth a unit (plan.c, coop_groups_per_cu): the H100's own (2619 MHz,
 * 5120 bits) and slower memory plan as an unknown one; the H200's (3201
 * MHz, 6144 bits, 1.47 times as fast) holds 4 groups a unit, not 6, so its
 * clusters take fewer, larger chunks, forward and gradient (a gradient
 * row of 16 chunks at either share stays 16). Memory faster still plans as
 * the H200's (4 groups, the fewest measured). */
static void test_bandwidth_share(void)
{
    const struct {
        smax_direction dir;
        smax_dtype t;
        int64_t rows, cols;
        int h200_chunks; /* 0: as the H100 */
    } cases[] = {{SMAX_FORWARD, SMAX_DTYPE_F32, 4096, 65536, 5},
                 {SMAX_FORWARD, SMAX_DTYPE_BF16, 1024, 262144, 10},
                 {SMAX_FORWARD, SMAX_DTYPE_BF16, 4096, 128256, 5},
                 {SMAX_FORWARD, SMAX_DTYPE_F32, 16384, 16384, 0},
                 {SMAX_BACKWARD, SMAX_DTYPE_F32, 4096, 65536, 10},
                 {SMAX_BACKWARD, SMAX_DTYPE_BF16, 1024, 262144, 0}};
    const uint64_t h100_bw = H100_MEMORY_BANDWIDTH;
    const uint64_t h200_bw = H200_MEMORY_BANDWIDTH;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        struct smax_context_s c = h100();
        const smax_exec_plan unknown = plan_of(&c, cases[i].dir, cases[i].t,
                                               cases[i].rows, cases[i].cols);
        c.traits.memory_bandwidth = h100_bw;
        smax_exec_plan p = plan_of(&c, cases[i].dir, cases[i].t,
                                   cases[i].rows, cases[i].cols);
        CHECK(same_plan(&p, &unknown), "case %zu, H100 bandwidth: %d chunks "
              "of %d, unknown %d of %d", i, p.chunks, p.chunk_len,
              unknown.chunks, unknown.chunk_len);
        c.traits.memory_bandwidth = 1555000000000ull; /* slower: as before */
        p = plan_of(&c, cases[i].dir, cases[i].t, cases[i].rows,
                    cases[i].cols);
        CHECK(same_plan(&p, &unknown), "case %zu, slower memory: %d chunks",
              i, p.chunks);
        c.traits.memory_bandwidth = 4 * h200_bw; /* past the measured: */
        const smax_exec_plan faster = plan_of(&c, cases[i].dir, cases[i].t,
                                              cases[i].rows, cases[i].cols);
        c.traits.memory_bandwidth = h200_bw;
        p = plan_of(&c, cases[i].dir, cases[i].t, cases[i].rows,
                    cases[i].cols);
        CHECK(same_plan(&p, &faster), "case %zu, memory 4 times the H200's: "
              "%d chunks, the H200 %d", i, faster.chunks, p.chunks);
        if (cases[i].h200_chunks == 0)
            CHECK(same_plan(&p, &unknown), "case %zu, H200: %d chunks of %d, "
                  "H100 %d of %d (%s)", i, p.chunks, p.chunk_len,
                  unknown.chunks, unknown.chunk_len, p.reason);
        else
            CHECK(is_cluster(&p) && p.chunks == cases[i].h200_chunks &&
                      p.chunks < unknown.chunks,
                  "case %zu, H200: cluster %d, %d chunks (H100 %d; %s)", i,
                  p.cluster, p.chunks, unknown.chunks, p.reason);
    }
}

/* Where the share follows faster memory, the groups it counts fit a
 * compute unit with their fixed bytes (plan.c, group_share_bytes): f32
 * rows of 128256 columns on the H200 in 10 chunks of 50 KB, 4 groups a
 * unit, where a quarter of one group's memory made 9 of 56 KB (3 a unit,
 * what a runtime that does not say its unit's memory still gets). */
static void test_share_fits(void)
{
    struct smax_context_s c = h100();
    c.traits.memory_bandwidth = H200_MEMORY_BANDWIDTH;
    const smax_exec_plan p =
        plan_of(&c, SMAX_FORWARD, SMAX_DTYPE_F32, 512, 128256);
    const size_t unit = c.traits.unit_local_bytes;
    const size_t per_group = p.local_bytes + c.traits.group_local_reserved;
    CHECK(is_cluster(&p) && p.chunks == 10 && unit / per_group >= 4,
          "H200 f32 512 x 128256: cluster %d, %d chunks, %zu groups a unit "
          "(%s)", p.cluster, p.chunks, unit / per_group, p.reason);
    c.traits.unit_local_bytes = 0;
    c.traits.group_local_reserved = 0;
    const smax_exec_plan q =
        plan_of(&c, SMAX_FORWARD, SMAX_DTYPE_F32, 512, 128256);
    CHECK(q.chunks == 9, "H200 f32 512 x 128256, unit unknown: %d chunks",
          q.chunks);
}

/* Where memory outpaces the H100's, rows with a 16-bit side that leave
 * three groups a unit run as clusters, forward and gradient, and so do
 * the f32 gradient's rows of which a unit holds fewer than five (two
 * chunks, though one share holds 6000 columns), where the rows are at
 * least three a compute unit (plan.c, SMAX_CLUSTER_ROW_MIN_ROWS_PER_CU,
 * cluster_row_groups); f32 forward rows, the f32 gradient's rows of 5500
 * columns, a 16-bit dx, fewer rows, and every row at the H100's bandwidth
 * stay fused. */
static void test_cluster_rows_outpaced(void)
{
    const smax_dtype F = SMAX_DTYPE_F32, B = SMAX_DTYPE_BF16,
                     H = SMAX_DTYPE_F16;
    const struct {
        smax_direction dir;
        smax_dtype in, out;
        int64_t rows, cols;
        int h200_cluster;
    } cases[] = {{SMAX_FORWARD, B, B, 1024, 32000, 1},
                 {SMAX_FORWARD, H, H, 396, 30000, 1},
                 {SMAX_FORWARD, B, F, 4096, 36000, 1},
                 {SMAX_FORWARD, F, B, 1024, 16000, 1},
                 {SMAX_FORWARD, B, B, 395, 32000, 0},
                 {SMAX_FORWARD, B, B, 1024, 24000, 0},
                 {SMAX_FORWARD, F, F, 1024, 16000, 0},
                 {SMAX_BACKWARD, B, B, 1024, 16000, 1},
                 {SMAX_BACKWARD, B, B, 4096, 15000, 1},
                 {SMAX_BACKWARD, B, B, 256, 16000, 0},
                 {SMAX_BACKWARD, F, F, 1024, 8000, 1},
                 {SMAX_BACKWARD, F, F, 1024, 6000, 1},
                 {SMAX_BACKWARD, F, B, 1024, 6000, 0},
                 {SMAX_BACKWARD, F, B, 4096, 8192, 0},
                 {SMAX_BACKWARD, F, H, 4096, 9216, 0},
                 {SMAX_BACKWARD, F, F, 1024, 5500, 0},
                 {SMAX_BACKWARD, F, F, 395, 8000, 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        struct smax_context_s c = h100();
        c.traits.memory_bandwidth = H100_MEMORY_BANDWIDTH;
        const smax_exec_plan h =
            plan_widths(&c, cases[i].dir, cases[i].in, cases[i].out,
                        cases[i].rows, cases[i].cols);
        CHECK(!is_cluster(&h) && h.algorithm == SMAX_ALGO_FUSED,
              "case %zu, H100: cluster %d (%s)", i, h.cluster, h.reason);
        c.traits.memory_bandwidth = H200_MEMORY_BANDWIDTH;
        const smax_exec_plan p =
            plan_widths(&c, cases[i].dir, cases[i].in, cases[i].out,
                        cases[i].rows, cases[i].cols);
        CHECK(is_cluster(&p) == cases[i].h200_cluster &&
                  (cases[i].h200_cluster || p.algorithm == SMAX_ALGO_FUSED),
              "case %zu, H200: cluster %d (%s)", i, p.cluster, p.reason);
    }
}

/* Where memory outpaces the H100's, the gradient's on-chip rows of which
 * a group's on-chip memory holds three, whose vectors do not split evenly
 * over 512 items, take the deep kernel's 256 (plan.c, bwd_onchip_group):
 * f32 rows of 7300-9500 columns, bf16 of 14600-19250; not 8192 or 16384
 * (even), rows of which it holds two (f32 9700), or at the H100's
 * bandwidth. A device without clusters (HIP on NVIDIA), whose rows of
 * 9700 columns stay fused. */
static void test_bwd_ragged_group(void)
{
    const smax_dtype F = SMAX_DTYPE_F32, B = SMAX_DTYPE_BF16;
    const struct {
        smax_dtype in, out;
        int64_t cols;
        int h200_group;
    } cases[] = {{F, F, 7300, 256},  {F, F, 7500, 256},  {F, B, 9216, 256},
                 {F, F, 9500, 256},  {B, B, 14600, 256}, {B, B, 18000, 256},
                 {F, F, 8192, 512},  {F, B, 8192, 512},  {B, B, 16384, 512},
                 {F, F, 9700, 512}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        struct smax_context_s c = h100();
        c.traits.max_cluster = 0;
        c.traits.bulk_keep = 0;
        c.traits.memory_bandwidth = H100_MEMORY_BANDWIDTH;
        const smax_exec_plan h = plan_widths(&c, SMAX_BACKWARD, cases[i].in,
                                             cases[i].out, 100, cases[i].cols);
        CHECK(h.algorithm == SMAX_ALGO_FUSED && h.group_size == 512,
              "case %zu, H100: group %d (%s)", i, h.group_size, h.reason);
        c.traits.memory_bandwidth = H200_MEMORY_BANDWIDTH;
        const smax_exec_plan p = plan_widths(&c, SMAX_BACKWARD, cases[i].in,
                                             cases[i].out, 100, cases[i].cols);
        CHECK(p.algorithm == SMAX_ALGO_FUSED &&
                  p.group_size == cases[i].h200_group,
              "case %zu, H200: group %d (%s)", i, p.group_size, p.reason);
    }
}

/* Where a unit's on-chip memory is carved from its cache, the gradient's
 * fused on-chip rows of which four groups would fill the unit past
 * SMAX_CACHE_KEEP_BYTES less than its whole ask for three groups' share
 * (plan.c, plan_cache_share), on the H100 as on the H200: f32 y and dy of
 * 5886-6909 columns, bf16 of 11770-13817; not rows of which a unit holds
 * three (8192) or four with room (5800), clusters (the H200's f32 5592 x
 * 6000), the forward, or where the store is not carved from the cache. */
static void test_cache_share(void)
{
    const smax_dtype F = SMAX_DTYPE_F32, B = SMAX_DTYPE_BF16;
    const struct {
        smax_direction dir;
        smax_dtype in, out;
        int64_t rows, cols;
        int carved, h100_groups, h200_groups;
    } cases[] = {{SMAX_BACKWARD, F, F, 100, 6000, 1, 3, 3},
                 {SMAX_BACKWARD, F, B, 5592, 6000, 1, 3, 3},
                 {SMAX_BACKWARD, F, B, 5162, 6500, 1, 3, 3},
                 {SMAX_BACKWARD, B, B, 2796, 12000, 1, 3, 3},
                 {SMAX_BACKWARD, F, B, 5592, 6000, 0, 0, 0},
                 {SMAX_BACKWARD, F, F, 100, 5800, 1, 0, 0},
                 {SMAX_BACKWARD, F, F, 100, 8192, 1, 0, 0},
                 {SMAX_BACKWARD, F, F, 5592, 6000, 1, 3, 0},
                 {SMAX_FORWARD, F, F, 4096, 12000, 1, 0, 0},
                 {SMAX_FORWARD, B, B, 4096, 24000, 1, 0, 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        struct smax_context_s c = h100();
        c.traits.carved_cache = cases[i].carved;
        c.traits.memory_bandwidth = H100_MEMORY_BANDWIDTH;
        const smax_exec_plan h =
            plan_widths(&c, cases[i].dir, cases[i].in, cases[i].out,
                        cases[i].rows, cases[i].cols);
        CHECK(h.unit_groups == cases[i].h100_groups,
              "case %zu, H100: %d groups a unit (%s)", i, h.unit_groups,
              h.reason);
        c.traits.memory_bandwidth = H200_MEMORY_BANDWIDTH;
        const smax_exec_plan p =
            plan_widths(&c, cases[i].dir, cases[i].in, cases[i].out,
                        cases[i].rows, cases[i].cols);
        CHECK(p.unit_groups == cases[i].h200_groups &&
                  (p.unit_groups == 0 || (p.algorithm == SMAX_ALGO_FUSED &&
                                          !is_cluster(&p))),
              "case %zu, H200: %d groups a unit (%s)", i, p.unit_groups,
              p.reason);
    }
}

/* Where memory outpaces the H100's, a forward cluster's chunks leave
 * room for coop_groups_per_cu groups a unit (plan.c, cluster_share):
 * rows whose 16 chunks would not, many of them, take the device-memory
 * exchange; fewer than twice the compute units, the gradient's, and
 * every row at the H100's bandwidth keep their clusters. */
static void test_cluster_room(void)
{
    const struct {
        smax_direction dir;
        smax_dtype t;
        int64_t rows, cols;
        int h200_cluster;
    } cases[] = {{SMAX_FORWARD, SMAX_DTYPE_F32, 1024, 262144, 0},
                 {SMAX_FORWARD, SMAX_DTYPE_F32, 1092, 245760, 0},
                 {SMAX_FORWARD, SMAX_DTYPE_BF16, 455, 589824, 0},
                 {SMAX_FORWARD, SMAX_DTYPE_F32, 1170, 229376, 1},
                 {SMAX_FORWARD, SMAX_DTYPE_BF16, 585, 458752, 1},
                 {SMAX_FORWARD, SMAX_DTYPE_F32, 128, 262144, 1},
                 {SMAX_BACKWARD, SMAX_DTYPE_BF16, 1024, 262144, 1},
                 {SMAX_BACKWARD, SMAX_DTYPE_F32, 512, 131072, 1}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        struct smax_context_s c = h100();
        c.traits.memory_bandwidth = H100_MEMORY_BANDWIDTH;
        const smax_exec_plan h = plan_of(&c, cases[i].dir, cases[i].t,
                                         cases[i].rows, cases[i].cols);
        CHECK(is_cluster(&h), "case %zu, H100: cluster %d (%s)", i,
              h.cluster, h.reason);
        c.traits.memory_bandwidth = H200_MEMORY_BANDWIDTH;
        const smax_exec_plan p = plan_of(&c, cases[i].dir, cases[i].t,
                                         cases[i].rows, cases[i].cols);
        CHECK(one_launch(&p) && is_cluster(&p) == cases[i].h200_cluster,
              "case %zu, H200: cluster %d, %d chunks (%s)", i, p.cluster,
              p.chunks, p.reason);
    }
}

/* Where memory feeds a compute unit at least 1.25 times as fast as the
 * H100's (plan.c, tile_group), the forward tiles of a 16-bit x take
 * groups of half SMAX_TILE_GROUP items, their tiles sized to them; the
 * H100's bandwidth or an unknown one, an f32 x and the gradient keep
 * SMAX_TILE_GROUP. */
static void test_tile_group(void)
{
    const smax_dtype B = SMAX_DTYPE_BF16, H = SMAX_DTYPE_F16,
                     F = SMAX_DTYPE_F32;
    const struct {
        smax_direction dir;
        smax_dtype in, out;
        int64_t cols;
        int halved;
    } cases[] = {{SMAX_FORWARD, B, B, 145, 1}, {SMAX_FORWARD, H, H, 100, 1},
                 {SMAX_FORWARD, H, B, 229, 1}, {SMAX_FORWARD, B, B, 33, 1},
                 {SMAX_FORWARD, B, F, 100, 1}, {SMAX_FORWARD, H, F, 363, 1},
                 {SMAX_FORWARD, F, B, 145, 0}, {SMAX_FORWARD, F, H, 287, 0},
                 {SMAX_BACKWARD, B, B, 145, 0}, {SMAX_BACKWARD, B, F, 65, 0},
                 {SMAX_BACKWARD, H, H, 229, 0}};
    const uint64_t bandwidths[] = {H100_MEMORY_BANDWIDTH, 0,
                                   H200_MEMORY_BANDWIDTH};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i)
        for (size_t k = 0; k < 3; ++k) {
            struct smax_context_s c = h100();
            c.traits.memory_bandwidth = bandwidths[k];
            const smax_exec_plan p =
                plan_widths(&c, cases[i].dir, cases[i].in, cases[i].out,
                            300000, cases[i].cols);
            const int want = k == 2 && cases[i].halved ? SMAX_TILE_GROUP / 2
                                                       : SMAX_TILE_GROUP;
            const int64_t slots = p.tile_rows ? p.group_size / p.lanes : 1;
            CHECK(p.tile_rows > 0 && p.group_size == want &&
                      p.tile_rows % slots == 0 &&
                      (int64_t)p.tile_rows * cases[i].cols <=
                          (int64_t)SMAX_TILE_LOAD_ELEMS * want,
                  "case %zu, bandwidth %zu: %d rows a tile, groups of %d, "
                  "want %d (%s)",
                  i, k, p.tile_rows, p.group_size, want, p.reason);
        }
}

/* The kernel a fused row runs: 'r' registers ('d' the deep kernel, 'n' the
 * narrow one), 't' flat tiles, 'o' on-chip. */
static char fused_kind(const smax_exec_plan *p)
{
    if (p->algorithm != SMAX_ALGO_FUSED)
        return '?';
    return p->tile_rows            ? 't'
           : p->in_registers == 2 ? 'd'
           : p->in_registers == 3 ? 'n'
           : p->in_registers      ? 'r'
                                  : 'o';
}

/* Where memory feeds a compute unit at least 1.25 times as fast as the
 * H100's and rows are kept asynchronously (plan.c, onchip_outpaces), f32
 * forward rows whose register slots would be at most 5/8 full, forward
 * rows of two 16-bit sides past 256 columns (but those of 289-512, whose
 * tiles' row slots of a warp hold 10 or more elements a lane: 449-512 for
 * log-softmax, test_outpaced_log_rows), forward rows of a 16-bit x
 * written as f32 past 256 columns whose register slots would be under 3/4
 * full (264-376 columns on the vector grid, 513-767; not their tiles),
 * the 16-bit gradient's register
 * rows under 3/4 full, those of f32 y and dy with a 16-bit dx off the
 * vector grid, and those of 16-bit y and dy with an f32 dx past 1024
 * columns or in 8 to 32 on-chip lanes (96-767 columns, their tiles too)
 * run on-chip (never the f32 gradient's); the H100's bandwidth, an
 * unknown one, or a device without asynchronous keeps plan as before (but
 * for those rows of 16-bit y and dy, on-chip wherever keeps are
 * asynchronous), and
 * the gradient's other tiles stay everywhere; forward rows past the
 * register kernel's reach that fill 7/8 of the deep one's slots (f32
 * 3584-4096 columns in 128 items and 7168-8192 in 256), or 15/16 where
 * both sides are 16-bit (3840-4096; not a pair of one f32 and one 16-bit
 * side), take the deep
 * register kernel ('d'), and those that
 * fill every slot of the narrow one's row slot of at most a warp (32-256
 * columns) the narrow kernel ('n'). */
static void test_outpaced_rows(void)
{
    const smax_dtype F = SMAX_DTYPE_F32, B = SMAX_DTYPE_BF16,
                     H = SMAX_DTYPE_F16;
    const struct {
        smax_direction dir;
        smax_dtype in, out;
        int64_t cols;
        char h100, h200;
    } cases[] = {
        {SMAX_FORWARD, F, F, 575, 'r', 'o'},  {SMAX_FORWARD, F, F, 320, 'r', 'o'},
        {SMAX_FORWARD, F, F, 181, 'r', 'r'},  {SMAX_FORWARD, F, F, 512, 'r', 'r'},
        {SMAX_FORWARD, F, F, 4096, 'o', 'd'}, {SMAX_FORWARD, F, F, 3584, 'o', 'd'},
        {SMAX_FORWARD, F, F, 3583, 'o', 'o'}, {SMAX_FORWARD, F, F, 3000, 'o', 'o'},
        {SMAX_FORWARD, F, F, 4097, 'o', 'o'}, {SMAX_FORWARD, F, F, 2048, 'r', 'r'},
        {SMAX_FORWARD, F, B, 4000, 'r', 'r'},
        {SMAX_FORWARD, F, F, 128, 'r', 'n'},  {SMAX_FORWARD, F, F, 256, 'r', 'n'},
        {SMAX_FORWARD, F, F, 32, 'r', 'n'},   {SMAX_FORWARD, F, F, 200, 'r', 'r'},
        {SMAX_FORWARD, F, F, 252, 'r', 'r'},  {SMAX_FORWARD, F, F, 16, 'r', 'r'},
        {SMAX_FORWARD, F, F, 1024, 'r', 'r'}, {SMAX_FORWARD, F, B, 128, 'r', 'r'},
        {SMAX_FORWARD, B, B, 128, 'r', 'r'},  {SMAX_BACKWARD, F, F, 128, 'r', 'r'},
        {SMAX_FORWARD, B, B, 1149, 't', 'o'}, {SMAX_FORWARD, B, B, 1024, 'r', 'o'},
        {SMAX_FORWARD, H, H, 320, 't', 't'},  {SMAX_FORWARD, B, B, 257, 't', 'o'},
        {SMAX_FORWARD, B, B, 287, 't', 'o'},  {SMAX_FORWARD, B, B, 457, 't', 't'},
        {SMAX_FORWARD, H, B, 511, 't', 't'},  {SMAX_FORWARD, B, B, 513, 't', 'o'},
        {SMAX_FORWARD, B, B, 229, 't', 't'},  {SMAX_FORWARD, B, B, 256, 'r', 'r'},
        {SMAX_FORWARD, B, F, 1000, 'r', 'r'}, {SMAX_FORWARD, B, F, 575, 'r', 'o'},
        {SMAX_FORWARD, H, F, 513, 'r', 'o'},  {SMAX_FORWARD, B, F, 767, 'r', 'o'},
        {SMAX_FORWARD, B, F, 768, 'r', 'r'},  {SMAX_FORWARD, H, F, 264, 'r', 'o'},
        {SMAX_FORWARD, B, F, 384, 'r', 'r'},  {SMAX_FORWARD, B, F, 300, 't', 't'},
        {SMAX_FORWARD, B, F, 256, 'r', 'r'},  {SMAX_BACKWARD, B, B, 2897, 'r', 'o'},
        {SMAX_BACKWARD, B, B, 320, 'r', 'o'}, {SMAX_BACKWARD, B, B, 4096, 'r', 'r'},
        {SMAX_BACKWARD, B, B, 3100, 'r', 'r'}, {SMAX_BACKWARD, B, B, 725, 't', 't'},
        {SMAX_BACKWARD, F, F, 575, 'r', 'r'},  {SMAX_BACKWARD, F, F, 1149, 'r', 'r'},
        {SMAX_BACKWARD, F, H, 575, 'r', 'o'},  {SMAX_BACKWARD, F, B, 1149, 'r', 'o'},
        {SMAX_BACKWARD, F, H, 2048, 'r', 'r'}, {SMAX_BACKWARD, F, H, 1800, 'r', 'r'},
        {SMAX_BACKWARD, F, B, 1500, 'r', 'o'}, {SMAX_BACKWARD, H, F, 287, 'r', 'o'},
        {SMAX_BACKWARD, H, F, 913, 'r', 'r'},  {SMAX_BACKWARD, H, F, 1500, 'r', 'o'},
        {SMAX_BACKWARD, B, F, 2048, 'r', 'o'}, {SMAX_BACKWARD, H, F, 100, 't', 'o'},
        {SMAX_BACKWARD, B, F, 65, 't', 't'},  {SMAX_BACKWARD, H, F, 733, 'r', 'o'},
        {SMAX_BACKWARD, B, F, 767, 'r', 'o'}, {SMAX_BACKWARD, H, F, 769, 'r', 'r'},
        {SMAX_FORWARD, F, F, 8192, 'o', 'd'}, {SMAX_FORWARD, F, F, 7168, 'o', 'd'},
        {SMAX_FORWARD, F, F, 7167, 'o', 'o'}, {SMAX_FORWARD, F, F, 8193, 'o', 'o'},
        {SMAX_FORWARD, F, F, 6144, 'o', 'o'}, {SMAX_FORWARD, B, B, 4096, 'o', 'd'},
        {SMAX_FORWARD, H, H, 3840, 'o', 'd'}, {SMAX_FORWARD, B, B, 3839, 'o', 'o'},
        {SMAX_FORWARD, B, B, 8192, 'o', 'o'}, {SMAX_FORWARD, H, H, 4097, 'o', 'o'},
        {SMAX_FORWARD, B, F, 4096, 'o', 'o'}, {SMAX_FORWARD, F, B, 8192, 'o', 'o'},
    };
    /* the rule holds on the H200 only: unknown bandwidth, the H100's, and
     * the H200's without asynchronous keeps plan as the H100; the gradient
     * of 16-bit y and dy into f32 dx takes it wherever rows are kept
     * asynchronously */
    const struct {
        uint64_t bandwidth;
        int async_keep, outpaced;
    } devices[] = {{0, 1, 0},
                   {H100_MEMORY_BANDWIDTH, 1, 0},
                   {H200_MEMORY_BANDWIDTH, 1, 1},
                   {H200_MEMORY_BANDWIDTH, 0, 0}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        struct smax_context_s c = h100();
        for (size_t k = 0; k < sizeof devices / sizeof devices[0]; ++k) {
            c.traits.memory_bandwidth = devices[k].bandwidth;
            c.traits.async_keep = devices[k].async_keep;
            const smax_exec_plan p =
                plan_widths(&c, cases[i].dir, cases[i].in, cases[i].out,
                            20000, cases[i].cols);
            const int widening_bwd = cases[i].dir == SMAX_BACKWARD &&
                                     cases[i].in != F && cases[i].out == F;
            const int outpaced = widening_bwd ? devices[k].async_keep
                                              : devices[k].outpaced;
            const char want = outpaced ? cases[i].h200 : cases[i].h100;
            CHECK(fused_kind(&p) == want,
                  "case %zu (%lld cols), device %zu: kernel '%c', want '%c' "
                  "(%s)",
                  i, (long long)cases[i].cols, k, fused_kind(&p), want,
                  p.reason);
        }
    }
}

/* The on-chip gradient of mixed widths halves its lanes while a lane has
 * under 1.5 vectors (12 elements), the 16-bit gradient's down to four
 * vectors (plan.c, onchip_fewer_lanes) and back up to at most a deep
 * batch of vectors a lane (bwd_deep_lanes: 2897 columns, 5.7 vectors in
 * 64 lanes, take 128); H200 limits, where these rows run on-chip. */
static void test_bwd_narrow_lanes(void)
{
    const smax_dtype F = SMAX_DTYPE_F32, B = SMAX_DTYPE_BF16,
                     H = SMAX_DTYPE_F16;
    const struct {
        smax_dtype in, out;
        int64_t cols;
        int lanes;
    } cases[] = {{F, H, 575, 32},   {F, B, 913, 64},   {F, H, 1149, 64},
                 {F, B, 2500, 128}, {F, H, 733, 32},   {F, B, 1700, 128},
                 {F, H, 3001, 128}, {H, F, 1149, 64},  {B, F, 1700, 128},
                 {H, F, 3001, 128}, {B, F, 6001, 256}, {B, B, 2897, 128},
                 {H, H, 1149, 32}};
    struct smax_context_s c = h100();
    c.traits.memory_bandwidth = H200_MEMORY_BANDWIDTH;
    c.traits.async_keep = 1;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        const smax_exec_plan p = plan_widths(&c, SMAX_BACKWARD, cases[i].in,
                                             cases[i].out, 20000, cases[i].cols);
        CHECK(fused_kind(&p) == 'o' && p.lanes == cases[i].lanes,
              "case %zu (%lld cols): kernel '%c', %d lanes, want on-chip in %d",
              i, (long long)cases[i].cols, fused_kind(&p), p.lanes,
              cases[i].lanes);
    }
}

/* The gradient's on-chip rows take the deep kernel (plan.c,
 * bwd_deep_pays) where its batches fetch a lane's vectors in fewer trips
 * than the shallow kernel's (16-byte vectors: 2 a trip, an f32 y and dy
 * with a 16-bit dx: 1; the f32 gradient's 4 vectors a lane take two
 * either way) and the group is at most SMAX_BWD_DEEP_GROUP; never tiles,
 * register rows, the forward or a CPU device. */
static void test_bwd_deep_keeps(void)
{
    const smax_dtype F = SMAX_DTYPE_F32, B = SMAX_DTYPE_BF16,
                     H = SMAX_DTYPE_F16;
    const struct {
        smax_direction dir;
        smax_dtype in, out;
        int64_t cols;
        int deep;
    } cases[] = {
        {SMAX_BACKWARD, B, B, 575, 1},   {SMAX_BACKWARD, H, H, 1149, 1},
        {SMAX_BACKWARD, B, B, 725, 0},   {SMAX_BACKWARD, B, B, 16384, 0},
        {SMAX_BACKWARD, F, F, 2049, 0},  {SMAX_BACKWARD, F, F, 3001, 1},
        {SMAX_BACKWARD, F, B, 575, 1},   {SMAX_BACKWARD, F, H, 8192, 0},
        {SMAX_BACKWARD, B, F, 287, 1},   {SMAX_BACKWARD, B, F, 145, 1},
        {SMAX_FORWARD, F, F, 6000, 0},   {SMAX_BACKWARD, F, F, 1000, 0},
        {SMAX_BACKWARD, F, F, 4097, 0},  {SMAX_BACKWARD, F, F, 5000, 1}};
    struct smax_context_s c = h100();
    c.traits.memory_bandwidth = H200_MEMORY_BANDWIDTH;
    c.traits.async_keep = 1;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        const smax_exec_plan p =
            plan_widths(&c, cases[i].dir, cases[i].in, cases[i].out, 20000,
                        cases[i].cols);
        CHECK(p.deep_keep == cases[i].deep &&
                  (!p.deep_keep || (fused_kind(&p) == 'o' &&
                                    p.group_size <= SMAX_BWD_DEEP_GROUP)),
              "case %zu (%lld cols): deep %d, want %d (kernel '%c', group "
              "%d, %d lanes)",
              i, (long long)cases[i].cols, p.deep_keep, cases[i].deep,
              fused_kind(&p), p.group_size, p.lanes);
    }
    c.traits.is_cpu = 1;
    const smax_exec_plan cpu = plan_widths(&c, SMAX_BACKWARD, B, B, 20000, 575);
    CHECK(!cpu.deep_keep, "CPU device: deep %d (%s)", cpu.deep_keep,
          cpu.reason);
}

/* Log-softmax keeps the on-chip kernel for forward rows of two 16-bit
 * sides whose tile lanes would hold fewer than 11 elements (plan.c,
 * fwd_tile_outpaces_onchip), where softmax takes tiles from 10. */
static void test_outpaced_log_rows(void)
{
    const struct {
        int64_t cols;
        char softmax, log;
    } cases[] = {{363, 't', 't'}, {321, 't', 't'}, {470, 't', 't'},
                 {300, 't', 'o'}, {320, 't', 'o'}, {287, 'o', 'o'},
                 {600, 'o', 'o'}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i)
        for (int log = 0; log < 2; ++log) {
            struct smax_context_s c = h100();
            c.traits.memory_bandwidth = H200_MEMORY_BANDWIDTH;
            smax_problem q;
            smax_problem_init(&q, sizeof q, 20000, cases[i].cols);
            q.x_dtype = q.y_dtype = SMAX_DTYPE_BF16;
            q.flags = log ? SMAX_FLAG_LOG : 0;
            smax_exec_plan p;
            CHECK(smax_make_plan(&c, &q, SMAX_FORWARD, &p) == SMAX_SUCCESS,
                  "case %zu: no plan", i);
            const char want = log ? cases[i].log : cases[i].softmax;
            CHECK(fused_kind(&p) == want,
                  "case %zu (%lld cols, log %d): kernel '%c', want '%c' (%s)",
                  i, (long long)cases[i].cols, log, fused_kind(&p), want,
                  p.reason);
        }
}

/* An on-chip plan fits its group's on-chip memory however small that is:
 * short rows share a group, and their padded pitch took 256 rows of f32 y
 * and dy of 14 columns to 51200 bytes where OpenCL on NVIDIA gives a group
 * 48 KB (plan.c, plan_fused_onchip). Devices of 48 and 99 KB a group, at
 * the H100's bandwidth and the H200's, every row length to 6000 columns
 * and some rows counts, the gradient and the forward: each plan is made
 * (plan_padded checks its status) and holds what its group has. */
static void test_onchip_fits(void)
{
    const smax_dtype F = SMAX_DTYPE_F32, B = SMAX_DTYPE_BF16,
                     H = SMAX_DTYPE_F16;
    const smax_dtype pairs[][2] = {{F, F}, {F, H}, {H, F}, {B, B}, {F, B}};
    const uint32_t locals[] = {48896, 101376};
    const uint64_t bandwidths[] = {H100_MEMORY_BANDWIDTH,
                                   H200_MEMORY_BANDWIDTH};
    const int64_t rows[] = {3, 1000, 12000};
    int over = 0;
    for (size_t l = 0; l < sizeof locals / sizeof locals[0]; ++l)
        for (size_t b = 0; b < 2; ++b)
            for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; ++k)
                for (int dir = 0; dir < 2; ++dir)
                    for (size_t r = 0; r < 3; ++r)
                        for (int64_t cols = 1; cols <= 6000;
                             cols += cols < 600 ? 1 : 7) {
                            struct smax_context_s c = h100();
                            c.traits.max_local_dynamic = locals[l];
                            c.info.local_mem_bytes = locals[l];
                            c.traits.unit_local_bytes = 0;
                            c.traits.group_local_reserved = 0;
                            c.traits.max_cluster = 0;
                            c.traits.bulk_keep = 0;
                            c.traits.memory_bandwidth = bandwidths[b];
                            const smax_exec_plan p = plan_widths(
                                &c, dir ? SMAX_BACKWARD : SMAX_FORWARD,
                                pairs[k][0], pairs[k][1], rows[r], cols);
                            if (p.local_bytes > locals[l] && over++ < 5)
                                CHECK(0,
                                      "%u-byte groups, pair %zu, %s, %lld x "
                                      "%lld: %zu bytes",
                                      locals[l], k, dir ? "gradient" : "forward",
                                      (long long)rows[r], (long long)cols,
                                      p.local_bytes);
                        }
    CHECK(over == 0, "%d plans past their group's on-chip memory", over);
}

/* Forward rows past one group's on-chip memory on a device that gives a
 * group 48 KB (NVIDIA's OpenCL: groups of up to 256 items) are held by one
 * group, 32 elements an item in registers and the rest on-chip, where
 * rows are many and such a group holds them; the plan fits, and its
 * registers leave the on-chip part at least one element. Not where rows
 * are few (they spread), not the gradient, not past the largest such group,
 * and not on a device whose group may take all of its unit's memory. The
 * device: NVIDIA's OpenCL on the H200 (its NVML bandwidth). */
static struct smax_context_s opencl_on_h200(void)
{
    struct smax_context_s c = h100();
    c.info.max_group_size = 256;
    c.traits.max_local_dynamic = 48896;
    c.info.local_mem_bytes = 48896;
    c.traits.unit_local_bytes = 0;
    c.traits.group_local_reserved = 0;
    c.traits.max_cluster = 0;
    c.traits.bulk_keep = 0;
    c.traits.memory_bandwidth = H200_MEMORY_BANDWIDTH;
    c.traits.narrow_reg_lanes = 4;
    c.traits.deep_reg_wide = 0;
    return c;
}

/* NVIDIA's OpenCL takes the narrow register kernel only for rows that fill
 * its smallest row slot (32 f32 columns in 4 lanes), where the usual
 * kernel's is half empty; CUDA's limits (test_outpaced_rows) up to a warp. */
static void test_narrow_rows_opencl(void)
{
    const struct {
        int64_t cols;
        char kind;
    } cases[] = {{32, 'n'}, {64, 'r'}, {128, 'r'}, {256, 'r'}, {33, 'o'}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        struct smax_context_s c = opencl_on_h200();
        const smax_exec_plan p =
            plan_widths(&c, SMAX_FORWARD, SMAX_DTYPE_F32, SMAX_DTYPE_F32,
                        20000, cases[i].cols);
        CHECK(fused_kind(&p) == cases[i].kind,
              "opencl, f32 x %lld: kernel '%c', want '%c' (%s)",
              (long long)cases[i].cols, fused_kind(&p), cases[i].kind,
              p.reason);
    }
}

/* NVIDIA's OpenCL keeps the deep register kernel to f32 rows in 128 items
 * (3584-4096 columns): its wider forms lost there (deep_reg_wide 0). */
static void test_deep_rows_opencl(void)
{
    const struct {
        smax_dtype dtype;
        int64_t cols;
        char kind;
    } cases[] = {{SMAX_DTYPE_F32, 4096, 'd'}, {SMAX_DTYPE_F32, 3584, 'd'},
                 {SMAX_DTYPE_F32, 8192, 'o'}, {SMAX_DTYPE_F32, 7500, 'o'},
                 {SMAX_DTYPE_BF16, 4096, 'o'}, {SMAX_DTYPE_F16, 4000, 'o'}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        struct smax_context_s c = opencl_on_h200();
        const smax_exec_plan p = plan_widths(&c, SMAX_FORWARD, cases[i].dtype,
                                             cases[i].dtype, 20000,
                                             cases[i].cols);
        CHECK(fused_kind(&p) == cases[i].kind,
              "opencl, case %zu (%lld cols): kernel '%c', want '%c' (%s)", i,
              (long long)cases[i].cols, fused_kind(&p), cases[i].kind,
              p.reason);
    }
}

static void test_split_rows(void)
{
    const smax_dtype F = SMAX_DTYPE_F32, B = SMAX_DTYPE_BF16,
                     H = SMAX_DTYPE_F16;
    const smax_dtype pairs[][2] = {{F, F}, {F, B}, {B, F}, {B, B}, {H, H}};
    int split[2] = {0, 0}, bad = 0;
    for (int dir = 0; dir < 2; ++dir)
        for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; ++k)
            for (int64_t cols = 4000; cols <= 40000; cols += 37) {
                struct smax_context_s c = opencl_on_h200();
                const smax_exec_plan p =
                    plan_widths(&c, dir ? SMAX_BACKWARD : SMAX_FORWARD,
                                pairs[k][0], pairs[k][1], 2048, cols);
                if (!p.reg_split)
                    continue;
                ++split[dir];
                const int64_t elems = p.reg_split == 2
                                          ? SMAX_SPLIT_WIDE_ITEM_ELEMS
                                          : SMAX_SPLIT_ITEM_ELEMS;
                if ((p.algorithm != SMAX_ALGO_FUSED || p.lanes != p.group_size ||
                     (p.reg_split == 2 &&
                      (dir || pairs[k][0] != F || p.group_size != 256)) ||
                     p.group_size < 128 || p.group_size > 256 ||
                     (dir && p.onchip_bytes == 2 && p.group_size > 128) ||
                     p.groups != 2048 || p.local_bytes > 48896 ||
                     (size_t)p.cols_padded * (size_t)p.onchip_bytes *
                             (dir ? 2u : 1u) >=
                         p.local_bytes ||
                     cols <= elems * p.group_size ||
                     cols - elems * p.group_size > 160 * (int64_t)p.group_size ||
                     (int64_t)p.cols_padded < cols - elems * p.group_size) &&
                    bad++ < 5)
                    CHECK(0, "%s pair %zu, 2048 x %lld: split g%d, %zu bytes, "
                             "pitch %d",
                          dir ? "gradient" : "forward", k, (long long)cols,
                          p.group_size, p.local_bytes, p.cols_padded);
            }
    CHECK(bad == 0, "%d split plans that do not hold their rows", bad);
    CHECK(split[0] > 500 && split[1] > 300,
          "only %d forward and %d gradient split plans", split[0], split[1]);

    struct smax_context_s c = opencl_on_h200();
    CHECK(plan_of(&c, SMAX_FORWARD, F, 2048, 16384).reg_split &&
              plan_of(&c, SMAX_FORWARD, F, 2048, 16384).group_size == 256,
          "f32 2048 x 16384 on 48 KB groups: not split in 256 items");
    CHECK(plan_of(&c, SMAX_FORWARD, F, 2048, 12000).group_size == 128,
          "f32 2048 x 12000: not the smallest group");
    CHECK(plan_of(&c, SMAX_FORWARD, B, 2048, 24000).reg_split == 1 &&
              plan_of(&c, SMAX_FORWARD, B, 2048, 24000).group_size == 256,
          "bf16 2048 x 24000 on 48 KB groups: not split in 256 items (155 "
          "elements an item on-chip in 128)");
    CHECK(plan_of(&c, SMAX_FORWARD, B, 2048, 28000).reg_split == 1 &&
              plan_of(&c, SMAX_FORWARD, B, 2048, 28000).group_size == 256,
          "bf16 2048 x 28000: not split in 256 items (77 elements an item "
          "on-chip; 128 items would keep 187)");
    CHECK(plan_of(&c, SMAX_FORWARD, F, 2048, 18000).reg_split == 1,
          "f32 2048 x 18000: not split with 32 elements an item");
    CHECK(plan_of(&c, SMAX_FORWARD, F, 2048, 20000).reg_split == 2 &&
              plan_of(&c, SMAX_FORWARD, F, 2048, 24000).reg_split == 2 &&
              plan_of(&c, SMAX_FORWARD, F, 2048, 24000).group_size == 256,
          "f32 2048 x 20000 and 24000: not the wide split in 256 items");
    CHECK(!plan_of(&c, SMAX_FORWARD, F, 2048, 30000).reg_split,
          "f32 2048 x 30000: split past the wide kernel's reach");
    CHECK(!plan_of(&c, SMAX_FORWARD, F, 4, 16384).reg_split,
          "f32 4 x 16384: few rows split, not spread");
    CHECK(plan_of(&c, SMAX_BACKWARD, F, 2048, 8192).reg_split &&
              plan_of(&c, SMAX_BACKWARD, F, 2048, 8192).group_size == 128,
          "gradient f32 2048 x 8192 on 48 KB groups: not split in 128 items");
    CHECK(plan_of(&c, SMAX_BACKWARD, B, 2048, 12000).reg_split &&
              plan_of(&c, SMAX_BACKWARD, B, 2048, 12000).group_size == 128,
          "gradient bf16 2048 x 12000 on 48 KB groups: not split in 128 "
          "items");
    CHECK(!plan_of(&c, SMAX_BACKWARD, B, 2048, 16384).reg_split,
          "gradient bf16 2048 x 16384: split in 256 items");
    CHECK(!plan_of(&c, SMAX_BACKWARD, F, 2048, 16384).reg_split,
          "gradient f32 2048 x 16384: split past the largest group's reach "
          "(y and dy on-chip)");
    CHECK(!plan_of(&c, SMAX_BACKWARD, F, 2048, 4096).reg_split,
          "gradient f32 2048 x 4096: split where the row fits on-chip");
    struct smax_context_s h = h100();
    h.traits.max_cluster = 0;
    h.traits.bulk_keep = 0;
    for (int64_t cols = 50000; cols <= 90000; cols += 997)
        CHECK(!plan_of(&h, SMAX_FORWARD, F, 2048, cols).reg_split,
              "f32 2048 x %lld split where a group may take 227 KB",
              (long long)cols);
}

/* The device-memory exchanges stagger their rows' loads (plan.c,
 * exchange_stagger): three quarters of the rows a launch holds at once
 * load together, as measured: the gradient's on the H100 and the H200, the
 * forward's on the H100 only (on the H200 it lost); devices that keep no
 * chunk asynchronously (where it was not measured), clusters and launches
 * of fewer rows than SMAX_STAGGER_MIN_ROWS a launch holds do not stagger;
 * SMAX_STAGGER=N staggers every exchange by N rows. */
static void test_exchange_stagger(void)
{
    const struct {
        smax_direction dir;
        smax_dtype t;
        int64_t rows, cols;
        int stagger;
    } cases[] = {{SMAX_BACKWARD, SMAX_DTYPE_F32, 256, 1048576, 3},
                 {SMAX_BACKWARD, SMAX_DTYPE_F32, 256, 600000, 6},
                 {SMAX_BACKWARD, SMAX_DTYPE_F32, 512, 393216, 9},
                 {SMAX_BACKWARD, SMAX_DTYPE_F32, 1024, 262144, 13},
                 {SMAX_BACKWARD, SMAX_DTYPE_BF16, 256, 2097152, 2},
                 {SMAX_BACKWARD, SMAX_DTYPE_BF16, 256, 1048576, 4},
                 {SMAX_BACKWARD, SMAX_DTYPE_F32, 64, 2097152, 0},
                 {SMAX_BACKWARD, SMAX_DTYPE_F32, 2048, 131072, 0},
                 {SMAX_FORWARD, SMAX_DTYPE_F32, 256, 1048576, 4},
                 {SMAX_FORWARD, SMAX_DTYPE_F32, 256, 600000, 8},
                 {SMAX_FORWARD, SMAX_DTYPE_BF16, 256, 2097152, 4},
                 {SMAX_FORWARD, SMAX_DTYPE_BF16, 256, 1048576, 9}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        struct smax_context_s c = h100();
        c.traits.stagger_rows = -1;
        c.traits.memory_bandwidth = H200_MEMORY_BANDWIDTH;
        smax_exec_plan p = plan_of(&c, cases[i].dir, cases[i].t,
                                   cases[i].rows, cases[i].cols);
        CHECK(one_launch(&p), "case %zu: not one launch (%s)", i, p.reason);
        const int h200 = cases[i].dir == SMAX_BACKWARD ? cases[i].stagger : 0;
        CHECK(p.stagger == h200, "case %zu, H200: stagger %d, expected %d "
              "(%d chunks, cluster %d)", i, p.stagger, h200, p.chunks,
              p.cluster);
        c.traits.memory_bandwidth = H100_MEMORY_BANDWIDTH;
        p = plan_of(&c, cases[i].dir, cases[i].t, cases[i].rows,
                    cases[i].cols);
        CHECK(p.stagger == cases[i].stagger, "case %zu, H100: stagger %d, "
              "expected %d", i, p.stagger, cases[i].stagger);
        c.traits.async_keep = 0;
        p = plan_of(&c, cases[i].dir, cases[i].t, cases[i].rows,
                    cases[i].cols);
        CHECK(p.stagger == 0, "case %zu, no asynchronous keep: stagger %d",
              i, p.stagger);
        c.traits.async_keep = 1;
        const int exchange = !p.cluster && !p.reread;
        for (int n = 0; n <= 3; ++n) {
            c.traits.stagger_rows = n;
            p = plan_of(&c, cases[i].dir, cases[i].t, cases[i].rows,
                        cases[i].cols);
            CHECK(p.stagger == (exchange ? n : 0),
                  "case %zu, SMAX_STAGGER=%d: stagger %d", i, n, p.stagger);
        }
    }
    /* Where f32 chunks are kept by register batches (NVIDIA's OpenCL),
     * three fifths of the rows held load at once, on the H100 as on the
     * H200; 16-bit rows keep the three quarters. */
    const struct {
        smax_dtype t;
        int64_t rows, cols;
        int stagger;
    } batches[] = {{SMAX_DTYPE_F32, 1024, 262144, 7},
                   {SMAX_DTYPE_F32, 512, 393216, 4},
                   {SMAX_DTYPE_BF16, 256, 1048576, 4}};
    const uint64_t bandwidths[] = {H100_MEMORY_BANDWIDTH,
                                   H200_MEMORY_BANDWIDTH};
    for (size_t i = 0; i < sizeof batches / sizeof batches[0]; ++i)
        for (size_t b = 0; b < 2; ++b) {
            struct smax_context_s c = h100();
            c.traits.stagger_rows = -1;
            c.traits.memory_bandwidth = bandwidths[b];
            c.traits.bwd_batch_keep_f32 = 1;
            c.traits.bulk_keep = 0; /* NVIDIA's OpenCL */
            const smax_exec_plan p =
                plan_of(&c, SMAX_BACKWARD, batches[i].t, batches[i].rows,
                        batches[i].cols);
            CHECK(p.stagger == batches[i].stagger,
                  "batch keep case %zu, bandwidth %zu: stagger %d, expected "
                  "%d (%d chunks)",
                  i, b, p.stagger, batches[i].stagger, p.chunks);
        }
    CHECK(smax_stagger_rows(NULL) == -1, "unset");
    CHECK(smax_stagger_rows("") == -1, "empty");
    CHECK(smax_stagger_rows("0") == 0, "0");
    CHECK(smax_stagger_rows("7") == 7, "7");
    CHECK(smax_stagger_rows("-1") == -1, "-1");
    CHECK(smax_stagger_rows("2x") == -1, "2x");
}

/* Rows of the device-memory exchange that one chunk a compute unit cannot
 * hold take two a unit (plan.c, shared_unit_geometry) where a unit holds
 * two of their groups: NVIDIA's OpenCL on the H100 (48 KB a group of a
 * unit's 228 KB) holds the f32 gradient of 1M columns in 256 chunks, in
 * groups no larger than half of what the kernel may launch. Not where the
 * unit's memory holds one such group, where it is unknown, on CPU devices,
 * or on CUDA's limits, whose items hold part of each chunk in registers
 * (test_exchange_regs). */
static void test_shared_unit(void)
{
    struct smax_context_s c = opencl_on_h200();
    c.traits.memory_bandwidth = H100_MEMORY_BANDWIDTH;
    c.traits.unit_local_bytes = 228u << 10;
    c.traits.group_local_reserved = 1024;
    c.traits.stagger_rows = -1;
    smax_exec_plan p = plan_of(&c, SMAX_BACKWARD, SMAX_DTYPE_F32, 256, 1048576);
    CHECK(one_launch(&p) && p.chunks == 256 && p.group_size == 128,
          "f32 gradient 256 x 1M: one launch %d, %d chunks in groups of %d "
          "(%s)", one_launch(&p), p.chunks, p.group_size, p.reason);
    CHECK(2 * (p.local_bytes + 1024) <= 228u << 10,
          "two groups of %zu bytes a unit", p.local_bytes);
    kernel_max_group = 1024;
    p = plan_of(&c, SMAX_BACKWARD, SMAX_DTYPE_F32, 256, 1048576);
    CHECK(one_launch(&p) && p.group_size == 256,
          "kernel of 1024 items: groups of %d", p.group_size);
    kernel_max_group = 0;
    p = plan_of(&c, SMAX_BACKWARD, SMAX_DTYPE_F32, 256, 600000);
    CHECK(one_launch(&p) && p.chunks <= 132,
          "256 x 600000 held one a unit: %d chunks", p.chunks);
    p = plan_of(&c, SMAX_FORWARD, SMAX_DTYPE_F32, 256, 2097152);
    CHECK(one_launch(&p) && p.chunks > 132, "f32 256 x 2M: %d chunks (%s)",
          p.chunks, p.reason);
    const uint32_t units[] = {64u << 10, 0};
    for (size_t i = 0; i < 2; ++i) {
        c.traits.unit_local_bytes = units[i];
        p = plan_of(&c, SMAX_BACKWARD, SMAX_DTYPE_F32, 256, 1048576);
        CHECK(!one_launch(&p), "unit of %u bytes: one launch of %d chunks",
              units[i], p.chunks);
    }
    c.traits.unit_local_bytes = 228u << 10;
    c.traits.is_cpu = 1;
    p = plan_of(&c, SMAX_BACKWARD, SMAX_DTYPE_F32, 256, 1048576);
    CHECK(!one_launch(&p), "CPU device: one launch of %d chunks", p.chunks);
    struct smax_context_s h = h100();
    h.traits.stagger_rows = -1;
    p = plan_of(&h, SMAX_BACKWARD, SMAX_DTYPE_F32, 256, 1048576);
    CHECK(one_launch(&p) && p.chunks == 171 && p.exchange_regs,
          "CUDA's limits: %d chunks, registers %d", p.chunks,
          p.exchange_regs);
}

/* Where a unit's registers hold fewer of the exchange's groups than its
 * on-chip memory (48 registers an item, as HIP on NVIDIA's 16-bit forward
 * takes; bf16 256 x 2M's chunks leave room for 6 groups of 256, whose
 * registers hold 5), groups of half the items; not where they hold as
 * many (CUDA's 40), nor without an occupancy query (OpenCL). Checked on a
 * device whose items load the chunk (no copies: 1024 items a unit); where
 * copies keep it (768 items a unit, at least 128) the groups are 128
 * already, whatever the registers. */
static void test_exchange_registers(void)
{
    struct smax_context_s h = h100();
    h.traits.max_cluster = 0; /* HIP has no clusters */
    h.traits.bulk_keep = 0;
    h.traits.stagger_rows = -1;
    h.traits.async_keep = 0;
    const int regs[] = {0, 40, 48};
    int groups[3], chunks[3], stagger[3];
    int64_t by_memory = 0;
    for (int i = 0; i < 3; ++i) {
        kernel_registers = regs[i];
        const smax_exec_plan p =
            plan_of(&h, SMAX_FORWARD, SMAX_DTYPE_BF16, 256, 2097152);
        CHECK(one_launch(&p), "bf16 256 x 2M, %d registers: one launch (%s)",
              regs[i], p.reason);
        groups[i] = p.group_size, chunks[i] = p.chunks;
        stagger[i] = p.stagger;
        if (i == 2) {
            by_memory = (int64_t)h.traits.unit_local_bytes /
                        ((int64_t)p.local_bytes + 1024);
            CHECK(smax_backend_unit_groups(&h, SMAX_KERNEL_MB_ONCHIP, p.pair,
                                           p.group_size) >= by_memory,
                  "48 registers: groups of %d, %lld a unit by memory",
                  p.group_size, (long long)by_memory);
        }
    }
    kernel_registers = 0;
    CHECK(groups[0] == 256 && groups[1] == 256 && groups[2] == 128,
          "groups of %d / %d / %d items with no query / 40 / 48 registers",
          groups[0], groups[1], groups[2]);
    CHECK(chunks[0] == chunks[2] && stagger[0] == stagger[2] && by_memory == 6,
          "the same %d / %d chunks, stagger %d / %d, %lld a unit", chunks[0],
          chunks[2], stagger[0], stagger[2], (long long)by_memory);
    h.traits.async_keep = 1;
    for (int i = 0; i < 3; ++i) {
        kernel_registers = regs[i];
        const smax_exec_plan p =
            plan_of(&h, SMAX_FORWARD, SMAX_DTYPE_BF16, 256, 2097152);
        CHECK(one_launch(&p) && p.group_size == 128,
              "kept by copies, %d registers: groups of %d", regs[i],
              p.group_size);
    }
    kernel_registers = 0;
}

/* Where copies keep the device-memory exchange's chunk (NVIDIA GPUs:
 * traits.async_keep), a unit's groups hold SMAX_COPY_RESIDENT_ITEMS items
 * between them, not the SMAX_RESIDENT_ITEMS of items that load it through
 * their registers: gradients of 8 MB rows (64 KB chunks, 3 a unit) in 256
 * items, and in 512 where registers carry the chunk (no asynchronous
 * copies; NVIDIA's OpenCL's f32 gradient, whose 16-bit one keeps by
 * copies); rows of 4 MB (6 chunks a unit) in 128 by copies, 256 by
 * registers; rows of 24 MB (one chunk a unit, where finer chunks hold
 * no more rows: test_exchange_fine) keep their 1024. Asynchronous copies
 * without bulk ones (HIP on NVIDIA): where bulk copies keep the f32
 * gradient's chunks, its items hold part of them in registers
 * (test_exchange_regs). */
static void test_exchange_group(void)
{
    const struct {
        int async_keep, batch_keep_f32;
        smax_dtype dtype;
        int64_t cols;
        int group, chunks;
    } cases[] = {{1, 0, SMAX_DTYPE_F32, 1048576, 256, 132},
                 {0, 0, SMAX_DTYPE_F32, 1048576, 512, 132},
                 {1, 1, SMAX_DTYPE_F32, 1048576, 512, 132},
                 {1, 1, SMAX_DTYPE_BF16, 2097152, 256, 132},
                 {0, 0, SMAX_DTYPE_BF16, 2097152, 512, 132},
                 {1, 0, SMAX_DTYPE_BF16, 1048576, 128, 128},
                 {0, 0, SMAX_DTYPE_BF16, 1048576, 256, 128},
                 {1, 0, SMAX_DTYPE_F32, 3145728, 1024, 132}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        struct smax_context_s h = h100();
        h.traits.stagger_rows = -1;
        h.traits.async_keep = cases[i].async_keep;
        h.traits.bwd_batch_keep_f32 = cases[i].batch_keep_f32;
        h.traits.bulk_keep = 0;
        const smax_exec_plan p =
            plan_of(&h, SMAX_BACKWARD, cases[i].dtype, 256, cases[i].cols);
        CHECK(one_launch(&p) && !p.cluster && p.chunks == cases[i].chunks &&
                  p.group_size == cases[i].group,
              "gradient 256 x %lld, %d-byte, copies %d, batches %d: %d chunks in "
              "groups of %d (%s)",
              (long long)cases[i].cols, (int)smax_dtype_bytes(cases[i].dtype),
              cases[i].async_keep, cases[i].batch_keep_f32, p.chunks,
              p.group_size, p.reason);
    }
}

/* Groups of 128 only where the launch fills its units: the f32 gradient's
 * 262144 columns (64 chunks of 32 KB, 6 a unit by memory) in 32 rows (2048
 * chunks for 792 places) take 128, in 8 rows (512) keep 256. */
static void test_exchange_fill(void)
{
    const int64_t rows[] = {32, 8};
    const int group[] = {128, 256};
    for (int i = 0; i < 2; ++i) {
        struct smax_context_s h = h100();
        h.traits.max_cluster = 0;
        h.traits.bulk_keep = 0;
        const smax_exec_plan p =
            plan_of(&h, SMAX_BACKWARD, SMAX_DTYPE_F32, rows[i], 262144);
        CHECK(one_launch(&p) && !p.cluster && p.chunks == 64 &&
                  p.group_size == group[i],
              "f32 gradient %lld x 262144: %d chunks in groups of %d (%s)",
              (long long)rows[i], p.chunks, p.group_size, p.reason);
    }
}

/* Finer chunks (32 KB, the exchange's share), several a unit, run where
 * they hold more rows than a chunk a unit even one chunk a unit short:
 * the f32 gradient at 1.25M columns (2 rows -> 2.5), 2M (1 -> 1.55),
 * 2.5M (1 -> 1.24), the forward at 2.5M and 4M; not where they gain less
 * (the gradient at 1.5M, 2 -> 2.06, and 3M, 1 -> 1.03; the forward at
 * 3M), where a chunk a unit holds 3 rows (the gradient at 1M), nor where
 * the launch is one row; nor where its chunks fill the places the units
 * hold fewer than SMAX_EXCHANGE_FINE_ROUNDS (8) times: the gradient's 4 x 2M
 * (2.6) takes two a unit, its 8 x 2.5M (6.5) and the forward's 16 x 2.5M
 * (6.5) one a unit, where the gradient's 16 x 2M (10.3) and the forward's
 * 32 x 2.5M (12.9) take the finer chunks. With asynchronous copies and no
 * bulk ones (HIP on NVIDIA): where bulk copies keep the f32 gradient's
 * chunks, its items hold part of them in registers (test_exchange_regs). */
static void test_exchange_fine(void)
{
    const struct {
        smax_direction dir;
        int64_t rows, cols;
        int chunks, group;
    } cases[] = {
        {SMAX_BACKWARD, 64, 1310720, 320, 128},
        {SMAX_BACKWARD, 64, 2097152, 512, 128},
        {SMAX_BACKWARD, 256, 2621440, 640, 128},
        {SMAX_FORWARD, 64, 2621440, 320, 128},
        {SMAX_FORWARD, 64, 4194304, 512, 128},
        {SMAX_BACKWARD, 64, 1572864, 132, 512},
        {SMAX_BACKWARD, 64, 3145728, 132, 1024},
        {SMAX_FORWARD, 64, 3145728, 132, 512},
        {SMAX_BACKWARD, 64, 1048576, 132, 256},
        {SMAX_BACKWARD, 1, 1310720, 132, 512},
        {SMAX_BACKWARD, 4, 2097152, 264, 256},
        {SMAX_BACKWARD, 8, 2621440, 132, 1024},
        {SMAX_FORWARD, 16, 2621440, 132, 512},
        {SMAX_BACKWARD, 16, 2097152, 512, 128},
        {SMAX_FORWARD, 32, 2621440, 320, 128},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        struct smax_context_s h = h100();
        h.traits.bulk_keep = 0;
        const smax_exec_plan p = plan_of(&h, cases[i].dir, SMAX_DTYPE_F32,
                                         cases[i].rows, cases[i].cols);
        CHECK(one_launch(&p) && !p.cluster && !p.reread &&
                  p.chunks == cases[i].chunks &&
                  p.group_size == cases[i].group,
              "f32 %s %lld x %lld: %d chunks in groups of %d (%s)",
              cases[i].dir == SMAX_FORWARD ? "forward" : "gradient",
              (long long)cases[i].rows, (long long)cases[i].cols, p.chunks,
              p.group_size, p.reason);
    }
}

/* Where bulk copies keep the chunks (CUDA's sm_90 code), the f32
 * gradient's device-memory exchange holds SMAX_BWD_EXCHANGE_REG_VECS
 * vectors of y and dy an item in registers: groups of 128, each chunk at
 * most the exchange's 4096 elements on-chip plus the 2048 its registers
 * hold, 6 groups a unit (by memory and by the kernel's 80 registers), so
 * 256 x 1M in 171 chunks where it had 132 of 7944 (test_exchange_group),
 * 64 x 2M in 342 where it had 512 (test_exchange_fine). Not for 16-bit y
 * and dy, nor an f32 dx's other widths (8-element vectors, which bulk
 * copies do not keep), the forward, devices without bulk copies, rows
 * whose chunks a launch cannot hold at once (5M columns: 854 chunks for
 * 792 places), nor launches whose every row the plan without registers
 * holds at once already (1 x 1M, 2 x 1M, 8 x 262144), which keep that
 * plan. */
static void test_exchange_regs(void)
{
    const struct {
        int64_t rows, cols;
        int chunks;
    } held[] = {{256, 1048576, 171}, {64, 2097152, 342},
                {1024, 262144, 43},  {4, 2097152, 342},
                {2, 2097152, 342},   {64, 3145728, 512}};
    for (size_t i = 0; i < sizeof held / sizeof held[0]; ++i) {
        struct smax_context_s h = h100();
        const smax_exec_plan p = plan_of(&h, SMAX_BACKWARD, SMAX_DTYPE_F32,
                                         held[i].rows, held[i].cols);
        CHECK(one_launch(&p) && !p.cluster && !p.reread &&
                  p.exchange_regs == SMAX_BWD_EXCHANGE_REG_VECS &&
                  p.group_size == 128 && p.chunks == held[i].chunks &&
                  p.cols_padded <= 4104 &&
                  6 * (p.local_bytes + 1024) <= h.traits.unit_local_bytes,
              "f32 gradient %lld x %lld: registers %d, %d chunks in groups "
              "of %d, pitch %d, %zu bytes (%s)",
              (long long)held[i].rows, (long long)held[i].cols,
              p.exchange_regs, p.chunks, p.group_size, p.cols_padded,
              p.local_bytes, p.reason);
    }
    struct smax_context_s h = h100();
    const smax_dtype F = SMAX_DTYPE_F32, B = SMAX_DTYPE_BF16;
    const struct {
        smax_direction dir;
        smax_dtype in, out;
        int64_t rows, cols;
        int bulk;
    } not_held[] = {{SMAX_BACKWARD, B, B, 256, 2097152, 1},
                    {SMAX_BACKWARD, F, B, 256, 1048576, 1},
                    {SMAX_FORWARD, F, F, 256, 2097152, 1},
                    {SMAX_BACKWARD, F, F, 256, 1048576, 0},
                    {SMAX_BACKWARD, F, F, 16, 5242880, 1},
                    {SMAX_BACKWARD, F, F, 1, 1048576, 1},
                    {SMAX_BACKWARD, F, F, 2, 1048576, 1},
                    {SMAX_BACKWARD, F, F, 8, 262144, 1}};
    for (size_t i = 0; i < sizeof not_held / sizeof not_held[0]; ++i) {
        h.traits.bulk_keep = not_held[i].bulk;
        const smax_exec_plan p =
            plan_widths(&h, not_held[i].dir, not_held[i].in, not_held[i].out,
                        not_held[i].rows, not_held[i].cols);
        CHECK(p.exchange_regs == 0, "case %zu: registers %d (%s)", i,
              p.exchange_regs, p.reason);
    }
    /* operands off the 16-byte grid (common/launch.c) run the plan made
     * without registers: 256 x 1M in 132 chunks of 256 */
    h.traits.bulk_keep = 1;
    smax_problem pr;
    smax_problem_init(&pr, sizeof pr, 256, 1048576);
    smax_exec_plan off;
    CHECK(smax_make_plan_off_grid(&h, &pr, SMAX_BACKWARD, &off) ==
                  SMAX_SUCCESS &&
              off.exchange_regs == 0 && off.chunks == 132 &&
              off.group_size == 256,
          "off the grid: registers %d, %d chunks in groups of %d (%s)",
          off.exchange_regs, off.chunks, off.group_size, off.reason);
}

/* A cluster's chunks, kept by copies, are sized as the exchange's: 16 of
 * 64 KB (3 a unit) in groups of 256; 512 where items load them. */
static void test_cluster_group(void)
{
    for (int copies = 0; copies <= 1; ++copies) {
        struct smax_context_s h = h100();
        h.traits.async_keep = copies;
        const smax_exec_plan p =
            plan_of(&h, SMAX_BACKWARD, SMAX_DTYPE_F32, 1024, 131072);
        CHECK(one_launch(&p) && p.cluster && p.chunks == 16 &&
                  p.group_size == (copies ? 256 : 512),
              "f32 gradient 1024 x 131072, copies %d: cluster %d, %d chunks "
              "in groups of %d (%s)",
              copies, p.cluster, p.chunks, p.group_size, p.reason);
    }
}

int main(void)
{
    test_exchange_group();
    test_exchange_fine();
    test_exchange_regs();
    test_exchange_fill();
    test_cluster_group();
    test_exchange_registers();
    test_shared_unit();
    test_exchange_stagger();
    test_onchip_fits();
    test_split_rows();
    test_outpaced_rows();
    test_narrow_rows_opencl();
    test_deep_rows_opencl();
    test_outpaced_log_rows();
    test_bwd_narrow_lanes();
    test_bwd_deep_keeps();
    test_chunk_edges();
    test_bandwidth_share();
    test_cluster_room();
    test_cluster_rows_outpaced();
    test_cache_share();
    test_bwd_ragged_group();
    test_tile_group();
    test_share_fits();
    test_coop_chunk_floor();
    test_reread_keep();
    test_reread_group();
    test_cpu_rows_slots();
    test_cpu_few_rows_split();
    test_cpu_backward_rows();
    test_tile_rows();
    test_tile_spread();
    test_onchip_lanes();
    test_wide_lanes();
    test_register_lanes();
    test_fused_length();
    test_cluster_rows();
    test_few_wide_rows();
    test_cluster_of_one();
    test_cluster_cap();
    test_cluster_backward();
    test_cluster_env_cap();
    test_cluster_backward_share();
    return UNIT_SUMMARY();
}
