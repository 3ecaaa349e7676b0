/* fault.c - the counters behind fault.h (injection builds only). */
#include "fault.h"

#if defined(SMAX_FAULT_INJECTION)
#include <stdatomic.h>

#include "context.h"

static _Atomic int64_t armed[SMAX_FAULT_POINT_COUNT];
static _Atomic int64_t calls[SMAX_FAULT_POINT_COUNT];

static const char *const point_names[SMAX_FAULT_POINT_COUNT] = {
    "allocation", "transfer", "program build", "launch"};

SMAX_API void smax_fault_arm(smax_fault_point point, int64_t nth)
{
    if ((int)point < 0 || point >= SMAX_FAULT_POINT_COUNT)
        return;
    atomic_store(&calls[point], 0);
    atomic_store(&armed[point], nth);
}

SMAX_API int64_t smax_fault_calls(smax_fault_point point)
{
    if ((int)point < 0 || point >= SMAX_FAULT_POINT_COUNT)
        return 0;
    return atomic_load(&calls[point]);
}

int smax_fault_hit(smax_fault_point point)
{
    const int64_t n = atomic_fetch_add(&calls[point], 1) + 1;
    return n == atomic_load(&armed[point]);
}

smax_status smax_fault_fail(smax_context ctx, smax_fault_point point)
{
    return smax_fail(ctx,
                     point == SMAX_FAULT_ALLOC ? SMAX_ERROR_OUT_OF_MEMORY
                                               : SMAX_ERROR_BACKEND,
                     "injected fault: %s %lld failed", point_names[point],
                     (long long)atomic_load(&calls[point]));
}
#else
/* ISO C wants a translation unit to declare something. */
typedef int smax_fault_injection_is_off;
#endif
