/*
 * smax_cpu_rows.h - rows for CPU devices (plan.c takes it only where
 * ctx->traits.is_cpu, as their forward `online`): one work-item per row,
 * which walks the whole row alone, without barriers, local memory or a
 * group reduction. A CPU runs a work-group as a loop over its items on one
 * thread, so the group-wide kernels' barriers and local-memory reductions
 * are pure overhead there, while one item's row stays in the core's caches
 * between its passes (bench/results/pocl-2026-11-23-cpu-rows).
 *
 * Passes: the maximum; the sum of exp(x - max); the output. A softmax row
 * keeps its exponentials during the sum pass and the output pass scales
 * them, one exponential per element: unrounded in the item's slot of
 * local memory where the plan gave one (keep_pitch floats an item), else,
 * where y is f32 (the finished value's own type, so nothing is rounded
 * twice), in y; other rows (log-softmax, 16-bit rows too long for the
 * slot) compute the exponential again in the output pass. An f32 row
 * that writes y once (from its slot, or log-softmax from x) stores it
 * around the cache (smax_cpu_store_final). The results are those
 * of exp(x - max) * (1 / sum) either way. The same passes walk the chunks
 * of a row split over several items (smax_cpu_chunk_partial,
 * smax_cpu_chunk_write: smax_multiblock.h's phases on a CPU device).
 *
 * Written in OpenCL C's own vectors of the device's native float width (8
 * or 16; SMAX_CPU_W), loaded with vloadn (any element alignment): the
 * compiler turns each step into whole SIMD instructions, where the 4-float
 * structures of the GPU kernels came out as half-width arithmetic and
 * shuffles (PoCL on AVX2, the sum pass: bench/results/pocl-2026-11-23-wide).
 * CPU devices exist only behind OpenCL, so CUDA and HIP compile the kernel
 * without a body; the planner never launches it there.
 */
#ifndef SMAX_CPU_ROWS_H
#define SMAX_CPU_ROWS_H

#ifndef SMAX_OPENCL_C
#include "smax_rows.h"
#endif

#if defined(SMAX_DIALECT_OPENCL)
/* Elements a step: the device's native float vector
 * (CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT, set by the host as 8 or 16: one
 * AVX2 or one AVX-512 register), in two accumulators, so that no chain of
 * dependent additions runs through the row. */
#ifndef SMAX_CPU_W
#define SMAX_CPU_W 8
#endif
#define SMAX_CPU_CAT_(a, b) a##b
#define SMAX_CPU_CAT(a, b) SMAX_CPU_CAT_(a, b)
#define SMAX_CPU_V(type) SMAX_CPU_CAT(type, SMAX_CPU_W)
typedef SMAX_CPU_V(float) smax_cpu_f;
typedef SMAX_CPU_V(uint) smax_cpu_u;
typedef SMAX_CPU_V(int) smax_cpu_i;
typedef SMAX_CPU_V(ushort) smax_cpu_h;
#define smax_cpu_vload SMAX_CPU_V(vload)
#define smax_cpu_vstore SMAX_CPU_V(vstore)
#define smax_cpu_as_f SMAX_CPU_V(as_float)
#define smax_cpu_as_u SMAX_CPU_V(as_uint)
#define smax_cpu_as_i SMAX_CPU_V(as_int)
/* Each lane's index. */
#if SMAX_CPU_W == 16
#define SMAX_CPU_LANES \
    ((smax_cpu_i)(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))
#else
#define SMAX_CPU_LANES ((smax_cpu_i)(0, 1, 2, 3, 4, 5, 6, 7))
#endif

/* f16 moves through private bits: PoCL 3.1 takes vload_half8 and
 * vstore_half8 as 16-byte aligned (vmovdqa), where OpenCL asks only 2
 * bytes, and a row at an odd offset faulted (the gradient's log-softmax
 * rows at offsets 6 and 10 of f16, bench/results/pocl-2026-11-26). vloadn
 * and vstoren of ushort take any element alignment. A vector whose address
 * is 16-byte aligned (every vector of a row that starts so) loads by
 * vload_half8 all the same: two 16-byte loads and two conversions for 16
 * elements, where the private route took four 8-byte loads and three
 * inserts besides (PoCL 3.1, AVX-512; GB/s, A B B A: f16 rows +10-20%,
 * log-softmax +10-25%, the gradient +15-30%, bench/results/pocl-2026-11-30). */
