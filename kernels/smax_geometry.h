/*
 * smax_geometry.h - the launch facts that the host planner and the kernels
 * must agree on. Compiles as OpenCL C, CUDA, HIP and host C.
 */
#ifndef SMAX_GEOMETRY_H
#define SMAX_GEOMETRY_H

/* Elements per vector access for a kernel that reads elements of in_bytes
 * and writes elements of out_bytes: 16 bytes of the narrower type. */
#define SMAX_VEC_WIDTH(in_bytes, out_bytes) \
    (16 / ((in_bytes) < (out_bytes) ? (in_bytes) : (out_bytes)))

/* Vectors that every work-item of the register-resident fused kernels
 * holds: a row slot of `lanes` items holds rows of up to
 * SMAX_VEC_WIDTH * SMAX_REG_VECTORS * lanes elements. Four keeps 64 bytes
 * of the narrower type in flight per item (H100, f32: 8 float4s spilled or
 * halved the occupancy, and ran slower). */
#define SMAX_REG_VECTORS 4
/* The forward kernel holds its vectors converted to f32, so where input
 * and output are both 16-bit it holds two vectors of 8: the 16 f32
 * values a lane of an f32 row holds. Four took 64 registers a lane (8
 * groups of 128 a compute unit), two take 40 (12), and a 16-bit row slot
 * of 128 lanes then holds up to 2048 elements; longer rows run from
 * on-chip memory. H100, % of copy, same run (bench/results/
 * h100-2026-11-24g, folders 3 and 4): bf16 rows of 256, 512, 1024, 2048
 * columns 91.5, 93, 92.5, 89 -> 97, 97, 95.5, 95.7; f16 512, 1024, 2048
 * 92, 92, 90 -> 97, 95.5, 95.6; bf16 2056, 2304, 3000, 4096 (on-chip)
 * 69, 77, 87, 89 -> 78.5, 86, 94.5, 92. Where one side is f32 it lost
 * (bf16 -> f32 1024 columns 95 -> 82) or ran level (f32 -> bf16), and
 * the gradient, which keeps 16-bit y and dy as read, gained 1-2 points. */
#define SMAX_FWD_REG_VECTORS(in_bytes, out_bytes) \
    ((in_bytes) == 2 && (out_bytes) == 2 ? 2 : SMAX_REG_VECTORS)
/* Vectors a lane of the deep register kernel holds (smax_fused_regs_deep):
 * eight where input and output are f32 (32 elements a lane), four where
 * both are 16-bit (32 elements, held as f32), elsewhere the usual
 * kernel's; and its largest group, SMAX_FWD_DEEP_GROUP: 256 items for f32
 * (rows of up to 8192 columns), SMAX_REG_GROUP for 16-bit pairs (4096).
 * The planner gives it the rows past the usual kernel's reach that fill
 * at least 7/8 of its slots, where memory outpaces the H100's (where it
 * was measured). H200, A B B A, % of copy, on-chip -> deep
 * (bench/results/h200-2026-12-02, call 2): NVIDIA's OpenCL 3584, 3840,
 * 4000, 4096 columns 93.8, 97.7, 97.2, 93.7 -> 98.3, 103.2, 103.1, 98.5,
 * 65536 x 4096 93.1 -> 97.2, log-softmax 4096 93.8 -> 98.9; CUDA 96.8,
 * 99.6, 98.4, 95.8 -> 97.2, 100.3, 99.7, 96.2. Slots less full lost as the
 * only f32 register kernel (call 1: OpenCL 2816, 3072 98.5, 94.8 -> 91.2,
 * 92.7; 3000 level). CUDA, on-chip -> deep in groups of up to 512
 * (bench/results/h200-2026-12-02e, call 1): f32 7000, 7500, 8192 98.4,
 * 95.2, 94.9 -> 99.3, 98.9, 95.9, 1024 x 8192 90.3 -> 92.1, log-softmax
 * 8192 94.8 -> 95.7 (peer_bench 32768 x 8192 96.6 -> 97.6, Triton 97.7);
 * bf16 4096 91.2 -> 95.1, f16 91.6 -> 95.6, bf16 log-softmax 92.8 -> 95.0
 * (peer_bench 65536 x 4096 97.7 -> 98.7); lost: f32 rows in groups of 512
 * (10000-16384 columns, 91-97 -> 58-73), 16-bit rows in 256 (bf16 8192
 * 93.6 -> 91.5), and rows that fill under 7/8 of the slots (f32 4097,
 * 5000 95.4, 99.3 -> 74.7, 86.7; bf16 2049-3000, 5000, 6144). In call 2,
 * A B B A: f32 7168, 7500, 8192 95.5, 94.6, 94.8 -> 96.4, 99.3, 95.6,
 * 32768 x 8192 96.1 -> 97.0; bf16 3800, 4000, 4096 94.8, 96.6, 90.9 ->
 * 97.5, 99.7, 94.9, 1024 x 4096 69.3 -> 87.8; HIP on NVIDIA alike (f32
 * 7500 94.7 -> 98.4, bf16 4096 90.7 -> 94.6); 16-bit rows of 88-90% fill
 * lost (bf16 3584 97.0 -> 95.8, f16 3700 94.1 -> 92.3), so those pairs
 * take 15/16 (plan.c, deep_fill); NVIDIA's OpenCL lost with both wider
 * forms (f32 7500 97.3 -> 88.2, bf16 3800, 4096 94.4, 90.7 -> 78.8, 78.2)
 * and keeps the f32 rows in 128 items (deep_reg_wide). */
