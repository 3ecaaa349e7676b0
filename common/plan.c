/* plan.c - which algorithm runs a problem, and with what geometry.
 * The rules are explained in docs/algorithms.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan.h"
#include "backend.h"
#include "smax_geometry.h"

/* A multi-block chunk holds at most this many elements, so huge vectors
 * produce many partials and a merge tree rather than a few long loops. */
#define SMAX_MB_MAX_CHUNK 16384
#define SMAX_MB_MERGE_PER_ITEM 4
/* Enough groups in flight per compute unit to hide memory latency. */
#define SMAX_GROUPS_PER_CU 4
/* Elements per work-item before a row gets more lanes: four float4 loads
 * in flight per item hide latency better than one. */
#define SMAX_ELEMS_PER_LANE 16
/* Largest group for one long row on a GPU, and the work-items a compute
 * unit should hold of rows kept on-chip. */
#define SMAX_MAX_ROW_GROUP 1024
#define SMAX_RESIDENT_ITEMS 1024
/* The work-items a compute unit should hold of the device-memory
 * one-launch plans' chunks where copies keep them (cluster_unit_items). */
#define SMAX_COPY_RESIDENT_ITEMS 768
/* Up to this many items hold one gradient row of 16-bit y and dy in
 * registers (kept as read, smax_held_vec: 8 registers a vector pair). On
 * the H100, bf16 32768 x 8192 ran at 101.7% of copy there, 88-92% from
 * on-chip memory, which holds both arrays. Forward 16-bit rows stay with
 * SMAX_REG_GROUP: with 256 items f16 32768 x 8192 ran at 94% (on-chip 100%)
 * and 40000 x 5000 at 72%. */
#define SMAX_REG_WIDE_GROUP 256

static int64_t ceil_div(int64_t a, int64_t b)
{
    return (a + b - 1) / b;
}

static int pow2_at_least(int64_t v, int cap)
{
    int p = 1;
    while (p < v && p < cap)
        p <<= 1;
    return p;
}

/* The largest power of two <= want that the device allows. */
static int fit_group_within(int64_t want, int cap)
{
    int g = 1;
    while (g * 2 <= want && g * 2 <= cap)
        g <<= 1;
    return g;
}

/* info.max_group_size is what every kernel may have. */
static int fit_group(smax_context ctx, int64_t want)
{
    return fit_group_within(want, (int)ctx->info.max_group_size);
}

static int group_size(smax_context ctx)
{
    return fit_group(ctx, ctx->traits.preferred_group);
}

/* How a compute unit's resident groups of rows (or chunks) kept on-chip
 * are sized: the items they should hold between them, and the smallest
 * group they get. */
typedef struct unit_items {
    int resident;
    int least;
} unit_items;

/* Rows (or chunks) of `bytes` on-chip each that a compute unit holds at
 * once, at least one: what one group's on-chip memory holds. */
static int64_t resident_rows(smax_context ctx, int64_t bytes)
{
    const int64_t resident = (int64_t)ctx->traits.max_local_dynamic / bytes;
    return resident < 1 ? 1 : resident;
}

/* Groups for the on-chip fused kernels, from the bytes a row keeps
 * on-chip: only as many rows are resident on a compute unit as its
 * on-chip memory holds, so on a GPU each row gets enough items (up to
 * 1024) for the resident rows to hold u.resident between them, and
 * u.least where more rows fit. Measured on the H100 (227 KB per group) over
 * f32, bf16 and f16 rows of 8192-65536 columns, forward and backward:
 * rows of up to 48 KB ran best with 256 items, 64 KB (3 resident) and
 * 80-100 KB (2) with 512, 128 KB and more (1) with 1024; e.g. bf16
 * 8192 x 32768 at 90/97/88% of copy with 256/512/1024 items, f32
 * 8192 x 24576 at 94/99/83%, f32 8192 x 32768 at 68/84/96%. */
static int row_group_size_among(smax_context ctx, int64_t row_bytes,
                                unit_items u)
{
    if (ctx->traits.is_cpu)
        return group_size(ctx);
    const int want =
        pow2_at_least(ceil_div(u.resident, resident_rows(ctx, row_bytes)),
                      SMAX_MAX_ROW_GROUP);
    return fit_group(ctx, want > u.least ? want : u.least);
}

/* The sizing of rows whose items load them through their registers. */
static unit_items register_unit_items(smax_context ctx)
{
    const unit_items u = {SMAX_RESIDENT_ITEMS, group_size(ctx)};
    return u;
}

static int row_group_size(smax_context ctx, int64_t row_bytes)
{
    return row_group_size_among(ctx, row_bytes, register_unit_items(ctx));
}

/* Reduction scratch: one partial (two floats) per work-item. */
static size_t reduction_bytes(int group)
{
    return (size_t)group * 2 * sizeof(float);
}

/* Bytes of one element of a row kept on-chip (kernels/smax_onchip.h):
 * 16-bit inputs as their bits, f32 as f32. */
static int onchip_bytes(smax_dtype in)
{
    return smax_dtype_bytes(in) == 2 ? 2 : 4;
}

/* On-chip pitch of one row, in its elements: room for cols plus the pad
 * (up to one 16-byte grid less one element) that aligns its vectors with
 * the global ones, rounded to 8 (the f32 swizzle permutes within aligned
 * 8-float blocks; 8 16-bit elements are one 16-byte access). */
static int64_t row_pitch(int64_t cols, int elem_bytes)
{
    return (cols + 16 / elem_bytes - 1 + 7) & ~(int64_t)7;
}

/* Longest row of per_col on-chip bytes a column whose pitch (row_pitch)
 * fits a group's on-chip memory beside `red` bytes of reduction scratch. */
static int64_t onchip_max_cols(smax_context ctx, size_t red, size_t per_col)
{
    const size_t local = ctx->traits.max_local_dynamic;
    if (local <= red + 16 * per_col)
        return 0;
    return ((int64_t)((local - red) / per_col) & ~(int64_t)7) - 8;
}

/* Longest row whose `arrays` on-chip copies (forward: the row; backward:
 * y and dy) of elem_bytes each fit beside the reduction scratch of the
 * largest group any on-chip row gets: that of a row too long to fit. */
static int64_t fused_max_cols_of(smax_context ctx, int arrays, int elem_bytes)
{
    return onchip_max_cols(
        ctx,
        reduction_bytes(
            row_group_size(ctx, (int64_t)ctx->traits.max_local_dynamic + 1)),
        (size_t)elem_bytes * (size_t)arrays);
}

/* An environment variable's whole number, at least 0; -1 where it is
 * unset, empty or anything else. */
static long env_count(const char *env)
{
    if (env == NULL || *env == '\0')
        return -1;
    char *end = NULL;
    const long n = strtol(env, &end, 10);
    return *end != '\0' || n < 0 ? -1 : n;
}

int smax_cluster_cap(int device_max, const char *env)
{
    const long n = env_count(env);
    if (n < 0)
        return device_max;
    if (n < 2)
        return 0;
    return n < device_max ? (int)n : device_max;
}

int64_t smax_fused_max_cols(smax_context ctx)
{
    return fused_max_cols_of(ctx, 1, onchip_bytes(SMAX_DTYPE_F32));
}

/* On-chip copies of a row per direction. */
static int fused_arrays(smax_direction dir)
{
    return dir == SMAX_BACKWARD ? 2 : 1;
}

/* Rows a group and groups, from the plan's group size and lanes. */
static void regroup(const smax_problem *p, smax_exec_plan *plan)
{
    plan->rows_per_group = plan->group_size / plan->lanes;
    plan->groups = ceil_div(p->rows, plan->rows_per_group);
}

static void set_row_mapping(const smax_problem *p, smax_exec_plan *plan,
                            int group, int elems_per_lane, int min_lanes)
{
    int64_t lanes = ceil_div(p->cols, elems_per_lane);
    plan->group_size = group;
    plan->lanes = pow2_at_least(lanes < min_lanes ? min_lanes : lanes,
                                plan->group_size);
    regroup(p, plan);
}

/* Peak bytes a second a compute unit of the H100 (SXM, 132 units) is fed
 * from memory, by its 2619 MHz clock (double data rate) and 5120-bit bus,
 * where SMAX_COOP_GROUPS_PER_CU and the fused kernels' choices were
 * measured. */
#define SMAX_REF_UNIT_BANDWIDTH (2619e6 * 2.0 * 5120.0 / 8.0 / 132.0)

/* How many times faster than the H100's the device's memory feeds one
 * compute unit, by the queried peak clock and bus width (OpenCL on NVIDIA
 * asks NVML, backends/opencl/nv_memory.c); 0 where unknown (other OpenCL
 * devices). The H200: 1.47. */
static double unit_memory_speedup(smax_context ctx)
{
    const double bandwidth = (double)ctx->traits.memory_bandwidth;
    const double units = (double)ctx->info.compute_units;
    if (bandwidth <= 0.0 || units <= 0.0)
        return 0.0;
    return bandwidth / (SMAX_REF_UNIT_BANDWIDTH * units);
}

/* Where memory feeds a compute unit at least this many times as fast as
 * the H100's, some rows leave the register and tile kernels for on-chip
 * memory (onchip_outpaces) and the forward tiles take smaller groups
 * (tile_group). */
#define SMAX_FAST_UNIT_MEMORY 1.25

/* Memory outpaces the H100's, and rows are kept asynchronously: where the
 * H200's rules were measured. */
static int memory_outpaces(smax_context ctx)
{
    return ctx->traits.async_keep &&
           unit_memory_speedup(ctx) >= SMAX_FAST_UNIT_MEMORY;
}

/* A gradient whose y and dy are 16-bit (kept as read, twice the
 * elements of a register or an on-chip byte that f32 ones are). */
static int bwd_16bit(const smax_exec_plan *plan)
{
    return plan->direction == SMAX_BACKWARD && plan->onchip_bytes == 2;
}

/* The deep register kernel's wider forms (f32 rows in its largest group,
 * rows of two 16-bit sides) may be planned: where the backend ran them
 * fastest, and under the test switch. */
static int deep_wide(smax_context ctx)
{
    return ctx->traits.deep_reg_wide || ctx->traits.test_deep_regs;
}

/* Largest group of the register-resident kernels for this plan. */
static int reg_group_cap(smax_context ctx, const smax_problem *p,
                         const smax_exec_plan *plan)
{
    if (plan->in_registers == 2 && deep_wide(ctx))
        return fit_group(ctx, SMAX_FWD_DEEP_GROUP(
                                  (int)smax_dtype_bytes(p->x_dtype),
                                  (int)smax_dtype_bytes(p->y_dtype)));
    return fit_group(ctx,
                     bwd_16bit(plan) ? SMAX_REG_WIDE_GROUP : SMAX_REG_GROUP);
}

/* Vectors a lane of the register-resident kernel of this plan holds
 * (kernels/smax_geometry.h). */
static int reg_vectors(const smax_problem *p, const smax_exec_plan *plan)
{
    if (plan->direction == SMAX_BACKWARD)
        return SMAX_REG_VECTORS;
    const int in = (int)smax_dtype_bytes(p->x_dtype);
    const int out = (int)smax_dtype_bytes(p->y_dtype);
    return plan->in_registers == 2   ? SMAX_FWD_DEEP_REG_VECTORS(in, out)
           : plan->in_registers == 3 ? SMAX_FWD_NARROW_REG_VECTORS(in, out)
                                     : SMAX_FWD_REG_VECTORS(in, out);
}

/* Elements a lane of the register-resident kernel holds. */
static int64_t reg_lane_elems(const smax_problem *p,
                              const smax_exec_plan *plan)
{
    return (int64_t)plan->vec * reg_vectors(p, plan);
}

/* Forward rows read as 16-bit and written as f32. */
static int fwd_widens(const smax_problem *p, const smax_exec_plan *plan)
{
    return plan->direction == SMAX_FORWARD &&
           smax_dtype_bytes(p->x_dtype) < smax_dtype_bytes(p->y_dtype);
}

/* Longest row the register-resident kernels take: every item of the
 * largest group on it; for rows written wider than read, a quarter of
 * that: a warp's lanes (1024 columns). Past it they ran behind on-chip
 * memory wherever measured, while rows narrowed to 16-bit ran at copy in
 * registers (H200, % of copy, same run, registers -> on-chip: bf16 -> f32
 * 1536, 2048, 2049, 3000, 4096 columns 74, 75.6, 58, 71, 78 -> 88, 91, 91,
 * 90, 93, f16 -> f32 4096 78 -> 93; f32 -> bf16 4096 101 -> 99-101;
 * bench/results/h200-2026-11-28d, calls 1 and 2). */
static int64_t reg_max_cols(smax_context ctx, const smax_problem *p,
                            const smax_exec_plan *plan)
{
    const int64_t reach = reg_lane_elems(p, plan) * reg_group_cap(ctx, p, plan);
    return fwd_widens(p, plan) ? reach / 4 : reach;
}

/* SMAX_REG_GROUP items, or as many as one row needs up to the cap. */
static int reg_group(smax_context ctx, const smax_problem *p,
                     const smax_exec_plan *plan)
{
    const int64_t lanes = ceil_div(p->cols, reg_lane_elems(p, plan));
    return pow2_at_least(lanes > SMAX_REG_GROUP ? lanes : SMAX_REG_GROUP,
                         reg_group_cap(ctx, p, plan));
}

/* Largest row slot of the tile kernel, in items, where input and output
 * are 16-bit, where an f32 side is read, and where it is written (whose
 * tile takes twice the on-chip bytes, and whose register kernel loses
 * less to odd rows). H100, % of copy against the register kernel
 * (bench/results/h100-2026-11-24c): bf16 rows of 100 columns 71.5 ->
 * 80.0, 250 85.6 -> 89.3, 1001 87.0 -> 89.7 (64 items); bf16 -> f32 100
 * 64 -> 90, 196 84 -> 87. Row slots of 32 items against 16
 * (bench/results/h100-2026-11-24d, folder 8): an f32
 * side read, f32 -> bf16 rows of 257, 300, 333 columns 78-88 -> 91-100,
 * 500 99 -> 100, the gradient's f32 y, dy -> bf16 dx 63-71 -> 90-97; the
 * gradient's f32 dx lost at 333 and 500 (95 -> 90, 100 -> 93). Forward
 * rows written as f32 gained at 257-384 columns (70-83 -> 82-92, folder
 * 11) and, since the row passes test only the slots that may lie past
 * the row, at 385 (84 -> 94) and no longer lose at 500 (95 either way;
 * bench/results/h100-2026-11-24e, folder 3). The gradient of 16-bit
 * rows, 32 -> 64 items since then: bf16 rows of 777 columns 87 -> 97, 513
 * 62 -> 71, 1001 98 -> 97 (folder 3). */
#define SMAX_TILE_MAX_LANES_F32_IN 32
#define SMAX_TILE_MAX_LANES_F32_OUT 32
#define SMAX_BWD_TILE_MAX_LANES_F32_OUT 16
/* 16-bit rows: the forward 128 items, the gradient 64. Rows just past a
 * power of two leave half of the register kernel's slots idle (it holds
 * 32 elements a lane in a power of two of lanes), a tile of 128 items a
 * fifth at most: bf16 1025, 1100, 1500 columns 60, 69, 83 -> 77, 88, 99%
 * of copy, 1801 88 either way; of 256 items the tiles lost where the
 * register kernel's slots are full (4095: 92 -> 84) and the gradient's
 * lost past 1500 columns (1801: 97 -> 76; bench/results/h100-2026-11-24e,
 * folder 5). */
#define SMAX_TILE_MAX_LANES 128
#define SMAX_BWD_TILE_MAX_LANES 64

/* Lanes of `per` elements each that a row takes when its lanes are a
 * power of two (the register and on-chip fused kernels). */
static int64_t pow2_lanes(int64_t cols, int64_t per)
{
    return pow2_at_least(ceil_div(cols, per), 1 << 20);
}

/* Slots of a row in the register kernel: reg_lane_elems elements a lane
 * in a power of two of lanes. */
static int64_t reg_slots(const smax_problem *p, const smax_exec_plan *plan)
{
    const int64_t per = reg_lane_elems(p, plan);
    return per * pow2_lanes(p->cols, per);
}

/* Whether the register kernel would leave a third or more of a row's
 * reg_slots idle (rows just past a power of two). The gradient's rows of this
 * kind that need more than a warp's tile slots run on-chip
 * (bwd_onchip_pays), and the others fit its tile cap. (Forward 16-bit
 * tiles took row slots of twice their cap there, 256 items, for rows of
 * 2049-4096 columns, bf16 2049 60.5 -> 80.0% of copy,
 * bench/results/h100-2026-11-24e, folder 10; since the forward register
 * kernel of 16-bit pairs holds rows of up to 2048 columns, those rows run
 * on-chip, which ran ahead of the tiles: 2049 77 -> 79, 2500 83 -> 85,
 * bench/results/h100-2026-11-24f, folder 4, cand2.) */
static int reg_slots_idle_third(const smax_problem *p,
                                const smax_exec_plan *plan)
{
    return 3 * p->cols <= 2 * reg_slots(p, plan);
}

/* The largest row slot, in items, of the tile kernel for this pair and
 * direction (out: y forward, dx in the gradient); the caps above say why. */
static int tile_lane_cap(const smax_problem *p, const smax_exec_plan *plan,
                         smax_dtype out)
{
    const smax_direction dir = plan->direction;
    if (smax_dtype_bytes(out) == 4)
        return dir == SMAX_FORWARD ? SMAX_TILE_MAX_LANES_F32_OUT
                                   : SMAX_BWD_TILE_MAX_LANES_F32_OUT;
    if (smax_dtype_bytes(p->x_dtype) == 4 || smax_dtype_bytes(p->y_dtype) == 4)
        return SMAX_TILE_MAX_LANES_F32_IN;
    return dir == SMAX_BACKWARD ? SMAX_BWD_TILE_MAX_LANES
                                : SMAX_TILE_MAX_LANES;
}

/* Ways of the worst bank conflict among the first elements that the row
 * slots of one warp of a tile group read at once (SMAX_TILE_BANK_ITEMS
 * items, rows `step` apart, each row `lanes` elements of `bytes` from its
 * start), over both parities of a row's start: the distinct 4-byte words
 * that one bank holds. */
static int tile_bank_ways(int64_t cols, int lanes, int bytes, int64_t step)
{
    int worst = 1;
    for (int64_t r0 = 0; r0 < 2; ++r0) {
        int64_t words[SMAX_TILE_BANK_ITEMS];
        int n = 0;
        for (int k = 0; k < SMAX_TILE_BANK_ITEMS / lanes; ++k)
            for (int lane = 0; lane < lanes; ++lane) {
                const int64_t w = ((r0 + k * step) * cols + lane) * bytes / 4;
                int seen = 0;
                for (int i = 0; i < n; ++i)
                    seen |= words[i] == w;
                if (!seen)
                    words[n++] = w;
            }
        for (int i = 0; i < n; ++i) {
            int ways = 0;
            for (int j = 0; j < n; ++j)
                ways += words[j] % 32 == words[i] % 32;
            worst = ways > worst ? ways : worst;
        }
    }
    return worst;
}

/* Whether a warp's row slots should take rows G / SMAX_TILE_BANK_ITEMS
 * apart rather than consecutive ones: where that conflicts less. */
static int tile_spread_pays(int64_t cols, int lanes, int bytes, int g)
{
    if (lanes >= SMAX_TILE_BANK_ITEMS || g % SMAX_TILE_BANK_ITEMS)
        return 0;
    return tile_bank_ways(cols, lanes, bytes, g / SMAX_TILE_BANK_ITEMS) <
           tile_bank_ways(cols, lanes, bytes, 1);
}

/* A tile's row slot for these rows, in items (groups of g): the fewest
 * lanes, a power of two, that hold the row at SMAX_TILE_ITEM_ELEMS
 * elements a lane. */
static int tile_lanes(const smax_problem *p, int g)
{
    return pow2_at_least(ceil_div(p->cols, SMAX_TILE_ITEM_ELEMS), g);
}

/* The forward of 16-bit x and y: the tile kernel's bounded instantiation
 * (SMAX_TILE_GROUPS_PER_CU). */
static int fwd_16bit_sides(const smax_problem *p, const smax_exec_plan *plan)
{
    return plan->direction == SMAX_FORWARD &&
           smax_dtype_bytes(p->x_dtype) == 2 &&
           smax_dtype_bytes(p->y_dtype) == 2;
}