SMAX_FN smax_cpu_f smax_cpu_load(const __global smax_in_t *p)
{
#if SMAX_IN_DTYPE == 0
    return smax_cpu_vload(0, p);
#elif SMAX_IN_DTYPE == 1
    if ((SMAX_ADDR(p) & 15u) == 0) {
        const __global half *h = (const __global half *)p;
#if SMAX_CPU_W == 16
        return (smax_cpu_f)(vload_half8(0, h), vload_half8(1, h));
#else
        return vload_half8(0, h);
#endif
    }
    const smax_cpu_h bits = smax_cpu_vload(0, (const __global ushort *)p);
    return SMAX_CPU_V(vload_half)(0, (const __private half *)&bits);
#else
    return smax_cpu_as_f(SMAX_CPU_V(convert_uint)(smax_cpu_vload(0, p)) << 16);
#endif
}

SMAX_FN smax_cpu_f smax_cpu_load_scaled(const __global smax_in_t *p,
                                        float scale)
{
    const smax_cpu_f v = smax_cpu_load(p);
    return scale == 1.0f ? v : v * scale; /* FP_CONTRACT is off */
}

/* The output vectors of a row: [head, end) in whole vectors, the elements
 * before and after them one at a time. A 16-bit row's vectors start where
 * y is aligned to a vector's bytes: PoCL 3.1 stored a 16-bit vstoren as
 * one scalar store an element (16 movs for a float16, more instructions
 * than the rest of the output pass), an aligned vector store as one. */
typedef struct smax_cpu_span {
    int head, end;
} smax_cpu_span;

SMAX_FN smax_cpu_span smax_cpu_out_span(const __global smax_out_t *yr,
                                        int cols)
{
    smax_cpu_span sp;
#if SMAX_OUT_DTYPE == 0
    sp.head = 0;
#else
    const ulong a = SMAX_ADDR(yr);
    sp.head = (a & 1u) ? cols /* no aligned vector ever: all scalar */
                       : (int)((SMAX_CPU_W - (a / 2u & (SMAX_CPU_W - 1u))) &
                               (SMAX_CPU_W - 1u));
    if (sp.head > cols)
        sp.head = cols;
#endif
    sp.end = sp.head + (cols - sp.head) / SMAX_CPU_W * SMAX_CPU_W;
    return sp;
}

/* Elements outside the vectors, and the i-th of them: the head's, then
 * the tail's. */
SMAX_FN int smax_cpu_edges(smax_cpu_span sp, int cols)
{
    return sp.head + cols - sp.end;
}

SMAX_FN int smax_cpu_edge(smax_cpu_span sp, int i)
{
    return i < sp.head ? i : sp.end + (i - sp.head);
}

/* Inlined wherever it is called, so that a constant argument (a scale of
 * 1, a row known finite) takes its work out of the loops: the row is
 * compiled once for each case (smax_cpu_row). */
#define SMAX_CPU_INLINE static inline __attribute__((always_inline))

/* Stores an output vector at p, which smax_cpu_out_span aligned where the
 * output is 16-bit; the same rounding as smax_st_f16 / smax_st_bf16
 * (smax_io.h). `finite`: no element is NaN, so bf16 needs no NaN case. */