#define SMAX_FWD_DEEP_REG_VECTORS(in_bytes, out_bytes)                      \
    ((in_bytes) == 4 && (out_bytes) == 4   ? 8                              \
     : (in_bytes) == 2 && (out_bytes) == 2 ? 4                              \
                                           : SMAX_FWD_REG_VECTORS(in_bytes, \
                                                                  out_bytes))
#define SMAX_FWD_DEEP_GROUP(in_bytes, out_bytes) \
    ((in_bytes) == 4 && (out_bytes) == 4 ? 256 : SMAX_REG_GROUP)
/* Vectors a lane of the narrow register kernel holds
 * (smax_fused_regs_narrow): two where input and output are f32 (8
 * elements a lane; ptxas takes 32 registers an item, not the usual
 * kernel's 48, so a compute unit holds 16 groups of 128 items, not 10),
 * elsewhere the usual kernel's. The planner gives it the f32 rows that
 * fill every slot of a row slot of at most the backend's narrow_reg_lanes
 * (CUDA and HIP: a warp, rows of 32, 64, 128, 256 columns; NVIDIA's
 * OpenCL: 4 lanes, 32 columns) where memory outpaces the H100's. H200,
 * A B B A, % of copy, 2^25 elements, four vectors a lane -> two
 * (bench/results/h200-2026-12-02b, call 4): CUDA 32, 64, 128, 256 columns
 * 87.5, 96.8, 96.6, 97.0 -> 98.6, 98.2, 98.3, 98.0 (second rounds 86.6,
 * 96.6, 96.5, 97.6 -> 99.0, 98.2, 98.8, 98.1), log-softmax 85.5, 96.8,
 * 96.0, 96.9 -> 99.0, 98.4, 98.6, 98.4; peer_bench, f32 2097152 x 128
 * 97.6 -> 100.1 (torch 100.2), 524288 x 128 94.7 -> 98.1 (torch 99.0).
 * NVIDIA's OpenCL 32 columns 85.1, 84.5 -> 101.3, 101.1 (log-softmax
 * 82.4, 83.2 -> 100.5, 100.5), where the usual kernel's smallest row slot
 * (4 lanes, 64 slots) is half empty, but 64 level and 128, 256 0.8 and 1.8
 * lower (log-softmax 1.6 and 4.2). Rows of 64 lanes lost in CUDA's
 * log-softmax (512: 96.9, 97.8 -> 96.1, 96.3; call 3), and rows that leave
 * slots empty lost up to 17 points (200, 384, 768 columns 101.2, 101.6,
 * 100.3 -> 89.0, 87.5, 85.0; odd 100, 333 100.4, 87.2 -> 88.5, 70.5; ncu
 * at 1024: 52 against 37 M instructions, issue slots 78% busy): each
 * item's fixed work is spread over half the elements. */
#define SMAX_FWD_NARROW_REG_VECTORS(in_bytes, out_bytes) \
    ((in_bytes) == 4 && (out_bytes) == 4 ? 2                                  \
                                         : SMAX_FWD_REG_VECTORS(in_bytes,     \
                                                                out_bytes))
/* Elements an item of the split kernel holds in registers
 * (smax_fused_split.h): 32, which the register kernel holds where one side
 * is 16-bit (8 vectors of 4 f32 where both are f32: at 128 items NVIDIA's
 * OpenCL ran f32 rows of 4096 columns so at 98.6% of copy on the H200;
 * bench/results/h200-2026-12-01e, call 3). */
