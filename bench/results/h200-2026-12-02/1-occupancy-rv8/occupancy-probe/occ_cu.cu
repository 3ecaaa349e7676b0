#include <cstdio>
#include <cstdlib>
extern "C" {
#include "analyze.h"
}
__global__ void probe(unsigned long long *out, int nlocal, unsigned long long spin_ns)
{
    extern __shared__ float scratch[];
    unsigned long long t0, t1; unsigned smid;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
    asm volatile("mov.u32 %0, %%smid;" : "=r"(smid));
    for (int i = threadIdx.x; i < nlocal; i += blockDim.x) scratch[i] = (float)i;
    __syncthreads();
    do { asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t1)); } while (t1 - t0 < spin_ns);
    if (threadIdx.x == 0) { size_t g = blockIdx.x; out[3*g] = t0; out[3*g+1] = t1; out[3*g+2] = smid + (nlocal && scratch[nlocal-1] < -1.f); }
}
int main(int argc, char **argv)
{
    int setmax = argc > 1 && atoi(argv[1]);
    if (setmax) cudaFuncSetAttribute(probe, cudaFuncAttributeMaxDynamicSharedMemorySize, 232448 - 1024);
    const int n = 132 * 24; unsigned long long *h = (unsigned long long *)malloc(sizeof *h * 3 * n), *d;
    cudaMalloc(&d, sizeof *h * 3 * n);
    const int groups[] = {128, 256, 512, 1024}; const int locals[] = {0, 8192, 17440, 24576, 34848, 40960, 45056, 48896};
    for (int gi = 0; gi < 4; ++gi) for (int li = 0; li < 8; ++li) {
        int G = groups[gi], L = locals[li]; int occ = 0;
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&occ, probe, G, L);
        for (int rep = 0; rep < 2; ++rep) probe<<<n, G, L>>>(d, L / 4, 30000);
        cudaError_t e = cudaMemcpy(h, d, sizeof *h * 3 * n, cudaMemcpyDeviceToHost);
        if (e) { printf("G %d L %d error %s\n", G, L, cudaGetErrorString(e)); return 1; }
        printf("cuda%s G %4d local %6d: max resident a SM %d (occupancy query %d)\n", setmax ? "-setmax" : "", G, L, max_resident(h, n), occ);
    }
    return 0;
}
