/*
 * conf_half.h - f16 and bf16 encodings for the dtype cases: rounding to
 * nearest even from double (one rounding, so a reference rounded here is
 * the correctly rounded value), decoding, and the distance in units in the
 * last place between two encodings.
 */
#ifndef SMAX_CONF_HALF_H
#define SMAX_CONF_HALF_H

#include <stdint.h>

#include "smax/smax.h"

uint16_t conf_to_f16(double v);
uint16_t conf_to_bf16(double v);
float conf_from_f16(uint16_t h);
float conf_from_bf16(uint16_t h);
/* Encode / decode by dtype (F32 is not handled here). */
uint16_t conf_to_half(smax_dtype t, double v);
float conf_from_half(smax_dtype t, uint16_t h);
/* ulps between two non-NaN encodings of a 16-bit type (same ordering for
 * f16 and bf16: sign-magnitude). */
int64_t conf_half_ulps(uint16_t a, uint16_t b);
/* 1 if the conversions give known answers (a self-check). */
int conf_half_selfcheck(char *why, size_t len);

#endif
