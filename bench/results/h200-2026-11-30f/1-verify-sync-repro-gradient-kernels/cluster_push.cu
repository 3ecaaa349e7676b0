// Standalone repro: the cluster exchange of kernels/smax_cluster.h (mbarrier + st.async pushes), nothing else.
// usage: cluster_push ROWS CHUNKS THREADS SMEM_BYTES MODE   (MODE bit0: cluster barrier before exit; bit1: no exchange, the cluster barrier alone)
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
__device__ void mbar_init(unsigned long long *bar) {
  unsigned a = (unsigned)__cvta_generic_to_shared(bar);
  asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(a) : "memory");
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}
__device__ void expect(unsigned long long *bar, unsigned bytes) {
  unsigned a = (unsigned)__cvta_generic_to_shared(bar);
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(a), "r"(bytes) : "memory");
}
__device__ void push2(float *slot, unsigned long long *bar, unsigned rank, float x, float y) {
  unsigned s = (unsigned)__cvta_generic_to_shared(slot), b = (unsigned)__cvta_generic_to_shared(bar), rs, rb;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(rs) : "r"(s), "r"(rank));
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(rb) : "r"(b), "r"(rank));
  asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.v2.f32 [%0], {%1, %2}, [%3];" ::"r"(rs), "f"(x), "f"(y), "r"(rb) : "memory");
}
__device__ void bar_wait(unsigned long long *bar) {
  unsigned a = (unsigned)__cvta_generic_to_shared(bar), done;
  do {
    asm volatile("{ .reg .pred p;\nmbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 p, [%1], 0;\nselp.u32 %0, 1, 0, p; }" : "=r"(done) : "r"(a) : "memory");
  } while (!done);
}
__global__ void k(float *out, int chunks, int mode, int smem_floats) {
  extern __shared__ unsigned long long sm[];
  unsigned long long *bar = sm;  // like smax: barrier after a payload area
  float *pay = (float *)(sm + 2) ;
  float *slots = pay + smem_floats;
  int lid = threadIdx.x, rank = blockIdx.x % chunks;
  if (lid == 0) mbar_init(bar);
  asm volatile("barrier.cluster.arrive.relaxed.aligned;" ::: "memory");
  for (int i = lid; i < smem_floats; i += blockDim.x) pay[i] = (float)i;  // some work between arrive and wait
  __syncthreads();
  float mine = pay[lid % (smem_floats > 0 ? smem_floats : 1)] * 0 + (float)(blockIdx.x + 1);
  asm volatile("barrier.cluster.wait.aligned;" ::: "memory");
  float s = 0, n = 0;
  if (mode & 2) {  // no exchange at all: the cluster barrier alone, each group's own sum computed directly
    for (int j = 0; j < chunks; j++) { s += (float)(blockIdx.x - rank + j + 1); n += 1.0f; }
  } else {
    if (lid == 0) expect(bar, (unsigned)chunks * 8u);
    if (lid < chunks) push2(slots + 2 * rank, bar, (unsigned)lid, mine, 1.0f);
    bar_wait(bar);
    for (int j = 0; j < chunks; j++) { s += slots[2 * j]; n += slots[2 * j + 1]; }
  }
  if (lid == 0) { out[2 * blockIdx.x] = s; out[2 * blockIdx.x + 1] = n; }
  if (mode & 1) { asm volatile("barrier.cluster.arrive.aligned;\nbarrier.cluster.wait.aligned;" ::: "memory"); }
}
int main(int argc, char **argv) {
  int rows = atoi(argv[1]), chunks = atoi(argv[2]), threads = atoi(argv[3]), smem = atoi(argv[4]), mode = atoi(argv[5]);
  int smem_floats = smem / 4;
  size_t bytes = 16 + (size_t)smem_floats * 4 + 2 * 4 * 32;
  int grid = rows * chunks;
  float *d; cudaMalloc(&d, grid * 8); cudaMemset(d, 0, grid * 8);
  cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)bytes);
  cudaFuncSetAttribute(k, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
  cudaLaunchConfig_t cfg = {}; cudaLaunchAttribute at[1];
  cfg.gridDim = grid; cfg.blockDim = threads; cfg.dynamicSmemBytes = bytes;
  at[0].id = cudaLaunchAttributeClusterDimension; at[0].val.clusterDim.x = chunks; at[0].val.clusterDim.y = 1; at[0].val.clusterDim.z = 1;
  cfg.attrs = at; cfg.numAttrs = 1;
  cudaError_t e = cudaLaunchKernelEx(&cfg, k, d, chunks, mode, smem_floats);
  cudaError_t e2 = cudaDeviceSynchronize();
  float *h = (float *)malloc(grid * 8); cudaMemcpy(h, d, grid * 8, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int b = 0; b < grid; b++) {
    int r = b / chunks; double want = 0; for (int j = 0; j < chunks; j++) want += r * chunks + j + 1;
    if (h[2 * b] != (float)want || h[2 * b + 1] != (float)chunks) bad++;
  }
  printf("rows %d chunks %d threads %d smem %d mode %d: launch %s sync %s bad %d of %d\n", rows, chunks, threads, smem, mode,
         cudaGetErrorString(e), cudaGetErrorString(e2), bad, grid);
  return (e || e2 || bad) ? 1 : 0;
}