/* Whether forward rows of 16-bit x and y on the vector grid run as tiles:
 * where the register kernel would fill under 15/16 of its reg_slots, for
 * a row pass takes N = 8..16 slots a lane (SMAX_TILE_WIDTHS) and
 * fills them. H100, % of
 * copy, same run (bench/results/h100-2026-11-25, call 7): bf16 192, 320,
 * 384, 640, 768, 896, 1152, 1280, 1536, 1792 columns 94.5, 81.5, 93.3,
 * 82.3, 93.6, 98.9, 76.4, 82.7, 92.5, 99.7 -> 102.3, 97.6, 101.1, 101.5,
 * 102.7, 104.1, 97.3, 99.1, 103.2, 101.6; f16, bf16 log-softmax and f16 ->
 * bf16 at 384-1536 +7 to +24; 1920 (15/16 full) level; full rows lost
 * (1024 96.9 -> 94.6, 2048 96.2 -> 93.7). */
static int tile_fills_grid_rows(const smax_problem *p,
                                const smax_exec_plan *plan)
{
    return fwd_16bit_sides(p, plan) && 16 * p->cols < 15 * reg_slots(p, plan);
}

/* Items of a tile kernel's group. Where memory feeds a compute unit at
 * least SMAX_FAST_UNIT_MEMORY times as fast as the H100's, the forward
 * tiles of a 16-bit x take groups of half the items, twice as many a unit
 * (the same registers and on-chip memory a unit: the kernel's bound of 6
 * groups of 256 items holds an item to 40 registers either way, and the
 * compiler gives y = f32's 48 either way). Fewer items wait at each of a
 * group's barriers and for each tile.
 * H200, % of copy, 2^25 elements (bench/results/h200-2026-11-30c): call
 * 6, A B C C B A, 256 / 128 / 512 items, bf16 100 columns 82.7, 82.0 /
 * 85.3, 84.3 / 76.0, 76.7; 145 74.2, 73.9 / 75.9, 75.9 / 69.5, 69.8; 229
 * 80.4, 80.7 / 82.7, 83.7 / 76.5, 75.1; call 7, A B C C B A, 256 / 128 /
 * 64 items: bf16 33, 100, 145, 229 75.5, 82.7, 73.9, 81.2 -> 76.5, 84.2,
 * 75.0, 83.2 (64: 145 66.6); f16 100, 145, 229 81.7, 74.8, 80.0 -> 83.4,
 * 76.3, 82.2; bf16 log-softmax 229 76.1 -> 77.7; bf16 -> f16 145 73.8 ->
 * 74.7 (means of two runs); 2000 x 145 (42 tiles) 66.2 -> 64.1;
 * bench/results/h200-2026-11-30e, call 2, 256 / 128 / 64: bf16 -> f32
 * 100, 145, 363 85.5, 81.5, 81.2 / 91.4, 88.3, 88.9 / 92.2, 78.8, 81.4,
 * its log-softmax 145 78.6 / 87.5 / 76.3. An f32 x keeps 256 (f32 -> bf16
 * 145, 287 96.2, 93.6 / 93.8, 86.0), and so do the gradient's tiles, 4
 * groups of 256 a unit, which lost at some widths (h200-2026-11-30c call
 * 6, f16 -> f32 457 94.9, 94.7 -> 88.9, 89.2; 30e call 2, bf16 457 100.5
 * -> 97.4). */
static int tile_group(smax_context ctx, const smax_problem *p,
                      const smax_exec_plan *plan)
{
    const int halve = plan->direction == SMAX_FORWARD &&
                      smax_dtype_bytes(p->x_dtype) == 2 &&
                      unit_memory_speedup(ctx) >= SMAX_FAST_UNIT_MEMORY;
    return fit_group(ctx, halve ? SMAX_TILE_GROUP / 2 : SMAX_TILE_GROUP);
}

/* Rows of a 16-bit type that lie back to back in memory (x and y row
 * strides = cols, and dy's in the gradient) and whose bytes are not a
 * multiple of 16, so that every other row starts off the vector grid, run
 * as flat tiles of several rows (kernels/smax_tile.h): whole
 * 16-byte vectors but at a tile's two ends. Rows on the grid stay in
 * registers where those fill (bf16 262144 x 128 94 -> 80% of copy as
 * tiles, 8192 x 4096 93 -> 85) or tile_fills_grid_rows says not. Returns
 * 0, the plan untouched, where the tile does not apply or does not fit
 * on-chip. */
static int plan_fused_tile(smax_context ctx, const smax_problem *p,
                           smax_exec_plan *plan)
{
    const int g = tile_group(ctx, p, plan);
    const int64_t tile_max = (int64_t)SMAX_TILE_LOAD_ELEMS * g;
    const int lanes = tile_lanes(p, g);
    const smax_dtype out =
        plan->direction == SMAX_BACKWARD ? p->x_dtype : p->y_dtype;
    const int packed = p->x_row_stride == p->cols &&
                       p->y_row_stride == p->cols &&
                       (plan->direction == SMAX_FORWARD ||
                        p->dy_row_stride == p->cols);
    if (plan->vec != 8 || !packed ||
        p->cols > (int64_t)SMAX_TILE_ITEM_ELEMS * g ||
        lanes > tile_lane_cap(p, plan, out) ||
        (p->cols % plan->vec == 0 && !tile_fills_grid_rows(p, plan)))
        return 0;
    /* As many rows as fit, in whole rounds of the group's row slots: a
     * power of two rows left tiles of 150 or 333 columns 59-65% full
     * (bf16 79 -> 85% of copy, 77 -> 80 so); rows that fit but leave
     * slots idle in the last round cost more (x100 89 -> 76,
     * bench/results/h100-2026-11-24d/3). slots * cols <= tile_max / 2:
     * lanes >= cols / SMAX_TILE_ITEM_ELEMS. */
    const int64_t slots = g / lanes;
    const int64_t tile_rows = slots * (tile_max / (slots * p->cols));
    const int64_t n = tile_rows * p->cols;
    const size_t local = (size_t)SMAX_TILE_IN_SPAN(n, p->cols) *
                             (size_t)plan->onchip_bytes *
                             (size_t)fused_arrays(plan->direction) +
                         (size_t)SMAX_TILE_SPAN(n) * smax_dtype_bytes(out) +
                         reduction_bytes(g);
    if (local > ctx->traits.max_local_dynamic)
        return 0;
    plan->tile_rows = (int)tile_rows;
    plan->tile_spread =
        tile_spread_pays(p->cols, lanes, plan->onchip_bytes, g);
    plan->group_size = g;
    plan->lanes = lanes;
    plan->rows_per_group = (int)tile_rows;
    plan->groups = ceil_div(p->rows, tile_rows);
    plan->local_bytes = local;
    return 1;
}

/* Vectors a lane of the on-chip fused kernels should have in flight. The
 * lanes of a row are a power of two, SMAX_ELEMS_PER_LANE elements a lane
 * rounded up; where that leaves every lane fewer than this many vectors
 * (rows just past a power of two), half the lanes serve the row, each
 * with twice the vectors, and a compute unit holds twice the rows:
 *  - the gradient of 16-bit inputs always: the lanes of
 *    SMAX_ONCHIP_LANE_VECTORS vectors rounded down (bf16 rows of 1025,
 *    2049, 4097 columns 84, 85, 93 -> 93, 90, 88% of copy, 2300 70 -> 93,
 *    8193-16385 level);
 *  - the forward, once, where rounding up left under 2.25 vectors a lane
 *    (f32 2049 84 -> 101, bf16 4097 80 -> 94); with more it lost (bf16
 *    5000 89 -> 79, f32 2500 95 -> 93);
 *  - not the f32 gradient, which lost at 2049 (93 -> 87).
 * bench/results/h100-2026-11-24f, folders 3 and 4. */
#define SMAX_ONCHIP_LANE_VECTORS 4
/* The on-chip gradient of mixed widths (f32 y and dy with a 16-bit dx, or
 * the reverse) halves its lanes while a lane has fewer than 3/2 vectors,
 * so that each has 1.5 to 3: of two powers of two, the lanes nearer the
 * row's vectors. The 16-bit gradient's lanes of four to eight vectors left
 * mixed rows idling (H200, 16-bit y, f32 dx, A B C C B A, lanes of 4-8 /
 * 2-4 vectors: 575, 1500, 3001, 6001 columns 73.9, 79.5, 80.3, 81.5 ->
 * 88.3, 91.7, 92.0, 92.3% of copy, 2048 92 -> 94), and so did lanes of 2-4
 * for f32 y and dy (A B B A, 2-4 / 1.5-3 vectors, f32 -> bf16 801, 913,
 * 1001, 1700, 1999, 3501, 4001 77.4, 76.4, 78.9, 78.5, 78.4, 74.7, 79.6 ->
 * 86.1, 91.6, 89.7, 92.2, 91.4, 93.7, 92.2, f32 -> f16 +0-12, log-softmax
 * 913 80.5 -> 88.6), where lanes of 1.43-1.46 vectors lost to twice that
 * (733, 1500, 3001: 86.6, 82.9, 84.5 -> 78.6, 81.9, 82.2);
 * bench/results/h200-2026-11-30g, call 2. Lanes of 2-4 vectors had
 * replaced lanes of one or two (f32 -> f16 513, 575, 1149, 2500 83.9,
 * 78.6, 79.4, 84.7 -> 94.3, 87.3, 88.1, 91.3; h200-2026-11-30f, call 7).
 * bwd_mixed_lanes: that power of two for a row of `cols` in vectors of
 * `vec` elements. */
static int64_t bwd_mixed_lanes(int64_t cols, int vec)
{
    int64_t lanes = 1;
    while (2 * cols >= 6 * lanes * vec)
        lanes *= 2;
    return lanes;
}

static int onchip_fewer_lanes(const smax_problem *p, const smax_exec_plan *plan)
{
    if (plan->direction == SMAX_BACKWARD) {
        if (smax_dtype_bytes(p->x_dtype) != smax_dtype_bytes(p->y_dtype))
            return plan->lanes > bwd_mixed_lanes(p->cols, plan->vec);
        return plan->onchip_bytes == 2 &&
               plan->lanes > ceil_div(p->cols, (int64_t)plan->vec *
                                                   SMAX_ONCHIP_LANE_VECTORS);
    }
    return 4 * p->cols < 9 * (int64_t)plan->vec * plan->lanes;
}

/* Forward rows take lanes of SMAX_WIDE_LANE_BYTES of x (64 16-bit
 * elements, 32 f32; 8 vectors),
 * and a group to themselves once they fill SMAX_ALONE_LANES lanes. A
 * row's fixed work (its two group reductions, the set-up of its loops)
 * does not shrink with a lane's share, and the 16-bit rows, whose
 * exponentials are one FMA each (kernels/smax_fused.h), are bound by
 * instruction issue: at 32 elements a lane, bf16 32768 x 8192 spent about
 * 13 of its 25 instructions an element in the loops over its vectors
 * (H200: ncu's count against the loops' SASS). A row alone in its group
 * waits at no other row's barriers (bf16 8192 columns with a group of two
 * rows: 97.8, 97.9 -> 97.0, 96.5). H200, ABBA
 * (bench/results/h200-2026-11-28c, calls 2 and 5), % of copy before ->
 * after: bf16 4096 95.1, 95.5 -> 97.2, 98.3; 5000 73.1, 72.8 -> 96.8,
 * 96.1; 6144 80.7, 79.8 -> 97.4, 96.9; 8192 95.8, 95.7 -> 97.3, 96.6; f16
 * 6144 81.5, 80.9 -> 97.2, 97.2; f32 (16 elements a lane before) 3000
 * 80.1, 80.2 -> 97.4, 97.3; 4096 96.0, 96.2 -> 97.6, 97.1; 2049 90.7,
 * 90.8 -> 93.1, 92.4; 5000-8192 level or up to half a point up; rows
 * whose lanes the group caps (16-bit past 8192 columns, f32 past 4096)
 * keep them. 128 elements a 16-bit lane lost 1-2 points, 64 an f32 lane
 * gained at 2049 and lost half a point at 5000-6144. A bf16 row written
 * as f32 had lost at 64 elements (8192: 93.3, 93.0 -> 87.1, 87.4) and
 * took 32 (its wider side; against 16, 3000 83.5 -> 89.5, 5000 78 ->
 * 88.5; bench/results/h200-2026-11-28d, calls 1 and 2) until its stores
 * wrote whole sectors (SMAX_OUT_QUADS); since, 64 (H200, A B B A, bf16 ->
 * f32 1500, 1537, 2049, 3001, 5000, 6145, 8192 85.8, 87.3, 90.1, 89.0,
 * 81.9, 86.2, 92.0 -> 92.2, 91.8, 92.1, 90.9, 96.0, 92.9, 94.1, f16 ->
 * f32 5000, 6145 81.8, 86.4 -> 96.4, 93.0; lost 2048, 2500, 4096 92.4,
 * 90.9, 93.6 -> 91.1, 89.4, 91.8; bench/results/h200-2026-12-01c, calls
 * 6 and 7). CPU devices keep SMAX_ELEMS_PER_LANE. */
#define SMAX_WIDE_LANE_BYTES 128
#define SMAX_ALONE_LANES 128

static int onchip_wide_lane_elems(smax_context ctx, const smax_problem *p,
                                  const smax_exec_plan *plan)
{
    if (ctx->traits.is_cpu || plan->direction != SMAX_FORWARD)
        return 0;
    return SMAX_WIDE_LANE_BYTES / (int)smax_dtype_bytes(p->x_dtype);
}

/* Whether a forward row in lanes of lane_elems takes half the lanes: rows
 * off the vector grid (cols not a multiple of the vector) whose lanes are
 * at most 5/8 full, past the register kernel's reach (shorter rows came
 * on-chip for exactly their lanes: fwd_onchip_pays; halved, f32 513 lost
 * 93 -> 91 and 1025 gained under a point). H200, ABBA, % of copy before
 * -> after (bench/results/h200-2026-11-28d, call 2): bf16 2049, 2300,
 * 2500, 4097 89.7, 84, 86, 92 -> 91.6, 91.4, 91.5, 92.6; f32 2049, 4097
 * 93, 90 -> 95, 94. Rows on the grid lost (f32 2500, 5000 97, 99.3 -> 96,
 * 97; bf16 4600, 5000 97, 97.7 -> 95.5, 95.5). A row that had a group to
 * itself keeps one (f32 2049 94.2 -> 95.1 against sharing one). Rows read
 * narrower than written, in lanes of 64 elements, keep them (halved, bf16
 * -> f32 1025, 4097 94.6, 95.8 -> 88.2, 92.5, log-softmax 2049 96.2 ->
 * 92.1; h200-2026-12-01c, call 7). */
static int wide_lanes_halve(smax_context ctx, const smax_problem *p,
                            const smax_exec_plan *plan, int lane_elems)
{
    return p->cols % plan->vec != 0 && p->cols > reg_max_cols(ctx, p, plan) &&
           smax_dtype_bytes(p->x_dtype) >= smax_dtype_bytes(p->y_dtype) &&
           8 * p->cols <= 5 * (int64_t)lane_elems * plan->lanes;
}

/* Whether the gradient's on-chip rows take the deep kernel
 * (smax_bwd_fused_deep; smax_geometry.h says why): where its groups fit
 * SMAX_BWD_DEEP_GROUP and its batches fetch a lane's vectors in fewer
 * round trips than the shallow kernel's (an f32 lane of 4 vectors takes
 * two either way, and ran 101 -> 97% of copy deep, f32 4097 columns on
 * the H200). GPUs only: a CPU device runs its own rows. */
static int bwd_deep_pays(smax_context ctx, const smax_problem *p,
                         const smax_exec_plan *plan)
{
    const int in = (int)smax_dtype_bytes(p->y_dtype);
    const int out = (int)smax_dtype_bytes(p->x_dtype);
    const int64_t vectors = ceil_div(p->cols / plan->vec, plan->lanes);
    return plan->direction == SMAX_BACKWARD && !ctx->traits.is_cpu &&
           plan->group_size <= SMAX_BWD_DEEP_GROUP &&
           ceil_div(vectors, SMAX_BWD_DEEP_BATCH(in, out)) <
               ceil_div(vectors, SMAX_BWD_SHALLOW_BATCH(in, out));
}

/* The 16-bit gradient's deep lanes: the fewest, a power of two, that hold
 * at most one deep batch of vectors each, so that each lane waits for
 * memory once (its 4-8 vectors a lane became 2.5-5 where they were more
 * than 5). */
static void bwd_deep_lanes(const smax_problem *p, smax_exec_plan *plan)
{
    const int in = (int)smax_dtype_bytes(p->y_dtype);
    const int out = (int)smax_dtype_bytes(p->x_dtype);
    if (!plan->deep_keep || in != 2 || out != 2)
        return;
    const int lanes = pow2_at_least(
        ceil_div(p->cols / plan->vec, SMAX_BWD_DEEP_BATCH(in, out)),
        plan->group_size);
    if (lanes > plan->lanes) {
        plan->lanes = lanes;
        regroup(p, plan);
    }
}

/* The group of the gradient's on-chip row of row_bytes, from
 * row_group_size's `g`: where a group's on-chip memory holds three such
 * rows, `g` is twice SMAX_BWD_DEEP_GROUP items and the row's vectors do
 * not split evenly over them, the deep kernel's group instead, where
 * memory outpaces the H100's.
 * The shallow kernel's 48 registers an item let a unit hold two groups of
 * 512, the deep kernel's 64 three of 256, and the ragged lanes of 512
 * waited on their last batch. H200, forced fused, A B B A, 512 -> 256
 * items, % of copy (bench/results/h200-2026-12-02d, call 5): f32 4596 x
 * 7300 90.1, 89.5 -> 96.0, 95.5; 4473 x 7500 91.8, 91.5 -> 96.2, 95.8;
 * 3728 x 9000 84.8, 84.6 -> 87.9, 88.0; 3640 x 9216 84.3, 83.9 -> 92.3,
 * 92.6; log-softmax 9216 81.8, 81.3 -> 91.7, 92.1; f32 -> bf16 dx 7500
 * 85.1, 85.7 -> 102.5, 102.3, 9216 83.1, 83.3 -> 92.4, 92.1; bf16 2298 x
 * 14600 76.0, 76.0 -> 98.6, 98.9, 1864 x 18000 82.8, 82.4 -> 87.9, 88.4;
 * 3532 x 9500 f32 85.2, 85.2 -> 84.2, 84.3, bf16 dx 84.0, 83.4 -> 85.5,
 * 85.6. Even rows ran better in 512 (f32 4096 x 8192 96.3, 96.2 -> 93.2,
 * 93.1; bf16 2048 x 16384 94.7, 94.6 -> 90.2, 90.0) and keep it. */
static int bwd_onchip_group(smax_context ctx, const smax_problem *p,
                            const smax_exec_plan *plan, int64_t row_bytes,
                            int g)
{
    if (plan->direction != SMAX_BACKWARD || !memory_outpaces(ctx) ||
        (int64_t)ctx->traits.max_local_dynamic / row_bytes != 3 ||
        g != 2 * SMAX_BWD_DEEP_GROUP || (p->cols / plan->vec) % g == 0)
        return g;
    return fit_group(ctx, SMAX_BWD_DEEP_GROUP);
}

/* On-chip bytes of a group of `group` items keeping `rows` rows of
 * row_bytes each. */
static size_t onchip_group_bytes(int64_t rows, size_t row_bytes, int group)
{
    return (size_t)rows * row_bytes + reduction_bytes(group);
}

static void plan_fused_onchip(smax_context ctx, const smax_problem *p,
                              smax_exec_plan *plan)
{
    const size_t row_bytes = (size_t)row_pitch(p->cols, plan->onchip_bytes) *
                             (size_t)plan->onchip_bytes *
                             fused_arrays(plan->direction);
    const int wide = onchip_wide_lane_elems(ctx, p, plan);
    const int64_t bytes =
        p->cols * plan->onchip_bytes * fused_arrays(plan->direction);
    set_row_mapping(p, plan,
                    bwd_onchip_group(ctx, p, plan, bytes,
                                     row_group_size(ctx, bytes)),
                    wide ? wide : SMAX_ELEMS_PER_LANE, 1);
    if (wide && plan->lanes >= SMAX_ALONE_LANES &&
        plan->lanes < plan->group_size) {
        plan->group_size = plan->lanes;
        plan->rows_per_group = 1;
        plan->groups = p->rows;
    }
    /* Rows shorter than a lane's vectors share a group, and their padded
     * pitch can take those rows past the group's on-chip memory where it
     * is small (OpenCL on NVIDIA, 48 KB: f32 y and dy rows of 14 columns,
     * 256 a group at a pitch of 24, 51200 bytes): fewer items then. */
    while (plan->rows_per_group > 1 &&
           onchip_group_bytes(plan->rows_per_group, row_bytes,
                              plan->group_size) >
               ctx->traits.max_local_dynamic) {
        plan->group_size /= 2;
        regroup(p, plan);
    }
    /* Halving the lanes doubles the rows a group keeps on-chip, but for a
     * row alone in its group, whose group halves with them. */
    const int alone = wide && plan->rows_per_group == 1;
    while (plan->lanes > 1 &&
           (wide ? wide_lanes_halve(ctx, p, plan, wide)
                 : onchip_fewer_lanes(p, plan)) &&
           (alone ||
            onchip_group_bytes(plan->group_size / (plan->lanes / 2),
                               row_bytes, plan->group_size) <=
                ctx->traits.max_local_dynamic)) {
        plan->lanes /= 2;
        if (alone)
            plan->group_size = plan->lanes;
        regroup(p, plan);
        if (plan->direction == SMAX_FORWARD)
            break; /* once: rounded up, then down */
    }
    plan->deep_keep = bwd_deep_pays(ctx, p, plan);
    bwd_deep_lanes(p, plan);
    plan->cols_padded = (int)row_pitch(p->cols, plan->onchip_bytes);
    plan->local_bytes =
        onchip_group_bytes(plan->rows_per_group, row_bytes, plan->group_size);
}

