/* run.h - launching a checked and planned problem. */
#ifndef SMAX_COMMON_RUN_H
#define SMAX_COMMON_RUN_H

#include "backend.h"
#include "problem.h"

#define SMAX_MAX_OPERANDS 3

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

#endif
