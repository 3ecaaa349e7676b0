/*
 * smax_half.c - f16 / bf16 encodings (see smax_half.h). Written from the
 * IEEE 754 definitions with one rounding from double, rather than through
 * float, so a double reference is rounded to the 16-bit type only once.
 */
#include "smax_half.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* A binary format by its stored mantissa and exponent widths. */
typedef struct half_format {
    int mbits, ebits;
} half_format;

static const half_format F16 = {10, 5};
static const half_format BF16 = {7, 8};

static half_format format_of(int fmt)
{
    return fmt == SMAX_FMT_BF16 ? BF16 : F16;
}

/* m / 2^s rounded to nearest even (m < 2^53, so s >= 55 gives 0). */
static uint64_t shift_round_even(uint64_t m, int s)
{
    if (s >= 64)
        return 0;
    const uint64_t q = m >> s, rem = m & ((UINT64_C(1) << s) - 1);
    const uint64_t half = UINT64_C(1) << (s - 1);
    return q + (rem > half || (rem == half && (q & 1u)));
}

/* Rounds v to nearest even in format f and encodes it. On the double's
 * bits (the checks of 16-bit outputs call this once an element, and
 * frexp / ldexp / nearbyint made it most of a long row's check): v =
 * m * 2^(e - 52) with m < 2^53, one rounding of m to the format's
 * mantissa. */
static uint16_t round_to_format(double v, half_format f)
{
    const int mbits = f.mbits, ebits = f.ebits;
    const int bias = (1 << (ebits - 1)) - 1;
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    const uint16_t sign = (uint16_t)((bits >> 63) << (mbits + ebits));
    const uint16_t inf = (uint16_t)(((1u << ebits) - 1) << mbits);
    const int field = (int)((bits >> 52) & 0x7FF);
    uint64_t m = bits & ((UINT64_C(1) << 52) - 1);
    if (field == 0x7FF && m) /* NaN: a quiet one, unsigned */
        return (uint16_t)(inf | (1u << (mbits - 1)));
    if (field == 0x7FF)
        return (uint16_t)(sign | inf);
    int e = field ? field - 1023 : -1022;
    if (field)
        m |= UINT64_C(1) << 52;
    const int emin = 1 - bias;
    if (e < emin) {
        /* Subnormal: a multiple of 2^(emin - mbits). A carry into 2^emin
         * gives exactly the smallest normal encoding. */
        return (uint16_t)(sign |
                          shift_round_even(m, 52 - mbits + (emin - e)));
    }
    uint64_t q = shift_round_even(m, 52 - mbits); /* in [2^mbits, 2^(mbits+1)] */
    if (q >> (mbits + 1)) {
        q >>= 1;
        e += 1;
    }
    if (e > bias)
        return (uint16_t)(sign | inf);
    return (uint16_t)(sign | (uint16_t)((e + bias) << mbits) |
                      (uint16_t)(q & ((1u << mbits) - 1)));
}

static float decode(uint16_t h, half_format f)
{
    const int mbits = f.mbits, ebits = f.ebits;
    const int bias = (1 << (ebits - 1)) - 1;
    const uint32_t sign = (uint32_t)((h >> (mbits + ebits)) & 1) << 31;
    const int e = (h >> mbits) & ((1 << ebits) - 1);
    const uint32_t m = h & ((1u << mbits) - 1);
    uint32_t bits;
    float v;
    if (e == (1 << ebits) - 1) {
        bits = sign | 0x7F800000u | (m ? 0x400000u : 0u);
    } else if (e == 0) {
        /* m 2^(1 - bias - mbits): exact in float for both formats (f16's
         * 2^-24 is a float normal, bf16's subnormals are float's). */
        v = (float)m * (f.ebits == 8 ? 0x1p-133f : 0x1p-24f);
        return sign ? -v : v;
    } else {
        bits = sign | (uint32_t)(e - bias + 127) << 23 | m << (23 - mbits);
    }
    memcpy(&v, &bits, sizeof v);
    return v;
}

uint16_t smax_half_encode(int fmt, double v)
{
    return round_to_format(v, format_of(fmt));
}

float smax_half_decode(int fmt, uint16_t h)
{
    return decode(h, format_of(fmt));
}

float smax_round_to(int fmt, double v)
{
    if (fmt == SMAX_FMT_F32)
        return (float)v;
    return smax_half_decode(fmt, smax_half_encode(fmt, v));
}

int64_t smax_half_ulps(uint16_t a, uint16_t b)
{
    /* Sign-magnitude to a monotonic integer line (+0 and -0 coincide). */
    int64_t ia = (a & 0x8000) ? -(int64_t)(a & 0x7fff) : (int64_t)a;
    int64_t ib = (b & 0x8000) ? -(int64_t)(b & 0x7fff) : (int64_t)b;
    return ia > ib ? ia - ib : ib - ia;
}