SMAX_CPU_INLINE void smax_cpu_store_as(__global smax_out_t *p, smax_cpu_f v,
                                       int finite)
{
#if SMAX_OUT_DTYPE == 0
    smax_cpu_vstore(v, 0, p);
#elif SMAX_OUT_DTYPE == 1
    smax_cpu_h bits; /* PoCL 3.1 has no vstore_half16_rte: by eights */
#if SMAX_CPU_W == 16
    vstore_half8_rte(v.lo, 0, (__private half *)&bits);
    vstore_half8_rte(v.hi, 1, (__private half *)&bits);
#else
    vstore_half8_rte(v, 0, (__private half *)&bits);
#endif
    *(__global smax_cpu_h *)p = bits;
#else
    const smax_cpu_u u = smax_cpu_as_u(v);
    const smax_cpu_u rounded = (u + 0x7fffu + ((u >> 16) & 1u)) >> 16;
    const smax_cpu_u nan = (u >> 16) | 0x40u;
    *(__global smax_cpu_h *)p = SMAX_CPU_V(convert_ushort)(
        finite ? rounded
               : select(rounded, nan,
                        smax_cpu_as_u((u & 0x7fffffffu) > 0x7f800000u)));
#endif
}

SMAX_FN void smax_cpu_store(__global smax_out_t *p, smax_cpu_f v)
{
    smax_cpu_store_as(p, v, 0);
}

/* p (global or local) aligned to a whole vector's bytes */
#define SMAX_CPU_ALIGNED(p) ((SMAX_ADDR(p) & (sizeof(smax_cpu_f) - 1u)) == 0)

/* An output vector stored as smax_cpu_store_as does, or, f32, around the
 * cache where `around` (the caller has checked that p is aligned to the
 * vector): an ordinary store first
 * reads the line it writes, so an f32 row that is read once and written
 * once moves 12 bytes an element where a copy moves 8 (PoCL, f32
 * log-softmax rows of 2048 to 65536 columns 1.44-1.52x;
 * bench/results/pocl-2026-12-05b, nontemporal.md). x86 orders these stores at the next fence or locked
 * instruction, which the runtime's end of the group is; an item reads its
 * own stores back in program order. Only clang, which compiles OpenCL C
 * for PoCL, has the builtin, and only a CPU device's program (the host's
 * SMAX_CPU_DEVICE) asks for it; elsewhere an ordinary store. */
SMAX_CPU_INLINE void smax_cpu_store_final(__global smax_out_t *p,
                                          smax_cpu_f v, int finite,
                                          int around)
{
#if SMAX_OUT_DTYPE == 0 && defined(SMAX_CPU_DEVICE) && defined(__clang__) && \
    defined(__has_builtin)
#if __has_builtin(__builtin_nontemporal_store)
    if (around) {
        __builtin_nontemporal_store(v, (__global smax_cpu_f *)p);
        return;
    }
#endif
#endif
    (void)around;
    smax_cpu_store_as(p, v, finite);
}

/* m, or v where v is greater, in vectors of any width or scalars: NaN in
 * v is skipped as fmax skips it (the comparison is false), in the one
 * instruction of a CPU's vector max, where fmax took four (PoCL 3.1,
 * AVX-512). m is never NaN, so the horizontal steps of a row's maximum
 * take it too. */
#define SMAX_CPU_MAX_SKIP(m, v) select((m), (v), (v) > (m))

/* A vector folded to 8 lanes by halves, for the horizontal steps. */
SMAX_FN float8 smax_cpu_max8_of(smax_cpu_f v)
{
#if SMAX_CPU_W == 16
    return SMAX_CPU_MAX_SKIP(v.lo, v.hi);
#else
    return v;
#endif
}

SMAX_FN float8 smax_cpu_sum8_of(smax_cpu_f v)
{
#if SMAX_CPU_W == 16
    return v.lo + v.hi;
#else
    return v;
#endif
}

SMAX_FN float smax_cpu_hmax(float8 v)
{
    const float4 m = SMAX_CPU_MAX_SKIP(v.lo, v.hi);
    const float2 n = SMAX_CPU_MAX_SKIP(m.lo, m.hi);
    return SMAX_CPU_MAX_SKIP(n.x, n.y);
}

/* Pairwise, as smax_sum_vec. */
SMAX_FN float smax_cpu_hsum(float8 v)
{
    const float4 s = v.lo + v.hi;
    return (s.x + s.z) + (s.y + s.w);
}

