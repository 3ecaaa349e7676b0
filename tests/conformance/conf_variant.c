/*
 * conf_variant.c - the 18 variants every group runs (nine dtype pairs,
 * forward and backward), facts about the dtypes, and each variant's fused
 * limit as the plan reports it (backward fused holds y and dy on-chip, so
 * its limit is its own; it is asked, never assumed).
 */
#include <float.h>
#include <stdio.h>
#include <string.h>

#include "conf.h"
#include "smax_half.h"

#define F32 SMAX_DTYPE_F32
#define F16 SMAX_DTYPE_F16
#define BF16 SMAX_DTYPE_BF16

const conf_variant conf_variants[CONF_VARIANT_COUNT] = {
    {F32, F32, 0, "fwd f32->f32"},
    {F16, F16, 0, "fwd f16->f16"},
    {BF16, BF16, 0, "fwd bf16->bf16"},
    {F16, F32, 0, "fwd f16->f32"},
    {F32, F16, 0, "fwd f32->f16"},
    {BF16, F32, 0, "fwd bf16->f32"},
    {F32, BF16, 0, "fwd f32->bf16"},
    {F16, BF16, 0, "fwd f16->bf16"},
    {BF16, F16, 0, "fwd bf16->f16"},
    {F32, F32, 1, "bwd y,dy:f32 dx:f32"},
    {F16, F16, 1, "bwd y,dy:f16 dx:f16"},
    {BF16, BF16, 1, "bwd y,dy:bf16 dx:bf16"},
    {F32, F16, 1, "bwd y,dy:f16 dx:f32"},
    {F16, F32, 1, "bwd y,dy:f32 dx:f16"},
    {F32, BF16, 1, "bwd y,dy:bf16 dx:f32"},
    {BF16, F32, 1, "bwd y,dy:f32 dx:bf16"},
    {BF16, F16, 1, "bwd y,dy:f16 dx:bf16"},
    {F16, BF16, 1, "bwd y,dy:bf16 dx:f16"},
};

/* The suite names formats by smax_dtype's values. */
_Static_assert(SMAX_FMT_F32 == (int)SMAX_DTYPE_F32 &&
                   SMAX_FMT_F16 == (int)SMAX_DTYPE_F16 &&
                   SMAX_FMT_BF16 == (int)SMAX_DTYPE_BF16,
               "smax_half.h's SMAX_FMT_* must match smax_dtype");

int conf_variant_index(const conf_variant *v)
{
    return (int)(v - conf_variants);
}

int conf_is_base(const conf_variant *v)
{
    return conf_variant_index(v) == 0;
}

int conf_thinned(const conf_suite *s, const conf_variant *v)
{
    const int i = conf_variant_index(v);
    return !s->full && !(i <= 2 || i == 9);
}

const char *conf_dtype_name(smax_dtype t)
{
    return t == F32 ? "f32" : t == F16 ? "f16" : t == BF16 ? "bf16" : "?";
}

int conf_fmt(smax_dtype t)
{
    return (int)t;
}

size_t conf_esize(smax_dtype t)
{
    return t == F32 ? 4 : 2;
}

double conf_dtype_max(smax_dtype t)
{
    if (t == F16)
        return 65504.0;
    if (t == BF16)
        return 3.3895313892515355e38; /* (2 - 2^-7) * 2^127 */
    return (double)FLT_MAX;
}

double conf_dtype_min_normal(smax_dtype t)
{
    return t == F16 ? 6.103515625e-05 : (double)FLT_MIN; /* bf16: as f32 */
}

smax_dtype conf_in_dtype(const conf_variant *v)
{
    return v->backward ? v->yt : v->xt;
}

smax_dtype conf_out_dtype(const conf_variant *v)
{
    return v->backward ? v->xt : v->yt;
}

int conf_selected(const conf_suite *s, const conf_variant *v)
{
    if (!s->only_variant)
        return 1;
    /* Alternatives separated by '+', each a substring of the name (names
     * hold commas: "bwd y,dy:f16 dx:f32"). */
    for (const char *p = s->only_variant; *p;) {
        const char *end = strchr(p, '+');
        const size_t len = end ? (size_t)(end - p) : strlen(p);
        for (const char *n = v->name; len && strlen(n) >= len; ++n)
            if (strncmp(n, p, len) == 0)
                return 1;
        p += len + (end ? 1 : 0);
    }
    return 0;
}

static int dtype_supported(const conf_suite *s, smax_dtype t)
{
    return t == F32 ||
           (t == F16 ? s->info.supports_f16 : s->info.supports_bf16);
}

int conf_variant_supported(const conf_suite *s, const conf_variant *v)
{
    return dtype_supported(s, v->xt) && dtype_supported(s, v->yt);
}

/* The largest cols a forced fused 1-row plan accepts: doubling, then a
 * binary search (the limit is assumed monotone; conf_run.c fails any
 * fused refusal below it). */
static int64_t fused_limit(conf_suite *s, const conf_variant *v)
{
    smax_plan_info pi;
    const int64_t cap = (int64_t)1 << 32;
    if (conf_plan(s, v, 1, 1, SMAX_ALGO_FUSED, &pi) != SMAX_SUCCESS)
        return -1;
    int64_t lo = 1, hi = 2;
    while (hi <= cap &&
           conf_plan(s, v, 1, hi, SMAX_ALGO_FUSED, &pi) == SMAX_SUCCESS) {
        lo = hi;
        hi *= 2;
    }
    if (hi > cap)
        return cap;
    while (hi - lo > 1) {
        const int64_t mid = lo + (hi - lo) / 2;
        if (conf_plan(s, v, 1, mid, SMAX_ALGO_FUSED, &pi) == SMAX_SUCCESS)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

void conf_find_fused_limits(conf_suite *s)
{
    printf("  fused limits (plan):");
    for (int i = 0; i < CONF_VARIANT_COUNT; ++i) {
        s->fused_limit[i] = fused_limit(s, &conf_variants[i]);
        if (i == 0 || i == 9 || s->fused_limit[i] != s->fused_limit[i - 1])
            printf(" %s %lld;", conf_variants[i].name,
                   (long long)s->fused_limit[i]);
    }
    printf(" (others as the one before)\n");
}
