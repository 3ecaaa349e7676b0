/* softmax.c - argument checks, then plan and launch.
 *
 * Checks run in the documented order: context, enums, sizes, the quick
 * return for empty problems, pointers, buffer ranges, capabilities. Nothing
 * is enqueued before every check has passed. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "plan.h"
#include "run.h"

SMAX_API smax_problem smax_problem_make(int64_t rows, int64_t cols)
{
    smax_problem p;
    memset(&p, 0, sizeof p);
    p.rows = rows;
    p.cols = cols;
    p.x_row_stride = cols;
    p.y_row_stride = cols;
    p.x_dtype = SMAX_DTYPE_F32;
    p.y_dtype = SMAX_DTYPE_F32;
    p.algorithm = SMAX_ALGO_AUTO;
    p.flags = 0;
    p.scale = 1.0f;
    return p;
}

static size_t dtype_bytes(smax_dtype t)
{
    return t == SMAX_DTYPE_F32 ? 4 : 2;
}

static int dtype_known(smax_dtype t)
{
    return t == SMAX_DTYPE_F32 || t == SMAX_DTYPE_F16 || t == SMAX_DTYPE_BF16;
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
    if (rows > 1 && (uint64_t)stride > (elems_max - (uint64_t)cols) /
                                           (uint64_t)(rows - 1))
        return 0;
    return ((uint64_t)(rows - 1) * (uint64_t)stride + (uint64_t)cols) * elem;
}

/* Context, enums and sizes: everything smax_plan and smax_softmax share. */
static smax_status check_problem(smax_context ctx, const smax_problem *p)
{
    if (!smax_context_valid(ctx))
        return SMAX_ERROR_INVALID_HANDLE;
    smax_clear_error(ctx);
    if (p == NULL)
        return smax_fail(ctx, SMAX_ERROR_INVALID_POINTER, "problem is NULL");
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
    if (p->x_row_stride < p->cols || p->y_row_stride < p->cols)
        return smax_fail(ctx, SMAX_ERROR_INVALID_SIZE,
                         "a row stride is smaller than cols");
    if (p->rows > 0 && p->cols > 0 &&
        (span_bytes(p->rows, p->cols, p->x_row_stride,
                    dtype_bytes(p->x_dtype)) == 0 ||
         span_bytes(p->rows, p->cols, p->y_row_stride,
                    dtype_bytes(p->y_dtype)) == 0))
        return smax_fail(ctx, SMAX_ERROR_INVALID_SIZE,
                         "rows * stride * element size overflows");
    return SMAX_SUCCESS;
}

static smax_status check_capability(smax_context ctx, const smax_problem *p)
{
    if (p->x_dtype != SMAX_DTYPE_F32 || p->y_dtype != SMAX_DTYPE_F32)
        return smax_fail(ctx, SMAX_ERROR_NOT_SUPPORTED,
                         "only f32 is implemented in this release; f16 and "
                         "bf16 come later");
    return SMAX_SUCCESS;
}

SMAX_API smax_status smax_plan(smax_context ctx, const smax_problem *p,
                               smax_plan_info *out)
{
    smax_status st = check_problem(ctx, p);
    if (st != SMAX_SUCCESS)
        return st;
    if (out == NULL)
        return smax_fail(ctx, SMAX_ERROR_INVALID_POINTER, "out_plan is NULL");
    memset(out, 0, sizeof *out);
    if (p->rows == 0 || p->cols == 0) {
        snprintf(out->reason, sizeof out->reason, "empty: nothing to launch");
        out->algorithm = p->algorithm == SMAX_ALGO_AUTO ? SMAX_ALGO_FUSED
                                                        : p->algorithm;
        return SMAX_SUCCESS;
    }
    st = check_capability(ctx, p);
    if (st != SMAX_SUCCESS)
        return st;
    smax_exec_plan plan;
    st = smax_make_plan(ctx, p, &plan);
    if (st == SMAX_SUCCESS)
        smax_plan_describe(&plan, out);
    return st;
}

static smax_status check_buffer(smax_context ctx, smax_buffer b, size_t off,
                                uint64_t span, const char *name)
{
    if (b == NULL)
        return smax_fail(ctx, SMAX_ERROR_INVALID_POINTER, "%s is NULL", name);
    if (!smax_buffer_valid(b) || b->context != ctx)
        return smax_fail(ctx, SMAX_ERROR_INVALID_HANDLE,
                         "%s is invalid or belongs to another context", name);
    if (off > b->bytes || span > b->bytes - off)
        return smax_fail(ctx, SMAX_ERROR_INVALID_SIZE,
                         "%s needs %llu bytes from offset %zu, the buffer has "
                         "%zu",
                         name, (unsigned long long)span, off, b->bytes);
    return SMAX_SUCCESS;
}

SMAX_API smax_status smax_softmax(smax_context ctx, const smax_problem *p,
                                  smax_buffer x, size_t x_offset,
                                  smax_buffer y, size_t y_offset)
{
    smax_status st = check_problem(ctx, p);
    if (st != SMAX_SUCCESS)
        return st;
    if (p->rows == 0 || p->cols == 0)
        return SMAX_SUCCESS;
    const uint64_t x_span = span_bytes(p->rows, p->cols, p->x_row_stride,
                                       dtype_bytes(p->x_dtype));
    const uint64_t y_span = span_bytes(p->rows, p->cols, p->y_row_stride,
                                       dtype_bytes(p->y_dtype));
    st = check_buffer(ctx, x, x_offset, x_span, "x");
    if (st == SMAX_SUCCESS)
        st = check_buffer(ctx, y, y_offset, y_span, "y");
    if (st != SMAX_SUCCESS)
        return st;
    const int in_place = x == y && x_offset == y_offset &&
                         p->x_row_stride == p->y_row_stride;
    if (x == y && !in_place && x_offset < y_offset + y_span &&
        y_offset < x_offset + x_span)
        return smax_fail(ctx, SMAX_ERROR_INVALID_VALUE,
                         "x and y overlap without being exactly in place");
    st = check_capability(ctx, p);
    if (st != SMAX_SUCCESS)
        return st;
    smax_exec_plan plan;
    st = smax_make_plan(ctx, p, &plan);
    if (st != SMAX_SUCCESS)
        return st;
    if (x_offset % sizeof(float) != 0 || y_offset % sizeof(float) != 0)
        return smax_run_staged(ctx, p, &plan, x, x_offset, y, y_offset,
                               x_span, y_span);
    return smax_run_planned(ctx, p, &plan, x->mem, x_offset, y->mem,
                            y_offset);
}
