/*
 * unit_check.h - the few lines of test harness the host unit tests share:
 * every CHECK is one counted assertion that prints where and why it failed,
 * and UNIT_SUMMARY prints "N passed, N failed" and gives the exit status.
 */
#ifndef SMAX_UNIT_CHECK_H
#define SMAX_UNIT_CHECK_H

#include <stdio.h>

static int unit_passed, unit_failed;

#define CHECK(cond, ...)                                                      \
    do {                                                                      \
        if (cond) {                                                           \
            ++unit_passed;                                                    \
        } else {                                                              \
            ++unit_failed;                                                    \
            printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);            \
            printf(__VA_ARGS__);                                              \
            printf("\n");                                                     \
        }                                                                     \
    } while (0)

#define UNIT_SUMMARY()                                                        \
    (printf("%d passed, %d failed\n", unit_passed, unit_failed),             \
     unit_failed == 0 ? 0 : 1)

/* Deterministic generator (splitmix64): the same numbers on every host. */
static unsigned long long unit_rng_state = 0x5eed5eedULL;

static inline unsigned long long unit_rng_next(void)
{
    unsigned long long z = (unit_rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Uniform in [0, 1). */
static inline double unit_rng_uniform(void)
{
    return (double)(unit_rng_next() >> 11) * (1.0 / 9007199254740992.0);
}

/* Uniform integer in [0, n). */
static inline long unit_rng_below(long n)
{
    return (long)(unit_rng_next() % (unsigned long long)n);
}

#endif