#define SMAX_SPLIT_ITEM_ELEMS 32
/* Elements an item of the wide split kernel holds (smax_fused_split_wide):
 * f32 forward rows past what 32 an item in the largest group reach. H200,
 * NVIDIA's OpenCL, A B B A, % of copy, the exchange -> 64 an item in 256
 * items (bench/results/h200-2026-12-01g, call 1): f32 20000, 22000, 24000,
 * 26000, 28000 73.2, 74.0, 78.1, 70.7, 74.0 -> 79.9, 91.3, 91.0, 89.2,
 * 88.3; f32 -> bf16 24000, 28000 73.3, 70.0 -> 91.2, 90.1. In 128 items it
 * lost 5-7 points to 32 an item in 256 (16384), and with 16-bit input it
 * lost everywhere (the kernel holds elements converted to f32;
 * h200-2026-12-01f, call 3). The gradient has no wide form: 48 or 64 an
 * item of y and of dy (f32: 166 registers or more) leave one group of 256
 * a compute unit; with 48, f32 15000 and 16384 fell from 82.5, 80.8 to
 * 73.8, 73.7; with 64, bf16 16384-20000 from 75-80 to 67-70 (12-01g,
 * call 1). */
#define SMAX_SPLIT_WIDE_ITEM_ELEMS 64
/* Group of the forward register-resident kernel. Small groups win there
 * (H100, 16384 x 2048: 96% of copy with 128 items, 89% with 256, 83% with
 * 512): a row slot waits only for its own group's barriers. */
#define SMAX_REG_GROUP 128

/* Register budgets. A kernel that names a number of groups a compute unit
 * here is compiled so that that many of its largest groups fit one unit's
 * registers: CUDA and HIP through __launch_bounds__ (SMAX_GROUPS_PER_CU),
 * OpenCL on NVIDIA, which has no per-kernel bound, through a program of
 * its own built with -cl-nv-maxrregcount (backends/opencl/opencl_init.c).
 * 0 leaves the count to the compiler.
 * - The forward register kernel of two 16-bit sides: 12 groups of
 *   SMAX_REG_GROUP items (40 registers an item; see SMAX_FWD_REG_VECTORS).
 *   nvcc takes 40 unasked; NVIDIA's OpenCL compiler took more, and capped
 *   to 40 its bf16 rows of 64-2048 columns ran 83-89 -> 96-99.5% of copy
 *   on the H100 (bench/results/h100-2026-11-27e, call 1).
 * - The deep register kernel of two 16-bit sides: 8 groups of
 *   SMAX_FWD_DEEP_GROUP items (64 registers an item; ptxas took 63).
 * - The tile kernel of two 16-bit sides: 6 groups of SMAX_TILE_GROUP items,
 *   as many as its on-chip tiles allow (smax_fused_tile.h says why).
 * - The gradient's cluster kernel of f32 y, dy and dx where it keeps its
 *   chunk through registers (SMAX_NO_BULK_KEEP builds): one group of
 *   SMAX_CLUSTER_BOUND_ITEMS items, the largest group a cluster's row may
 *   have, i.e. 64 registers an item (smax_multiblock_cluster.h says why;
 *   kept by bulk copies it takes a register count instead).
 *   CUDA only: clusters have no OpenCL form. */
#define SMAX_FWD_REG_GROUPS_PER_CU(in_bytes, out_bytes) \
    ((in_bytes) == 2 && (out_bytes) == 2 ? 12 : 0)
#define SMAX_FWD_DEEP_GROUPS_PER_CU(in_bytes, out_bytes) \
    ((in_bytes) == 2 && (out_bytes) == 2 ? 8 : 0)
#define SMAX_TILE_GROUPS_PER_CU(in_bytes, out_bytes) \
    ((in_bytes) == 2 && (out_bytes) == 2 ? 6 : 0)
#define SMAX_CLUSTER_BOUND_ITEMS 1024
/* The re-read kernels (smax_multiblock_reread.h, the gradient's too): one
 * group of SMAX_REREAD_GROUP items a compute unit, every pair, on every
 * GPU backend, i.e. 64 registers an item. NVIDIA's OpenCL, left to
 * itself, compiled the gradient's f32 one to 68 (H100, the probe of
 * bench/results/h100-2026-12-06b), too many for a group of 1024. */
