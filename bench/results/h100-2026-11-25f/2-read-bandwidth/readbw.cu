// Read-bandwidth microbenchmark: how fast can one group per SM (and k groups per SM) read its
// contiguous share of a 64 MB vector, by register loads, cp.async (LDGSTS) and TMA bulk copies.
#include <cstdio>
#include <cstdint>
#include <cuda_runtime.h>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("ERR %s line %d: %s\n", #x, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

template <int BATCH>
__global__ void __launch_bounds__(1024, 1) rd_reg(const float4 *x, long n4, float *out) {
  long per = (n4 + gridDim.x - 1) / gridDim.x, b = blockIdx.x * per, e = min(n4, b + per);
  float s = 0.f;
  for (long j0 = b + threadIdx.x; j0 < e; j0 += (long)BATCH * blockDim.x) {
    float4 w[BATCH];
#pragma unroll
    for (int u = 0; u < BATCH; ++u) { long j = j0 + (long)u * blockDim.x; w[u] = j < e ? __ldg(x + j) : make_float4(0, 0, 0, 0); }
#pragma unroll
    for (int u = 0; u < BATCH; ++u) s += w[u].x + w[u].y + w[u].z + w[u].w;
  }
  if (s == 12345.f) out[blockIdx.x] = s;
}

__global__ void __launch_bounds__(1024, 1) rd_cpasync(const float4 *x, long n4, float *out, int round4) {
  extern __shared__ float4 sm[];
  long per = (n4 + gridDim.x - 1) / gridDim.x, b = blockIdx.x * per, e = min(n4, b + per);
  float s = 0.f;
  for (long r = b; r < e; r += round4) {
    long re = min(e, r + round4);
    for (long j = r + threadIdx.x; j < re; j += blockDim.x) {
      unsigned d = (unsigned)__cvta_generic_to_shared(sm + (j - r));
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(d), "l"(x + j));
    }
    asm volatile("cp.async.wait_all;" ::: "memory");
    for (long j = r + threadIdx.x; j < re; j += blockDim.x) { float4 w = sm[j - r]; s += w.x + w.y + w.z + w.w; }
  }
  if (s == 12345.f) out[blockIdx.x] = s;
}

// TMA: thread 0 issues bulk copies of `piece` bytes covering the round; everyone waits on the mbarrier.
__global__ void __launch_bounds__(1024, 1) rd_tma(const float4 *x, long n4, float *out, int round4, int piece4) {
  extern __shared__ float4 sm[];
  __shared__ __align__(8) unsigned long long bar;
  long per = (n4 + gridDim.x - 1) / gridDim.x, b = blockIdx.x * per, e = min(n4, b + per);
  unsigned ba = (unsigned)__cvta_generic_to_shared(&bar);
  if (threadIdx.x == 0) { asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(ba)); asm volatile("fence.proxy.async.shared::cta;"); }
  __syncthreads();
  float s = 0.f; unsigned phase = 0;
  for (long r = b; r < e; r += round4) {
    long re = min(e, r + round4);
    if (threadIdx.x == 0) {
      unsigned bytes = (unsigned)((re - r) * 16);
      asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(ba), "r"(bytes) : "memory");
      for (long p = r; p < re; p += piece4) {
        unsigned sz = (unsigned)(min(re, p + piece4) - p) * 16;
        unsigned d = (unsigned)__cvta_generic_to_shared(sm + (p - r));
        asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(d), "l"(x + p), "r"(sz), "r"(ba) : "memory");
      }
    }
    asm volatile("{ .reg .pred p; W: mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1; @!p bra W; }" ::"r"(ba), "r"(phase) : "memory");
    phase ^= 1;
    for (long j = r + threadIdx.x; j < re; j += blockDim.x) { float4 w = sm[j - r]; s += w.x + w.y + w.z + w.w; }
    __syncthreads();
  }
  if (s == 12345.f) out[blockIdx.x] = s;
}

