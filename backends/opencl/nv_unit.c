/* nv_unit.c - the on-chip memory a compute unit of an NVIDIA device shares
 * among its resident groups, under OpenCL, which has no query for it (CUDA
 * and HIP ask their runtime: backends/cuda_hip/gpu_backend.c). It is an
 * architecture's fact, "maximum amount of shared memory per SM" and the
 * shared memory the driver reserves per thread block in the CUDA
 * Programming Guide's table of compute capabilities, so it follows from
 * the compute capability that cl_nv_device_attribute_query reports.
 * NVIDIA's OpenCL gives a kernel the whole of it: a probe of groups of 256
 * items spinning on %globaltimer counted 6 groups of 34880-36928 bytes a
 * unit at once on the H200, 5 of 40960, 4 of 47000, as 228 KB less 1 KB a
 * group holds (bench/results/h200-2026-12-04e, call 1). The planner's
 * stagger of the device-memory exchanges reads it (common/plan.c,
 * exchange_stagger). */
#include "opencl_backend.h"

/* Bytes a compute unit shares among its groups, by 10 * major + minor; 0
 * for capabilities not listed (the planner then assumes nothing). */
static uint32_t nv_unit_bytes(unsigned nv_sm)
{
    switch (nv_sm) {
    case 70:
    case 72:
        return 96u << 10;
    case 75:
        return 64u << 10;
    case 80:
    case 87:
        return 164u << 10;
    case 86:
    case 89:
    case 120:
        return 100u << 10;
    case 90:
    case 100:
        return 228u << 10;
    default:
        return 0;
    }
}

void smax_cl_nv_unit_local(unsigned nv_sm, smax_device_traits *traits)
{
    const uint32_t unit = nv_unit_bytes(nv_sm);
    traits->unit_local_bytes = unit;
    /* 1 KB a block from compute capability 8.0 on, none before */
    traits->group_local_reserved = unit > 0 && nv_sm >= 80 ? 1024u : 0u;
}