/* 16-bit gradient rows that would idle a third of the register kernel's
 * slots, and whose tiles' row slots would be wider than a warp, run
 * on-chip with the lanes above. The tiles and the register kernel hold a
 * row in a power of two of lanes of fixed slots, and rows past a warp
 * wait on group barriers (bf16 rows of 513, 1025, 1365 columns 72, 68,
 * 75% of copy as tiles, 2049 and 4097 77 and 73 in registers; on-chip 88,
 * 93, 99, 87, 88; f16 1025, 2049, 4097 69, 75, 76 -> 94, 92, 92). Rows of
 * a warp's tile slots or fewer stay (on-chip bf16 257, 300, 333 lost 12,
 * 6, 3 points), and so does the forward (bf16 300-1300 on-chip lost 2-16).
 * bench/results/h100-2026-11-24f, folders 3 and 4. */
static int bwd_onchip_pays(const smax_problem *p, const smax_exec_plan *plan)
{
    return plan->onchip_bytes == 2 &&
           p->cols > (int64_t)SMAX_TILE_ITEM_ELEMS * SMAX_TILE_BANK_ITEMS &&
           reg_slots_idle_third(p, plan);
}

/* Forward f32 rows of at most one vector past SMAX_ONCHIP_LANE_VECTORS
 * vectors of a power of two of lanes, from SMAX_REG_MIN_LANES lanes up (65,
 * 129, ..., 1025 columns and up to a vector more), run on-chip, where
 * onchip_fewer_lanes gives them exactly those lanes: the register kernel
 * would idle half its slots, and the on-chip lanes are full. H100, % of
 * copy, same run (bench/results/h100-2026-11-24g, folder 3): 65, 129, 257,
 * 513, 1025, 1026, 1027 columns 88.5, 87, 87.5, 87, 88.5, 89, 88 -> 93,
 * 100, 100.5, 101, 101.5, 102, 102 (Triton 99.7 at 1025, folder 5). A
 * lane's fifth vector lost it: 1050, 1090, 1060 columns 91, 91.5, 94 ->
 * 86.5, 85.5, 89.5; an aligned 1028 ran level. */
static int fwd_onchip_pays(const smax_problem *p, const smax_exec_plan *plan)
{
    const int64_t lane_elems = (int64_t)plan->vec * SMAX_ONCHIP_LANE_VECTORS;
    const int64_t lanes = pow2_lanes(p->cols, lane_elems) / 2;
    return plan->vec == 4 /* f32 in and out */ &&
           lanes >= SMAX_REG_MIN_LANES &&
           p->cols <= lanes * lane_elems + plan->vec;
}

/* Forward rows of two 16-bit sides that stay tiles where on-chip memory
 * outpaces instruction issue (onchip_outpaces): rows whose tile row slot
 * is at most a warp, with a row pass compiled for its lanes
 * (kernels/smax_tile.h, SMAX_TILE_BY_LANES), where its lanes hold at
 * least SMAX_TILE_WARP_MIN_WIDTH elements (SMAX_TILE_WARP_MIN_WIDTH_LOG
 * for log-softmax, whose pass does more an element): fewer leave the
 * row's two butterflies over a warp too few elements.
 * H200, % of copy, 2^25 elements, A B B A means, on-chip -> tiles
 * (bench/results/h200-2026-11-30d, call 4): bf16 rows of 260, 270, 287
 * columns (9 a lane) 90.0, 87.7, 89.0 -> 87.4, 89.8, 80.0; 300, 310, 320
 * (10) 90.0, 89.9, 97.2 -> 92.1, 92.9, 96.2; 321 - 511 80.0 - 94.9 ->
 * 85.7 - 99.0 (352: 94.9 -> 92.7; 330: 80.0 -> 93.0; 490 81.6 -> 98.0);
 * f16 and bf16 -> f16 alike (340: 88.6 -> 96.7, 511 85.5 -> 96.8);
 * bf16 log-softmax 270 - 420 84.9 - 90.4 -> 79.3 - 87.0, 470 84.9 ->
 * 87.3, 511 85.1 -> 90.3 (call 3: 457 81.6 -> 84.5). Rows past a warp's
 * row slot lost as tiles (575, 725, 1149: 92.5, 93.3, 94.4 -> 77.9,
 * 78.2, 77.4). Log-softmax, once its tile pass wrote d - log s
 * (bench/results/h200-2026-11-30e, call 5), on-chip -> tiles: bf16 300
 * (10 a lane) 90.2 -> 88.4, 330, 363, 400, 440 81.5, 82.9, 92.6, 94.5 ->
 * 90.7, 90.2, 93.8, 97.4; f16 300 90.3 -> 87.7, 363, 440 83.5, 94.8 ->
 * 88.7, 95.1; bf16 -> f16 330, 400 80.5, 92.4 -> 90.3, 94.1. */
#define SMAX_TILE_WARP_MIN_WIDTH 10
#define SMAX_TILE_WARP_MIN_WIDTH_LOG 11

static int fwd_tile_outpaces_onchip(const smax_problem *p)
{
    const int lanes = tile_lanes(p, SMAX_TILE_BANK_ITEMS);
    const int64_t width = ceil_div(p->cols, lanes);
    return lanes * SMAX_TILE_ITEM_ELEMS >= p->cols &&
           width >= ((p->flags & SMAX_FLAG_LOG) ? SMAX_TILE_WARP_MIN_WIDTH_LOG
                                                : SMAX_TILE_WARP_MIN_WIDTH);
}

/* The gradient's part of onchip_outpaces, by the widths of y and dy (in)
 * and dx (out), for rows that are not tiles:
 *  - two 16-bit sides: rows whose register slots would be under 3/4 full;
 *  - 16-bit in, f32 dx: rows that give each lane of a warp of on-chip lanes
 *    SMAX_ONCHIP_LANE_VECTORS vectors (past 1024 columns), slots full or not,
 *    and rows that the mixed lanes (onchip_fewer_lanes) hold in
 *    SMAX_BWD_WIDEN_MIN_LANES to SMAX_BWD_WIDEN_ONCHIP_LANES lanes, one
 *    warp's reduction a row, tiles and registers alike (below);
 *  - f32 in, 16-bit dx: rows off the vector grid, where the register
 *    kernel, holding twice the f32 bytes of a vector (114 registers an
 *    item, occupancy 23%; ncu, f32 -> f16 29203 x 1149: DRAM 46% against
 *    60% on-chip), ran at 60-85% of copy; on the grid it holds 101-104%;
 *  - f32 both: none (on-chip lost from 145 to 1149 columns, 92 -> 82).
 * H200, % of copy, 2^25 elements (bench/results/h200-2026-11-30f): forced,
 * means of two rounds, registers / on-chip (call 2), f16 -> f32 287, 457,
 * 575, 913 73.9, 94.5, 74.7, 94.9 / 64.2, 68.1, 73.6, 75.1, 1149, 2048,
 * 4096 73.6, 85.0, 86.1 / 80.2, 91.7, 92.0; A B B A, the plan before ->
 * on-chip (call 3), f32 -> f16 513, 575, 700, 913, 1149, 1500, 2500 60.5,
 * 62.0, 73.7, 75.8, 68.3, 85.0, 80.7 -> 83.5, 78.4, 84.4, 87.2, 79.5,
 * 89.4, 84.3 (f32 -> bf16 575, 913, 1149 60-72 -> 68-91, 1500 83.3 ->
 * 81.8), but on the grid (so left in registers) 1000, 1800, 3000 104.0,
 * 104.5, 103.4 -> 103.7, 102.9, 102.2; log-softmax f32 -> f16 575, 1149
 * 56, 60 -> 71, 72; f16 -> f32 287 (then registers, in lanes of four
 * vectors) 64.6 -> 73.7 but bf16 log-softmax's 69.7 -> 66.8, 2048, 4096
 * 85.2, 86.3 -> 91.9, 92.0. */
#define SMAX_BWD_WIDEN_ONCHIP_LANES 32
/* Since the mixed lanes, 16-bit y and dy with an f32 dx run on-chip in a
 * warp or less of them: H200, A B C C B A, % of copy, forced, the plan's
 * tiles or registers / on-chip (bench/results/h200-2026-11-30g, call 4),
 * f16 -> f32 100, 145, 200, 257, 300, 350, 457, 511, 700, 767 87, 81.5,
 * 84.5, 68, 77, 85, 94.5, 96.5, 91.5, 90 -> 97, 83.5, 100, 98.5, 89, 91,
 * 99, 99, 95, 95.5, bf16 alike, log-softmax 145, 287, 733 66.5, 67.5, 80.5
 * -> 79.5, 82, 88; but 65 columns (4 lanes) 85 -> 83.5, and rows of 64
 * lanes, 769-1024 columns (769, 801, 913, 1001: 90.7, 91.8, 95.4, 97.3 ->
 * 89.8, 88.9, 93.5, 95.3; call 3), whose reduction crosses warps, stay. */
#define SMAX_BWD_WIDEN_MIN_LANES 8

static int bwd_onchip_outpaces(const smax_problem *p,
                               const smax_exec_plan *plan)
{
    const size_t in = smax_dtype_bytes(p->y_dtype);
    const size_t out = smax_dtype_bytes(p->x_dtype);
    if (in == 2 && out == 2)
        return 4 * p->cols < 3 * reg_slots(p, plan);
    if (in == 2) {
        const int64_t lanes = bwd_mixed_lanes(p->cols, plan->vec);
        return p->cols > (int64_t)SMAX_BWD_WIDEN_ONCHIP_LANES * plan->vec *
                             SMAX_ONCHIP_LANE_VECTORS ||
               (lanes >= SMAX_BWD_WIDEN_MIN_LANES &&
                lanes <= SMAX_BWD_WIDEN_ONCHIP_LANES);
    }
    if (out == 2)
        return p->cols % plan->vec != 0;
    return 0;
}

/* Rows that the register kernel or the tiles would take but that run
 * faster on-chip where memory outpaces instruction issue (the H200; the
 * H100's choices above were measured where it does not, and stay). The
 * on-chip kernels keep a row by asynchronous copies, every vector in
 * flight whatever share of a lane's slots the row fills, in lanes of
 * SMAX_WIDE_LANE_BYTES, and spend fewer instructions an element: ncu,
 * bf16 29203 x 1149, 27.8 M warp instructions on-chip against 40.0 M as
 * tiles and 57.5 M in registers, 37 against 50 and 71 us. So, on such a
 * device:
 *  - f32 forward rows whose register slots would be at most 5/8 full;
 *  - forward rows of two 16-bit sides longer than SMAX_REG_MIN_LANES
 *    on-chip lanes (256 columns): tiles and registers alike, but those
 *    that fwd_tile_outpaces_onchip keeps as tiles;
 *  - forward rows of a 16-bit x written as f32, longer than those lanes,
 *    in registers (not their tiles) whose slots would be under 3/4 full:
 *    the register kernel, issue-bound at about 54 instructions an
 *    element there, ran at 73-87% of copy, the on-chip lanes write whole
 *    sectors (SMAX_OUT_QUADS). H200, A B C C B A means, registers ->
 *    on-chip (bench/results/h200-2026-12-01d, call 1): bf16 -> f32 320,
 *    575, 640, 725 columns 87.3, 72.7, 87.1, 83.8 -> 95.8, 85.9, 96.3,
 *    89.3; f16 -> f32 320, 575 87.8, 73.1 -> 95.1, 85.2; log-softmax 320,
 *    575 86.3, 72.4 -> 95.1, 91.7. Fuller slots stayed (400, 512, 800,
 *    913, 1000, 1024: level to 4 points behind on-chip), and so did the
 *    tiles (300, 457 lost 3 and 4 points on-chip; 260 gained 7);
 *  - the gradient's rows in registers (not its tiles, but for 16-bit y
 *    and dy with an f32 dx) that bwd_onchip_outpaces names.
 * H200, % of copy, 2^25 elements, A B B A, the plans before -> these
 * (bench/results/h200-2026-11-29h, call 3): f32 145, 287, 320, 575, 640,
 * 1149, 1280 columns 78-94 -> 89-101 (575: 80.3, 79.8 -> 95.1, 94.8);
 * bf16 287-2048 72-90 -> 82-100 (1149: 69.9, 69.5 -> 94.7, 93.5; 320:
 * 76.8, 76.0 -> 97.7, 97.9), but 512 92.7, 92.7 -> 90.1, 90.1; f16 and
 * bf16 log-softmax alike; the bf16 gradient 320, 1449, 2897, 5793 72-78
 * -> 87-92, f16 alike; every other shape within 1.3 points. Forced, not
 * taken (call 2): on-chip f32 rows 3/4 full (181: 91.5 -> 89), 16-bit
 * forward rows of 256 columns or fewer as tiles (145, 229: 74, 80.5 ->
 * 68, 68.5), and the gradient's tiles (145, 287, 913: 83, 84, 85.5 ->
 * 52.5, 72.5, 83).
 * The gradient of 16-bit y and dy into an f32 dx takes its rule wherever
 * rows are kept asynchronously, the H100 included: there the register
 * kernel, with the f32 dx's stores, held 72 registers an item (three
 * groups a unit) and DRAM at 80.7% of peak, the on-chip rows 56 (four)
 * and 88.1 (ncu, bf16 11184 x 6000; 32768 x 2048 82.3 -> 89.0). H100, A B
 * B A, % of copy, registers or tiles -> on-chip
 * (bench/results/h100-2026-12-05d, calls 2 and 3), CUDA: bf16 y, dy 100,
 * 145, 200, 257 columns 96.5, 93.8, 93.7, 96.4 -> 100.6-100.9, 99.8,
 * 100.4-100.6, 100.0-100.1; 2048, 4096 93.8, 94.2 -> 99.3, 99.4; 5800,
 * 6000, 6500, 7000, 8192 94.2, 93.9, 95.9, 93.1, 91.6 -> 100.3-100.6,
 * 100.1-100.4, 99.8-100.1, 99.9-100.0, 98.9-99.0; f16 alike; log-softmax
 * 257, 300 82.6, 93.7 -> 100.0-100.1; HIP on NVIDIA alike (8192 91.8 ->
 * 98.9); NVIDIA's OpenCL 100, 257, 5800-8192 90-96 -> 99.5-102; every
 * other row of 100-16384 columns level or up to a point ahead. */
static int onchip_outpaces(smax_context ctx, const smax_problem *p,
                           const smax_exec_plan *plan)
{
    const size_t x = smax_dtype_bytes(p->x_dtype);
    const size_t y = smax_dtype_bytes(p->y_dtype);
    if (plan->direction == SMAX_BACKWARD) {
        const int widening = y == 2 && x == 4 && ctx->traits.async_keep;
        return (widening || memory_outpaces(ctx)) &&
               bwd_onchip_outpaces(p, plan);
    }
    if (!memory_outpaces(ctx))
        return 0;
    if (x == 4 && y == 4)
        return 8 * p->cols <= 5 * reg_slots(p, plan);
    const int past_min_lanes =
        p->cols > (int64_t)SMAX_REG_MIN_LANES *
                      onchip_wide_lane_elems(ctx, p, plan);
    if (x == 2 && y == 4)
        return past_min_lanes && 4 * p->cols < 3 * reg_slots(p, plan);
    return x == 2 && y == 2 && past_min_lanes && !fwd_tile_outpaces_onchip(p);
}

/* Rows within the register kernel's reach that run on-chip instead. The
 * gradient's rows that on-chip memory outpaces keep their tiles but where
 * y and dy are 16-bit and dx f32 (the tiles lost there, bwd_onchip_outpaces),
 * and the forward's rows written wider than read keep theirs, so those
 * are not taken here (plan_fused asks again after the tiles). */
static int onchip_pays(smax_context ctx, const smax_problem *p,
                       const smax_exec_plan *plan)
{
    if (plan->direction == SMAX_FORWARD)
        return fwd_onchip_pays(p, plan) ||
               (!fwd_widens(p, plan) && onchip_outpaces(ctx, p, plan));
    const int widening = smax_dtype_bytes(p->y_dtype) == 2 &&
                         smax_dtype_bytes(p->x_dtype) == 4;
    return bwd_onchip_pays(p, plan) ||
           (widening && onchip_outpaces(ctx, p, plan));
}

/* The row held in registers by the register kernel `kind`
 * (plan->in_registers: 1 the usual one, 2 the deep one, 3 the narrow
 * one). */
static void plan_in_registers(smax_context ctx, const smax_problem *p,
                              smax_exec_plan *plan, int kind)
{
    plan->in_registers = kind;
    set_row_mapping(p, plan, reg_group(ctx, p, plan),
                    (int)reg_lane_elems(p, plan), SMAX_REG_MIN_LANES);
    plan->local_bytes = reduction_bytes(plan->group_size);
}

/* Whether the forward row fits the register kernel `kind`
 * (plan->in_registers), and `as`, the plan held in it: f32 rows, and for
 * the deep kernel rows of two 16-bit sides too. */
static int fwd_register_row(smax_context ctx, const smax_problem *p,
                            const smax_exec_plan *plan, int kind,
                            smax_exec_plan *as)
{
    const size_t in = smax_dtype_bytes(p->x_dtype);
    const size_t out = smax_dtype_bytes(p->y_dtype);
    if (plan->direction != SMAX_FORWARD || in != out ||
        (in != 4 && (kind != 2 || !deep_wide(ctx))))
        return 0;
    *as = *plan;
    as->in_registers = kind;
    if (p->cols > reg_max_cols(ctx, p, as))
        return 0;
    plan_in_registers(ctx, p, as, kind);
    return 1;
}

/* The least share of the deep register kernel's slots that a row fills
 * for it to take the row, in SMAX_DEEP_FILL_DEN-ths: 7/8 for f32, 15/16
 * for two 16-bit sides (H200, CUDA, % of copy, on-chip -> deep: bf16 3584
 * and f16 3700 columns, 88 and 90% full, 97.0, 94.1 -> 95.8, 92.3; bf16
 * 3800, 4000, 93 and 98% full, 94.8, 96.6 -> 97.5, 99.7;
 * bench/results/h200-2026-12-02e, call 2). */
#define SMAX_DEEP_FILL_DEN 16
static int64_t deep_fill(const smax_problem *p)
{
    return smax_dtype_bytes(p->x_dtype) == 4 ? 14 : 15;
}

/* Forward rows (f32, or two 16-bit sides where deep_wide) past the
 * register kernel's reach that the deep one (smax_fused_regs_deep) holds
 * in its largest group with at least deep_fill of its slots filled, where
 * memory feeds a compute unit SMAX_FAST_UNIT_MEMORY times as fast as the
 * H100's (smax_geometry.h has the measurements; on-chip memory takes them
 * elsewhere); under the test switch, every such row it holds. */
static int plan_fused_deep(smax_context ctx, const smax_problem *p,
                           smax_exec_plan *plan)
{
    smax_exec_plan deep;
    if (!fwd_register_row(ctx, p, plan, 2, &deep))
        return 0;
    if (!ctx->traits.test_deep_regs &&
        (!memory_outpaces(ctx) || p->cols <= reg_max_cols(ctx, p, plan) ||
         p->cols * SMAX_DEEP_FILL_DEN <
             deep_fill(p) * reg_slots(p, &deep)))
        return 0;
    *plan = deep;
    return 1;
}