/* exp(d) * 2^lift, d = x - max <= 0: the row's exponential, that of
 * SMAX_ROW_EXP_LIFTED (smax_merge.h), in the device's own vector width.
 * Rows written as f32 take SMAX_ROW_EXP (the library's exp) and lift 0.
 * Rows written as f16 or bf16 take 2^t, t = d * log2(e) + lift in one FMA,
 * flushed to 0 below 2^-126.5 as SMAX_EXP2_FTZ is (the lift, 12 for
 * softmax, puts every flushed result below 2^-138 of the row's sum: 0 in
 * either 16-bit type): 2^(t - k), k = rint(t), by a degree-5 polynomial
 * on [-1/2, 1/2] (relative error under 2^-22 in f32 arithmetic; the
 * rounding of t adds at most 2^-18 * ln 2), times 2^k from its exponent
 * bits. PoCL's library exp2 on a float16 ran as two 8-wide halves
 * (vroundps on ymm, AVX-512 build), this one whole; docs/numerics.md
 * ("16-bit outputs") has the bound. NaN stays NaN (the select skips it,
 * and NaN times any scale is NaN). */
SMAX_FN smax_cpu_f smax_cpu_row_exp(smax_cpu_f d, float lift)
{
#if SMAX_OUT_DTYPE == 0
    (void)lift;
    return SMAX_ROW_EXP(d);
#else
#define SMAX_CPU_C(c) ((smax_cpu_f)(c))
    smax_cpu_f t = fma(d, SMAX_CPU_C(SMAX_LOG2E), SMAX_CPU_C(lift));
    t = select(t, SMAX_CPU_C(-127.0f), t < -127.0f);
    /* k = rint(t) by adding and taking away 1.5 * 2^23 (PoCL's rint took
     * 15 instructions); k also lies in big's low mantissa bits */
    const smax_cpu_f big = t + SMAX_CPU_C(12582912.0f);
    const smax_cpu_f f = t - (big - SMAX_CPU_C(12582912.0f)); /* exact */
    smax_cpu_f p =
        fma(f, SMAX_CPU_C(1.327647245e-3f), SMAX_CPU_C(9.675541893e-3f));
    p = fma(p, f, SMAX_CPU_C(5.550713092e-2f));
    p = fma(p, f, SMAX_CPU_C(2.402212024e-1f));
    p = fma(p, f, SMAX_CPU_C(6.931469440e-1f));
    p = fma(p, f, SMAX_CPU_C(1.000000119f));
#undef SMAX_CPU_C
    /* 2^k from k + 127 in the exponent field; k = -127 gives 0: the flush */
    const smax_cpu_i k = smax_cpu_as_i(big) - 0x4b400000;
    return p * smax_cpu_as_f((k + 127) << 23);
#endif
}

/* log(s) of a row's sum, for log-softmax: s = 2^e * m, m in [sqrt(1/2),
 * sqrt(2)), log(m) = 2 atanh(r), r = (m - 1) / (m + 1), |r| < 0.172, by
 * its odd series to r^11 (the next term is under 2^-33 of the sum), plus
 * e * log(2) in two parts, the first exact in e * ln2_hi. At most 2 ulps
 * from log (checked over every 7th float from FLT_MIN up), an absolute
 * error under 1.1e-6 for sums up to 1e8, where log-softmax's tolerance is
 * 50 FLT_EPSILON (tests/support/smax_tolerance.c). PoCL's library logf (a
 * double-float evaluation) was a quarter of the CPU rows' time in bf16
 * log-softmax rows of 128 columns (perf, pocl-2026-12-01). 0, subnormal
 * sums, inf and NaN take the library's. */
SMAX_FN float smax_cpu_log(float s)
{
    if (!(s >= FLT_MIN && s < SMAX_INF))
        return SMAX_LOG(s);
    int e = (as_int(s) >> 23) - 127;
    float m = as_float((as_int(s) & 0x007fffff) | 0x3f800000); /* [1, 2) */
    if (m > 1.41421356f) {
        m *= 0.5f;
        ++e;
    }
    const float f = m - 1.0f; /* exact */
    const float r = f / (2.0f + f);
    const float r2 = r * r;
    float p = fma(r2, 1.0f / 11.0f, 1.0f / 9.0f);
    p = fma(p, r2, 1.0f / 7.0f);
    p = fma(p, r2, 1.0f / 5.0f);
    p = fma(p, r2, 1.0f / 3.0f);
    const float lm = fma(2.0f * r * r2, p, 2.0f * r);
    return fma((float)e, 0.693145752f /* ln2_hi */,
               fma((float)e, 1.42860677e-6f /* ln2 - ln2_hi */, lm));
}