double smax_fmt_ulp(int fmt, double v)
{
    int mbits, emin, emax;
    if (fmt == SMAX_FMT_F32) {
        mbits = FLT_MANT_DIG - 1;
        emin = FLT_MIN_EXP - 1;
        emax = FLT_MAX_EXP - 1;
    } else {
        const half_format f = format_of(fmt);
        mbits = f.mbits;
        emin = 2 - (1 << (f.ebits - 1));
        emax = (1 << (f.ebits - 1)) - 1;
    }
    /* The binade of |v| rounded to the format decides (a value just below
     * a power of two that rounds up to it gets the upper binade's
     * spacing); subnormals share the smallest normal binade's spacing, and
     * values that overflow keep the largest binade's. */
    const double a = fabs((double)smax_round_to(fmt, v));
    int e = emin;
    if (isinf(a) || isnan(a))
        e = emax;
    else if (a >= ldexp(1.0, emin)) {
        (void)frexp(a, &e);
        e -= 1;
    }
    return ldexp(1.0, e - mbits);
}

size_t smax_fmt_bytes(int fmt)
{
    return fmt == SMAX_FMT_F32 ? sizeof(float) : sizeof(uint16_t);
}

void smax_fmt_encode(int fmt, const float *src, size_t n, void *raw)
{
    if (fmt == SMAX_FMT_F32) {
        memcpy(raw, src, n * sizeof(float));
        return;
    }
    uint16_t *h = raw;
    for (size_t i = 0; i < n; ++i)
        h[i] = smax_half_encode(fmt, (double)src[i]);
}

void smax_fmt_decode(int fmt, const void *raw, size_t n, float *dst)
{
    if (fmt == SMAX_FMT_F32) {
        memcpy(dst, raw, n * sizeof(float));
        return;
    }
    const uint16_t *h = raw;
    for (size_t i = 0; i < n; ++i)
        dst[i] = smax_half_decode(fmt, h[i]);
}

int smax_half_selfcheck(char *why, size_t len)
{
    /* exact: v is representable in f16, so its encoding must decode to v
     * (with the round trip below this pins decoding, not only its
     * agreement with encoding). */
    const struct {
        double v;
        uint16_t f16, bf16;
        int exact;
    } known[] = {
        {1.0, 0x3C00, 0x3F80, 1},
        {-2.0, 0xC000, 0xC000, 1},
        {65504.0, 0x7BFF, 0x4780, 1},
        {65520.0, 0x7C00, 0x4780, 0}, /* f16: halfway to 2^16, to inf */
        {1.0 / 3.0, 0x3555, 0x3EAB, 0},
        {0.0, 0x0000, 0x0000, 1},
        {5.960464477539063e-08, 0x0001, 0x3380, 1}, /* 2^-24 */
        {1e10, 0x7C00, 0x5015, 0},
        {1.0 + 1.0 / 2048, 0x3C00, 0x3F80, 0}, /* a tie: to even */
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; ++i) {
        const uint16_t h = smax_half_encode(SMAX_FMT_F16, known[i].v);
        const uint16_t b = smax_half_encode(SMAX_FMT_BF16, known[i].v);
        if (h != known[i].f16 || b != known[i].bf16) {
            snprintf(why, len, "%.9g encodes as f16 0x%04x bf16 0x%04x, want "
                               "0x%04x 0x%04x",
                     known[i].v, h, b, known[i].f16, known[i].bf16);
            return 0;
        }
        const double back = (double)smax_half_decode(SMAX_FMT_F16, h);
        if (known[i].exact && back != known[i].v) {
            snprintf(why, len, "f16 0x%04x decodes to %.9g, want %.9g", h,
                     back, known[i].v);
            return 0;
        }
    }
    /* Decoding must invert encoding for every non-NaN value of both types:
     * 2 x 65536 conversions, cheap enough to do exhaustively. */
    for (uint32_t u = 0; u < 0x10000; ++u) {
        for (int fmt = SMAX_FMT_F16; fmt <= SMAX_FMT_BF16; ++fmt) {
            const float v = smax_half_decode(fmt, (uint16_t)u);
            if (isnan(v))
                continue;
            const uint16_t back = smax_half_encode(fmt, (double)v);
            if (back != (uint16_t)u) {
                snprintf(why, len, "%s 0x%04x decodes to %.9g, which encodes "
                                   "as 0x%04x",
                         fmt == SMAX_FMT_F16 ? "f16" : "bf16", (unsigned)u,
                         (double)v, back);
                return 0;
            }
        }
    }
    return 1;
}
