/*
 * smax_half.h - f16 and bf16 encodings for the tests and the benchmark:
 * rounding to nearest even from double (one rounding, so a float64
 * reference rounded here is the correctly rounded value), decoding, and the
 * distance in units in the last place between two encodings.
 *
 * Formats are named by the values of smax_dtype (this library builds
 * without smax.h; the conformance suite checks that the values agree).
 */
#ifndef SMAX_TESTS_HALF_H
#define SMAX_TESTS_HALF_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SMAX_FMT_F32 0
#define SMAX_FMT_F16 1
#define SMAX_FMT_BF16 2

/* Encode (round to nearest even, overflow to inf, NaN stays NaN) and
 * decode one 16-bit value of format fmt (SMAX_FMT_F16 or SMAX_FMT_BF16). */
uint16_t smax_half_encode(int fmt, double v);
float smax_half_decode(int fmt, uint16_t h);
/* v rounded to format fmt and back (identity for SMAX_FMT_F32 apart from
 * the rounding to float). */
float smax_round_to(int fmt, double v);
/* ulps between two non-NaN encodings of a 16-bit type (sign-magnitude:
 * the same ordering for f16 and bf16; +0 and -0 coincide). */
int64_t smax_half_ulps(uint16_t a, uint16_t b);
/* The spacing of format fmt at |v|: the distance from |v| rounded to fmt
 * to the next representable magnitude (f32 too). */
double smax_fmt_ulp(int fmt, double v);
/* 1 if the conversions give known answers (a self-check); else why. */
int smax_half_selfcheck(char *why, size_t len);

/* Element size in bytes of format fmt. */
size_t smax_fmt_bytes(int fmt);
/* Dense conversions between float and raw elements of format fmt
 * (f32: a copy; 16-bit: one rounding to nearest even). */
void smax_fmt_encode(int fmt, const float *src, size_t n, void *raw);
void smax_fmt_decode(int fmt, const void *raw, size_t n, float *dst);

#ifdef __cplusplus
}
#endif

#endif