/* The row's total, its log-softmax log by smax_cpu_log. */
SMAX_FN smax_row_total smax_cpu_total_of(smax_partial t, int flags)
{
    return smax_row_total_with_log(
        t, flags, (flags & SMAX_FLAG_LOG_BIT) ? smax_cpu_log(t.s) : 0.0f);
}

/* Kahan step per vector lane: s gains v, c holds what s lost. */
SMAX_FN void smax_cpu_kahan(smax_cpu_f *s, smax_cpu_f *c, smax_cpu_f v)
{
    const smax_cpu_f y = v - *c;
    const smax_cpu_f t = *s + y;
    *c = (t - *s) - y;
    *s = t;
}

SMAX_FN smax_cpu_f smax_cpu_finish(smax_cpu_f v, smax_row_total t)
{
    return t.zero ? (smax_cpu_f)(0.0f) : (v - t.a) * t.b - t.c;
}

SMAX_FN smax_cpu_f smax_cpu_vmax(smax_cpu_f m, smax_cpu_f v)
{
    return SMAX_CPU_MAX_SKIP(m, v);
}

/* The maximum of the row's scaled elements (NaN skipped). */
SMAX_CPU_INLINE float smax_cpu_row_max(const __global smax_in_t *xr,
                                       int cols, float scale)
{
    smax_cpu_f ma = (smax_cpu_f)(-SMAX_INF), mb = ma;
    int j = 0;
    for (; j + 2 * SMAX_CPU_W <= cols; j += 2 * SMAX_CPU_W) {
        ma = smax_cpu_vmax(ma, smax_cpu_load_scaled(xr + j, scale));
        mb = smax_cpu_vmax(mb,
                           smax_cpu_load_scaled(xr + j + SMAX_CPU_W, scale));
    }
    if (j + SMAX_CPU_W <= cols) {
        ma = smax_cpu_vmax(ma, smax_cpu_load_scaled(xr + j, scale));
        j += SMAX_CPU_W;
    }
    /* The tail as the row's last vector, which overlaps elements already
     * taken: a maximum takes them twice unchanged. */
    if (j < cols && cols >= SMAX_CPU_W) {
        mb = smax_cpu_vmax(mb, smax_cpu_load_scaled(xr + cols - SMAX_CPU_W,
                                                    scale));
        j = cols;
    }
    float r = smax_cpu_hmax(smax_cpu_max8_of(smax_cpu_vmax(ma, mb)));
    for (; j < cols; ++j)
        r = smax_max_skip_nan(r, smax_load_scaled(xr, j, scale));
    return r;
}

/* Touches the cache lines of `next` (the next row) that match the 2 *
 * SMAX_CPU_W elements of this row at j, by volatile byte loads whose values
 * nobody uses: a CPU runs a group's items one after another on one thread,
 * so the next item's maximum pass would otherwise wait for memory while
 * the core has nothing else to do; touched during this row's sum pass,
 * those misses overlap its exponentials. */
SMAX_FN void smax_cpu_touch(const __global smax_in_t *next, int j)
{
    const __global volatile uchar *b =
        (const __global volatile uchar *)(next + j);
    for (int o = 0; o < 2 * SMAX_CPU_W * SMAX_IN_BYTES; o += 64)
        (void)b[o];
}

/* Vectors a block of the sum pass adds plainly, per accumulator, before
 * its total joins the row's compensated sum: four plain additions and
 * one Kahan step, where each vector took a Kahan step (four operations). */
#define SMAX_CPU_SUM_BLOCK 4

/* The sum of exp(x - base) * 2^lift over the row, compensated per lane
 * across blocks of SMAX_CPU_SUM_BLOCK vectors (rows can be long); with
 * `keep` (softmax, f32 output) every exponential is also written to y for
 * the output pass, with `keep_local` to kl, whose vectors are aligned
 * (smax_cpu_row). The order of the additions depends on the row's length
 * and SMAX_CPU_W alone. */
