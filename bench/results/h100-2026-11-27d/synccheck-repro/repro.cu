// Minimal repro for the synccheck question: clusters of N groups, modes of increasing similarity to
// smax_cluster.h. usage: repro MODE CLUSTER CLUSTERS SMEM_KB
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
__device__ __forceinline__ unsigned sh(const void *p) { return (unsigned)__cvta_generic_to_shared(p); }
extern __shared__ unsigned long long dyn[];
__global__ void k(int mode, float *out, const float4 *src, int keep_n)
{
    unsigned rank; asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
    unsigned n; asm volatile("mov.u32 %0, %%cluster_nctarank;" : "=r"(n));
    unsigned long long *bar = dyn; float *slots = (float *)(dyn + 1);
    float v = blockIdx.x * 0.5f;
    float4 *keep = (float4 *)(dyn + 32); // after the barrier and 31 words of slots
    if (mode >= 4) { // smax's L1K: the chunk's head copied to on-chip memory by cp.async, waited for, read
        for (int i = threadIdx.x; i < keep_n; i += blockDim.x)
            asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(sh(keep + i)), "l"(src + i) : "memory");
        asm volatile("cp.async.wait_all;" ::: "memory");
        __syncthreads();
        v += keep[threadIdx.x % keep_n].x;
    }
    if (mode >= 1) {
        if (mode >= 2 && threadIdx.x == 0) {
            asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(sh(bar)) : "memory");
            asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
        }
        asm volatile("barrier.cluster.arrive.relaxed.aligned;" ::: "memory");
        asm volatile("barrier.cluster.wait.aligned;" ::: "memory");
    }
    if (mode >= 2) {
        if (threadIdx.x == 0)
            asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(sh(bar)), "r"(n * 8u) : "memory");
        if (threadIdx.x < n) {
            unsigned rs, rb;
            asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(rs) : "r"(sh(slots + 2 * rank)), "r"(threadIdx.x));
            asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(rb) : "r"(sh(bar)), "r"(threadIdx.x));
            asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.v2.f32 [%0], {%1, %2}, [%3];"
                         ::"r"(rs), "f"(v), "f"(1.0f), "r"(rb) : "memory");
        }
        unsigned done;
        do {
            asm volatile("{ .reg .pred p;\nmbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 p, [%1], 0;\n"
                         "selp.u32 %0, 1, 0, p; }" : "=r"(done) : "r"(sh(bar)) : "memory");
        } while (!done);
        float s = 0; for (unsigned i = 0; i < n; i++) s += slots[2 * i];
        v = s;
    }
    if (mode == 3 || mode >= 5) { // every group stays until every group is done with the exchange
        asm volatile("barrier.cluster.arrive.release.aligned;" ::: "memory");
        asm volatile("barrier.cluster.wait.acquire.aligned;" ::: "memory");
    }
    if (threadIdx.x == 0) out[blockIdx.x] = v;
}
int main(int argc, char **argv)
{
    int mode = atoi(argv[1]), cl = atoi(argv[2]), ncl = atoi(argv[3]), kb = atoi(argv[4]), bs = argc > 5 ? atoi(argv[5]) : 256;
    size_t smem = (size_t)kb * 1024;
    float *out; cudaMalloc(&out, sizeof(float) * cl * ncl);
    int keep_n = smem > 4096 ? (int)((smem - 256) / 16) : 1;
    float4 *src; cudaMalloc(&src, sizeof(float4) * keep_n); cudaMemset(src, 0, sizeof(float4) * keep_n);
    cudaFuncSetAttribute(k, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
    cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
    cudaLaunchConfig_t c = {}; cudaLaunchAttribute a[1];
    c.gridDim = dim3(cl * ncl); c.blockDim = dim3(bs); c.dynamicSmemBytes = smem;
    a[0].id = cudaLaunchAttributeClusterDimension; a[0].val.clusterDim.x = cl; a[0].val.clusterDim.y = 1; a[0].val.clusterDim.z = 1;
    c.attrs = a; c.numAttrs = 1;
    int maxc = 0; cudaError_t qe = cudaOccupancyMaxActiveClusters(&maxc, k, &c);
    cudaError_t e = cudaLaunchKernelEx(&c, k, mode, out, (const float4 *)src, keep_n);
    cudaError_t s = cudaDeviceSynchronize();
    float h[4] = {0}; cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    printf("mode %d cluster %d clusters %d smem %d KB: maxactive %d (%s) launch %s sync %s out0 %g\n", mode, cl, ncl, kb,
           maxc, cudaGetErrorString(qe), cudaGetErrorString(e), cudaGetErrorString(s), h[0]);
    return s != cudaSuccess;
}