#define SMAX_REREAD_GROUP 1024
#define SMAX_REREAD_GROUPS_PER_CU 1
/* Groups of the one-launch multi-block kernels that a compute unit holds
 * at once on the H100 (coop_groups_per_cu in common/plan.c says how it
 * was measured and where fewer are taken). */
#define SMAX_COOP_GROUPS_PER_CU 6
/* Chunks a compute unit a row of the device-memory exchanges may take
 * where one a unit cannot hold it (common/plan.c, shared_unit_geometry).
 * Where a group's on-chip memory is a fraction of its unit's (NVIDIA's
 * OpenCL: 48 KB of 228), such rows ran three launches; two chunks a unit
 * hold them in one. H100, NVIDIA's OpenCL, groups of 128 (half of the
 * 256 the gradient's exchange launches there), % of copy, three
 * launches -> two a unit (bench/results/h100-2026-12-06f, call 1): the
 * f32 gradient 256 x 1M 61.3, 61.4 -> 70.2, 70.1, bf16 256 x 2M 61.8,
 * 61.6 -> 77.6, 76.9, the f32 forward 256 x 2M 66.4 -> 76.2, 76.0, bf16
 * 64 x 4M 66.5 -> 73.0, 72.7. Where one a unit already held the row
 * (CUDA: 132 chunks of 63.5 KB against 256 of 32 KB) two lost up to 2
 * points (bench/results/h100-2026-12-06e, call 7), so one a unit stays
 * first. */
#define SMAX_COOP_SHARED_UNIT_GROUPS 2
/* The forward device-memory exchange (smax_mb_onchip) on OpenCL on
 * NVIDIA, where x is f32: built for SMAX_COOP_GROUPS_PER_CU of the usual
 * groups a compute unit, i.e. 40 registers an item on the H100, as nvcc
 * compiles it for CUDA unasked; NVIDIA's OpenCL compiler took 48 (5
 * groups of 256). H100, time in us, two rounds each way
 * (bench/results/h100-2026-12-06c, calls 1 and 2): f32 1024 x 262144
 * 793 -> 772, 4096 x 128256 1508 -> 1476, 32 x 1M 125.2 -> 119.1 (CUDA
 * 110.1), 16 x 1M 69.3 -> 65.0; f32 -> bf16 1024 x 262144 638 -> 608,
 * 32 x 1M 105.1 -> 100.2. 16-bit x lost up to 2% (bf16 1024 x 262144
 * 387 -> 393, f16 386 -> 394; bf16 -> f32 level), so it keeps the
 * compiler's choice. */
#define SMAX_COOP_CL_GROUPS_PER_CU(in_bytes) \
    ((in_bytes) == 4 ? SMAX_COOP_GROUPS_PER_CU : 0)
#define SMAX_BWD_CLUSTER_GROUPS_PER_CU(in_bytes, out_bytes) \
    ((in_bytes) == 4 && (out_bytes) == 4 ? 1 : 0)
/* Registers an item of the forward device-memory exchange
 * (smax_mb_onchip) may take where it writes a 16-bit type; in_dtype and
 * out_dtype are SMAX_IN_DTYPE and SMAX_OUT_DTYPE (0 f32, 1 f16, 2 bf16).
 * Its 32 KB chunks leave room for 6 groups of 256 items a compute unit
 * (SMAX_COOP_GROUPS_PER_CU), which 65536 registers hold at
 * 40 an item; nvcc took 52-55 for f32 x, 4 groups a unit. H100, ABBA
 * (bench/results/h100-2026-11-28, calls 2 and 3): f32 -> bf16 256 x 1M
 * 78.1, 77.5 -> 89.8, 89.7% of copy; f32 -> f16 128 x 1M 76.8, 76.6 ->
 * 87.5, 88.0. Since the folded exponentials (smax_fused_write_folded)
 * f16 x takes 48 by itself and fits 40 without spilling: H200, f16
 * 256 x 1M 78.5, 79.9 -> 82.1, 81.5 (bench/results/h200-2026-11-28c,
 * call 2). bf16 x takes 48 and spills at 40 (bf16 256 x 1M 78.8, 78.7 ->
 * 77.7, 77.7; on the H100 0.5-1.2 points lost as well), so it keeps the
 * compiler's choice (0). Its groups may have up to 1024 items, so the
 * bound is a register count (SMAX_REGISTERS_AT_MOST), not a group count.
 * CUDA only: HIP on NVIDIA compiles with nvcc 11.8, which has no such
 * bound, and OpenCL's register cap is a whole program's. */