/* Forward f32 rows that fill every slot of the narrow register kernel's
 * row slot of at most the device's narrow_reg_lanes lanes (CUDA and HIP:
 * a warp, rows of 32, 64, 128 or 256 columns; NVIDIA's OpenCL: 32
 * columns) take it where memory outpaces the H100's as the deep kernel's
 * rows do (smax_geometry.h has the measurements); under the test switch,
 * every f32 row it holds. Called where the usual register kernel would
 * hold the row. */
static int plan_fused_narrow(smax_context ctx, const smax_problem *p,
                             smax_exec_plan *plan)
{
    smax_exec_plan narrow;
    if (!fwd_register_row(ctx, p, plan, 3, &narrow))
        return 0;
    if (!ctx->traits.test_narrow_regs &&
        (!memory_outpaces(ctx) || narrow.lanes > ctx->traits.narrow_reg_lanes ||
         p->cols != (int64_t)narrow.lanes * reg_lane_elems(p, &narrow)))
        return 0;
    *plan = narrow;
    return 1;
}

/* Which register kernel holds the row, for the plan's reason. */
static const char *register_kernel_words(const smax_exec_plan *plan)
{
    return plan->in_registers == 2   ? " (the deep kernel)"
           : plan->in_registers == 3 ? " (the narrow kernel)"
                                     : "";
}

static void plan_fused(smax_context ctx, const smax_problem *p,
                       smax_exec_plan *plan)
{
    plan->algorithm = SMAX_ALGO_FUSED;
    if (plan_fused_deep(ctx, p, plan))
        return;
    const int in_regs =
        p->cols <= reg_max_cols(ctx, p, plan) && !onchip_pays(ctx, p, plan);
    if (in_regs && plan_fused_tile(ctx, p, plan))
        return;
    /* the gradient's register rows that on-chip memory outpaces */
    if (in_regs && !onchip_outpaces(ctx, p, plan)) {
        if (!plan_fused_narrow(ctx, p, plan))
            plan_in_registers(ctx, p, plan, 1);
        return;
    }
    plan_fused_onchip(ctx, p, plan);
}

/* Largest on-chip memory a group may take where forward rows past it run
 * split (plan_fused_split): NVIDIA's OpenCL gives a group 48 KB of a
 * compute unit's 228, so one group of such a row still leaves room for
 * several on the unit, where rows past one group's memory otherwise run
 * the one-launch exchange of 2-4 chunks a row (72-84% of copy on the
 * H200: its tickets, waits and two more group reductions, 1.65x the
 * fused kernel's instructions by ncu; bench/results/h200-2026-12-01e,
 * call 4). Devices whose group may take the whole unit (CUDA, HIP) hold
 * those rows on-chip or as clusters already. */
#define SMAX_SPLIT_MAX_GROUP_LOCAL (48 * 1024)
/* The smallest and largest groups of a split row: register rows of 16-32
 * elements an item in groups of 512-1024 ran at 58-80% of copy on the
 * H200 (bench/results/h200-2026-12-01e, calls 2 and 3), and NVIDIA's
 * OpenCL runs no group past 256 items of smax's kernels. */
#define SMAX_SPLIT_MIN_GROUP 128
#define SMAX_SPLIT_MAX_GROUP 256
/* The largest group of a split gradient row whose y and dy are 16-bit.
 * H200, NVIDIA's OpenCL, A B B A, % of copy, the one-launch exchange ->
 * split (bench/results/h200-2026-12-01f, call 1): in 128 items bf16
 * 2796 x 12000 76.4 -> 86.1, bf16 y, dy -> f32 dx 81.3 -> 86.3; in 256,
 * 2048 x 16384, 80.2 -> 81.3 and 85.7 -> 75.5 (f32 y and dy in 256 items
 * gained 13-18 points). Not profiled (ncu has no OpenCL). */
#define SMAX_SPLIT_MAX_GROUP_BWD_16BIT 128
/* Most elements an item of a split row keeps on-chip; a row past it takes
 * the next larger group (plan_split_in). H200, NVIDIA's OpenCL, A B B A, %
 * of copy: in 128 items bf16 28000 columns (187 an item) ran at 76.0 where
 * the one-launch exchange ran 77.1 (bench/results/h200-2026-12-01e, call
 * 7); in 256 items (77) at 85.5 (h200-2026-12-01h, call 2); bf16, f16,
 * bf16 log-softmax 24000 (155 in 128 items) 81.0, 82.1, 80.4 in 128 items
 * -> 86.3, 86.1, 83.7 in 256 (62), and 24500 +1-3 points (12-01h, call 3).
 * f32 rows keep at most about 95 an item in 128 items. */
#define SMAX_SPLIT_MAX_ONCHIP_ITEM_ELEMS 120
/* The smallest group of a split row under the test switch on a CPU device:
 * rows of more than 128 columns split, so that the conformance suite's
 * rows of about a thousand columns (its special and layout groups) take
 * the split kernel. */
#define SMAX_SPLIT_TEST_CPU_GROUP 4

/* One group of g items holding the row with `elems` elements an item in
 * registers and the rest on-chip: 1, the plan made (reg_split = `kind`);
 * 0, no split (the registers alone hold the row); -1, the rest does not
 * fit this group's on-chip memory or would keep more than
 * SMAX_SPLIT_MAX_ONCHIP_ITEM_ELEMS an item (a larger group may hold it
 * with less an item: bf16 28000 columns keep 187 an item in 128 items,
 * 77 in 256). */
static int plan_split_in(smax_context ctx, const smax_problem *p,
                         smax_exec_plan *plan, int g, int elems, int kind)
{
    const int test = ctx->traits.test_split;
    const int64_t in_regs = (int64_t)elems * g;
    if (p->cols <= in_regs)
        return 0;
    /* the on-chip part starts on the row's vector grid: up to a vector
     * less than the items' registers hold */
    const int64_t pitch =
        row_pitch(p->cols - in_regs + plan->vec, plan->onchip_bytes);
    const size_t local = onchip_group_bytes(
        1, (size_t)(pitch * plan->onchip_bytes) * fused_arrays(plan->direction),
        g);
    if (local > ctx->traits.max_local_dynamic)
        return -1;
    if (!test &&
        p->cols - in_regs > (int64_t)SMAX_SPLIT_MAX_ONCHIP_ITEM_ELEMS * g)
        return -1;
    plan->algorithm = SMAX_ALGO_FUSED;
    plan->reg_split = kind;
    plan->group_size = g;
    plan->lanes = g;
    regroup(p, plan);
    plan->cols_padded = (int)pitch;
    plan->local_bytes = local;
    return 1;
}

/* plan_split_in in the groups from `least` to `most` items, doubling: the
 * first answer that is not -1, or -1 where no group holds the rest on-chip
 * within SMAX_SPLIT_MAX_ONCHIP_ITEM_ELEMS an item. */
static int plan_split_first(smax_context ctx, const smax_problem *p,
                            smax_exec_plan *plan, int least, int most,
                            int elems, int kind)
{
    for (int g = least; g <= most; g *= 2) {
        const int r = plan_split_in(ctx, p, plan, g, elems, kind);
        if (r >= 0)
            return r;
    }
    return -1;
}

/* A row past one group's on-chip memory held by one group all the same:
 * SMAX_SPLIT_ITEM_ELEMS elements an item in registers (of y and of dy for
 * the gradient), the rest on-chip (kernels/smax_fused_split.h,
 * smax_backward_fused_split.h), in the smallest group from
 * SMAX_SPLIT_MIN_GROUP up whose registers leave the rest room on-chip;
 * forward f32 rows past that in the largest group with
 * SMAX_SPLIT_WIDE_ITEM_ELEMS an item (smax_fused_split_wide).
 * Only where a group's on-chip memory is at most
 * SMAX_SPLIT_MAX_GROUP_LOCAL, or under the test switch (any device, any
 * row longer than its registers hold; on CPU devices from
 * SMAX_SPLIT_TEST_CPU_GROUP items; SMAX_TEST_SPLIT=2: forward f32 rows
 * the wide kernel's registers do not hold alone, wide from the smallest
 * group). Returns 0, the plan untouched, where no group holds the row so. */
static int plan_fused_split(smax_context ctx, const smax_problem *p,
                            smax_exec_plan *plan)
{
    const int test = ctx->traits.test_split;
    if (!test && (ctx->traits.is_cpu || ctx->traits.max_local_dynamic >
                                            SMAX_SPLIT_MAX_GROUP_LOCAL))
        return 0;
    const int most =
        fit_group(ctx, bwd_16bit(plan) ? SMAX_SPLIT_MAX_GROUP_BWD_16BIT
                                       : SMAX_SPLIT_MAX_GROUP);
    const int least = fit_group(ctx, test && ctx->traits.is_cpu
                                         ? SMAX_SPLIT_TEST_CPU_GROUP
                                         : SMAX_SPLIT_MIN_GROUP);
    const int wide = plan->direction == SMAX_FORWARD &&
                     smax_dtype_bytes(p->x_dtype) == 4;
    /* rows the wide kernel's registers alone hold take the other */
    if (wide && test == 2 &&
        plan_split_first(ctx, p, plan, least, most,
                         SMAX_SPLIT_WIDE_ITEM_ELEMS, 2) > 0)
        return 1;
    const int r = plan_split_first(ctx, p, plan, least, most,
                                   SMAX_SPLIT_ITEM_ELEMS, 1);
    if (r >= 0)
        return r;
    return wide && plan_split_in(ctx, p, plan, most,
                                 SMAX_SPLIT_WIDE_ITEM_ELEMS, 2) > 0;
}

/* Groups per compute unit of the one-item-per-row CPU kernel: enough that
 * the last groups of a launch leave no core idle for long. */
#define SMAX_CPU_GROUPS_PER_CU 8

/* Online on a CPU device: one work-item per row (kernels/smax_cpu_rows.h,
 * the gradient's kernels/smax_backward_cpu_rows.h). A CPU runs a group as
 * a loop over its items on one thread, so what a GPU gains from many items
 * on a row (memory parallelism) a CPU does not, and the barriers and
 * local-memory reductions of a shared row cost it time. Groups are as
 * large as the usual group where the rows are many, smaller where few rows
 * must still give every core several groups. Softmax rows keep their
 * exponentials between the sum and the output pass in local memory, one
 * slot of the row an item, where a slot fits: one exponential per element,
 * not two, as a 16-bit y could not hold them unrounded; the group shrinks
 * to the slots that fit. An f32 y had held them (and f32 rows too long for
 * a slot still do), but then takes two writes, the first reading each line
 * it writes; from the slot it is written once, around the cache. PoCL,
 * Intel Xeon, 2 cores, A B B A A B, medians (bench/results/pocl-2026-12-05c):
 * f32 softmax 65536 x 1024, 16384 x 4096, 4096 x 16384, 1024 x 65536
 * 1.34, 1.28, 1.18, 1.21x, the demo shapes 0.95-1.47x (32768 x 2048
 * 1.47); bf16 x into f32 y 1.13-1.37x at those 2^26-element shapes,
 * 1024 x 4096 0.89, 0.97, 1.04x in three runs. The store around the cache
 * is the gain: with ordinary stores from the slot, 0.68-1.00x. */
static void plan_cpu_rows(smax_context ctx, const smax_problem *p,
                          smax_exec_plan *plan)
{
    const int64_t want = ceil_div(p->rows, (int64_t)ctx->info.compute_units *
                                               SMAX_CPU_GROUPS_PER_CU);
    const int g = group_size(ctx);
    int group = fit_group(ctx, want < g ? want : g);
    /* whole 64-byte vectors a slot: the kernel stores them aligned */
    const int64_t pitch = (p->cols + 15) & ~(int64_t)15;
    const int forward = plan->direction == SMAX_FORWARD;
    const int64_t slots =
        forward && !(p->flags & SMAX_FLAG_LOG)
            ? (int64_t)ctx->traits.max_local_dynamic /
                  (pitch * (int64_t)sizeof(float))
            : 0;
    if (slots > 0 && group > slots)
        group = fit_group(ctx, slots);
    plan->algorithm = SMAX_ALGO_ONLINE;
    plan->per_item = 1;
    plan->group_size = group;
    plan->lanes = 1;
    plan->rows_per_group = plan->group_size;
    plan->groups = ceil_div(p->rows, plan->group_size);
    plan->cols_padded = slots > 0 ? (int)pitch : 0;
    /* The forward kernel's local argument must have a size even where it
     * has no slots (OpenCL sets it only for a size); the gradient's kernel
     * has none. */
    plan->local_bytes = slots > 0  ? (size_t)(group * pitch) * sizeof(float)
                        : forward ? 4 * sizeof(float)
                                  : 0;
}

static void plan_online(smax_context ctx, const smax_problem *p,
                        smax_exec_plan *plan)
{
    if (ctx->traits.is_cpu) {
        plan_cpu_rows(ctx, p, plan);
        return;
    }
    set_row_mapping(p, plan, group_size(ctx), SMAX_ELEMS_PER_LANE, 1);
    plan->algorithm = SMAX_ALGO_ONLINE;
    plan->local_bytes = reduction_bytes(plan->group_size);
}

static void plan_multiblock(smax_context ctx, const smax_problem *p,
                            smax_exec_plan *plan)
{
    /* On a CPU device: one work-item per chunk, as in plan_cpu_rows (a
     * chunk of up to SMAX_MB_MAX_CHUNK elements stays in the core's cache
     * between its passes); the merge still folds group_size(ctx) partials
     * per group, one item each. */
    const int cpu_items = ctx->traits.is_cpu;
    int g = cpu_items ? 1 : group_size(ctx);
    int64_t target = (int64_t)ctx->info.compute_units * SMAX_GROUPS_PER_CU;
    int64_t chunks_wanted = ceil_div(target, p->rows);
    const int64_t vec = plan->vec;
    int64_t len = (ceil_div(p->cols, chunks_wanted) + vec - 1) & ~(vec - 1);
    int64_t min_len = vec * (int64_t)g;
    if (len < min_len)
        len = min_len;
    if (len > SMAX_MB_MAX_CHUNK)
        len = SMAX_MB_MAX_CHUNK;

    plan->algorithm = SMAX_ALGO_MULTIBLOCK;
    plan->group_size = g;
    plan->lanes = g;
    plan->rows_per_group = 1;
    plan->chunk_len = (int)len;
    plan->chunks = (int)ceil_div(p->cols, len);
    plan->groups = p->rows * plan->chunks;
    /* A GPU group folds SMAX_MB_MERGE_PER_ITEM partials an item: 1 x 2^24
     * (1024 chunks) then needs no merge launch at all, its phase 3 merging
     * the partials itself (smax_mb_normalize). */
    plan->fan_in = cpu_items ? group_size(ctx) : SMAX_MB_MERGE_PER_ITEM * g;
    plan->local_bytes = reduction_bytes(g);
    int64_t n = plan->chunks, level_out = ceil_div(n, plan->fan_in);
    plan->merge_levels = 0;
    do {
        n = ceil_div(n, plan->fan_in);
        plan->merge_levels++;
    } while (n > 1);
    /* Partials, then the first level's outputs; later levels ping-pong
     * between the two regions. */
    plan->scratch_bytes =
        (size_t)(p->rows * (plan->chunks + level_out)) * 2 * sizeof(float);
}

/* SMAX_COOP_GROUPS_PER_CU (kernels/smax_geometry.h, as OpenCL on NVIDIA
 * compiles the exchange for it): groups of the one-launch multi-block
 * kernels that a compute unit should hold at once: a chunk takes at most
 * this share of a group's on-chip memory (where SMAX_COOP_MIN_ITEM_BYTES
 * below does not set the chunk of the device-memory exchange, and as the
 * first guess at a cluster's).
 * Groups wait for the slowest chunk of their row, and the more of them a
 * compute unit holds, the more of its time others fill. H100, % of copy
 * over f32 4096 x 65536, 1024 x 262144, 256 x 1M and bf16 8192 x 32768,
 * 4096 x 65536, 1024 x 262144 (bench/results/h100-2026-11-23-
 * cooperative): with 1 group 68-84, 2 49-83, 3 71-88, 4 67-89, 6 73-89,
 * the best mean at 6. Devices whose memory feeds a compute unit faster
 * take fewer (coop_groups_per_cu). */

/* Groups a compute unit holds by the share of SMAX_COOP_GROUPS_PER_CU,
 * where its memory feeds it as fast as the H100's, or fewer, in
 * proportion, where faster, so that a chunk takes as long to load and
 * each group's fixed cost (its row's exchange, the wait for the row's
 * slowest chunk) stays as small a part of its time: on the H200 (4.9 TB/s
 * for 132 units, 1.47 times the H100's) 4 groups, so its forward clusters
 * take fewer, larger chunks, and so do the gradient's. H200, % of copy,
 * 6 groups against 4, two rounds each (bench/results/h200-2026-11-28,
 * calls 3 and 4): f32 4096 x 20000 86.5, 86.2 -> 95.0, 95.0; 4096 x
 * 65536 94.2, 94.3 -> 97.1, 97.0; bf16 8192 x 50257 85.9, 85.1 -> 92.7,
 * 93.3; 1024 x 262144 81.2, 81.3 -> 85.6, 85.9; f16 1024 x 262144 83.8,
 * 83.8 -> 87.2, 87.0; bf16 -> f16 2048 x 128256 83.1, 83.4 -> 88.6,
 * 89.9; but f16 4096 x 65536 96.9, 98.0 -> 91.1, 90.4 (where bf16 -> f16
 * gained 84.7, 85.5 -> 90.1, 89.8), f32 512 x 128256 84.1, 84.3 -> 83.2,
 * 82.4, 2048 x 28000 93.0, 92.6 -> 91.7, 91.6. Kept within what was
 * measured, SMAX_COOP_GROUPS_PER_CU_FEWEST to
 * SMAX_COOP_GROUPS_PER_CU: slower memory, and faster than the H200's, were
 * not (nor a MIG slice, for which the runtime may report the whole
 * device's bus over the slice's units). */
#define SMAX_COOP_GROUPS_PER_CU_FEWEST 4
static int coop_groups_per_cu(smax_context ctx)
{
    const double speedup = unit_memory_speedup(ctx);
    if (speedup <= 0.0)
        return SMAX_COOP_GROUPS_PER_CU;
    const int groups = (int)(SMAX_COOP_GROUPS_PER_CU / speedup + 0.5);
    if (groups < SMAX_COOP_GROUPS_PER_CU_FEWEST)
        return SMAX_COOP_GROUPS_PER_CU_FEWEST;
    return groups < SMAX_COOP_GROUPS_PER_CU ? groups : SMAX_COOP_GROUPS_PER_CU;
}

/* The fewest groups a compute unit holds where a row is a thread-block
 * cluster, forward and gradient: a cluster has at most 16 chunks, so a
 * longer row's chunks grow past the share above, and past a third of a
 * unit's on-chip memory the device-memory exchange at its share ran
 * faster (H100, bf16 256 x 1M: 16 chunks of 128 KB 61.1% of copy, 56
 * chunks by the share 80.0; f32 128 x 262144 in 16 chunks of 64 KB 82.7
 * against 76.9; bench/results/h100-2026-11-24). The gradient's clusters
 * had run down to one group a unit, which beat the exchange of its day
 * (bench/results/h100-2026-11-24b); against today's (32 KB chunks,
 * partials as words with their epoch), one and two groups a unit lost
 * 1-12 points of copy. H100, this rule against one group a unit, ABBA:
 * f32 256 x 262144 81.8, 82.1 -> 85.9, 85.7; 128 x 262144 76.9, 78.1 ->
 * 83.8, 84.0; 256 x 200000 82.1, 82.4 -> 83.3, 83.5; 256 x 262143 68.3,
 * 68.3 -> 80.3, 79.6; bf16 128 x 524288 78.4, 78.1 -> 84.7, 85.1; 128 x
 * 400000 80.5, 79.5 -> 82.3, 82.3; and one round each of 1024 x 262144
 * f32 85.8 -> 90.1, bf16 512 x 524288 83.7 -> 92.6. Three a unit still
 * won (bf16 1024 x 262144 as a cluster 100.7, through device memory
 * 93.2; bench/results/h100-2026-11-27b, calls 1 and 2). */
#define SMAX_CLUSTER_GROUPS_PER_CU 3
/* Elements per work-item past which one group computes a forward row more
 * slowly than several groups that share it, where the row is loaded
 * through registers: the fused kernel ran rows of 32768 elements (32 per
 * item of 1024) at 96% of copy on the H100, and of 50257-65536 at 71-85%,
 * f32 and bf16 alike. Kept by asynchronous copies (traits.async_keep) a
 * row that fits stays fused at any length: f32 8192 x 50257 89.5 -> 95.0,
 * bf16 4096 x 65536 82.0 -> 93.7, bf16 8192 x 50257 82.2 -> 95.5 against
 * the spread rows (bench/results/h100-2026-11-24). The gradient kept its
 * fused rows: bf16 8192 x 50257 at 89% fused, 81% spread. */
