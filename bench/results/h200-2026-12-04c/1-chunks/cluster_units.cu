// How many SMs clusters of c can occupy (one block an SM), and how many clusters of c fit at given smem.
#include <cstdio>
#include <cuda_runtime.h>
__global__ void k(float *p) { extern __shared__ float s[]; if (p) p[threadIdx.x] = s[threadIdx.x]; }
int main() {
  cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 227 * 1024);
  cudaFuncSetAttribute(k, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
  int smems[] = {200 * 1024, 110 * 1024, 60 * 1024, 44872, 27736, 10288};
  for (int si = 0; si < 6; ++si) {
    printf("smem %6d:", smems[si]);
    for (int c = 1; c <= 16; ++c) {
      cudaLaunchConfig_t cfg = {}; cudaLaunchAttribute a[1];
      cfg.gridDim = dim3(c, 1, 1); cfg.blockDim = dim3(256, 1, 1); cfg.dynamicSmemBytes = smems[si];
      a[0].id = cudaLaunchAttributeClusterDimension; a[0].val.clusterDim.x = c; a[0].val.clusterDim.y = 1; a[0].val.clusterDim.z = 1;
      cfg.attrs = a; cfg.numAttrs = 1;
      int n = 0; cudaError_t e = cudaOccupancyMaxActiveClusters(&n, k, &cfg);
      if (e != cudaSuccess) { cudaGetLastError(); n = -1; }
      printf(" %d:%d(%d)", c, n, n * c);
    }
    printf("\n");
  }
  return 0;
}
