/* problem.c - reading and checking problem descriptions (problem.h). */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "problem.h"

size_t smax_dtype_bytes(smax_dtype t)
{
    return t == SMAX_DTYPE_F32 ? 4 : 2;
}

static int dtype_known(smax_dtype t)
{
    return t == SMAX_DTYPE_F32 || t == SMAX_DTYPE_F16 || t == SMAX_DTYPE_BF16;
}

smax_status smax_problem_read(smax_context ctx, const smax_problem *user,
                              smax_problem *out)
{
    if (user == NULL)
        return smax_fail(ctx, SMAX_ERROR_INVALID_POINTER, "problem is NULL");
    const size_t size = user->struct_size;
    if (size < SMAX_PROBLEM_SIZE_V1 || size > sizeof *out)
        return smax_fail(ctx, SMAX_ERROR_INVALID_VALUE,
                         "problem->struct_size is %zu: expected %zu to %zu "
                         "(initialise problems with smax_problem_make)",
                         size, (size_t)SMAX_PROBLEM_SIZE_V1, sizeof *out);
    memset(out, 0, sizeof *out);
    memcpy(out, user, size);
    if (size < offsetof(smax_problem, dy_row_stride) + sizeof(int64_t))
        out->dy_row_stride = out->y_row_stride;
    out->struct_size = sizeof *out;
    return SMAX_SUCCESS;
}

/* Bytes from the first element of row 0 to one past the last of the last
 * row; 0 on overflow of int64 or size_t. */
static uint64_t span_bytes(int64_t rows, int64_t cols, int64_t stride,
                           size_t elem)
{
    const uint64_t limit = (uint64_t)INT64_MAX < (uint64_t)SIZE_MAX
                               ? (uint64_t)INT64_MAX
                               : (uint64_t)SIZE_MAX;
    uint64_t elems_max = limit / elem;
    if ((uint64_t)cols > elems_max)
        return 0;
    if (rows > 1 && (uint64_t)stride > (elems_max - (uint64_t)cols) /
                                           (uint64_t)(rows - 1))
        return 0;
    return ((uint64_t)(rows - 1) * (uint64_t)stride + (uint64_t)cols) * elem;
}

smax_status smax_problem_check(smax_context ctx, const smax_problem *p,
                               smax_direction dir)
{
    if (!dtype_known(p->x_dtype) || !dtype_known(p->y_dtype))
        return smax_fail(ctx, SMAX_ERROR_INVALID_VALUE, "unknown dtype");
    if ((unsigned)p->algorithm > SMAX_ALGO_MULTIBLOCK)
        return smax_fail(ctx, SMAX_ERROR_INVALID_VALUE, "unknown algorithm %d",
                         (int)p->algorithm);
    if (p->flags & ~SMAX_FLAG_ALL)
        return smax_fail(ctx, SMAX_ERROR_INVALID_VALUE,
                         "unknown flag bits 0x%x", p->flags & ~SMAX_FLAG_ALL);
    if (!isfinite(p->scale))
        return smax_fail(ctx, SMAX_ERROR_INVALID_VALUE, "scale is not finite");
    if (p->rows < 0 || p->cols < 0)
        return smax_fail(ctx, SMAX_ERROR_INVALID_SIZE,
                         "negative rows or cols");
    const int64_t dy_stride = dir == SMAX_BACKWARD ? p->dy_row_stride : p->cols;
    if (p->x_row_stride < p->cols || p->y_row_stride < p->cols ||
        dy_stride < p->cols)
        return smax_fail(ctx, SMAX_ERROR_INVALID_SIZE,
                         "a row stride is smaller than cols");
    if (p->rows == 0 || p->cols == 0)
        return SMAX_SUCCESS;
    const size_t xe = smax_dtype_bytes(p->x_dtype);
    const size_t ye = smax_dtype_bytes(p->y_dtype);
    if (span_bytes(p->rows, p->cols, p->x_row_stride, xe) == 0 ||
        span_bytes(p->rows, p->cols, p->y_row_stride, ye) == 0 ||
        span_bytes(p->rows, p->cols, dy_stride, ye) == 0)
        return smax_fail(ctx, SMAX_ERROR_INVALID_SIZE,
                         "rows * stride * element size overflows");
    return SMAX_SUCCESS;
}

static smax_operand operand(const char *name, smax_buffer b, size_t off,
                            int64_t stride, smax_dtype t, int written,
                            const smax_problem *p)
{
    smax_operand o;
    o.name = name;
    o.buffer = b;
    o.offset = off;
    o.stride = stride;
    o.elem = smax_dtype_bytes(t);
    o.span = span_bytes(p->rows, p->cols, stride, o.elem);
    o.written = written;
    return o;
}

int smax_operands_of(const smax_problem *p, smax_direction dir,
                     smax_buffer b0, size_t o0, smax_buffer b1, size_t o1,
                     smax_buffer b2, size_t o2, smax_operand *out)
{
    if (dir == SMAX_FORWARD) {
        out[0] = operand("x", b0, o0, p->x_row_stride, p->x_dtype, 0, p);
        out[1] = operand("y", b1, o1, p->y_row_stride, p->y_dtype, 1, p);
        return 2;
    }
    out[0] = operand("y", b0, o0, p->y_row_stride, p->y_dtype, 0, p);
    out[1] = operand("dy", b1, o1, p->dy_row_stride, p->y_dtype, 0, p);
    out[2] = operand("dx", b2, o2, p->x_row_stride, p->x_dtype, 1, p);
    return 3;
}

int smax_operands_alias(const smax_operand *a, const smax_operand *b)
{
    return a->buffer == b->buffer && a->offset == b->offset &&
           a->stride == b->stride && a->elem == b->elem;
}

static int ranges_meet(const smax_operand *a, const smax_operand *b)
{
    return a->buffer == b->buffer && a->offset < b->offset + b->span &&
           b->offset < a->offset + a->span;
}

smax_status smax_operands_check(smax_context ctx, const smax_operand *ops,
                                int n)
{
    for (int i = 0; i < n; ++i) {
        const smax_operand *o = &ops[i];
        if (o->buffer == NULL)
            return smax_fail(ctx, SMAX_ERROR_INVALID_POINTER, "%s is NULL",
                             o->name);
        if (!smax_buffer_valid(o->buffer) || o->buffer->context != ctx)
            return smax_fail(ctx, SMAX_ERROR_INVALID_HANDLE,
                             "%s is invalid or belongs to another context",
                             o->name);
        if (o->offset > o->buffer->bytes ||
            o->span > o->buffer->bytes - o->offset)
            return smax_fail(ctx, SMAX_ERROR_INVALID_SIZE,
                             "%s needs %llu bytes from offset %zu, the buffer "
                             "has %zu",
                             o->name, (unsigned long long)o->span, o->offset,
                             o->buffer->bytes);
    }
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            if (i != j && ops[i].written && ranges_meet(&ops[i], &ops[j]) &&
                !smax_operands_alias(&ops[i], &ops[j]))
                return smax_fail(ctx, SMAX_ERROR_INVALID_VALUE,
                                 "%s and %s overlap without being exactly the "
                                 "same elements (same offset, stride and "
                                 "element size)",
                                 ops[i].name, ops[j].name);
    return SMAX_SUCCESS;
}