SMAX_CPU_INLINE float smax_cpu_row_sum(const __global smax_in_t *xr,
                                       __global smax_out_t *yr,
                                       __local float *kl,
                                       const __global smax_in_t *next,
                                       int cols, float scale, float base,
                                       float lift, int keep, int keep_local)
{
    smax_cpu_f sa = (smax_cpu_f)(0.0f), ca = sa, sb = sa, cb = sa;
    int j = 0;
    while (j + 2 * SMAX_CPU_W <= cols) {
        smax_cpu_f pa = (smax_cpu_f)(0.0f), pb = pa;
        for (int n = 0; n < SMAX_CPU_SUM_BLOCK && j + 2 * SMAX_CPU_W <= cols;
             ++n, j += 2 * SMAX_CPU_W) {
            if (next)
                smax_cpu_touch(next, j);
            const smax_cpu_f ea = smax_cpu_row_exp(
                smax_cpu_load_scaled(xr + j, scale) - base, lift);
            const smax_cpu_f eb = smax_cpu_row_exp(
                smax_cpu_load_scaled(xr + j + SMAX_CPU_W, scale) - base,
                lift);
            if (keep) {
                smax_cpu_store(yr + j, ea);
                smax_cpu_store(yr + j + SMAX_CPU_W, eb);
            } else if (keep_local) {
                *(__local smax_cpu_f *)(kl + j) = ea;
                *(__local smax_cpu_f *)(kl + j + SMAX_CPU_W) = eb;
            }
            pa += ea;
            pb += eb;
        }
        smax_cpu_kahan(&sa, &ca, pa);
        smax_cpu_kahan(&sb, &cb, pb);
    }
    /* Up to 2 * SMAX_CPU_W - 1 elements are left. Where the pass writes
     * nothing to y (x is then unchanged, even where y is x), they are the
     * row's last one or two vectors, the lanes already taken set to 0:
     * one vector exponential each, where each element took the library's
     * scalar one (rows of 1000 columns left 8 such, rows of 500 20). */
    if (!keep && j < cols && cols >= SMAX_CPU_W) {
        for (int n = 0; n < 2 && j < cols; ++n) {
            const int at = j + SMAX_CPU_W <= cols ? j : cols - SMAX_CPU_W;
            const smax_cpu_f e = smax_cpu_row_exp(
                smax_cpu_load_scaled(xr + at, scale) - base, lift);
            if (keep_local)
                smax_cpu_vstore(e, 0, kl + at); /* the overlap: equal bits */
            const smax_cpu_i lane = SMAX_CPU_LANES + at;
            smax_cpu_kahan(&sb, &cb,
                           select(e, (smax_cpu_f)(0.0f), lane < j));
            j = at + SMAX_CPU_W;
        }
    }
    /* s - c: the sums with what they lost */
    float r = smax_cpu_hsum(smax_cpu_sum8_of((sa - ca) + (sb - cb)));
    float r_lost = 0.0f;
    for (; j < cols; ++j) {
        const float e =
            SMAX_ROW_EXP_LIFTED(smax_load_scaled(xr, j, scale) - base, lift);
        if (keep)
            smax_store_out(yr, j, e);
        else if (keep_local)
            kl[j] = e;
        smax_kahan_add(&r, &r_lost, e);
    }
    return r;
}

/* Output pass over the exponentials the sum pass kept in y (f32 output):
 * softmax, so each is scaled by b (smax_softmax_b). */
SMAX_FN void smax_cpu_finish_kept(__global smax_out_t *yr, int cols,
                                  float b)
{
#if SMAX_OUT_DTYPE == 0
    int j = 0;
    for (; j + SMAX_CPU_W <= cols; j += SMAX_CPU_W)
        smax_cpu_vstore(smax_cpu_vload(0, yr + j) * b, 0, yr + j);
    for (; j < cols; ++j)
        yr[j] = yr[j] * b;
#endif
}