#define SMAX_COOP_REGISTERS(in_dtype, out_dtype) \
    ((out_dtype) != 0 && (in_dtype) != 2 ? 40 : 0)
/* Vectors of y and of dy that each item of the f32 gradient's device-memory
 * exchange holds in registers where bulk copies keep the rest of its chunk
 * on-chip (smax_bwd_mb_onchip_regs), and the registers an item is built
 * for: a unit's registers then hold beside its on-chip memory half as much
 * of the rows again (6 groups of 128 a unit, each 32 KB on-chip and 16 KB
 * in registers), so that more rows are resident at once and each row's
 * wait for its slowest chunk hides behind the others'. ptxas (nvcc 13,
 * sm_90): 4 vectors fit 80 registers with no spill, 5 spill 20 bytes
 * there, and 88 leave room for 5 groups, not 6. H100, % of copy, main's
 * plans -> these (bench/results/h100-2026-12-07d, call 1): 256 x 1M 83.3
 * -> 96.8, 96.4; 1024 x 262144 97.8 -> 101.4, 101.3; 64 x 2M 64.2 ->
 * 85.8, 86.1; 64 x 1.5M 73.3 -> 89.2, 89.8; 4 x 2M 58.9 -> 66.5, 67.1;
 * 64 x 3M 64.0 -> 70.9, 70.0; 64 x 2.5M level (62.9 -> 62.5, 63.7); 5
 * vectors ran 2-8 points behind 4 but at 64 x 2.5M (75). */
#define SMAX_BWD_EXCHANGE_REG_VECS 4
#define SMAX_BWD_EXCHANGE_REG_BOUND 80
/* A row whose start is not on the vector grid has up to SMAX_VEC - 1
 * elements past the vectors, which the lanes hold round-robin in
 * SMAX_REG_EXTRAS slots each; a row slot has at least SMAX_REG_MIN_LANES
 * lanes, so few lanes per short row keep 64 bytes in flight each. */
#define SMAX_REG_MIN_LANES 4
#define SMAX_REG_EXTRAS(vec) \
    (((vec) - 1 + SMAX_REG_MIN_LANES - 1) / SMAX_REG_MIN_LANES)

/* The tile kernels (smax_fused_tile.h): a group of G items
 * (SMAX_TILE_GROUP, fewer where a device allows fewer) moves rows that lie
 * back to back as one flat run of up to SMAX_TILE_LOAD_ELEMS * G
 * elements, and a row slot holds up to SMAX_TILE_ITEM_ELEMS elements of a
 * row per lane (rows of up to SMAX_TILE_ITEM_ELEMS * G elements). A tile
 * of n elements takes SMAX_TILE_SPAN(n) elements of each on-chip tile:
 * room for a start up to 7 elements past a 16-byte boundary, rounded to 8
 * elements (16 bytes of a 16-bit type; the f32 swizzle's block). */
#define SMAX_TILE_GROUP 256
#define SMAX_TILE_ITEM_ELEMS 16
#define SMAX_TILE_LOAD_ELEMS 32
#define SMAX_TILE_SPAN(n) (((n) + 7 + 7) & ~7)
/* A row slot's lanes read SMAX_TILE_ITEM_ELEMS * lanes elements of each
 * row, fewer than 2 * cols + 32: at most SMAX_TILE_READ_PAST(cols)
 * elements past the row's end, whatever lies there. The input tile holds
 * that much past its last row. */
#define SMAX_TILE_READ_PAST(cols) ((cols) + 32)
#define SMAX_TILE_IN_SPAN(n, cols) SMAX_TILE_SPAN((n) + SMAX_TILE_READ_PAST(cols))
/* Items whose on-chip reads go out together (a warp; 32 banks of 4
 * bytes). A row slot of fewer lanes shares them with the slots beside it,
 * and consecutive rows start cols elements apart, so rows of about a
 * multiple of 128 bytes read the same banks (bf16 x127, 8 lanes: 4 rows
 * on 4 banks, on-chip memory 85% busy by ncu, 92% of copy on the H100).
 * SMAX_TILE_SPREAD_BIT, which the planner adds to a tile kernel's flags
 * where it spreads the banks better, gives the slots of such items rows
 * G / SMAX_TILE_BANK_ITEMS apart instead (smax_tile_pass_init). */
#define SMAX_TILE_BANK_ITEMS 32
#define SMAX_TILE_SPREAD_BIT 0x100