#define SMAX_FUSED_MAX_ITEM_ELEMS 32
/* Elements per work-item below which a one-launch chunk pays its group's
 * fixed cost (the wait for the row's slowest chunk, the exchange) for too
 * little data, where rows are many enough to fill the device otherwise:
 * NVIDIA's OpenCL on the H100 (48 KB of local memory: chunks of 2K f32, 8
 * per item) ran one launch at 33-55% of copy where online ran at 57-65%,
 * rows of 16384-262144 (bench/results/h100-2026-11-23-clusters); CUDA's
 * chunks (227 KB: 18-75 per item) beat both. */
#define SMAX_COOP_MIN_ITEM_ELEMS 16
/* Bytes of a one-launch chunk that each item of the usual group keeps on
 * its compute unit: the chunk of the device-memory exchange wherever a
 * group may take 4/3 of that (exchange_share), and the least of a
 * cluster's. The share above divides one group's on-chip memory, which is
 * the whole unit's where a group may take all of it (CUDA, HIP: 227 KB),
 * but NVIDIA's OpenCL gives a group 48 KB of the unit's 228, and a sixth
 * of that (8 KB, 8 f32 an item of 256) paid the fixed cost above for too
 * little data (and the rule above then ran many rows online, two
 * reads). NVIDIA's OpenCL, chunks of 16, 24, 32 and 40 KB (H200, f32
 * rows of 32768-262144, forward and gradient, and bf16): 32 KB ran best
 * or within a point at every shape, f32 4096 x 65536 75.0, 77.7, 84.0,
 * 78.2% of copy. On the H100 with 32 KB, against online: f32 16384 x
 * 16384 66.6 -> 96.4, 4096 x 65536 65.1 -> 94.2, 1024 x 262144 63.4 ->
 * 92.2; the f32 gradient 60-62 -> 86-99, bf16 gradient 58-67 -> 90-95
 * (bench/results/h100-2026-11-26, calls 2 and 3). Where a group may take
 * the whole unit, 32 KB also beat the sixth (38 KB) and 24 and 28 KB: H100,
 * f32 1024 x 65536, 256 x 262144, 512 x 128256, HIP on NVIDIA 87.5, 81.6,
 * 84.4 -> 91.4, 89.7, 85.7, CUDA without clusters 93.2, 89.6, 91.7 ->
 * 94.8, 92.8, 92.8; the gradient 256 x 262144 71.6 -> 80.7 and 81.3 ->
 * 86.1 (bench/results/h100-2026-11-27, calls 4 and 5). */
#define SMAX_COOP_MIN_ITEM_BYTES 128

/* On-chip bytes the cluster kernels take past the portable ones: two
 * transaction barriers (the exchange's, the bulk copies') and a partial
 * per group of the cluster (kernels/smax_cluster.h). */
static size_t cluster_bytes(int64_t chunks)
{
    return 2 * sizeof(uint64_t) + (size_t)chunks * 2 * sizeof(float);
}

/* On-chip bytes the device-memory exchange takes past its chunk and
 * reduction scratch where it may keep the chunk by bulk copies (CUDA's
 * sm_90 code, traits.bulk_keep; the gradient, and the forward of 16-bit
 * inputs): their transaction barrier (SMAX_BULK_KEEP in
 * kernels/smax_onchip.h). Not by clusters, which SMAX_CLUSTERS may turn
 * off while the exchange still keeps by bulk copies. */
static size_t exchange_bytes(smax_context ctx)
{
    return ctx->traits.bulk_keep ? sizeof(uint64_t) : 0;
}

/* Makes a one-launch plan's rows thread-block clusters
 * (kernels/smax_cluster.h) where the device has clusters of `chunks`
 * groups of this size: the chunks' partials are then exchanged on-chip,
 * and no group waits on one the hardware has not made resident. Not for
 * rows of one chunk: a cluster of one group has no distributed shared
 * memory (compute-sanitizer's memcheck: "Cluster needs to have at least
 * 2 blocks" at the push). */
static int plan_cluster(smax_context ctx, smax_exec_plan *plan)
{
    if (plan->chunks < 2 || plan->chunks > ctx->traits.max_cluster ||
        smax_backend_max_clusters(
            ctx,
            plan->direction == SMAX_BACKWARD ? SMAX_KERNEL_BWD_MB_CLUSTER
                                             : SMAX_KERNEL_MB_CLUSTER,
            plan->pair, plan->chunks, plan->group_size,
            plan->local_bytes) < 1)
        return 0;
    plan->cluster = plan->chunks;
    return 1;
}

/* A one-launch multi-block plan (kernels/smax_cooperative.h): groups of
 * `group` items, chunks of `len` elements kept `pitch` apart on-chip (0:
 * none kept), `local` bytes of on-chip memory a group. */
static void set_one_launch(const smax_problem *p, smax_exec_plan *plan,
                           int group, int64_t len, int64_t pitch, size_t local)
{
    plan->algorithm = SMAX_ALGO_MULTIBLOCK;
    plan->cooperative = 1;
    plan->group_size = group;
    plan->lanes = group;
    plan->rows_per_group = 1;
    plan->chunk_len = (int)len;
    plan->chunks = (int)ceil_div(p->cols, len);
    plan->cols_padded = (int)pitch;
    plan->groups = p->rows * plan->chunks;
    plan->local_bytes = local;
    plan->merge_levels = 1;
}

/* The rows of a device-memory exchange whose loads may be in flight at
 * once, as a share of the rows a launch holds at once (SMAX_STAGGER_NUM /
 * SMAX_STAGGER_DEN of R = groups a compute unit x units / chunks;
 * exchange_stagger). Its groups wait for their row's slowest chunk before
 * they write, so rows that start together load together, wait together
 * and write together: the device's memory then moves reads alone, then
 * writes alone (a launch that only reads moves about 2.6 TB/s on the
 * H200, a copy 4.2 of reads and writes together). Held back until the
 * group as many rows before it has its chunk's partial, a row loads while
 * earlier ones write. Measured first on the gradient, H200, A B B A, % of
 * copy, none -> rows loading at once (bench/results/h200-2026-12-04, call
 * 2): f32 256 x 1M (R 3) 60.8, 60.3, 60.5, 60.4 -> 67.5, 67.5, 67.0, 67.6
 * (2); 256 x 600000 (R 5) 66.6, 66.5 -> 71.6, 71.6 (3; 4: 68.9, 68.5);
 * 512 x 393216 (R 8.2) 75.4, 75.5 -> 76.8, 76.7 (6; 4, 7: level); 1024 x
 * 262144 (R 12.4) 79.2, 79.6 -> 80.5, 80.3 (9; 6: 75.8, 76.3); bf16 256 x
 * 2M (R 3) 65.4, 65.9 -> 70.2, 69.4 (2); 256 x 1M (R 6.2) 75.9, 75.9 ->
 * 77.3, 77.0 (4); 512 x 524288 (R 12.4) 80.2, 80.4 -> 80.0, 79.4 (9; 6:
 * 74.1, 74.8). One row at a time lost (f32 1024 x 262144 32.5, call 1).
 * The H100, whose memory feeds a unit 1/1.47 as fast, gains as much or
 * more by the same rule (bench/results/h100-2026-12-06d, calls 2 and 5, A
 * B B A, none -> the rule): CUDA f32 256 x 1M 71.9, 71.4 -> 80.6, 80.4;
 * 256 x 600000 81.9, 82.6 -> 87.2, 86.6; 512 x 393216 91.0, 91.2 -> 93.3,
 * 93.1; 1024 x 262144 94.6, 95.3 -> 96.4, 96.2; 32 x 1M 70.4, 70.2 ->
 * 77.6, 77.6; bf16 256 x 2M 77.8, 77.9 -> 82.7, 82.3; NVIDIA's OpenCL f32
 * 256 x 600000 70.8, 70.9 -> 84.2, 83.7, 1024 x 262144 88.9, 88.6 ->
 * 94.5, 94.2; no shape lost. The forward, whose reads are half its bytes,
 * not two thirds, gains by the same rule on the H100 (bench/results/
 * h100-2026-12-06e, call 1, A R R A, CUDA, none -> the rule): f32 256 x
 * 1M (rule 4) 91.8, 92.0 -> 93.8, 93.8; 32 x 1M 82.7, 83.0 -> 87.3, 87.5;
 * 64 x 2M 82.7, 82.8 -> 85.2, 85.2; 256 x 600000 (8) 92.5, 92.7 -> 94.2,
 * 94.2; 512 x 393216 94.8, 94.7 -> 96.1, 96.3; bf16 256 x 2M 89.9, 89.8 ->
 * 92.7, 92.9; 256 x 1M (9) 92.5, 93.0 -> 95.8, 95.5; 64 x 4M 80.5, 80.2
 * -> 84.9, 85.1; 512 x 524288 level (97.7). Fixed lags lost where the
 * rule's differ (2 rows: f32 256 x 600000 71.9, 512 x 393216 55.1). On
 * the H200, whose memory outpaces the H100's, the forward measured at
 * fixed lags ran level or lost (bench/results/h200-2026-12-04, call 1: f32
 * 256 x 2M 71.1 -> 70.2 with 2, the rule's; bf16 256 x 2M 76.6 -> 78.3
 * with 4; f32 1024 x 262144, then an exchange, 84.8 -> 84.0-84.6 with
 * 12-23), so there the forward keeps none. So every device that keeps
 * chunks asynchronously (the devices it was measured on) staggers the
 * gradient, and the forward where its memory does not outpace the H100's
 * (memory_outpaces), where a launch holds at least
 * SMAX_STAGGER_MIN_ROWS rows (fewer were not measured); SMAX_STAGGER=N
 * sets it anywhere (smax_stagger_rows). */
#define SMAX_STAGGER_NUM 3
#define SMAX_STAGGER_DEN 4
/* Where the exchange keeps its chunk by register batches (f32 on NVIDIA's
 * OpenCL, traits.bwd_batch_keep_f32), fewer rows loading at once ran
 * faster (why was not profiled): three fifths of the rows held. H200,
 * NVIDIA's OpenCL, f32, A B C C B A, % of copy, three quarters -> three
 * fifths (bench/results/h200-2026-12-04e, call 3): 8192 x 16384 (4
 * chunks) 86.0, 86.5 -> 87.4, 87.4; 8192 x 32768 (8) 83.6, 83.8 -> 87.7,
 * 87.6; 4096 x 65536 (16) 82.2, 82.7 -> 86.1, 86.2; 2048 x 128256 (32)
 * 78.1, 78.8 -> 83.4, 84.1; 1024 x 262144 (64) 75.3, 75.7 -> 81.7, 82.4;
 * 512 x 393216 (96) 70.9, 71.6 -> 77.9, 75.8; two thirds between the two
 * at every shape. Half lost where a row has few chunks (8192 x 32768
 * 82.3, 77.5, call 1). */
#define SMAX_STAGGER_BATCH_NUM 3
#define SMAX_STAGGER_BATCH_DEN 5
#define SMAX_STAGGER_MIN_ROWS 3
int smax_stagger_rows(const char *env)
{
    const long n = env_count(env);
    return n > 1 << 20 ? -1 : (int)n;
}

/* The on-chip memory one of the plan's groups takes of its unit, as the
 * runtime counts it. */
static int64_t unit_group_bytes(smax_context ctx, const smax_exec_plan *plan)
{
    return (int64_t)plan->local_bytes + ctx->traits.group_local_reserved;
}

/* Groups of the plan a compute unit's on-chip memory holds at once (the
 * unit's, less the runtime's reserve a group); 0 where it is unknown. */
static int64_t unit_groups_by_memory(smax_context ctx,
                                     const smax_exec_plan *plan)
{
    const int64_t unit = ctx->traits.unit_local_bytes;
    return unit > 0 ? unit / unit_group_bytes(ctx, plan) : 0;
}

/* Groups of the device-memory exchange a compute unit holds at once: as
 * many as its on-chip memory holds (the unit's, less the runtime's reserve
 * a group), or fewer where the runtime's occupancy query says their
 * registers or items hold fewer (smax_backend_unit_groups; 0: the unit's
 * memory is unknown). */
static int64_t exchange_unit_groups(smax_context ctx,
                                    const smax_exec_plan *plan)
{
    const int64_t by_memory = unit_groups_by_memory(ctx, plan);
    if (by_memory == 0)
        return 0;
    const int by_registers = smax_backend_unit_groups(
        ctx,
        smax_exchange_kernel(plan->direction, plan->reread,
                             plan->exchange_regs > 0),
        plan->pair,
        plan->group_size);
    return by_registers > 0 && by_registers < by_memory ? by_registers
                                                        : by_memory;
}

/* A one-launch plan keeps its chunk by asynchronous or bulk copies
 * (kernels/smax_onchip.h; a cluster's always), which its items put in
 * flight without holding them, not by register batches (the device-memory
 * exchange's f32 gradients on NVIDIA's OpenCL, traits.bwd_batch_keep_f32). */
static int onchip_keeps_by_copies(smax_context ctx,
                                  const smax_exec_plan *plan)
{
    return ctx->traits.async_keep &&
           !(plan->direction == SMAX_BACKWARD &&
             ctx->traits.bwd_batch_keep_f32 && !bwd_16bit(plan));
}

/* The smallest group of the device-memory exchange (exchange_unit_items,
 * exchange_fit_registers). */
#define SMAX_EXCHANGE_MIN_GROUP 128

/* How a unit's resident groups of a cluster's chunks are sized
 * (row_group_size_among). SMAX_RESIDENT_ITEMS was measured for rows that
 * items load through their registers, where the bytes in flight grow with
 * the items; where copies keep the chunk they do not, and fewer items wait
 * at each barrier (ncu of the exchange's f32 gradient at 256 x 1M, 3 groups
 * of 512 a unit: the barrier the top stall, 12 cycles an issue). So 768:
 * a unit that holds 3 chunks (of 57-75 KB, where a unit has 227) runs
 * groups of 256, not 512; 1, 2 and 4 or more get the groups they had.
 * Clusters of 16 chunks of 64 KB (3 a unit), 512 -> 256 items, A B B A, %
 * of copy: H200 (bench/results/h200-2026-12-07, call 1) the f32 forward
 * 256 x 262144 79.0, 78.6 -> 85.6, 85.5, the f32 gradient 1024 x 131072
 * 97.8, 97.5 -> 101.3, 101.3 and 4096 x 128256 97.2, 97.2 -> 102.4, 101.9,
 * the bf16 gradient 1024 x 262144 94.1, 93.9 -> 95.5, 95.7; H100
 * (bench/results/h100-2026-12-07, call 3) the f32 forward 1024 x 262144
 * 98.4, 98.4 -> 99.3, 99.3. */
static unit_items cluster_unit_items(smax_context ctx,
                                     const smax_exec_plan *plan)
{
    unit_items u = register_unit_items(ctx);
    if (onchip_keeps_by_copies(ctx, plan))
        u.resident = SMAX_COPY_RESIDENT_ITEMS;
    return u;
}

static int exchange_stagger(smax_context ctx, const smax_exec_plan *plan)
{
    if (plan->reread || plan->cluster)
        return 0;
    if (ctx->traits.stagger_rows >= 0)
        return ctx->traits.stagger_rows;
    if (!ctx->traits.async_keep ||
        (plan->direction == SMAX_FORWARD && memory_outpaces(ctx)))
        return 0;
    /* 0 where the unit's memory is unknown: no stagger */
    const int64_t held =
        exchange_unit_groups(ctx, plan) * ctx->info.compute_units;
    if (held < SMAX_STAGGER_MIN_ROWS * (int64_t)plan->chunks)
        return 0;
    const int batches = !onchip_keeps_by_copies(ctx, plan);
    const int64_t num = batches ? SMAX_STAGGER_BATCH_NUM : SMAX_STAGGER_NUM;
    const int64_t den = batches ? SMAX_STAGGER_BATCH_DEN : SMAX_STAGGER_DEN;
    const int64_t loading = held * num / (den * (int64_t)plan->chunks);
    return loading < INT32_MAX ? (int)loading : INT32_MAX;
}

/* Vectors (16 bytes of the narrower of a plan's element types) between
 * the edges a one-launch chunk may have: 128 bytes, a line of the
 * device's cache, so that where a row starts on a line each chunk does
 * too, and a warp's 512-byte request in it touches 16 sectors of 32 bytes,
 * not 17. Rounded to 16 bytes only, a 16-bit row's chunks started
 * mid-sector wherever the row's share was an odd number of vectors; f32
 * chunks 64 bytes off a line but on a sector ran level, and the split
 * edges alone are too few to count (13 sectors of a 512 KB row). H100,
 * ABBA against edges on 16 bytes (bench/results/h100-2026-11-28b, call
 * 1), % of copy: clusters of 16-bit rows, f16 -> bf16 1024 x 262144 in
 * 14 chunks 96.8, 94.2 -> 99.5, 98.6, 4096 x 128256 97.8, 96.6 -> 98.7,
 * 98.4, 2048 x 128256 97.0, 96.9 -> 98.6, 97.8, the gradient of bf16 y,
 * dy 4096 x 128256 95.5, 95.7 -> 96.4, 97.7; f32 rows (f32 512 x 128256
 * in 14 chunks 64 bytes off a line) and the aligned chunks of 256 x 1M
 * level. */
#define SMAX_CHUNK_EDGE_VECTORS 8

/* Elements between a one-launch chunk's possible edges. */
static int64_t chunk_edge(const smax_exec_plan *plan)
{
    return (int64_t)plan->vec * SMAX_CHUNK_EDGE_VECTORS;
}

/* Elements of each of a row's `chunks` one-launch chunks for groups of
 * `group` items: whole chunk edges, and at least a vector an item. */
static int64_t chunk_len_of(const smax_problem *p, const smax_exec_plan *plan,
                            int64_t chunks, int group)
{
    const int64_t min_len = (int64_t)plan->vec * group;
    const int64_t len = ceil_div(p->cols, chunks);
    return ceil_div(len < min_len ? min_len : len, chunk_edge(plan)) *
           chunk_edge(plan);
}

/* chunk_len_of for the usual group. */
static int64_t onchip_chunk_len(smax_context ctx, const smax_problem *p,
                                const smax_exec_plan *plan, int64_t chunks)
{
    return chunk_len_of(p, plan, chunks, group_size(ctx));
}

/* On-chip bytes a one-launch chunk keeps per column: the row, or y and
 * dy. */
static int64_t onchip_col_bytes(const smax_exec_plan *plan)
{
    return (int64_t)plan->onchip_bytes * fused_arrays(plan->direction);
}

/* The device-memory exchange's, as a cluster's; and where copies keep the
 * chunk and the launch fills its units (its rows' chunks, `chunks` a row,
 * at least as many as the units' on-chip memory holds at once), down to
 * groups of SMAX_EXCHANGE_MIN_GROUP, so that a unit of 6 chunks runs
 * groups of 128. H100, CUDA, A B B A, % of copy, 512 -> 256
 * items (bench/results/h100-2026-12-07, call 3): the f32 gradient 256 x 1M
 * 80.2, 80.4 -> 83.0, 83.5, 32 x 1M 78.3, 78.3 -> 81.8, 81.5. 6 chunks a
 * unit, 256 -> 128 items, H200 (bench/results/h200-2026-12-07, call 2):
 * the f32 gradient 1024 x 262144 80.3, 80.4 -> 82.0, 82.1, 512 x 262144
 * 79.4, 78.9 -> 81.1, 80.6, bf16 256 x 1M 77.5, 77.7 -> 78.0, 78.3; the
 * f32 forward 256 x 1M and 32 x 1M level (within 0.5). Launches of fewer
 * rows leave a unit fewer groups than its memory holds; they keep the
 * usual group (fewer items there were not measured). */
static unit_items exchange_unit_items(smax_context ctx,
                                      const smax_problem *p,
                                      const smax_exec_plan *plan,
                                      int64_t chunks)
{
    unit_items u = cluster_unit_items(ctx, plan);
    const int64_t held = resident_rows(
        ctx, onchip_chunk_len(ctx, p, plan, chunks) * onchip_col_bytes(plan));
    if (onchip_keeps_by_copies(ctx, plan) &&
        p->rows * chunks >= held * ctx->info.compute_units)
        u.least = fit_group(ctx, SMAX_EXCHANGE_MIN_GROUP);
    return u;
}

/* Items of a group that keeps a one-launch chunk of `len` elements, where
 * a unit's resident groups are sized by u. */
