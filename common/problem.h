/*
 * problem.h - reading a caller's problem description (whatever version it
 * was compiled against) and checking it, for both directions.
 */
#ifndef SMAX_COMMON_PROBLEM_H
#define SMAX_COMMON_PROBLEM_H

#include "context.h"

/* The operation a problem is run as. */
typedef enum smax_direction { SMAX_FORWARD = 0, SMAX_BACKWARD = 1 } smax_direction;

size_t smax_dtype_bytes(smax_dtype t);

/* Copies the fields of *user that its struct_size covers into *out and
 * gives the rest their defaults. INVALID_POINTER for NULL, INVALID_VALUE
 * for a struct_size this library does not know. */
smax_status smax_problem_read(smax_context ctx, const smax_problem *user,
                              smax_problem *out);

/* Enums, flags, scale and sizes (PRODUCT.md section 5, in that order) of a
 * read problem for one direction. */
smax_status smax_problem_check(smax_context ctx, const smax_problem *p,
                               smax_direction dir);

/* One buffer a call reads or writes. */
typedef struct smax_operand {
    const char *name;
    smax_buffer buffer;
    size_t offset;  /* bytes                                 */
    int64_t stride; /* elements between row starts           */
    size_t elem;    /* bytes per element                     */
    uint64_t span;  /* bytes from the first to one past last */
    int written;
} smax_operand;

/* The operands of a call, in kernel order: forward x, y; backward y, dy,
 * dx. Returns their count. */
int smax_operands_of(const smax_problem *p, smax_direction dir,
                     smax_buffer b0, size_t o0, smax_buffer b1, size_t o1,
                     smax_buffer b2, size_t o2, smax_operand *out);

/* 1 if two operands are exactly the same elements (same buffer, offset,
 * stride and element size): the only overlap a written operand may have. */
int smax_operands_alias(const smax_operand *a, const smax_operand *b);

/* Pointers, handles, ranges and overlaps: a written operand may be exactly
 * another one (same buffer, offset, stride and element size) or disjoint
 * from it. */
smax_status smax_operands_check(smax_context ctx, const smax_operand *ops,
                                int n);

/* The first checks of every call on a problem (softmax.c): the context,
 * then the problem read into *p and checked for one direction. */
smax_status smax_check_call_problem(smax_context ctx, const smax_problem *user,
                                    smax_direction dir, smax_problem *p);
/* The last: dtypes the device cannot run (NOT_SUPPORTED). */
smax_status smax_check_capability(smax_context ctx, const smax_problem *p);
/* smax_plan and smax_plan_backward, or with shard the shard plans of
 * smax_shard.h: the checks of a call on the problem, then its plan. */
smax_status smax_plan_checked(smax_context ctx, const smax_problem *user,
                              smax_direction dir, int shard,
                              smax_plan_info *out);

#endif
