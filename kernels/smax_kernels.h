/*
 * smax_kernels.h - every kernel of smax, for one (input, output) dtype
 * instantiation (smax_io.h), written once for every backend.
 *
 * Compiled as OpenCL C (embedded into the library at build time, one
 * program per dtype pair), as CUDA and as HIP (one translation unit per
 * pair, backends/cuda_hip/kernel_pair.cu). Only the words of smax_dialect.h
 * differ between them. One algorithm per file:
 *
 *   layers      smax_merge.h (THE merge operator), smax_io.h (elements by
 *               dtype), smax_reduce.h (group reductions), smax_rows.h (row
 *               slots, alignment, slices), smax_onchip.h (rows kept
 *               on-chip), smax_tile.h (packed rows as one flat run)
 *   forward     smax_fused_regs.h, smax_fused_tile.h, smax_fused.h,
 *               smax_online.h,
 *               smax_multiblock.h
 *   backward    smax_backward.h (shared), smax_backward_fused_regs.h,
 *               smax_backward_fused_tile.h, smax_backward_fused.h, smax_backward_online.h,
 *               smax_backward_multiblock.h
 *   one launch  smax_cooperative.h (groups of a row that wait on each
 *               other), smax_multiblock_onchip.h,
 *               smax_backward_multiblock_onchip.h; smax_fused_split.h
 *               and smax_backward_fused_split.h (one group a row, part in
 *               registers, part held as those chunks are); smax_cluster.h and
 *               smax_multiblock_cluster.h (the same with a thread-block
 *               cluster's exchange: CUDA, sm_90 and later);
 *               smax_multiblock_reread.h and
 *               smax_backward_multiblock_reread.h (rows past on-chip
 *               memory, each chunk read again from the cache)
 *   CPU devices smax_cpu_rows.h, smax_backward_cpu_rows.h (one work-item
 *               per row)
 *   sharded     smax_shard.h (rows whose columns lie on several devices:
 *               a shard's partial, the merge of k shards', the gradient
 *               from row totals)
 */
#ifndef SMAX_KERNELS_H
#define SMAX_KERNELS_H

#ifndef SMAX_OPENCL_C
#include "smax_fused_regs.h"
#include "smax_fused_tile.h"
#include "smax_fused.h"
#include "smax_online.h"
#include "smax_multiblock.h"
#include "smax_backward_fused_regs.h"
#include "smax_backward_fused_tile.h"
#include "smax_backward_fused.h"
#include "smax_backward_online.h"
#include "smax_backward_multiblock.h"
#include "smax_multiblock_onchip.h"
#include "smax_backward_multiblock_onchip.h"
#include "smax_fused_split.h"
#include "smax_backward_fused_split.h"
#include "smax_multiblock_reread.h"
#include "smax_backward_multiblock_reread.h"
#include "smax_multiblock_cluster.h"
#include "smax_backward_exchange_regs.h"
#include "smax_cpu_rows.h"
#include "smax_backward_cpu_rows.h"
#include "smax_shard.h"
#endif

#endif /* SMAX_KERNELS_H */