static int onchip_chunk_group(smax_context ctx, const smax_exec_plan *plan,
                              int64_t len, unit_items u)
{
    return row_group_size_among(ctx, len * onchip_col_bytes(plan), u);
}

/* The geometry of a one-launch plan of `chunks` chunks a row in groups of
 * at most `group_cap` items (onchip_chunk_group's, for u),
 * with `extra` bytes of on-chip memory a group past the chunk and the
 * reduction scratch. Returns 0 where a chunk does not fit a group. */
static int onchip_geometry_within(smax_context ctx, const smax_problem *p,
                                  smax_exec_plan *plan, int64_t chunks,
                                  size_t extra, int group_cap, unit_items u)
{
    const int64_t len = onchip_chunk_len(ctx, p, plan, chunks);
    const int group = fit_group_within(
        onchip_chunk_group(ctx, plan, len, u), group_cap);
    const int64_t pitch = row_pitch(len, plan->onchip_bytes);
    const size_t local = (size_t)(pitch * onchip_col_bytes(plan)) +
                         reduction_bytes(group) + extra;
    if (local > ctx->traits.max_local_dynamic)
        return 0;
    set_one_launch(p, plan, group, len, pitch, local);
    return 1;
}

/* A cluster's geometry of `chunks` chunks a row. */
static int cluster_geometry(smax_context ctx, const smax_problem *p,
                            smax_exec_plan *plan, int64_t chunks)
{
    return onchip_geometry_within(ctx, p, plan, chunks, cluster_bytes(chunks),
                                  INT32_MAX, cluster_unit_items(ctx, plan));
}

/* Bytes of SMAX_COOP_MIN_ITEM_BYTES an item of the usual group where a
 * group may take 4/3 of that, else 0. */
static int64_t item_chunk_bytes(smax_context ctx)
{
    const int64_t local = ctx->traits.max_local_dynamic;
    const int64_t least = (int64_t)SMAX_COOP_MIN_ITEM_BYTES * group_size(ctx);
    return 4 * least <= 3 * local ? least : 0;
}

/* Bytes of a one-launch chunk where a compute unit holds `groups_per_cu`
 * groups. Where the share follows memory faster than the H100's
 * (coop_groups_per_cu below SMAX_COOP_GROUPS_PER_CU), the unit's on-chip
 * memory less each group's fixed bytes (the runtime's reserve, the
 * reduction scratch of the usual group, a cluster's exchange area), so
 * that the groups counted fit: a quarter of one group's memory had left 3
 * groups a unit, not 4, wherever a chunk took all of it (H200, f32 512 x
 * 128256 in 9 chunks of 57 KB). H200, ABBA, % of copy
 * (bench/results/h200-2026-11-28e, call 3): f32 671 x 100000 (7 -> 8
 * chunks) 85.4, 84.7 -> 93.6, 93.4; 335 x 200000 (14 -> 15) 79.1, 78.7 ->
 * 89.6, 88.6; 523 x 128256 (9 -> 10) 84.8, 84.6 -> 89.5, 89.8; bf16 335 x
 * 200000 (7 -> 8) 83.0, 82.8 -> 91.9, 91.8; 167 x 400000 (14 -> 15) 77.5,
 * 77.4 -> 87.5, 88.1; f32 -> bf16 523 x 128256 81.5, 80.9 -> 87.1, 86.9;
 * the gradient's bf16 -> f32 2396 x 28000 (4 -> 5) 74.3, 74.1 -> 81.1,
 * 80.7, 1335 x 50257 (7 -> 8) 70.1, 69.6 -> 76.6, 77.2, f32 671 x 100000
 * and bf16 335 x 200000 (14 -> 15) +0.7 and +1.5; f32 2396 x 28000 (2 ->
 * 3) level; unchanged plans level. Elsewhere a sixth of one group's
 * memory, as measured on the H100, whose groups' fixed bytes lie inside it
 * (so 16-bit rows of 262144 columns run 14 chunks of 37 KB, 5 groups a
 * unit, at 99-100% of copy there). */
static int64_t group_share_bytes(smax_context ctx, int groups_per_cu)
{
    const int64_t unit = ctx->traits.unit_local_bytes;
    if (unit <= 0 || coop_groups_per_cu(ctx) >= SMAX_COOP_GROUPS_PER_CU)
        return (int64_t)ctx->traits.max_local_dynamic / groups_per_cu;
    const int64_t fixed =
        (int64_t)ctx->traits.group_local_reserved +
        (int64_t)reduction_bytes(group_size(ctx)) +
        (ctx->traits.max_cluster > 0
             ? (int64_t)cluster_bytes(ctx->traits.max_cluster)
             : 0);
    return unit / groups_per_cu - fixed;
}

/* Elements of a one-launch chunk where a compute unit holds
 * `groups_per_cu` groups (coop_groups_per_cu, or
 * SMAX_CLUSTER_GROUPS_PER_CU for a cluster's chunks), at least
 * item_chunk_bytes. */
static int64_t onchip_share(smax_context ctx, const smax_exec_plan *plan,
                            int groups_per_cu)
{
    const int64_t least = item_chunk_bytes(ctx);
    int64_t bytes = group_share_bytes(ctx, groups_per_cu);
    if (bytes < least)
        bytes = least;
    return bytes / onchip_col_bytes(plan);
}

/* Elements of a chunk of the device-memory exchange (not a cluster's):
 * item_chunk_bytes where a group may take them, else the share of
 * coop_groups_per_cu. */
static int64_t exchange_share(smax_context ctx, const smax_exec_plan *plan)
{
    const int64_t least = item_chunk_bytes(ctx);
    return least > 0 ? least / onchip_col_bytes(plan)
                     : onchip_share(ctx, plan, coop_groups_per_cu(ctx));
}

/* Elements of a cluster's chunk at most: the share of
 * SMAX_CLUSTER_GROUPS_PER_CU groups a compute unit. The forward's, where
 * memory outpaces the H100's (coop_groups_per_cu below
 * SMAX_COOP_GROUPS_PER_CU), only as many as leave room for coop_groups_per_cu
 * of its groups a unit; longer rows' chunks (whose groups grew to 512 items
 * for the 3 a unit holds when this was measured; 256 since
 * cluster_unit_items, not measured against the exchange) take the
 * device-memory exchange.
 * H200, % of copy, clusters of 16 such chunks against the exchange's 32 KB
 * chunks, A B B A (bench/results/h200-2026-11-30b, call 3): f32 1092 x 245760
 * 80.7, 80.6 -> 84.2, 84.1; 1024 x 262144 81.6, 81.3 -> 85.3, 85.1; 910 x
 * 294912 78.7, 78.0 -> 84.0, 83.9; f32 log-softmax 1024 x 262144 84.5, 84.7 ->
 * 87.7, 87.6; bf16 455 x 589824 77.8, 78.1 -> 81.9, 81.6; bf16 -> f32 512 x
 * 524288 69.6, 70.4 -> 81.1, 81.3; level: bf16 512 x 524288, f32 -> bf16 1024
 * x 262144; lost: few rows, f32 64 x 262144 71.6, 71.0 -> 67.3, 67.7 and 128 x
 * 262144 75.8, 76.2 -> 74.4, 74.0, so rows fewer than twice the compute units
 * keep their clusters (call 4: 192 and 256 rows ran 1.1 and 1.0 points faster
 * through device memory, 384 rows 80.1, 80.0 -> 80.9, 82.2 by this rule, and
 * 1024 81.2, 81.6 -> 85.5, 84.8). Chunks that leave room for 4 groups still
 * ran faster as clusters (f32 1170 x 229376 88.1, 87.5 against 84.3, 84.4;
 * bf16 585 x 458752 87.3, 87.7 against 83.2, 82.8). The gradient's clusters of
 * such chunks ran far ahead of the exchange (bf16 1024 x 262144 93.5 against
 * 79.6, f32 512 x 131072 96.6 against 79; call 1) and keep them. */
static int64_t cluster_share(smax_context ctx, const smax_problem *p,
                             const smax_exec_plan *plan)
{
    const int64_t share = onchip_share(ctx, plan, SMAX_CLUSTER_GROUPS_PER_CU);
    const int groups = coop_groups_per_cu(ctx);
    if (plan->direction != SMAX_FORWARD ||
        groups >= SMAX_COOP_GROUPS_PER_CU ||
        p->rows < 2 * ctx->info.compute_units)
        return share;
    const int64_t room = (int64_t)ctx->traits.max_local_dynamic / groups /
                         onchip_col_bytes(plan);
    return room < share ? room : share;
}

/* Chunks a row of `share` elements a chunk takes in one launch: more where
 * the rows are too few to give every compute unit a group, at most
 * `per_unit` a unit. */
static int64_t onchip_chunks_within(smax_context ctx, const smax_problem *p,
                                    int64_t share, int64_t per_unit)
{
    const int64_t most = per_unit * ctx->info.compute_units;
    int64_t chunks = ceil_div(p->cols, share);
    if (p->rows * chunks < ctx->info.compute_units)
        chunks = ceil_div(ctx->info.compute_units, p->rows);
    return chunks > most ? most : chunks;
}

/* At most one chunk a compute unit: a row's groups are then resident at
 * once whatever the unit holds (kernels/smax_cooperative.h). */
static int64_t onchip_chunks(smax_context ctx, const smax_problem *p,
                             int64_t share)
{
    return onchip_chunks_within(ctx, p, share, 1);
}

/* The device-memory exchange at `k` chunks a compute unit (at most; the
 * share's where fewer fill a row), for rows one a unit cannot hold.
 * A row waits for all its chunks, so the plan stands only where a unit
 * holds that many of its groups at once: by their on-chip memory (the
 * unit's, less the runtime's reserve a group), and by their items and
 * registers, which fit where a single group of as many items as they have
 * together launches (smax_backend_max_group), so the groups are made
 * small enough for that. Never on CPU devices, whose units run one group
 * at a time. */
static int unit_chunks_geometry(smax_context ctx, const smax_problem *p,
                                smax_exec_plan *plan, int64_t k)
{
    const int64_t unit = ctx->traits.unit_local_bytes;
    if (ctx->traits.is_cpu || unit <= 0)
        return 0;
    smax_exec_plan trial = *plan;
    const int64_t chunks =
        onchip_chunks_within(ctx, p, exchange_share(ctx, &trial), k);
    const int items = (int)(smax_backend_max_group(
                                ctx, smax_exchange_kernel(plan->direction, 0, 0),
                                plan->pair) /
                            k);
    if (chunks <= ctx->info.compute_units || items < 1 ||
        !onchip_geometry_within(ctx, p, &trial, chunks, exchange_bytes(ctx),
                                items,
                                exchange_unit_items(ctx, p, &trial, chunks)) ||
        k * unit_group_bytes(ctx, &trial) > unit)
        return 0;
    *plan = trial;
    return 1;
}

/* Two chunks a unit (SMAX_COOP_SHARED_UNIT_GROUPS, kernels/smax_geometry.h). */
static int shared_unit_geometry(smax_context ctx, const smax_problem *p,
                                smax_exec_plan *plan)
{
    return unit_chunks_geometry(ctx, p, plan, SMAX_COOP_SHARED_UNIT_GROUPS);
}

/* Where a compute unit's registers hold fewer of the device-memory
 * exchange's groups than its on-chip memory does, groups of half the
 * items, as long as the unit then holds more of them and the launch has
 * groups that wait for room: each row waits for its slowest chunk, and the
 * rows a launch holds at once hide that wait (exchange_stagger). HIP on
 * NVIDIA's 16-bit forward exchange takes 48 registers an item (nvcc 11.8
 * has no __maxnreg__ to hold it to CUDA's 40), so a unit held 2 of its
 * groups of 512 where its memory holds 3 of bf16 64 x 4M's chunks: groups
 * of 256 took it from 71-72% of copy to 86-87 on the H100, CUDA's figure
 * (bench/results/h100-2026-12-06h). */
static void exchange_fit_registers(smax_context ctx, const smax_problem *p,
                                   smax_exec_plan *plan)
{
    /* one occupancy query a group size: plans are made at every call */
    int64_t held = exchange_unit_groups(ctx, plan);
    while (plan->group_size / 2 >= SMAX_EXCHANGE_MIN_GROUP &&
           held < unit_groups_by_memory(ctx, plan) &&
           plan->groups > held * (int64_t)ctx->info.compute_units) {
        const int group = plan->group_size / 2;
        smax_exec_plan half = *plan;
        set_one_launch(p, &half, group, plan->chunk_len, plan->cols_padded,
                       plan->local_bytes - reduction_bytes(plan->group_size) +
                           reduction_bytes(group));
        const int64_t held_half = exchange_unit_groups(ctx, &half);
        if (held_half <= held)
            return;
        *plan = half, held = held_half;
    }
}

/* Rows past on-chip memory whose one-launch plan streams each chunk and
 * re-reads it from the cache (kernels/smax_multiblock_reread.h): where
 * the input of all the rows is at most this many times the device's
 * last-level cache. H100 (50 MB of L2), % of copy against three launches
 * (bench/results/h100-2026-11-23-late): f32 1 x 2^23 .. 1 x 2^25 and
 * 4 x 2^23 +3 to +7 points (up to 2.6 caches of input), 1 x 2^26 -1.3
 * (5.1 caches); bf16 1 x 2^26 even (2.6). */
#define SMAX_REREAD_CACHE_SHARE 4

/* The geometry of a one-launch plan that re-reads its chunks from the
 * cache (the gradient's input is y and dy). Groups of the largest size,
 * one a compute unit: every chunk of every row runs at once (a second
 * wave would re-read after another wave's reads and writes have passed
 * through the cache: rows 132 chunks long each ran 2 x 2^23 f32 at 53.8%
 * of copy, spread over one wave at 60.1). Returns 0 where the rows are
 * more than the compute units or too long for the cache. */
static int reread_geometry(smax_context ctx, const smax_problem *p,
                           smax_exec_plan *plan)
{
    const int64_t cus = ctx->info.compute_units;
    const uint64_t in_bytes =
        (uint64_t)p->rows * (uint64_t)p->cols *
        smax_dtype_bytes(plan->direction == SMAX_BACKWARD ? p->y_dtype
                                                          : p->x_dtype) *
        (uint64_t)fused_arrays(plan->direction);
    /* The test switch takes any rows (a row of one chunk waits for
     * nobody but itself). */
    if (!ctx->traits.test_reread &&
        (p->rows > cus ||
         in_bytes > SMAX_REREAD_CACHE_SHARE * ctx->traits.cache_bytes))
        return 0;
    /* CPU devices (only under the test switch) keep their own group
     * size, so that short rows still make several chunks and tiles. GPUs
     * take the largest group the kernel may have, which can be more than
     * info.max_group_size (NVIDIA's OpenCL answers 256 for every kernel;
     * these are built for 1024 there: smax_backend_max_group). */
    const int group =
        ctx->traits.is_cpu
            ? group_size(ctx)
            : fit_group_within(
                  SMAX_REREAD_GROUP,
                  smax_backend_max_group(
                      ctx, smax_exchange_kernel(plan->direction, 1, 0),
                      plan->pair));
    int64_t per_row = p->rows < cus ? cus / p->rows : 1;
    if (ctx->traits.test_reread && per_row < 2 && cus >= 2)
        per_row = 2; /* rows of several chunks, however many rows */
    const int64_t len = chunk_len_of(p, plan, per_row, group);
    /* The head of each chunk that the group's on-chip memory holds is kept
     * there, read once, where the streamed tails then fit the cache; where
     * they do not, keeping only delays the stream (H100, % of copy against
     * none kept, bench/results/h100-2026-11-25e call 3: tails within the
     * 50 MB L2, f32 1 x 2^23 58.0 -> 61.7, 1 x 2^24 61.4 -> 62.9, the
     * gradient's f32 1 x 2^23 59.3 -> 63.5, bf16 1 x 2^24 60.0 -> 63.3;
     * tails of 98 MB, f32 1 x 2^25 61.7 -> 59.9, 2 x 2^24 61.7 -> 60.3,
     * the gradient's f32 1 x 2^24 59.3 -> 58.6). Only where the backend
     * says its kernels gain so (traits.reread_keep_heads): NVIDIA's OpenCL
     * ran faster keeping none (H100, bench/results/h100-2026-12-06b call
     * 3: bf16 1 x 2^23 58.9 -> 64.1, f32 1 x 2^22 60.4 -> 63.1, the
     * gradient's bf16 1 x 2^22 67.8 -> 71.1, the rest level). The test
     * switch keeps at most half a chunk, whatever the cache and backend,
     * so that both parts run on any device. */
    const size_t red = reduction_bytes(group);
    const int64_t col_bytes = onchip_col_bytes(plan);
    int64_t keep = onchip_max_cols(ctx, red, (size_t)col_bytes);
    if (ctx->traits.test_reread && keep > len / 2)
        keep = len / 2;
    if (keep > len)
        keep = len;
    /* The streamed tail starts on a chunk edge too. */
    keep -= keep % chunk_edge(plan);
    /* Bytes of input the heads keep: each row keeps keep of every len. */
    const uint64_t kept_bytes = (uint64_t)ceil_div(p->cols, len) *
                                (uint64_t)keep * in_bytes / (uint64_t)p->cols;
    if (!ctx->traits.test_reread &&
        (!ctx->traits.reread_keep_heads ||
         in_bytes - (kept_bytes < in_bytes ? kept_bytes : in_bytes) >
             ctx->traits.cache_bytes))
        keep = 0;
    const int64_t pitch = keep > 0 ? row_pitch(keep, plan->onchip_bytes) : 0;
    set_one_launch(p, plan, group, len, pitch,
                   (size_t)(pitch * col_bytes) + red);
    plan->reread = 1;
    plan->keep_len = (int)keep;
    return 1;
}

/* Chunks of `plan`'s launch resident at once: as many groups as its
 * units hold, at most all its chunks. */
static int64_t exchange_resident_chunks(smax_context ctx,
                                        const smax_problem *p,
                                        const smax_exec_plan *plan)
{
    const int64_t held =
        exchange_unit_groups(ctx, plan) * ctx->info.compute_units;
    const int64_t all = p->rows * plan->chunks;
    return held < all ? held : all;
}

/* The fewest times a launch's finer chunks fill the places its units hold
 * at once for the exchange's chunks to be made finer (fine_unit_geometry):
 * finer chunks hold more rows in flight, which pays only where rows queue
 * for those places; a launch of a few rounds pays their extra waits
 * without the queue. H100, CUDA, % of copy, the means of two rounds of
 * one / two a unit / finer / this rule (bench/results/h100-2026-12-07c,
 * call 3), by rounds (rows x finer chunks / places): the f32 gradient at
 * 2M (512 chunks, 792 places) 2 rows (1.3) 56.1 / 58.0 / 49.1, 4 (2.6)
 * 54.2 / 58.5 / 52.7, 8 (5.2) 52.6 / 58.3 / 56.9, 16 (10.3) 52.0 / 57.8 /
 * 58.6, 32 (20.7) 51.7 / 58.0 / 62.1; at 2.5M 2 rows 61.7 / 61.7 / 48.1, 8
 * (6.5) 58.8 / 59.9 / 56.7, 16 (12.9) 58.5 / 59.6 / 59.0, 64 58.2 / 59.3 /
 * 62.3; the forward at 2.5M 4 rows (1.6) 68.5 / 65.4 / 63.7, 16 (6.5) 71.1
 * / 69.9 / 72.9, 32 (12.9) 72.7 / 70.6 / 76.5; at 4M 4 rows 57.9 / 59.1 /
 * 56.0, 8 57.0 / 59.9 / 58.3. Under 8 rounds the rule ran 57.8-58.2 (2M),
 * 58.8-61.6 (2.5M), 68.6-70.0 and 56.8-59.8 (the forward); the one loss,
 * the forward's 16 x 2.5M at 6.5 rounds (72.9 -> 71.5), stands against the
 * gradient's 8 x 2.5M at 6.5 (56.7 -> 58.8). */
#define SMAX_EXCHANGE_FINE_ROUNDS 8

