/*
 * fault.h - injected failures, for the fault-injection test
 * (tests/fault/test_faults.c). In a build configured with
 * -DSMAX_FAULT_INJECTION=ON, the Nth call at an injection point after
 * smax_fault_arm() fails as the vendor runtime would fail it there; in
 * every other build the hooks compile to nothing.
 *
 * The points are where a backend meets its runtime: device allocations,
 * transfers (writes, reads, copies), program builds (OpenCL compiles its
 * kernels at run time; CUDA and HIP have none) and kernel launches.
 */
#ifndef SMAX_COMMON_FAULT_H
#define SMAX_COMMON_FAULT_H

#include <stdint.h>

#include "smax/smax.h"

typedef enum smax_fault_point {
    SMAX_FAULT_ALLOC = 0,
    SMAX_FAULT_TRANSFER = 1,
    SMAX_FAULT_BUILD = 2,
    SMAX_FAULT_LAUNCH = 3,
    SMAX_FAULT_POINT_COUNT = 4
} smax_fault_point;

#if defined(SMAX_FAULT_INJECTION)
/* Makes the nth call at `point` from now on fail (nth 0: none) and starts
 * counting that point's calls again. Exported by injection builds only. */
SMAX_API void smax_fault_arm(smax_fault_point point, int64_t nth);
/* Calls at `point` since it was last armed. */
SMAX_API int64_t smax_fault_calls(smax_fault_point point);

/* Counts a call at `point`; 1 if it is the one armed to fail. */
int smax_fault_hit(smax_fault_point point);
/* The failure a hit stands for (out of memory for an allocation, a
 * backend error otherwise), with "injected" in its detail. */
smax_status smax_fault_fail(smax_context ctx, smax_fault_point point);

#define SMAX_FAULT_POINT(ctx, point)                                         \
    do {                                                                     \
        if (smax_fault_hit(point))                                           \
            return smax_fault_fail((ctx), (point));                          \
    } while (0)
#else
#define SMAX_FAULT_POINT(ctx, point) ((void)0)
#endif

#endif /* SMAX_COMMON_FAULT_H */
