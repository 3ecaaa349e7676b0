/*
 * conf_large.c - the --large tier: long rows (2^20, 2^22), single huge
 * vectors (2^24, 2^26), merge trees of 2 and 3 levels, and a problem of
 * more than 2^31 elements (32-bit index overflow) where the device's
 * memory allows. Memory is asked of the device (global_mem_bytes,
 * max_alloc_bytes); a case that does not fit is skipped with the numbers.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conf.h"
#include "smax_reference.h"
#include "smax_tolerance.h"

/* Whether the device can hold `buffers` buffers of `bytes` each (plus
 * room for scratch); if not, the reason. */
static int fits(const conf_suite *s, uint64_t bytes, int buffers, char *why,
                size_t len)
{
    if (bytes > s->info.max_alloc_bytes) {
        snprintf(why, len,
                 "needs a %" PRIu64 " MiB buffer, the device allows %" PRIu64
                 " MiB (max_alloc_bytes)",
                 (bytes + (1u << 20) - 1) >> 20, s->info.max_alloc_bytes >> 20);
        return 0;
    }
    if (bytes * (uint64_t)buffers + (bytes >> 3) > s->info.global_mem_bytes) {
        snprintf(why, len,
                 "needs %d x %" PRIu64 " MiB, the device has %" PRIu64
                 " MiB (global_mem_bytes)",
                 buffers, (bytes + (1u << 20) - 1) >> 20,
                 s->info.global_mem_bytes >> 20);
        return 0;
    }
    return 1;
}

static void run_big(conf_suite *s, int64_t rows, int64_t cols,
                    const char *why, uint32_t flags)
{
    char reason[200];
    const uint64_t bytes = (uint64_t)(rows * cols) * sizeof(float) + 64;
    if (!fits(s, bytes, 2, reason, sizeof reason)) {
        conf_skip(reason, "[large] %s %lldx%lld", why, (long long)rows,
                  (long long)cols);
        return;
    }
    float *x = malloc(sizeof(float) * (size_t)(rows * cols));
    float *ref = malloc(sizeof(float) * (size_t)(rows * cols));
    if (!x || !ref) {
        conf_skip("host memory", "[large] %s", why);
        free(x);
        free(ref);
        return;
    }
    conf_fill(x, rows, cols, CONF_NORMAL_1);
    smax_reference(x, rows, cols, cols, ref, cols, flags, 1.0f);
    conf_case c;
    memset(&c, 0, sizeof c);
    c.group = "large";
    snprintf(c.label, sizeof c.label, "%s, %s", why,
             conf_dist_name(CONF_NORMAL_1));
    c.rows = rows;
    c.cols = cols;
    c.flags = flags;
    c.scale = 1.0f;
    c.x = x;
    c.ref = ref;
    conf_run_all_algos(s, &c);
    free(x);
    free(ref);
}

/* Input value of element c of row r: a hash, so the 2^31-element case can
 * be generated and checked a slice at a time without storing it. */
static float hashed_value(int64_t r, int64_t c)
{
    uint64_t z = (uint64_t)r * 0x9E3779B97F4A7C15ULL + (uint64_t)c;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return (float)((double)(z >> 40) / (double)(1 << 24) * 8.0 - 4.0);
}

/* More than 2^31 elements, in place, written and checked in slices of
 * rows. AUTO only: the point is 64-bit indexing, not the algorithms. */