/* The device-memory exchange in chunks of its share (exchange_share), as many a
 * unit as a row takes (made in `fine`), where they hold more rows at once than
 * `one` (a chunk a unit) does, even one chunk a unit short of what they hold:
 * each row waits for its slowest chunk, which few rows in flight do not hide,
 * and finer chunks pack a unit's memory closer, but cost more waits, so a gain
 * of less than one of them is no gain. That margin leaves the rule to rows of
 * which a chunk a unit holds at most 2 at once (on the H100 the f32 gradient
 * from 1.25M columns, the forward from 2.5M; where it holds 3, at 1M, finer
 * chunks ran level), and to launches whose rows queue for the places the
 * finer chunks take (SMAX_EXCHANGE_FINE_ROUNDS): with fewer rows they lost
 * to two a unit (4954c19's plan, two_unit_geometry), the f32 gradient 2 x
 * 2M 57.8, 57.8 -> 49.4, 49.1 and 4 x 2M 58.2, 58.2 -> 52.6, 52.4
 * (bench/results/h100-2026-12-07c, call 2). H100, CUDA, % of copy, A B B A
 * (bench/results/h100-2026-12-07b, call 4): the f32 gradient at 1.25M columns
 * (132 chunks of 79 KB, 2 rows at once -> 320 of 32 KB, 2.5) 64 rows 67.7, 68.3
 * -> 76.9, 76.2, 256 rows 66.7, 66.7 -> 77.9, 78.1; at 2M (one a unit 1 row,
 * two a unit 1.5 -> 512 chunks, 1.55) 64 rows 57.3, 57.6 -> 61.3, 61.3, 256
 * rows 57.6, 57.7 -> 65.0, 64.5; at 2.5M (1 row -> 1.24) 64 rows 58.1, 58.1 ->
 * 62.8, 62.6; the forward at 2.5M (2 -> 2.5) 64 rows 74.3, 74.4 -> 77.9, 78.1;
 * bf16 gradients 64 x 2.5M 66.5 -> 76.1, 75.3 and 64 x 4M 56.6 -> 61.4, 61.9.
 * Gains of less than a chunk a unit lost: the f32 gradient at 3M (1 row ->
 * 1.03) 64 rows 63.6, 63.3 -> 62.0, 62.4, 16 rows 63.8 -> 59.9; the forward at
 * 3M (2 -> 2.06) 64 rows 77.1, 76.8 -> 75.8, 75.3; where finer chunks held
 * fewer rows they lost more (the gradient at 1.75M, 2 -> 1.77 rows, 75.8 ->
 * 58.6 through a knob, call 3). */
static int fine_unit_geometry(smax_context ctx, const smax_problem *p,
                              const smax_exec_plan *one, smax_exec_plan *fine)
{
    const int64_t cus = ctx->info.compute_units;
    const int64_t k =
        ceil_div(ceil_div(p->cols, exchange_share(ctx, one)), cus);
    /* a row of at most a chunk a unit has none finer: no occupancy queries
     * for it, as plans are made at every call */
    if (k <= 1 || !unit_chunks_geometry(ctx, p, fine, k))
        return 0;
    const int64_t resident = exchange_resident_chunks(ctx, p, fine);
    return p->rows * fine->chunks >= SMAX_EXCHANGE_FINE_ROUNDS * resident &&
           (resident - cus) * one->chunks >
               exchange_resident_chunks(ctx, p, one) * fine->chunks;
}

/* Where finer chunks do not run: two chunks a unit (shared_unit_geometry,
 * made in `two`) where they hold more rows in flight than `one` (a chunk a
 * unit), a unit holds one of those and the rows are more than one (checked
 * first: plans are made at every call, and `two` queries occupancy).
 * Each row waits for its slowest chunk, and with one group a unit nothing
 * hides that wait. H200, CUDA, the f32 gradient at 2M columns (a chunk a
 * unit of 127 KB) ran at 43-45% of copy from 8 to 128 rows
 * (bench/results/h200-2026-12-07, call 3); two a unit took the H100's 64 x
 * 2M from 51.5 to 57.7, its forward at 64 x 4M from 56.5 to 59.9
 * (bench/results/h100-2026-12-07b, 4954c19). */
static int two_unit_geometry(smax_context ctx, const smax_problem *p,
                             const smax_exec_plan *one, smax_exec_plan *two)
{
    const int64_t cus = ctx->info.compute_units;
    return exchange_unit_groups(ctx, one) == 1 && p->rows * one->chunks > cus &&
           shared_unit_geometry(ctx, p, two) &&
           exchange_unit_groups(ctx, two) * one->chunks > two->chunks;
}

/* The device-memory exchange's geometry: a chunk a compute unit where a
 * unit holds one, unless finer chunks, several a unit, hold more of its
 * rows at once by more than a chunk a unit and the launch's rows queue for
 * them (fine_unit_geometry), or two a unit where a unit holds one and two
 * hold more rows (two_unit_geometry); else re-read from the cache where
 * the rows fit that; else two a unit. */
static int exchange_geometry(smax_context ctx, const smax_problem *p,
                             smax_exec_plan *plan)
{
    smax_exec_plan one = *plan;
    const int64_t chunks = onchip_chunks(ctx, p, exchange_share(ctx, plan));
    if (!onchip_geometry_within(ctx, p, &one, chunks, exchange_bytes(ctx),
                                INT32_MAX,
                                exchange_unit_items(ctx, p, plan, chunks)))
        return reread_geometry(ctx, p, plan) ||
               shared_unit_geometry(ctx, p, plan);
    smax_exec_plan fine = *plan, two = *plan;
    if (fine_unit_geometry(ctx, p, &one, &fine))
        *plan = fine;
    else if (two_unit_geometry(ctx, p, &one, &two))
        *plan = two;
    else
        *plan = one;
    return 1;
}

/* The gradient's device-memory exchange holds SMAX_BWD_EXCHANGE_REG_VECS
 * vectors of y and dy an item in registers beside its on-chip share
 * (kernels/smax_backward_exchange_regs.h) where the kernels keep chunks by
 * bulk copies (CUDA's sm_90 code, traits.bulk_keep) and the pair is f32 ->
 * f32, whose vectors (4 elements) bulk copies keep: the other pairs' kernel
 * holds nothing there. */
static int exchange_holds_registers(smax_context ctx,
                                    const smax_exec_plan *plan)
{
    return ctx->traits.bulk_keep && !plan->regs_barred &&
           plan->direction == SMAX_BACKWARD &&
           plan->pair == 3 * SMAX_DTYPE_F32 + SMAX_DTYPE_F32 &&
           plan->vec * (int)sizeof(float) == 16;
}

/* The exchange's chunks where its items hold part of them in registers
 * (exchange_holds_registers): groups of SMAX_EXCHANGE_MIN_GROUP, each chunk
 * the exchange's on-chip share (exchange_share) plus what the group's
 * registers hold, as many as a row needs and at least enough to give every
 * compute unit a group; made in `regs` where a unit holds enough of them
 * that a row's chunks are all resident at once and the launch then holds
 * more of its rows at once than `plan` (made without them) does (else that
 * stands). Groups of 128 whose registers hold 16 KB each beside 32 KB
 * on-chip: 6 a unit on the H100, 48 KB of rows each, where the exchange
 * without them held 32-64 KB a group in 3-6 groups (smax_geometry.h has
 * the measurements). Where `plan` held every row already they hold no more
 * and only cost: a row of 1M on the H200 ran 56.7 -> 52.7% of copy in 171
 * of them (39 units holding two) against 132 chunks of 256
 * (bench/results/h100-2026-12-07d, call 2). */
static int exchange_regs_geometry(smax_context ctx, const smax_problem *p,
                                  const smax_exec_plan *plan,
                                  smax_exec_plan *regs)
{
    const int64_t cus = ctx->info.compute_units;
    const int group = fit_group(ctx, SMAX_EXCHANGE_MIN_GROUP);
    const int64_t in_regs =
        (int64_t)SMAX_BWD_EXCHANGE_REG_VECS * plan->vec * group;
    int64_t chunks = ceil_div(p->cols, exchange_share(ctx, plan) + in_regs);
    if (p->rows * chunks < cus)
        chunks = ceil_div(cus, p->rows);
    const int64_t len = chunk_len_of(p, plan, chunks, group);
    const int64_t pitch =
        row_pitch(len > in_regs ? len - in_regs : 0, plan->onchip_bytes);
    const size_t local = (size_t)(pitch * onchip_col_bytes(plan)) +
                         reduction_bytes(group) + exchange_bytes(ctx);
    if (local > ctx->traits.max_local_dynamic)
        return 0;
    *regs = *plan;
    set_one_launch(p, regs, group, len, pitch, local);
    regs->exchange_regs = SMAX_BWD_EXCHANGE_REG_VECS;
    /* one occupancy query for both tests: plans are made at every call */
    const int64_t held = exchange_unit_groups(ctx, regs) * cus;
    const int64_t all = p->rows * regs->chunks;
    /* rows at once, resident chunks over a row's: compared as fractions */
    return held >= regs->chunks &&
           (held < all ? held : all) * plan->chunks >
               exchange_resident_chunks(ctx, p, plan) * regs->chunks;
}

/* The multi-block phases in one launch with every chunk held on-chip
 * (kernels/smax_multiblock_onchip.h), where that can run: a row's groups
 * wait on each other, so they must all be resident at once, which holds
 * for up to one group per compute unit and row whatever else the device
 * runs (kernels/smax_cooperative.h). Chunks are as many as the on-chip
 * share asks, and more where the rows are too few to give every compute
 * unit a group. Only where the backend says groups may wait on each other
 * (not on CPU devices, which run a group to its end before the next one
 * starts there). Where the device has thread-block clusters and a row
 * fits one, the row is a cluster (plan_cluster): up to max_cluster
 * chunks, grown past the share where the row needs it while a compute
 * unit still holds SMAX_CLUSTER_GROUPS_PER_CU of them. Rows too long
 * for on-chip memory re-read their chunks from the cache where they fit
 * it (reread_geometry). At least min_chunks chunks a row. Returns 0 where
 * the row cannot be held. */
static int plan_multiblock_onchip(smax_context ctx, const smax_problem *p,
                                  smax_exec_plan *plan, int64_t min_chunks)
{
    const int64_t share = onchip_share(ctx, plan, coop_groups_per_cu(ctx));
    if (share < 16)
        return 0;
    int64_t chunks = onchip_chunks(ctx, p, share);
    if (chunks < min_chunks)
        chunks = min_chunks;
    /* A cluster where the row fits one: its chunks grow past the share
     * where they must, up to SMAX_CLUSTER_GROUPS_PER_CU a compute unit.
     * The gradient's as well: its cluster kernel keeps a chunk by bulk
     * copies, so no item's register batch bounds the chunk. With the bulk
     * copies, H200, % of copy, chunks that gave every item one batch of 4
     * pairs against these (bench/results/h200-2026-11-29d, call 2): f32
     * 1335 x 50257 (13 -> 8 chunks) 80.9 -> 97.4, 97.3; 1024 x 65536 (16
     * -> 10) 93.5 -> 99.9, 100.4; 2048 x 32768 (8 -> 5) 99.3 -> 100.3,
     * 100.6; bf16 1335 x 50257 (7 -> 4) 97.0 -> 97.1, 96.7; but bf16
     * 523 x 128256 (16 -> 10) 96.7 -> 94.9, 95.4. */
    int64_t in_cluster = chunks < ctx->traits.max_cluster
                             ? chunks
                             : ctx->traits.max_cluster;
    if (in_cluster > 0 &&
        ceil_div(p->cols, in_cluster) <= cluster_share(ctx, p, plan) &&
        cluster_geometry(ctx, p, plan, in_cluster) &&
        plan_cluster(ctx, plan))
        return 1;
    if (!ctx->traits.cooperative)
        return 0;
    const int planned = ctx->traits.test_reread
                            ? reread_geometry(ctx, p, plan)
                            : exchange_geometry(ctx, p, plan);
    if (!planned)
        return 0;
    plan->cluster = 0;
    smax_exec_plan regs;
    if (!plan->reread && exchange_holds_registers(ctx, plan) &&
        exchange_regs_geometry(ctx, p, plan, &regs))
        *plan = regs;
    else if (!plan->reread)
        exchange_fit_registers(ctx, p, plan);
    plan->stagger = exchange_stagger(ctx, plan);
    /* A partial per group; the ticket counter and a flag per group, or,
     * where the kernels exchange 64-bit words (CUDA, HIP), the counter, a
     * pad and two words per group (kernels/smax_cooperative.h): sync is
     * sized for either, so that every call that zeroes it zeroes both. */
    plan->scratch_bytes = (size_t)plan->groups * 2 * sizeof(float);
    plan->sync_bytes = (size_t)(2 + 4 * plan->groups) * sizeof(uint32_t);
    return 1;
}

/* Rows that fit one group's on-chip memory and that a compute unit holds
 * fewer of than this run as thread-block clusters (plan_cluster_row). */
#define SMAX_CLUSTER_ROW_GROUPS_PER_CU 3
/* Where memory feeds a compute unit SMAX_FAST_UNIT_MEMORY times as fast as
 * the H100's, rows with a 16-bit side that leave fewer than one more
 * group than that a unit run as clusters too, forward and gradient, where
 * the rows are at least this many a compute unit (fewer: the groups of
 * both plans are all resident at once, and the fused row ran level).
 * H200, A B B A, % of copy, fused (a group of 512 a row, 3 a unit) ->
 * clusters of 2 chunks (bench/results/h200-2026-12-02, calls 5-7): the
 * gradient of bf16 y and dy 1024 x 14600, 15000, 16000, 17000, 18000,
 * 19000 73.8, 75.1, 78.4, 81.0, 81.4, 82.2 -> 88.8, 88.6, 90.9, 89.0,
 * 89.8, 90.5, 4096 x 15000 73.7 -> 95.3, 512 x 18000 82.2 -> 84.5, its
 * log-softmax 1024 x 16384 84.7 -> 86.6, but 1024, 4096, 8192 x 16384
 * 92.1, 98.1, 99.7 -> 91.6, 97.8, 99.0 and f16 1024 x 16384 92.2 -> 91.1;
 * the forward's bf16 512, 1024, 2048 x 32000
 * 81.2, 87.2, 93.2 -> 83.5, 90.5, 93.8; 1024 x 30000, 1024 x 36000, 4096
 * x 29500 84.5, 87.6, 88.7 -> 86.8, 90.7, 92.1; f16 1024 x 32000 79.3
 * (70.8-87.8) -> 90.5; bf16 log-softmax 1024 x 32000 88.7 -> 91.5; bf16 ->
 * f32 1024 x 32000 86.8 -> 89.5; f32 -> bf16 1024 x 16000, 4096 x 16384
 * 85.5, 95.5 -> 90.0, 99.1; lower: bf16 8192 x 32000 96.7 -> 96.2, bf16 ->
 * f32 4096 x 30000 91.8 -> 91.0; level at 256 and 384 rows (under the
 * bound) and f32 forward rows (f32 1024 x 16000 87.5 -> 87.4, 4096 x
 * 16384 96.0 -> 95.0), which keep the rule above. More chunks a row than
 * the share gives lost (f32 and bf16 rows of 32000, 2-16 chunks; call 4). */
#define SMAX_CLUSTER_ROW_MIN_ROWS_PER_CU 3

/* Fused rows that leave a compute unit fewer groups than this run as
 * clusters (plan_cluster_row): SMAX_CLUSTER_ROW_GROUPS_PER_CU, and where
 * memory outpaces the H100's and the rows are at least
 * SMAX_CLUSTER_ROW_MIN_ROWS_PER_CU a unit, one more for rows with a 16-bit
 * side (above; the gradient's y and dy are its side, not dx) and two more
 * for the gradient of f32 y, dy and dx: on the
 * H200, rows past 5811 columns (fused, a group of 49-76 KB of y and dy,
 * four or three a unit) ran 84-96% of copy from 6000 to 9216 columns, and
 * as clusters of two chunks 98-101, while 5800 columns, four fused groups
 * a unit as well, ran 102 fused. ncu later named the dip at 6000 columns:
 * four groups there take the unit's largest shared-memory split, which
 * leaves the L1 cache too little for the loads in flight
 * (plan_cache_share); clusters keep their chunks by bulk copies, which
 * need no room there. Held to three groups, fused rows ran level with the
 * clusters at 6000 columns (103.0, 102.5 against 102.3, 101.6) and behind
 * from 6500 (95.2, 94.2 against 98.3, 98.2; bench/results/h200-2026-12-02d,
 * call 2), so these rows keep their clusters. A B B A, % of
 * copy, fused -> clusters (bench/results/h200-2026-12-02c, call 5):
 * 5592 x 6000 89.9, 89.2 -> 100.8, 101.0; 5162 x 6500 88.3, 87.8 -> 98.6,
 * 97.9; 4793 x 7000 95.3, 95.8 -> 101.5, 100.8; 4473 x 7500 91.6, 91.0 ->
 * 97.9, 98.1; 4096 x 8192 96.5, 96.4 -> 98.9, 99.3; 3728 x 9000 84.7,
 * 84.4 -> 101.4, 100.7; 1024 x 6000 83.7, 83.1 -> 89.2, 88.5; log-softmax
 * 6000 88.6, 87.9 -> 100.7, 99.8; rows of 5500 and 5800 columns stay
 * fused at 102. The gradient of f32 y and dy to a 16-bit dx keeps the
 * count: as clusters its rows of 5000-9216 columns lost to fused ones at
 * every length (bf16 dx 4096 x 8192 fused 97.5, 97.6, as clusters 92.6,
 * 91.9; 3640 x 9216 83.0, 83.9 against 78.0, 79.1; 5592 x 6000 93.5, 94.1
 * against 73.4, 73.8; f16 dx alike; bench/results/h200-2026-12-02d, call
 * 1). */
static int cluster_row_groups(smax_context ctx, const smax_problem *p,
                              const smax_exec_plan *plan)
{
    if (unit_memory_speedup(ctx) < SMAX_FAST_UNIT_MEMORY ||
        p->rows < SMAX_CLUSTER_ROW_MIN_ROWS_PER_CU *
                      (int64_t)ctx->info.compute_units)
        return SMAX_CLUSTER_ROW_GROUPS_PER_CU;
    const int y_half = smax_dtype_bytes(p->y_dtype) == 2;
    const int x_half = smax_dtype_bytes(p->x_dtype) == 2;
    if (plan->direction == SMAX_BACKWARD)
        return SMAX_CLUSTER_ROW_GROUPS_PER_CU + (y_half ? 1 : x_half ? 0 : 2);
    return SMAX_CLUSTER_ROW_GROUPS_PER_CU + (x_half || y_half);
}

/* A row that fits one group's on-chip memory runs as a thread-block
 * cluster, where the device has them, if it leaves fewer than
 * cluster_row_groups (SMAX_CLUSTER_ROW_GROUPS_PER_CU) groups a compute
 * unit (where a unit holds more, one group loads while others write) or,
 * forward, if its rows are fewer than a quarter of the units and too long
 * for registers. H100,
 * forced fused vs cluster, same run (bench/results/h100-2026-11-24b):
 * f32 rows of 32000 77.7 -> 93.7% of copy (256 rows), 91.0 -> 96.8
 * (1024), 8192 x 50257 95.0 -> 96.9; bf16 4096 x 65536 93.7 -> 98.8, 512
 * x 65536 75.9 -> 89.5, 32 x 32000 54.9 -> 61.8. The gradient too, since
 * its clusters fetch y and dy in batches (bench/results/h100-2026-11-25c,
 * call 1): f32 1024 x 20000 85.5 -> 99.7, 2048 x 20000 87.3 -> 100.7,
 * 4096 x 24000 88.7 -> 101.0, 1024 x 28000 89.3 -> 99.9, 128 x 16384 82.7
 * -> 85.3; bf16 1024 x 40000 86.7 -> 99.4, 8192 x 50257 86.7 -> 89.7, 32
 * x 32000 63.5 -> 68.8; few gradient rows that leave a unit several
 * groups stay fused (bf16 32 x 16384 85.1, as a cluster 72.6; call 2),
 * while f32 32 x 16384, one group a unit, gained 61.3 -> 69.0. Rows that
 * leave two groups a unit had stayed fused while clusters' 16-bit chunks
 * met mid-sector; since their edges are on lines (chunk_edge), clusters
 * win there too. H100, ABBA, three against two (bench/results/h100-2026-
 * 11-28b, call 3), % of copy: bf16 8192 x 50257 96.0, 95.3 -> 98.2, 97.5,
 * 2048 x 50257 92.9, 93.5 -> 94.8, 95.2, f16 8192 x 50257 95.4, 96.0 ->
 * 96.8, 97.1, f32 2048 x 28000 93.5, 93.5 -> 97.4, 97.2, 8192 x 25000
 * 97.7, 96.9 -> 98.4, 98.2; the gradient's f32 4096 x 14000 83.3, 82.7 ->
 * 100.7, 100.4, 8192 x 10000 98.6, 98.6 -> 101.0, 100.9, bf16 4096 x
 * 28000 79.6, 80.2 -> 100.7, 99.6, 8192 x 25000 93.8, 94.8 -> 101.4,
 * 101.6; one loss, f32 8192 x 20000 99.0, 99.1 -> 97.4, 98.1. Rows that
 * leave three groups stay fused (bf16 16384 x 32768 fused 99.2, as a
 * cluster 98.8; 256 x 32000 84.6 against 81.2; call 2; the gradient's f32
 * 16384 x 8193 100.4 against 91.1, h100-2026-11-25c).
 * Where memory outpaces the H100's, rows with a 16-bit side and at least
 * SMAX_CLUSTER_ROW_MIN_ROWS_PER_CU a unit count one group more (above),
 * the gradient of f32 two (cluster_row_groups); a row that so leaves the
 * fused kernel takes at least two chunks, though one group's share would
 * hold it (f32 gradients of 5900-6894 columns).
 * Returns 0, the plan untouched, where no cluster is planned. */
