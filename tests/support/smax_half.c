/*
 * conf_half.c - f16 / bf16 encodings (see conf_half.h). Written from the
 * IEEE 754 definitions with one rounding from double, rather than through
 * float, so a double reference is rounded to the 16-bit type only once.
 */
#include <math.h>
#include <stdio.h>

#include "conf_half.h"

/* Rounds v to a binary format with `mbits` stored mantissa bits and
 * `ebits` exponent bits, round to nearest even, and encodes it. */
static uint16_t round_to_format(double v, int mbits, int ebits)
{
    const int bias = (1 << (ebits - 1)) - 1;
    const uint16_t sign = (uint16_t)(signbit(v) ? 1u << (mbits + ebits) : 0);
    const uint16_t inf = (uint16_t)(((1u << ebits) - 1) << mbits);
    if (isnan(v))
        return (uint16_t)(inf | (1u << (mbits - 1))); /* quiet NaN */
    double a = fabs(v);
    if (isinf(a))
        return (uint16_t)(sign | inf);
    const int emin = 1 - bias;
    if (a < ldexp(1.0, emin)) {
        /* Subnormal: a multiple of 2^(emin - mbits); nearbyint rounds to
         * even in the default mode. A carry into 2^emin gives exactly the
         * smallest normal encoding. */
        double q = nearbyint(ldexp(a, mbits - emin));
        return (uint16_t)(sign | (uint16_t)q);
    }
    int e;
    double f = frexp(a, &e); /* a = f * 2^e, f in [0.5, 1) */
    e -= 1;                  /* a = (2f) * 2^e, 2f in [1, 2) */
    double q = nearbyint((2.0 * f - 1.0) * (double)(1 << mbits));
    if (q >= (double)(1 << mbits)) {
        q = 0.0;
        e += 1;
    }
    if (e > bias)
        return (uint16_t)(sign | inf);
    return (uint16_t)(sign | (uint16_t)((e + bias) << mbits) | (uint16_t)q);
}

static float decode(uint16_t h, int mbits, int ebits)
{
    const int bias = (1 << (ebits - 1)) - 1;
    const int sign = (h >> (mbits + ebits)) & 1;
    const int e = (h >> mbits) & ((1 << ebits) - 1);
    const int m = h & ((1 << mbits) - 1);
    double v;
    if (e == (1 << ebits) - 1)
        v = m ? NAN : INFINITY;
    else if (e == 0)
        v = ldexp((double)m, 1 - bias - mbits);
    else
        v = ldexp((double)(m | (1 << mbits)), e - bias - mbits);
    return (float)(sign ? -v : v);
}

uint16_t conf_to_f16(double v) { return round_to_format(v, 10, 5); }
uint16_t conf_to_bf16(double v) { return round_to_format(v, 7, 8); }
float conf_from_f16(uint16_t h) { return decode(h, 10, 5); }
float conf_from_bf16(uint16_t h) { return decode(h, 7, 8); }

uint16_t conf_to_half(smax_dtype t, double v)
{
    return t == SMAX_DTYPE_BF16 ? conf_to_bf16(v) : conf_to_f16(v);
}

float conf_from_half(smax_dtype t, uint16_t h)
{
    return t == SMAX_DTYPE_BF16 ? conf_from_bf16(h) : conf_from_f16(h);
}

int64_t conf_half_ulps(uint16_t a, uint16_t b)
{
    /* Sign-magnitude to a monotonic integer line (+0 and -0 coincide). */
    int64_t ia = (a & 0x8000) ? -(int64_t)(a & 0x7fff) : (int64_t)a;
    int64_t ib = (b & 0x8000) ? -(int64_t)(b & 0x7fff) : (int64_t)b;
    return ia > ib ? ia - ib : ib - ia;
}

int conf_half_selfcheck(char *why, size_t len)
{
    const struct {
        double v;
        uint16_t f16, bf16;
    } known[] = {
        {1.0, 0x3C00, 0x3F80},           {-2.0, 0xC000, 0xC000},
        {65504.0, 0x7BFF, 0x4780},       {65520.0, 0x7C00, 0x4780},
        {1.0 / 3.0, 0x3555, 0x3EAB},     {0.0, 0x0000, 0x0000},
        {5.960464477539063e-08, 0x0001, 0x3380}, /* 2^-24 */
        {1e10, 0x7C00, 0x5015},          {1.0 + 1.0 / 2048, 0x3C00, 0x3F80},
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; ++i) {
        uint16_t h = conf_to_f16(known[i].v), b = conf_to_bf16(known[i].v);
        if (h != known[i].f16 || b != known[i].bf16) {
            snprintf(why, len, "%.9g encodes as f16 0x%04x bf16 0x%04x, want "
                               "0x%04x 0x%04x",
                     known[i].v, h, b, known[i].f16, known[i].bf16);
            return 0;
        }
        if (h != 0x7C00 && conf_from_f16(h) != (float)known[i].v &&
            known[i].v == (double)conf_from_f16(known[i].f16)) {
            snprintf(why, len, "f16 0x%04x decodes wrongly", h);
            return 0;
        }
    }
    return 1;
}