static void more_than_2g_elements(conf_suite *s)
{
    const int64_t cols = 1 << 16, rows = ((int64_t)1 << 15) + 3;
    const uint64_t bytes = (uint64_t)(rows * cols) * sizeof(float);
    char reason[200];
    if (!fits(s, bytes, 1, reason, sizeof reason)) {
        conf_skip(reason, "[large] %lld x %lld (> 2^31 elements) in place",
                  (long long)rows, (long long)cols);
        return;
    }
    smax_buffer b = NULL;
    smax_status st = smax_buffer_alloc(s->ctx, (size_t)bytes, &b);
    if (st != SMAX_SUCCESS) {
        snprintf(reason, sizeof reason, "allocating %" PRIu64 " MiB: %s",
                 bytes >> 20, smax_status_string(st));
        conf_skip(reason, "[large] > 2^31 elements");
        return;
    }
    const int64_t slice = 256; /* rows per transfer */
    float *x = malloc(sizeof(float) * (size_t)(slice * cols));
    float *y = malloc(sizeof(float) * (size_t)(slice * cols));
    float *ref = malloc(sizeof(float) * (size_t)(slice * cols));
    for (int64_t r0 = 0; r0 < rows && st == SMAX_SUCCESS; r0 += slice) {
        const int64_t n = rows - r0 < slice ? rows - r0 : slice;
        for (int64_t r = 0; r < n; ++r)
            for (int64_t c = 0; c < cols; ++c)
                x[r * cols + c] = hashed_value(r0 + r, c);
        st = smax_buffer_write(s->ctx, b, (size_t)(r0 * cols) * sizeof(float),
                               x, (size_t)(n * cols) * sizeof(float));
    }
    smax_problem p = smax_problem_make(rows, cols);
    if (st == SMAX_SUCCESS)
        st = smax_softmax(s->ctx, &p, b, 0, b, 0);
    if (st == SMAX_SUCCESS)
        st = smax_synchronize(s->ctx);
    int64_t bad_rows = 0;
    char first[320] = "";
    for (int64_t r0 = 0; r0 < rows && st == SMAX_SUCCESS; r0 += slice) {
        const int64_t n = rows - r0 < slice ? rows - r0 : slice;
        st = smax_buffer_read(s->ctx, b, (size_t)(r0 * cols) * sizeof(float),
                              y, (size_t)(n * cols) * sizeof(float));
        for (int64_t r = 0; r < n; ++r)
            for (int64_t c = 0; c < cols; ++c)
                x[r * cols + c] = hashed_value(r0 + r, c);
        smax_reference(x, n, cols, cols, ref, cols, 0, 1.0f);
        smax_check_result res;
        if (st == SMAX_SUCCESS &&
            !smax_check_output(x, cols, y, cols, ref, cols, n, cols, 0, 0,
                               &res)) {
            if (bad_rows == 0)
                snprintf(first, sizeof first, "slice at row %lld: %s",
                         (long long)r0, res.message);
            bad_rows += res.bad;
        }
    }
    if (st != SMAX_SUCCESS)
        conf_fail("[large] > 2^31 elements: %s (%s)", smax_status_string(st),
                  smax_last_error(s->ctx));
    else if (bad_rows)
        conf_fail("[large] > 2^31 elements: %lld bad; first %s",
                  (long long)bad_rows, first);
    else
        conf_pass("[large] %lld x %lld (> 2^31 elements) in place",
                  (long long)rows, (long long)cols);
    free(x);
    free(y);
    free(ref);
    smax_buffer_free(b);
}

void conf_large_tier(conf_suite *s)
{
    run_big(s, 2, (int64_t)1 << 20, "long rows 2^20", 0);
    run_big(s, 2, (int64_t)1 << 20, "long rows 2^20", SMAX_FLAG_LOG);
    run_big(s, 2, (int64_t)1 << 22, "long rows 2^22", 0);
    run_big(s, 1, (int64_t)1 << 24, "vector 2^24", 0);
    run_big(s, 1, (int64_t)1 << 26, "vector 2^26", 0);

    for (int levels = 2; levels <= 3; ++levels) {
        const int64_t cols = conf_cols_for_levels(s, levels, (int64_t)1 << 28);
        char what[64];
        snprintf(what, sizeof what, "%d merge levels", levels);
        if (cols < 0) {
            conf_skip("no 1-row size up to 2^28 gives that many levels",
                      "[large] %s", what);
        } else if (levels == 2 && cols <= ((int64_t)1 << 22)) {
            /* Already in the default tier (conf_shapes.c). */
        } else if (cols > ((int64_t)1 << 27)) {
            char reason[160];
            snprintf(reason, sizeof reason,
                     "%d merge levels need %lld elements in one row (> 2^27)",
                     levels, (long long)cols);
            conf_skip(reason, "[large] %s", what);
        } else {
            run_big(s, 1, cols, what, 0);
        }
    }
    more_than_2g_elements(s);
}