static int plan_cluster_row(smax_context ctx, const smax_problem *p,
                            smax_exec_plan *plan)
{
    const int holds_few = cluster_row_groups(ctx, p, plan) * p->cols *
                              onchip_col_bytes(plan) >
                          (int64_t)ctx->traits.max_local_dynamic;
    const int rows_few = plan->direction == SMAX_FORWARD &&
                         4 * p->rows < (int64_t)ctx->info.compute_units &&
                         p->cols > reg_max_cols(ctx, p, plan);
    smax_exec_plan c = *plan;
    if (ctx->traits.max_cluster < 1 || !(holds_few || rows_few) ||
        !plan_multiblock_onchip(ctx, p, &c, 2) || !c.cluster)
        return 0;
    *plan = c;
    return 1;
}

/* Forward rows that fit one group but are fewer than a quarter of the
 * compute units and take more than a third of a unit's on-chip memory
 * each: where the device has no clusters (plan_cluster_row takes such rows
 * where it has), their chunks are spread over groups that exchange
 * partials, past very_few (smax_make_plan) too. One group streaming such
 * a row is bound by its own latency while most units idle. HIP on NVIDIA
 * (H100, no clusters), forced fused / multi-block, us
 * (bench/results/h100-2026-12-05d, call 3): f32 rows of 32000 columns
 * (128 KB) 17, 20, 24, 32 rows 11.0, 11.2, 11.3, 11.6 / 9.3, 9.9, 10.4,
 * 11.3, 48 level; bf16 65536 (128 KB) 17, 32 rows 11.3, 12.1 / 8.9, 11.0.
 * Rows of 64 KB stayed fused: bf16 32000 17-96 rows 7.4-10.4 / 7.5-12.2,
 * f32 16000 17-64 rows 7.3-8.9 / 8.1-11.0. With the rule, on an H200
 * (bench/results/h200-2026-12-05b), `auto` ran the faster of the two
 * at f32 17-48 x 32000 and bf16 17-32 x 65536. */
#define SMAX_FEW_ROWS_UNIT_DEN 4
#define SMAX_WIDE_ROW_UNIT_DEN 3

static int few_wide_rows(smax_context ctx, const smax_problem *p,
                         const smax_exec_plan *plan)
{
    const int64_t unit = ctx->traits.unit_local_bytes
                             ? (int64_t)ctx->traits.unit_local_bytes
                             : (int64_t)ctx->traits.max_local_dynamic;
    return plan->direction == SMAX_FORWARD && ctx->traits.max_cluster < 1 &&
           SMAX_FEW_ROWS_UNIT_DEN * p->rows <
               (int64_t)ctx->info.compute_units &&
           SMAX_WIDE_ROW_UNIT_DEN * p->cols * onchip_col_bytes(plan) > unit;
}

/* Multi-block: in one launch where the chunks can be held on-chip, else
 * in three phases. */
static void plan_multiblock_any(smax_context ctx, const smax_problem *p,
                                smax_exec_plan *plan)
{
    if (!plan_multiblock_onchip(ctx, p, plan, 1))
        plan_multiblock(ctx, p, plan);
}

/* `auto` on a CPU device: one item per row (plan_cpu_rows). It beat the
 * fused kernels at every demo shape (PoCL, 2 cores,
 * bench/results/pocl-2026-11-23-cpu-rows) and the gradient's group-wide
 * kernels (bench/results/pocl-2026-11-26: 43-135% of copy against 13-34
 * fused and 4-24 multi-block). Rows fewer than the compute units,
 * with more than SMAX_GROUPS_PER_CU chunks of SMAX_MB_MAX_CHUNK elements
 * for every unit, run multi-block instead, one item a chunk walking it in
 * the device's vector width as a row's item does (smax_multiblock.h):
 * every core works, and x is read twice from memory where one row's
 * three passes read it three times (and an f32 softmax's y twice more).
 * PoCL, 2 cores, `auto` of 16635b0 (one row) against this rule, A B B A
 * (bench/results/pocl-2026-11-29): 1 x 2^24 f32 12.2, 10.0 -> 14.6,
 * 14.4 GB/s, bf16 5.8, 5.8 -> 9.8, 9.9, f16 5.2, 5.2 -> 8.8, 8.6, f32
 * log-softmax 10.5, 10.6 -> 15.5, 16.3; 1 x 262144 bf16 5.5, 5.5 -> 7.7,
 * 8.1. At 1 x 131072 (4 chunks a unit) the one row ran level or ahead.
 * The gradient's rows read y and dy twice either way, so splitting adds
 * cores, not fewer bytes: on that record's AMD EPYC the chunks ran f32
 * 1 x 2^24 +15%, bf16 level (1 x 4M 13% behind); on an Intel Xeon
 * (bench/results/pocl-2026-12-05b) 1.4-2.7x at every row of 140000 to
 * 2^24 columns, every dtype, where one core alone does not draw the
 * memory's bandwidth. The gradient splits by the forward's rule. */
static void plan_auto_cpu(smax_context ctx, const smax_problem *p,
                          smax_exec_plan *plan)
{
    const int64_t units = ctx->info.compute_units;
    if (p->rows < units &&
        p->rows * p->cols > units * SMAX_GROUPS_PER_CU * SMAX_MB_MAX_CHUNK) {
        plan_multiblock(ctx, p, plan);
        snprintf(plan->reason, sizeof plan->reason,
                 "auto: CPU device: %lld row(s) for %lld compute units, "
                 "each split into %d chunks, one work-item a chunk",
                 (long long)p->rows, (long long)units, plan->chunks);
        return;
    }
    plan_cpu_rows(ctx, p, plan);
    snprintf(plan->reason, sizeof plan->reason,
             "auto: CPU device: one work-item per row, its passes in the "
             "core's caches");
}

static smax_status not_supported(smax_context ctx, const char *what,
                                 const smax_problem *p, const char *why)
{
    return smax_fail(ctx, SMAX_ERROR_NOT_SUPPORTED,
                     "%s cannot run %lld x %lld: %s", what,
                     (long long)p->rows, (long long)p->cols, why);
}

/* What every plan of a problem shares: direction, kernel instantiation
 * and vector width. */
static void plan_common(const smax_problem *p, smax_direction dir,
                        smax_exec_plan *plan)
{
    memset(plan, 0, sizeof *plan);
    plan->direction = dir;
    /* Kernels read in and write out: forward x -> y, backward y, dy -> dx. */
    const smax_dtype in = dir == SMAX_BACKWARD ? p->y_dtype : p->x_dtype;
    const smax_dtype out = dir == SMAX_BACKWARD ? p->x_dtype : p->y_dtype;
    plan->pair = 3 * (int)in + (int)out;
    plan->onchip_bytes = onchip_bytes(in);
    plan->vec = SMAX_VEC_WIDTH((int)smax_dtype_bytes(in),
                               (int)smax_dtype_bytes(out));
}

/* The limits every plan meets before it runs: row length, grid size and
 * on-chip memory; `who` names the caller in the refusal. */
static smax_status plan_limits(smax_context ctx, const char *who,
                               const smax_problem *p,
                               const smax_exec_plan *plan)
{
    if (plan->groups > INT32_MAX)
        return not_supported(ctx, who, p, "more than 2^31 - 1 groups");
    if (plan->local_bytes > ctx->traits.max_local_dynamic)
        return not_supported(ctx, who, p, "not enough on-chip memory");
    return SMAX_SUCCESS;
}

/* The on-chip memory a compute unit's groups may fill and still leave its
 * L1 cache more than the least: on NVIDIA's sm_80 and sm_90 the largest
 * split of the unit's store leaves the cache 28 KB, the next 60 KB (H100
 * and H200: 228 or 196 KB of on-chip memory). */
#define SMAX_CACHE_KEEP_BYTES (32 * 1024)
/* Groups a unit holds where plan_cache_share takes one away. */
#define SMAX_CACHE_SHARE_GROUPS 3

/* The gradient's on-chip rows load y and dy through registers, and where
 * the unit's on-chip memory is carved from its cache, loads in flight need
 * room in that cache. Where four of their groups would fill the unit past
 * SMAX_CACHE_KEEP_BYTES less than its whole (the runtime then takes the
 * largest split), it holds SMAX_CACHE_SHARE_GROUPS in the next: fewer
 * groups, more bytes in flight. ncu (H200, fused f32 gradient, four groups
 * of 256 items a unit): 5785 x 5800 (48.5 KB a group) in 196 KB ran DRAM
 * at 84.7% of peak, 5592 x 6000 (50.1 KB) in 228 KB at 74.2; held to 196
 * KB, three groups, 85.1 (bench/results/h200-2026-12-02d). On the H100
 * the f32 gradient of 5886-6909 columns went 95.8-97.0% of copy to
 * 99.9-100.5 (CUDA and HIP on NVIDIA), the f32 -> bf16 dx 99.2-100.0 to
 * 101.3-103.4, bf16 level (h100-2026-12-05c). Three groups held to two
 * lost on the H200 (f32 4096 x 8192), and more than four were not
 * measured. */
static void plan_cache_share(smax_context ctx, smax_exec_plan *plan)
{
    const int64_t unit = ctx->traits.unit_local_bytes;
    const int64_t group = unit_group_bytes(ctx, plan);
    if (!ctx->traits.carved_cache || plan->direction != SMAX_BACKWARD ||
        plan->algorithm != SMAX_ALGO_FUSED || plan->in_registers ||
        plan->tile_rows || plan->reg_split || plan->local_bytes == 0)
        return;
    if (unit / group != SMAX_CACHE_SHARE_GROUPS + 1 ||
        (unit - SMAX_CACHE_KEEP_BYTES) / group != SMAX_CACHE_SHARE_GROUPS)
        return;
    plan->unit_groups = SMAX_CACHE_SHARE_GROUPS;
    const size_t n = strlen(plan->reason);
    snprintf(plan->reason + n, sizeof plan->reason - n,
             "; %d groups a unit, the rest of its store cache",
             plan->unit_groups);
}

static smax_status make_plan(smax_context ctx, const smax_problem *p,
                             smax_direction dir, int regs_barred,
                             smax_exec_plan *plan)
{
    plan_common(p, dir, plan);
    plan->regs_barred = regs_barred;
    if (p->cols > INT32_MAX - 16)
        return not_supported(ctx, "smax", p,
                             "rows longer than 2^31 - 17 elements");
    const int64_t fused_max =
        fused_max_cols_of(ctx, fused_arrays(dir), plan->onchip_bytes);
    const int fits = p->cols <= fused_max;
    char why[160];
    why[0] = '\0';

    switch (p->algorithm) {
    case SMAX_ALGO_FUSED:
        if (!fits) {
            snprintf(why, sizeof why,
                     "the row needs %lld bytes on-chip, the device has room "
                     "for %lld elements%s",
                     (long long)(p->cols * plan->onchip_bytes *
                                 fused_arrays(dir)),
                     (long long)fused_max,
                     dir == SMAX_BACKWARD ? " of y and of dy" : "");
            return not_supported(ctx, "fused", p, why);
        }
        plan_fused(ctx, p, plan);
        snprintf(plan->reason, sizeof plan->reason, "forced: fused%s%s",
                 plan->tile_rows ? ", rows moved as flat tiles"
                 : plan->in_registers ? ", the row held in registers"
                                      : "",
                 register_kernel_words(plan));
        break;
    case SMAX_ALGO_ONLINE:
        plan_online(ctx, p, plan);
        snprintf(plan->reason, sizeof plan->reason, "forced: online");
        break;
    case SMAX_ALGO_MULTIBLOCK:
        plan_multiblock_any(ctx, p, plan);
        snprintf(plan->reason, sizeof plan->reason, "forced: multiblock%s%s",
                 plan->reread        ? ", chunks re-read from the cache in "
                                       "one launch"
                 : plan->cooperative ? ", chunks held on-chip in one launch"
                                     : "",
                 plan->cluster ? ", each row a thread-block cluster" : "");
        break;
    default: {
        if (ctx->traits.test_split && plan_fused_split(ctx, p, plan)) {
            snprintf(plan->reason, sizeof plan->reason,
                     "auto (test switch): one group holds the row in "
                     "registers and on-chip%s",
                     plan->reg_split == 2 ? " (the wide kernel)" : "");
            break;
        }
        if (fits && ((ctx->traits.test_deep_regs &&
                      plan_fused_deep(ctx, p, plan)) ||
                     (ctx->traits.test_narrow_regs &&
                      plan_fused_narrow(ctx, p, plan)))) {
            plan->algorithm = SMAX_ALGO_FUSED;
            snprintf(plan->reason, sizeof plan->reason,
                     "auto (test switch): the row held in registers%s",
                     register_kernel_words(plan));
            break;
        }
        if (ctx->traits.is_cpu) {
            plan_auto_cpu(ctx, p, plan);
            break;
        }
        smax_exec_plan rows_plan;
        plan_common(p, dir, &rows_plan);
        plan_online(ctx, p, &rows_plan);
        const int64_t busy = (int64_t)ctx->info.compute_units *
                             (ctx->traits.is_cpu ? 1 : 2);
        const int64_t long_row = 8 * (int64_t)rows_plan.group_size;
        /* A row that fits on-chip stays fused unless the rows are very
         * few: on the H100, 32 x 32000 ran fused at 511 GB/s and split
         * into chunks at 382 GB/s. */
        const int64_t very_few = ctx->info.compute_units / 8 + 1;
        const int split = fits ? rows_plan.groups < very_few
                               : rows_plan.groups < busy;
        /* Rows too long for one group (past its on-chip memory, or, forward
         * through registers, past SMAX_FUSED_MAX_ITEM_ELEMS per item of the
         * largest group),
         * and long rows too few to give every compute unit work, run with
         * their chunks spread over groups that hold them on-chip: one
         * read, one write. Other rows that fit stay fused: H100, fused
         * f32 8192 x 32768 and f32 backward 16384 x 16384 at 96-101% of
         * copy, spread at 89-92%; bf16 4096 x 65536 fused at 71%, spread
         * at 85%. */
        const int64_t item_cols =
            SMAX_FUSED_MAX_ITEM_ELEMS * (int64_t)ctx->info.max_group_size;
        const int small_chunks = onchip_share(ctx, plan,
                                              coop_groups_per_cu(ctx)) <
                                 SMAX_COOP_MIN_ITEM_ELEMS * group_size(ctx);
        const int many_rows = rows_plan.groups >= busy;
        const int few_wide = fits && few_wide_rows(ctx, p, plan);
        const int spread =
            (!(small_chunks && many_rows) &&
             (!fits || (dir == SMAX_FORWARD && !ctx->traits.async_keep &&
                        p->cols > item_cols))) ||
            (rows_plan.groups < very_few && p->cols >= long_row) || few_wide;
        if (!fits && many_rows && plan_fused_split(ctx, p, plan)) {
            snprintf(plan->reason, sizeof plan->reason,
                     "auto: the row exceeds one group's on-chip memory (%lld "
                     "> %lld): one group holds it in registers and on-chip%s",
                     (long long)p->cols, (long long)fused_max,
                     plan->reg_split == 2 ? " (the wide kernel)" : "");
        } else if ((spread && plan_multiblock_onchip(ctx, p, plan, 1)) ||
            (fits && plan_cluster_row(ctx, p, plan))) {
            snprintf(plan->reason, sizeof plan->reason,
                     plan->reread ? "auto: %s: %d chunks a row re-read from "
                                    "the cache%s by %s, one launch"
                                  : "auto: %s: %d chunks a row held on-chip%s "
                                    "by %s, one launch; one read, one write",
                     !fits ? "the row exceeds one group's on-chip memory"
                     : rows_plan.groups < very_few || few_wide
                         ? "too few rows to fill the compute units"
                         : "the row is long for one group",
                     plan->chunks,
                     plan->exchange_regs ? " and in registers" : "",
                     plan->cluster ? "a cluster" : "groups exchanging partials");
        } else if (split && p->cols >= long_row) {
            plan_multiblock(ctx, p, plan);
            snprintf(plan->reason, sizeof plan->reason,
                     "auto: %lld row group(s) would leave %u compute units "
                     "idle; each row split into %d chunks",
                     (long long)rows_plan.groups, ctx->info.compute_units,
                     plan->chunks);
        } else if (fits) {
            plan_fused(ctx, p, plan);
            snprintf(plan->reason, sizeof plan->reason,
                     "auto: the row fits on-chip (%lld <= %lld elements)%s%s: "
                     "one read, one write",
                     (long long)p->cols, (long long)fused_max,
                     plan->tile_rows ? ", packed rows moved as flat tiles"
                     : plan->in_registers ? ", held in registers"
                                          : "",
                     register_kernel_words(plan));
        } else if (!ctx->traits.is_cpu && !small_chunks) {
            /* Measured on the H100: chunks of long rows keep more groups
             * in flight than one group per row (62% vs 52-60% of copy). */
            plan_multiblock(ctx, p, plan);
            snprintf(plan->reason, sizeof plan->reason,
                     "auto: the row exceeds on-chip memory (%lld > %lld): "
                     "rows split into %d chunks, two reads, one write",
                     (long long)p->cols, (long long)fused_max, plan->chunks);
        } else {
            *plan = rows_plan;
            snprintf(plan->reason, sizeof plan->reason,
                     "auto: the row exceeds on-chip memory (%lld > %lld) and "
                     "rows fill the device: two reads, one write",
                     (long long)p->cols, (long long)fused_max);
        }
    }
    }
    if (plan->groups > INT32_MAX)
        return not_supported(ctx, "smax", p, "more than 2^31 - 1 groups");
    plan_cache_share(ctx, plan);
    return plan_limits(ctx, "this plan", p, plan);
}

smax_status smax_make_plan(smax_context ctx, const smax_problem *p,
                           smax_direction dir, smax_exec_plan *plan)
{
    return make_plan(ctx, p, dir, 0, plan);
}

smax_status smax_make_plan_off_grid(smax_context ctx, const smax_problem *p,
                                    smax_direction dir, smax_exec_plan *plan)
{
    return make_plan(ctx, p, dir, 1, plan);
}

smax_status smax_make_shard_plan(smax_context ctx, const smax_problem *p,
                                 smax_direction dir, smax_exec_plan *plan)
{
    plan_common(p, dir, plan);
    if (p->cols > INT32_MAX - 16)
        return not_supported(ctx, "a shard", p,
                             "rows longer than 2^31 - 17 elements");
    plan_multiblock(ctx, p, plan);
    snprintf(plan->reason, sizeof plan->reason,
             "shard: %d chunks a row, %d merge level(s) within the shard, "
             "then the merge of the shards' partials",
             plan->chunks, plan->merge_levels);
    return plan_limits(ctx, "a shard", p, plan);
}

size_t smax_plan_unit_local(smax_context ctx, const smax_exec_plan *plan)
{
    return (size_t)plan->unit_groups * (size_t)unit_group_bytes(ctx, plan);
}

size_t smax_workspace_sync_span(const smax_exec_plan *plan)
{
    const size_t a = SMAX_WORKSPACE_ALIGN;
    return (plan->sync_bytes + a - 1) / a * a;
}

size_t smax_plan_workspace_bytes(const smax_exec_plan *plan)
{
    return smax_workspace_sync_span(plan) + plan->scratch_bytes;
}

void smax_plan_describe(const smax_exec_plan *plan, smax_plan_info *out)
{
    memset(out, 0, sizeof *out);
    out->algorithm = plan->algorithm;
    out->group_size = (uint32_t)plan->group_size;
    out->rows_per_group = (uint32_t)plan->rows_per_group;
    out->chunks_per_row =
        plan->algorithm == SMAX_ALGO_MULTIBLOCK ? plan->chunks : 1;
    out->merge_levels = (uint32_t)plan->merge_levels;
    out->vector_width = (uint32_t)plan->vec;
    out->scratch_bytes = smax_plan_workspace_bytes(plan);
    snprintf(out->reason, sizeof out->reason, "%s", plan->reason);
}