/* Output pass over the exponentials the sum pass kept in local memory,
 * scaled by softmax's b. `finite`: b is finite, and then so is every
 * output (a NaN or +inf in the row makes the sum, and b, NaN). `around`:
 * f32 vectors stored around the cache (smax_cpu_store_final), for a yr
 * aligned to a vector. */
SMAX_CPU_INLINE void smax_cpu_finish_local(const __local float *kl,
                                           __global smax_out_t *yr,
                                           int cols, float b, int finite,
                                           int around)
{
    const smax_cpu_span sp = smax_cpu_out_span(yr, cols);
    for (int j = sp.head; j < sp.end; j += SMAX_CPU_W)
        smax_cpu_store_final(yr + j, smax_cpu_vload(0, kl + j) * b, finite,
                             around);
    for (int i = 0; i < smax_cpu_edges(sp, cols); ++i) {
        const int j = smax_cpu_edge(sp, i);
        smax_store_out(yr, j, kl[j] * b);
    }
}

/* Output pass from x: log-softmax, or softmax into a 16-bit y; `around`:
 * f32 vectors stored around the cache (smax_cpu_store_final), for a yr
 * aligned to a vector (an f32 row's vectors start at its first element,
 * so every one is then aligned). */
SMAX_CPU_INLINE void smax_cpu_finish_from_x(const __global smax_in_t *xr,
                                    __global smax_out_t *yr, int cols,
                                    float scale, float lift, smax_row_total t,
                                    int flags, int around)
{
    const int log_sm = flags & SMAX_FLAG_LOG_BIT;
    const smax_cpu_span sp = smax_cpu_out_span(yr, cols);
    for (int j = sp.head; j < sp.end; j += SMAX_CPU_W) {
        const smax_cpu_f v = smax_cpu_load_scaled(xr + j, scale);
        smax_cpu_store_final(
            yr + j,
            smax_cpu_finish(log_sm ? v : smax_cpu_row_exp(v - t.base, lift),
                            t),
            0, around);
    }
    for (int i = 0; i < smax_cpu_edges(sp, cols); ++i) {
        const int j = smax_cpu_edge(sp, i);
        const float v = smax_load_scaled(xr, j, scale);
        smax_store_out(
            yr, j,
            smax_finish(log_sm ? v : SMAX_ROW_EXP_LIFTED(v - t.base, lift), t));
    }
}
#endif /* SMAX_DIALECT_OPENCL */

#if defined(SMAX_DIALECT_OPENCL)
/* One row, its three passes. */
SMAX_CPU_INLINE void smax_cpu_row(const __global smax_in_t *xr,
                                  __global smax_out_t *yr, __local float *kl,
                                  const __global smax_in_t *next, int cols,
                                  int keep_pitch, float scale, int flags)
{
    smax_partial total;
    total.m = smax_cpu_row_max(xr, cols, scale);
    const float base = smax_exp_base(total.m);
    const int softmax = !(flags & SMAX_FLAG_LOG_BIT);
    /* softmax keeps its exponentials in a local slot whose vectors are
     * aligned (the host pads the pitch to 16 floats; PoCL aligns local
     * memory further), or, f32 rows past the slots, in y */
    const int keep_local =
        softmax && keep_pitch >= cols && SMAX_CPU_ALIGNED(kl);
    const int keep = SMAX_OUT_DTYPE == 0 && softmax && !keep_local;
    /* the sum and every output carry the lift: v * (1 / s) undoes it */
    const float lift = softmax ? SMAX_ROW_LIFT : 0.0f;
    /* f32 rows written once (log-softmax from x, softmax from its slot)
     * store around the cache */
    const int around = SMAX_OUT_DTYPE == 0 && !keep;
    /* the next row is touched where this pass writes nothing to y: f32
     * softmax rows, which write their exponentials there, ran level or
     * slower with it (PoCL, bench/results/pocl-2026-11-27g), and so do rows
     * stored around the cache, whose touch waits behind those stores (rows
     * of 128 columns 0.77x with it, level without; pocl-2026-12-05b) */
    total.s = smax_cpu_row_sum(xr, yr, kl, keep || around ? 0 : next, cols,
                               scale, base, lift, keep, keep_local);
    const smax_row_total t = smax_cpu_total_of(total, flags);
    const float b = smax_softmax_b(t);
    const int y_aligned = around && SMAX_CPU_ALIGNED(yr);
    if (keep)
        smax_cpu_finish_kept(yr, cols, b);
    else if (keep_local && isfinite(b))
        smax_cpu_finish_local(kl, yr, cols, b, 1, y_aligned);
    else if (keep_local)
        smax_cpu_finish_local(kl, yr, cols, b, 0, y_aligned);
    else
        smax_cpu_finish_from_x(xr, yr, cols, scale, lift, t, flags,
                               y_aligned);
}

