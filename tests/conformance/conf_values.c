/*
 * conf_values.c - the inputs of PRODUCT.md section 4, generated from a
 * fixed seed (splitmix64 + Box-Muller) so every backend and every run sees
 * the same numbers, and a failure can be reproduced. Each distribution is
 * meant for a dtype: "the lowest value" and "subnormals" are the dtype's,
 * and normal values are clamped to its finite range (conf_prep.c rounds
 * them to it afterwards).
 */
#include <math.h>

#include "conf.h"

static uint64_t rng_state = 0x736d6178ULL; /* "smax" */

void conf_seed(uint64_t seed)
{
    rng_state = seed;
}

uint64_t conf_rand(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

double conf_uniform(void)
{
    return (double)(conf_rand() >> 11) * (1.0 / 9007199254740992.0);
}

int64_t conf_below(int64_t n)
{
    return n > 0 ? (int64_t)(conf_rand() % (uint64_t)n) : 0;
}

double conf_normal(double sigma)
{
    double u1 = conf_uniform(), u2 = conf_uniform();
    if (u1 < 1e-300)
        u1 = 1e-300;
    return sigma * sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

const char *conf_dist_name(conf_dist d)
{
    switch (d) {
    case CONF_NORMAL_1E_3: return "normal(sigma=1e-3)";
    case CONF_NORMAL_1: return "normal(sigma=1)";
    case CONF_NORMAL_30: return "normal(sigma=30)";
    case CONF_NORMAL_1E4: return "normal(sigma=1e4)";
    case CONF_OVERFLOW: return "overflow(88..90, rest lowest)";
    case CONF_NEG_OVERFLOW: return "neg-overflow(-86..-88, rest lowest)";
    case CONF_EQUAL: return "equal values";
    case CONF_DOMINANT: return "one dominant element";
    case CONF_LOWEST: return "lowest finite everywhere";
    case CONF_SUBNORMAL: return "subnormals";
    default: return "?";
    }
}

/* oneDNN's overflow pattern: without the max shift exp(88..90) overflows
 * f32, and exp(lowest - m) must come out as 0, not NaN. */
static void fill_sparse_peaks(float *row, int64_t cols, double lo, double hi,
                              float lowest)
{
    for (int64_t c = 0; c < cols; ++c)
        row[c] = lowest;
    int64_t peaks = cols < 4 ? 1 : 1 + conf_below(3);
    for (int64_t k = 0; k < peaks; ++k)
        row[conf_below(cols)] = (float)(lo + (hi - lo) * conf_uniform());
}

static float clamp(double v, double max)
{
    return (float)(v > max ? max : v < -max ? -max : v);
}

void conf_fill(float *x, int64_t rows, int64_t cols, conf_dist d,
               smax_dtype t)
{
    const double max = conf_dtype_max(t);
    const float lowest = (float)-max;
    for (int64_t r = 0; r < rows; ++r) {
        float *row = x + r * cols;
        switch (d) {
        case CONF_NORMAL_1E_3:
        case CONF_NORMAL_1:
        case CONF_NORMAL_30:
        case CONF_NORMAL_1E4: {
            const double sigma = d == CONF_NORMAL_1E_3 ? 1e-3
                                 : d == CONF_NORMAL_1  ? 1.0
                                 : d == CONF_NORMAL_30 ? 30.0
                                                       : 1e4;
            for (int64_t c = 0; c < cols; ++c)
                row[c] = clamp(conf_normal(sigma), max);
            break;
        }
        case CONF_OVERFLOW:
            fill_sparse_peaks(row, cols, 88.0, 90.0, lowest);
            break;
        case CONF_NEG_OVERFLOW:
            fill_sparse_peaks(row, cols, -88.0, -86.0, lowest);
            break;
        case CONF_EQUAL: {
            /* A different value per row, the same along the row. */
            const float v = (float)conf_normal(10.0);
            for (int64_t c = 0; c < cols; ++c)
                row[c] = v;
            break;
        }
        case CONF_DOMINANT:
            for (int64_t c = 0; c < cols; ++c)
                row[c] = (float)conf_normal(1.0);
            row[conf_below(cols)] = 40.0f;
            break;
        case CONF_LOWEST:
            for (int64_t c = 0; c < cols; ++c)
                row[c] = lowest;
            break;
        case CONF_SUBNORMAL:
            for (int64_t c = 0; c < cols; ++c) {
                /* Uniform over t's subnormal range, either sign. */
                double v = conf_uniform() * conf_dtype_min_normal(t);
                row[c] = (float)(conf_below(2) ? v : -v);
            }
            break;
        default:
            break;
        }
    }
}
