/*
 * smax_test_context.h - what every device test starts with: a context, or
 * the exit status the test ends with where there is none; and a check that
 * counts failures.
 */
#ifndef SMAX_TESTS_CONTEXT_H
#define SMAX_TESTS_CONTEXT_H

#include <stdio.h>

#include "smax/smax.h"

/* 0 with *ctx made; 77 (reported as skipped, never passed) where the
 * backend finds no device; 1 on any other failure. */
static inline int smax_test_context(smax_context *ctx)
{
    const smax_status st = smax_context_create(ctx);
    if (st == SMAX_ERROR_NO_DEVICE) {
        printf("SKIPPED: no %s device (%s)\n", smax_backend_name(),
               smax_last_error(NULL));
        return 77;
    }
    if (st != SMAX_SUCCESS) {
        fprintf(stderr, "context: %s: %s\n", smax_status_string(st),
                smax_last_error(NULL));
        return 1;
    }
    return 0;
}

/* Counts a failed condition in the including test's `failures` and says
 * where and why (printf-style). */
#define SMAX_CHECK(cond, ...)                                                \
    do {                                                                     \
        if (!(cond)) {                                                       \
            fprintf(stderr, "FAILED line %d: ", __LINE__);                  \
            fprintf(stderr, __VA_ARGS__);                                    \
            fprintf(stderr, "\n");                                           \
            failures++;                                                      \
        }                                                                    \
    } while (0)

#endif /* SMAX_TESTS_CONTEXT_H */