/* A chunk of `len` elements of a row split over several items (the
 * forward's multi-block phases on a CPU device, smax_multiblock.h: one
 * item a group): the same passes over the chunk, which stays in the
 * core's cache between its maximum and its sum. The partial's sum is
 * taken without a lift: a flushed term is below 2^-126.5 of the chunk's
 * largest, which the row's sum (at least 1) cannot notice. */
SMAX_CPU_INLINE smax_partial smax_cpu_chunk_partial(
    const __global smax_in_t *xc, int len, float scale)
{
    smax_partial p;
    p.m = smax_cpu_row_max(xc, len, scale);
    p.s = smax_cpu_row_sum(xc, 0, 0, 0, len, scale, smax_exp_base(p.m),
                           0.0f, 0, 0);
    return p;
}

/* The chunk's outputs from x and its row's total: the output pass above,
 * whose softmax takes its exponentials lifted, the lift carried into the
 * total's sum exactly (a power of two). Ordinary stores: a split row's
 * output is small enough to stay in a CPU's cache between calls, and went
 * 0.79x stored around it (1 x 2^24, pocl-2026-12-05b). */
SMAX_CPU_INLINE void smax_cpu_chunk_write(const __global smax_in_t *xc,
                                          __global smax_out_t *yc, int len,
                                          float scale, smax_partial total,
                                          int flags)
{
    const float lift = flags & SMAX_FLAG_LOG_BIT ? 0.0f : SMAX_ROW_LIFT;
    total.s = ldexp(total.s, (int)lift);
    smax_cpu_finish_from_x(xc, yc, len, scale, lift,
                           smax_cpu_total_of(total, flags), flags, 0);
}
#endif

SMAX_KERNEL void SMAX_KNAME(smax_cpu_rows)(
    const SMAX_GLOBAL smax_in_t *x, smax_i64 x_off, smax_i64 x_stride,
    SMAX_GLOBAL smax_out_t *y, smax_i64 y_off, smax_i64 y_stride,
    smax_i64 rows, int cols, int keep_pitch, float scale,
    int flags SMAX_DYN_LOCAL_PARAM)
{
#if defined(SMAX_DIALECT_OPENCL)
    SMAX_DYN_LOCAL_DECL
    const smax_i64 row =
        SMAX_GROUP_ID() * SMAX_GROUP_SIZE() + SMAX_LOCAL_ID();
    if (row >= rows)
        return; /* no barrier follows: an idle item may leave */
    const __global smax_in_t *xr = x + x_off + row * x_stride;
    __global smax_out_t *yr = y + y_off + row * y_stride;
    __local float *kl = smax_dyn_local + SMAX_LOCAL_ID() * keep_pitch;
    const __global smax_in_t *next = row + 1 < rows ? xr + x_stride : 0;
    /* a scale of 1, the usual case, is compiled without its multiplies */
    if (scale == 1.0f)
        smax_cpu_row(xr, yr, kl, next, cols, keep_pitch, 1.0f, flags);
    else
        smax_cpu_row(xr, yr, kl, next, cols, keep_pitch, scale, flags);
#else /* never launched (see the top of this file) */
    (void)x, (void)x_off, (void)x_stride, (void)y, (void)y_off;
    (void)y_stride, (void)rows, (void)cols, (void)keep_pitch, (void)scale;
    (void)flags;
#endif
}

#endif /* SMAX_CPU_ROWS_H */
