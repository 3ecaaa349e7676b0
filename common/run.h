/* run.h - launching a checked and planned problem. */
#ifndef SMAX_COMMON_RUN_H
#define SMAX_COMMON_RUN_H

#include "backend.h"
#include "problem.h"

/* The most operands of a call: the sharded gradient's y, dy, totals, dx. */
#define SMAX_MAX_OPERANDS 4

/* Operands in kernel order (problem.h: forward x, y; backward y, dy, dx),
 * byte offsets that are multiples of each operand's element size. The
 * plan says the direction. */
smax_status smax_run_planned(smax_context ctx, const smax_problem *p,
                             const smax_exec_plan *plan,
                             const smax_native_mem *mem,
                             const size_t *offsets);

/* Same, for offsets that are not element-aligned (staging.c). */
smax_status smax_run_staged(smax_context ctx, const smax_problem *p,
                            const smax_exec_plan *plan,
                            const smax_operand *ops, int n);

/* The same with any launch sequence: `run` gets aligned temporaries (offsets
 * 0) in place of the operands. */
typedef smax_status (*smax_staged_fn)(smax_context ctx, void *data,
                                      const smax_native_mem *mem,
                                      const size_t *offsets);
smax_status smax_run_staged_with(smax_context ctx, const smax_operand *ops,
                                 int n, smax_staged_fn run, void *data);

/* Sharded rows (shard.c): the launches of smax_shard.h's calls on checked
 * operands (ops in the calls' order, their memory and byte offsets, each
 * a multiple of its element size). */
smax_status smax_run_shard_partials(smax_context ctx, const smax_problem *p,
                                    const smax_exec_plan *plan,
                                    const smax_operand *ops, int n,
                                    const smax_native_mem *mem,
                                    const size_t *offsets);
smax_status smax_run_shard_finish(smax_context ctx, const smax_problem *p,
                                  const smax_exec_plan *plan,
                                  const smax_operand *ops, int n,
                                  const smax_native_mem *mem,
                                  const size_t *offsets);
/* k blocks of rows partials (width 2) or sums (width 1) at `in` folded in
 * block order into rows totals at `out`; shards 0 writes the identity. */
smax_status smax_run_shard_merge(smax_context ctx, int64_t rows, int shards,
                                 int width, smax_native_mem in,
                                 size_t in_offset, smax_native_mem out,
                                 size_t out_offset);

#endif
