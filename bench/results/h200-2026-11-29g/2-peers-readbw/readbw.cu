// dev microbenchmark (not part of the library): how fast can one launch READ a large buffer on this GPU,
// by plain loads in batches, by cp.async, and by bulk copies (TMA) into an on-chip ring; and a copy for reference.
#include <cstdio>
#include <cstdint>
#include <cuda_runtime.h>
#define CK(x) do { cudaError_t e = (x); if (e) { printf("%s: %s\n", #x, cudaGetErrorString(e)); return 1; } } while (0)

__device__ float sink_f;

template <int B>
__global__ void rd_regs(const float4 *__restrict__ x, long n4, long per_block)
{
    long b0 = blockIdx.x * per_block, b1 = min(n4, b0 + per_block);
    float acc = 0.f;
    long j = b0 + threadIdx.x;
    const long step = blockDim.x;
    for (; j + (B - 1) * step < b1; j += B * step) {
        float4 v[B];
#pragma unroll
        for (int b = 0; b < B; ++b) v[b] = x[j + b * step];
#pragma unroll
        for (int b = 0; b < B; ++b) acc += __expf(v[b].x) + __expf(v[b].y) + __expf(v[b].z) + __expf(v[b].w);
    }
    for (; j < b1; j += step) { float4 v = x[j]; acc += v.x + v.y + v.z + v.w; }
    if (acc == 12345.f) sink_f = acc;
}

// cp.async ring: S stages of (blockDim * V) float4
template <int S, int V>
__global__ void rd_cpasync(const float4 *__restrict__ x, long n4, long per_block)
{
    extern __shared__ float4 ring[];
    long b0 = blockIdx.x * per_block, b1 = min(n4, b0 + per_block);
    const int T = blockDim.x, stage = T * V;
    float acc = 0.f;
    long tiles = (b1 - b0 + stage - 1) / stage;
    auto issue = [&](long t) {
        if (t < tiles) {
            float4 *dst = ring + (t % S) * stage;
#pragma unroll
            for (int v = 0; v < V; ++v) {
                long g = b0 + t * stage + v * T + threadIdx.x;
                if (g < b1) {
                    unsigned sa = (unsigned)__cvta_generic_to_shared(dst + v * T + threadIdx.x);
                    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(sa), "l"(x + g));
                }
            }
        }
        asm volatile("cp.async.commit_group;");
    };
    for (int s = 0; s < S - 1; ++s) issue(s);
    for (long t = 0; t < tiles; ++t) {
        issue(t + S - 1);
        asm volatile("cp.async.wait_group %0;" :: "n"(S - 1));
        float4 *src = ring + (t % S) * stage;
#pragma unroll
        for (int v = 0; v < V; ++v) { float4 a = src[v * T + threadIdx.x]; acc += __expf(a.x) + __expf(a.y) + __expf(a.z) + __expf(a.w); }
        __syncthreads();
    }
    if (acc == 12345.f) sink_f = acc;
}

__device__ __forceinline__ void mbar_init(uint64_t *b, int n) { asm volatile("mbarrier.init.shared.b64 [%0], %1;" :: "r"((unsigned)__cvta_generic_to_shared(b)), "r"(n)); }
__device__ __forceinline__ void mbar_expect(uint64_t *b, unsigned bytes) {
    asm volatile("mbarrier.arrive.expect_tx.shared.b64 _, [%0], %1;" :: "r"((unsigned)__cvta_generic_to_shared(b)), "r"(bytes)); }
__device__ __forceinline__ void mbar_wait(uint64_t *b, unsigned phase) {
    asm volatile("{ .reg .pred p; W: mbarrier.try_wait.parity.shared.b64 p, [%0], %1; @!p bra W; }" :: "r"((unsigned)__cvta_generic_to_shared(b)), "r"(phase)); }
__device__ __forceinline__ void bulk_load(void *dst, const void *src, unsigned bytes, uint64_t *b) {
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                 :: "r"((unsigned)__cvta_generic_to_shared(dst)), "l"(src), "r"(bytes), "r"((unsigned)__cvta_generic_to_shared(b)) : "memory"); }

// bulk ring: S stages of SB bytes each, thread 0 issues
template <int S>
__global__ void rd_bulk(const float4 *__restrict__ x, long n4, long per_block, int SB)
{
    extern __shared__ __align__(128) unsigned char smem[];
    uint64_t *bar = (uint64_t *)smem;
    float4 *ring = (float4 *)(smem + 128);
    long b0 = blockIdx.x * per_block, b1 = min(n4, b0 + per_block);
    const int stage = SB / 16;
    long tiles = (b1 - b0 + stage - 1) / stage;
    if (threadIdx.x == 0) { for (int s = 0; s < S; ++s) mbar_init(bar + s, 1); asm volatile("fence.mbarrier_init.release.cluster;"); }
    __syncthreads();
    auto issue = [&](long t) {
        if (threadIdx.x == 0 && t < tiles) {
            long g = b0 + t * stage; long cnt = min((long)stage, b1 - g);
            mbar_expect(bar + t % S, (unsigned)(cnt * 16));
            bulk_load(ring + (t % S) * stage, x + g, (unsigned)(cnt * 16), bar + t % S);
        }
    };
    for (int s = 0; s < S; ++s) issue(s);
    float acc = 0.f;
    for (long t = 0; t < tiles; ++t) {
        mbar_wait(bar + t % S, (unsigned)((t / S) & 1));
        float4 *src = ring + (t % S) * stage;
        long cnt = min((long)stage, b1 - (b0 + t * stage));
        for (int v = threadIdx.x; v < cnt; v += blockDim.x) { float4 a = src[v]; acc += __expf(a.x) + __expf(a.y) + __expf(a.z) + __expf(a.w); }
        __syncthreads();
        issue(t + S);
    }
    if (acc == 12345.f) sink_f = acc;
}