/* Pairs of (y, dy) vectors the gradient's on-chip keep fetches in one
 * batch, at most, for vectors of `keep_bytes` bytes on-chip: 16-byte ones
 * in batches of up to 4; 32-byte ones (f32 kept for a 16-bit dx) one at a
 * time, whose batch of two ran a group of 1024 out of registers as the
 * forward pass's did (smax_onchip.h). */
#define SMAX_BWD_KEEP_BATCH_CAP(keep_bytes) ((keep_bytes) == 16 ? 4 : 1)

/* The gradient's deep on-chip kernel (smax_bwd_fused_deep,
 * smax_backward_fused.h): the rows of smax_bwd_fused, whose items fetch
 * their (y, dy) pairs SMAX_BWD_SHALLOW_BATCH at a time and wait for each
 * batch before the next, fetched SMAX_BWD_DEEP_BATCH at a time, by the
 * widths of y and dy (in) and dx (out). A lane of the 16-bit gradient
 * holds 4 to 8 vectors, of the mixed widths 1.5 to 3 (plan.c,
 * onchip_fewer_lanes), of the f32 gradient 2 to 6: each waited for memory
 * two to four times, the unit idle between (ncu, bf16 58355 x 575:
 * 9.8 of 20.8 cycles an instruction waiting on its loads, 41% issue
 * active). A deeper batch takes registers (80 an item for 5 pairs of
 * 16-byte vectors: three groups of 256 a compute unit, not five), so the
 * kernel runs in groups of at most SMAX_BWD_DEEP_GROUP items, the planner
 * takes it where it fetches a lane in fewer trips (bwd_deep_pays), and
 * the 16-bit gradient's lanes hold at most one deep batch
 * (bwd_deep_lanes). H200, A B B A, % of copy, shallow -> deep
 * (bench/results/h200-2026-12-01, call 4): bf16 575, 1149, 1500, 2897,
 * 6001 columns 79, 85, 86, 89, 87 -> 100.5, 101, 95, 92, 93, f16 alike;
 * bf16 y, dy -> f32 dx 145, 287, 575, 3001 83, 86, 87, 91 -> 91, 97, 98,
 * 93.5; f32 -> bf16 dx 575, 1149, 3001, 4001 79, 80.5, 84, 92 -> 88.5,
 * 89, 92.5, 104; f32 2299, 3001, 5000 83, 96, 91.5 -> 93.5, 102, 101.
 * Batches of 6, 4 and 3 for the first three lost there, and so did 4 and
 * 5 for the f32 gradient at 2299 and 3001 (calls 2-4). */
#define SMAX_BWD_DEEP_GROUP 256
#define SMAX_BWD_DEEP_BATCH(in_bytes, out_bytes)   \
    ((in_bytes) == 2 ? ((out_bytes) == 2 ? 5 : 3) \
                     : ((out_bytes) == 2 ? 2 : 3))
/* Bytes of one vector the gradient keeps on-chip, by the same widths: a
 * vector's elements (SMAX_VEC_WIDTH) at y's width, as smax_onchip_t
 * holds them (32 for f32 y and dy with a 16-bit dx, else 16). */
#define SMAX_BWD_KEEP_BYTES(in_bytes, out_bytes) \
    (SMAX_VEC_WIDTH(in_bytes, out_bytes) * (in_bytes))
/* A keep batch of `want` pairs, or what SMAX_BWD_KEEP_BATCH_CAP allows. */
#define SMAX_BWD_KEEP_BATCH_OF(want, in_bytes, out_bytes)                   \
    ((want) < SMAX_BWD_KEEP_BATCH_CAP(SMAX_BWD_KEEP_BYTES(in_bytes, out_bytes)) \
         ? (want)                                                           \
         : SMAX_BWD_KEEP_BATCH_CAP(SMAX_BWD_KEEP_BYTES(in_bytes, out_bytes)))
/* The shallow kernel's batch: 2 pairs where allowed. */
#define SMAX_BWD_SHALLOW_BATCH(in_bytes, out_bytes) \
    SMAX_BWD_KEEP_BATCH_OF(2, in_bytes, out_bytes)

/* Pairs of (y, dy) vectors that each item of the gradient's cluster
 * kernel (smax_multiblock_cluster.h) fetches before it keeps any where it
 * keeps its chunk through registers (builds without its bulk copies,
 * SMAX_NO_BULK_KEEP; 32-byte vectors take one pair a batch). */
#define SMAX_BWD_CLUSTER_KEEP_BATCH 4

#endif /* SMAX_GEOMETRY_H */
