/* occupancy probe: each group records its SM, start and end (globaltimer). */
__kernel void probe(__global ulong *out, __local float *scratch, int nlocal, ulong spin_ns)
{
    ulong t0, t1; uint smid;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
    asm volatile("mov.u32 %0, %%smid;" : "=r"(smid));
    for (int i = get_local_id(0); i < nlocal; i += get_local_size(0)) scratch[i] = (float)i;
    barrier(CLK_LOCAL_MEM_FENCE);
    do { asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t1)); } while (t1 - t0 < spin_ns);
    if (get_local_id(0) == 0) {
        size_t g = get_group_id(0);
        out[3 * g] = t0; out[3 * g + 1] = t1; out[3 * g + 2] = smid + (ulong)(scratch[nlocal ? nlocal - 1 : 0] < -1.f);
    }
}
#ifdef NSTATIC
__kernel void probe_static(__global ulong *out, ulong spin_ns)
{
    __local float scratch[NSTATIC];
    const int nlocal = NSTATIC;
    ulong t0, t1; uint smid;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
    asm volatile("mov.u32 %0, %%smid;" : "=r"(smid));
    for (int i = get_local_id(0); i < nlocal; i += get_local_size(0)) scratch[i] = (float)i;
    barrier(CLK_LOCAL_MEM_FENCE);
    do { asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t1)); } while (t1 - t0 < spin_ns);
    if (get_local_id(0) == 0) {
        size_t g = get_group_id(0);
        out[3 * g] = t0; out[3 * g + 1] = t1; out[3 * g + 2] = smid + (ulong)(scratch[nlocal - 1] < -1.f);
    }
}
#endif