__global__ void copyk(const float4 *__restrict__ x, float4 *__restrict__ y, long n4)
{
    for (long j = blockIdx.x * (long)blockDim.x + threadIdx.x; j < n4; j += (long)gridDim.x * blockDim.x) y[j] = x[j];
}

int main(int argc, char **argv)
{
    int sms; CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    const long N = argc > 1 ? atol(argv[1]) : (1L << 24);   // floats
    const long n4 = N / 4;
    float4 *x, *y; CK(cudaMalloc(&x, N * 4)); CK(cudaMalloc(&y, N * 4));
    CK(cudaMemset(x, 0, N * 4));
    void *flush; size_t fl = 256u << 20; CK(cudaMalloc(&flush, fl));
    cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
    auto timeit = [&](const char *name, double bytes, auto launch) {
        float best = 1e9, tot = 0; int reps = 15;
        for (int r = 0; r < reps + 2; ++r) {
            cudaMemsetAsync(flush, r, fl);
            cudaEventRecord(e0); launch(); cudaEventRecord(e1); cudaEventSynchronize(e1);
            float ms; cudaEventElapsedTime(&ms, e0, e1); if (r >= 2) { tot += ms; if (ms < best) best = ms; }
        }
        cudaError_t err = cudaGetLastError();
        printf("%-34s N=%ld  med~avg %.1f us  best %.1f us  %.0f GB/s (best %.0f) %s\n", name, N, tot / reps * 1e3, best * 1e3,
               bytes / (tot / reps * 1e-3) / 1e9, bytes / (best * 1e-3) / 1e9, err ? cudaGetErrorString(err) : "");
    };
    const double R = N * 4.0;
    timeit("memcpy d2d (r+w)", 2 * R, [&] { cudaMemcpyAsync(y, x, N * 4, cudaMemcpyDeviceToDevice); });
    timeit("copy kernel 4xSM x1024 (r+w)", 2 * R, [&] { copyk<<<sms * 2, 1024>>>(x, y, n4); });
    for (int g : {1, 2}) for (int t : {1024, 512}) {
        long blocks = (long)sms * g * (1024 / t) ; long per = (n4 + blocks - 1) / blocks;
        char nm[64];
        snprintf(nm, 64, "regs B4 %dx%d/SM", g * (1024 / t), t); timeit(nm, R, [&] { rd_regs<4><<<blocks, t>>>(x, n4, per); });
        snprintf(nm, 64, "regs B8 %dx%d/SM", g * (1024 / t), t); timeit(nm, R, [&] { rd_regs<8><<<blocks, t>>>(x, n4, per); });
        snprintf(nm, 64, "regs B16 %dx%d/SM", g * (1024 / t), t); timeit(nm, R, [&] { rd_regs<16><<<blocks, t>>>(x, n4, per); });
    }
    {
        long blocks = sms; long per = (n4 + blocks - 1) / blocks;
        CK(cudaFuncSetAttribute(rd_cpasync<4, 2>, cudaFuncAttributeMaxDynamicSharedMemorySize, 4 * 1024 * 2 * 16));
        timeit("cp.async ring 4x32KB 1x1024", R, [&] { rd_cpasync<4, 2><<<blocks, 1024, 4 * 1024 * 2 * 16>>>(x, n4, per); });
        CK(cudaFuncSetAttribute(rd_cpasync<6, 2>, cudaFuncAttributeMaxDynamicSharedMemorySize, 6 * 1024 * 2 * 16));
        timeit("cp.async ring 6x32KB 1x1024", R, [&] { rd_cpasync<6, 2><<<blocks, 1024, 6 * 1024 * 2 * 16>>>(x, n4, per); });
        CK(cudaFuncSetAttribute(rd_cpasync<3, 4>, cudaFuncAttributeMaxDynamicSharedMemorySize, 3 * 1024 * 4 * 16));
        timeit("cp.async ring 3x64KB 1x1024", R, [&] { rd_cpasync<3, 4><<<blocks, 1024, 3 * 1024 * 4 * 16>>>(x, n4, per); });
    }
    for (int sb : {16384, 32768, 49152}) for (int s : {4, 6, 8}) {
        if ((long)s * sb + 128 > 227 * 1024) continue;
        long blocks = sms; long per = (n4 + blocks - 1) / blocks; per = (per + 7) / 8 * 8;
        int smem = s * sb + 128; char nm[64]; snprintf(nm, 64, "bulk ring %dx%dKB 1x1024", s, sb / 1024);
        if (s == 4) { CK(cudaFuncSetAttribute(rd_bulk<4>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem)); timeit(nm, R, [&] { rd_bulk<4><<<blocks, 1024, smem>>>(x, n4, per, sb); }); }
        if (s == 6) { CK(cudaFuncSetAttribute(rd_bulk<6>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem)); timeit(nm, R, [&] { rd_bulk<6><<<blocks, 1024, smem>>>(x, n4, per, sb); }); }
        if (s == 8) { CK(cudaFuncSetAttribute(rd_bulk<8>, cudaFuncAttributeMaxDynamicSharedMemorySize, smem)); timeit(nm, R, [&] { rd_bulk<8><<<blocks, 1024, smem>>>(x, n4, per, sb); }); }
    }
    return 0;
}