__global__ void wr_reg(float4 *y, long n4) {
  long per = (n4 + gridDim.x - 1) / gridDim.x, b = blockIdx.x * per, e = min(n4, b + per);
  for (long j = b + threadIdx.x; j < e; j += blockDim.x) y[j] = make_float4(1, 2, 3, 4);
}

int main() {
  const long n = 1L << 24, n4 = n / 4, bytes = n * 4;
  const int NB = 6;  // rotate inputs: 384 MB > L2
  float4 *buf[NB]; float *out;
  for (int i = 0; i < NB; ++i) { CK(cudaMalloc(&buf[i], bytes)); CK(cudaMemset(buf[i], 0, bytes)); }
  float4 *dst; CK(cudaMalloc(&dst, bytes)); CK(cudaMalloc(&out, 4096 * 4));
  int sms; CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  int smem = 227 * 1024;
  CK(cudaFuncSetAttribute(rd_cpasync, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  CK(cudaFuncSetAttribute(rd_tma, cudaFuncAttributeMaxDynamicSharedMemorySize, 224 * 1024));
  cudaEvent_t a, z; cudaEventCreate(&a); cudaEventCreate(&z);
  auto timeit = [&](const char *name, auto launch) {
    float best = 1e9, tot = 0; int reps = 30;
    for (int r = 0; r < reps; ++r) {
      cudaEventRecord(a); launch(buf[r % NB]); cudaEventRecord(z); cudaEventSynchronize(z);
      float ms; cudaEventElapsedTime(&ms, a, z); if (r >= 3) { tot += ms; if (ms < best) best = ms; }
    }
    cudaError_t e = cudaGetLastError();
    float avg = tot / (reps - 3);
    printf("%-34s avg %7.2f us  %6.0f GB/s  (best %6.0f)  %s\n", name, avg * 1e3, bytes / (avg * 1e-3) / 1e9, bytes / (best * 1e-3) / 1e9, e == cudaSuccess ? "" : cudaGetErrorString(e));
  };
  timeit("copy D2D 64MB (r+w bytes)", [&](float4 *x) { cudaMemcpyAsync(dst, x, bytes, cudaMemcpyDeviceToDevice); });
  printf("  (copy line's GB/s counts read bytes only; x2 for r+w)\n");
  timeit("write-only 132x1024", [&](float4 *) { wr_reg<<<sms, 1024>>>(dst, n4); });
  for (int g : {1, 2, 4}) {
    char nm[64];
    snprintf(nm, 64, "reg batch4  %dx132 blocks x1024", g); timeit(nm, [&](float4 *x) { rd_reg<4><<<sms * g, 1024>>>(x, n4, out); });
    snprintf(nm, 64, "reg batch8  %dx132 blocks x1024", g); timeit(nm, [&](float4 *x) { rd_reg<8><<<sms * g, 1024>>>(x, n4, out); });
  }
  timeit("reg batch16 132 x1024", [&](float4 *x) { rd_reg<16><<<sms, 1024>>>(x, n4, out); });
  timeit("reg batch4 132 x 512", [&](float4 *x) { rd_reg<4><<<sms, 512>>>(x, n4, out); });
  for (int kb : {32, 64, 128, 220}) {
    char nm[64]; snprintf(nm, 64, "cp.async rounds of %d KB", kb);
    timeit(nm, [&](float4 *x) { rd_cpasync<<<sms, 1024, kb * 1024>>>(x, n4, out, kb * 64); });
  }
  for (int kb : {32, 64, 128, 220})
    for (int pk : {4, 16, 64}) {
      if (pk > kb) continue;
      char nm[64]; snprintf(nm, 64, "tma rounds %d KB pieces %d KB", kb, pk);
      timeit(nm, [&](float4 *x) { rd_tma<<<sms, 1024, kb * 1024>>>(x, n4, out, kb * 64, pk * 64); });
    }
  return 0;
}
