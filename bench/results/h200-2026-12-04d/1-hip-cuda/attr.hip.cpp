#include <hip/hip_runtime.h>
#include <cstdio>
int main() {
  int v[6] = {0}; hipError_t e[6];
  e[0] = hipDeviceGetAttribute(&v[0], hipDeviceAttributeMemoryClockRate, 0);
  e[1] = hipDeviceGetAttribute(&v[1], hipDeviceAttributeMemoryBusWidth, 0);
  e[2] = hipCUDAErrorTohipError(cudaDeviceGetAttribute(&v[2], cudaDevAttrMaxSharedMemoryPerMultiprocessor, 0));
  e[3] = hipCUDAErrorTohipError(cudaDeviceGetAttribute(&v[3], cudaDevAttrReservedSharedMemoryPerBlock, 0));
  e[4] = hipCUDAErrorTohipError(cudaDeviceGetAttribute(&v[4], cudaDevAttrMemoryClockRate, 0));
  e[5] = hipCUDAErrorTohipError(cudaDeviceGetAttribute(&v[5], cudaDevAttrGlobalMemoryBusWidth, 0));
  const char *n[6] = {"hip MemoryClockRate", "hip MemoryBusWidth", "cuda SmemPerSM", "cuda ReservedSmemPerBlock", "cuda MemoryClockRate", "cuda BusWidth"};
  for (int i = 0; i < 6; ++i) printf("%-28s %d (err %d)\n", n[i], v[i], (int)e[i]);
  hipDeviceProp_t p; hipGetDeviceProperties(&p, 0);
  printf("props memoryClockRate %d busWidth %d l2 %d smemPerSM %zu major %d\n", p.memoryClockRate, p.memoryBusWidth, p.l2CacheSize, (size_t)p.maxSharedMemoryPerMultiProcessor, p.major);
  return 0;
}
