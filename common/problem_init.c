/* problem_init.c - a problem's defaults (smax_problem_init). Its own file
 * because it needs no context or device: the `all` build's loader
 * (loader/) compiles it too, so it works before any plugin is chosen. */
#include <string.h>

#include "smax/smax.h"

SMAX_API void smax_problem_init(smax_problem *p, size_t struct_size,
                                int64_t rows, int64_t cols)
{
    if (p == NULL || struct_size < SMAX_PROBLEM_SIZE_V1)
        return;
    smax_problem full;
    memset(&full, 0, sizeof full);
    full.struct_size = struct_size < sizeof full ? struct_size : sizeof full;
    full.rows = rows;
    full.cols = cols;
    full.x_row_stride = cols;
    full.y_row_stride = cols;
    full.x_dtype = SMAX_DTYPE_F32;
    full.y_dtype = SMAX_DTYPE_F32;
    full.algorithm = SMAX_ALGO_AUTO;
    full.flags = 0;
    full.scale = 1.0f;
    full.dy_row_stride = cols;
    /* A caller compiled against a shorter struct gets only its part. */
    memcpy(p, &full, full.struct_size);
}
